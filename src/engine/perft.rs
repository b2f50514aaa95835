//! Perft: counting the leaf nodes of the legal-move tree, the standard check of a move
//! generator. Each move is counted once, however many capture routes lead from its
//! origin to its position ([move identity](crate::rulings#move-identity)), with bulk
//! counting at the last ply.

use crate::alloc_prelude::*;
use crate::engine::moves::MoveList;
use crate::engine::position::Position;

/// The number of move sequences of length `depth` from `pos` (1 for depth 0).
///
/// The plies above the last two are played with [`Position::play_each_move`] (in any
/// order); the last two are counted by [`Position::count_two_plies`], and a depth of 1
/// by [`Position::count_legal_moves`] (bulk counting).
pub fn perft<P: Position>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut lists: Vec<MoveList<P::Move>> = (0..depth).map(|_| MoveList::new()).collect();
    perft_inner(pos, depth, &mut lists)
}

fn perft_inner<P: Position>(pos: &P, depth: u32, lists: &mut [MoveList<P::Move>]) -> u64 {
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per depth");
    if depth == 2 {
        return pos.count_two_plies(list);
    }
    let mut nodes = 0;
    pos.play_each_move(list, |next| nodes += perft_inner(next, depth - 1, rest));
    nodes
}

/// [`perft`] without bulk counting: every move of every ply is played, the last
/// ply's too, and each position reached at the last ply counts 1. The same number
/// with more work: the figure other engines report as "no bulk".
///
/// Each ply's moves are played by [`Position::play_each_move`], which makes the
/// position after each legal move (board, hash and side to move, as
/// [`Position::play_for_counting`] plays it) in any order. By default it lists the
/// moves and plays each on a copy; a ruleset may make the positions as it finds the
/// moves, without listing them (the removal games do, as engines that write each move
/// as the position it leads to do). Either way every position is made: the last
/// ply's are counted as they are made, the others counted from.
///
/// ```
/// use column_checkers::{perft, InternationalDraughts, Position};
/// use column_checkers::custom::perft_without_bulk;
/// let p = InternationalDraughts::start();
/// assert_eq!(perft_without_bulk(&p, 4), perft(&p, 4));
/// ```
pub fn perft_without_bulk<P: Position>(pos: &P, depth: u32) -> u64 {
    let mut lists: Vec<MoveList<P::Move>> = (0..depth).map(|_| MoveList::new()).collect();
    perft_played(pos, depth, &mut lists)
}

fn perft_played<P: Position>(pos: &P, depth: u32, lists: &mut [MoveList<P::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per depth");
    let mut nodes = 0;
    if depth == 1 {
        // the last ply: each position counted as it is made, rather than by a call
        // one ply down
        pos.play_each_move(list, |next| {
            core::hint::black_box(next);
            nodes += 1;
        });
    } else {
        pos.play_each_move(list, |next| nodes += perft_played(next, depth - 1, rest));
    }
    nodes
}

/// Perft split by first move: each legal move with the perft of `depth - 1` after it
/// (`depth >= 1`), in the order of
/// [`Position::legal_moves`](crate::engine::position::Position::legal_moves).
pub fn divide<P: Position>(pos: &P, depth: u32) -> Vec<(P::Move, u64)> {
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
pub fn perft_parallel<P: Position>(pos: &P, depth: u32) -> u64 {
    use rayon::prelude::*;
    let want = 16 * rayon::current_num_threads();
    let mut frontier = vec![pos.clone()];
    let mut depth = depth;
    let mut list = MoveList::new();
    while depth > 1 && frontier.len() < want {
        let mut next = Vec::with_capacity(frontier.len() * 8);
        for p in &frontier {
            p.play_each_move(&mut list, |child| next.push(child.clone()));
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
