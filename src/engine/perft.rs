//! Perft: counting the leaf nodes of the legal-move tree, the standard check of a move
//! generator. Each move is counted once, however many capture routes lead from its
//! origin to its position ([move identity](crate::rulings#move-identity)), with bulk
//! counting at the last ply.

use crate::alloc_prelude::*;
use crate::engine::counting::Counting;
use crate::engine::moves::MoveList;

/// The number of move sequences of length `depth` from `pos` (1 for depth 0).
pub fn perft<P: Counting>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut lists: Vec<MoveList<P::Move>> = (0..depth).map(|_| MoveList::new()).collect();
    perft_inner(pos, depth, &mut lists)
}

fn perft_inner<P: Counting>(pos: &P, depth: u32, lists: &mut [MoveList<P::Move>]) -> u64 {
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per depth");
    if depth == 2 {
        return pos.count_two_plies(list);
    }
    pos.legal_moves(list);
    let mut nodes = 0;
    let mut next = pos.clone();
    for mv in list.iter() {
        next.play_for_counting(mv);
        nodes += perft_inner(&next, depth - 1, rest);
        next.restore(pos, mv);
    }
    nodes
}

/// [`perft`] without bulk counting: every move of the last ply is played too, and
/// each position reached counts 1. The same number with more work: the figure other
/// engines report as "no bulk".
///
/// ```
/// use column_checkers::{perft, perft_without_bulk, InternationalDraughts, Position};
/// let p = InternationalDraughts::start();
/// assert_eq!(perft_without_bulk(&p, 4), perft(&p, 4));
/// ```
pub fn perft_without_bulk<P: Counting>(pos: &P, depth: u32) -> u64 {
    let mut lists: Vec<MoveList<P::Move>> = (0..depth).map(|_| MoveList::new()).collect();
    perft_played(pos, depth, &mut lists)
}

fn perft_played<P: Counting>(pos: &P, depth: u32, lists: &mut [MoveList<P::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per depth");
    pos.legal_moves(list);
    let mut next = pos.clone();
    if depth == 1 {
        // the last ply: each move played and taken back, each position reached
        // counted here rather than by a call one ply down
        for mv in list.iter() {
            next.play_for_counting(mv);
            core::hint::black_box(&next);
            next.restore(pos, mv);
        }
        return list.len() as u64;
    }
    let mut nodes = 0;
    for mv in list.iter() {
        next.play_for_counting(mv);
        nodes += perft_played(&next, depth - 1, rest);
        next.restore(pos, mv);
    }
    nodes
}

/// Perft split by first move: each legal move with the perft of `depth - 1` after it
/// (`depth >= 1`), in the order of
/// [`Position::legal_moves`](crate::engine::position::Position::legal_moves).
pub fn divide<P: Counting>(pos: &P, depth: u32) -> Vec<(P::Move, u64)> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|mv| {
            let mut next = pos.clone();
            next.play_for_counting(mv);
            (*mv, perft(&next, depth.saturating_sub(1)))
        })
        .collect()
}

/// [`perft`] with the first plies split across threads (feature `rayon`): the same
/// count, for deep runs on many cores. Runs on rayon's global thread pool. The
/// positions after the first ply, then after the second and so on, are generated until
/// there are at least 16 subtrees per thread (or one ply is left), so that threads
/// stay busy although the subtrees differ in size.
///
/// ```
/// use column_checkers::{perft, perft_parallel, Emergo, Position};
/// assert_eq!(perft_parallel(&Emergo::start(), 3), perft(&Emergo::start(), 3));
/// ```
#[cfg(feature = "rayon")]
#[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
pub fn perft_parallel<P: Counting>(pos: &P, depth: u32) -> u64 {
    use rayon::prelude::*;
    let want = 16 * rayon::current_num_threads();
    let mut frontier = vec![pos.clone()];
    let mut depth = depth;
    let mut list = MoveList::new();
    while depth > 1 && frontier.len() < want {
        let mut next = Vec::with_capacity(frontier.len() * 8);
        for p in &frontier {
            p.legal_moves(&mut list);
            for mv in &list {
                let mut child = p.clone();
                child.play_for_counting(mv);
                next.push(child);
            }
        }
        frontier = next;
        depth -= 1;
    }
    frontier.par_iter().map(|p| perft(p, depth)).sum()
}

#[cfg(all(test, feature = "rayon"))]
mod parallel_tests {
    use super::*;
    use crate::engine::position::Position;
    use crate::games::draughts::RussianDraughts;
    use crate::games::emergo::Emergo;

    #[test]
    fn parallel_equals_sequential() {
        for d in 0..=3 {
            assert_eq!(
                perft_parallel(&Emergo::start(), d),
                perft(&Emergo::start(), d)
            );
        }
        let p: Emergo = "c5:b,d6:b,e5:b,f4:wwww,g4:w,h4:bb w 0/0".parse().unwrap();
        assert_eq!(perft_parallel(&p, 4), perft(&p, 4));
        let r = RussianDraughts::start();
        for d in 0..=5 {
            assert_eq!(perft_parallel(&r, d), perft(&r, d));
        }
        // a finished game: nothing to split
        let over: Emergo = "e5:w b 0/0".parse().unwrap();
        assert_eq!(perft_parallel(&over, 3), 0);
    }
}
