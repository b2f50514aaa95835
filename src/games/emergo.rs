//! **Emergo** (Christian Freeling & Ed van Zon, 1986): column checkers from an empty
//! board, with men entered from hand.
//!
//! The rules, as the designers' texts give them (Mindsports' English rules of Emergo by
//! Christian Freeling, his rules text in the Zillions of Games package, the Italian rules
//! text of Emergo), with the crate's rulings on the points they leave open (the
//! [Emergo rulings](crate::rulings#emergo)):
//!
//! - The board starts empty; each player has 12 men in hand; White moves first.
//! - A move is a capture, an entry or a step, in that order of precedence: a player who
//!   can capture must; otherwise a player with men in hand must enter; otherwise he
//!   steps a column to a vacant neighbouring square (any direction of the board:
//!   four on the square board, six on the hexagon).
//! - **Capture**: a column jumps an adjacent enemy-topped column to the vacant square
//!   beyond and takes its *top man only*, which goes under the capturer at once. It
//!   goes on jumping while it can, in any direction but straight back (no 180° turn);
//!   it may revisit squares, jump a column again while that column's top man is still
//!   the enemy's, and end on its own origin. **Majority capture**: a route taking the
//!   most men must be chosen (ties free).
//! - **Entering**: one man on a vacant square; once the opponent has nothing left in
//!   hand, all the men left in hand at once as one column, the *shadowpiece*. White's
//!   very first entry may not be on the centre (e5; d4 on the hexagon). **No
//!   feeding**: an entry may not let the opponent capture, unless the entering player
//!   is already under attack (the opponent, were it his turn, would have a capture).
//! - **End**: a player to move who controls no column and has nothing in hand loses; a
//!   player to move who has a piece but no legal move (men in hand and no legal entry
//!   included) draws; threefold repetition draws (through [`Game`](crate::engine::game::Game)).
//!   See [the end of a game](crate::rulings#the-end-of-a-game).
//!
//! The ruleset is generic over its board ([`EmergoBoard`]): [`Emergo`] is the 41-square
//! board of the rules texts, [`HexEmergo`] the same rules on the 37-cell hexagon
//! ([`Hex37`], six directions, centre d4; the [HexEmergo rulings](crate::rulings#hexemergo)).

use crate::alloc_prelude::*;
use crate::engine::board::{Board, Geometry, Shifts};
use crate::engine::capture::{
    CaptureGenerator, CapturePolicy, CapturePromotion, CaptureRules, FirstJumps, Leap, Majority,
    Prisoners, Rejump, Reversal,
};
use crate::engine::color::Color;
use crate::engine::columns::Columns;
use crate::engine::error::{MoveParseError, PositionError, PositionErrorKind as K};
use crate::engine::introspect::{Introspect, MoveInfo, MoveKind};
use crate::engine::moves::{Move, MoveList, MovePath, MoveSquares, Route};
use crate::engine::outcome::{EndReason, Outcome};
use crate::engine::position::Position;
use crate::engine::shapes::dark::dark_rows;
use crate::engine::shapes::hex::Hex37;
use crate::engine::square::each_direction;
use crate::engine::square::{DirectionSet, Square, SquareSet};
use crate::engine::stack::{Man, Rank, Stack};
use crate::engine::zobrist::{counter_key, BLACK_TO_MOVE};
use crate::text::position_text as text;
use core::fmt;
use core::str::FromStr;
use once_cell::race::OnceBox;

/// A board Emergo can be played on: the geometry plus the game's numbers on it.
pub trait EmergoBoard: Board {
    /// The ruleset's name on this board ([`Position::NAME`]), e.g. `"emergo"`.
    const NAME: &'static str;
    /// Men each player has in the game: in hand at the start of the standard game.
    const MEN: u8;
    /// The men on the board at the start, as the columns field of the position text;
    /// the men of a colour not on the board are in hand. The default, `-`, is the
    /// empty board of the standard game; a set-up variant lists its men here (it must
    /// be a valid columns field for the board, with at most [`MEN`](Self::MEN) men of
    /// each colour).
    const START_COLUMNS: &'static str = "-";
    /// The square White may not enter on with the first move of the game.
    fn centre() -> Square;
}

