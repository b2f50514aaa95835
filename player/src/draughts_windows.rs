//! The windows of the draughts games' [patterns](crate::patterns): the board seen
//! through overlapping windows of 4 by 4 squares, each of whose dark squares is empty,
//! holds a man of the side to move or a man of the other side (3^8 states a window),
//! read from the men's bitboards.
//!
//! Kings are not in the windows (the hand-written terms weigh them). The position is
//! always seen from the side to move: with Black to move the board is turned half a
//! turn and the colours swapped, so one table serves both sides and holds the tempo.

use column_checkers::Geometry;

use crate::patterns::Patterns;
use crate::shape::half_turn;

/// The squares of a window's side.
const SIDE: i32 = 4;

/// The states of a half window (its 4 squares): 3^4.
const HALF_STATES: u16 = 81;
/// The most squares of a band of two rows ([`DraughtsWindows`]' tables are indexed by them).
const BAND_SQUARES: u32 = 12;
/// The most half windows across a band (a byte each in a table's entry).
const ACROSS: usize = 4;

/// The windows of a board and how its sets are turned half a turn.
///
/// A window of 4 by 4 squares is two half windows of 2 rows by 4 columns, one above
/// the other. The board is cut into bands of two rows; a band's men, read as one
/// number, index a table that gives each of the band's half windows its state's
/// digit sum (a square's digit 1 for a man, its weight 3^j for the half window's j-th
/// square), a byte each: the side to move's sum plus twice the other side's is the
/// half window's state. Each half window serves the two windows it is part of.
///
/// ```
/// use column_checkers::custom::{Board, CheckersRules};
/// use column_checkers::games::InternationalRules;
/// use column_checkers_player::draughts_windows::DraughtsWindows;
///
/// let g = <<InternationalRules as CheckersRules>::Board as Board>::geometry();
/// let windows = DraughtsWindows::new(g).unwrap();
/// assert_eq!(windows.windows(), 16);
/// // one man of the side to move on square 1 (index 0): one window sees him
/// let mut states = [0u16; 16];
/// windows.states(1, 0, false, &mut states);
/// assert_eq!(states.iter().filter(|&&s| s != 0).count(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraughtsWindows {
    /// Each band's first square index and its number of squares (its squares are
    /// numbered in a row).
    bands: Vec<(u8, u8)>,
    /// `tables[table_of[b]][men]`: the digit sums of band `b`'s half windows.
    tables: Vec<Vec<u32>>,
    table_of: Vec<u8>,
    /// Each window's two half windows (`band * 4 + column`), the lower rows' first.
    windows: Vec<(u8, u8)>,
    /// The squares of the board.
    squares: usize,
    /// `turned[i]`: the index of the square half a turn from square `i`.
    turned: Vec<u8>,
    /// Whether half a turn maps index `i` to `squares - 1 - i` (a bit reversal).
    reversal: bool,
}

