//! The full 8x8 board: all 64 squares, `a1` to `h8`, with eight directions.
//!
//! The directions are numbered **orthogonal first, then diagonal**, so a ruleset can
//! name the rook lines as `DirectionSet::first(4)` and all queen lines as
//! `Geometry::all_directions()`:
//!
//! | index | vector `(dx, dy)` | direction (White's view) |
//! |-------|-------------------|--------------------------|
//! | 0     | `(1, 0)`          | right (towards the h-file) |
//! | 1     | `(0, 1)`          | forward (towards rank 8) |
//! | 2     | `(-1, 0)`         | left (towards the a-file) |
//! | 3     | `(0, -1)`         | backward (towards rank 1) |
//! | 4     | `(1, 1)`          | forward right |
//! | 5     | `(-1, 1)`         | forward left |
//! | 6     | `(-1, -1)`        | backward left |
//! | 7     | `(1, -1)`         | backward right |

use crate::board::{Board, Geometry};
use crate::square::DirectionSet;
use std::sync::OnceLock;

/// The eight direction vectors of [`Grid8`]: the four orthogonal ones, then the four
/// diagonal ones.
pub const VECTORS: [(i8, i8); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
];

/// The orthogonal directions (rook lines) of [`Grid8`]: indices 0 to 3.
pub const ORTHOGONAL: DirectionSet = DirectionSet::first(4);

/// All 64 squares of an 8x8 board (Dameo), named `a1` ... `h8` as in chess, with the
/// eight directions of [`VECTORS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Grid8;

impl Board for Grid8 {
    fn geometry() -> &'static Geometry {
        static G: OnceLock<Geometry> = OnceLock::new();
        G.get_or_init(|| Geometry::new("grid-8", 8, 8, |_, _| true, &VECTORS))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Direction, Square};

    #[test]
    fn squares_directions_rows() {
        let g = Grid8::geometry();
        assert_eq!(g.len(), 64);
        assert_eq!(g.name(Square(0)), "a1");
        assert_eq!(g.name(Square(63)), "h8");
        assert_eq!(g.direction_count(), 8);
        assert_eq!(g.forward(Color::White).iter().count(), 3);
        assert_eq!(g.forward(Color::Black).iter().count(), 3);
        assert_eq!(g.far_row(Color::White).count(), 8);
        for d in ORTHOGONAL.iter() {
            let (dx, dy) = g.vector(d);
            assert_eq!(dx.abs() + dy.abs(), 1);
        }
        let d4 = g.parse_square("d4").unwrap();
        assert_eq!(g.neighbour(d4, Direction(1)), g.parse_square("d5"));
        assert_eq!(g.neighbour(d4, Direction(6)), g.parse_square("c3"));
        assert_eq!(g.opposite(Direction(4)), Direction(6));
    }
}
