//! A computer player for every ruleset of `column-checkers`, and for rulesets written
//! outside it: any position type with [`Counting`](column_checkers::Counting) whose
//! moves tell their squares ([`MoveSquares`](column_checkers::MoveSquares)).
//!
//! - [`Player`]: iterative deepening, principal-variation alpha-beta, a transposition
//!   table keyed by the position's Zobrist hash, move ordering (the table's move,
//!   captures by men taken, killers, history), a quiescence search that follows forced
//!   captures, repetitions and counted draws seen inside the tree; limits by depth,
//!   nodes and time, and a stop flag another thread can set.
//! - [`eval`]: the evaluation, one set of weights per ruleset; [`tune`] fits them to
//!   the player's own games (Texel's method).
//! - [`hub`]: the Hub protocol (version 2) of draughts engines, for international
//!   draughts.
//! - [`matches`](mod@matches): matches between players, with Elo, its interval and an SPRT;
//!   [`baseline`] is the fixed-depth negamax they are measured against.
//!
//! ```
//! use column_checkers::{Game, Lasca, Position};
//! use column_checkers_player::{Limits, Player};
//!
//! let mut game = Game::new(Lasca::start());
//! let mut player = Player::<Lasca>::new(4);
//! let found = player.search(game.position(), &[], Limits::depth(3), &mut |info| {
//!     assert!(info.depth <= 3);
//! });
//! game.play(&found.best.unwrap()).unwrap();
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub mod baseline;
pub mod clock;
pub mod eval;
pub mod hub;
pub mod matches;
mod search;
pub mod tune;

pub use search::{Info, Limits, Player, SearchResult, MAX_PLY, WIN};

use column_checkers::{Game, Position};

/// The Zobrist hashes of a game's positions before the current one, oldest first: the
/// `history` [`Player::search`] takes to see repetitions of the game's positions.
///
/// ```
/// use column_checkers::{Game, Lasca, Position};
/// use column_checkers_player::game_history;
///
/// let mut game = Game::new(Lasca::start());
/// game.play_text("c3-d4").unwrap();
/// assert_eq!(game_history(&game), [Lasca::start().zobrist()]);
/// ```
pub fn game_history<P: Position>(game: &Game<P>) -> Vec<u64> {
    let mut pos = game.start().clone();
    let mut out = Vec::with_capacity(game.moves().len());
    for mv in game.moves() {
        out.push(pos.zobrist());
        pos.play_unchecked(mv);
    }
    out
}
