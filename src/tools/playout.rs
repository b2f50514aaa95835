//! Random playouts: uniformly random legal moves until the game ends.

use crate::engine::moves::MoveList;
use crate::engine::position::{Outcome, Position};
use crate::tools::rng::SplitMix64;

/// How a playout ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playout<P> {
    /// The last position.
    pub position: P,
    /// Plies played.
    pub plies: usize,
    /// The position's outcome, or `None` when the ply limit was reached first.
    pub outcome: Option<Outcome>,
}

/// Plays uniformly random legal moves from `start` until no move is legal or
/// `max_plies` have been played. Repetition is not checked (use [`Game`](crate::engine::game::Game)
/// for that). `moves` is scratch space, reused.
pub fn random_playout<P: Position>(
    start: &P,
    rng: &mut SplitMix64,
    max_plies: usize,
    moves: &mut MoveList<P::Move>,
) -> Playout<P> {
    let mut pos = start.clone();
    for ply in 0..max_plies {
        pos.legal_moves(moves);
        if moves.is_empty() {
            let outcome = pos.outcome();
            return Playout {
                position: pos,
                plies: ply,
                outcome,
            };
        }
        let mv = moves[rng.below(moves.len())];
        pos.play_unchecked(&mv);
    }
    let outcome = pos.outcome();
    Playout {
        position: pos,
        plies: max_plies,
        outcome,
    }
}
