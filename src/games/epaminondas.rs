//! **Epaminondas** (Robert Abbott, 1975) and **NeoCrossings**: phalanxes of men on a
//! full grid, captures of whole enemy lines, and a race to the opponent's home row.
//!
//! The rules, as the seed gives them and `DECISIONS.md` rules the open points:
//!
//! - **Board**: Epaminondas is played on 14 files (a–n) by 12 ranks (1–12), NeoCrossings
//!   on 8x8. Each player fills the two rows nearest him: White ranks 1–2, Black the two
//!   top ranks (28 men each on 14x12, 16 on 8x8). White moves first. A player's *home
//!   row* is his first rank (White rank 1, Black the top rank).
//! - **Phalanx**: an unbroken straight line (orthogonal or diagonal) of own men. A
//!   single man steps one square in any of the eight directions onto an empty square.
//!   A phalanx, or any contiguous part of it that contains its *leading end* (the end
//!   towards which it moves), moves along its own line by 1 to `n` squares, `n` being
//!   the number of men moved, through empty squares only: it never moves sideways and
//!   never passes own or enemy men.
//! - **Capture**: the head of a moving group of `n ≥ 2` men may land on an enemy man
//!   when the enemy line counted from that man onward, *in the direction of movement*
//!   (the man landed on and every contiguous enemy man behind it on that line), is
//!   strictly shorter than `n`. That whole line is removed and the group stops with its
//!   head on the first captured square. A single man never captures. Enemy men on
//!   other lines through the square do not count. Capture is never compulsory.
//! - **Win**: at the start of his turn a player wins ([`EndReason::Goal`]) when he has
//!   more men on the opponent's home row than the opponent has on his. Reaching the far
//!   row does not win at once: the opponent has one move to capture the intruders or
//!   to cross himself.
//! - **No legal move**: the player to move loses ([`EndReason::NoLegalMove`]); a player
//!   with no men has no move. The crossing test comes first: a player who wins at the
//!   start of his turn wins even if he could not move.
//! - **Options** ([`EpaminondasOptions`]), both off by default: the *symmetry rule* (a
//!   move that increases the mover's men on the opponent's home row may not leave a
//!   position that is its own mirror image across the middle line between the home
//!   rows with the colours exchanged), and threefold repetition as a draw (through
//!   [`Game`](crate::engine::game::Game)).
//!
//! # Notation
//! A move is written as the square of the **tail** of the moving group (its rear end;
//! the man itself for a single man) and the square its **head** reaches, joined by `-`,
//! or by `x` for a capture: `e5-e7`, `h11xc11`. The tail chooses the group (all own men
//! from the tail up to the leading end of the line) and the destination gives the
//! direction and the distance, so each legal move has exactly this one text and no two
//! legal moves share it. When reading, `x<square>` (e.g. `xe7`) names the capture whose
//! head reaches that square if there is exactly one; otherwise the error lists the
//! candidates. As in every notation of the crate, `x` marks captures only (`e5xe7` is
//! refused where `e5-e7` captures nothing); here, unlike the stack games, a capture
//! must be written with `x` too. Spaces around the separator are allowed (`e5 - e7`).
//!
//! # Move identity
//! Two different moves never lead to the same position: a move of `k` squares empties
//! the `k` squares from its tail onwards and fills the `k` squares beyond its head, and
//! these two sets determine the tail, the direction and the distance. So ruling 1 of
//! `DECISIONS.md` never merges moves here, and the legal-move list is every (tail,
//! direction, distance) that the rules allow.

use crate::engine::board::{Board, Geometry};
use crate::engine::checking::Checking;
use crate::engine::color::Color;
use crate::engine::counting::Counting;
use crate::engine::error::{MoveParseError, PositionError, PositionErrorKind as K};
use crate::engine::introspect::{Introspect, MoveInfo, MoveKind, MoveSquares, Squares};
use crate::engine::moves::MoveList;
use crate::engine::position::{EndReason, Outcome, Position};
use crate::engine::shapes::grid::{FullGrid, Grid14x12, Grid8x8};
use crate::engine::square::{Direction, Square};
use crate::engine::wide_set::WideSquareSet;
use crate::engine::zobrist::{mix, BLACK_TO_MOVE};
use crate::text::notation;
use core::fmt::{self, Write};
use core::marker::PhantomData;
use core::str::FromStr;

/// A board Epaminondas rules can be played on: a full grid with eight directions.
pub trait EpaminondasBoard: FullGrid {
    /// The name of the ruleset on this board (`"epaminondas"`, `"neocrossings"`).
    const RULESET: &'static str;
}

impl EpaminondasBoard for Grid14x12 {
    const RULESET: &'static str = "epaminondas";
}

impl EpaminondasBoard for Grid8x8 {
    const RULESET: &'static str = "neocrossings";
}

/// The rule options of Epaminondas; both are off by default (`DECISIONS.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EpaminondasOptions {
    /// The symmetry rule (found only in secondary sources): a move that increases the
    /// mover's men on the opponent's home row is illegal when it leaves a position that
    /// equals its mirror image across the middle line between the home rows with the
    /// colours exchanged (the symmetry a copying opponent keeps). Written `symmetry` in
    /// the position text.
    pub symmetry: bool,
    /// Threefold repetition ends a [`Game`](crate::engine::game::Game) as a draw. Written
    /// `repetition` in the position text.
    pub repetition: bool,
}

/// A move of Epaminondas on board `B`: a group of own men, from its tail to the
/// leading end of its line, moved `steps` squares along that line (a capture when the
/// head lands on enemy men).
///
/// Moves come from a position ([`Position::legal_moves`], [`Position::parse_move`]).
/// [`Display`](fmt::Display) writes the notation of the [module](self): `e5-e7`,
/// `e5xe7`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PhalanxMove<B: Board> {
    from: Square,
    to: Square,
    dir: Direction,
    men: u8,
    steps: u8,
    captured: u8,
    board: PhantomData<B>,
}

impl<B: Board> PhalanxMove<B> {
    /// The tail of the moving group: its rear end (the man itself for a single man),
    /// the move's [origin](MoveSquares::origin).
    #[inline]
    pub fn tail(&self) -> Square {
        self.from
    }

    /// The square the head of the group reaches: the move's destination.
    #[inline]
    pub fn destination(&self) -> Square {
        self.to
    }

    /// The direction of movement.
    #[inline]
    pub fn direction(&self) -> Direction {
        self.dir
    }

    /// The number of men moved.
    #[inline]
    pub fn men(&self) -> usize {
        self.men as usize
    }

    /// The number of squares moved (1 to [`men`](Self::men)).
    #[inline]
    pub fn steps(&self) -> usize {
        self.steps as usize
    }

    /// The number of enemy men captured (0 when not a capture).
    #[inline]
    pub fn men_captured(&self) -> usize {
        self.captured as usize
    }

    /// Whether the move is a capture.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured > 0
    }
}

/// The origin is the tail man of the group; the one landing is where its head goes.
impl<B: Board> MoveSquares for PhalanxMove<B> {
    fn origin(&self) -> Option<Square> {
        Some(self.from)
    }
    fn landings(&self) -> Squares {
        Squares::from_slice(&[self.to])
    }
    fn destination(&self) -> Square {
        self.to
    }
    fn men_captured(&self) -> usize {
        self.captured as usize
    }
}

