//! Learned pattern values: the board seen through overlapping windows of a few squares,
//! each window's every state with a learned value, one for the middle game and one for
//! the endgame, blended by the pieces left.
//!
//! The idea is Scan's (Fabien Letouzey's engine for international draughts): a linear
//! evaluation over many small patterns, fitted to game results, sees formations that
//! hand-written terms do not name. The windows, the file format and the values here are
//! this crate's own, learned from the player's own games ([`learn`](crate::learn)).
//!
//! This module holds the values and their file; what a window sees is the windows'
//! own: the draughts games' men on their bitboards
//! ([`draughts_windows`](crate::draughts_windows)), the column games' columns on
//! their board view ([`column_windows`](crate::column_windows)). Every window has
//! [`STATES`] states.

use thiserror::Error;

/// The states of a window: 3^8 (a draughts window's 8 squares, 3 states each) or 9^4
/// (a column window's 4 squares, 9 states each).
pub const STATES: usize = 6561;
/// The first bytes of a patterns file.
const MAGIC: &[u8; 8] = b"CCPAT02\n";
/// The bytes of the magic line, the windows and the entries.
const HEADER: usize = 16;
/// The bytes of an entry: its index and its two values.
const ENTRY: usize = 8;

/// Why a patterns file does not read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PatternsError {
    /// The file does not start as a patterns file does.
    #[error("not a patterns file (it starts {0:?}, not \"CCPAT02\")")]
    NotPatterns(String),
    /// The file's windows are not the board's.
    #[error("the file has {found} windows, the board {expected}")]
    Windows {
        /// The board's windows.
        expected: usize,
        /// The file's.
        found: usize,
    },
    /// The file is shorter or longer than its entries say.
    #[error("the file holds {found} bytes of entries, not {expected}")]
    Length {
        /// The bytes its entries need.
        expected: usize,
        /// The bytes it has.
        found: usize,
    },
    /// An entry's index is past the windows' states or not after the entry before.
    #[error(
        "entry {entry} names state {index}, past the windows' states or not after the entry before"
    )]
    Index {
        /// The entry, from 0.
        entry: usize,
        /// The index it names.
        index: u32,
    },
}

/// Windows with a value for every state of each, in hundredths of a man for the side to
/// move: the middle game's and the endgame's.
///
/// ```
/// use column_checkers::{InternationalDraughts, Position};
/// use column_checkers_player::eval::Evaluate;
/// use column_checkers_player::patterns::Patterns;
///
/// let patterns = InternationalDraughts::patterns().unwrap();
/// assert_eq!(patterns.windows(), 16);
/// // the start position's windows, seen by White, with its 40 pieces
/// let mut states = [0u16; 16];
/// let pieces = InternationalDraughts::start().pattern_states(&mut states).unwrap();
/// assert_eq!(pieces, 40);
/// // what the evaluation adds, times the weights' `patterns`
/// let value = patterns.value(&states, pieces);
/// assert!(value.abs() < 1000);
/// // a file's bytes read back
/// let again = Patterns::read(&patterns.to_bytes(), 16, 40).unwrap();
/// assert_eq!(&again, patterns);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Patterns {
    windows: usize,
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
            .field("windows", &self.windows)
            .field("full", &self.full)
            .field("middle_set", &set(0))
            .field("end_set", &set(1))
            .finish()
    }
}

impl Patterns {
    /// All values 0 for `windows` windows on a board whose starting position has
    /// `full` pieces.
    pub fn zero(windows: usize, full: usize) -> Patterns {
        Patterns {
            windows,
            full: full.max(1) as i32,
            values: vec![[0; 2]; windows * STATES],
        }
    }

