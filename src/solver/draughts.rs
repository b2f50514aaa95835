//! Win/loss/draw databases for the draughts games, by material.

use super::bitbase::{Bitbase, Packed, Wld};
#[cfg(feature = "std")]
use super::file::TableError;
use super::ruleset::expand;
use super::wld::{solve_wld, Predecessors, WldStats};
use super::{Options, PositionClass, Successor, Value};
use crate::alloc_prelude::*;
use crate::engine::board::Board;
use crate::engine::capture::{Leap, Removed};
use crate::engine::color::Color;
use crate::engine::moves::MoveList;
use crate::engine::pieces::Pieces;
use crate::engine::position::Position;
use crate::engine::quiet::QuietMoves;
use crate::engine::square::SquareSet;
use crate::engine::stack::Man;
use crate::games::checkers::{CheckersPosition, CheckersRules};
use alloc::collections::BTreeMap;
use core::fmt;
use core::marker::PhantomData;
use core::sync::atomic::{AtomicU64, Ordering};
#[cfg(feature = "std")]
use std::path::Path;

/// The rulesets the databases serve: pieces stand alone on the board ([`Pieces`]) and
/// move by steps (or fly), as in the draughts games.
pub trait DraughtsRules: CheckersRules<Taking = Removed> {}

impl<R: CheckersRules<Taking = Removed>> DraughtsRules for R {}

/// The most pieces of one kind in a slice the numbering serves.
const MAX_GROUP: usize = 8;

/// The material of a slice: men and kings of the side to move (`[0]`) and of the
/// other side (`[1]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Material {
    /// Men: the side to move's, the other side's.
    pub men: [u8; 2],
    /// Kings: the side to move's, the other side's.
    pub kings: [u8; 2],
}

impl Material {
    /// The material with these men and kings for the side to move and the other side.
    pub const fn new(men: [u8; 2], kings: [u8; 2]) -> Material {
        Material { men, kings }
    }

    /// Pieces on the board.
    pub const fn pieces(self) -> u32 {
        (self.men[0] + self.men[1] + self.kings[0] + self.kings[1]) as u32
    }

    /// Men on the board.
    pub const fn total_men(self) -> u32 {
        (self.men[0] + self.men[1]) as u32
    }

    /// The material with the sides exchanged: the slice a quiet move leads to.
    pub const fn mirrored(self) -> Material {
        Material {
            men: [self.men[1], self.men[0]],
            kings: [self.kings[1], self.kings[0]],
        }
    }

    /// Every material of `pieces` pieces with at least one for each side.
    pub fn all(pieces: u32) -> Vec<Material> {
        let mut out = Vec::new();
        for a in 1..pieces {
            let b = pieces - a;
            for m0 in 0..=a {
                for m1 in 0..=b {
                    out.push(Material::new(
                        [m0 as u8, m1 as u8],
                        [(a - m0) as u8, (b - m1) as u8],
                    ));
                }
            }
        }
        out
    }

    /// The material of `pos`, the side to move first.
    pub fn of<R: DraughtsRules>(pos: &CheckersPosition<R>) -> Material {
        let b = pos.board();
        let k = b.kings();
        let me = pos.turn();
        let count = |c: Color| {
            let own = b.owned(c);
            ((own - k).count() as u8, (own & k).count() as u8)
        };
        let (m0, k0) = count(me);
        let (m1, k1) = count(!me);
        Material::new([m0, m1], [k0, k1])
    }
}

impl fmt::Display for Material {
    /// `1m2k-0m1k`: men and kings of the side to move, then of the other side.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}m{}k-{}m{}k",
            self.men[0], self.kings[0], self.men[1], self.kings[1]
        )
    }
}

/// The squares and moves of a ruleset, as the numbering and the moves taken back
/// need them.
#[derive(Clone)]
struct Layout {
    squares: u32,
    all: u64,
    /// The squares a man of each colour may stand on (not its far row).
    men: [u64; 2],
    /// A square's rank among `men[c]`, and the square of a rank.
    men_rank: [[u8; 64]; 2],
    men_at: [[u8; 64]; 2],
    /// The squares from which a man of colour `c` steps to a square.
    steps_back: [[u64; 64]; 2],
    /// A king's lines from a square, each ray's squares in order, in `rays`
    /// from `ray_start[sq * dirs + d]` to the next start.
    rays: Vec<u8>,
    ray_start: Vec<u32>,
    dirs: usize,
    kings_fly: bool,
    /// The square a square turns into when the board turns half round.
    turn_round: [u8; 64],
    binom: [[u64; MAX_GROUP + 1]; 65],
}

