//! The two sides.

use crate::alloc_prelude::*;
use core::fmt;
use core::ops::Not;
use core::str::FromStr;
use thiserror::Error;

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

    /// The colour's name in lower case, as people and bindings write a side: `white`
    /// or `black` ([`FromStr`] reads it back).
    ///
    /// ```
    /// use column_checkers::Color;
    ///
    /// assert_eq!(Color::Black.name(), "black");
    /// assert_eq!(" White".parse::<Color>(), Ok(Color::White));
    /// assert_eq!(
    ///     "red".parse::<Color>().unwrap_err().to_string(),
    ///     "no side \"red\": a side is \"white\" or \"black\""
    /// );
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// A text that names no side ([`Color`]'s [`FromStr`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("no side {0:?}: a side is \"white\" or \"black\"")]
pub struct ColorParseError(pub String);

impl FromStr for Color {
    type Err = ColorParseError;

    /// Reads a side's [`name`](Color::name), any case, surrounding spaces ignored.
    fn from_str(s: &str) -> Result<Color, ColorParseError> {
        Color::ALL
            .into_iter()
            .find(|c| s.trim().eq_ignore_ascii_case(c.name()))
            .ok_or_else(|| ColorParseError(s.to_string()))
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