    /// The patterns of a file's bytes ([`Patterns::to_bytes`]) for `windows` windows;
    /// an empty file is all values 0.
    ///
    /// # Errors
    /// [`PatternsError`] for bytes that are not a patterns file of `windows` windows.
    pub fn read(bytes: &[u8], windows: usize, full: usize) -> Result<Patterns, PatternsError> {
        let mut p = Patterns::zero(windows, full);
        if bytes.is_empty() {
            return Ok(p);
        }
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            let head = &bytes[..bytes.len().min(8)];
            return Err(PatternsError::NotPatterns(
                String::from_utf8_lossy(head).into_owned(),
            ));
        }
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let found = word(8) as usize;
        if found != windows {
            return Err(PatternsError::Windows {
                expected: windows,
                found,
            });
        }
        let entries = word(12) as usize;
        let body = &bytes[HEADER..];
        if body.len() != ENTRY * entries {
            return Err(PatternsError::Length {
                expected: ENTRY.saturating_mul(entries),
                found: body.len(),
            });
        }
        let mut next = 0usize;
        for (entry, e) in body.chunks_exact(ENTRY).enumerate() {
            let index = u32::from_le_bytes([e[0], e[1], e[2], e[3]]);
            let at = index as usize;
            if at < next || at >= p.values.len() {
                return Err(PatternsError::Index { entry, index });
            }
            p.values[at] = [
                i16::from_le_bytes([e[4], e[5]]),
                i16::from_le_bytes([e[6], e[7]]),
            ];
            next = at + 1;
        }
        Ok(p)
    }

    /// The file's bytes: a magic line, the number of windows, the number of states
    /// whose values are not both 0, then for each of them in order its index
    /// (`window * STATES + state`) and its middle game's and endgame's values, all
    /// little-endian (32-bit indices, 16-bit values). Most states of a window are
    /// never seen in a game: their values stay 0 and take no room.
    pub fn to_bytes(&self) -> Vec<u8> {
        let set: Vec<(usize, &[i16; 2])> = self
            .values
            .iter()
            .enumerate()
            .filter(|(_, v)| **v != [0, 0])
            .collect();
        let mut out = MAGIC.to_vec();
        out.extend((self.windows as u32).to_le_bytes());
        out.extend((set.len() as u32).to_le_bytes());
        for (i, [m, e]) in set {
            out.extend((i as u32).to_le_bytes());
            out.extend(m.to_le_bytes());
            out.extend(e.to_le_bytes());
        }
        out
    }

    /// The number of windows.
    pub fn windows(&self) -> usize {
        self.windows
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
    pub(crate) fn blend(&self, states: impl Iterator<Item = usize>, pieces: usize) -> i32 {
        let (mut m, mut e) = (0i32, 0i32);
        for (values, s) in self.values.chunks_exact(STATES).zip(states) {
            let [vm, ve] = values[s];
            m += i32::from(vm);
            e += i32::from(ve);
        }
        let phase = (pieces as i32).min(self.full);
        (m * phase + e * (self.full - phase)) / self.full
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_back_and_a_wrong_one_is_named() {
        let mut p = Patterns::zero(9, 24);
        let (mut m, mut e) = p.values();
        m[5] = 7;
        e[STATES + 1] = -3;
        m[9 * STATES - 1] = 1;
        p.set_values(&m, &e);
        let bytes = p.to_bytes();
        // three states set: the header and three entries
        assert_eq!(bytes.len(), HEADER + 3 * ENTRY);
        assert_eq!(Patterns::read(&bytes, 9, 24), Ok(p.clone()));
        assert_eq!(Patterns::read(&[], 9, 24), Ok(Patterns::zero(9, 24)));
        assert!(matches!(
            Patterns::read(b"hello world, hello!", 9, 24),
            Err(PatternsError::NotPatterns(_))
        ));
        assert!(matches!(
            Patterns::read(&bytes[..bytes.len() - 2], 9, 24),
            Err(PatternsError::Length { .. })
        ));
        assert_eq!(
            Patterns::read(&bytes, 16, 40),
            Err(PatternsError::Windows {
                expected: 16,
                found: 9
            })
        );
        // the entries out of order, and one past the states
        let mut swapped = bytes.clone();
        swapped[HEADER..HEADER + ENTRY].copy_from_slice(&bytes[HEADER + ENTRY..HEADER + 2 * ENTRY]);
        assert_eq!(
            Patterns::read(&swapped, 9, 24),
            Err(PatternsError::Index {
                entry: 1,
                index: (STATES + 1) as u32
            })
        );
        let mut past = bytes.clone();
        past[HEADER + 2 * ENTRY..HEADER + 2 * ENTRY + 4]
            .copy_from_slice(&((9 * STATES) as u32).to_le_bytes());
        assert!(matches!(
            Patterns::read(&past, 9, 24),
            Err(PatternsError::Index { entry: 2, .. })
        ));
        // the middle game's value whole at 24 pieces, the endgame's at none
        let mut states = [0u16; 9];
        states[0] = 5;
        assert_eq!(p.value(&states, 24), 7);
        assert_eq!(p.value(&states, 0), 0);
        states[1] = 1;
        assert_eq!(p.value(&states, 0), -3);
        assert_eq!(p.value(&states, 12), (7 * 12 - 3 * 12) / 24);
        // more pieces than the start's count as the start's
        assert_eq!(p.value(&states, 30), 7);
    }
}