impl Layout {
    fn new<R: DraughtsRules>() -> Layout {
        assert!(
            matches!(R::QUIET_MOVES, QuietMoves::Steps),
            "the draughts databases serve rulesets whose pieces move by steps"
        );
        let rules = R::default();
        let g = R::Board::geometry();
        let squares = g.len() as u32;
        assert!(squares <= 64, "boards of at most 64 squares");
        let all = g.all().0;
        // C(n, k) = C(n - 1, k - 1) + C(n - 1, k)
        let mut binom = [[0u64; MAX_GROUP + 1]; 65];
        binom[0][0] = 1;
        for n in 1..65 {
            binom[n][0] = 1;
            for k in 1..=MAX_GROUP {
                binom[n][k] = binom[n - 1][k - 1] + binom[n - 1][k];
            }
        }
        let mut men = [0u64; 2];
        let mut men_rank = [[u8::MAX; 64]; 2];
        let mut men_at = [[u8::MAX; 64]; 2];
        let mut steps_back = [[0u64; 64]; 2];
        for c in Color::ALL {
            let i = c.index();
            men[i] = all & !g.far_row(c).0;
            for (r, s) in SquareSet(men[i]).iter().enumerate() {
                men_rank[i][s.index()] = r as u8;
                men_at[i][r] = s.0;
            }
            let man = Man::new(c);
            assert!(
                matches!(rules.move_leap(man), Leap::Short),
                "men step one square"
            );
            for a in SquareSet(men[i]).iter() {
                for d in rules.move_directions(man).iter() {
                    if let Some(b) = g.neighbour(a, d) {
                        steps_back[i][b.index()] |= 1 << a.0;
                    }
                }
            }
        }
        let king = Man::king(Color::White);
        assert!(
            rules
                .move_directions(king)
                .iter()
                .eq(rules.move_directions(Man::king(Color::Black)).iter()),
            "kings of both colours move alike"
        );
        let king_dirs: Vec<_> = rules.move_directions(king).iter().collect();
        let dirs = king_dirs.len();
        let mut rays = Vec::new();
        let mut ray_start = Vec::new();
        for s in g.squares() {
            for &d in &king_dirs {
                ray_start.push(rays.len() as u32);
                rays.extend(g.ray(s, d).map(|t| t.0));
            }
        }
        ray_start.push(rays.len() as u32);
        let kings_fly = matches!(rules.move_leap(king), Leap::Flying);
        let (w, h) = (g.width() as i32, g.height() as i32);
        let mut turn_round = [u8::MAX; 64];
        for s in g.squares() {
            let (x, y) = g.coords(s);
            let t = g
                .square_at(w - 1 - x as i32, h - 1 - y as i32)
                .expect("the board is the same turned half round");
            turn_round[s.index()] = t.0;
        }
        let layout = Layout {
            squares,
            all,
            men,
            men_rank,
            men_at,
            steps_back,
            rays,
            ray_start,
            dirs,
            kings_fly,
            turn_round,
            binom,
        };
        assert_eq!(
            layout.turned(men[0]),
            men[1],
            "a white man's squares turned round are a black man's"
        );
        layout
    }

    #[inline]
    fn c(&self, n: u32, k: u8) -> u64 {
        self.binom[n as usize][k as usize]
    }

    /// The set turned half round.
    #[inline]
    fn turned(&self, set: u64) -> u64 {
        let mut out = 0;
        let mut s = set;
        while s != 0 {
            out |= 1 << self.turn_round[s.trailing_zeros() as usize];
            s &= s - 1;
        }
        out
    }

    /// How many numbers each group of `m` takes: the side to move's men, the other
    /// side's men, the side to move's kings, the other side's kings.
    fn group_sizes(&self, m: Material) -> [u64; 4] {
        let men = m.total_men();
        let free = self.squares - men;
        [
            self.c(self.men[0].count_ones(), m.men[0]),
            self.c(self.men[1].count_ones(), m.men[1]),
            self.c(free, m.kings[0]),
            self.c(free - m.kings[0] as u32, m.kings[1]),
        ]
    }

    fn size(&self, m: Material) -> u64 {
        self.group_sizes(m).iter().product()
    }

    /// The colex rank of `set`, each square's rank given by `rank`.
    #[inline]
    fn rank(&self, set: u64, rank: impl Fn(usize) -> u32) -> u64 {
        let mut r = 0;
        let mut s = set;
        let mut j = 1u8;
        while s != 0 {
            r += self.c(rank(s.trailing_zeros() as usize), j);
            s &= s - 1;
            j += 1;
        }
        r
    }

    /// The ranks (ascending) of the `k`-set of colex rank `r`, each passed to `put`.
    #[inline]
    fn unrank(&self, mut r: u64, k: u8, mut put: impl FnMut(u32)) {
        for j in (1..=k).rev() {
            let mut x = j as u32 - 1;
            while self.c(x + 1, j) <= r {
                x += 1;
            }
            r -= self.c(x, j);
            put(x);
        }
    }

