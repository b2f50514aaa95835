//! **Emergo** (Christian Freeling & Ed van Zon, 1986): column checkers from an empty
//! board, with men entered from hand.
//!
//! The rules, as the designers' texts give them and `DECISIONS.md` rules the open
//! points:
//!
//! - The board starts empty; each player has 12 men in hand; White moves first.
//! - A move is a capture, an entry or a step, in that order of precedence: a player who
//!   can capture must; otherwise a player with men in hand must enter; otherwise he
//!   steps a column to a vacant neighbouring square (any of the four directions).
//! - **Capture**: a column jumps an adjacent enemy-topped column to the vacant square
//!   beyond and takes its *top man only*, which goes under the capturer at once. It
//!   goes on jumping while it can, in any direction but straight back (no 180° turn);
//!   it may revisit squares, jump a column again while that column's top man is still
//!   the enemy's, and end on its own origin. **Majority capture**: a route taking the
//!   most men must be chosen (ties free).
//! - **Entering**: one man on a vacant square; once the opponent has nothing left in
//!   hand, all the men left in hand at once as one column, the *shadowpiece*. White's
//!   very first entry may not be on the centre (e5). **No feeding**: an entry may not
//!   let the opponent capture, unless the entering player is already under attack (the
//!   opponent, were it his turn, would have a capture).
//! - **End**: a player to move who controls no column and has nothing in hand loses; a
//!   player to move who has a piece but no legal move (men in hand and no legal entry
//!   included) draws; threefold repetition draws (through [`Game`](crate::Game)).
//!
//! The ruleset is generic over its board ([`EmergoBoard`]): [`Emergo`] is the 41-square
//! board of the seeds.

use crate::board::{Board, Geometry};
use crate::capture::{CaptureGenerator, CapturePolicy, Leap, Majority, Rejump, Taking, Transfer};
use crate::color::Color;
use crate::columns::Columns;
use crate::error::{MoveParseError, PositionError, PositionErrorKind as K};
use crate::moves::{Move, MoveKind, MoveList, Route};
use crate::position::{EndReason, Outcome, Position};
use crate::square::{DirectionSet, Square, SquareSet};
use crate::stack::{Man, Rank, Stack};
use crate::text;
use crate::zobrist::{counter_key, BLACK_TO_MOVE};
use core::fmt;
use core::str::FromStr;
use std::sync::OnceLock;

/// A board Emergo can be played on: the geometry plus the game's numbers on it.
pub trait EmergoBoard: Board {
    /// Men each player has in hand at the start.
    const MEN: u8;
    /// The square White may not enter on with the first move of the game.
    fn centre() -> Square;
}

/// Emergo's board: the 41 dark squares of a 9x9 board, named in the seeds' oblique
/// coordinates. Letter lines `a`–`i` and number lines `1`–`9`; square (L, N) exists when
/// |L − e| + |N − 5| ≤ 4; neighbours differ by one step along one line (four
/// directions); the corners are a5, e1, e9 and i5; the centre is e5.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Oblique9;

impl Board for Oblique9 {
    fn geometry() -> &'static Geometry {
        static G: OnceLock<Geometry> = OnceLock::new();
        G.get_or_init(|| {
            Geometry::new(
                "emergo-41",
                9,
                9,
                |x, y| (x as i32 - 4).abs() + (y as i32 - 4).abs() <= 4,
                &[(1, 0), (0, 1), (-1, 0), (0, -1)],
            )
        })
    }
}

