//! Emergo's pure endgame classes, with nothing in hand.

use super::ruleset::{self, expand, outcome_value};
use super::table::Table;
use super::{PositionClass, Successor, Value};
use crate::alloc_prelude::*;
use crate::engine::board::Board;
use crate::engine::color::Color;
use crate::engine::columns::Columns;
use crate::engine::moves::Move;
#[cfg(test)]
use crate::engine::moves::MoveList;
use crate::engine::position::Position;
use crate::engine::square::Square;
use crate::engine::stack::{Man, Stack};
use crate::games::emergo::{Emergo, Oblique9};
use once_cell::race::OnceBox;

/// Men of each colour in the game (and on the board in these classes).
pub(crate) const MEN: u8 = 12;
const SQUARES: usize = 41;

/// One pure column: where it stands, its cap and its prisoners.
///
/// A column is **pure** when it is a cap of its owner's men over prisoners of the other
/// colour only — in Emergo every column is, since a capture puts the taken man under
/// the capturer (so a column only ever gains prisoners of the one enemy colour) and
/// takes the top man off the jumped one. The classes here hold all 24 men of the game
/// on the board, 12 of each colour, none in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PureColumn {
    /// Its square.
    pub square: Square,
    /// Men of its owner on top.
    pub cap: u8,
    /// Men of the other colour under them.
    pub prisoners: u8,
}

/// The pure columns of each colour of an Emergo position with nothing in hand and
/// `men` men of each colour on the board, or `None` when it is not one (men in hand or
/// missing, a column not pure).
pub fn pure_columns(pos: &Emergo, men_each: u8) -> Option<[Vec<PureColumn>; 2]> {
    if pos.in_hand(Color::White) != 0 || pos.in_hand(Color::Black) != 0 {
        return None;
    }
    let mut out = [Vec::new(), Vec::new()];
    let mut men = [0usize; 2];
    for (square, s) in pos.columns().iter() {
        let owner = s.owner()?;
        if s.layers() > 2 || s.top_is_king() {
            return None;
        }
        let cap = s.cap();
        let prisoners = s.height() - cap;
        men[owner.index()] += cap;
        men[(!owner).index()] += prisoners;
        out[owner.index()].push(PureColumn {
            square,
            cap: cap as u8,
            prisoners: prisoners as u8,
        });
    }
    (men == [men_each as usize; 2]).then_some(out)
}

fn pure_stack(owner: Color, cap: u8, prisoners: u8) -> Stack {
    static STACKS: OnceBox<Vec<Stack>> = OnceBox::new();
    let all = STACKS.get_or_init(|| {
        let mut v = Vec::with_capacity(2 * 13 * 13);
        for o in Color::ALL {
            for c in 0..=MEN {
                for p in 0..=MEN {
                    let men = (0..p)
                        .map(|_| Man::new(!o))
                        .chain((0..c).map(|_| Man::new(o)));
                    v.push(Stack::from_men_bottom_up(men).expect("at most 24 men"));
                }
            }
        }
        Box::new(v)
    });
    all[(owner.index() * 13 + cap as usize) * 13 + prisoners as usize]
}

fn build(white: &[PureColumn], black: &[PureColumn], turn: Color) -> Emergo {
    let mut columns = Columns::<Oblique9>::new();
    for c in white {
        columns.set(c.square, pure_stack(Color::White, c.cap, c.prisoners));
    }
    for c in black {
        columns.set(c.square, pure_stack(Color::Black, c.cap, c.prisoners));
    }
    Emergo::from_parts(columns, turn, [0, 0])
}

/// A square's oblique coordinates from the centre: (letter − e, number − 5).
pub(crate) fn oblique(sq: Square) -> (i8, i8) {
    let name = Oblique9::geometry().name(sq).as_bytes();
    (name[0] as i8 - b'e' as i8, name[1] as i8 - b'5' as i8)
}

