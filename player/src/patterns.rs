//! Learned pattern weights of the draughts games: the board seen through overlapping
//! windows of 4 by 4 squares, each of whose dark squares is empty, holds a man of the
//! side to move or a man of the other side; each window's every state has a learned
//! value, one for the middle game and one for the endgame, blended by the pieces left.
//!
//! The idea is Scan's (Fabien Letouzey's engine for international draughts): a linear
//! evaluation over many small patterns, fitted to game results, sees formations that
//! hand-written terms do not name. The windows, the file format and the weights here are
//! this crate's own, learned from the player's own games ([`learn`](crate::learn)).
//!
//! Kings are not in the patterns (the hand-written terms weigh them). The position is
//! always seen from the side to move: with Black to move the board is turned half a
//! turn and the colours swapped, so one table serves both sides and holds the tempo.

use column_checkers::Geometry;
use thiserror::Error;

/// The squares of a window's side.
const SIDE: i32 = 4;
/// The most dark squares a window holds (4 rows of 2).
pub const WINDOW_SQUARES: usize = 8;
/// The states of a window of [`WINDOW_SQUARES`] squares: 3 a square.
pub const STATES: usize = 6561;
/// The first bytes of a patterns file.
const MAGIC: &[u8; 8] = b"CCPAT01\n";

/// The states of a half window (its 4 squares): 3^4.
const HALF_STATES: u16 = 81;
/// The most squares of a band of two rows ([`Layout`]' tables are indexed by them).
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
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

impl Layout {
    /// The windows of 4 by 4 squares of the board of `g`, two squares apart each way
    /// (16 on the 10x10 board, 9 on the 8x8 one). `None` for a board these windows do
    /// not fit: one whose two rows' squares are not numbered in a row, more than 12
    /// squares to two rows or more than 4 half windows across, or an odd height.
    pub fn new(g: &Geometry) -> Option<Layout> {
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
        let turned: Vec<u8> = g
            .squares()
            .map(|sq| {
                let (x, y) = g.coords(sq);
                let back = g.square_at(width - 1 - i32::from(x), height - 1 - i32::from(y));
                back.map_or(sq.index(), |s| s.index()) as u8
            })
            .collect();
        let reversal = turned
            .iter()
            .enumerate()
            .all(|(i, &t)| usize::from(t) == squares - 1 - i);
        Some(Layout {
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

    /// The state of each window (below [`STATES`]) from its half windows' states.
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
}

/// Why a patterns file does not read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PatternsError {
    /// The board is not one the windows fit ([`Layout::new`]).
    #[error("the patterns' windows do not fit this board (two rows' squares numbered in a row, at most 12 of them, and 4 windows across)")]
    Board,
    /// The file does not start as a patterns file does.
    #[error("not a patterns file (it starts {0:?}, not \"CCPAT01\")")]
    NotPatterns(String),
    /// The file's windows are not the board's.
    #[error("the file has {found} windows, the board {expected}")]
    Windows {
        /// The board's windows.
        expected: usize,
        /// The file's.
        found: usize,
    },
    /// The file is shorter or longer than its windows say.
    #[error("the file holds {found} bytes of values, not {expected}")]
    Length {
        /// The bytes its windows need.
        expected: usize,
        /// The bytes it has.
        found: usize,
    },
}

/// A board's windows with a value for every state of each, in hundredths of a man: the
/// middle game's and the endgame's.
///
/// ```
/// use column_checkers::{InternationalDraughts, Position};
/// use column_checkers_player::eval::Evaluate;
///
/// let patterns = InternationalDraughts::patterns().unwrap();
/// assert_eq!(patterns.layout().windows(), 16);
/// // the start position's windows, seen by White, with its 40 pieces
/// let mut states = [0u16; 16];
/// let pieces = InternationalDraughts::start().pattern_states(&mut states).unwrap();
/// assert_eq!(pieces, 40);
/// // what the evaluation adds, times the weights' `patterns`
/// let value = patterns.value(&states, pieces);
/// assert!(value.abs() < 1000);
/// // a file's bytes read back on the board
/// use column_checkers::custom::{Board, CheckersRules};
/// use column_checkers::games::InternationalRules;
/// use column_checkers_player::patterns::Patterns;
///
/// let geometry = <<InternationalRules as CheckersRules>::Board as Board>::geometry();
/// let again = Patterns::read(&patterns.to_bytes(), geometry, 40).unwrap();
/// assert_eq!(&again, patterns);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Patterns {
    layout: Layout,
    /// The pieces at which the middle game's values count whole (the pieces of the
    /// starting position).
    full: i32,
    /// `values[w * STATES + s]`: the middle game's and the endgame's value of state `s`
    /// of window `w`, side by side as the evaluation reads them.
    values: Vec<[i16; 2]>,
}

/// The windows and how many values are not 0 (the values themselves are too many to
/// show).
impl core::fmt::Debug for Patterns {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let set = |i: usize| self.values.iter().filter(|v| v[i] != 0).count();
        f.debug_struct("Patterns")
            .field("windows", &self.layout.windows())
            .field("full", &self.full)
            .field("middle_set", &set(0))
            .field("end_set", &set(1))
            .finish()
    }
}