impl<B: FullGrid> fmt::Display for PhalanxMove<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: &'static [[&'static str; 3]; 256] = &MoveTexts::<B>::PIECES;
        // the tail's name and the separator in one piece
        f.write_str(texts[self.from.index() & 255][1 + usize::from(self.is_capture())])?;
        f.write_str(texts[self.to.index() & 255][0])
    }
}

/// The pieces of the move texts of board `B`, made at compile time.
struct MoveTexts<B>(PhantomData<B>);

impl<B: FullGrid> MoveTexts<B> {
    /// Square by square, the square's name followed by `-`, then by `x`, in four
    /// bytes each (a shorter one padded with a space).
    const BYTES: [u8; 256 * 8] = head_bytes(B::WIDTH as usize, B::HEIGHT as usize);
    /// [`BYTES`](Self::BYTES) as text (ASCII).
    const TEXT: &'static str = match core::str::from_utf8(&Self::BYTES) {
        Ok(text) => text,
        Err(_) => panic!("ASCII"),
    };
    /// Square by square: its name (as [`Geometry::name`] names the squares of a full
    /// grid), the name and `-`, the name and `x` (empty beyond the board).
    const PIECES: [[&'static str; 3]; 256] =
        pieces(Self::TEXT, B::WIDTH as usize, B::HEIGHT as usize);
    /// [`PIECES`](Self::PIECES) packed: the bytes of each piece in the low four bytes
    /// (first byte lowest), its length in the byte above.
    const PACKED: [[u64; 3]; 256] = packed(&Self::PIECES);

    /// The text of `mv` in the low bytes of a word (first byte lowest), and its
    /// length: the packed pieces of its tail (with the separator) and of its head's
    /// square.
    #[inline(always)]
    fn packed_text(mv: &PhalanxMove<B>) -> (u64, usize) {
        let texts = &Self::PACKED;
        let head = texts[mv.from.index() & 255][1 + usize::from(mv.is_capture())];
        let tail = texts[mv.to.index() & 255][0];
        let (head_len, tail_len) = ((head >> 32) as usize & 7, (tail >> 32) as usize & 7);
        let word = head & 0xffff_ffff | (tail & 0xffff_ffff) << (8 * head_len);
        (word, head_len + tail_len)
    }
}

/// [`MoveTexts::PACKED`] from [`MoveTexts::PIECES`].
const fn packed(pieces: &[[&'static str; 3]; 256]) -> [[u64; 3]; 256] {
    let mut p = [[0; 3]; 256];
    let mut s = 0;
    while s < 256 {
        let mut k = 0;
        while k < 3 {
            let bytes = pieces[s][k].as_bytes();
            let mut word = (bytes.len() as u64) << 32;
            let mut i = 0;
            while i < bytes.len() {
                word |= (bytes[i] as u64) << (8 * i);
                i += 1;
            }
            p[s][k] = word;
            k += 1;
        }
        s += 1;
    }
    p
}

/// The bytes of [`MoveTexts::BYTES`] for a full grid of `w` files and `h` ranks: the
/// file letter, the rank, the separator.
const fn head_bytes(w: usize, h: usize) -> [u8; 256 * 8] {
    let mut t = [b' '; 256 * 8];
    let mut s = 0;
    while s < w * h && s < 256 {
        let (x, rank) = (s % w, s / w + 1);
        let mut sep = 0;
        while sep < 2 {
            let mut at = s * 8 + sep * 4;
            t[at] = b'a' + x as u8;
            at += 1;
            if rank >= 10 {
                t[at] = b'0' + (rank / 10 % 10) as u8;
                at += 1;
            }
            t[at] = b'0' + (rank % 10) as u8;
            t[at + 1] = if sep == 0 { b'-' } else { b'x' };
            sep += 1;
        }
        s += 1;
    }
    t
}

/// [`MoveTexts::PIECES`] cut from `text` ([`MoveTexts::TEXT`]).
const fn pieces(text: &'static str, w: usize, h: usize) -> [[&'static str; 3]; 256] {
    /// `len` bytes of `text` from `at`.
    const fn cut(text: &'static str, at: usize, len: usize) -> &'static str {
        let (_, rest) = text.as_bytes().split_at(at);
        let (piece, _) = rest.split_at(len);
        match core::str::from_utf8(piece) {
            Ok(piece) => piece,
            Err(_) => panic!("ASCII"),
        }
    }
    let mut p = [[""; 3]; 256];
    let mut s = 0;
    while s < w * h && s < 256 {
        // a letter and one or two digits, then the separator
        let len = if s / w + 1 >= 10 { 4 } else { 3 };
        p[s] = [
            cut(text, s * 8, len - 1),
            cut(text, s * 8, len),
            cut(text, s * 8 + 4, len),
        ];
        s += 1;
    }
    p
}

impl<B: FullGrid> fmt::Debug for PhalanxMove<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PhalanxMove({self})")
    }
}

const fn man_keys() -> [[u64; 256]; 2] {
    let mut keys = [[0; 256]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 256 {
            let v = ((c as u64) << 8) | s as u64;
            keys[c][s] = mix(0x6a09_e667_f3bc_c908 ^ v.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            s += 1;
        }
        c += 1;
    }
    keys
}

/// Zobrist keys of a man of each colour on each square (stable: a fixed mixer).
static MAN_KEYS: [[u64; 256]; 2] = man_keys();

/// The keys of men of `color` on the squares of `set`, XORed together, from the first
/// `words` words of the set (the others empty).
#[inline]
fn men_keys(color: Color, set: WideSquareSet, words: usize) -> u64 {
    let keys = &MAN_KEYS[color.index()];
    let mut h = 0;
    // word by word: the bit loop stays in registers
    for (i, mut w) in set.words().into_iter().take(words).enumerate() {
        while w != 0 {
            h ^= keys[(i * 64 + w.trailing_zeros() as usize) & 255];
            w &= w - 1;
        }
    }
    h
}

/// The number of bits set in `w`, one step a bit: cheaper than a population count
/// (a software one on the default x86-64 target) for the few bits of the squares a
/// move changes.
#[inline]
fn sparse_count(mut w: u64) -> usize {
    let mut n = 0;
    while w != 0 {
        n += 1;
        w &= w - 1;
    }
    n
}

/// Removes square `s` (an index below 256) from the set of words `words`; answers
/// whether it was there.
#[inline(always)]
fn take(words: &mut [u64; 4], s: usize) -> bool {
    let (w, bit) = (s >> 6 & 3, 1u64 << (s & 63));
    let was = words[w] & bit != 0;
    words[w] &= !bit;
    was
}

/// Adds square `s` (an index below 256) to the set of words `words`; answers whether
/// it was there.
#[inline(always)]
fn put(words: &mut [u64; 4], s: usize) -> bool {
    let (w, bit) = (s >> 6 & 3, 1u64 << (s & 63));
    let was = words[w] & bit != 0;
    words[w] |= bit;
    was
}

/// The key XORed in when the symmetry rule is on (it changes the legal moves).
const SYMMETRY_KEY: u64 = 0x3c6e_f372_fe94_f82b;

/// A position of Epaminondas on board `B`: the men of each side, the side to move and
/// the rule options.
///
/// # Position text
/// `<rows> <side> [<options>]`:
/// - `<rows>`: the ranks from the **top** (Black's home row) down to rank 1, joined by
///   `/`; in each rank, from file `a` on, `w` for a white man, `b` for a black man and
///   a number (one or more digits) for that many empty squares; each rank must cover
///   the board's width exactly.
/// - `<side>`: `w` or `b`, the player to move.
/// - `<options>` (optional): `-` or a comma-separated list of `symmetry` and
///   `repetition` ([`EpaminondasOptions`]); written only when an option is on.
///
/// NeoCrossings starts from `bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w`. A
/// position may hold fewer men than the game (a study), never more than the start
/// (two full rows).
///
/// `Display` writes that text; the alternate form `{:#}` draws the board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct EpaminondasPosition<B: EpaminondasBoard> {
    men: [WideSquareSet; 2],
    turn: Color,
    options: EpaminondasOptions,
    hash: u64,
    board: PhantomData<B>,
}

/// Epaminondas on its 14x12 board.
pub type Epaminondas = EpaminondasPosition<Grid14x12>;

/// NeoCrossings: Epaminondas rules on the 8x8 board.
pub type NeoCrossings = EpaminondasPosition<Grid8x8>;

impl<B: EpaminondasBoard> EpaminondasPosition<B> {
    /// Reads a move text into its squares: the trimmed text, the tail square (none in
    /// the `x<to>` form), whether it is written as a capture, and the head's square.
    #[allow(clippy::type_complexity)]
    fn read_move_text(text: &str) -> Result<(&str, Option<Square>, bool, Square), MoveParseError> {
        let t = notation::trim(text);
        if t.is_empty() {
            return Err(MoveParseError::Empty);
        }
        if t.len() > 16 {
            return Err(MoveParseError::TooLong(t.len()));
        }
        // the form `Display` writes, read in one pass; any other form (capitals,
        // spaces, `x<to>`, a square off the board, an error) goes the long way
        if let Some((from, capture, to)) = Self::read_plain_move_text(t.as_bytes()) {
            return Ok((t, Some(from), capture, to));
        }
        let syntax = |reason| MoveParseError::Syntax {
            text: t.to_string(),
            reason,
        };
        let g = B::geometry();
        let unknown = |name: &str| MoveParseError::UnknownSquare {
            square: name.to_string(),
        };
        let bytes = t.as_bytes();
        // "x<to>"
        if bytes[0] | 0x20 == b'x' {
            // ASCII `x`: a char boundary after it
            let to = notation::trim_start(&t[1..]);
            if to.is_empty() {
                return Err(syntax("missing the destination square"));
            }
            let to_square = g.parse_square(to).ok_or_else(|| unknown(to))?;
            return Ok((t, None, true, to_square));
        }
        // "<from>-<to>" / "<from>x<to>" with a square name = letters, then digits;
        // spaces around the separator are allowed (`e4 - e6`)
        let (from, letters) = notation::leading_square(t);
        if letters == 0 || from.len() == letters {
            return Err(syntax("expected a square such as e5"));
        }
        let after = &t[from.len()..];
        let after = notation::trim_start(after);
        let capture = match after.as_bytes().first() {
            Some(b'-') => false,
            Some(b'x' | b'X') => true,
            _ => return Err(syntax("expected `-` or `x` between the two squares")),
        };
        let to = notation::trim_start(&after[1..]);
        if to.is_empty() {
            return Err(syntax("missing the destination square"));
        }
        let from_square = g.parse_square(from).ok_or_else(|| unknown(from))?;
        let to_square = g.parse_square(to).ok_or_else(|| unknown(to))?;
        Ok((t, Some(from_square), capture, to_square))
    }

    /// The squares of a move text written exactly as `Display` writes it (`e5-e7`,
    /// `h11xc11`: lower-case file letters, ranks without leading zeros), or `None`.
    #[inline(always)]
    fn read_plain_move_text(t: &[u8]) -> Option<(Square, bool, Square)> {
        let (from, n) = Self::read_plain_square(t)?;
        let capture = match t.get(n) {
            Some(b'-') => false,
            Some(b'x') => true,
            _ => return None,
        };
        let (to, m) = Self::read_plain_square(&t[n + 1..])?;
        (n + 1 + m == t.len()).then_some((from, capture, to))
    }

    /// The square a text starts with when it is a lower-case file letter of the board
    /// other than `x` (which starts the `x<to>` form) and a rank of the board without
    /// leading zeros, with the length of its name.
    #[inline]
    fn read_plain_square(t: &[u8]) -> Option<(Square, usize)> {
        let (&file, rest) = t.split_first()?;
        let x = usize::from(file.wrapping_sub(b'a'));
        if x >= Self::W || file == b'x' {
            return None;
        }
        let (y, n) = match rest {
            [d @ b'1'..=b'9', e @ b'0'..=b'9', ..] => {
                (10 * usize::from(d - b'0') + usize::from(e - b'0'), 3)
            }
            [d @ b'1'..=b'9', ..] => (usize::from(d - b'0'), 2),
            _ => return None,
        };
        // `FullGrid::index`: rank y + 1 of file x is square y * W + x
        (y <= Self::H).then(|| (Square(((y - 1) * Self::W + x) as u8), n))
    }

    /// Matches a read move text against `legal`, legal moves of this position.
    fn match_move_text(
        t: &str,
        from: Option<Square>,
        capture: bool,
        to: Square,
        legal: &[PhalanxMove<B>],
    ) -> Result<PhalanxMove<B>, MoveParseError> {
        let g = B::geometry();
        let illegal = |hint: String| MoveParseError::Illegal {
            text: t.to_string(),
            hint: Some(hint),
        };
        match from {
            Some(from) => {
                let Some(mv) = legal.iter().find(|m| m.from == from && m.to == to) else {
                    let from_here: Vec<String> = legal
                        .iter()
                        .filter(|m| m.from == from)
                        .map(|m| m.to_string())
                        .collect();
                    return Err(illegal(if from_here.is_empty() {
                        format!("no legal move has its tail on {}", g.name(from))
                    } else {
                        format!("legal from {}: {}", g.name(from), from_here.join(", "))
                    }));
                };
                // `x` marks captures only (as in every notation of the crate); here a
                // capture must be written with it too
                if capture && !mv.is_capture() {
                    return Err(illegal(format!(
                        "{mv} captures nothing: `x` marks captures only, write {mv}"
                    )));
                }
                if !capture && mv.is_capture() {
                    return Err(illegal(format!("it is a capture: write {mv}")));
                }
                Ok(*mv)
            }
            None => {
                let found: Vec<&PhalanxMove<B>> = legal
                    .iter()
                    .filter(|m| m.to == to && m.is_capture())
                    .collect();
                match found.as_slice() {
                    [] => Err(illegal(format!("no capture reaches {}", g.name(to)))),
                    [one] => Ok(**one),
                    many => Err(MoveParseError::Ambiguous {
                        text: t.to_string(),
                        candidates: many.iter().map(|m| m.to_string()).collect(),
                    }),
                }
            }
        }
    }

    const W: usize = B::WIDTH as usize;
    const H: usize = B::HEIGHT as usize;
    /// Home rows: White's rank 1, Black's top rank.
    const HOME: [WideSquareSet; 2] = [
        WideSquareSet::range(0, Self::W),
        WideSquareSet::range((Self::H - 1) * Self::W, Self::H * Self::W),
    ];
    /// The words of a [`WideSquareSet`] that hold squares of the board.
    const WORDS: usize = (Self::W * Self::H).div_ceil(64);
    /// The most men a side may have: two full rows.
    const MAX_MEN: usize = 2 * Self::W;

    /// An empty board, White to move, default options.
    pub fn empty() -> Self {
        EpaminondasPosition {
            men: [WideSquareSet::EMPTY; 2],
            turn: Color::White,
            options: EpaminondasOptions::default(),
            hash: 0,
            board: PhantomData,
        }
    }

    /// The same position with other rule options.
    pub fn with_options(mut self, options: EpaminondasOptions) -> Self {
        self.options = options;
        self.hash = self.zobrist_from_scratch();
        self
    }

    /// The rule options.
    pub fn options(&self) -> EpaminondasOptions {
        self.options
    }

    /// The squares of `color`'s men.
    pub fn men_of(&self, color: Color) -> WideSquareSet {
        self.men[color.index()]
    }

    /// The men of `color` on the opponent's home row (its crossings).
    pub fn crossings(&self, color: Color) -> usize {
        (self.men[color.index()] & Self::HOME[(!color).index()]).count()
    }

    /// Every move the movement and capture rules (and the symmetry option) allow the
    /// side to move, **ignoring whether the game is over**: [`Position::legal_moves`] is
    /// this list, or empty when the player to move has already won by crossings. Meant
    /// for analysis and for the seed's illustrations, which ignore the crossing count.
    pub fn phalanx_moves(&self, out: &mut MoveList<PhalanxMove<B>>) {
        out.clear();
        if self.options.symmetry {
            self.generate(|m| {
                if !self.breaks_symmetry(&m) {
                    out.push(m)
                }
                true
            });
        } else {
            self.generate(|m| {
                out.push(m);
                true
            });
        }
    }

    /// The player to move, when he wins at the start of his turn: more men on the
    /// opponent's home row than the opponent has on his.
    #[inline]
    fn goal_reached(&self) -> bool {
        self.crossings(self.turn) > self.crossings(!self.turn)
    }

    #[cfg(test)]
    fn put_man(&mut self, c: Color, s: Square) {
        self.lift_man(!c, s);
        if !self.men[c.index()].contains(s) {
            self.men[c.index()].insert(s);
            self.hash ^= MAN_KEYS[c.index()][s.index()];
        }
    }

    #[cfg(test)]
    fn lift_man(&mut self, c: Color, s: Square) {
        if self.men[c.index()].contains(s) {
            self.men[c.index()].remove(s);
            self.hash ^= MAN_KEYS[c.index()][s.index()];
        }
    }

    /// Calls `emit` with every move the movement and capture rules allow (before the
    /// symmetry option), tail by tail, while `emit` answers `true`; answers whether it
    /// went through them all.
    #[inline]
    fn generate(&self, mut emit: impl FnMut(PhalanxMove<B>) -> bool) -> bool {
        self.men[self.turn.index()]
            .into_iter()
            .all(|tail| self.generate_from(tail, &mut emit))
    }

    /// [`generate`](Self::generate) for the groups whose tail is `tail`, a man of the
    /// side to move.
    #[inline]
    fn generate_from(&self, tail: Square, emit: &mut impl FnMut(PhalanxMove<B>) -> bool) -> bool {
        let g = B::geometry();
        let own = self.men[self.turn.index()];
        let opp = self.men[(!self.turn).index()];
        for dir in g.directions() {
            // the group: from the tail to the last own man of the line
            let mut men = 1u8;
            let mut next = g.neighbour(tail, dir);
            while let Some(s) = next {
                if !own.contains(s) {
                    break;
                }
                men += 1;
                next = g.neighbour(s, dir);
            }
            let mut steps = 1u8;
            while let Some(s) = next {
                let mv = |captured| PhalanxMove {
                    from: tail,
                    to: s,
                    dir,
                    men,
                    steps,
                    captured,
                    board: PhantomData,
                };
                if opp.contains(s) {
                    if men >= 2 {
                        // the enemy line from s onwards, counted up to `men`
                        let mut line = 1u8;
                        let mut e = g.neighbour(s, dir);
                        while let Some(x) = e {
                            if line >= men || !opp.contains(x) {
                                break;
                            }
                            line += 1;
                            e = g.neighbour(x, dir);
                        }
                        if line < men && !emit(mv(line)) {
                            return false;
                        }
                    }
                    break;
                }
                if own.contains(s) {
                    break;
                }
                if !emit(mv(0)) {
                    return false;
                }
                if steps == men {
                    break;
                }
                steps += 1;
                next = g.neighbour(s, dir);
            }
        }
        true
    }

    /// The legal moves whose tail is `tail` (none when the game is over).
    fn legal_moves_from(&self, tail: Square, out: &mut MoveList<PhalanxMove<B>>) {
        out.clear();
        if self.goal_reached() || !self.men[self.turn.index()].contains(tail) {
            return;
        }
        self.generate_from(tail, &mut |m| {
            if !self.breaks_symmetry(&m) {
                out.push(m);
            }
            true
        });
    }

    /// The index step of each direction of the full grid, as a wrapping `usize`, in
    /// the order of [`EIGHT_DIRECTIONS`](crate::engine::shapes::grid::EIGHT_DIRECTIONS):
    /// E, NE, N, NW, W, SW, S, SE.
    const STEP: [usize; 8] = [
        1,
        Self::W + 1,
        Self::W,
        Self::W - 1,
        1usize.wrapping_neg(),
        (Self::W + 1).wrapping_neg(),
        Self::W.wrapping_neg(),
        (Self::W - 1).wrapping_neg(),
    ];

    /// Moves the men of a move of the side to move (without passing the turn). Never
    /// panics: a move of another position changes what it can and keeps the hash right.
    ///
    /// The squares of a move are found by index steps along its line: every move is
    /// made by the generator of this board, so its squares (from the tail to the last
    /// captured man) are on the board, and on a full grid each neighbour along a line
    /// is one step of the direction's index away (a unit test compares it with the
    /// walk by the geometry's neighbours).
    #[inline(always)]
    fn apply(&mut self, mv: &PhalanxMove<B>) {
        let step = Self::STEP[mv.dir.index() & 7];
        let next = |s: usize| s.wrapping_add(step) & 255;
        let (me, them) = (self.turn.index(), (!self.turn).index());
        let (mut mine, mut theirs) = (self.men[me].words(), self.men[them].words());
        let (my_keys, their_keys) = (&MAN_KEYS[me], &MAN_KEYS[them]);
        let mut hash = self.hash;
        // the squares the group leaves
        let mut s = mv.from.index();
        for _ in 0..mv.steps {
            if take(&mut mine, s) {
                hash ^= my_keys[s];
            }
            s = next(s);
        }
        // the enemy line from the square the head lands on
        let to = mv.to.index();
        let mut e = to;
        for _ in 0..mv.captured {
            if !take(&mut theirs, e) {
                break;
            }
            hash ^= their_keys[e];
            e = next(e);
        }
        // the squares the group enters, back from the head's
        let back = step.wrapping_neg();
        let mut s = to;
        for _ in 0..mv.steps {
            if take(&mut theirs, s) {
                hash ^= their_keys[s];
            }
            if !put(&mut mine, s) {
                hash ^= my_keys[s];
            }
            s = s.wrapping_add(back) & 255;
        }
        self.men[me] = WideSquareSet::from_words(mine);
        self.men[them] = WideSquareSet::from_words(theirs);
        self.hash = hash;
    }

    /// [`apply`](Self::apply) walking the squares by the geometry's neighbours, as it
    /// did before it stepped by index: the reference of a unit test.
    #[cfg(test)]
    fn apply_by_neighbours(&mut self, mv: &PhalanxMove<B>) {
        let g = B::geometry();
        let me = self.turn;
        let d = mv.dir;
        if d.index() >= g.direction_count() || mv.from.index() >= g.len() {
            return;
        }
        let mut head = mv.from;
        for _ in 1..mv.men {
            match g.neighbour(head, d) {
                Some(s) => head = s,
                None => return,
            }
        }
        let mut s = mv.from;
        for i in 0..mv.steps {
            self.lift_man(me, s);
            if i + 1 < mv.steps {
                match g.neighbour(s, d) {
                    Some(n) => s = n,
                    None => break,
                }
            }
        }
        let mut s = head;
        for i in 0..mv.steps {
            let Some(n) = g.neighbour(s, d) else { break };
            s = n;
            if i + 1 == mv.steps {
                let mut e = Some(s);
                for _ in 0..mv.captured {
                    match e {
                        Some(x) if self.men[(!me).index()].contains(x) => {
                            self.lift_man(!me, x);
                            e = g.neighbour(x, d);
                        }
                        _ => break,
                    }
                }
            }
            self.put_man(me, s);
        }
    }

    /// Whether the board equals its mirror image across the middle line between the
    /// home rows with the colours exchanged.
    fn mirror_symmetric(&self) -> bool {
        let [w, b] = self.men;
        (0..Self::H).all(|y| {
            (0..Self::W).all(|x| {
                let s = Square((y * Self::W + x) as u8);
                let m = Square(((Self::H - 1 - y) * Self::W + x) as u8);
                w.contains(s) == b.contains(m) && b.contains(s) == w.contains(m)
            })
        })
    }

    /// Whether the symmetry option forbids `mv`.
    fn breaks_symmetry(&self, mv: &PhalanxMove<B>) -> bool {
        if !self.options.symmetry {
            return false;
        }
        let mut next = self.clone();
        next.apply(mv);
        next.crossings(self.turn) > self.crossings(self.turn) && next.mirror_symmetric()
    }

    fn check(&self, at: usize) -> Result<(), PositionError> {
        for c in Color::ALL {
            let count = self.men[c.index()].count();
            if count > Self::MAX_MEN {
                return Err(PositionError::new(
                    K::TooManyMen {
                        color: c,
                        count,
                        max: Self::MAX_MEN,
                    },
                    at,
                ));
            }
        }
        Ok(())
    }

    fn side_hash(&self) -> u64 {
        let side = if self.turn == Color::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        let sym = if self.options.symmetry {
            SYMMETRY_KEY
        } else {
            0
        };
        side ^ sym
    }
}

impl<B: EpaminondasBoard> Default for EpaminondasPosition<B> {
    fn default() -> Self {
        Self::start()
    }
}

impl<B: EpaminondasBoard> Position for EpaminondasPosition<B> {
    type Move = PhalanxMove<B>;

    const NAME: &'static str = B::RULESET;

    fn start() -> Self {
        let (w, h) = (Self::W, Self::H);
        let mut p = Self::empty();
        p.men = [
            WideSquareSet::range(0, 2 * w),
            WideSquareSet::range((h - 2) * w, h * w),
        ];
        p.hash = p.zobrist_from_scratch();
        p
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&self, out: &mut MoveList<PhalanxMove<B>>) {
        out.clear();
        if self.goal_reached() {
            return;
        }
        self.phalanx_moves(out);
    }

    /// Only the moves of the group whose tail is the move's.
    fn is_legal(&self, mv: &PhalanxMove<B>) -> bool {
        if self.goal_reached() || !self.men[self.turn.index()].contains(mv.from) {
            return false;
        }
        let mut found = false;
        self.generate_from(mv.from, &mut |m| {
            found = m == *mv;
            !found
        });
        found && !self.breaks_symmetry(mv)
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: &PhalanxMove<B>) {
        self.apply(mv);
        self.turn = !self.turn;
        self.hash ^= BLACK_TO_MOVE;
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.goal_reached() {
            return Some(Outcome::Win {
                winner: self.turn,
                reason: EndReason::Goal,
            });
        }
        // a player with a move to make: stop at the first one
        let stuck = self.generate(|m| self.breaks_symmetry(&m));
        stuck.then(|| Outcome::Win {
            winner: !self.turn,
            reason: EndReason::stuck(self.men(self.turn) > 0),
        })
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn parse_move(&self, text: &str) -> Result<PhalanxMove<B>, MoveParseError> {
        let (t, from, capture, to) = Self::read_move_text(text)?;
        if let Some(o) = self.outcome() {
            return Err(MoveParseError::GameOver(o));
        }
        // a tail names its own group: only its moves are read against
        let mut legal = MoveList::new();
        match from {
            Some(tail) => self.legal_moves_from(tail, &mut legal),
            None => self.legal_moves(&mut legal),
        }
        Self::match_move_text(t, from, capture, to, &legal)
    }

    fn repetition_draws(&self) -> bool {
        self.options.repetition
    }

    fn men(&self, color: Color) -> usize {
        // the words that hold squares of the board (the others are empty)
        let words = self.men[color.index()].words();
        words[..Self::WORDS]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    fn board_view(&self) -> Option<crate::engine::view::BoardView<'_>> {
        let g = B::geometry();
        let stacks = g
            .squares()
            .map(|sq| {
                Color::ALL
                    .into_iter()
                    .find(|c| self.men[c.index()].contains(sq))
                    .map_or(crate::engine::stack::Stack::EMPTY, |c| {
                        crate::engine::stack::Stack::single(crate::engine::stack::Man::new(c))
                    })
            })
            .collect();
        Some(crate::engine::view::BoardView::owned(g, stacks, self.turn))
    }

    fn diagram(&self) -> String {
        let g = B::geometry();
        let mut out = String::new();
        for y in (0..Self::H).rev() {
            let _ = write!(out, "{:>2} ", y + 1);
            for x in 0..Self::W {
                out.push(' ');
                out.push(self.man_letter(x, y).unwrap_or('.'));
            }
            out.push('\n');
        }
        out.push_str("   ");
        for x in 0..g.width() {
            out.push(' ');
            out.push((b'a' + x) as char);
        }
        let _ = writeln!(
            out,
            "\n{} to move; crossings: White {}, Black {}",
            self.turn,
            self.crossings(Color::White),
            self.crossings(Color::Black)
        );
        out
    }
}

impl<B: EpaminondasBoard> Counting for EpaminondasPosition<B> {
    fn count_legal_moves(&self) -> usize {
        if self.goal_reached() {
            return 0;
        }
        let mut n = 0;
        if self.options.symmetry {
            self.generate(|m| {
                n += usize::from(!self.breaks_symmetry(&m));
                true
            });
        } else {
            self.generate(|_| {
                n += 1;
                true
            });
        }
        n
    }
}

impl<B: EpaminondasBoard> Checking for EpaminondasPosition<B> {
    fn zobrist_from_scratch(&self) -> u64 {
        Color::ALL.into_iter().fold(self.side_hash(), |h, c| {
            h ^ men_keys(c, self.men[c.index()], Self::WORDS)
        })
    }

    /// The keys of the squares whose man differs between the two positions.
    #[inline(always)]
    fn zobrist_from_scratch_beside(&self, base: &Self, base_scratch: u64) -> u64 {
        Color::ALL.into_iter().fold(
            base_scratch ^ base.side_hash() ^ self.side_hash(),
            |h, c| h ^ men_keys(c, self.men[c.index()] ^ base.men[c.index()], Self::WORDS),
        )
    }

    fn parse_move_among(
        &self,
        text: &str,
        legal: &[PhalanxMove<B>],
    ) -> Result<PhalanxMove<B>, MoveParseError> {
        // the text as `Display` writes it, of a move among `legal`, written with `x`
        // exactly when it captures: what the long way below would answer
        // (spaces around it go the long way, which trims them)
        if let Some((from, capture, to)) = Self::read_plain_move_text(text.as_bytes()) {
            // (the destination first: the moves of a group share their tail)
            if let Some(mv) = legal.iter().find(|m| m.to == to && m.from == from) {
                if mv.is_capture() == capture {
                    return Ok(*mv);
                }
            }
        }
        let (t, from, capture, to) = Self::read_move_text(text)?;
        Self::match_move_text(t, from, capture, to, legal)
    }

    /// Every text from two look-ups of packed bytes, without the formatting machinery.
    fn write_move_texts(moves: &[PhalanxMove<B>], out: &mut String, ends: &mut Vec<usize>) {
        let mut bytes = core::mem::take(out).into_bytes();
        let mut end = bytes.len();
        // room for a whole word at every text (a text has at most 7 bytes)
        bytes.resize(end + 8 * moves.len(), 0);
        ends.extend(moves.iter().map(|mv| {
            let (word, len) = MoveTexts::<B>::packed_text(mv);
            if let Some(at) = bytes.get_mut(end..end + 8) {
                at.copy_from_slice(&word.to_le_bytes());
            }
            end += len;
            end
        }));
        bytes.truncate(end);
        // a `String`'s bytes, then ASCII
        *out = String::from_utf8(bytes).unwrap_or_default();
    }

    /// The men that came and went on the squares whose man differs between the two
    /// positions (few: a move changes the squares of its group and its capture).
    fn men_beside(&self, color: Color, base: &Self, base_men: usize) -> usize {
        let (now, was) = (
            self.men[color.index()].words(),
            base.men[color.index()].words(),
        );
        let (mut came, mut went) = (0, 0);
        for (&n, &w) in now.iter().zip(&was).take(Self::WORDS) {
            // most words are the same in both
            let changed = n ^ w;
            if changed != 0 {
                came += sparse_count(changed & n);
                went += sparse_count(changed & w);
            }
        }
        (base_men + came).wrapping_sub(went)
    }
}

/// Every move is clicked by the tail man of the group, then the square its head
/// reaches (the notation's two squares).
impl<B: EpaminondasBoard> Introspect for EpaminondasPosition<B> {
    fn geometry(&self) -> &'static Geometry {
        B::geometry()
    }

    fn describe(&self, mv: &PhalanxMove<B>) -> Option<MoveInfo> {
        if !self.is_legal(mv) {
            return None;
        }
        let kind = match (mv.is_capture(), mv.men()) {
            (true, _) => MoveKind::Capture,
            (false, 1) => MoveKind::Step,
            (false, _) => MoveKind::Phalanx,
        };
        // the enemy line from the square landed on, in the direction of movement
        let taken = core::iter::once(mv.to)
            .chain(B::geometry().ray(mv.to, mv.dir))
            .take(mv.men_captured())
            .collect();
        Some(MoveInfo {
            taken,
            men_moved: mv.men(),
            ..MoveInfo::new(mv, kind)
        })
    }

    fn click_paths(&self, out: &mut dyn FnMut(&PhalanxMove<B>, &[Square])) {
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        for mv in &legal {
            out(mv, &mv.clicks());
        }
    }
}

impl<B: EpaminondasBoard> EpaminondasPosition<B> {
    /// The letter of the man on file `x`, rank `y` (`w` or `b`), as the position text
    /// and the diagram write it; `None` on an empty square.
    fn man_letter(&self, x: usize, y: usize) -> Option<char> {
        let s = Square((y * Self::W + x) as u8);
        if self.men[0].contains(s) {
            Some('w')
        } else if self.men[1].contains(s) {
            Some('b')
        } else {
            None
        }
    }
}

impl<B: EpaminondasBoard> fmt::Display for EpaminondasPosition<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f.write_str(&self.diagram());
        }
        // the rows in one buffer of bytes, written at once: at most a letter or digit
        // for each of the (at most 256) squares, a `/` between rows, the side
        let (white, black) = (self.men[0].words(), self.men[1].words());
        let mut rows = [0u8; 2 * 256 + 2];
        let mut n = 0;
        for y in (0..Self::H).rev() {
            let mut empty = 0;
            for x in 0..Self::W {
                let s = y * Self::W + x;
                let (i, bit) = (s >> 6 & 3, 1u64 << (s & 63));
                let man = if white[i] & bit != 0 {
                    b'w'
                } else if black[i] & bit != 0 {
                    b'b'
                } else {
                    empty += 1;
                    continue;
                };
                n = write_run(&mut rows, n, empty);
                empty = 0;
                rows[n] = man;
                n += 1;
            }
            n = write_run(&mut rows, n, empty);
            if y > 0 {
                rows[n] = b'/';
                n += 1;
            }
        }
        rows[n] = b' ';
        rows[n + 1] = self.turn.char() as u8;
        // ASCII
        f.write_str(core::str::from_utf8(&rows[..n + 2]).map_err(|_| fmt::Error)?)?;
        let o = self.options;
        match (o.symmetry, o.repetition) {
            (false, false) => Ok(()),
            (true, false) => f.write_str(" symmetry"),
            (false, true) => f.write_str(" repetition"),
            (true, true) => f.write_str(" symmetry,repetition"),
        }
    }
}

