//! Men and columns of men.

use crate::engine::color::Color;
use core::fmt;

/// The rank of a man. Column games with promotion give a column's powers by the rank
/// of its top man: Lasca calls the ranks *soldier* and *officer*, Bashni and draughts
/// *man* and *king*. Emergo has no ranks: all its men are [`Rank::Man`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    /// A plain man (Lasca: soldier).
    Man,
    /// A promoted man (Lasca: officer; Bashni, draughts: king).
    King,
}

/// One man: a colour and a rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Man {
    /// Whose man it is.
    pub color: Color,
    /// Its rank.
    pub rank: Rank,
}

impl Man {
    /// A plain man of `color`.
    #[inline]
    pub const fn new(color: Color) -> Man {
        Man {
            color,
            rank: Rank::Man,
        }
    }

    /// A king (officer) of `color`.
    #[inline]
    pub const fn king(color: Color) -> Man {
        Man {
            color,
            rank: Rank::King,
        }
    }

    /// The letter of this man in position texts: `w`/`b` for men, `W`/`B` for kings.
    pub const fn char(self) -> char {
        match (self.color, self.rank) {
            (Color::White, Rank::Man) => 'w',
            (Color::Black, Rank::Man) => 'b',
            (Color::White, Rank::King) => 'W',
            (Color::Black, Rank::King) => 'B',
        }
    }

    /// Reads the letter written by [`Man::char`].
    pub const fn from_char(c: char) -> Option<Man> {
        match c {
            'w' => Some(Man::new(Color::White)),
            'b' => Some(Man::new(Color::Black)),
            'W' => Some(Man::king(Color::White)),
            'B' => Some(Man::king(Color::Black)),
            _ => None,
        }
    }
}

/// The most men a [`Stack`] holds.
pub const MAX_HEIGHT: usize = 63;

/// A column of men, bottom to top, packed in two words.
///
/// The top man is the *commander*: his colour is the column's *owner* and his rank the
/// column's powers. The run of the owner's men at the top is the *cap*; men of the other
/// colour below it are *prisoners*. Captured men are put under the capturer (at the
/// bottom) and the top man of a jumped column is taken off; both are shifts.
///
/// Bit `i` of `colors` is the colour of the `i`-th man from the bottom (1 = Black) and a
/// sentinel bit marks the height; bit `i` of `kings` is set when that man is a king.
/// The empty stack is all zeros.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Stack {
    colors: u64,
    kings: u64,
}

impl Stack {
    /// The empty column (an empty square).
    pub const EMPTY: Stack = Stack {
        colors: 0,
        kings: 0,
    };

    /// A column of one man.
    #[inline]
    pub const fn single(man: Man) -> Stack {
        Stack {
            colors: 0b10 | man.color as u64,
            kings: matches!(man.rank, Rank::King) as u64,
        }
    }

    /// A column of `n` plain men of one colour (`1 <= n <= MAX_HEIGHT`), e.g. Emergo's
    /// shadowpiece.
    ///
    /// # Panics
    /// When `n` is 0 or over [`MAX_HEIGHT`].
    #[inline]
    pub const fn uniform(color: Color, n: usize) -> Stack {
        assert!(n >= 1 && n <= MAX_HEIGHT);
        let ones = match color {
            Color::White => 0,
            Color::Black => (1u64 << n) - 1,
        };
        Stack {
            colors: (1u64 << n) | ones,
            kings: 0,
        }
    }

    /// Builds a column from its men, bottom first. `None` when there are more than
    /// [`MAX_HEIGHT`].
    pub fn from_men_bottom_up(men: impl IntoIterator<Item = Man>) -> Option<Stack> {
        let mut s = Stack::EMPTY;
        for m in men {
            if s.height() >= MAX_HEIGHT {
                return None;
            }
            s.push_top(m);
        }
        Some(s)
    }

    /// The raw words `(colors, kings)` (see the type's documentation); stable, used for
    /// hashing.
    #[inline]
    pub const fn raw(self) -> (u64, u64) {
        (self.colors, self.kings)
    }

