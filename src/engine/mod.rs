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

pub(crate) mod board;
pub(crate) mod capture;
pub(crate) mod color;
pub(crate) mod columns;
pub(crate) mod counted_draws;
pub(crate) mod error;
pub(crate) mod from_to;
pub(crate) mod game;
pub(crate) mod history;
pub(crate) mod input;
pub(crate) mod introspect;
pub(crate) mod lines;
pub(crate) mod move_texts;
pub(crate) mod moves;
pub(crate) mod outcome;
pub(crate) mod perft;
pub(crate) mod pieces;
pub(crate) mod position;
pub(crate) mod powers;
pub(crate) mod quiet;
pub(crate) mod removal;
pub(crate) mod shapes;
pub(crate) mod square;
pub(crate) mod stack;
pub(crate) mod storage;
pub(crate) mod view;
pub(crate) mod wide_set;
pub(crate) mod zobrist;