impl Patterns {
    /// All values 0 on the board of `g`, whose starting position has `full` pieces.
    ///
    /// # Errors
    /// [`PatternsError::Board`] for a board the windows do not fit ([`Layout::new`]).
    pub fn zero(g: &Geometry, full: usize) -> Result<Patterns, PatternsError> {
        let layout = Layout::new(g).ok_or(PatternsError::Board)?;
        let n = layout.windows() * STATES;
        Ok(Patterns {
            layout,
            full: full.max(1) as i32,
            values: vec![[0; 2]; n],
        })
    }

    /// The patterns of a file's bytes ([`Patterns::to_bytes`]) on the board of `g`; an
    /// empty file is all values 0.
    ///
    /// # Errors
    /// [`PatternsError`] for bytes not written for this board, or a board the windows
    /// do not fit.
    pub fn read(bytes: &[u8], g: &Geometry, full: usize) -> Result<Patterns, PatternsError> {
        let mut p = Patterns::zero(g, full)?;
        if bytes.is_empty() {
            return Ok(p);
        }
        if bytes.len() < 12 || &bytes[..8] != MAGIC {
            let head = &bytes[..bytes.len().min(8)];
            return Err(PatternsError::NotPatterns(
                String::from_utf8_lossy(head).into_owned(),
            ));
        }
        let windows = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize;
        if windows != p.layout.windows() {
            return Err(PatternsError::Windows {
                expected: p.layout.windows(),
                found: windows,
            });
        }
        let values = &bytes[12..];
        let n = p.values.len();
        if values.len() != 4 * n {
            return Err(PatternsError::Length {
                expected: 4 * n,
                found: values.len(),
            });
        }
        let at = |k: usize| i16::from_le_bytes([values[2 * k], values[2 * k + 1]]);
        for (k, v) in p.values.iter_mut().enumerate() {
            *v = [at(k), at(n + k)];
        }
        Ok(p)
    }

