//! The [`minimax`](https://docs.rs/minimax) crate's [`Game`] trait for every ruleset
//! (feature `minimax`), so its searchers (negamax, iterative deepening, parallel
//! search, MCTS) play any position of this crate.
//!
//! [`MinimaxAdapter<P>`] is the `Game` of ruleset `P` (any [`Position`](crate::engine::position::Position)): states are
//! positions, moves are `P::Move`; `apply` returns the next position (positions are
//! small and `Copy`-like, so no undo is needed) and `zobrist_hash` is the incremental
//! [`Position::zobrist`](crate::engine::position::Position::zobrist). Repetition is a property of a game's history, not of a
//! position, so the searchers do not see threefold repetition draws.
//! [`MaterialEvaluator<P>`] is a simple evaluation to start from: men in the columns
//! a side controls, plus mobility.
//!
//! ```
//! use column_checkers::minimax::{MaterialEvaluator, MinimaxAdapter};
//! use column_checkers::{Emergo, Position};
//! use minimax::{Negamax, Strategy};
//!
//! let pos: Emergo = "c5:b,d6:b,e5:b,f4:wwww,g4:w,h4:bb w 0/0".parse().unwrap();
//! let mut search = Negamax::new(MaterialEvaluator::<Emergo>::new(), 3);
//! let mv = search.choose_move(&pos).unwrap();
//! assert!(pos.is_legal(&mv));
//! ```

use crate::engine::color::Color;
use crate::engine::moves::MoveList;
use crate::engine::position::Position;

use ::minimax::{Evaluation, Evaluator, Game, Winner};
use core::marker::PhantomData;

/// The `minimax` crate's [`Game`] for ruleset `P`.
#[derive(Clone, Copy, Debug, Default)]
pub struct MinimaxAdapter<P>(PhantomData<P>);

fn winner<P: Position>(state: &P) -> Option<Winner> {
    state.outcome().map(|o| match o.winner() {
        None => Winner::Draw,
        Some(c) if c == state.turn() => Winner::PlayerToMove,
        Some(_) => Winner::PlayerJustMoved,
    })
}

impl<P: Position> Game for MinimaxAdapter<P> {
    type S = P;
    type M = P::Move;

    fn generate_moves(state: &P, moves: &mut Vec<P::Move>) -> Option<Winner> {
        let mut list = MoveList::new();
        state.legal_moves(&mut list);
        if list.is_empty() {
            return winner(state);
        }
        moves.extend_from_slice(&list);
        None
    }

    fn apply(state: &mut P, m: P::Move) -> Option<P> {
        let mut next = state.clone();
        next.play_unchecked(&m);
        Some(next)
    }

    fn get_winner(state: &P) -> Option<Winner> {
        winner(state)
    }

    fn zobrist_hash(state: &P) -> u64 {
        state.zobrist()
    }

    fn notation(_state: &P, m: P::Move) -> Option<String> {
        Some(m.to_string())
    }
}

/// A simple evaluation for any ruleset: 16 points per man in the columns the side to
/// move controls (prisoners included) and per man in hand, minus the same for the
/// opponent, plus the difference in mobility. Positions without a
/// [`BoardView`](crate::engine::view::BoardView) are judged by mobility alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct MaterialEvaluator<P>(PhantomData<P>);

impl<P> MaterialEvaluator<P> {
    /// The evaluator.
    pub fn new() -> Self {
        MaterialEvaluator(PhantomData)
    }
}

/// The material of `color` in `pos`: men under its control and in hand.
pub fn material<P: Position>(pos: &P, color: Color) -> i32 {
    pos.board_view().map_or(0, |v| {
        (v.men_under(color) + v.in_hand[color.index()]) as i32
    })
}

impl<P: Position> Evaluator for MaterialEvaluator<P> {
    type G = MinimaxAdapter<P>;

    fn evaluate(&self, s: &P) -> Evaluation {
        let me = s.turn();
        let mine = s.count_legal_moves() as i32;
        let theirs = {
            // the opponent's mobility, as if it were his turn: approximate it by the
            // replies to our first legal move
            let mut list = MoveList::new();
            s.legal_moves(&mut list);
            list.first().map_or(0, |m| {
                let mut n = s.clone();
                n.play_unchecked(m);
                n.count_legal_moves() as i32
            })
        };
        let score = 16 * (material(s, me) - material(s, !me)) + mine - theirs;
        score.clamp(-30_000, 30_000) as Evaluation
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game as CrateGame;
    use crate::games::draughts::RussianDraughts;
    use crate::games::emergo::Emergo;
    use ::minimax::{Negamax, Strategy};

    fn play_out<P: Position>(depth: u8, max_plies: usize) -> CrateGame<P> {
        let mut game = CrateGame::new(P::start());
        let mut search = Negamax::new(MaterialEvaluator::<P>::new(), depth);
        while game.outcome().is_none() && game.moves().len() < max_plies {
            let mv = search
                .choose_move(game.position())
                .expect("a position that is not over has a move");
            game.play(&mv).expect("the searcher plays legal moves");
        }
        game
    }

    #[test]
    fn negamax_plays_legal_games() {
        let g = play_out::<Emergo>(2, 400);
        assert!(g.moves().len() >= 24, "{} plies", g.moves().len());
        let g = play_out::<RussianDraughts>(2, 300);
        assert!(g.moves().len() > 10);
    }

    #[test]
    fn winner_is_seen_from_the_side_to_move() {
        // Black to move with nothing on top: the player just moved (White) won
        let p: Emergo = "c4:bbbbbwww,d4:ww b 0/0".parse().unwrap();
        assert_eq!(
            MinimaxAdapter::<Emergo>::get_winner(&p),
            Some(Winner::PlayerJustMoved)
        );
        let mut v = Vec::new();
        assert!(MinimaxAdapter::<Emergo>::generate_moves(&p, &mut v).is_some());
        assert!(v.is_empty());
    }
}