    /// The number in slice `m` of White's squares `w`, Black's `b` and the kings `k`
    /// (White to move).
    fn index(&self, m: Material, w: u64, b: u64, k: u64) -> u64 {
        let [_, n1, n2, n3] = self.group_sizes(m);
        let (wm, bm) = (w & !k, b & !k);
        let i0 = self.rank(wm, |s| self.men_rank[0][s] as u32);
        let i1 = self.rank(bm, |s| self.men_rank[1][s] as u32);
        let free = self.all & !(wm | bm);
        let below = |f: u64| move |s: usize| (f & ((1u64 << s) - 1)).count_ones();
        let i2 = self.rank(w & k, below(free));
        let free2 = free & !(w & k);
        let i3 = self.rank(b & k, below(free2));
        ((i0 * n1 + i1) * n2 + i2) * n3 + i3
    }

    /// White's squares, Black's and the kings' of number `index` in slice `m`, or
    /// `None` when two men share a square there.
    fn decode(&self, m: Material, index: u64) -> Option<(u64, u64, u64)> {
        let [_, n1, n2, n3] = self.group_sizes(m);
        let i3 = index % n3;
        let rest = index / n3;
        let i2 = rest % n2;
        let rest = rest / n2;
        let i1 = rest % n1;
        let i0 = rest / n1;
        let mut wm = 0u64;
        self.unrank(i0, m.men[0], |x| wm |= 1 << self.men_at[0][x as usize]);
        let mut bm = 0u64;
        self.unrank(i1, m.men[1], |x| bm |= 1 << self.men_at[1][x as usize]);
        if wm & bm != 0 {
            return None;
        }
        let free = self.all & !(wm | bm);
        let wk = select_set(free, |f| self.unrank(i2, m.kings[0], f));
        let bk = select_set(free & !wk, |f| self.unrank(i3, m.kings[1], f));
        Some((wm | wk, bm | bk, wk | bk))
    }

    /// Whether number `index` of slice `m` stands for a position (no two men on one
    /// square).
    fn is_position(&self, m: Material, index: u64) -> bool {
        let [_, n1, n2, n3] = self.group_sizes(m);
        let rest = index / n3 / n2;
        let (i0, i1) = (rest / n1, rest % n1);
        let mut wm = 0u64;
        self.unrank(i0, m.men[0], |x| wm |= 1 << self.men_at[0][x as usize]);
        let mut bm = 0u64;
        self.unrank(i1, m.men[1], |x| bm |= 1 << self.men_at[1][x as usize]);
        wm & bm == 0
    }

    /// The material and number of White's squares `w`, Black's `b`, the kings `k`,
    /// Black to move: turned round, the colours exchanged.
    #[inline]
    fn of_black_to_move(&self, w: u64, b: u64, k: u64) -> (Material, u64) {
        let (w2, b2, k2) = (self.turned(b), self.turned(w), self.turned(k));
        let m = material_of(w2, b2, k2);
        (m, self.index(m, w2, b2, k2))
    }
}

/// The set of the squares of `free` whose ranks in it `ranks` gives.
#[inline]
fn select_set(free: u64, ranks: impl FnOnce(&mut dyn FnMut(u32))) -> u64 {
    let mut out = 0u64;
    ranks(&mut |x| {
        let mut f = free;
        for _ in 0..x {
            f &= f - 1;
        }
        out |= f & f.wrapping_neg();
    });
    out
}

#[inline]
fn material_of(w: u64, b: u64, k: u64) -> Material {
    Material::new(
        [(w & !k).count_ones() as u8, (b & !k).count_ones() as u8],
        [(w & k).count_ones() as u8, (b & k).count_ones() as u8],
    )
}

/// The position of White's squares `w`, Black's `b` and the kings `k`, White to move.
fn position<R: DraughtsRules>(w: u64, b: u64, k: u64) -> CheckersPosition<R> {
    let mut pieces = Pieces::<R::Board>::new();
    for (set, color) in [(w, Color::White), (b, Color::Black)] {
        for s in SquareSet(set).iter() {
            let man = if k >> s.0 & 1 != 0 {
                Man::king(color)
            } else {
                Man::new(color)
            };
            pieces.put(s, man);
        }
    }
    CheckersPosition::from_board(pieces, Color::White)
}

/// A slice and its mirror (or a slice that is its own mirror), solved together: the
/// [`PositionClass`] of the lean solver. Moves out of it take their values from the
/// database, which must hold every slice of fewer pieces, and of as many pieces with
/// fewer men. Its expansion marks the positions with a capture pending.
pub struct SlicePair<'a, R: DraughtsRules> {
    db: &'a Database<R>,
    slices: [Material; 2],
    sizes: [u64; 2],
    /// A bit per number: a capture is pending there (set as positions are expanded).
    captures: Vec<AtomicU64>,
}

impl<R: DraughtsRules> SlicePair<'_, R> {
    /// The slice of number `index`, and its number there.
    #[inline]
    fn locate(&self, index: u64) -> (usize, u64) {
        if index < self.sizes[0] {
            (0, index)
        } else {
            (1, index - self.sizes[0])
        }
    }

    fn offset(&self, part: usize) -> u64 {
        if part == 0 {
            0
        } else {
            self.sizes[0]
        }
    }

    /// The part holding slice `m` (the mirror of the other, or the same one).
    fn part_of(&self, m: Material) -> Option<usize> {
        self.slices.iter().position(|&s| s == m)
    }

    /// Whether the side to move must capture in number `index` (once it is expanded).
    pub fn capture_pending(&self, index: u64) -> bool {
        self.captures[(index / 64) as usize].load(Ordering::Relaxed) >> (index % 64) & 1 != 0
    }
}

