//! A ruleset-independent view of a position's board, for code that works with any
//! ruleset: renderers (the [`svg`](crate#features) feature), evaluation functions, GUIs.

use crate::alloc_prelude::*;
use alloc::borrow::Cow;

use crate::engine::board::Geometry;
use crate::engine::color::Color;
use crate::engine::square::Square;
use crate::engine::stack::Stack;

/// The board of a position: its geometry, the column on every square, the men in hand
/// and the side to move.
///
/// [`Position::board_view`](crate::Position::board_view) hands one out; the geometry
/// says where each square is, the stacks what stands on it.
///
/// ```
/// use column_checkers::{Color, Emergo, Position};
///
/// let pos: Emergo = "c4:bbbbbwww,d4:ww b 0/0".parse().unwrap();
/// let view = pos.board_view().unwrap();
/// assert_eq!(view.geometry.len(), 41);
/// assert_eq!(view.columns_owned(Color::White), 2);
/// assert_eq!(view.men_under(Color::White), 10); // five prisoners under c4's cap
/// assert_eq!(view.turn, Color::Black);
/// ```
///
/// A position type of another kind (single men on wide bitboards, say) builds the
/// stacks for its view with [`owned`](Self::owned).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct BoardView<'a> {
    /// The board's geometry (square names, grid coordinates, directions).
    pub geometry: &'static Geometry,
    /// The column on each square, indexed by [`Square::index`]; [`Stack::EMPTY`] on a
    /// vacant square. Borrowed from the position when it keeps its columns, owned
    /// when it builds them for the view (a game of single men on bitboards).
    pub stacks: Cow<'a, [Stack]>,
    /// Men not on the board, by [`Color::index`] (Emergo's men in hand; 0 elsewhere).
    pub in_hand: [usize; 2],
    /// The side to move.
    pub turn: Color,
}

impl<'a> BoardView<'a> {
    /// A view of `stacks` (one per square of `geometry`, in square order: entries
    /// past the board are ignored, missing ones are vacant squares) with nothing in
    /// hand.
    pub fn new(geometry: &'static Geometry, stacks: &'a [Stack], turn: Color) -> Self {
        BoardView {
            geometry,
            stacks: Cow::Borrowed(&stacks[..geometry.len().min(stacks.len())]),
            in_hand: [0, 0],
            turn,
        }
    }

    /// A view that owns its stacks: for a position type that does not keep
    /// [`Stack`]s, e.g. single men on bitboards (`Stack::single` per man).
    pub fn owned(geometry: &'static Geometry, mut stacks: Vec<Stack>, turn: Color) -> Self {
        stacks.truncate(geometry.len());
        BoardView {
            geometry,
            stacks: Cow::Owned(stacks),
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
    pub fn occupied(&self) -> impl Iterator<Item = (Square, Stack)> + '_ {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Board;
    use crate::engine::stack::Man;
    use crate::games::emergo::Oblique9;

    #[test]
    fn borrowed_and_owned_views_agree() {
        let g = Oblique9::geometry();
        let mut stacks = vec![Stack::EMPTY; 3];
        stacks[1] = Stack::uniform(Color::Black, 3);
        let short = BoardView::new(g, &stacks, Color::White).with_hand(2, 0);
        assert_eq!(short.get(Square(1)).height(), 3);
        assert_eq!(short.get(Square(40)), Stack::EMPTY);
        let mut all = vec![Stack::EMPTY; 100];
        all[1] = Stack::uniform(Color::Black, 3);
        all[2] = Stack::single(Man::new(Color::White));
        let owned = BoardView::owned(g, all, Color::White);
        assert_eq!(owned.stacks.len(), 41);
        assert_eq!(owned.occupied().count(), 2);
        assert_eq!(owned.men_under(Color::Black), 3);
        assert_eq!(owned.columns_owned(Color::White), 1);
        assert_eq!(short.in_hand, [2, 0]);
    }
}