impl EmergoBoard for Oblique9 {
    const MEN: u8 = 12;
    fn centre() -> Square {
        Self::geometry().square_at(4, 4).expect("e5 exists")
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
    #[inline]
    fn directions(&self, _commander: Man) -> DirectionSet {
        DirectionSet(self.directions)
    }
    #[inline]
    fn leap(&self, _commander: Man) -> Leap {
        Leap::Short
    }
    #[inline]
    fn taking(&self) -> Taking {
        Taking::Prisoner
    }
    #[inline]
    fn transfer(&self) -> Transfer {
        Transfer::Immediate
    }
    #[inline]
    fn rejump(&self) -> Rejump {
        Rejump::WhileEnemyTopped
    }
    #[inline]
    fn no_reversal(&self) -> bool {
        true
    }
    #[inline]
    fn majority(&self) -> Majority {
        Majority::MostCaptures
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

/// Emergo on its 41-square board.
pub type Emergo = EmergoPosition<Oblique9>;

impl<B: EmergoBoard> EmergoPosition<B> {
    fn capture_rules() -> EmergoCapture {
        EmergoCapture {
            directions: DirectionSet::first(B::geometry().direction_count()).0,
        }
    }

    /// The empty board with `B::MEN` men in each hand, White to move.
    pub fn new() -> Self {
        EmergoPosition {
            columns: Columns::new(),
            turn: Color::White,
            hand: [B::MEN; 2],
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
        CaptureGenerator::new(&Self::capture_rules(), &self.columns, !color).exists()
    }

    /// The vacant squares where an entry by `color` would let the opponent capture the
    /// entered column at once (feeding): next to an enemy-topped column with a vacant
    /// square on the far side.
    pub fn feeding_squares(&self, color: Color) -> SquareSet {
        let g = B::geometry();
        let vacant = self.columns.vacant();
        let mut out = SquareSet::EMPTY;
        for x in self.columns.owned(!color) {
            for d in g.directions() {
                if let Some(s) = g.neighbour(x, d).filter(|&s| vacant.contains(s)) {
                    if g.neighbour(s, d).is_some_and(|y| vacant.contains(y)) {
                        out.insert(s);
                    }
                }
            }
        }
        out
    }

    /// The squares where the side to move may enter now, and how many men it enters
    /// (all in hand as the shadowpiece when the opponent has none left), assuming it
    /// has no capture and men in hand.
    fn entries(&self) -> (SquareSet, u8) {
        let side = self.turn;
        let mut targets = self.columns.vacant();
        if side == Color::White && self.columns.occupied().is_empty() {
            targets.remove(B::centre());
        }
        if !self.under_attack(side) {
            targets = targets - self.feeding_squares(side);
        }
        let men = if self.hand[(!side).index()] == 0 {
            self.hand[side.index()]
        } else {
            1
        };
        (targets, men)
    }

    fn no_pieces(&self) -> bool {
        self.hand[self.turn.index()] == 0 && self.columns.owned(self.turn).is_empty()
    }

    /// Calls `out` with every legal capture move and returns whether there was one.
    fn captures(&self, out: &mut MoveList<Move<B>>) -> bool {
        let before = out.len();
        CaptureGenerator::new(&Self::capture_rules(), &self.columns, self.turn)
            .routes(|r| out.push(Move::capture(r)));
        out.len() > before
    }

    /// The legal move equivalent (ruling 1) to an arbitrary capture route, if the route
    /// is a legal one.
    fn equivalent_capture(&self, route: &Route) -> Option<Move<B>> {
        let rules = Self::capture_rules();
        let gen = CaptureGenerator::new(&rules, &self.columns, self.turn);
        let mut target = None;
        gen.all_routes(|r, h| {
            if r == *route {
                target = Some(h);
            }
        });
        let h = target?;
        let mut canonical = None;
        gen.all_routes(|r, rh| {
            if canonical.is_none() && rh == h && r.from() == route.from() {
                canonical = Some(r);
            }
        });
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        // the listed move with the same origin and result
        legal.iter().copied().find(|m| match m.kind() {
            MoveKind::Capture(r) => Some(*r) == canonical,
            _ => false,
        })
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

impl<B: EmergoBoard> Default for EmergoPosition<B> {
    fn default() -> Self {
        Self::new()
    }
}

impl<B: EmergoBoard> Position for EmergoPosition<B> {
    type Move = Move<B>;
    const NAME: &'static str = "emergo";

    fn start() -> Self {
        Self::new()
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&self, out: &mut MoveList<Move<B>>) {
        out.clear();
        if self.no_pieces() || self.captures(out) {
            return;
        }
        let side = self.turn;
        if self.hand[side.index()] > 0 {
            let (targets, men) = self.entries();
            for sq in targets {
                out.push(Move::enter(sq, men));
            }
            return;
        }
        let g = B::geometry();
        let vacant = self.columns.vacant();
        for from in self.columns.owned(side) {
            for d in g.directions() {
                if let Some(to) = g.neighbour(from, d).filter(|&t| vacant.contains(t)) {
                    out.push(Move::step(from, to));
                }
            }
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.no_pieces() {
            return 0;
        }
        let rules = Self::capture_rules();
        let gen = CaptureGenerator::new(&rules, &self.columns, self.turn);
        if gen.exists() {
            return gen.count();
        }
        let side = self.turn;
        if self.hand[side.index()] > 0 {
            return self.entries().0.count();
        }
        let g = B::geometry();
        let vacant = self.columns.vacant();
        self.columns
            .owned(side)
            .iter()
            .map(|from| {
                g.directions()
                    .filter(|&d| g.neighbour(from, d).is_some_and(|t| vacant.contains(t)))
                    .count()
            })
            .sum()
    }

    fn play_unchecked(&mut self, mv: &Move<B>) {
        let side = self.turn;
        match *mv.kind() {
            MoveKind::Enter { to, men } => {
                let men = men.clamp(1, self.hand[side.index()].max(1));
                self.columns.set(to, Stack::uniform(side, men as usize));
                self.hand[side.index()] = self.hand[side.index()].saturating_sub(men);
            }
            MoveKind::Step { from, to } => {
                let s = self.columns.take(from);
                self.columns.set(to, s);
            }
            MoveKind::Capture(ref r) => {
                CaptureGenerator::apply(&Self::capture_rules(), &mut self.columns, side, r)
            }
        }
        self.turn = !side;
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.no_pieces() {
            return Some(Outcome::Win {
                winner: !self.turn,
                reason: EndReason::NoPieces,
            });
        }
        (self.count_legal_moves() == 0).then_some(Outcome::Draw {
            reason: EndReason::NoLegalMove,
        })
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.columns.hash() ^ self.extra_hash()
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.columns.full_hash() ^ self.extra_hash()
    }

    fn parse_move(&self, text: &str) -> Result<Move<B>, MoveParseError> {
        if let Some(o) = self.outcome() {
            return Err(MoveParseError::GameOver(o));
        }
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        crate::notation::match_move(text, &legal, |r| self.equivalent_capture(r))
    }

    fn men(&self, color: Color) -> usize {
        self.columns.men(color) + self.in_hand(color)
    }

    fn men_are_conserved(&self) -> bool {
        true
    }

    fn diagram(&self) -> String {
        let mut s = text::grid_diagram(&self.columns, B::geometry().direction_count() == 6);
        s.push_str(&format!(
            "{} to move; in hand: White {}, Black {}\n",
            self.turn, self.hand[0], self.hand[1]
        ));
        s
    }
}

impl<B: EmergoBoard> EmergoPosition<B> {
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
        let bad = || PositionError::new(K::BadNumber(hand.to_string()), off);
        let (w, b) = hand.split_once('/').ok_or_else(bad)?;
        let parse = |t: &str| {
            t.parse::<u8>()
                .ok()
                .filter(|&n| n <= B::MEN)
                .ok_or_else(bad)
        };
        let hand = [parse(w)?, parse(b)?];
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_shape() {
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

    #[test]
    fn start_text_round_trips() {
        let p = Emergo::start();
        assert_eq!(p.to_string(), "- w 12/12");
        assert_eq!("- w 12/12".parse::<Emergo>().unwrap(), p);
    }
}
