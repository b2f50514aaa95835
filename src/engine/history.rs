//! The positions of a game so far, by their Zobrist keys, for repetitions: [`History`].

use crate::alloc_prelude::*;
use core::fmt;

/// The keys (Zobrist hashes) of a game's positions, oldest first, with a count of them
/// by the low bits of the key: `SLOTS` counts (a power of two), one byte each.
///
/// A game's positions are kept as their keys, oldest first, with a count of them by a
/// few low bits of the key (a Zobrist key is uniformly random): most positions of a
/// game have not stood before, and their count of zero answers at once, so the keys
/// are looked through only for a position whose bits are counted. The counts follow
/// every key pushed and popped, so the same history serves a game played and taken
/// back ([`Game`](crate::Game) and the click-by-click game of the run-time
/// [`AnyGame`](crate::AnyGame)) and the path of a search, which enters
/// and leaves a position at every node.
///
/// The history decides nothing of the rules: the draw by threefold repetition is
/// decided in one place beside [`Game`](crate::Game), which asks the
/// history how often a key stood and confirms each match on the position itself; a
/// search may trust the 64-bit key alone.
///
/// # The counted draws
/// The draughts games' counted draws (the [`CountedDraws`](crate::custom::CountedDraws)
/// of the kings' moves and of the endgame classes) keep their counts in the position,
/// not here: each count is a function of the moves played since the last capture, man
/// move or change of class, the position updates it as a move is played, and the
/// outcome of a position, its perft and a search's nodes read it from the position
/// alone, with no history at hand. A history holds keys only: the counts are not part
/// of a position's key nor of its equality (repetition compares boards and the side to
/// move), so nothing of them belongs to the keys either.
///
/// ```
/// use column_checkers::{Emergo, History, Position};
///
/// let mut history: History = History::new();
/// let start = Emergo::start();
/// let mut pos = start.clone();
/// for m in ["d6", "d8"] {
///     history.push(pos.zobrist());
///     let mv = pos.parse_move(m).unwrap();
///     pos.play_unchecked(&mv);
/// }
/// assert_eq!(history.count(start.zobrist()), 1);
/// assert_eq!(history.count(pos.zobrist()), 0);
/// // White is to move again: the start stood two positions before, White to move
/// assert!(history.repeats(start.zobrist()));
/// history.pop();
/// assert_eq!(history.keys(), [start.zobrist()]);
/// ```
///
/// A count saturates at 255 and then stays there until the history is cleared: it is
/// a bound on the keys of its slot, never less than their number, and the answers stay
/// exact. A game's history has 1 024 counts (one kilobyte beside the keys: a position
/// has stood twice before only where its count is two or more, about once in a hundred
/// moves of a 150-move game); a search, which asks at every node whether a position
/// stood once, takes more (`History<4096>`).
///
/// ```
/// use column_checkers::History;
///
/// let mut h: History<16> = [5, 21, 7].into_iter().collect();
/// // 5 and 21 share their low four bits: one slot counts both
/// assert_eq!((h.at_most(5), h.count(5)), (2, 1));
/// assert_eq!(h.at_most(6), 0);
/// assert_eq!(h.indices_of(21).collect::<Vec<_>>(), [1]);
/// h.pop();
/// h.pop();
/// assert_eq!((h.at_most(5), h.keys()), (1, &[5][..]));
/// ```
#[derive(Clone)]
pub struct History<const SLOTS: usize = 1024> {
    keys: Vec<u64>,
    /// How many of `keys` have each value of their low bits (saturated at 255).
    counts: [u8; SLOTS],
}

impl<const SLOTS: usize> History<SLOTS> {
    /// Refuses, when compiling, a number of slots that is not a power of two.
    const MASK: u64 = {
        assert!(SLOTS.is_power_of_two(), "History's slots: a power of two");
        SLOTS as u64 - 1
    };

    /// An empty history.
    pub const fn new() -> Self {
        let _ = Self::MASK;
        History {
            keys: Vec::new(),
            counts: [0; SLOTS],
        }
    }

    /// An empty history with room for `n` keys.
    pub fn with_capacity(n: usize) -> Self {
        let mut h = Self::new();
        h.keys.reserve(n);
        h
    }

    #[inline]
    fn slot(key: u64) -> usize {
        (key & Self::MASK) as usize
    }

    /// A position entered: its key last.
    #[inline]
    pub fn push(&mut self, key: u64) {
        self.keys.push(key);
        let c = &mut self.counts[Self::slot(key)];
        *c = c.saturating_add(1);
    }

    /// The last position left: its key, `None` when the history is empty.
    #[inline]
    pub fn pop(&mut self) -> Option<u64> {
        let key = self.keys.pop()?;
        let c = &mut self.counts[Self::slot(key)];
        if *c != u8::MAX {
            *c -= 1;
        }
        Some(key)
    }

    /// Keeps the first `len` keys.
    pub fn truncate(&mut self, len: usize) {
        while self.keys.len() > len {
            self.pop();
        }
    }

    /// No key left (the room for keys kept).
    pub fn clear(&mut self) {
        self.keys.clear();
        self.counts = [0; SLOTS];
    }