/// Emergo's board: the 41 dark squares of a 9x9 board, named in the oblique
/// coordinates of Emergo's rules texts (e5 the centre). Letter lines `a`–`i` and number lines `1`–`9`; square (L, N) exists when
/// |L − e| + |N − 5| ≤ 4; neighbours differ by one step along one line (four
/// directions); the corners are a5, e1, e9 and i5; the centre is e5.
///
/// Internally the squares are indexed as the dark squares of the 9x9 board seen
/// orthogonally (a5 top left, e9 top right, e1 bottom left, i5 bottom right), where
/// every step along a line is a constant bit shift; diagrams draw the board as a diamond.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Oblique9;

/// Oblique9's directions on its indexing grid: one step along a number line (L + 1),
/// along a letter line (N + 1), and back.
const OBLIQUE_STEPS: [(i8, i8); 4] = [(1, -1), (1, 1), (-1, 1), (-1, -1)];

impl Board for Oblique9 {
    const SHIFTS: Option<Shifts> = Shifts::of_grid(9, &dark_rows::<9>(), &OBLIQUE_STEPS);

    fn geometry() -> &'static Geometry {
        static G: OnceBox<Geometry> = OnceBox::new();
        G.get_or_init(|| {
            // orthogonal grid (file f, rank r from 0): f = L + N - 5, r = N - L + 3
            let g = Geometry::new("emergo-41", 9, 9, |f, r| (f + r) % 2 == 0, &OBLIQUE_STEPS);
            let oblique: Vec<(u8, u8)> = g
                .squares()
                .map(|s| {
                    let (f, r) = g.coords(s);
                    ((f + 8 - r) / 2, (f + r) / 2)
                })
                .collect();
            let names = oblique
                .iter()
                .map(|&(l, n)| format!("{}{}", (b'a' + l) as char, n + 1))
                .collect();
            Box::new(g.with_names(names).with_display(9, 9, oblique))
        })
    }
}

impl EmergoBoard for Oblique9 {
    const NAME: &'static str = "emergo";
    const MEN: u8 = 12;
    fn centre() -> Square {
        Self::geometry().square_at(4, 4).expect("e5 exists")
    }
}

/// HexEmergo: Emergo on the 37-cell hexagon, six directions, 12 men each, White's
/// first entry not on the centre d4.
impl EmergoBoard for Hex37 {
    const NAME: &'static str = "hexemergo";
    const MEN: u8 = 12;
    fn centre() -> Square {
        Self::geometry().square_at(3, 3).expect("d4 exists")
    }
}

/// HexEmergo's set-up variant for correspondence play (the pbmserv text, and the
/// Zillions variant "HexEmergo – Set up"): the [`Hex37`] hexagon with **13** men each,
/// all on the board at the start — White on a1–d1, a2–e2 and b3–e3, Black on d7–g7,
/// c6–g6 and c5–f5 — and none in hand, so the game starts in the movement phase,
/// White first. Not the standard game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hex37Setup;

impl Board for Hex37Setup {
    fn geometry() -> &'static Geometry {
        Hex37::geometry()
    }
}

impl EmergoBoard for Hex37Setup {
    const NAME: &'static str = "hexemergo-setup";
    const MEN: u8 = 13;
    const START_COLUMNS: &'static str = "a1:w,b1:w,c1:w,d1:w,a2:w,b2:w,c2:w,d2:w,e2:w,\
        b3:w,c3:w,d3:w,e3:w,c5:b,d5:b,e5:b,f5:b,c6:b,d6:b,e6:b,f6:b,g6:b,d7:b,e7:b,f7:b,g7:b";
    fn centre() -> Square {
        Hex37::centre()
    }
}

/// Emergo's capture rules for the [`CaptureGenerator`]: short leaps in every direction,
/// the top man taken prisoner at once, re-jumps while enemy-topped, no 180° turn,
/// majority capture counted in men.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EmergoCapture {
    directions: u8,
}

impl CapturePolicy for EmergoCapture {
    type Taking = Prisoners;
    const RULES: CaptureRules = CaptureRules {
        rejump: Rejump::WhileEnemyTopped,
        reversal: Some(Reversal::AnyTurnBack),
        majority: Majority::MostCaptures,
        promotion: CapturePromotion::Never,
    };
    #[inline]
    fn directions(&self, _commander: Man) -> DirectionSet {
        DirectionSet(self.directions)
    }
    #[inline]
    fn leap(&self, _commander: Man) -> Leap {
        Leap::Short
    }
}