/// Writes the number of a run of `empty` empty squares (none when 0; at most 26
/// files: one or two digits) into `rows` at `n`; answers where the text goes on.
#[inline]
fn write_run(rows: &mut [u8], mut n: usize, empty: usize) -> usize {
    if empty >= 10 {
        rows[n] = b'0' + (empty / 10 % 10) as u8;
        n += 1;
    }
    if empty > 0 {
        rows[n] = b'0' + (empty % 10) as u8;
        n += 1;
    }
    n
}

impl<B: EpaminondasBoard> fmt::Debug for EpaminondasPosition<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EpaminondasPosition({self})")
    }
}

impl<B: EpaminondasBoard> FromStr for EpaminondasPosition<B> {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Self, PositionError> {
        // the men of the side not to move seen on its set (the board view would make
        // every square's stack)
        crate::text::position_text::read_position_with(s, Self::read_text, |pos, side| {
            !pos.men[side.index()].is_empty()
        })
    }
}

impl<B: EpaminondasBoard> EpaminondasPosition<B> {
    /// Reads a position text (see [`FromStr`]); the error is quoted by the caller.
    fn read_text(s: &str) -> Result<Self, PositionError> {
        let fields = crate::text::position_text::fields(s)?;
        let Some(&(rows_at, rows)) = fields.first() else {
            return Err(PositionError::new(K::Missing("rows"), s.len()));
        };
        let (w, h) = (Self::W, Self::H);
        let mut pos = Self::empty();
        let mut at = rows_at;
        let mut count = 0;
        for (i, row) in rows.split('/').enumerate() {
            count = i + 1;
            if i >= h {
                return Err(PositionError::new(
                    K::RowCount {
                        found: rows.split('/').count(),
                        expected: h,
                    },
                    at,
                ));
            }
            let y = h - 1 - i;
            let mut x = 0usize;
            let mut run = 0usize;
            let mut run_at = at;
            let too_wide = |found, at| {
                PositionError::new(
                    K::RowWidth {
                        rank: y + 1,
                        found,
                        expected: w,
                    },
                    at,
                )
            };
            for (j, c) in row.char_indices() {
                let here = at + j;
                if let Some(dg) = c.to_digit(10) {
                    if run == 0 {
                        if dg == 0 {
                            return Err(PositionError::new(K::BadNumber("0".into()), here));
                        }
                        run_at = here;
                    }
                    run = run * 10 + dg as usize;
                    if x + run > w {
                        return Err(too_wide(x + run, run_at));
                    }
                    continue;
                }
                x += run;
                run = 0;
                let color = match c {
                    'w' => Color::White,
                    'b' => Color::Black,
                    'W' | 'B' => return Err(PositionError::new(K::NoKings(c), here)),
                    _ => return Err(PositionError::new(K::BadMan(c), here)),
                };
                if x >= w {
                    return Err(too_wide(x + 1, here));
                }
                pos.men[color.index()].insert(Square((y * w + x) as u8));
                x += 1;
            }
            x += run;
            if x != w {
                return Err(too_wide(x, at + row.len()));
            }
            at += row.len() + 1;
        }
        if count < h {
            return Err(PositionError::new(
                K::RowCount {
                    found: count,
                    expected: h,
                },
                rows_at + rows.len(),
            ));
        }
        let Some(&(side_at, side)) = fields.get(1) else {
            return Err(PositionError::new(K::Missing("side to move"), s.len()));
        };
        pos.turn = match side {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            _ => return Err(PositionError::new(K::BadSide(side.to_string()), side_at)),
        };
        if let Some(&(opt_at, opts)) = fields.get(2) {
            if opts != "-" {
                let mut off = opt_at;
                for name in opts.split(',') {
                    match name {
                        "symmetry" => pos.options.symmetry = true,
                        "repetition" => pos.options.repetition = true,
                        _ => {
                            return Err(PositionError::new(K::UnknownOption(name.to_string()), off))
                        }
                    }
                    off += name.len() + 1;
                }
            }
        }
        if let Some(&(off, _)) = fields.get(3) {
            return Err(PositionError::new(K::Trailing, off));
        }
        pos.check(rows_at)?;
        pos.hash = pos.zobrist_from_scratch();
        Ok(pos)
    }
}