/// The number of steps between two squares (along the lines).
pub fn steps_apart(a: Square, b: Square) -> u32 {
    let (x, y) = oblique(a);
    let (u, v) = oblique(b);
    ((x - u).unsigned_abs() + (y - v).unsigned_abs()) as u32
}

/// The board's eight symmetries, as square maps: the diamond's rotations and
/// reflections (`(x, y)` from the centre to `(±x, ±y)` and `(±y, ±x)`), which map
/// lines to lines and so Emergo's moves with nothing in hand to moves.
pub(crate) fn symmetries() -> &'static [[Square; SQUARES]; 8] {
    static SYM: OnceBox<[[Square; SQUARES]; 8]> = OnceBox::new();
    SYM.get_or_init(|| {
        let g = Oblique9::geometry();
        assert_eq!(g.len(), SQUARES);
        let mut out = [[Square(0); SQUARES]; 8];
        for (k, map) in out.iter_mut().enumerate() {
            for sq in g.squares() {
                let (x, y) = oblique(sq);
                let (x, y) = if k & 4 != 0 { (y, x) } else { (x, y) };
                let x = if k & 1 != 0 { -x } else { x };
                let y = if k & 2 != 0 { -y } else { y };
                let name = format!("{}{}", (b'e' as i8 + x) as u8 as char, 5 + y);
                map[sq.index()] = g.parse_square(&name).expect("the diamond is symmetric");
            }
        }
        Box::new(out)
    })
}

/// Emergo's one column against one: with 12 men of each colour, the game's; smaller
/// numbers make small classes for tests (study positions).
///
/// `c_b` black over `12 − c_w` white (`1 ≤ c_w, c_b ≤ 12`), on any two squares, either
/// side to move: 2 · 12 · 12 · 41 · 40 = **472 320** positions.
///
/// *The class is closed under moves* (up to finished games). With nothing in hand there
/// are no entries, so a move is a step or a capture:
/// - a **step** moves a column unchanged to a vacant square: a position of the class
///   with the other side to move;
/// - a **capture** jumps the enemy column and takes its top man under the capturer: the
///   capturer's cap is unchanged and its prisoners (still all of the enemy's colour)
///   grow by one, the jumped cap shrinks by one. It cannot go on: a second jump would
///   jump the same column again from where it landed, straight back, which the no-180°
///   rule forbids. If the jumped cap had two men or more, the result is the class's
///   position with that cap one smaller (and the capturer's prisoners
///   `12 − (c − 1)`, as the class says); if it had one, the men under it are freed (or
///   nothing is left): the jumped player controls no column and, to move with nothing
///   in hand, **has lost** — a finished game, which the ruleset's
///   [`outcome`](crate::Position::outcome) values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OneOnOne {
    men: u8,
}

impl Default for OneOnOne {
    fn default() -> Self {
        OneOnOne { men: MEN }
    }
}

impl OneOnOne {
    /// Positions in the class of the game (12 men each).
    pub const SIZE: u64 = 2 * 12 * 12 * 41 * 40;

    /// The class with `men` men of each colour (1 to 12).
    ///
    /// # Panics
    /// When `men` is 0 or more than 12.
    pub fn with_men(men: u8) -> Self {
        assert!((1..=MEN).contains(&men), "1 to 12 men each");
        OneOnOne { men }
    }

    /// Men of each colour.
    pub fn men(&self) -> u8 {
        self.men
    }

    /// The parts of position `index`: side to move, White's column, Black's column.
    pub fn parts(&self, index: u64) -> (Color, PureColumn, PureColumn) {
        let n = self.men as u64;
        let mut i = index;
        let sb = (i % 40) as u8;
        i /= 40;
        let sw = (i % 41) as u8;
        i /= 41;
        let cb = (i % n) as u8 + 1;
        i /= n;
        let cw = (i % n) as u8 + 1;
        i /= n;
        let turn = if i == 0 { Color::White } else { Color::Black };
        let sb = sb + (sb >= sw) as u8;
        let w = PureColumn {
            square: Square(sw),
            cap: cw,
            prisoners: self.men - cb,
        };
        let b = PureColumn {
            square: Square(sb),
            cap: cb,
            prisoners: self.men - cw,
        };
        (turn, w, b)
    }

