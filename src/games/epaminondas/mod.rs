//! **Epaminondas** (Robert Abbott, 1975) and **NeoCrossings**: phalanxes of men on a
//! full grid, captures of whole enemy lines, and a race to the opponent's home row.
//!
//! The rules, as the Italian rules text of Epaminondas gives them; where it leaves a
//! point open, the ruling is stated with the rule
//! ([the Epaminondas rulings](crate::rulings#epaminondas)):
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
//! - **No legal move**: the player to move loses: [`EndReason::NoPieces`] when he has
//!   no men left, [`EndReason::NoLegalMove`] when his men cannot move (see [the end of a
//!   game](crate::rulings#the-end-of-a-game)). The crossing test comes first: a player who wins at the
//!   start of his turn wins even if he could not move.
//! - **Options** ([`EpaminondasOptions`]), both off by default, as the Italian
//!   rules text names neither: the *symmetry rule* (a move that increases the mover's men on the
//!   opponent's home row may not leave a position that is its own mirror image across
//!   the middle line between the home rows with the colours exchanged), and threefold
//!   repetition as a draw (through [`Game`](crate::engine::game::Game)).
//!
//! The code follows the same order: the board and the set-up, phalanxes, moves,
//! captures, the crossing win, the options; then the traits every ruleset implements.
//! The mechanisms are the engine's: the hash is the XOR of the engine's keys of lone
//! men ([`zobrist::men_key`](crate::engine::zobrist::men_key)); move texts are written
//! by its from-to tables ([`FromToTexts`](crate::engine::from_to::FromToTexts)) and read
//! by the notation's from-to reader (`text::notation::read_from_to`). The position
//! text is this game's own (rows of men, not the stack games' `square:men` list), in
//! the `text` submodule.
//!
//! # Notation
//! A move is written as the square of the **tail** of the moving group (its rear end;
//! the man itself for a single man) and the square its **head** reaches, joined by `-`,
//! or by `x` for a capture: `e5-e7`, `h11xc11`. The tail chooses the group (all own men
//! from the tail up to the leading end of the line) and the destination gives the
//! direction and the distance, so each legal move has exactly this one text and no two
//! legal moves share it. When reading, `x<square>` (e.g. `xe7`) names the capture whose
//! head reaches that square if there is exactly one; otherwise the error lists the
//! candidates. As in every notation of the crate, `x` (or `:`) marks captures only
//! (`e5xe7` is refused where `e5-e7` captures nothing); here, unlike the stack games,
//! a capture must be written with `x` too. Spaces around the separator are allowed
//! (`e5 - e7`).
//!
//! # Move identity
//! Two different moves never lead to the same position: a move of `k` squares empties
//! the `k` squares from its tail onwards and fills the `k` squares beyond its head, and
//! these two sets determine the tail, the direction and the distance. So the rule that
//! two capture routes from one square that lead to the same position are one move
//! ([move identity](crate::rulings#move-identity)) never merges moves here, and the
//! legal-move list is every (tail, direction, distance) that the rules allow.

mod text;

use crate::alloc_prelude::*;
use crate::engine::board::{Board, Geometry};
use crate::engine::color::Color;
use crate::engine::error::{MoveParseError, PositionError, PositionErrorKind as K};
use crate::engine::from_to::FromTo;
use crate::engine::introspect::{Introspect, MoveInfo, MoveKind};
use crate::engine::moves::MoveList;
use crate::engine::moves::{MoveSquares, Squares};
use crate::engine::outcome::{EndReason, Outcome};
use crate::engine::position::Position;
use crate::engine::shapes::grid::{FullGrid, Grid14x12, Grid8x8};
use crate::engine::square::{Direction, Square};
use crate::engine::stack::{Man, Stack};
use crate::engine::view::BoardView;
use crate::engine::wide_set::WideSquareSet;
use crate::engine::zobrist::{counter_key, man_keys, men_key, BLACK_TO_MOVE};
use core::marker::PhantomData;