#[cfg(feature = "serde")]
crate::text::serde::serde_as_text!(impl<B: EpaminondasBoard> EpaminondasPosition<B>, read);
#[cfg(feature = "serde")]
crate::text::serde::serde_as_text!(impl<B: EpaminondasBoard> PhalanxMove<B>);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_texts() {
        let p = NeoCrossings::start();
        let t = "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w";
        assert_eq!(p.to_string(), t);
        assert_eq!(t.parse::<NeoCrossings>().unwrap(), p);
        let e = Epaminondas::start();
        assert_eq!(e.men(Color::White), 28);
        assert_eq!(e.to_string().parse::<Epaminondas>().unwrap(), e);
        assert_eq!(e.zobrist(), e.zobrist_from_scratch());
        assert_ne!(e.zobrist(), 0);
    }

    /// The one-pass reader of the texts `Display` writes reads every square as the
    /// geometry does, and leaves every other form to the long way.
    fn plain_reader_agrees<B: EpaminondasBoard>() {
        let g = B::geometry();
        for sq in g.squares() {
            let name = g.name(sq);
            let read = EpaminondasPosition::<B>::read_plain_square(name.as_bytes());
            assert_eq!(read, Some((sq, name.len())), "{name}");
            for (sep, capture) in [("-", false), ("x", true)] {
                let text = format!("{name}{sep}{name}");
                assert_eq!(
                    EpaminondasPosition::<B>::read_plain_move_text(text.as_bytes()),
                    Some((sq, capture, sq))
                );
            }
        }
        for text in [
            "", "e", "e5", "E5-e6", "e5-E6", "e05-e6", "e5-e06", "e5 - e6", "e5Xe6", "e5-e6 ",
            "xe6", "x5-e6", "e0-e1", "e5-e", "e5-e6-", "o1-a1", "a13-a1", "a1-a99", "a1-a100",
        ] {
            assert_eq!(
                EpaminondasPosition::<B>::read_plain_move_text(text.as_bytes()),
                None,
                "{text:?}"
            );
        }
    }

    /// The pieces of the move texts name the squares as the geometry does.
    fn move_texts_agree<B: EpaminondasBoard>() {
        let g = B::geometry();
        let pieces = &MoveTexts::<B>::PIECES;
        for (s, piece) in pieces.iter().enumerate() {
            let expected = match g.squares().nth(s) {
                Some(sq) => {
                    let name = g.name(sq);
                    [name.to_string(), format!("{name}-"), format!("{name}x")]
                }
                None => [String::new(), String::new(), String::new()],
            };
            assert_eq!(*piece, expected, "square {s}");
        }
    }

    #[test]
    fn move_texts_name_squares_as_the_geometry_does() {
        move_texts_agree::<Grid14x12>();
        move_texts_agree::<Grid8x8>();
    }

    /// `men_beside` counts what `men` counts, beside the position before a move and
    /// beside positions far apart (in either order).
    fn men_beside_agrees<B: EpaminondasBoard>(seed: u64) {
        let mut pos = EpaminondasPosition::<B>::start();
        let start = pos.clone();
        let mut rng = crate::tools::rng::SplitMix64::new(seed);
        let mut moves = MoveList::new();
        let mut captures = 0;
        for _ in 0..300 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for mv in &moves {
                let mut next = pos.clone();
                next.play_unchecked(mv);
                captures += usize::from(mv.is_capture());
                for c in Color::ALL {
                    assert_eq!(next.men_beside(c, &pos, pos.men(c)), next.men(c), "{mv}");
                }
            }
            for c in Color::ALL {
                assert_eq!(pos.men_beside(c, &start, start.men(c)), pos.men(c));
                assert_eq!(start.men_beside(c, &pos, pos.men(c)), start.men(c));
                // a wrong count beside is carried through: nothing is counted whole
                assert_eq!(pos.men_beside(c, &start, start.men(c) + 1), pos.men(c) + 1);
            }
            let mv = moves[rng.below(moves.len())];
            pos.play_unchecked(&mv);
        }
        assert!(captures > 0, "the playout meets captures");
    }

    /// Reading a position text answers what `position_text::read_position` answers,
    /// and writing one gives the text back.
    fn texts_agree<B: EpaminondasBoard>(texts: &[String]) {
        for text in texts {
            let read = text.parse::<EpaminondasPosition<B>>();
            let shared = crate::text::position_text::read_position(
                text,
                EpaminondasPosition::<B>::read_text,
            );
            assert_eq!(read, shared, "{text:?}");
            if let Ok(pos) = read {
                assert_eq!(pos.to_string().parse(), Ok(pos.clone()), "{text:?}");
                if text.split_whitespace().count() == 2 {
                    assert_eq!(pos.to_string(), *text);
                }
            }
        }
    }

    #[test]
    fn position_texts_read_and_write_as_the_shared_reader_does() {
        let mut texts: Vec<String> = [
            "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w",
            "8/8/8/8/8/8/8/w7 w",
            "8/8/8/8/8/8/8/w7 b",
            "b7/8/8/8/8/8/8/8 w",
            "8/8/8/8/8/8/8/8 w",
            "8/8/8/8/8/8/8/8 b symmetry",
            "8/8/8/3bw3/8/8/8/8 w repetition",
            "8/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/w7  b  -",
            "9/8/8/8/8/8/8/8 w",
        ]
        .map(String::from)
        .to_vec();
        let mut pos = NeoCrossings::start();
        let mut rng = crate::tools::rng::SplitMix64::new(8);
        let mut moves = MoveList::new();
        for _ in 0..100 {
            texts.push(pos.to_string());
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
        texts_agree::<Grid8x8>(&texts);
        let e = Epaminondas::start().to_string();
        texts_agree::<Grid14x12>(&[
            e.clone(),
            e.replace('w', "b"),
            e.replace('b', "w"),
            "14/14/14/14/14/14/14/14/14/14/14/13w b".to_string(),
            "14/14/14/14/14/14/14/14/14/14/14/13w w".to_string(),
        ]);
    }

    /// `apply` steps by index to the squares the walk by neighbours reaches, for the
    /// listed moves of playouts and for the moves of the position before (foreign
    /// moves, which may not be legal).
    fn apply_agrees<B: EpaminondasBoard>(seed: u64) {
        let mut pos = EpaminondasPosition::<B>::start();
        let mut rng = crate::tools::rng::SplitMix64::new(seed);
        let (mut moves, mut earlier) = (MoveList::new(), MoveList::new());
        let mut captures = 0;
        for _ in 0..300 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for mv in moves.iter().chain(earlier.iter()) {
                let (mut by_index, mut by_neighbours) = (pos.clone(), pos.clone());
                by_index.apply(mv);
                by_neighbours.apply_by_neighbours(mv);
                assert_eq!(by_index, by_neighbours, "{pos} {mv}");
                assert_eq!(by_index.zobrist(), by_index.zobrist_from_scratch());
                captures += usize::from(mv.is_capture());
            }
            let mv = moves[rng.below(moves.len())];
            pos.play_unchecked(&mv);
            core::mem::swap(&mut moves, &mut earlier);
        }
        assert!(captures > 0, "the playout meets captures");
    }

    #[test]
    fn apply_steps_to_the_neighbours_squares() {
        apply_agrees::<Grid14x12>(5);
        apply_agrees::<Grid8x8>(6);
    }

    /// `write_move_texts` writes what `Display` writes: for every pair of squares of
    /// the board, capture or not, after what the string held, and for the listed moves
    /// of a playout.
    fn move_lists_agree<B: EpaminondasBoard>(seed: u64) {
        let n = B::geometry().len();
        let mut all = Vec::new();
        for from in 0..n {
            for to in 0..n {
                for captured in 0..2 {
                    all.push(PhalanxMove::<B> {
                        from: Square(from as u8),
                        to: Square(to as u8),
                        dir: Direction(0),
                        men: 2,
                        steps: 1,
                        captured,
                        board: PhantomData,
                    });
                }
            }
        }
        let written = |moves: &[PhalanxMove<B>]| {
            let (mut text, mut ends) = ("held".to_string(), vec![4]);
            EpaminondasPosition::<B>::write_move_texts(moves, &mut text, &mut ends);
            assert_eq!(ends.len(), moves.len() + 1);
            for (i, mv) in moves.iter().enumerate() {
                assert_eq!(text[ends[i]..ends[i + 1]], mv.to_string());
            }
            assert_eq!(text.len(), ends[moves.len()]);
        };
        written(&all);
        written(&[]);
        let mut pos = EpaminondasPosition::<B>::start();
        let mut rng = crate::tools::rng::SplitMix64::new(seed);
        let mut moves = MoveList::new();
        for _ in 0..100 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            written(&moves);
            pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
    }

    #[test]
    fn move_lists_are_written_as_display_writes_them() {
        move_lists_agree::<Grid14x12>(5);
        move_lists_agree::<Grid8x8>(6);
    }

    #[test]
    fn men_beside_counts_what_men_counts() {
        men_beside_agrees::<Grid14x12>(3);
        men_beside_agrees::<Grid8x8>(4);
    }

    #[test]
    fn plain_move_texts_read_as_the_geometry_reads_them() {
        plain_reader_agrees::<Grid14x12>();
        plain_reader_agrees::<Grid8x8>();
    }

    /// `parse_move_among` reads every listed move from its text, and answers what
    /// `parse_move` answers for texts that are not quite `Display`'s.
    #[test]
    fn parse_move_among_reads_every_listed_move() {
        let mut pos = Epaminondas::start();
        let mut rng = crate::tools::rng::SplitMix64::new(7);
        let mut moves = MoveList::new();
        for _ in 0..60 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for mv in &moves {
                let text = mv.to_string();
                assert_eq!(pos.parse_move_among(&text, &moves), Ok(*mv));
                let flipped = if mv.is_capture() {
                    text.replace('x', "-")
                } else {
                    text.replace('-', "x")
                };
                for other in [flipped, text.to_uppercase(), format!(" {text} ")] {
                    assert_eq!(pos.parse_move_among(&other, &moves), pos.parse_move(&other));
                }
            }
            let mv = moves[rng.below(moves.len())];
            pos.play_unchecked(&mv);
        }
    }
}
