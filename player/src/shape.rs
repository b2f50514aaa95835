//! Where on a board some of the evaluation's terms count: the middle, the wings, a
//! man's way to the far row, and the board turned half a turn for the learned
//! patterns. Both evaluations (the board view's and the draughts games' bitboards) read
//! the board through these, so that they count alike.

use column_checkers::{Color, Geometry};

/// `turned[i]`: the index of the square half a turn from square `i` of the board of
/// `g` (the square itself where the board is not symmetric so): how the patterns see
/// the board from Black's side.
pub(crate) fn half_turn(g: &Geometry) -> Vec<u8> {
    let (width, height) = (i32::from(g.width()), i32::from(g.height()));
    g.squares()
        .map(|sq| {
            let (x, y) = g.coords(sq);
            let back = g.square_at(width - 1 - i32::from(x), height - 1 - i32::from(y));
            back.map_or(sq.index(), |s| s.index()) as u8
        })
        .collect()
}

/// Whether a man of `owner` on (`x`, `y`) of a board `height` rows high has no
/// enemy piece (`enemy` at a square) on the squares he can reach on his way to the far
/// row: each row ahead, as many columns either side as it is rows ahead
/// ([`Weights::runaway`](crate::weights::Weights::runaway)). White moves up the rows, Black down.
pub(crate) fn path_is_free(
    x: i32,
    y: i32,
    owner: Color,
    height: i32,
    mut enemy: impl FnMut(i32, i32) -> bool,
) -> bool {
    // the rows ahead of him, to the far row
    let rows = match owner {
        Color::White => height - 1 - y,
        Color::Black => y,
    };
    for k in 1..=rows {
        let row = match owner {
            Color::White => y + k,
            Color::Black => y - k,
        };
        if (-k..=k).any(|dx| enemy(x + dx, row)) {
            return false;
        }
    }
    true
}

/// Whether (`x`, `y`) is on the middle of a `width` x `height` board
/// ([`Weights::middle`](crate::weights::Weights::middle)): on its middle rows (two; three where the height is odd) and
/// two columns or more from either side.
pub(crate) fn in_the_middle(x: i32, y: i32, width: i32, height: i32) -> bool {
    (2 * y + 1 - height).abs() <= 2 && x.min(width - 1 - x) >= 2
}

/// The half of a `width`-wide board column `x` lies in ([`Weights::balance`](crate::weights::Weights::balance)): 0 the
/// left, 1 the right, none the middle column of an odd width.
pub(crate) fn wing(x: i32, width: i32) -> Option<usize> {
    match (2 * x + 1).cmp(&width) {
        core::cmp::Ordering::Less => Some(0),
        core::cmp::Ordering::Greater => Some(1),
        core::cmp::Ordering::Equal => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_widens_by_a_column_either_side_each_row_ahead() {
        let reached = |x, y, owner| {
            let mut squares = Vec::new();
            path_is_free(x, y, owner, 4, |x, y| {
                squares.push((x, y));
                false
            });
            squares
        };
        assert_eq!(reached(1, 2, Color::White), [(0, 3), (1, 3), (2, 3)]);
        assert_eq!(reached(1, 0, Color::White).len(), 3 + 5 + 7);
        assert_eq!(reached(1, 1, Color::Black), [(0, 0), (1, 0), (2, 0)]);
        assert!(reached(1, 3, Color::White).is_empty());
        assert!(!path_is_free(1, 1, Color::White, 4, |x, y| (x, y) == (3, 3)));
        assert!(path_is_free(1, 1, Color::White, 4, |x, y| (x, y) == (4, 3)));
    }

    #[test]
    fn the_wings_and_the_middle_of_boards_of_each_parity() {
        assert_eq!(
            (wing(2, 7), wing(3, 7), wing(4, 7)),
            (Some(0), None, Some(1))
        );
        assert_eq!((wing(4, 10), wing(5, 10)), (Some(0), Some(1)));
        // two middle rows, two columns in from the sides
        assert!(in_the_middle(2, 3, 8, 8) && in_the_middle(5, 4, 8, 8));
        assert!(!in_the_middle(1, 3, 8, 8) && !in_the_middle(6, 4, 8, 8));
        assert!(!in_the_middle(3, 2, 8, 8) && !in_the_middle(3, 5, 8, 8));
        // an odd height has three middle rows
        assert!(in_the_middle(4, 3, 9, 9) && in_the_middle(4, 5, 9, 9));
        assert!(!in_the_middle(4, 2, 9, 9) && !in_the_middle(4, 6, 9, 9));
    }
}