    /// Whether the square is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.colors == 0
    }

    /// Number of men in the column.
    #[inline]
    pub const fn height(self) -> usize {
        if self.colors == 0 {
            0
        } else {
            63 - self.colors.leading_zeros() as usize
        }
    }

    /// The `i`-th man from the bottom (`0` = bottom).
    #[inline]
    pub fn man(self, i: usize) -> Option<Man> {
        if i >= self.height() {
            return None;
        }
        Some(Man {
            color: Color::from_index((self.colors >> i) as usize & 1),
            rank: if self.kings >> i & 1 == 1 {
                Rank::King
            } else {
                Rank::Man
            },
        })
    }

    /// The top man (the commander), if any.
    #[inline]
    pub fn top(self) -> Option<Man> {
        let h = self.height();
        if h == 0 {
            None
        } else {
            self.man(h - 1)
        }
    }

    /// The owner: the colour of the top man.
    #[inline]
    pub const fn owner(self) -> Option<Color> {
        let h = self.height();
        if h == 0 {
            None
        } else if (self.colors >> (h - 1)) & 1 == 1 {
            Some(Color::Black)
        } else {
            Some(Color::White)
        }
    }

    /// Whether the top man is a king.
    #[inline]
    pub const fn top_is_king(self) -> bool {
        let h = self.height();
        h > 0 && (self.kings >> (h - 1)) & 1 == 1
    }

    /// Number of men of `color` in the column.
    #[inline]
    pub const fn count(self, color: Color) -> usize {
        let h = self.height();
        if h == 0 {
            return 0;
        }
        let body = self.colors & ((1u64 << h) - 1);
        let black = body.count_ones() as usize;
        match color {
            Color::Black => black,
            Color::White => h - black,
        }
    }

    /// Number of men in the cap: the run of the owner's men at the top.
    pub fn cap(self) -> usize {
        let h = self.height();
        if h == 0 {
            return 0;
        }
        let top = (self.colors >> (h - 1)) & 1;
        let mut n = 0;
        while n < h && (self.colors >> (h - 1 - n)) & 1 == top {
            n += 1;
        }
        n
    }

    /// Number of one-colour layers from bottom to top (colour changes plus one): 0 for
    /// an empty column, 1 for a one-colour column, 2 for a cap over prisoners of one
    /// colour.
    ///
    /// ```
    /// use column_checkers::Color;
    /// use column_checkers::custom::{Man, Stack};
    ///
    /// let mut s = Stack::single(Man::new(Color::White));
    /// assert_eq!(s.layers(), 1);
    /// s.push_bottom(Man::new(Color::Black));
    /// assert_eq!(s.layers(), 2);
    /// assert_eq!(Stack::EMPTY.layers(), 0);
    /// ```
    pub fn layers(self) -> usize {
        let h = self.height();
        if h == 0 {
            return 0;
        }
        let body = self.colors & ((1u64 << h) - 1);
        let changes = (body ^ (body >> 1)) & ((1u64 << (h - 1)) - 1);
        changes.count_ones() as usize + 1
    }

    /// Puts `man` on top. The caller keeps the height at most [`MAX_HEIGHT`].
    #[inline]
    pub fn push_top(&mut self, man: Man) {
        let h = self.height();
        debug_assert!(h < MAX_HEIGHT);
        let body = self.colors & ((1u64 << h) - 1);
        self.colors = body | ((man.color as u64) << h) | (1u64 << (h + 1));
        self.kings |= (matches!(man.rank, Rank::King) as u64) << h;
    }

    /// Puts `man` at the bottom: how a captured man becomes a prisoner.
    #[inline]
    pub fn push_bottom(&mut self, man: Man) {
        debug_assert!(self.height() < MAX_HEIGHT);
        if self.colors == 0 {
            *self = Stack::single(man);
        } else {
            self.colors = (self.colors << 1) | man.color as u64;
            self.kings = (self.kings << 1) | matches!(man.rank, Rank::King) as u64;
        }
    }

    /// Takes the top man off (`None` on an empty square).
    #[inline]
    pub fn pop_top(&mut self) -> Option<Man> {
        let top = self.top()?;
        let h = self.height();
        if h == 1 {
            *self = Stack::EMPTY;
        } else {
            self.colors = (self.colors & ((1u64 << (h - 1)) - 1)) | (1u64 << (h - 1));
            self.kings &= !(1u64 << (h - 1));
        }
        Some(top)
    }

    /// Takes the bottom man off (`None` on an empty square): the inverse of
    /// [`push_bottom`](Self::push_bottom).
    #[inline]
    pub fn pop_bottom(&mut self) -> Option<Man> {
        let bottom = self.man(0)?;
        if self.height() == 1 {
            *self = Stack::EMPTY;
        } else {
            self.colors >>= 1;
            self.kings >>= 1;
        }
        Some(bottom)
    }

    /// Makes the top man a king (promotion of the commander only).
    #[inline]
    pub fn promote_top(&mut self) {
        let h = self.height();
        if h > 0 {
            self.kings |= 1 << (h - 1);
        }
    }

    /// Iterates the men bottom to top.
    pub fn men(self) -> impl DoubleEndedIterator<Item = Man> + ExactSizeIterator {
        (0..self.height()).map(move |i| self.man(i).expect("in range"))
    }
}

impl fmt::Display for Stack {
    /// The men bottom to top as letters (`w`, `b`, `W`, `B`), e.g. `wwbb`; `-` when
    /// empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for m in self.men() {
            write!(f, "{}", m.char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Stack({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::*;

    #[test]
    fn push_pop_and_queries() {
        let mut s = Stack::single(Man::new(White));
        assert_eq!(s.height(), 1);
        assert_eq!(s.owner(), Some(White));
        s.push_bottom(Man::new(Black));
        s.push_top(Man::king(Black));
        assert_eq!(s.to_string(), "bwB");
        assert_eq!(s.owner(), Some(Black));
        assert!(s.top_is_king());
        assert_eq!(s.cap(), 1);
        assert_eq!(s.layers(), 3);
        assert_eq!(s.count(Black), 2);
        assert_eq!(s.count(White), 1);
        assert_eq!(s.pop_top(), Some(Man::king(Black)));
        assert_eq!(s.to_string(), "bw");
        assert!(!s.top_is_king());
        assert_eq!(s.pop_bottom(), Some(Man::new(Black)));
        assert_eq!(s, Stack::single(Man::new(White)));
        assert_eq!(s.pop_top(), Some(Man::new(White)));
        assert_eq!(s, Stack::EMPTY);
        assert_eq!(s.pop_top(), None);
        assert_eq!(s.to_string(), "-");
    }

    #[test]
    fn uniform_and_promotion() {
        let s = Stack::uniform(Black, 5);
        assert_eq!(s.height(), 5);
        assert_eq!(s.cap(), 5);
        assert_eq!(s.layers(), 1);
        assert_eq!(s, Stack::from_men_bottom_up([Man::new(Black); 5]).unwrap());
        let mut t = Stack::uniform(White, 2);
        t.promote_top();
        assert_eq!(t.to_string(), "wW");
        let tall = Stack::uniform(White, MAX_HEIGHT);
        assert_eq!(tall.height(), MAX_HEIGHT);
        assert!(Stack::from_men_bottom_up([Man::new(White); MAX_HEIGHT + 1]).is_none());
    }
}
