//! Full rectangular grids with eight directions (orthogonal and diagonal), of any size
//! up to 26 files and [`MAX_GEOMETRY_SQUARES`](crate::custom::MAX_GEOMETRY_SQUARES)
//! squares.
//!
//! Every square of the `width` x `height` grid exists; squares are numbered row by
//! row from a1 (`index = y * width + x`) and named with a file letter and a rank
//! number (`a1` ... `n12`). The directions, in index order, are
//! [`EIGHT_DIRECTIONS`]: E, NE, N, NW, W, SW, S, SE, so the opposite of direction `d`
//! is `(d + 4) % 8`.
//!
//! Each size is its own zero-sized [`Board`] type (a `static` inside a generic
//! function would be shared by all sizes): [`Grid8x8`] and [`Grid14x12`] here; further
//! sizes are one line of the `full_grid_board!` macro of this module.

use crate::alloc_prelude::*;
use crate::engine::board::{Board, Geometry, Shifts};
use once_cell::race::OnceBox;

/// The eight direction vectors `(dx, dy)` of a full grid, in direction-index order:
/// E, NE, N, NW, W, SW, S, SE (`y` grows towards the higher ranks).
pub const EIGHT_DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// A full rectangular board with eight directions, with its size as constants (for
/// code that is monomorphised per size).
pub trait FullGrid: Board {
    /// Number of files (columns), `a` onwards.
    const WIDTH: u8;
    /// Number of ranks (rows), `1` onwards.
    const HEIGHT: u8;

    /// The square index of file `x`, rank `y` (both from 0): `y * WIDTH + x`.
    #[inline]
    fn index(x: u8, y: u8) -> usize {
        y as usize * Self::WIDTH as usize + x as usize
    }
}

/// Builds the geometry of a full `width` x `height` grid with [`EIGHT_DIRECTIONS`].
///
/// # Panics
/// As [`Geometry::new`]: more than 26 files or too many squares.
pub fn full_grid_geometry(name: &'static str, width: u8, height: u8) -> Geometry {
    Geometry::new(name, width, height, |_, _| true, &EIGHT_DIRECTIONS)
}

macro_rules! full_grid_board {
    ($(#[$doc:meta])* $name:ident, $w:expr, $h:expr, $shape:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl Board for $name {
            fn geometry() -> &'static Geometry {
                static G: OnceBox<Geometry> = OnceBox::new();
                G.get_or_init(|| Box::new(full_grid_geometry($shape, $w, $h)))
            }
            const SHIFTS: Option<Shifts> =
                Shifts::of_grid($w, &[(1 << $w) - 1; $h], &EIGHT_DIRECTIONS);
        }

        impl FullGrid for $name {
            const WIDTH: u8 = $w;
            const HEIGHT: u8 = $h;
        }
    };
}

full_grid_board!(
    /// The full 8x8 board (64 squares, a1–h8) with eight directions.
    Grid8x8,
    8,
    8,
    "grid-8x8"
);

full_grid_board!(
    /// The full 14x12 board (168 squares, a1–n12) with eight directions: 14 files,
    /// 12 ranks.
    Grid14x12,
    14,
    12,
    "grid-14x12"
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::square::Direction;

    fn check<B: FullGrid>(last: &str) {
        crate::engine::board::assert_constants_are_the_geometrys::<B>();
        let g = B::geometry();
        assert_eq!(g.len(), B::WIDTH as usize * B::HEIGHT as usize);
        assert_eq!(g.direction_count(), 8);
        assert_eq!(
            g.name(crate::engine::square::Square(g.len() as u8 - 1)),
            last
        );
        for d in g.directions() {
            assert_eq!(g.opposite(d), Direction((d.0 + 4) % 8));
        }
        let sq = g.parse_square("b2").unwrap();
        assert_eq!(sq.index(), B::index(1, 1));
        assert_eq!(g.directions().filter_map(|d| g.neighbour(sq, d)).count(), 8);
        let a1 = g.parse_square("a1").unwrap();
        assert_eq!(g.directions().filter_map(|d| g.neighbour(a1, d)).count(), 3);
    }

    #[test]
    fn shapes() {
        check::<Grid8x8>("h8");
        check::<Grid14x12>("n12");
        assert!(Grid8x8::SHIFTS.is_some() && Grid14x12::SHIFTS.is_none());
        let g = Grid14x12::geometry();
        let a1 = g.parse_square("a1").unwrap();
        let l12 = g.parse_square("l12").unwrap();
        assert_eq!(g.line_between(a1, l12), Some((Direction(1), 11)));
        assert_eq!(g.ray(a1, Direction(2)).count(), 11);
        assert!(g.parse_square("o1").is_none() && g.parse_square("a13").is_none());
    }
}