/// A position of Emergo on board `B`: the columns, the side to move and the men in
/// hand.
///
/// # Position text
/// `<columns> <side> <white in hand>/<black in hand>`, where `<columns>` is `-` or
/// `square:men` items joined by commas, men **bottom to top** (`w`, `b`), and `<side>`
/// is `w` or `b`. The start is `- w 12/12`; Freeling's majority example is
/// `c5:b,d6:b,e5:b,f4:wwww,g4:w,h4:bb w 0/0`.
///
/// A position may hold fewer men than the game (a study position: men in hand are
/// whatever the text says), never more. Columns must be a cap over prisoners of one
/// colour, the only columns captures can build.
///
/// `Display` writes that text; the alternate form `{:#}` draws the board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct EmergoPosition<B: EmergoBoard> {
    columns: Columns<B>,
    turn: Color,
    hand: [u8; 2],
}

/// `legal_move_at`'s panic message.
const BELOW: &str = "pick(n) is below n";

/// The kind of move due in a position (see `EmergoPosition::due`).
enum Due {
    /// None: the game is over.
    Nothing,
    /// Captures, listed.
    Captures,
    /// Entries of `men` men on the squares of `targets` (perhaps none: a draw).
    Entries { targets: SquareSet, men: u8 },
    /// Steps (perhaps none: a draw).
    Steps,
}

/// Emergo on its 41-square board.
pub type Emergo = EmergoPosition<Oblique9>;

/// HexEmergo (Freeling): the Emergo rules on the 37-cell hexagon [`Hex37`], with six
/// directions to step and capture in; White's first entry may not be on d4.
///
/// ```
/// use column_checkers::{HexEmergo, MoveList, Position};
///
/// let pos = HexEmergo::start();
/// let mut moves = MoveList::new();
/// pos.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 36); // any cell but the centre d4
/// assert!(pos.parse_move("d4").is_err());
/// ```
pub type HexEmergo = EmergoPosition<Hex37>;

/// HexEmergo's 13-men set-up variant ([`Hex37Setup`]): `start()` is the set-up
/// position, 13 men each on the board, none in hand, White to move.
///
/// ```
/// use column_checkers::{HexEmergoSetup, Position};
///
/// let pos = HexEmergoSetup::start();
/// assert_eq!(pos.men(column_checkers::Color::Black), 13);
/// assert!(pos.to_string().ends_with(" w 0/0"));
/// ```
pub type HexEmergoSetup = EmergoPosition<Hex37Setup>;

impl<B: EmergoBoard> EmergoPosition<B> {
    fn capture_rules() -> EmergoCapture {
        EmergoCapture {
            directions: DirectionSet::first(B::geometry().direction_count()).0,
        }
    }

    /// The empty board with `B::MEN` men in each hand, White to move.
    fn new() -> Self {
        EmergoPosition {
            columns: Columns::new(),
            turn: Color::White,
            hand: [B::MEN; 2],
        }
    }

    /// A position from its parts, unchecked (the endgame classes number positions
    /// they build this way).
    #[cfg(feature = "solver")]
    pub(crate) fn from_parts(columns: Columns<B>, turn: Color, hand: [u8; 2]) -> Self {
        EmergoPosition {
            columns,
            turn,
            hand,
        }
    }

    /// The columns on the board.
    pub fn columns(&self) -> &Columns<B> {
        &self.columns
    }

    /// Men `color` still has in hand.
    pub fn in_hand(&self, color: Color) -> usize {
        self.hand[color.index()] as usize
    }

    /// Whether `color` is under attack: the opponent, were it his turn, could capture.
    pub fn under_attack(&self, color: Color) -> bool {
        self.first_jumps().can_capture(!color)
    }

    /// The vacant squares where an entry by `color` would let the opponent capture the
    /// entered column at once (feeding): next to an enemy-topped column with a vacant
    /// square on the far side.
    pub fn feeding_squares(&self, color: Color) -> SquareSet {
        self.first_jumps().exposed(color)
    }

    /// Both sides' first jumps and the squares an entry would feed, in one pass.
    #[inline]
    fn first_jumps(&self) -> FirstJumps {
        FirstJumps::new(&Self::capture_rules(), &self.columns).expect("Emergo's columns leap short")
    }