impl<R: DraughtsRules> PositionClass for SlicePair<'_, R> {
    fn name(&self) -> String {
        if self.slices[0] == self.slices[1] {
            slice_name::<R>(self.slices[0])
        } else {
            format!("{}+{}", slice_name::<R>(self.slices[0]), self.slices[1])
        }
    }

    fn size(&self) -> u64 {
        self.sizes[0] + self.sizes[1]
    }

    fn is_position(&self, index: u64) -> bool {
        let (part, i) = self.locate(index);
        self.db.layout.is_position(self.slices[part], i)
    }

    fn successors(&self, index: u64, out: &mut Vec<Successor>) -> Option<Value> {
        let (part, i) = self.locate(index);
        let l = &self.db.layout;
        let Some((w, b, k)) = l.decode(self.slices[part], i) else {
            // no position: a draw for the solvers that expand every number
            return Some(Value::Draw);
        };
        let pos = position::<R>(w, b, k);
        let mut capture = false;
        let end = expand(&pos, out, |child| {
            let board = child.board();
            let black = board.owned(Color::Black).0;
            capture |= black != b;
            let (m, j) = l.of_black_to_move(board.owned(Color::White).0, black, board.kings().0);
            Some(match self.part_of(m) {
                Some(p) => Successor::Index(self.offset(p) + j),
                None => Successor::Known(
                    self.db
                        .value(m, j)
                        .unwrap_or_else(|| panic!("slice {m} is solved before it is needed"))
                        .value(),
                ),
            })
        });
        if capture {
            self.captures[(index / 64) as usize].fetch_or(1 << (index % 64), Ordering::Relaxed);
        }
        end
    }
}

impl<R: DraughtsRules> Predecessors for SlicePair<'_, R> {
    fn predecessors(&self, index: u64, out: &mut Vec<u64>) {
        let l = &self.db.layout;
        let (part, i) = self.locate(index);
        let Some((w, b, k)) = l.decode(self.slices[part], i) else {
            return;
        };
        // the piece that moved last is Black's here (White's before the move, in the
        // other slice of the pair)
        let before = if self.slices[0] == self.slices[1] {
            0
        } else {
            1 - part
        };
        let target = self.slices[before];
        let offset = self.offset(before);
        let occupied = w | b;
        let mut add = |from: u64, to: u64, king: bool| {
            let b2 = b & !from | to;
            let k2 = if king { k & !from | to } else { k };
            let (w3, b3, k3) = (l.turned(b2), l.turned(w), l.turned(k2));
            out.push(offset + l.index(target, w3, b3, k3));
        };
        let mut pieces = b;
        while pieces != 0 {
            let s = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let here = 1u64 << s;
            if k & here != 0 {
                for d in 0..l.dirs {
                    let at = s * l.dirs + d;
                    let ray = &l.rays[l.ray_start[at] as usize..l.ray_start[at + 1] as usize];
                    for &t in ray {
                        if occupied >> t & 1 != 0 {
                            break;
                        }
                        add(here, 1 << t, true);
                        if !l.kings_fly {
                            break;
                        }
                    }
                }
            } else {
                let mut from = l.steps_back[Color::Black.index()][s] & !occupied;
                while from != 0 {
                    let t = from.trailing_zeros();
                    from &= from - 1;
                    add(here, 1 << t, false);
                }
            }
        }
    }
}

/// The name of slice `m` of ruleset `R`, written into its table and its file name.
pub fn slice_name<R: DraughtsRules>(m: Material) -> String {
    format!("{}-wld-{m}-v1", R::NAME)
}

/// A slice's table: solved here (every position's value, and where a capture is
/// pending), or packed (read from a file: a position with a capture pending holds no
/// value there, and a probe searches its captures).
#[derive(Clone)]
enum Slice {
    Solved { table: Bitbase, captures: Vec<u64> },
    Packed(Packed),
}

/// The bits `start..start + len` of `words`, from bit 0.
fn bits_part(words: &[u64], start: u64, len: u64) -> Vec<u64> {
    let mut out = vec![0u64; (len as usize).div_ceil(64)];
    for i in 0..len {
        let j = start + i;
        if words[(j / 64) as usize] >> (j % 64) & 1 != 0 {
            out[(i / 64) as usize] |= 1 << (i % 64);
        }
    }
    out
}

/// Whether the side to move in `pos` must capture.
fn capture_pending<R: DraughtsRules>(pos: &CheckersPosition<R>) -> bool {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.first().is_some_and(|m| m.is_capture())
}

