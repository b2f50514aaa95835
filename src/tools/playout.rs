//! Random playouts: uniformly random legal moves until the game ends.

use crate::engine::moves::MoveList;
use crate::engine::outcome::Outcome;
use crate::engine::position::Position;
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
/// `max_plies` have been played. Repetition is not checked (use [`Game`](crate::Game)
/// for that). `moves` is scratch space, reused.
pub fn random_playout<P: Position>(
    start: &P,
    rng: &mut SplitMix64,
    max_plies: usize,
    moves: &mut MoveList<P::Move>,
) -> Playout<P> {
    let mut pos = start.clone();
    for ply in 0..max_plies {
        // the move at a uniformly random index of the legal list, found without
        // listing every move where the ruleset can
        let Some(mv) = pos.legal_move_at(|n| rng.below(n), moves) else {
            let outcome = pos.outcome();
            return Playout {
                position: pos,
                plies: ply,
                outcome,
            };
        };
        pos.play_unchecked(&mv);
    }
    let outcome = pos.outcome();
    Playout {
        position: pos,
        plies: max_plies,
        outcome,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::emergo::{Emergo, HexEmergo};
    use crate::games::lasca::Lasca;

    /// The playout as it was written before `legal_move_at`: list, then pick.
    fn listed<P: Position>(start: &P, rng: &mut SplitMix64, max_plies: usize) -> Playout<P> {
        let mut moves = MoveList::new();
        let mut pos = start.clone();
        for ply in 0..max_plies {
            pos.legal_moves(&mut moves);
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

    fn same_games<P: Position>(games: usize) {
        let start = P::start();
        let mut moves = MoveList::new();
        let (mut a, mut b) = (SplitMix64::new(7), SplitMix64::new(7));
        let mut ended = 0;
        for _ in 0..games {
            let fast = random_playout(&start, &mut a, 300, &mut moves);
            assert_eq!(fast, listed(&start, &mut b, 300));
            ended += fast.outcome.is_some() as usize;
        }
        assert!(ended > 0, "some games end before the ply limit");
    }

    #[test]
    fn playouts_pick_the_listed_moves() {
        same_games::<Emergo>(200);
        same_games::<HexEmergo>(100);
        same_games::<Lasca>(50);
    }
}
