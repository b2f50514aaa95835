//! The engine: game-agnostic machinery that every ruleset plugs into.
//!
//! From the bottom up: the vocabulary ([`color`], [`square`], [`wide_set`], [`stack`]),
//! board shapes as data ([`board`], [`shapes`]), the board of columns ([`columns`]), the
//! move generators ([`capture`] for captures under a policy, [`removal`] for the
//! captures of the removal games on bitboards, [`lines`] for line advances and slides),
//! moves and move lists ([`moves`]), how a game ends ([`outcome`]; the draughts
//! federations' draws after a number of moves: [`counted_draws`]), the typed
//! [`error`]s, hashing ([`zobrist`]), move texts written fast ([`move_texts`] for a
//! whole list, [`from_to`] for two squares of a full grid), the [`position`] trait every
//! ruleset implements, and what is built on it: what a move does square by square
//! ([`introspect`]), click-by-click move entry ([`input`]), [`game`] (history and
//! repetition), [`perft`] and [`view`] (a ruleset-independent picture of the board).
//! Nothing here knows a particular game.

pub mod board;
pub mod capture;
pub mod color;
pub mod columns;
pub mod counted_draws;
pub mod error;
pub mod from_to;
pub mod game;
pub mod history;
pub mod input;
pub mod introspect;
pub mod lines;
pub mod move_texts;
pub mod moves;
pub mod outcome;
pub mod perft;
pub mod pieces;
pub mod position;
pub mod powers;
pub mod quiet;
pub mod removal;
pub mod shapes;
pub mod square;
pub mod stack;
pub mod storage;
pub mod view;
pub mod wide_set;
pub mod zobrist;
