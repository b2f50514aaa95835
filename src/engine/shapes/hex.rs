//! The hexhex board of side 4: 37 hexagonal cells, six directions.

use crate::alloc_prelude::*;
use crate::engine::board::{Board, Geometry, Shifts};
use once_cell::race::OnceBox;

/// The 37-cell hexagon (side 4) of HexEmergo: 37 hexagonal cells, six directions.
///
/// Cells are named as in the Zillions HexEmergo package and the pbmserv text: a letter
/// line `a`–`g` and a number line `1`–`7`; cell (L, N) exists when |L − N| ≤ 3, which
/// gives the rows a1–a4, b1–b5, c1–c6, d1–d7, e2–e7, f3–f7, g4–g7. On the grid, `x` is
/// the letter (`a` = 0) and `y` the number (`1` = 0), so the default square names of
/// [`Geometry`] are the cell names. A cell's six neighbours are (L ± 1, N), (L, N ± 1),
/// (L + 1, N + 1) and (L − 1, N − 1); the centre is d4.
///
/// Drawn with the number lines as horizontal rows, each row half a cell left of the one
/// below it, the board is a regular hexagon with corners a1, d1, g4, g7, d7 and a4.
///
/// ```
/// use column_checkers::custom::{Board, Hex37};
///
/// let g = Hex37::geometry();
/// assert_eq!(g.len(), 37);
/// assert_eq!(g.direction_count(), 6);
/// let d4 = g.parse_square("D4").unwrap();
/// assert_eq!(g.directions().filter_map(|d| g.neighbour(d4, d)).count(), 6);
/// assert!(g.parse_square("a5").is_none());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hex37;

/// The side of the hexagon (cells along each edge).
const SIDE: u8 = 4;

/// The hexagon's directions in turning order: east, north-east, north-west, west,
/// south-west, south-east when drawn as in the module documentation.
const HEX_DIRECTIONS: [(i8, i8); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];

/// The rows of the hexagon's grid: cell `x` of row `y` when `|x - y| < SIDE`.
const fn hex_rows() -> [u32; 2 * SIDE as usize - 1] {
    let mut rows = [0; 2 * SIDE as usize - 1];
    let mut y = 0;
    while y < rows.len() {
        let mut x = 0;
        while x < rows.len() {
            if x.abs_diff(y) < SIDE as usize {
                rows[y] |= 1 << x;
            }
            x += 1;
        }
        y += 1;
    }
    rows
}

impl Board for Hex37 {
    const SHIFTS: Option<Shifts> = Shifts::of_grid(2 * SIDE - 1, &hex_rows(), &HEX_DIRECTIONS);

    fn geometry() -> &'static Geometry {
        static G: OnceBox<Geometry> = OnceBox::new();
        G.get_or_init(|| {
            let span = 2 * SIDE - 1;
            Box::new(Geometry::new(
                "hex-37",
                span,
                span,
                |x, y| x.abs_diff(y) < SIDE,
                &HEX_DIRECTIONS,
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constant_shifts_are_the_geometrys() {
        assert!(Hex37::SHIFTS.is_some());
        crate::engine::board::assert_constants_are_the_geometrys::<Hex37>();
    }

    fn names_of(list: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    fn neighbours(name: &str) -> Vec<String> {
        let g = Hex37::geometry();
        let sq = g.parse_square(name).unwrap();
        let mut v: Vec<String> = g
            .directions()
            .filter_map(|d| g.neighbour(sq, d))
            .map(|s| g.name(s).to_string())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn cells_and_rows() {
        let g = Hex37::geometry();
        assert_eq!(g.len(), 37);
        let rows = [
            ("a", 1, 4),
            ("b", 1, 5),
            ("c", 1, 6),
            ("d", 1, 7),
            ("e", 2, 7),
            ("f", 3, 7),
            ("g", 4, 7),
        ];
        let mut count = 0;
        for (l, lo, hi) in rows {
            for n in 1..=7 {
                let exists = g.parse_square(&format!("{l}{n}")).is_some();
                assert_eq!(exists, (lo..=hi).contains(&n), "{l}{n}");
                count += exists as usize;
            }
        }
        assert_eq!(count, 37);
        assert!(g.parse_square("h4").is_none());
        assert!(g.parse_square("d8").is_none());
        assert!(g.parse_square("d0").is_none());
    }

    #[test]
    fn neighbourhoods() {
        assert_eq!(
            neighbours("d4"),
            names_of(&["c3", "c4", "d3", "d5", "e4", "e5"])
        );
        // the six corners have three neighbours each
        assert_eq!(neighbours("a1"), names_of(&["a2", "b1", "b2"]));
        assert_eq!(neighbours("d1"), names_of(&["c1", "d2", "e2"]));
        assert_eq!(neighbours("g4"), names_of(&["f3", "f4", "g5"]));
        assert_eq!(neighbours("g7"), names_of(&["f6", "f7", "g6"]));
        assert_eq!(neighbours("d7"), names_of(&["c6", "d6", "e7"]));
        assert_eq!(neighbours("a4"), names_of(&["a3", "b4", "b5"]));
        // an edge cell that is not a corner has four
        assert_eq!(neighbours("b1"), names_of(&["a1", "b2", "c1", "c2"]));
        let g = Hex37::geometry();
        let edge = g
            .squares()
            .filter(|&s| g.directions().filter_map(|d| g.neighbour(s, d)).count() < 6)
            .count();
        assert_eq!(edge, 18);
    }

    #[test]
    fn opposites() {
        let g = Hex37::geometry();
        let d4 = g.parse_square("d4").unwrap();
        for d in g.directions() {
            let n = g.neighbour(d4, d).unwrap();
            assert_eq!(g.neighbour(n, g.opposite(d)), Some(d4));
            let (dx, dy) = g.vector(d);
            assert_eq!(g.vector(g.opposite(d)), (-dx, -dy));
        }
    }
}