// The board and the set-up

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
    const W: usize = B::WIDTH as usize;
    const H: usize = B::HEIGHT as usize;
    /// The number of squares.
    const SQUARES: usize = Self::W * Self::H;
    /// The set-up: each player fills the two rows nearest him, White ranks 1 and 2,
    /// Black the two top ranks.
    const SET_UP: [WideSquareSet; 2] = [
        WideSquareSet::range(0, 2 * Self::W),
        WideSquareSet::range((Self::H - 2) * Self::W, Self::H * Self::W),
    ];
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

    /// The squares of `color`'s men.
    pub fn men_of(&self, color: Color) -> WideSquareSet {
        self.men[color.index()]
    }

    /// Refuses a position with more men of a side than the set-up has (`at`: where
    /// its text starts).
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
}

// Phalanxes

impl<B: EpaminondasBoard> EpaminondasPosition<B> {
    /// The group of own men (`own`) that moves from `tail` in direction `dir`: the
    /// tail and every own man in a row in front of it, up to the leading end of the
    /// line. Answers the number of men and the square in front of the leading end
    /// (`None` at the edge of the board). (The sets by reference: a copy of one for
    /// each call stays in the generator's loop.)
    #[inline(always)]
    fn group(
        g: &Geometry,
        own: &WideSquareSet,
        tail: Square,
        dir: Direction,
    ) -> (u8, Option<Square>) {
        let mut men = 1u8;
        let mut next = g.neighbour(tail, dir);
        while let Some(s) = next {
            if !own.contains(s) {
                break;
            }
            men += 1;
            next = g.neighbour(s, dir);
        }
        (men, next)
    }
}

// Moves