    /// The squares where the side to move may enter now, and how many men it enters
    /// (all in hand as the shadowpiece when the opponent has none left), assuming it
    /// has no capture and men in hand; `jumps` are this position's first jumps.
    #[inline]
    fn entries(&self, jumps: &FirstJumps) -> (SquareSet, u8) {
        let side = self.turn;
        let mut targets = self.columns.vacant();
        if side == Color::White && self.columns.occupied().is_empty() {
            targets.remove(B::centre());
        }
        // no feeding, unless already under attack
        if !jumps.can_capture(!side) {
            targets -= jumps.exposed(side);
        }
        let men = if self.hand[(!side).index()] == 0 {
            self.hand[side.index()]
        } else {
            1
        };
        (targets, men)
    }

    /// The outcome ([`Position::outcome`]), `has_move` telling whether the player to
    /// move has a legal move.
    fn end(&self, has_move: impl FnOnce() -> bool) -> Option<Outcome> {
        if self.no_pieces() {
            return Some(Outcome::Win {
                winner: !self.turn,
                reason: EndReason::NoPieces,
            });
        }
        (!has_move()).then_some(Outcome::Draw {
            reason: EndReason::NoLegalMove,
        })
    }

    fn no_pieces(&self) -> bool {
        self.hand[self.turn.index()] == 0 && self.columns.owned(self.turn).is_empty()
    }

    /// What kind of move is due; when it is a capture, the capture moves are listed in
    /// `captures` (cleared first, and left empty otherwise).
    #[inline]
    fn due(&self, captures: &mut MoveList<Move<B>>) -> Due {
        captures.clear();
        if self.no_pieces() {
            return Due::Nothing;
        }
        let side = self.turn;
        if self.hand[side.index()] > 0 {
            // both sides' first jumps at once: the entries depend on the opponent's
            let jumps = self.first_jumps();
            if jumps.can_capture(side) {
                self.captures(captures);
                return Due::Captures;
            }
            let (targets, men) = self.entries(&jumps);
            return Due::Entries { targets, men };
        }
        self.captures(captures);
        if captures.is_empty() {
            Due::Steps
        } else {
            Due::Captures
        }
    }

    /// The entries of `men` men on the squares of `targets`, in reading order (as
    /// listed).
    #[inline]
    fn entry_moves(targets: SquareSet, men: u8) -> impl Iterator<Item = Move<B>> {
        B::geometry()
            .reading_order()
            .iter()
            .filter(move |&&sq| targets.contains(sq))
            .map(move |&sq| Move::entry(sq, men))
    }