impl DraughtsWindows {
    /// The windows of 4 by 4 squares of the board of `g`, two squares apart each way
    /// (16 on the 10x10 board, 9 on the 8x8 one). `None` for a board these windows do
    /// not fit: one whose two rows' squares are not numbered in a row, more than 12
    /// squares to two rows or more than 4 half windows across, or an odd height.
    pub fn new(g: &Geometry) -> Option<DraughtsWindows> {
        let (width, height) = (i32::from(g.width()), i32::from(g.height()));
        let squares = g.len();
        let columns: Vec<i32> = (0..=width - SIDE).step_by(2).collect();
        if height % 2 != 0 || columns.len() > ACROSS || squares > 64 || height > 64 {
            return None;
        }
        let (mut bands, mut tables, mut table_of) =
            (Vec::new(), Vec::<Vec<u32>>::new(), Vec::new());
        for y0 in (0..height).step_by(2) {
            let band: Vec<usize> = (y0..y0 + 2)
                .flat_map(|y| (0..width).map(move |x| (x, y)))
                .filter_map(|(x, y)| g.square_at(x, y))
                .map(|sq| sq.index())
                .collect();
            let lo = *band.iter().min()?;
            let len = band.len();
            if len as u32 > BAND_SQUARES || band.iter().max()? + 1 - lo != len {
                return None;
            }
            // each half window's squares, as their bits in the band, in index order
            let halves: Vec<Vec<usize>> = columns
                .iter()
                .map(|&x0| {
                    let mut inside: Vec<usize> = (y0..y0 + 2)
                        .flat_map(|y| (x0..x0 + SIDE).map(move |x| (x, y)))
                        .filter_map(|(x, y)| g.square_at(x, y))
                        .map(|sq| sq.index() - lo)
                        .collect();
                    inside.sort_unstable();
                    inside
                })
                .collect();
            if halves.iter().any(|h| h.len() > 4) {
                return None;
            }
            let table: Vec<u32> = (0..1usize << len)
                .map(|men| {
                    halves.iter().enumerate().fold(0u32, |sum, (c, h)| {
                        let digits: u32 = h
                            .iter()
                            .enumerate()
                            .filter(|&(_, &bit)| men & (1 << bit) != 0)
                            .map(|(j, _)| 3u32.pow(j as u32))
                            .sum();
                        sum | digits << (8 * c)
                    })
                })
                .collect();
            let at = tables.iter().position(|t| *t == table).unwrap_or_else(|| {
                tables.push(table);
                tables.len() - 1
            });
            table_of.push(at as u8);
            bands.push((lo as u8, len as u8));
        }
        let across = columns.len();
        let mut windows = Vec::new();
        for b in 0..bands.len().saturating_sub(1) {
            for c in 0..across {
                let at = |b: usize| (b * ACROSS + c) as u8;
                windows.push((at(b), at(b + 1)));
            }
        }
        let turned = half_turn(g);
        let reversal = turned
            .iter()
            .enumerate()
            .all(|(i, &t)| usize::from(t) == squares - 1 - i);
        Some(DraughtsWindows {
            bands,
            tables,
            table_of,
            windows,
            squares,
            turned,
            reversal,
        })
    }

    /// The number of windows.
    pub fn windows(&self) -> usize {
        self.windows.len()
    }