/// A win/loss/draw database of a draughts ruleset: a table per slice.
///
/// A **slice** is one material ([`Material`]): so many men and kings for the side to
/// move and for the other side, the side to move always counted first. Positions
/// with Black to move are stored as the board turned half round with the colours
/// exchanged (the rules do not tell the colours apart), so a slice holds only
/// positions of White to move, and a quiet move leads from a slice to its mirror
/// slice (the other side's material first). The two are solved together by the
/// [lean solver](super::solve_wld); every other move leaves them:
///
/// - a **capture** leads to a slice of fewer pieces;
/// - a **promotion** (a man's step onto the far row) to a slice of as many pieces
///   with one man fewer.
///
/// Those are solved first ([`Database::order`]): by pieces, then by men. Within a
/// slice the numbering ranks the side to move's men among the squares a man of its
/// colour may stand on, the other side's men likewise, then the kings among the
/// squares left (combinations in colexicographic order). Two men of opposite colours
/// may be numbered on one square: those numbers stand for no position (a few per
/// cent of the men's numbers).
///
/// **Every position is solved, capture pending or not**: a position whose side to move
/// must capture is valued from the slices its captures lead to when it is expanded.
/// A database built in memory holds every value. **Saved, the positions with a
/// capture pending are left free** ([`Database::packed`]): the packer gives them
/// whatever value lengthens the runs around them, which halves the files; a probe of
/// such a position in a database read from files searches its captures (each leads
/// to fewer pieces). A search that probes only where no capture is pending, as the
/// player's, can skip that test ([`Database::probe_quiet`]).
///
/// The values are by the rules of play alone: threefold repetition draws (play that
/// goes round for ever is a draw); the federations' counted draws (the 25-move and
/// 16-move rules, the Russian code's 15 moves) are not counted, as in the draughts
/// programs' endgame databases, so a "win" may need more moves than a counted draw
/// allows.
///
/// The moves are the ruleset's ([`Position::legal_moves`]); the predecessors (moves
/// taken back, which stay in the slice pair: quiet moves that do not promote) come
/// from the same rules' move directions and leaps, and the tests check, over whole
/// slices, that they are exactly the moves turned round.
///
/// ```
/// use column_checkers::solver::RussianDatabase;
/// use column_checkers::solver::{Options, Wld};
/// use column_checkers::RussianDraughts;
///
/// let db = RussianDatabase::build(2, &Options::default());
/// // a king against a man that has not crowned: the king takes it
/// let pos: RussianDraughts = "a1:W,h6:b w".parse().unwrap();
/// assert_eq!(db.probe(&pos), Some(Wld::Win));
/// // a king each: a draw, but for a king shut in a corner of the main road
/// let pos: RussianDraughts = "c1:W,f8:B b".parse().unwrap();
/// assert_eq!(db.probe(&pos), Some(Wld::Draw));
/// let pos: RussianDraughts = "a1:W,h8:B b".parse().unwrap();
/// assert_eq!(db.probe(&pos), Some(Wld::Loss));
/// ```
///
/// Built with [`build`](Self::build) (or group by group with [`solve`](Self::solve)),
/// saved a file per slice with [`save`](Self::save), read back with
/// [`load`](Self::load), and probed with [`probe`](Self::probe).
#[derive(Clone)]
pub struct Database<R: DraughtsRules> {
    layout: Layout,
    slices: BTreeMap<Material, Slice>,
    rules: PhantomData<R>,
}

impl<R: DraughtsRules> Default for Database<R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: DraughtsRules> fmt::Debug for Database<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Database")
            .field("ruleset", &R::NAME)
            .field("slices", &self.slices.len())
            .finish()
    }
}

impl<R: DraughtsRules> Database<R> {
    /// A database without tables.
    pub fn new() -> Self {
        Database {
            layout: Layout::new::<R>(),
            slices: BTreeMap::new(),
            rules: PhantomData,
        }
    }

    /// The slices of up to `max_pieces` pieces in the order they are solved, a slice
    /// with its mirror (or alone when it is its own): each group's moves out of it
    /// lead to groups before it.
    ///
    /// ```
    /// use column_checkers::solver::{Material, RussianDatabase};
    ///
    /// let order = RussianDatabase::order(2);
    /// // kings only first; a man against a king with its mirror
    /// assert_eq!(order[0], [Material::new([0, 0], [1, 1])]);
    /// assert_eq!(order.len(), 3);
    /// assert_eq!(RussianDatabase::order(5).iter().flatten().count(), 4 + 12 + 25 + 44);
    /// ```
    pub fn order(max_pieces: u32) -> Vec<Vec<Material>> {
        let mut out = Vec::new();
        for n in 2..=max_pieces {
            let mut all = Material::all(n);
            // by men, then a slice before its mirror
            all.sort_by_key(|m| (m.total_men(), *m));
            let mut seen = alloc::collections::BTreeSet::new();
            for m in all {
                let mirror = m.mirrored();
                if seen.insert(m) {
                    seen.insert(mirror);
                    out.push(if m == mirror {
                        vec![m]
                    } else {
                        vec![m, mirror]
                    });
                }
            }
        }
        out
    }