    /// Position `index` of the class.
    pub fn position(&self, index: u64) -> Emergo {
        let (turn, w, b) = self.parts(index);
        build(&[w], &[b], turn)
    }

    /// The index of `pos` in the class, if it is one of its positions.
    pub fn index(&self, pos: &Emergo) -> Option<u64> {
        let [w, b] = pure_columns(pos, self.men)?;
        if w.len() != 1 || b.len() != 1 {
            return None;
        }
        let n = self.men as u64;
        let (w, b) = (w[0], b[0]);
        let sw = w.square.0 as u64;
        let sb = b.square.0 as u64 - (b.square.0 > w.square.0) as u64;
        let t = (pos.turn() == Color::Black) as u64;
        Some(((((t * n + w.cap as u64 - 1) * n + b.cap as u64 - 1) * 41 + sw) * 40) + sb)
    }
}

impl PositionClass for OneOnOne {
    fn name(&self) -> String {
        format!("emergo-1v1-pure-{}men-v1", self.men)
    }
    fn size(&self) -> u64 {
        2 * self.men as u64 * self.men as u64 * 41 * 40
    }
    fn successors(&self, index: u64, out: &mut Vec<Successor>) -> Option<Value> {
        let pos = self.position(index);
        expand(&pos, out, |c| self.index(c).map(Successor::Index))
    }
}

/// The numbering of two-on-one (see [`TwoOnOne`]).
struct Layout {
    /// The fundamental region: the squares that are the least of their orbit.
    region: Vec<Square>,
    /// For each square, its region number.
    region_of: [u8; SQUARES],
    /// For each square, the symmetries taking it into the region.
    to_region: Vec<Vec<u8>>,
    a_pairs: Vec<(u8, u8)>,
    a_index: [[u8; 13]; 13],
    p_pairs: Vec<(u8, u8)>,
    p_index: [[u8; 13]; 13],
    square_pairs: Vec<(u8, u8)>,
}

fn layout() -> &'static Layout {
    static L: OnceBox<Layout> = OnceBox::new();
    L.get_or_init(|| {
        let sym = symmetries();
        let rep = |s: usize| (0..8).map(|k| sym[k][s].0).min().expect("8 symmetries");
        let mut region: Vec<Square> = (0..SQUARES)
            .filter(|&s| rep(s) as usize == s)
            .map(|s| Square(s as u8))
            .collect();
        region.sort();
        let mut region_of = [0u8; SQUARES];
        let mut to_region = Vec::new();
        for (s, r) in region_of.iter_mut().enumerate() {
            let target = rep(s);
            *r = region
                .iter()
                .position(|q| q.0 == target)
                .expect("in the region") as u8;
            to_region.push(
                (0..8u8)
                    .filter(|&k| sym[k as usize][s].0 == target)
                    .collect(),
            );
        }
        let mut a_pairs = Vec::new();
        let mut a_index = [[u8::MAX; 13]; 13];
        for a1 in 1..=MEN {
            for a2 in 1..=MEN - a1 {
                a_index[a1 as usize][a2 as usize] = a_pairs.len() as u8;
                a_pairs.push((a1, a2));
            }
        }
        let mut p_pairs = Vec::new();
        let mut p_index = [[u8::MAX; 13]; 13];
        for p1 in 0..MEN {
            for p2 in 0..MEN - p1 {
                p_index[p1 as usize][p2 as usize] = p_pairs.len() as u8;
                p_pairs.push((p1, p2));
            }
        }
        let mut square_pairs = Vec::new();
        for j in 1..40u8 {
            for i in 0..j {
                square_pairs.push((i, j));
            }
        }
        Box::new(Layout {
            region,
            region_of,
            to_region,
            a_pairs,
            a_index,
            p_pairs,
            p_index,
            square_pairs,
        })
    })
}

