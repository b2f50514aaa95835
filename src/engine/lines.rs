//! Quiet moves of lines and sliders: game-agnostic generators over a [`Board`]'s
//! geometry.
//!
//! * [`line_advances`]: a **line** is an unbroken straight row of pieces of a set (a
//!   single piece included) along one direction. A line advances one square in its own
//!   direction: its *last* piece (the tail) is lifted and put on the vacant square in
//!   front of its *head*, so the line as a whole moves one square forward. Any tail
//!   part of a line that ends at the head may move. Dameo's men move this way.
//! * [`slides`]: a piece moves any distance along a direction over vacant squares (a
//!   chess queen or rook, a flying draughts king).
//!
//! Both only report `(from, to)` pairs; what moves (a man, a column) and what happens on
//! arrival (promotion) is for the caller.

use crate::engine::board::Board;
use crate::engine::square::{each_direction, DirectionSet, Square, SquareSet};

/// Calls `out(tail, front)` for every line advance of the pieces `men` in the
/// `directions` given, onto `vacant` squares.
///
/// For each direction `d` and each piece `h` of `men` whose neighbour `front` in
/// direction `d` exists and is in `vacant` (`h` is the **head** of a line), the
/// advances are `h -> front` (the line of one), then `t -> front` for each piece `t`
/// reached by walking back from `h` against `d` over pieces of `men` (the longer and
/// longer tail parts of the line ending at `h`). The walk stops at the first square
/// that is not in `men`.
///
/// **Each `(from, to)` pair is reported at most once.** `from` and `to` determine the
/// direction (on a board whose direction vectors are pairwise non-parallel, such as
/// the grids of this crate) and the distance, hence the head; so two different lines
/// can never produce the same pair. Two different tails moving to the same front
/// square are different moves (they leave different positions) and are both
/// reported.
///
/// Order: by direction (in `directions` order), then by head square, then from the
/// shortest line to the longest.
///
/// ```
/// use column_checkers::SquareSet;
/// use column_checkers::custom::{Board, DirectionSet, Grid8x8 as Grid8, line_advances};
///
/// let g = Grid8::geometry();
/// let sq = |n| g.parse_square(n).unwrap();
/// // a line e1-e2-e3 going forward (up the file)
/// let up = g.direction_of((0, 1)).unwrap();
/// let men: SquareSet = [sq("e1"), sq("e2"), sq("e3")].into_iter().collect();
/// let mut moves = Vec::new();
/// line_advances::<Grid8>(men, g.all() - men, DirectionSet::EMPTY.with(up),
///     |from, to| moves.push(format!("{}{}", g.name(from), g.name(to))));
/// assert_eq!(moves, ["e3e4", "e2e4", "e1e4"]);
/// ```
pub fn line_advances<B: Board>(
    men: SquareSet,
    vacant: SquareSet,
    directions: DirectionSet,
    mut out: impl FnMut(Square, Square),
) {
    let g = B::geometry();
    for d in directions.iter() {
        let back = g.opposite(d);
        // the heads: pieces whose neighbour in direction `d` is vacant
        for head in men & B::shift(vacant, back) {
            let front = g
                .neighbour(head, d)
                .expect("a head has a vacant front square");
            let mut tail = head;
            loop {
                out(tail, front);
                match g.neighbour(tail, back).filter(|&t| men.contains(t)) {
                    Some(t) => tail = t,
                    None => break,
                }
            }
        }
    }
}

/// The number of line advances [`line_advances`] reports, counted on whole sets at
/// once (one [`Board::shift`] per line length, by constants where the board has
/// [`Board::SHIFTS`]): fast for perft.
pub fn count_line_advances<B: Board>(
    men: SquareSet,
    vacant: SquareSet,
    directions: DirectionSet,
) -> usize {
    let mut n = 0;
    each_direction!(directions, d, 'next, {
        let back = B::opposite(d);
        // the tails at distance k behind a head, k = 0, 1, ...: a piece is a tail at
        // one distance only (the number of pieces up to the first vacant square), so
        // the sets are disjoint and one count of their union is the sum
        let mut tails = men & B::shift(vacant, back);
        let mut all = SquareSet::EMPTY;
        while !tails.is_empty() {
            all |= tails;
            tails = men & B::shift(tails, back);
        }
        n += all.count();
    });
    n
}

