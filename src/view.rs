//! A ruleset-independent view of a position's board, for code that works with any
//! ruleset: renderers (the [`svg`](crate#features) feature), evaluation functions, GUIs.
//!
//! [`Position::board_view`](crate::Position::board_view) hands one out; the geometry
//! says where each square is, the stacks what stands on it.
//!
//! ```
//! use column_checkers::{Color, Emergo, Position};
//!
//! let pos: Emergo = "c4:bbbbbwww,d4:ww b 0/0".parse().unwrap();
//! let view = pos.board_view().unwrap();
//! assert_eq!(view.geometry.len(), 41);
//! assert_eq!(view.columns_owned(Color::White), 2);
//! assert_eq!(view.men_under(Color::White), 10); // five prisoners under c4's cap
//! assert_eq!(view.turn, Color::Black);
//! ```

use crate::board::Geometry;
use crate::color::Color;
use crate::square::Square;
use crate::stack::Stack;

/// The board of a position: its geometry, the column on every square, the men in hand
/// and the side to move.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct BoardView<'a> {
    /// The board's geometry (square names, grid coordinates, directions).
    pub geometry: &'static Geometry,
    /// The column on each square, indexed by [`Square::index`]; [`Stack::EMPTY`] on a
    /// vacant square. Exactly `geometry.len()` long.
    pub stacks: &'a [Stack],
    /// Men not on the board, by [`Color::index`] (Emergo's men in hand; 0 elsewhere).
    pub in_hand: [usize; 2],
    /// The side to move.
    pub turn: Color,
}

impl<'a> BoardView<'a> {
    /// A view of `stacks` (at least one per square of `geometry`; extra entries are
    /// ignored) with nothing in hand.
    ///
    /// # Panics
    /// When `stacks` is shorter than the board.
    pub fn new(geometry: &'static Geometry, stacks: &'a [Stack], turn: Color) -> Self {
        BoardView {
            geometry,
            stacks: &stacks[..geometry.len()],
            in_hand: [0, 0],
            turn,
        }
    }

    /// The same view with `white` and `black` men in hand.
    pub fn with_hand(mut self, white: usize, black: usize) -> Self {
        self.in_hand = [white, black];
        self
    }

    /// The column on `sq` ([`Stack::EMPTY`] when vacant or off the board).
    pub fn get(&self, sq: Square) -> Stack {
        self.stacks.get(sq.index()).copied().unwrap_or(Stack::EMPTY)
    }

    /// The occupied squares and their columns, in square order.
    pub fn occupied(&self) -> impl Iterator<Item = (Square, Stack)> + 'a {
        self.stacks
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.is_empty())
            .map(|(i, s)| (Square(i as u8), *s))
    }

    /// How many columns `color` controls (its man on top).
    pub fn columns_owned(&self, color: Color) -> usize {
        self.stacks
            .iter()
            .filter(|s| s.owner() == Some(color))
            .count()
    }

    /// How many men stand in columns `color` controls, its prisoners included: the
    /// material a column game counts.
    pub fn men_under(&self, color: Color) -> usize {
        self.stacks
            .iter()
            .filter(|s| s.owner() == Some(color))
            .map(|s| s.height())
            .sum()
    }
}
