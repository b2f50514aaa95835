//! The two sides.

use core::fmt;
use core::ops::Not;

/// One of the two players. White moves first in every ruleset of this crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first player.
    White = 0,
    /// The second player.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `0` for White, `1` for Black; handy for indexing `[T; 2]` arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour whose [`index`](Self::index) is `i & 1`.
    #[inline]
    pub const fn from_index(i: usize) -> Color {
        if i & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The other colour.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The lower-case letter used in position texts: `w` or `b`.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Reads `w`/`b` (either case).
    pub fn from_char(c: char) -> Option<Color> {
        match c {
            'w' | 'W' => Some(Color::White),
            'b' | 'B' => Some(Color::Black),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opponent()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for c in Color::ALL {
            assert_ne!(c, !c);
            assert_eq!(c, !!c);
            assert_eq!(Color::from_index(c.index()), c);
            assert_eq!(Color::from_char(c.char()), Some(c));
        }
        assert_eq!(Color::from_char('x'), None);
    }
}