/// A two-on-one position in parts: the two-column side's columns, the one-column
/// side's column, and whether the two-column side is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoOnOneParts {
    /// The two-column side's columns.
    pub two: [PureColumn; 2],
    /// The one-column side's column.
    pub one: PureColumn,
    /// Whether the two-column side is to move.
    pub two_to_move: bool,
}

impl TwoOnOneParts {
    /// The parts of a two-on-one or one-on-two position.
    pub fn of(pos: &Emergo) -> Option<TwoOnOneParts> {
        let [w, b] = pure_columns(pos, MEN)?;
        let (two, one, side) = match (w.len(), b.len()) {
            (2, 1) => (w, b[0], Color::White),
            (1, 2) => (b, w[0], Color::Black),
            _ => return None,
        };
        Some(TwoOnOneParts {
            two: [two[0], two[1]],
            one,
            two_to_move: pos.turn() == side,
        })
    }

    /// The position, with White as the two-column side.
    pub fn position(&self) -> Emergo {
        let turn = if self.two_to_move {
            Color::White
        } else {
            Color::Black
        };
        build(&self.two, &[self.one], turn)
    }

    fn mapped(&self, k: usize) -> TwoOnOneParts {
        let m = &symmetries()[k];
        let f = |c: PureColumn| PureColumn {
            square: m[c.square.index()],
            ..c
        };
        let mut two = [f(self.two[0]), f(self.two[1])];
        two.sort();
        TwoOnOneParts {
            two,
            one: f(self.one),
            two_to_move: self.two_to_move,
        }
    }

    /// The index of these parts, whose one-column square must be in the region.
    fn raw_index(&self) -> u64 {
        let l = layout();
        let r = self.one.square.0;
        let rank = |s: Square| s.0 - (s.0 > r) as u8;
        let [c1, c2] = if self.two[0].square < self.two[1].square {
            self.two
        } else {
            [self.two[1], self.two[0]]
        };
        let (i, j) = (rank(c1.square) as u64, rank(c2.square) as u64);
        let pair = j * (j - 1) / 2 + i;
        let t = (!self.two_to_move) as u64;
        let region = l.region_of[r as usize] as u64;
        let a = l.a_index[c1.cap as usize][c2.cap as usize] as u64;
        let p = l.p_index[c1.prisoners as usize][c2.prisoners as usize] as u64;
        ((((t * 9 + region) * 780 + pair) * 66 + a) * 78) + p
    }

    /// The class index: the least over the symmetries that take the one-column square
    /// into the region.
    pub fn index(&self) -> u64 {
        layout().to_region[self.one.square.index()]
            .iter()
            .map(|&k| self.mapped(k as usize).raw_index())
            .min()
            .expect("a symmetry into the region")
    }

    /// How many positions (two-on-one, White with two columns, either side to move) the
    /// index of these parts stands for: 0 unless the index is the class's number for
    /// the position (its least), else the size of its orbit under the board's
    /// symmetries.
    pub fn weight(&self, index: u64) -> u64 {
        if self.index() != index {
            return 0;
        }
        let me = self.mapped(0);
        let fixed = (0..8).filter(|&k| self.mapped(k) == me).count() as u64;
        8 / fixed
    }
}

/// Emergo's two columns against one, and one against two; moves to one on one take
/// their values from its solved table ([`OneOnOne`]).
///
/// (`b` over `q`), `a₁ + a₂ + q = 12` and `b + p₁ + p₂ = 12`. Its moves lead to: a step,
/// two-on-one again; a capture by the two-column side (one jump, as above), two-on-one
/// with `b` one smaller, or a finished game when `b` was 1; a capture by the one-column
/// side (which may jump both enemy columns in one route), two-on-one with smaller caps,
/// or, when a jumped cap was a single man, **one-on-two** (its prisoners freed as a
/// column of the capturer's colour), **one-on-one** (nothing under it: the column
/// vanished) or a finished game (both enemy columns gone). One-on-two is two-on-one
/// with the colours exchanged: with nothing in hand Emergo's rules do not tell the
/// colours apart (White's first-entry ban needs an entry), so the class numbers
/// two-on-one and one-on-two together as "the two-column side is White" and solves
/// both at once; one-on-one comes from its own table.
///
/// The board's eight symmetries (the diamond's rotations and reflections, which map
/// lines to lines) and the exchange of the two columns of the two-column side are used:
/// the one-column side's square is brought into a fundamental region of 9 squares, and
/// the two columns are an unordered pair — 2 · 9 · 780 · 66 · 78 = 72 277 920 numbers
/// for the 329 266 080 two-on-one positions (and as many one-on-two).
pub struct TwoOnOne<'a> {
    one_on_one: &'a Table,
}

