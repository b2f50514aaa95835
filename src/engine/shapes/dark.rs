//! The dark (playing) squares of square draughts boards: `a1` is a playing square and
//! pieces move diagonally.

use crate::alloc_prelude::*;
use crate::engine::board::{Board, Geometry, Shifts};
use once_cell::race::OnceBox;

const DIAGONALS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The rows of an `N`x`N` board's dark squares (`a1` dark): bit `x` of row `y` when
/// `x + y` is even, as [`Shifts::of_grid`] reads them.
///
/// ```
/// use column_checkers::custom::dark_rows;
/// assert_eq!(dark_rows::<3>(), [0b101, 0b010, 0b101]);
/// ```
pub const fn dark_rows<const N: usize>() -> [u32; N] {
    let mut rows = [0; N];
    let mut y = 0;
    while y < N {
        let mut x = y % 2;
        while x < N {
            rows[y] |= 1 << x;
            x += 2;
        }
        y += 1;
    }
    rows
}

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
                static G: OnceBox<Geometry> = OnceBox::new();
                G.get_or_init(|| Box::new(dark($shape, $n)))
            }
            const SHIFTS: Option<Shifts> = Shifts::of_grid($n, &dark_rows::<$n>(), &DIAGONALS);
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

/// The 50 dark squares of a 10x10 board (international draughts, Stapeldammen), `a1`
/// dark, named by the FMJD numbers: `1` to `5` on Black's back row (`b10` ... `j10`),
/// row by row down to `46` to `50` on White's (`a1` ... `i1`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dark10;

impl Board for Dark10 {
    const SHIFTS: Option<Shifts> = Shifts::of_grid(10, &dark_rows::<10>(), &DIAGONALS);

    fn geometry() -> &'static Geometry {
        static G: OnceBox<Geometry> = OnceBox::new();
        G.get_or_init(|| {
            let g = dark("dark-10", 10);
            let names = g
                .squares()
                .map(|sq| {
                    let (x, y) = g.coords(sq);
                    (usize::from(9 - y) * 5 + usize::from(x) / 2 + 1).to_string()
                })
                .collect();
            Box::new(g.with_names(names))
        })
    }
}

/// The draughts set-up of [`Dark8`]: 12 men each on the dark squares of the three
/// nearest rows, White on `a1` to `h2` to `g3`, Black on `b6` to `h8`, White to move
/// (Russian and Brazilian draughts, Bashni), as a position text.
pub const DARK8_SETUP: &str = "a1:w,c1:w,e1:w,g1:w,b2:w,d2:w,f2:w,h2:w,a3:w,c3:w,e3:w,g3:w,\
    b6:b,d6:b,f6:b,h6:b,a7:b,c7:b,e7:b,g7:b,b8:b,d8:b,f8:b,h8:b w";

/// The draughts set-up of [`Dark10`]: 20 men each on the four nearest rows, Black on
/// `1` to `20`, White on `31` to `50`, White to move (international draughts,
/// Stapeldammen), as a position text.
pub const DARK10_SETUP: &str = "1:b,2:b,3:b,4:b,5:b,6:b,7:b,8:b,9:b,10:b,\
    11:b,12:b,13:b,14:b,15:b,16:b,17:b,18:b,19:b,20:b,\
    31:w,32:w,33:w,34:w,35:w,36:w,37:w,38:w,39:w,40:w,\
    41:w,42:w,43:w,44:w,45:w,46:w,47:w,48:w,49:w,50:w w";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::color::Color;

    #[test]
    fn sizes_and_rows() {
        assert_eq!(Dark7::geometry().len(), 25);
        let g = Dark8::geometry();
        assert_eq!(g.len(), 32);
        assert_eq!(g.name(crate::engine::square::Square(0)), "a1");
        assert_eq!(g.far_row(Color::White).count(), 4);
        assert!(g
            .far_row(Color::Black)
            .contains(g.parse_square("g1").unwrap()));
        assert_eq!(g.forward(Color::White).iter().count(), 2);
    }

    #[test]
    fn constant_shifts_are_the_geometrys() {
        fn check<B: Board>() {
            assert!(B::SHIFTS.is_some());
            crate::engine::board::assert_constants_are_the_geometrys::<B>();
        }
        check::<Dark7>();
        check::<Dark8>();
        check::<Dark10>();
    }

    #[test]
    fn fmjd_numbers() {
        let g = Dark10::geometry();
        assert_eq!(g.len(), 50);
        let at = |n: &str| g.coords(g.parse_square(n).unwrap());
        assert_eq!(at("1"), (1, 9)); // b10
        assert_eq!(at("5"), (9, 9)); // j10
        assert_eq!(at("6"), (0, 8)); // a9
        assert_eq!(at("46"), (0, 0)); // a1
        assert_eq!(at("50"), (8, 0)); // i1
        assert_eq!(g.name(crate::engine::square::Square(0)), "46");
        assert_eq!(g.parse_square("0"), None);
        assert_eq!(g.parse_square("51"), None);
        assert_eq!(g.far_row(Color::White).count(), 5);
    }
}