    /// The file's bytes: a magic line, the number of windows, then the middle game's
    /// values and the endgame's, little-endian 16-bit integers.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend((self.layout.windows() as u32).to_le_bytes());
        for half in 0..2 {
            for v in &self.values {
                out.extend(v[half].to_le_bytes());
            }
        }
        out
    }

    /// The board's windows.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The pieces at which the middle game's values count whole.
    pub fn full(&self) -> usize {
        self.full as usize
    }

    /// The values, the middle game's and the endgame's (`w * STATES + s` for state `s`
    /// of window `w`).
    pub fn values(&self) -> (Vec<i16>, Vec<i16>) {
        (
            self.values.iter().map(|v| v[0]).collect(),
            self.values.iter().map(|v| v[1]).collect(),
        )
    }

    /// Sets the values (each [`STATES`] times the windows long).
    ///
    /// # Panics
    /// If a slice's length is not the windows' states.
    pub fn set_values(&mut self, middle: &[i16], end: &[i16]) {
        assert!(middle.len() == self.values.len() && end.len() == self.values.len());
        for ((v, &m), &e) in self.values.iter_mut().zip(middle).zip(end) {
            *v = [m, e];
        }
    }

    /// The value of the windows' states `states` with `pieces` pieces on the board, in
    /// hundredths of a man for the side to move.
    pub fn value(&self, states: &[u16], pieces: usize) -> i32 {
        self.blend(states.iter().map(|&s| usize::from(s)), pieces)
    }

    /// The middle game's and the endgame's sums over each window's state `states`,
    /// blended by the `pieces` on the board.
    #[inline]
    fn blend(&self, states: impl Iterator<Item = usize>, pieces: usize) -> i32 {
        let (mut m, mut e) = (0i32, 0i32);
        for (values, s) in self.values.chunks_exact(STATES).zip(states) {
            let [vm, ve] = values[s];
            m += i32::from(vm);
            e += i32::from(ve);
        }
        let phase = (pieces as i32).min(self.full);
        (m * phase + e * (self.full - phase)) / self.full
    }

    /// The value of a position whose side to move has the men `mine`, the other side
    /// `theirs` (bit `i` for square `i`), with `pieces` pieces on the board; `turned`:
    /// Black is to move.
    pub fn score(&self, mine: u64, theirs: u64, turned: bool, pieces: usize) -> i32 {
        let half = self.layout.halves(mine, theirs, turned);
        self.blend(self.layout.each_state(&half), pieces)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
            let layout = Layout::new(g).unwrap();
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
    }

    #[test]
    fn a_state_names_each_square_once() {
        let layout = Layout::new(geometry::<InternationalRules>()).unwrap();
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
        let g = geometry::<InternationalRules>();
        let mut p = Patterns::zero(g, 40).unwrap();
        let mut rng = SplitMix64::new(3);
        let mut random = || (rng.below(201) as i16) - 100;
        let n = p.values.len();
        let (m, e): (Vec<i16>, Vec<i16>) = (0..n).map(|_| (random(), random())).unzip();
        p.set_values(&m, &e);
        let mut rng = SplitMix64::new(4);
        for k in 0..200 {
            // disjoint random men of the two sides
            let a = rng.next_u64() & ((1 << 50) - 1);
            let b = rng.next_u64() & ((1 << 50) - 1) & !a;
            let (turned, pieces) = (k % 2 == 1, k % 45);
            let mut states = [0u16; 16];
            p.layout.states(a, b, turned, &mut states);
            assert_eq!(p.score(a, b, turned, pieces), p.value(&states, pieces));
        }
    }

    #[test]
    fn a_file_reads_back_and_a_wrong_one_is_named() {
        let g = geometry::<RussianRules>();
        let mut p = Patterns::zero(g, 24).unwrap();
        let (mut m, mut e) = p.values();
        m[5] = 7;
        e[STATES + 1] = -3;
        p.set_values(&m, &e);
        let bytes = p.to_bytes();
        assert_eq!(Patterns::read(&bytes, g, 24), Ok(p.clone()));
        assert_eq!(
            Patterns::read(&[], g, 24),
            Ok(Patterns::zero(g, 24).unwrap())
        );
        assert!(matches!(
            Patterns::read(b"hello world!", g, 24),
            Err(PatternsError::NotPatterns(_))
        ));
        assert!(matches!(
            Patterns::read(&bytes[..bytes.len() - 2], g, 24),
            Err(PatternsError::Length { .. })
        ));
        let ten = geometry::<InternationalRules>();
        assert_eq!(
            Patterns::read(&bytes, ten, 40),
            Err(PatternsError::Windows {
                expected: 16,
                found: 9
            })
        );
        // Lasca's 7 rows do not cut into bands of two
        let lasca = geometry::<column_checkers::games::LascaRules<false, false>>();
        assert_eq!(Patterns::read(&bytes, lasca, 22), Err(PatternsError::Board));
        // the middle game's value whole at 24 pieces, the endgame's at none
        let mut states = [0u16; 9];
        states[0] = 5;
        assert_eq!(p.value(&states, 24), 7);
        assert_eq!(p.value(&states, 0), 0);
        states[1] = 1;
        assert_eq!(p.value(&states, 0), -3);
        assert_eq!(p.value(&states, 12), (7 * 12 - 3 * 12) / 24);
    }
}