impl<'a> TwoOnOne<'a> {
    /// Numbers in the class.
    pub const SIZE: u64 = 2 * 9 * 780 * 66 * 78;

    /// Two-on-one positions (White with two columns) the class stands for, either side
    /// to move, before symmetries.
    pub const POSITIONS: u64 = 2 * 41 * 780 * 66 * 78;

    /// The class's name ([`PositionClass::name`]), which its table's file is named
    /// after (`<name>.cctb`).
    pub const NAME: &'static str = "emergo-2v1-pure-sym-v1";

    /// The class over the solved one-on-one table.
    pub fn new(one_on_one: &'a Table) -> Self {
        TwoOnOne { one_on_one }
    }

    /// The parts of number `index`.
    pub fn parts(index: u64) -> TwoOnOneParts {
        let l = layout();
        let mut i = index;
        let p = l.p_pairs[(i % 78) as usize];
        i /= 78;
        let a = l.a_pairs[(i % 66) as usize];
        i /= 66;
        let (ri, rj) = l.square_pairs[(i % 780) as usize];
        i /= 780;
        let r = l.region[(i % 9) as usize];
        i /= 9;
        let unrank = |k: u8| Square(k + (k >= r.0) as u8);
        let b = MEN - p.0 - p.1;
        let q = MEN - a.0 - a.1;
        TwoOnOneParts {
            two: [
                PureColumn {
                    square: unrank(ri),
                    cap: a.0,
                    prisoners: p.0,
                },
                PureColumn {
                    square: unrank(rj),
                    cap: a.1,
                    prisoners: p.1,
                },
            ],
            one: PureColumn {
                square: r,
                cap: b,
                prisoners: q,
            },
            two_to_move: i == 0,
        }
    }

    /// The position of number `index` (White has the two columns).
    pub fn position(index: u64) -> Emergo {
        Self::parts(index).position()
    }

    /// The number of a two-on-one or one-on-two position.
    pub fn index(pos: &Emergo) -> Option<u64> {
        TwoOnOneParts::of(pos).map(|p| p.index())
    }
}

impl PositionClass for TwoOnOne<'_> {
    fn name(&self) -> String {
        Self::NAME.into()
    }
    fn size(&self) -> u64 {
        Self::SIZE
    }
    fn successors(&self, index: u64, out: &mut Vec<Successor>) -> Option<Value> {
        let pos = Self::position(index);
        expand(&pos, out, |c| {
            if let Some(i) = Self::index(c) {
                return Some(Successor::Index(i));
            }
            OneOnOne::default()
                .index(c)
                .map(|i| Successor::Known(self.one_on_one.value(i)))
        })
    }
}

/// The solved tables, for looking positions up.
pub struct EmergoTables {
    /// One on one.
    pub one_on_one: Table,
    /// Two on one (and one on two), when built.
    pub two_on_one: Option<Table>,
}

