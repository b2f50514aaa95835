//! A computer player for every ruleset of `column-checkers`, and for rulesets written
//! outside it: any position type with an evaluation ([`Evaluate`](eval::Evaluate), one
//! line for the default) whose moves tell their squares
//! ([`MoveSquares`](column_checkers::MoveSquares)).
//!
//! - [`Player`]: iterative deepening, principal-variation alpha-beta, a transposition
//!   table keyed by the position's Zobrist hash, move ordering (the table's move,
//!   captures by men taken, killers, history), a quiescence search that follows forced
//!   captures, repetitions and counted draws seen inside the tree; limits by depth,
//!   nodes and time, and a stop flag another thread can set.
//! - [`eval`]: the evaluation, chosen per ruleset through [`Evaluate`](eval::Evaluate),
//!   its weights data files of the crate (`player/weights/`); [`tune`] fits them to the
//!   player's own games (Texel's method).
//! - [`ruleset`]: a ruleset chosen at run time, dispatched to its position type with
//!   the player's bounds.
//! - [`hub`]: the Hub protocol (version 2) of draughts engines, for international
//!   draughts.
//! - [`Mcts`](mcts::Mcts): Monte Carlo tree search (UCT), a second player behind the
//!   same [`Searcher`] interface.
//! - `tables` (feature `solver`): Emergo's endgame tables, probed by the search
//!   (`Player::with_tables`; any exact look-up through [`Player::with_probe`]).
//! - [`Level`]s 1 (beginner) to 10 (master): the player weakened on purpose
//!   ([`LevelPlayer`]); [`ladder`] measures them against each other.
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

pub mod any;
pub mod baseline;
pub mod clock;
pub mod column_windows;
pub mod draughts_windows;
pub mod dxp;
pub mod eval;
mod eval_pieces;
mod eval_view;
pub mod hub;
pub mod ladder;
pub mod learn;
pub mod level;
pub mod matches;
pub mod mcts;
pub mod patterns;
pub mod ruleset;
mod search;
pub mod search_options;
mod shape;
#[cfg(feature = "solver")]
#[cfg_attr(docsrs, doc(cfg(feature = "solver")))]
pub mod tables;
pub mod tune;
mod weights;

pub use level::{Level, LevelError, LevelPlayer, Measured};
pub use search::{Exact, Info, Limits, Player, Probe, SearchResult, MAX_PLY, WIN};
pub use search_options::{SearchOptions, SearchOptionsError};

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use column_checkers::{Game, Position};

/// A player that picks a move: the alpha-beta [`Player`] and the Monte Carlo
/// [`Mcts`](mcts::Mcts) alike, so that a match or a program takes either.
///
/// ```
/// use column_checkers::{Lasca, Position};
/// use column_checkers_player::mcts::{Mcts, MctsConfig};
/// use column_checkers_player::{Limits, Player, Searcher};
///
/// let mut players: Vec<Box<dyn Searcher<Lasca>>> = vec![
///     Box::new(Player::<Lasca>::new(1)),
///     Box::new(Mcts::<Lasca>::new(MctsConfig::default())),
/// ];
/// for p in &mut players {
///     let found = p.search(&Lasca::start(), &[], Limits::nodes(300), &mut |_| {});
///     assert!(Lasca::start().is_legal(&found.best.unwrap()));
/// }
/// ```
pub trait Searcher<P: Position> {
    /// Searches `pos` within `limits` and returns the move to play (`None` when the
    /// game is over or no move is legal); `history` holds the hashes of the game's
    /// earlier positions, oldest first; `on_info` hears of the search's progress.
    fn search(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: Limits,
        on_info: &mut dyn FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move>;

    /// Forgets what earlier searches learnt (a new game).
    fn clear(&mut self);

    /// The flag that stops a search from another thread.
    fn stop_flag(&self) -> Arc<AtomicBool>;
}

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
    game.history().keys().to_vec()
}