    /// The steps of the side to move, as listed: by origin in reading order, then by
    /// direction.
    #[inline]
    fn steps(&self) -> impl Iterator<Item = Move<B>> + '_ {
        let g = B::geometry();
        let vacant = self.columns.vacant();
        g.in_reading_order(self.columns.owned(self.turn))
            .flat_map(move |from| {
                g.directions().filter_map(move |d| {
                    g.neighbour(from, d)
                        .filter(|&to| vacant.contains(to))
                        .map(|to| Move::step(from, to))
                })
            })
    }

    /// The number of [`steps`](Self::steps), on bitboards.
    /// One of the steps of [`steps`](Self::steps), the one at the place `pick` gives
    /// for their number (`None` when there is none), found on bitboards: the origins
    /// of the steps in each direction at once, counted, then only the columns that can
    /// step are looked at (by origin in reading order, then by direction).
    #[inline]
    fn pick_step(&self, pick: impl FnOnce(usize) -> usize) -> Option<Move<B>> {
        let g = B::geometry();
        let vacant = self.columns.vacant();
        let own = self.columns.owned(self.turn);
        let dirs = B::all_directions();
        let mut origins = [SquareSet::EMPTY; 8];
        let mut movers = SquareSet::EMPTY;
        let mut n = 0;
        each_direction!(dirs, d, 'next, {
            let from = B::shift(vacant, B::opposite(d)) & own;
            origins[d.index()] = from;
            movers |= from;
            n += from.count();
        });
        if n == 0 {
            return None;
        }
        let mut k = pick(n);
        for from in g.in_reading_order(movers) {
            for d in dirs.iter() {
                if origins[d.index()].contains(from) {
                    if k == 0 {
                        return g.neighbour(from, d).map(|to| Move::step(from, to));
                    }
                    k -= 1;
                }
            }
        }
        None
    }

    #[inline]
    fn step_count(&self) -> usize {
        let vacant = self.columns.vacant();
        let own = self.columns.owned(self.turn);
        let dirs = B::all_directions();
        let mut n = 0;
        // each direction a constant: so are each shift's masks where the board has them
        each_direction!(dirs, d, 'next, {
            n += (B::shift(own, d) & vacant).count();
        });
        n
    }

    /// Calls `out` with every legal capture move.
    fn captures(&self, out: &mut MoveList<Move<B>>) {
        CaptureGenerator::new(&Self::capture_rules(), &self.columns, self.turn)
            .routes(|r| out.push(Move::capture(r)));
    }

    /// The legal move equivalent (by move identity) to an arbitrary capture route, if the route
    /// is a legal one.
    fn equivalent_capture(&self, route: &Route) -> Option<Move<B>> {
        let rules = Self::capture_rules();
        CaptureGenerator::new(&rules, &self.columns, self.turn)
            .equivalent(route)
            .map(Move::capture)
    }

    fn check(&self, at_end: usize) -> Result<(), PositionError> {
        let g = B::geometry();
        for (sq, s) in self.columns.iter() {
            if let Some(c) = s.men().find(|m| m.rank == Rank::King).map(|m| m.char()) {
                return Err(PositionError::new(K::NoKings(c), 0));
            }
            if s.layers() > 2 {
                return Err(PositionError::new(
                    K::ImpossibleColumn {
                        square: g.name(sq).to_string(),
                        column: s.to_string(),
                        why: "more than two colour layers (captures only add prisoners at the bottom)",
                    },
                    0,
                ));
            }
        }
        for c in Color::ALL {
            let count = self.columns.men(c) + self.in_hand(c);
            if count > B::MEN as usize {
                return Err(PositionError::new(
                    K::TooManyMen {
                        color: c,
                        count,
                        max: B::MEN as usize,
                    },
                    at_end,
                ));
            }
        }
        Ok(())
    }
}

impl<B: EmergoBoard> Position for EmergoPosition<B> {
    type Move = Move<B>;

    const NAME: &'static str = B::NAME;

    const TERMS: crate::engine::position::Terms = crate::engine::position::Terms::Columns;

    /// Emergo has no ranks.
    const CROWNING: bool = false;

    /// The empty board with [`EmergoBoard::MEN`] men in each hand, or the set-up of
    /// [`EmergoBoard::START_COLUMNS`] with the other men in hand.
    ///
    /// # Panics
    /// When the board's `START_COLUMNS` is not a valid columns field (a programming
    /// error in the board definition; the crate's boards are tested).
    fn start() -> Self {
        let mut pos = Self::new();
        if B::START_COLUMNS != "-" {
            pos.columns = text::read_columns(B::START_COLUMNS, 0)
                .expect("the board's START_COLUMNS is a valid columns field");
            for c in Color::ALL {
                let on_board = pos.columns.men(c).min(B::MEN as usize) as u8;
                pos.hand[c.index()] = B::MEN - on_board;
            }
            debug_assert!(pos.check(0).is_ok(), "the board's start position is valid");
        }
        pos
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&self, out: &mut MoveList<Move<B>>) {
        match self.due(out) {
            Due::Entries { targets, men } => {
                out.as_vec_mut().extend(Self::entry_moves(targets, men))
            }
            Due::Steps => out.as_vec_mut().extend(self.steps()),
            Due::Nothing | Due::Captures => {}
        }
    }

    fn play_unchecked(&mut self, mv: &Move<B>) {
        let side = self.turn;
        match *mv.path() {
            MovePath::Entry { to, men } => {
                let men = men.clamp(1, self.hand[side.index()].max(1));
                self.columns.set(to, Stack::uniform(side, men as usize));
                self.hand[side.index()] = self.hand[side.index()].saturating_sub(men);
            }
            MovePath::Step { from, to } => self.columns.move_column(from, to),
            MovePath::Capture(ref r) => {
                CaptureGenerator::apply(&Self::capture_rules(), &mut self.columns, side, r)
            }
        }
        self.turn = !side;
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end(|| self.count_legal_moves() > 0)
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.columns.hash() ^ self.extra_hash()
    }

