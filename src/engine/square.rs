//! Squares, directions and square sets (bitboards).

/// The most squares a [`SquareSet`] (and so a stack board) can hold.
pub const MAX_SQUARES: usize = 64;

/// A square (or cell) of a board: an index `0..n` into the board's
/// [`Geometry`](crate::Geometry). Which square an index is depends on the board;
/// use [`Geometry::name`](crate::Geometry::name) to print it.
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

/// Runs `$body` for each direction of the [`DirectionSet`] `$dirs`, in increasing
/// index order, with `$d` bound to it: written out once per possible direction (8), so
/// that in each copy the direction is a constant and per-direction tables (such as
/// [`Board::shift`](crate::custom::Board::shift)'s) fold into immediate values,
/// whether or not the set itself is known when compiling. `$body` is a block labelled
/// `$next`: `break $next` goes on with the next direction. For the hot loops.
macro_rules! each_direction {
    ($dirs:expr, $d:ident, $next:lifetime, { $($body:tt)* }) => {{
        let dirs: $crate::engine::square::DirectionSet = $dirs;
        $crate::engine::square::each_direction!(@one dirs, $d, $next, { $($body)* }, 0);
        $crate::engine::square::each_direction!(@one dirs, $d, $next, { $($body)* }, 1);
        $crate::engine::square::each_direction!(@one dirs, $d, $next, { $($body)* }, 2);
        $crate::engine::square::each_direction!(@one dirs, $d, $next, { $($body)* }, 3);
        $crate::engine::square::each_direction!(@one dirs, $d, $next, { $($body)* }, 4);
        $crate::engine::square::each_direction!(@one dirs, $d, $next, { $($body)* }, 5);
        $crate::engine::square::each_direction!(@one dirs, $d, $next, { $($body)* }, 6);
        $crate::engine::square::each_direction!(@one dirs, $d, $next, { $($body)* }, 7);
    }};
    (@one $dirs:ident, $d:ident, $next:lifetime, { $($body:tt)* }, $k:literal) => {
        if $dirs.contains($crate::engine::square::Direction($k)) {
            let $d = $crate::engine::square::Direction($k);
            #[allow(unused_labels)]
            $next: { $($body)* }
        }
    };
}
pub(crate) use each_direction;

/// A set of squares of a board with at most [`MAX_SQUARES`] squares, one bit per
/// square index: a bitboard.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set with the given word (square `i` is bit `i`), as an array of one word
    /// like [`WideSquareSet::from_words`](crate::custom::WideSquareSet::from_words).
    #[inline]
    pub const fn from_words(words: [u64; 1]) -> SquareSet {
        SquareSet(words[0])
    }

    /// The word of the set, as an array of one word.
    #[inline]
    pub const fn words(self) -> [u64; 1] {
        [self.0]
    }

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

/// The operations that [`SquareSet`] and [`WideSquareSet`](crate::custom::WideSquareSet)
/// share, written once over their words: set algebra (`&`, `|`, `^`, `-` and their
/// assigning forms, `!`), [`set`](SquareSet::set), iteration by value, collecting
/// squares, and `Debug` as the set of square indices. The type needs `EMPTY`,
/// `words()`, `from_words()`, `insert`, `remove` and `iter`.
macro_rules! square_set_common {
    ($set:ident, $iter:ident) => {
        impl $set {
            /// Adds `sq` when `on`, removes it otherwise.
            #[inline]
            pub fn set(&mut self, sq: Square, on: bool) {
                if on {
                    self.insert(sq)
                } else {
                    self.remove(sq)
                }
            }

            /// Combines the words of two sets one by one.
            #[inline(always)]
            fn zip_words(self, rhs: $set, f: impl Fn(u64, u64) -> u64) -> $set {
                let (a, b) = (self.words(), rhs.words());
                $set::from_words(core::array::from_fn(|i| f(a[i], b[i])))
            }
        }
        impl core::ops::BitAnd for $set {
            type Output = $set;
            /// Intersection.
            #[inline]
            fn bitand(self, rhs: $set) -> $set {
                self.zip_words(rhs, |a, b| a & b)
            }
        }
        impl core::ops::BitOr for $set {
            type Output = $set;
            /// Union.
            #[inline]
            fn bitor(self, rhs: $set) -> $set {
                self.zip_words(rhs, |a, b| a | b)
            }
        }
        impl core::ops::BitXor for $set {
            type Output = $set;
            /// Symmetric difference.
            #[inline]
            fn bitxor(self, rhs: $set) -> $set {
                self.zip_words(rhs, |a, b| a ^ b)
            }
        }
        impl core::ops::Sub for $set {
            type Output = $set;
            /// Set difference.
            #[inline]
            fn sub(self, rhs: $set) -> $set {
                self.zip_words(rhs, |a, b| a & !b)
            }
        }
        impl core::ops::Not for $set {
            type Output = $set;
            /// Complement within all the bits of the words: intersect with the
            /// board's squares.
            #[inline]
            fn not(self) -> $set {
                self.zip_words(self, |a, _| !a)
            }
        }
        impl core::ops::BitAndAssign for $set {
            #[inline]
            fn bitand_assign(&mut self, rhs: $set) {
                *self = *self & rhs;
            }
        }
        impl core::ops::BitOrAssign for $set {
            #[inline]
            fn bitor_assign(&mut self, rhs: $set) {
                *self = *self | rhs;
            }
        }
        impl core::ops::BitXorAssign for $set {
            #[inline]
            fn bitxor_assign(&mut self, rhs: $set) {
                *self = *self ^ rhs;
            }
        }
        impl core::ops::SubAssign for $set {
            #[inline]
            fn sub_assign(&mut self, rhs: $set) {
                *self = *self - rhs;
            }
        }
        impl IntoIterator for $set {
            type Item = Square;
            type IntoIter = $iter;
            #[inline]
            fn into_iter(self) -> $iter {
                self.iter()
            }
        }
        impl FromIterator<Square> for $set {
            fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> $set {
                let mut s = $set::EMPTY;
                for sq in iter {
                    s.insert(sq);
                }
                s
            }
        }
        impl core::fmt::Debug for $set {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_set().entries(self.iter().map(|s| s.0)).finish()
            }
        }
        impl ExactSizeIterator for $iter {}
    };
}
pub(crate) use square_set_common;
square_set_common!(SquareSet, SquareSetIter);

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
