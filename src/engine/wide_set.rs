//! Square sets for boards of up to 256 squares.
//!
//! [`SquareSet`] is one `u64` and so serves boards of at most 64
//! squares (all the stack games). Wider boards — Epaminondas' 14x12 board has 168
//! squares — use [`WideSquareSet`], four `u64` words: every [`Square`] index (a `u8`)
//! fits, so no square can fall outside the set. Four plain words keep the type `Copy`,
//! 32 bytes, free of dependencies and of `unsafe`, and its operations a handful of
//! word operations each.

use crate::engine::square::{square_set_common, Square, SquareSet};

/// The number of `u64` words of a [`WideSquareSet`].
pub const WIDE_WORDS: usize = 4;

/// The most squares a [`WideSquareSet`] can hold (every `u8` square index).
pub const MAX_WIDE_SQUARES: usize = 64 * WIDE_WORDS;

/// A set of squares of a board with up to [`MAX_WIDE_SQUARES`] squares: a bitboard of
/// four words, square `i` being bit `i % 64` of word `i / 64`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct WideSquareSet([u64; WIDE_WORDS]);

impl WideSquareSet {
    /// The empty set.
    pub const EMPTY: WideSquareSet = WideSquareSet([0; WIDE_WORDS]);

    /// The set with the given words (square `i` is bit `i % 64` of word `i / 64`).
    #[inline]
    pub const fn from_words(words: [u64; WIDE_WORDS]) -> WideSquareSet {
        WideSquareSet(words)
    }

    /// The words of the set.
    #[inline]
    pub const fn words(self) -> [u64; WIDE_WORDS] {
        self.0
    }

    /// The set holding just `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> WideSquareSet {
        let mut w = [0; WIDE_WORDS];
        w[sq.index() >> 6] = 1 << (sq.0 & 63);
        WideSquareSet(w)
    }

    /// The squares `lo..hi` (clamped to [`MAX_WIDE_SQUARES`]; empty when `lo >= hi`).
    pub const fn range(lo: usize, hi: usize) -> WideSquareSet {
        let mut w = [0u64; WIDE_WORDS];
        let hi = if hi > MAX_WIDE_SQUARES {
            MAX_WIDE_SQUARES
        } else {
            hi
        };
        let mut i = 0;
        while i < WIDE_WORDS {
            let (a, b) = (i * 64, i * 64 + 64);
            let from = if lo > a { lo } else { a };
            let to = if hi < b { hi } else { b };
            if from < to {
                let len = to - from;
                let bits = if len == 64 {
                    u64::MAX
                } else {
                    (1u64 << len) - 1
                };
                w[i] = bits << (from - a);
            }
            i += 1;
        }
        WideSquareSet(w)
    }

    /// The squares `0..n`.
    #[inline]
    pub const fn first(n: usize) -> WideSquareSet {
        WideSquareSet::range(0, n)
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0[sq.index() >> 6] & (1 << (sq.0 & 63)) != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0[sq.index() >> 6] |= 1 << (sq.0 & 63);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0[sq.index() >> 6] &= !(1 << (sq.0 & 63));
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> usize {
        let mut n = 0;
        let mut i = 0;
        while i < WIDE_WORDS {
            n += self.0[i].count_ones() as usize;
            i += 1;
        }
        n
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        let mut i = 0;
        while i < WIDE_WORDS {
            if self.0[i] != 0 {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The lowest square of the set, if any.
    #[inline]
    pub fn first_square(self) -> Option<Square> {
        self.iter().next()
    }

    /// Iterates the squares in increasing index order.
    #[inline]
    pub fn iter(self) -> WideSquareSetIter {
        WideSquareSetIter {
            words: self.0,
            word: 0,
        }
    }
}

impl From<SquareSet> for WideSquareSet {
    /// The same squares in a wide set.
    fn from(s: SquareSet) -> WideSquareSet {
        let mut w = [0; WIDE_WORDS];
        w[0] = s.0;
        WideSquareSet(w)
    }
}

/// Iterator over a [`WideSquareSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct WideSquareSetIter {
    words: [u64; WIDE_WORDS],
    word: usize,
}

impl Iterator for WideSquareSetIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < WIDE_WORDS {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Square((self.word * 64) as u8 + w.trailing_zeros() as u8));
            }
            self.word += 1;
        }
        None
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = WideSquareSet(self.words).count();
        (n, Some(n))
    }
}

square_set_common!(WideSquareSet, WideSquareSetIter);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut s = WideSquareSet::EMPTY;
        for i in [3u8, 63, 64, 167, 255] {
            s.insert(Square(i));
        }
        assert_eq!(s.count(), 5);
        assert!(s.contains(Square(167)));
        assert!(!s.contains(Square(166)));
        assert_eq!(
            s.iter().map(|q| q.0).collect::<Vec<_>>(),
            vec![3, 63, 64, 167, 255]
        );
        assert_eq!(s.iter().len(), 5);
        s.remove(Square(3));
        assert_eq!(s.first_square(), Some(Square(63)));
        assert_eq!(WideSquareSet::first(168).count(), 168);
        assert_eq!(WideSquareSet::first(256).count(), 256);
        assert_eq!(WideSquareSet::first(0), WideSquareSet::EMPTY);
        let r = WideSquareSet::range(60, 130);
        assert_eq!(r.count(), 70);
        assert!(r.contains(Square(60)) && r.contains(Square(129)) && !r.contains(Square(130)));
        assert_eq!((WideSquareSet::first(200) - r).count(), 130);
        assert_eq!((!WideSquareSet::first(200)).count(), 56);
        assert_eq!(
            WideSquareSet::from(SquareSet::first(10)),
            WideSquareSet::first(10)
        );
        assert!(WideSquareSet::EMPTY.is_empty() && !r.is_empty());
        assert_eq!(WideSquareSet::from_square(Square(200)).count(), 1);
    }
}