    fn parse_move(&self, text: &str) -> Result<Move<B>, MoveParseError> {
        if let Some(o) = self.outcome() {
            return Err(MoveParseError::GameOver(o));
        }
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        self.parse_move_among(text, &legal)
    }

    fn men(&self, color: Color) -> usize {
        self.columns.men(color) + self.in_hand(color)
    }

    fn diagram(&self) -> String {
        let mut s = text::grid_diagram(&self.columns, B::geometry().direction_count() == 6);
        s.push_str(&format!(
            "{} to move; in hand: White {}, Black {}\n",
            self.turn, self.hand[0], self.hand[1]
        ));
        s
    }

    fn board_view(&self) -> Option<crate::engine::view::BoardView<'_>> {
        Some(
            crate::engine::view::BoardView::new(B::geometry(), self.columns.stacks(), self.turn)
                .with_hand(self.hand[0] as usize, self.hand[1] as usize),
        )
    }

    /// The outcome from the listed moves: whether there is one.
    fn outcome_among(&self, legal: &[Move<B>]) -> Option<Outcome> {
        self.end(|| !legal.is_empty())
    }

    /// Counts the entries or steps and makes only the one picked.
    fn legal_move_at(
        &self,
        pick: impl FnOnce(usize) -> usize,
        moves: &mut MoveList<Move<B>>,
    ) -> Option<Move<B>> {
        match self.due(moves) {
            Due::Nothing => None,
            Due::Captures => Some(moves[pick(moves.len())]),
            Due::Entries { targets, men } => match targets.count() {
                0 => None,
                n => Some(Move::entry(
                    B::geometry()
                        .nth_in_reading_order(targets, pick(n))
                        .expect(BELOW),
                    men,
                )),
            },
            Due::Steps => self.pick_step(pick),
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.no_pieces() {
            return 0;
        }
        let side = self.turn;
        let rules = Self::capture_rules();
        if self.hand[side.index()] > 0 {
            let jumps = self.first_jumps();
            if jumps.can_capture(side) {
                return CaptureGenerator::new(&rules, &self.columns, side).count();
            }
            return self.entries(&jumps).0.count();
        }
        let gen = CaptureGenerator::new(&rules, &self.columns, side);
        if gen.exists() {
            return gen.count();
        }
        self.step_count()
    }

    /// Plays each move on one scratch copy and [restores](Position::restore) it.
    fn count_replies(&self, moves: &[Move<B>]) -> u64 {
        let mut scratch = self.clone();
        let mut total = 0;
        for mv in moves {
            scratch.play_unchecked(mv);
            total += scratch.count_legal_moves() as u64;
            scratch.restore(self, mv);
        }
        debug_assert!(scratch == *self, "moves taken back exactly");
        total
    }

    /// Puts back only the squares an entry or a step changed; after a capture the whole
    /// position is copied.
    fn restore(&mut self, parent: &Self, mv: &Move<B>) {
        let changed = match *mv.path() {
            MovePath::Entry { to, .. } => SquareSet::from_square(to),
            MovePath::Step { from, to } => {
                SquareSet::from_square(from) | SquareSet::from_square(to)
            }
            MovePath::Capture(_) => {
                self.clone_from(parent);
                return;
            }
        };
        self.columns.restore(&parent.columns, changed);
        self.turn = parent.turn;
        self.hand = parent.hand;
    }

    fn parse_move_among(&self, text: &str, legal: &[Move<B>]) -> Result<Move<B>, MoveParseError> {
        crate::text::notation::match_move(
            text,
            legal,
            |r| self.equivalent_capture(r),
            Self::TERMS,
            Move::to_string,
        )
        .map_err(|e| self.explain_entry(e))
    }

    fn men_are_conserved(&self) -> bool {
        true
    }
}