/// A move of Epaminondas on board `B`: a group of own men, from its tail to the
/// leading end of its line, moved `steps` squares along that line (a capture when the
/// head lands on enemy men).
///
/// Moves come from a position ([`Position::legal_moves`], [`Position::parse_move`]).
/// [`Display`](core::fmt::Display) writes the notation of the [module](self): `e5-e7`,
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
    /// the move's [origin](MoveSquares::origin), where its text and its clicks start.
    ///
    /// ```
    /// use column_checkers::{MoveSquares, NeoCrossings, Position};
    ///
    /// // the two men of file a move up two squares: the tail a1, the head reaches a4
    /// let mv = NeoCrossings::start().parse_move("a1-a4").unwrap();
    /// assert_eq!(Some(mv.tail()), mv.origin());
    /// assert_eq!((mv.men(), mv.steps()), (2, 2));
    /// ```
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

    /// The squares of its text: the tail, the square the head reaches, whether it
    /// captures.
    #[inline(always)]
    fn squares(&self) -> FromTo {
        FromTo {
            from: self.from,
            to: self.to,
            capture: self.is_capture(),
        }
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

/// The squares a group's moves look at: the men of the side to move, the opponent's
/// men, the empty squares.
#[derive(Clone, Copy)]
struct Sides {
    own: WideSquareSet,
    opp: WideSquareSet,
    empty: WideSquareSet,
}

impl<B: EpaminondasBoard> EpaminondasPosition<B> {
    /// Every move the movement and capture rules (and the symmetry option) allow the
    /// side to move, **ignoring whether the game is over**: [`Position::legal_moves`] is
    /// this list, or empty when the player to move has already won by crossings. Meant
    /// for analysis and for the Italian rules text's illustrations, which ignore the crossing count.
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

    /// Calls `emit` with every move the movement and capture rules allow (before the
    /// symmetry option), tail by tail, while `emit` answers `true`; answers whether it
    /// went through them all.
    #[inline]
    fn generate(&self, mut emit: impl FnMut(PhalanxMove<B>) -> bool) -> bool {
        let sides = self.sides();
        sides
            .own
            .into_iter()
            .all(|tail| Self::group_moves(&sides, tail, &mut emit))
    }

    /// [`generate`](Self::generate) for the groups whose tail is `tail`, a man of the
    /// side to move.
    #[inline]
    fn generate_from(&self, tail: Square, emit: &mut impl FnMut(PhalanxMove<B>) -> bool) -> bool {
        Self::group_moves(&self.sides(), tail, emit)
    }

    /// The squares the moves look at.
    #[inline(always)]
    fn sides(&self) -> Sides {
        let (own, opp) = (self.men[self.turn.index()], self.men[(!self.turn).index()]);
        Sides {
            own,
            opp,
            empty: !(own | opp),
        }
    }

    /// The moves of the groups whose tail is `tail`: in each direction, the group moves
    /// 1 to `n` squares (`n` its men) through empty squares, or stops with its head on
    /// an enemy man it captures; calls `emit` with each while it answers `true`, and
    /// answers whether it went through them all.
    #[inline(always)]
    fn group_moves(
        sides: &Sides,
        tail: Square,
        emit: &mut impl FnMut(PhalanxMove<B>) -> bool,
    ) -> bool {
        let g = B::geometry();
        for dir in g.directions() {
            let (men, mut next) = Self::group(g, &sides.own, tail, dir);
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
                if !sides.empty.contains(s) {
                    if sides.opp.contains(s) {
                        if let Some(captured) = Self::capture_at(g, &sides.opp, s, dir, men) {
                            if !emit(mv(captured)) {
                                return false;
                            }
                        }
                    }
                    // never past a man, own or enemy
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
}

// Captures

impl<B: EpaminondasBoard> EpaminondasPosition<B> {
    /// The men a group of `men` men captures when its head lands on the enemy man on
    /// `s`, moving in direction `dir`: the enemy line from `s` onward in that direction
    /// (of `opp`'s men), when it is strictly shorter than the group; `None` when it is
    /// not, or for a single man, who never captures. A phalanx capture is not a jump
    /// (the head lands on the line, which leaves the board in one step, with no route
    /// to search), so it is this game's own and not the engine's capture traversal's.
    #[inline(always)]
    fn capture_at(
        g: &Geometry,
        opp: &WideSquareSet,
        s: Square,
        dir: Direction,
        men: u8,
    ) -> Option<u8> {
        if men < 2 {
            return None;
        }
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
        (line < men).then_some(line)
    }
}

// Playing a move

impl<B: EpaminondasBoard> EpaminondasPosition<B> {
    /// The index step of each direction of the full grid (wrapping), in the order of
    /// [`EIGHT_DIRECTIONS`](crate::engine::shapes::grid::EIGHT_DIRECTIONS): E, NE, N,
    /// NW, W, SW, S, SE.
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

    /// Moves the men of a move of the side to move (without passing the turn): the
    /// group leaves the `steps` squares from its tail on, the captured enemy line
    /// leaves the board, and the group fills the `steps` squares up to its head. Never
    /// panics: a move of another position changes what it can and keeps the hash
    /// right.
    ///
    /// The squares of a move are found by index steps along its line: every move is
    /// made by the generator of this board, so its squares (from the tail to the last
    /// captured man) are on the board, and on a full grid each neighbour along a line
    /// is one step of the direction's index away (a unit test compares it with the
    /// walk by the geometry's neighbours).
    #[inline(always)]
    fn apply(&mut self, mv: &PhalanxMove<B>) {
        let step = Self::STEP[mv.dir.index() & 7];
        // the square indices wrap within a byte, as a `Square`'s do
        let next = |s: usize| s.wrapping_add(step) & 255;
        let (me, them) = (self.turn, !self.turn);
        let (mut mine, mut theirs) = (self.men[me.index()], self.men[them.index()]);
        let (my_keys, their_keys) = (man_keys(me), man_keys(them));
        let mut hash = self.hash;
        // the squares the group leaves
        let mut s = mv.from.index();
        for _ in 0..mv.steps {
            if mine.take(Square(s as u8)) {
                hash ^= my_keys[s];
            }
            s = next(s);
        }
        // the enemy line from the square the head lands on
        let to = mv.to.index();
        let mut e = to;
        for _ in 0..mv.captured {
            if !theirs.take(Square(e as u8)) {
                break;
            }
            hash ^= their_keys[e];
            e = next(e);
        }
        // the squares the group enters, back from the head's
        let back = step.wrapping_neg();
        let mut s = to;
        for _ in 0..mv.steps {
            if theirs.take(Square(s as u8)) {
                hash ^= their_keys[s];
            }
            if mine.put(Square(s as u8)) {
                hash ^= my_keys[s];
            }
            s = s.wrapping_add(back) & 255;
        }
        self.men[me.index()] = mine;
        self.men[them.index()] = theirs;
        self.hash = hash;
    }
}

// The crossing win

impl<B: EpaminondasBoard> EpaminondasPosition<B> {
    /// Home rows: White's rank 1, Black's top rank.
    const HOME: [WideSquareSet; 2] = [
        WideSquareSet::range(0, Self::W),
        WideSquareSet::range((Self::H - 1) * Self::W, Self::H * Self::W),
    ];

    /// The men of `color` on the opponent's home row (its crossings).
    pub fn crossings(&self, color: Color) -> usize {
        (self.men[color.index()] & Self::HOME[(!color).index()]).count()
    }

    /// The outcome ([`Position::outcome`]), `has_move` telling whether the player to
    /// move has a legal move.
    fn end(&self, has_move: impl FnOnce() -> bool) -> Option<Outcome> {
        if self.goal_reached() {
            return Some(Outcome::Win {
                winner: self.turn,
                reason: EndReason::Goal,
            });
        }
        (!has_move()).then(|| Outcome::Win {
            winner: !self.turn,
            reason: EndReason::stuck(self.men(self.turn) > 0),
        })
    }

    /// The player to move, when he wins at the start of his turn: more men on the
    /// opponent's home row than the opponent has on his.
    #[inline]
    fn goal_reached(&self) -> bool {
        self.crossings(self.turn) > self.crossings(!self.turn)
    }
}

// The options

/// The rule options of Epaminondas; both are off by default, as the Italian rules text
/// names neither ([the Epaminondas rulings](crate::rulings#epaminondas)).
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

/// The key of the symmetry option in the hash (it changes the legal moves): a flag of
/// the position, as the engine keys one.
const SYMMETRY_KEY: u64 = counter_key(0, Color::White, 1);

impl<B: EpaminondasBoard> EpaminondasPosition<B> {
    /// The same position with other rule options.
    pub fn with_options(mut self, options: EpaminondasOptions) -> Self {
        self.options = options;
        self.hash = self.full_hash();
        self
    }

    /// The rule options.
    pub fn options(&self) -> EpaminondasOptions {
        self.options
    }

    /// Whether the symmetry option forbids `mv`: it increases the mover's crossings and
    /// leaves a position that is its own mirror image.
    fn breaks_symmetry(&self, mv: &PhalanxMove<B>) -> bool {
        if !self.options.symmetry {
            return false;
        }
        let mut next = self.clone();
        next.apply(mv);
        next.crossings(self.turn) > self.crossings(self.turn) && next.mirror_symmetric()
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

    /// The hash computed whole: the keys of every man and of the state beside them
    /// ([`side_hash`](Self::side_hash)).
    fn full_hash(&self) -> u64 {
        Color::ALL.into_iter().fold(self.side_hash(), |h, c| {
            h ^ men_key(c, self.men[c.index()], Self::SQUARES)
        })
    }

    /// The keys of the state beside the men: the side to move and the symmetry option.
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

// The traits every ruleset implements

impl<B: EpaminondasBoard> Position for EpaminondasPosition<B> {
    type Move = PhalanxMove<B>;

    const NAME: &'static str = B::RULESET;

    /// Epaminondas has no ranks.
    const CROWNING: bool = false;

    fn start() -> Self {
        let mut p = Self::empty();
        p.men = Self::SET_UP;
        p.hash = p.full_hash();
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
        // a player with a move to make: stop at the first one
        self.end(|| !self.generate(|m| self.breaks_symmetry(&m)))
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn parse_move(&self, text: &str) -> Result<PhalanxMove<B>, MoveParseError> {
        let (from, capture, to) = Self::read_move_text(text)?;
        if let Some(o) = self.outcome() {
            return Err(MoveParseError::GameOver(o));
        }
        // a tail names its own group: only its moves are read against
        let mut legal = MoveList::new();
        match from {
            Some(tail) => self.legal_moves_from(tail, &mut legal),
            None => self.legal_moves(&mut legal),
        }
        Self::match_move_text(text, from, capture, to, &legal)
    }

    fn repetition_draws(&self) -> bool {
        self.options.repetition
    }

    fn men(&self, color: Color) -> usize {
        self.men[color.index()].count()
    }

    fn board_view(&self) -> Option<BoardView<'_>> {
        let g = B::geometry();
        let stacks = g
            .squares()
            .map(|sq| {
                Color::ALL
                    .into_iter()
                    .find(|c| self.men[c.index()].contains(sq))
                    .map_or(Stack::EMPTY, |c| Stack::single(Man::new(c)))
            })
            .collect();
        Some(BoardView::owned(g, stacks, self.turn))
    }

    fn diagram(&self) -> String {
        self.draw()
    }

    /// The outcome from the listed moves: whether there is one.
    fn outcome_among(&self, legal: &[PhalanxMove<B>]) -> Option<Outcome> {
        self.end(|| !legal.is_empty())
    }

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

    /// Inlined: the invariant checks read back every listed move with it.
    #[inline(always)]
    fn parse_move_among(
        &self,
        text: &str,
        legal: &[PhalanxMove<B>],
    ) -> Result<PhalanxMove<B>, MoveParseError> {
        self.read_move_among(text, legal)
    }

    /// Every text from two look-ups of the engine's packed from-to texts, without the
    /// formatting machinery.
    fn write_move_texts(moves: &[PhalanxMove<B>], out: &mut String, ends: &mut Vec<usize>) {
        Self::write_texts(moves, out, ends);
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

#[cfg(feature = "serde")]
crate::text::serde::serde_as_text!(impl<B: EpaminondasBoard> EpaminondasPosition<B>, read);
#[cfg(feature = "serde")]
crate::text::serde::serde_as_text!(impl<B: EpaminondasBoard> PhalanxMove<B>);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position() {
        let e = Epaminondas::start();
        assert_eq!(e.men(Color::White), 28);
        assert_eq!(e.men(Color::Black), 28);
        assert_eq!(e.zobrist(), e.full_hash());
        assert_ne!(e.zobrist(), 0);
        let n = NeoCrossings::start();
        assert_eq!((n.men(Color::White), n.men(Color::Black)), (16, 16));
        assert_eq!(n.crossings(Color::White), 0);
    }

    /// Puts a man of `c` on `s` (lifting an enemy man there), keeping the hash.
    fn put_man<B: EpaminondasBoard>(p: &mut EpaminondasPosition<B>, c: Color, s: Square) {
        lift_man(p, !c, s);
        if !p.men[c.index()].contains(s) {
            p.men[c.index()].insert(s);
            p.hash ^= man_keys(c)[s.index()];
        }
    }

    /// Lifts a man of `c` from `s` if there is one, keeping the hash.
    fn lift_man<B: EpaminondasBoard>(p: &mut EpaminondasPosition<B>, c: Color, s: Square) {
        if p.men[c.index()].contains(s) {
            p.men[c.index()].remove(s);
            p.hash ^= man_keys(c)[s.index()];
        }
    }

    /// `apply` walking the squares by the geometry's neighbours, as it did before it
    /// stepped by index: the reference of a unit test.
    fn apply_by_neighbours<B: EpaminondasBoard>(
        p: &mut EpaminondasPosition<B>,
        mv: &PhalanxMove<B>,
    ) {
        let g = B::geometry();
        let me = p.turn;
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
            lift_man(p, me, s);
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
                        Some(x) if p.men[(!me).index()].contains(x) => {
                            lift_man(p, !me, x);
                            e = g.neighbour(x, d);
                        }
                        _ => break,
                    }
                }
            }
            put_man(p, me, s);
        }
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
                apply_by_neighbours(&mut by_neighbours, mv);
                assert_eq!(by_index, by_neighbours, "{pos} {mv}");
                assert_eq!(by_index.zobrist(), by_index.full_hash());
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

    /// The hash is the engine's: the keys of lone men on their squares, Black to move,
    /// the symmetry option as a flag.
    #[test]
    fn the_hash_is_the_engines_keys_of_lone_men() {
        let p: NeoCrossings = "8/8/8/3b4/8/8/8/w7 b symmetry".parse().unwrap();
        let key = |c, sq| crate::engine::zobrist::column_key(sq, Stack::single(Man::new(c)));
        let d5 = B8::geometry().parse_square("d5").unwrap();
        let expected =
            key(Color::White, Square(0)) ^ key(Color::Black, d5) ^ BLACK_TO_MOVE ^ SYMMETRY_KEY;
        assert_eq!(p.zobrist(), expected);
        assert_ne!(SYMMETRY_KEY, 0);
        assert_ne!(SYMMETRY_KEY, BLACK_TO_MOVE);
    }

    type B8 = Grid8x8;
}