    /// Numbers in slice `m` (a few stand for no position: two men on one square).
    pub fn slice_size(&self, m: Material) -> u64 {
        self.layout.size(m)
    }

    /// The class of a group of [`order`](Self::order): a slice and its mirror, or a
    /// slice that is its own; its moves out of the group read the database.
    ///
    /// # Panics
    /// When `group` is not a slice, or a slice and its mirror.
    pub fn class(&self, group: &[Material]) -> SlicePair<'_, R> {
        let slices = match *group {
            [m] => [m, m],
            [m, n] if n == m.mirrored() => [m, n],
            _ => panic!("a slice, or a slice and its mirror"),
        };
        let sizes = if slices[0] == slices[1] {
            [self.layout.size(slices[0]), 0]
        } else {
            slices.map(|m| self.layout.size(m))
        };
        let words = (sizes[0] + sizes[1]).div_ceil(64) as usize;
        SlicePair {
            db: self,
            slices,
            sizes,
            captures: (0..words).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Solves a group of [`order`](Self::order), whose earlier groups the database
    /// holds, and adds its tables.
    ///
    /// # Panics
    /// When a slice the group's moves lead to is not in the database.
    pub fn solve(&mut self, group: &[Material], opts: &Options<'_>) -> WldStats {
        let class = self.class(group);
        let (slices, sizes) = (class.slices, class.sizes);
        let (table, stats) = solve_wld(&class, opts);
        let captures: Vec<u64> = class
            .captures
            .iter()
            .map(|w| w.load(Ordering::Relaxed))
            .collect();
        drop(class);
        let parts = if sizes[1] == 0 { 1 } else { 2 };
        let mut start = 0;
        for k in 0..parts {
            let solved = Slice::Solved {
                table: table.part(slice_name::<R>(slices[k]), start, sizes[k]),
                captures: bits_part(&captures, start, sizes[k]),
            };
            self.slices.insert(slices[k], solved);
            start += sizes[k];
        }
        stats
    }

    /// The database of every slice of up to `max_pieces` pieces, solved in order.
    pub fn build(max_pieces: u32, opts: &Options<'_>) -> Self {
        let mut db = Self::new();
        for group in Self::order(max_pieces) {
            db.solve(&group, opts);
        }
        db
    }

    /// The table of slice `m` as solved here (every position's value), when the
    /// database solved it (a slice read from a file is [`packed`](Self::packed)).
    pub fn table(&self, m: Material) -> Option<&Bitbase> {
        match self.slices.get(&m)? {
            Slice::Solved { table, .. } => Some(table),
            Slice::Packed(_) => None,
        }
    }

    /// The table of slice `m` packed as it is saved: the positions with a capture
    /// pending are free to take any value, which makes the runs longer.
    pub fn packed(&self, m: Material) -> Option<Packed> {
        Some(match self.slices.get(&m)? {
            Slice::Solved { table, captures } => {
                Packed::pack(table, |i| captures[(i / 64) as usize] >> (i % 64) & 1 != 0)
            }
            Slice::Packed(p) => p.clone(),
        })
    }

    /// The slices the database holds.
    pub fn slices(&self) -> impl Iterator<Item = Material> + '_ {
        self.slices.keys().copied()
    }

    /// The most pieces of a slice the database holds (0 when it holds none): a
    /// position of more pieces is not in it.
    ///
    /// ```
    /// use column_checkers::solver::RussianDatabase;
    /// use column_checkers::solver::Options;
    ///
    /// assert_eq!(RussianDatabase::new().pieces(), 0);
    /// assert_eq!(RussianDatabase::build(3, &Options::default()).pieces(), 3);
    /// ```
    pub fn pieces(&self) -> u32 {
        self.slices.keys().map(|m| m.pieces()).max().unwrap_or(0)
    }

    /// The slice of `pos` (the side to move first) and its number there; `None` when
    /// a side has no piece, or more than 8 pieces of one kind (men or kings of one
    /// side), past what the numbering serves.
    pub fn number(&self, pos: &CheckersPosition<R>) -> Option<(Material, u64)> {
        let b = pos.board();
        let (w, bl, k) = (
            b.owned(Color::White).0,
            b.owned(Color::Black).0,
            b.kings().0,
        );
        let m = material_of(w, bl, k);
        let groups = [m.men[0], m.men[1], m.kings[0], m.kings[1]];
        if w == 0 || bl == 0 || groups.iter().any(|&g| g as usize > MAX_GROUP) {
            return None;
        }
        Some(match pos.turn() {
            Color::White => {
                let m = material_of(w, bl, k);
                (m, self.layout.index(m, w, bl, k))
            }
            Color::Black => self.layout.of_black_to_move(w, bl, k),
        })
    }

