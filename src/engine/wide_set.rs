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

    /// Whether `sq` is in the set. (By reference: a generator's loop that asks it
    /// square by square reads the one word, where a copy of the four for each question
    /// stays in the loop.)
    #[inline]
    pub const fn contains(&self, sq: Square) -> bool {
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

    /// Removes `sq`, answering whether it was in the set: for the loops that change a
    /// hash only where a square changes.
    ///
    /// ```
    /// use column_checkers::Square;
    /// use column_checkers::custom::WideSquareSet;
    ///
    /// let mut s = WideSquareSet::from_square(Square(130));
    /// assert!(s.take(Square(130)));
    /// assert!(!s.take(Square(130)));
    /// assert!(s.is_empty());
    /// ```
    #[inline(always)]
    pub fn take(&mut self, sq: Square) -> bool {
        let (w, bit) = (sq.index() >> 6, 1u64 << (sq.0 & 63));
        let was = self.0[w] & bit != 0;
        self.0[w] &= !bit;
        was
    }

    /// Adds `sq`, answering whether it was not in the set yet (as `HashSet::insert`).
    ///
    /// ```
    /// use column_checkers::Square;
    /// use column_checkers::custom::WideSquareSet;
    ///
    /// let mut s = WideSquareSet::EMPTY;
    /// assert!(s.put(Square(200)));
    /// assert!(!s.put(Square(200)));
    /// assert_eq!(s.count(), 1);
    /// ```
    #[inline(always)]
    pub fn put(&mut self, sq: Square) -> bool {
        let (w, bit) = (sq.index() >> 6, 1u64 << (sq.0 & 63));
        let was = self.0[w] & bit != 0;
        self.0[w] |= bit;
        !was
    }

    /// The number of squares `self` has that `before` has not, and the number that
    /// `before` has and `self` has not, two sets of a board of `squares` squares:
    /// counted only in the words that hold the board's squares and differ, one step a
    /// square. Cheaper than [`count`](Self::count) where two sets differ in a few
    /// squares, such as a side's men before and after a move.
    ///
    /// ```
    /// use column_checkers::Square;
    /// use column_checkers::custom::WideSquareSet;
    ///
    /// let before = WideSquareSet::first(10);
    /// let mut after = before;
    /// after.remove(Square(3));
    /// after.insert(Square(150));
    /// after.insert(Square(151));
    /// assert_eq!(after.count_changes(before, 168), (2, 1));
    /// assert_eq!(before.count_changes(before, 168), (0, 0));
    /// assert_eq!(after.count_changes(before, 64), (0, 1));
    /// ```
    #[inline]
    pub fn count_changes(self, before: WideSquareSet, squares: usize) -> (usize, usize) {
        let (mut came, mut went) = (0, 0);
        let words = squares.div_ceil(64);
        for (now, was) in self.0.into_iter().zip(before.0).take(words) {
            // most words are the same in both
            let changed = now ^ was;
            if changed != 0 {
                came += sparse_count(changed & now);
                went += sparse_count(changed & was);
            }
        }
        (came, went)
    }

    /// The squares `lo..lo + len` of the set as the low bits of a word, square `lo + i`
    /// being bit `i`: a row of a board, say, read at once (`len` at most 64; squares
    /// from 256 on count as absent).
    ///
    /// ```
    /// use column_checkers::Square;
    /// use column_checkers::custom::WideSquareSet;
    ///
    /// // squares 60 and 70 of a 14-square row from 56 on: bits 4 and 14 is beyond it
    /// let s = WideSquareSet::from_square(Square(60)) | WideSquareSet::from_square(Square(70));
    /// assert_eq!(s.bits(56, 14), 1 << 4);
    /// assert_eq!(s.bits(56, 15), 1 << 4 | 1 << 14);
    /// ```
    #[inline]
    pub fn bits(self, lo: usize, len: usize) -> u64 {
        if lo >= MAX_WIDE_SQUARES {
            return 0;
        }
        let (i, off) = (lo >> 6, lo & 63);
        let low = self.0[i] >> off;
        // the next word's low bits above them (disjoint bits: `|` is `^` here)
        let high = match self.0.get(i + 1) {
            Some(&next) if off > 0 => next << (64 - off),
            _ => 0,
        };
        let mask = if len >= 64 { u64::MAX } else { (1 << len) - 1 };
        (low | high) & mask
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

/// The number of bits set in `w`, one step a bit.
#[inline]
fn sparse_count(mut w: u64) -> usize {
    let mut n = 0;
    while w != 0 {
        n += 1;
        w &= w - 1;
    }
    n
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

    #[test]
    fn bits_are_the_squares_of_a_range() {
        let mut rng = crate::tools::rng::SplitMix64::new(5);
        for _ in 0..50 {
            let set = WideSquareSet::from_words([0; WIDE_WORDS].map(|_: u64| rng.next_u64()));
            for lo in 0..MAX_WIDE_SQUARES + 2 {
                for len in [0, 1, 8, 14, 26, 63, 64] {
                    let expected = (0..len)
                        .filter(|i| lo + i < MAX_WIDE_SQUARES)
                        .filter(|i| set.contains(Square((lo + i) as u8)))
                        .fold(0u64, |b, i| b | 1 << i);
                    assert_eq!(set.bits(lo, len), expected, "{lo} {len}");
                }
            }
        }
    }

    #[test]
    fn take_put_and_count_changes() {
        let mut rng = crate::tools::rng::SplitMix64::new(3);
        for _ in 0..100 {
            let words = [0; WIDE_WORDS].map(|_: u64| rng.next_u64() & rng.next_u64());
            let set = WideSquareSet::from_words(words);
            let other = WideSquareSet::from_words(
                words.map(|w| w ^ (rng.next_u64() & rng.next_u64() & rng.next_u64())),
            );
            assert_eq!(
                set.count_changes(other, MAX_WIDE_SQUARES),
                ((set - other).count(), (other - set).count())
            );
            assert_eq!(
                set.count_changes(WideSquareSet::EMPTY, MAX_WIDE_SQUARES),
                (set.count(), 0)
            );
            // the words that hold squares below 100: 0 to 127
            let low = WideSquareSet::first(128);
            assert_eq!(
                set.count_changes(other, 100),
                (set & low).count_changes(other & low, MAX_WIDE_SQUARES)
            );
            for i in 0..=u8::MAX {
                let sq = Square(i);
                let (mut taken, mut put) = (set, set);
                assert_eq!(taken.take(sq), set.contains(sq));
                assert_eq!(taken, set - WideSquareSet::from_square(sq));
                assert_eq!(put.put(sq), !set.contains(sq));
                assert_eq!(put, set | WideSquareSet::from_square(sq));
            }
        }
    }
}