    /// `set` (bit `i` for square `i`) turned half a turn.
    fn turn(&self, set: u64) -> u64 {
        if self.reversal {
            set.reverse_bits() >> (64 - self.squares)
        } else {
            let mut out = 0;
            let mut rest = set;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                out |= 1 << self.turned[i];
                rest &= rest - 1;
            }
            out
        }
    }

    /// The states of the half windows (`band * 4 + column`), a byte each, for the side
    /// to move, whose men are `mine` and the other side's `theirs` (bit `i` for square
    /// `i`); `turned`: the side to move is Black, whose board is seen turned half a turn.
    #[inline]
    fn halves(&self, mine: u64, theirs: u64, turned: bool) -> [u8; 4 * 32] {
        let (mine, theirs) = if turned {
            (self.turn(mine), self.turn(theirs))
        } else {
            (mine, theirs)
        };
        let mut half = [0u8; 4 * 32];
        for ((&(lo, len), &t), row) in self
            .bands
            .iter()
            .zip(&self.table_of)
            .zip(half.chunks_exact_mut(ACROSS))
        {
            let table = &self.tables[usize::from(t)];
            let mask = (1u64 << len) - 1;
            let sums =
                table[((mine >> lo) & mask) as usize] + 2 * table[((theirs >> lo) & mask) as usize];
            row.copy_from_slice(&sums.to_le_bytes());
        }
        half
    }

    /// The state of each window (below [`STATES`](crate::patterns::STATES)) from its half windows' states.
    #[inline]
    fn each_state<'a>(&'a self, half: &'a [u8; 4 * 32]) -> impl Iterator<Item = usize> + 'a {
        self.windows.iter().map(move |&(low, high)| {
            usize::from(half[usize::from(low)])
                + usize::from(HALF_STATES) * usize::from(half[usize::from(high)])
        })
    }

    /// Each window's state (`out[w]`, below [`STATES`]) for the side to move, whose men
    /// are `mine` and the other side's `theirs` (bit `i` for square `i`); `turned`: the
    /// side to move is Black, whose board is seen turned half a turn.
    pub fn states(&self, mine: u64, theirs: u64, turned: bool, out: &mut [u16]) {
        let half = self.halves(mine, theirs, turned);
        for (o, s) in out.iter_mut().zip(self.each_state(&half)) {
            *o = s as u16;
        }
    }

    /// The value under `patterns` of a position whose side to move has the men
    /// `mine`, the other side `theirs` (bit `i` for square `i`), with `pieces` pieces
    /// on the board; `turned`: Black is to move.
    #[inline]
    pub fn score(
        &self,
        patterns: &Patterns,
        mine: u64,
        theirs: u64,
        turned: bool,
        pieces: usize,
    ) -> i32 {
        let half = self.halves(mine, theirs, turned);
        patterns.blend(self.each_state(&half), pieces)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::STATES;
    use column_checkers::custom::Board;
    use column_checkers::custom::CheckersRules;
    use column_checkers::games::{InternationalRules, RussianRules};

    fn geometry<R: CheckersRules>() -> &'static Geometry {
        <R::Board as Board>::geometry()
    }

    #[test]
    fn the_windows_cover_the_board_with_eight_squares_each() {
        for (g, windows) in [
            (geometry::<InternationalRules>(), 16),
            (geometry::<RussianRules>(), 9),
        ] {
            let layout = DraughtsWindows::new(g).unwrap();
            assert_eq!(layout.windows(), windows);
            assert!(layout.reversal);
            // one table serves every band
            assert_eq!(layout.tables.len(), 1);
            // a man on a square alone: the windows that see him, each once
            let mut seen = vec![0; g.len()];
            let mut out = vec![0u16; windows];
            for (i, n) in seen.iter_mut().enumerate() {
                layout.states(1 << i, 0, false, &mut out);
                for &s in &out {
                    if s != 0 {
                        // one square's digit 1: a power of 3
                        assert!((0..8).any(|j| s == 3u16.pow(j)), "{s}");
                        *n += 1;
                    }
                }
            }
            // every square in a window or more, every window 8 squares
            assert!(seen.iter().all(|&n| (1..=4).contains(&n)), "{seen:?}");
            assert_eq!(seen.iter().sum::<usize>(), 8 * windows);
        }
        // Lasca's 7 rows do not cut into bands of two
        let lasca = geometry::<column_checkers::games::LascaRules<false, false>>();
        assert_eq!(DraughtsWindows::new(lasca), None);
    }

    #[test]
    fn a_state_names_each_square_once() {
        let layout = DraughtsWindows::new(geometry::<InternationalRules>()).unwrap();
        let mut out = [0u16; 16];
        layout.states(0, 0, false, &mut out);
        assert_eq!(out, [0; 16]);
        // every dark square of the board mine: each window's state is 1 + 3 + ... + 3^7
        layout.states((1 << 50) - 1, 0, false, &mut out);
        assert_eq!(out, [3280; 16]);
        layout.states(0, (1 << 50) - 1, true, &mut out);
        assert_eq!(out, [6560; 16]);
        // square 1 (index 0) is the first square of the top right window; turned, the
        // last square of the bottom left one
        layout.states(1, 0, false, &mut out);
        assert_eq!(out.iter().filter(|&&s| s != 0).count(), 1);
        layout.states(1, 0, true, &mut out);
        assert_eq!(out.iter().filter(|&&s| s != 0).count(), 1);
        assert!(out.contains(&2187));
    }

    #[test]
    fn the_score_is_the_value_of_the_states() {
        use column_checkers::playout::SplitMix64;
        let layout = DraughtsWindows::new(geometry::<InternationalRules>()).unwrap();
        let mut p = Patterns::zero(16, 40);
        let mut rng = SplitMix64::new(3);
        let mut random = || (rng.below(201) as i16) - 100;
        let n = 16 * STATES;
        let (m, e): (Vec<i16>, Vec<i16>) = (0..n).map(|_| (random(), random())).unzip();
        p.set_values(&m, &e);
        let mut rng = SplitMix64::new(4);
        for k in 0..200 {
            // disjoint random men of the two sides
            let a = rng.next_u64() & ((1 << 50) - 1);
            let b = rng.next_u64() & ((1 << 50) - 1) & !a;
            let (turned, pieces) = (k % 2 == 1, k % 45);
            let mut states = [0u16; 16];
            layout.states(a, b, turned, &mut states);
            assert_eq!(
                layout.score(&p, a, b, turned, pieces),
                p.value(&states, pieces)
            );
        }
    }
}