/// Entries and the shadowpiece are clicked on the square entered; captures by their
/// origin and every landing, any route of the move.
impl<B: EmergoBoard> Introspect for EmergoPosition<B> {
    fn geometry(&self) -> &'static Geometry {
        B::geometry()
    }

    fn describe(&self, mv: &Move<B>) -> Option<MoveInfo> {
        if !self.is_legal(mv) {
            return None;
        }
        let side = self.turn;
        Some(match *mv.path() {
            MovePath::Entry { men, .. } => {
                // all the men left in hand, once the opponent has none
                let kind = if self.hand[(!side).index()] == 0 {
                    MoveKind::Shadowpiece
                } else {
                    MoveKind::Entry
                };
                MoveInfo {
                    men_moved: men as usize,
                    ..MoveInfo::new(mv, kind)
                }
            }
            MovePath::Step { from, .. } => MoveInfo {
                men_moved: self.columns.get(from).height(),
                ..MoveInfo::new(mv, MoveKind::Step)
            },
            MovePath::Capture(ref r) => MoveInfo {
                men_moved: self.columns.get(r.origin()).height(),
                taken: CaptureGenerator::taken(&Self::capture_rules(), &self.columns, side, r),
                ..MoveInfo::new(mv, MoveKind::Capture)
            },
        })
    }

    fn click_paths(&self, out: &mut dyn FnMut(&Move<B>, &[Square])) {
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        self.click_paths_among(&legal, out);
    }

    fn click_paths_among(&self, legal: &[Move<B>], out: &mut dyn FnMut(&Move<B>, &[Square])) {
        if legal.first().is_some_and(|m| m.is_capture()) {
            // the listed captures are the capture generator's routes, in its order
            let listed = legal.iter().filter_map(|m| match m.path() {
                MovePath::Capture(r) => Some(r),
                _ => None,
            });
            let rules = Self::capture_rules();
            CaptureGenerator::new(&rules, &self.columns, self.turn)
                .route_classes_among(listed, |l, r| {
                    out(&Move::capture(*l), &Move::<B>::capture(*r).clicks())
                });
        } else {
            for mv in legal {
                out(mv, &mv.clicks());
            }
        }
    }
}

impl<B: EmergoBoard> EmergoPosition<B> {
    /// An entry refused on an occupied square says so.
    fn explain_entry(&self, e: MoveParseError) -> MoveParseError {
        let MoveParseError::Illegal {
            text,
            hint: Some(hint),
        } = e
        else {
            return e;
        };
        let g = B::geometry();
        let occupied = g
            .parse_square(text.trim_end_matches(['*', '+', '!', '?']))
            .filter(|&sq| !self.columns.get(sq).is_empty());
        let hint = match occupied {
            Some(sq) => {
                let name = g.name(sq);
                let rest = hint
                    .strip_prefix(&format!("no man can be entered on {name} here; "))
                    .or_else(|| {
                        hint.strip_prefix(&format!(
                            "{name} alone names no move here (a move is written by its squares); "
                        ))
                    })
                    .unwrap_or(&hint);
                format!("{name} is occupied: a man is entered on an empty square; {rest}")
            }
            None => hint,
        };
        MoveParseError::Illegal {
            text,
            hint: Some(hint),
        }
    }

    #[inline]
    fn extra_hash(&self) -> u64 {
        let side = if self.turn == Color::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        side ^ counter_key(0, Color::White, self.hand[0] as u32)
            ^ counter_key(0, Color::Black, self.hand[1] as u32)
    }
}

impl<B: EmergoBoard> fmt::Display for EmergoPosition<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f.write_str(&self.diagram());
        }
        text::write_columns(&self.columns, f)?;
        write!(f, " {} {}/{}", self.turn.char(), self.hand[0], self.hand[1])
    }
}

impl<B: EmergoBoard> fmt::Debug for EmergoPosition<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EmergoPosition({self})")
    }
}

impl<B: EmergoBoard> FromStr for EmergoPosition<B> {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Self, PositionError> {
        crate::text::position_text::read_position(s, Self::read_text)
    }
}