    /// The position of number `index` of slice `m` (White to move), or `None` when the
    /// number stands for no position.
    ///
    /// # Panics
    /// When `index` is not a number of the slice.
    pub fn position(&self, m: Material, index: u64) -> Option<CheckersPosition<R>> {
        assert!(index < self.layout.size(m), "number {index} of {m}");
        let (w, b, k) = self.layout.decode(m, index)?;
        Some(position::<R>(w, b, k))
    }

    /// Win, loss or draw for the side to move in `pos`, or `None` when the database
    /// does not hold its slice (nor, where a capture is pending in a slice read from
    /// a file, a slice a capture leads to). A finished game (the side to move has no
    /// piece or no move) is a loss.
    ///
    /// The value is by the rules of play, not counting the counted draws (see
    /// [`Database`]). Where the side to move must capture and the slice was read from a
    /// file, the captures are searched (each leads to fewer pieces).
    pub fn probe(&self, pos: &CheckersPosition<R>) -> Option<Wld> {
        self.look_up(pos, |pos| !capture_pending(pos))
    }

    /// [`probe`](Self::probe) for a position the caller knows has no capture
    /// pending (a search probes only there): the table's value without the capture
    /// test. Where a capture is pending the answer of a slice read from a file means
    /// nothing.
    ///
    /// ```
    /// use column_checkers::solver::RussianDatabase;
    /// use column_checkers::solver::{Options, Wld};
    /// use column_checkers::RussianDraughts;
    ///
    /// let db = RussianDatabase::build(3, &Options::default());
    /// // two kings against one on the main road: a draw
    /// let pos: RussianDraughts = "c1:W,e1:W,a1:B w".parse().unwrap();
    /// assert_eq!(db.probe_quiet(&pos), Some(Wld::Draw));
    /// assert_eq!(db.probe_quiet(&pos), db.probe(&pos));
    /// ```
    pub fn probe_quiet(&self, pos: &CheckersPosition<R>) -> Option<Wld> {
        self.look_up(pos, |_| true)
    }

    /// The value of `pos`: a finished game's, else its slice's; a packed slice's
    /// where `quiet(pos)` says no capture is pending, else by a search of the captures.
    fn look_up(
        &self,
        pos: &CheckersPosition<R>,
        quiet: impl Fn(&CheckersPosition<R>) -> bool,
    ) -> Option<Wld> {
        let b = pos.board();
        let (mine, theirs) = (b.owned(pos.turn()), b.owned(!pos.turn()));
        if mine.is_empty() || theirs.is_empty() {
            return Some(if mine.is_empty() { Wld::Loss } else { Wld::Win });
        }
        let slice = self.slices.get(&Material::of(pos))?;
        let (_, i) = self.number(pos)?;
        match slice {
            Slice::Solved { table, .. } => table.get(i),
            Slice::Packed(p) if quiet(pos) => Some(p.get(i)),
            Slice::Packed(_) => self.search(pos),
        }
    }

    /// The value of number `index` of slice `m` (the side to move has no piece: a
    /// loss); `None` when the database does not hold the slice or the number stands
    /// for no position.
    pub fn value(&self, m: Material, index: u64) -> Option<Wld> {
        if m.men[0] + m.kings[0] == 0 {
            return Some(Wld::Loss);
        }
        match self.slices.get(&m)? {
            Slice::Solved { table, .. } => table.get(index),
            Slice::Packed(_) => self.probe(&self.position(m, index)?),
        }
    }