    /// The keys, oldest first.
    #[inline]
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The number of keys.
    #[inline]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the history holds no key.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// At most how many times `key` stands in the history (the count of its slot),
    /// at once: never less than [`count`](Self::count).
    #[inline]
    pub fn at_most(&self, key: u64) -> usize {
        usize::from(self.counts[Self::slot(key)])
    }

    /// The places of `key` in the history, oldest first; none at once when its slot
    /// counts none.
    pub fn indices_of(&self, key: u64) -> impl Iterator<Item = usize> + '_ {
        let keys = if self.at_most(key) == 0 {
            &[][..]
        } else {
            &self.keys[..]
        };
        keys.iter()
            .enumerate()
            .filter(move |&(_, &k)| k == key)
            .map(|(i, _)| i)
    }

    /// How many times `key` stands in the history.
    pub fn count(&self, key: u64) -> usize {
        self.indices_of(key).count()
    }

    /// Whether the position `key`, which follows the last one, stood before with the
    /// same player to move, the players taking turns: whether `key` stands an even
    /// number of places before the place it would take (the last key but one, the
    /// last but three, ...), along the whole history.
    ///
    /// ```
    /// use column_checkers::History;
    ///
    /// let h: History = [1, 2, 3, 4].into_iter().collect();
    /// // the next position follows 4: its player moved in 3 and in 1
    /// assert!(h.repeats(3) && h.repeats(1));
    /// assert!(!h.repeats(2) && !h.repeats(4) && !h.repeats(5));
    /// ```
    #[inline]
    pub fn repeats(&self, key: u64) -> bool {
        self.at_most(key) != 0 && self.keys.iter().rev().skip(1).step_by(2).any(|&k| k == key)
    }
}

impl<const SLOTS: usize> Default for History<SLOTS> {
    fn default() -> Self {
        Self::new()
    }
}

/// Two histories are equal when their keys are (the counts follow from the keys).
impl<const SLOTS: usize> PartialEq for History<SLOTS> {
    fn eq(&self, other: &Self) -> bool {
        self.keys == other.keys
    }
}

impl<const SLOTS: usize> Eq for History<SLOTS> {}

impl<const SLOTS: usize> fmt::Debug for History<SLOTS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("History")
            .field("keys", &self.keys)
            .finish_non_exhaustive()
    }
}

impl<const SLOTS: usize> Extend<u64> for History<SLOTS> {
    fn extend<I: IntoIterator<Item = u64>>(&mut self, keys: I) {
        keys.into_iter().for_each(|k| self.push(k));
    }
}

impl<const SLOTS: usize> FromIterator<u64> for History<SLOTS> {
    fn from_iter<I: IntoIterator<Item = u64>>(keys: I) -> Self {
        let mut h = Self::new();
        h.extend(keys);
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_value_of_the_low_bits_has_its_own_count() {
        let keys: Vec<u64> = (0..64u64).map(|k| k | (k << 40)).collect();
        let h: History<64> = keys.iter().copied().collect();
        assert!(h.counts.iter().all(|&c| c == 1));
        assert_eq!(History::<64>::slot(u64::MAX), 63);
        assert_eq!(History::<1024>::slot(u64::MAX), 1023);
    }

    #[test]
    fn keys_sharing_their_low_bits_are_told_apart() {
        let (a, b) = (7, 7 + (1 << 12));
        let mut h: History<4096> = [a, 0].into_iter().collect();
        assert!(h.repeats(a));
        assert!(!h.repeats(b));
        assert_eq!((h.count(a), h.count(b), h.at_most(b)), (1, 0, 1));
        h.clear();
        h.extend([b, 0]);
        assert!(!h.repeats(a) && h.repeats(b));
        // the counts follow the pops: an empty history holds nothing
        h.truncate(0);
        assert!(h.counts.iter().all(|&c| c == 0));
        assert!(!h.repeats(b) && h.is_empty());
    }

    #[test]
    fn a_pop_takes_its_key_out_of_its_count() {
        let mut h: History<16> = [3, 19, 3].into_iter().collect();
        assert_eq!(h.at_most(3), 3);
        assert_eq!(h.pop(), Some(3));
        assert_eq!((h.at_most(3), h.count(3), h.count(19)), (2, 1, 1));
        assert_eq!(h.pop(), Some(19));
        assert_eq!(h.pop(), Some(3));
        assert_eq!((h.pop(), h.at_most(3)), (None, 0));
    }

    #[test]
    fn a_saturated_count_stays_a_bound() {
        let mut h: History<2> = History::new();
        for k in 0..600u64 {
            h.push(k * 2);
        }
        assert_eq!(h.at_most(0), 255);
        h.truncate(1);
        // the count no longer knows how many keys its slot holds: it stays a bound
        assert_eq!((h.at_most(0), h.count(0), h.count(2)), (255, 1, 0));
        h.clear();
        assert_eq!(h.at_most(0), 0);
    }

    #[test]
    fn equality_and_debug_are_of_the_keys() {
        let a: History = [1, 2].into_iter().collect();
        let mut b: History = [1, 2, 3].into_iter().collect();
        assert_ne!(a, b);
        b.pop();
        assert_eq!(a, b);
        assert_eq!(format!("{a:?}"), "History { keys: [1, 2], .. }");
        assert_eq!(History::<8>::with_capacity(9).len(), 0);
    }
}