impl<B: EmergoBoard> EmergoPosition<B> {
    /// Reads a position text (see [`FromStr`]); the error is quoted by the caller.
    fn read_text(s: &str) -> Result<Self, PositionError> {
        let fields = text::fields(s)?;
        let field = |i: usize, what| {
            fields
                .get(i)
                .copied()
                .ok_or(PositionError::new(K::Missing(what), s.len()))
        };
        let (off, cols) = field(0, "columns")?;
        let columns = text::read_columns::<B>(cols, off)?;
        let (off, side) = field(1, "side to move")?;
        let turn = match side {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            _ => return Err(PositionError::new(K::BadSide(side.to_string()), off)),
        };
        let (off, hand) = field(2, "men in hand (white/black)")?;
        let bad = || PositionError::new(K::BadMenInHand(hand.to_string()), off);
        let (w, b) = hand.split_once('/').ok_or_else(bad)?;
        let parse = |t: &str| {
            (!t.is_empty() && t.bytes().all(|c| c.is_ascii_digit()))
                .then(|| t.parse::<usize>().ok())
                .flatten()
                .ok_or_else(bad)
        };
        let counts = [parse(w)?, parse(b)?];
        // each side's men on the board and in hand against the men of a side, before
        // the counts are narrowed
        for c in Color::ALL {
            let (on_board, in_hand) = (columns.men(c), counts[c.index()]);
            if on_board + in_hand > B::MEN as usize {
                return Err(PositionError::new(
                    K::TooManyMenInHand {
                        color: c,
                        on_board,
                        in_hand,
                        max: B::MEN as usize,
                    },
                    off,
                ));
            }
        }
        let hand = counts.map(|n| n as u8);
        if let Some(&(off, _)) = fields.get(3) {
            return Err(PositionError::new(K::Trailing, off));
        }
        let pos = EmergoPosition {
            columns,
            turn,
            hand,
        };
        pos.check(off)?;
        Ok(pos)
    }
}

#[cfg(feature = "serde")]
crate::text::serde::serde_as_text!(impl<B: EmergoBoard> EmergoPosition<B>, read);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_shape() {
        assert!(Oblique9::SHIFTS.is_some());
        crate::engine::board::assert_constants_are_the_geometrys::<Oblique9>();
        let g = Oblique9::geometry();
        assert_eq!(g.len(), 41);
        for corner in ["a5", "e1", "e9", "i5"] {
            let sq = g.parse_square(corner).unwrap();
            assert_eq!(g.directions().filter_map(|d| g.neighbour(sq, d)).count(), 1);
        }
        assert_eq!(g.name(Oblique9::centre()), "e5");
        assert!(g.parse_square("a1").is_none());
        assert!(g.parse_square("j5").is_none());
        let e5 = g.parse_square("e5").unwrap();
        let mut n: Vec<_> = g
            .directions()
            .filter_map(|d| g.neighbour(e5, d))
            .map(|s| g.name(s).to_string())
            .collect();
        n.sort();
        assert_eq!(n, ["d5", "e4", "e6", "f5"]);
    }

    /// Every index of the legal list gives its move through `legal_move_at`, which
    /// is told the list's length; `None` exactly when the list is empty.
    fn legal_move_at_agrees<B: EmergoBoard>(seed: u64) {
        let mut rng = crate::tools::rng::SplitMix64::new(seed);
        let (mut moves, mut scratch) = (MoveList::new(), MoveList::new());
        let mut seen = [0; 3];
        for _ in 0..20 {
            let mut pos = EmergoPosition::<B>::start();
            loop {
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    let mut called = false;
                    assert_eq!(
                        pos.legal_move_at(
                            |_| {
                                called = true;
                                0
                            },
                            &mut scratch
                        ),
                        None
                    );
                    assert!(!called, "{pos}");
                    break;
                }
                for (i, mv) in moves.iter().enumerate() {
                    let at = pos.legal_move_at(
                        |n| {
                            assert_eq!(n, moves.len(), "{pos}");
                            i
                        },
                        &mut scratch,
                    );
                    assert_eq!(at, Some(*mv), "{pos} {i}");
                }
                seen[match moves[0].path() {
                    MovePath::Entry { .. } => 0,
                    MovePath::Step { .. } => 1,
                    MovePath::Capture(_) => 2,
                }] += 1;
                let mv = moves[rng.below(moves.len())];
                pos.play_unchecked(&mv);
            }
        }
        // entries (unless the game starts with all men on the board), steps and captures
        assert!(
            seen[1] > 0 && seen[2] > 0 && (seen[0] > 0 || B::START_COLUMNS != "-"),
            "{seen:?}"
        );
    }

    #[test]
    fn legal_move_at_is_the_listed_move() {
        legal_move_at_agrees::<Oblique9>(1);
        legal_move_at_agrees::<Hex37>(2);
        legal_move_at_agrees::<Hex37Setup>(3);
    }

    #[test]
    fn start_text_round_trips() {
        let p = Emergo::start();
        assert_eq!(p.to_string(), "- w 12/12");
        assert_eq!("- w 12/12".parse::<Emergo>().unwrap(), p);
    }
}