    /// The best of the values the moves of `pos` lead to (a capture pending).
    fn search(&self, pos: &CheckersPosition<R>) -> Option<Wld> {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut best = Wld::Loss;
        for m in moves.iter() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            match self.probe(&child)?.before() {
                Wld::Win => return Some(Wld::Win),
                Wld::Draw => best = Wld::Draw,
                Wld::Loss => {}
            }
        }
        Some(best)
    }

    /// The name of slice `m`'s file: `<ruleset>-wld-<material>-v1.ccwld`.
    pub fn file_name(m: Material) -> String {
        format!("{}.ccwld", slice_name::<R>(m))
    }

    /// Adds a packed table of slice `m`.
    ///
    /// # Errors
    /// When the table is not slice `m`'s (another name or size): the table is given
    /// back.
    pub fn insert(&mut self, m: Material, table: Packed) -> Result<(), Packed> {
        if table.name() != slice_name::<R>(m) || table.len() != self.layout.size(m) {
            return Err(table);
        }
        self.slices.insert(m, Slice::Packed(table));
        Ok(())
    }

    /// Writes slice `m`'s table, packed, to `dir` (with the `std` feature).
    ///
    /// # Errors
    /// When the file cannot be written.
    ///
    /// # Panics
    /// When the database does not hold slice `m`.
    #[cfg(feature = "std")]
    pub fn save_slice(&self, dir: &Path, m: Material) -> Result<u64, TableError> {
        let packed = self.packed(m).expect("a slice the database holds");
        let bytes = packed.to_bytes();
        let path = dir.join(Self::file_name(m));
        std::fs::write(&path, &bytes).map_err(|source| TableError::Io {
            action: "write",
            path: path.display().to_string(),
            source,
        })?;
        Ok(bytes.len() as u64)
    }

    /// Writes every slice's table to `dir`, a file per slice (with the `std` feature).
    ///
    /// # Errors
    /// When a file cannot be written.
    #[cfg(feature = "std")]
    pub fn save(&self, dir: &Path) -> Result<(), TableError> {
        for m in self.slices() {
            self.save_slice(dir, m)?;
        }
        Ok(())
    }

    /// Reads slice `m`'s table from `dir`: `Ok(false)` when its file is not there
    /// (with the `std` feature).
    ///
    /// # Errors
    /// When the file cannot be read, is not a packed table, is corrupt, or holds
    /// another slice.
    #[cfg(feature = "std")]
    pub fn load_slice(&mut self, dir: &Path, m: Material) -> Result<bool, TableError> {
        let path = dir.join(Self::file_name(m));
        if !path.exists() {
            return Ok(false);
        }
        let t = Packed::load(&path, &slice_name::<R>(m), self.layout.size(m))?;
        self.slices.insert(m, Slice::Packed(t));
        Ok(true)
    }

    /// The database of every slice of up to `max_pieces` pieces, read from `dir` (with
    /// the `std` feature).
    ///
    /// # Errors
    /// When a slice's file is missing, cannot be read, is not a packed table, is
    /// corrupt, or holds another slice.
    #[cfg(feature = "std")]
    pub fn load(dir: &Path, max_pieces: u32) -> Result<Self, TableError> {
        let mut db = Self::new();
        for m in Self::order(max_pieces).into_iter().flatten() {
            if !db.load_slice(dir, m)? {
                let path = dir.join(Self::file_name(m));
                return Err(TableError::Io {
                    action: "read",
                    path: path.display().to_string(),
                    source: std::io::Error::from(std::io::ErrorKind::NotFound),
                });
            }
        }
        Ok(db)
    }
}

#[cfg(feature = "std")]
impl<R: DraughtsRules> Database<R> {
    /// The database of the slices whose files are in `dir`: every piece count from 2
    /// up whose slices' files are all there, up to the first count of which none is
    /// (with the `std` feature). A directory without any of this ruleset's files gives
    /// an empty database ([`pieces`](Self::pieces) 0).
    ///
    /// # Errors
    /// When `dir` cannot be read; when a piece count has some of its slices' files but
    /// not all (an interrupted build: the error names the first missing file); when a
    /// file cannot be read, is not a packed table, is corrupt, or holds another slice.
    ///
    /// ```
    /// use column_checkers::solver::{BrazilianDatabase, Material};
    /// use column_checkers::solver::Options;
    ///
    /// let dir = std::env::temp_dir().join(format!("ccdb-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// BrazilianDatabase::build(3, &Options::default()).save(&dir)?;
    /// assert_eq!(BrazilianDatabase::load_dir(&dir)?.pieces(), 3);
    /// // a slice of 3 pieces gone: the error names its file
    /// let gone = dir.join(BrazilianDatabase::file_name(Material::new([1, 0], [1, 1])));
    /// std::fs::remove_file(&gone)?;
    /// let error = BrazilianDatabase::load_dir(&dir).unwrap_err().to_string();
    /// assert!(error.contains(&*gone.to_string_lossy()), "{error}");
    /// std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load_dir(dir: &Path) -> Result<Self, TableError> {
        std::fs::read_dir(dir).map_err(|source| TableError::Io {
            action: "read",
            path: dir.display().to_string(),
            source,
        })?;
        let mut db = Self::new();
        // the slices' numbering serves up to 8 pieces of one kind: 2 to 16 pieces
        for n in 2..=(4 * MAX_GROUP as u32) {
            let slices: Vec<Material> = Material::all(n)
                .into_iter()
                .filter(|m| {
                    [m.men, m.kings]
                        .iter()
                        .flatten()
                        .all(|&g| g as usize <= MAX_GROUP)
                })
                .collect();
            let there = |m: &Material| dir.join(Self::file_name(*m)).exists();
            if !slices.iter().any(there) {
                break;
            }
            if let Some(missing) = slices.iter().find(|m| !there(m)) {
                return Err(TableError::Io {
                    action: "read",
                    path: dir.join(Self::file_name(*missing)).display().to_string(),
                    source: std::io::Error::new(
                        std::io::ErrorKind::NotFound,
                        format!("missing, while other slices of {n} pieces are there"),
                    ),
                });
            }
            for m in slices {
                db.load_slice(dir, m)?;
            }
        }
        Ok(db)
    }
}

/// The database of international draughts (10x10).
pub type InternationalDatabase = Database<crate::games::draughts::InternationalRules>;
/// The database of Russian draughts (8x8).
pub type RussianDatabase = Database<crate::games::draughts::RussianRules>;
/// The database of Brazilian draughts (8x8).
pub type BrazilianDatabase = Database<crate::games::draughts::BrazilianRules>;
