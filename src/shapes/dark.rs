//! The dark (playing) squares of square draughts boards: `a1` is a playing square and
//! pieces move diagonally.

use crate::board::{Board, Geometry};
use std::sync::OnceLock;

const DIAGONALS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

fn dark(name: &'static str, n: u8) -> Geometry {
    Geometry::new(name, n, n, |x, y| (x + y) % 2 == 0, &DIAGONALS)
}

macro_rules! dark_board {
    ($(#[$doc:meta])* $name:ident, $n:expr, $shape:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl Board for $name {
            fn geometry() -> &'static Geometry {
                static G: OnceLock<Geometry> = OnceLock::new();
                G.get_or_init(|| dark($shape, $n))
            }
        }
    };
}

dark_board!(
    /// The 25 corner-colour squares of a 7x7 board (Lasca), named `a1`, `c1`, ... `g7`.
    Dark7,
    7,
    "dark-7"
);
dark_board!(
    /// The 32 dark squares of an 8x8 board (Bashni, Russian and Brazilian draughts).
    Dark8,
    8,
    "dark-8"
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;

    #[test]
    fn sizes_and_rows() {
        assert_eq!(Dark7::geometry().len(), 25);
        let g = Dark8::geometry();
        assert_eq!(g.len(), 32);
        assert_eq!(g.name(crate::Square(0)), "a1");
        assert_eq!(g.far_row(Color::White).count(), 4);
        assert!(g
            .far_row(Color::Black)
            .contains(g.parse_square("g1").unwrap()));
        assert_eq!(g.forward(Color::White).iter().count(), 2);
    }
}