impl EmergoTables {
    /// Whether tables of the one-on-one class, and with `two_on_one` of the two-on-one
    /// and one-on-two classes as well, know the value of `pos`: a finished game or a
    /// position of one of those classes. Answered without the tables, so that a tool
    /// can refuse a position before it builds them.
    ///
    /// ```
    /// use column_checkers::solver::EmergoTables;
    /// use column_checkers::{Emergo, Position};
    ///
    /// let one: Emergo = "e1:wwwwwwwwwwww,f3:bbbbbbbbbbbb w 0/0".parse().unwrap();
    /// assert!(EmergoTables::would_know(&one, false));
    /// assert!(!EmergoTables::would_know(&Emergo::start(), true));
    /// ```
    pub fn would_know(pos: &Emergo, two_on_one: bool) -> bool {
        outcome_value(pos).is_some()
            || OneOnOne::default().index(pos).is_some()
            || (two_on_one && TwoOnOne::index(pos).is_some())
    }

    /// The value of `pos` for the side to move, when the tables know it (a finished
    /// game, or a position of a solved class).
    pub fn value(&self, pos: &Emergo) -> Option<Value> {
        if let Some(v) = outcome_value(pos) {
            return Some(v);
        }
        if let Some(i) = OneOnOne::default().index(pos) {
            return Some(self.one_on_one.value(i));
        }
        let t = self.two_on_one.as_ref()?;
        TwoOnOne::index(pos).map(|i| t.value(i))
    }

    /// The legal moves of `pos` with the value each leads to for the side to move,
    /// best first; `None` when the tables do not know a move's value.
    pub fn moves(&self, pos: &Emergo) -> Option<Vec<(Move<Oblique9>, Value)>> {
        ruleset::moves_with_values(pos, |p| self.value(p))
    }

    /// A principal variation from `pos`: the winner's fastest and the loser's slowest
    /// moves to the end (at most `max` plies; a drawn position gives none).
    pub fn principal_variation(&self, pos: &Emergo, max: usize) -> Vec<Move<Oblique9>> {
        ruleset::principal_variation(pos, max, |p| self.value(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_on_one_numbering_round_trips() {
        let class = OneOnOne::default();
        assert_eq!(class.size(), OneOnOne::SIZE);
        for i in (0..OneOnOne::SIZE).step_by(97) {
            let pos = class.position(i);
            assert_eq!(class.index(&pos), Some(i), "{pos}");
            let text = pos.to_string();
            assert_eq!(text.parse::<Emergo>().unwrap(), pos);
        }
        assert_eq!(class.index(&Emergo::start()), None);
    }

    #[test]
    fn region_has_nine_squares() {
        let l = layout();
        assert_eq!(l.region.len(), 9);
        assert_eq!(l.square_pairs.len(), 780);
        assert_eq!(l.a_pairs.len(), 66);
        assert_eq!(l.p_pairs.len(), 78);
    }

    #[test]
    fn symmetries_map_neighbours_to_neighbours() {
        let g = Oblique9::geometry();
        for map in symmetries() {
            for s in g.squares() {
                for t in g.squares() {
                    let adjacent =
                        |a: Square, b: Square| g.directions().any(|d| g.neighbour(a, d) == Some(b));
                    assert_eq!(adjacent(s, t), adjacent(map[s.index()], map[t.index()]));
                }
            }
        }
    }

    #[test]
    fn two_on_one_numbering_round_trips() {
        for i in (0..TwoOnOne::SIZE).step_by(100_003) {
            let parts = TwoOnOne::parts(i);
            let pos = parts.position();
            let j = TwoOnOne::index(&pos).unwrap();
            // the number of the position is the least of its symmetric numbers
            assert!(j <= i, "{pos}");
            assert_eq!(TwoOnOne::parts(j).index(), j);
            if parts.weight(i) > 0 {
                assert_eq!(j, i);
            }
        }
    }

    #[test]
    fn symmetric_positions_have_as_many_moves() {
        let mut moves = MoveList::new();
        for i in (0..TwoOnOne::SIZE).step_by(1_000_003) {
            let parts = TwoOnOne::parts(i);
            parts.position().legal_moves(&mut moves);
            let n = moves.len();
            for k in 0..8 {
                let pos = parts.mapped(k).position();
                pos.legal_moves(&mut moves);
                assert_eq!(moves.len(), n, "{pos}");
            }
        }
    }
}