/// Calls `out(from, to)` for every slide of the pieces on `pieces` along the
/// `directions` given: any number of squares over `vacant` squares, stopping before
/// the first square that is not vacant (or the edge).
///
/// Order: by piece square, then direction, then distance.
pub fn slides<B: Board>(
    pieces: SquareSet,
    vacant: SquareSet,
    directions: DirectionSet,
    mut out: impl FnMut(Square, Square),
) {
    let g = B::geometry();
    for from in pieces.iter() {
        for d in directions.iter() {
            let mut at = from;
            while let Some(to) = g.neighbour(at, d).filter(|&t| vacant.contains(t)) {
                out(from, to);
                at = to;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Geometry;
    use crate::engine::shapes::grid::Grid8x8 as Grid8;
    use std::collections::HashSet;

    fn set(g: &Geometry, names: &[&str]) -> SquareSet {
        names.iter().map(|n| g.parse_square(n).unwrap()).collect()
    }

    #[test]
    fn tails_of_a_diagonal_line_and_no_duplicates() {
        let g = Grid8::geometry();
        // d1-c2 is a line towards b3 (forward left, direction 5)
        let men = set(g, &["d1", "c2", "h1"]);
        let mut seen = HashSet::new();
        let mut names = Vec::new();
        line_advances::<Grid8>(
            men,
            g.all() - men,
            g.forward(crate::engine::color::Color::White),
            |f, t| {
                assert!(seen.insert((f, t)), "pair reported twice");
                names.push(format!("{}{}", g.name(f), g.name(t)));
            },
        );
        names.sort();
        assert_eq!(
            names,
            ["c2b3", "c2c3", "c2d3", "d1b3", "d1d2", "d1e2", "h1g2", "h1h2"]
        );
    }

    #[test]
    fn counting_agrees_with_generating() {
        let g = Grid8::geometry();
        let mut rng = crate::tools::rng::SplitMix64::new(7);
        for _ in 0..500 {
            let men = SquareSet(rng.next_u64() & rng.next_u64());
            let others = SquareSet(rng.next_u64() & rng.next_u64() & rng.next_u64()) - men;
            let vacant = g.all() - men - others;
            let dirs = DirectionSet((rng.next_u64() & 0xFF) as u8);
            let mut pairs = HashSet::new();
            line_advances::<Grid8>(men, vacant, dirs, |f, t| assert!(pairs.insert((f, t))));
            assert_eq!(count_line_advances::<Grid8>(men, vacant, dirs), pairs.len());
        }
    }

    #[test]
    fn blocked_front_and_edges() {
        let g = Grid8::geometry();
        let men = set(g, &["a7", "a8"]);
        let mut n = 0;
        line_advances::<Grid8>(men, g.all() - men, g.all_directions(), |_, _| n += 1);
        // a7b7, a8b8 (right), a7a6 and a8a6 (down the file: the line a8-a7 and its
        // head alone), a7b8 (up-right), a7b6 and a8b7 (down-right)
        assert_eq!(n, 7);
    }

    #[test]
    fn slides_stop_before_pieces() {
        let g = Grid8::geometry();
        let king = set(g, &["a1"]);
        let blockers = set(g, &["a3", "c3"]);
        let mut n = 0;
        slides::<Grid8>(
            king,
            g.all() - king - blockers,
            g.all_directions(),
            |_, _| n += 1,
        );
        // a2, b1..h1 (7), b2 only diagonally
        assert_eq!(n, 1 + 7 + 1);
    }
}
