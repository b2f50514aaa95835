//! Squares, directions and square sets (bitboards).

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// The most squares a [`SquareSet`] (and so a stack board) can hold.
pub const MAX_SQUARES: usize = 64;

/// A square (or cell) of a board: an index `0..n` into the board's
/// [`Geometry`](crate::engine::board::Geometry). Which square an index is depends on the board;
/// use [`Geometry::name`](crate::engine::board::Geometry::name) to print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(pub u8);

impl Square {
    /// The index of the square, `0..n`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A direction of a board: an index into the board's list of direction vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Direction(pub u8);

impl Direction {
    /// The index of the direction in its board's list.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of directions (at most 8), one bit per direction index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct DirectionSet(pub u8);

impl DirectionSet {
    /// No direction.
    pub const EMPTY: DirectionSet = DirectionSet(0);

    /// The first `n` directions of a board.
    #[inline]
    pub const fn first(n: usize) -> DirectionSet {
        DirectionSet(((1u16 << n) - 1) as u8)
    }

    /// Whether `d` is in the set.
    #[inline]
    pub const fn contains(self, d: Direction) -> bool {
        self.0 & (1 << d.0) != 0
    }

    /// The set with `d` added.
    #[inline]
    pub const fn with(self, d: Direction) -> DirectionSet {
        DirectionSet(self.0 | (1 << d.0))
    }

    /// Iterates the directions in increasing index order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Direction> {
        let mut bits = self.0;
        core::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let d = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Some(Direction(d))
            }
        })
    }
}

/// A set of squares of a board with at most [`MAX_SQUARES`] squares, one bit per
/// square index: a bitboard.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set holding just `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> SquareSet {
        SquareSet(1 << sq.0)
    }

    /// The set of the squares `0..n`.
    #[inline]
    pub const fn first(n: usize) -> SquareSet {
        if n >= 64 {
            SquareSet(u64::MAX)
        } else {
            SquareSet((1u64 << n) - 1)
        }
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.0) != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.0;
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.0);
    }

    /// Adds `sq` when `on`, removes it otherwise.
    #[inline]
    pub fn set(&mut self, sq: Square, on: bool) {
        if on {
            self.insert(sq)
        } else {
            self.remove(sq)
        }
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest square of the set, if any.
    #[inline]
    pub const fn first_square(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// Iterates the squares in increasing index order.
    #[inline]
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

/// Iterator over a [`SquareSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct SquareSetIter(u64);

impl Iterator for SquareSetIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(Square(sq))
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;
    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

macro_rules! set_op {
    ($tr:ident, $m:ident, $atr:ident, $am:ident, $op:tt) => {
        impl $tr for SquareSet {
            type Output = SquareSet;
            #[inline]
            fn $m(self, rhs: SquareSet) -> SquareSet {
                SquareSet(self.0 $op rhs.0)
            }
        }
        impl $atr for SquareSet {
            #[inline]
            fn $am(&mut self, rhs: SquareSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for SquareSet {
    type Output = SquareSet;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & !rhs.0)
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    /// Complement within all 64 bits: intersect with the board's squares.
    #[inline]
    fn not(self) -> SquareSet {
        SquareSet(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut s = SquareSet::EMPTY;
        s.insert(Square(3));
        s.insert(Square(40));
        assert_eq!(s.count(), 2);
        assert!(s.contains(Square(40)));
        assert!(!s.contains(Square(4)));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![Square(3), Square(40)]);
        s.remove(Square(3));
        assert_eq!(s.first_square(), Some(Square(40)));
        assert_eq!(SquareSet::first(64).count(), 64);
        assert_eq!((SquareSet::first(8) - SquareSet::first(4)).count(), 4);
        let d: Vec<_> = DirectionSet::first(4).iter().collect();
        assert_eq!(d.len(), 4);
        assert!(!DirectionSet::EMPTY
            .with(Direction(2))
            .contains(Direction(1)));
    }
}
