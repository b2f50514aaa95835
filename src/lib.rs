//! # column-checkers
//!
//! A rules engine for **Emergo** and the column-checkers family (Lasca, Bashni, ...)
//! and their relatives: exact legal-move generation, playing moves, game outcome,
//! move and position text, incremental Zobrist hashing for repetition, and perft.
//! It does not search for good moves; it tells a game server, a bot or a GUI what
//! the rules allow, exactly. How it decides the points that the games' rules texts
//! leave open, with the sources, is the page [`rulings`].
//!
//! ## Quick start
//!
//! ```
//! use column_checkers::{Emergo, Game, MoveList, Position};
//!
//! let mut pos = Emergo::start();          // empty board, 12 men in each hand
//! let mut moves = MoveList::new();        // reusable: keep one around
//! pos.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 40);            // any square but the centre e5
//!
//! let mv = pos.parse_move("d6").unwrap(); // an entry is written as its square
//! pos.play(&mv).unwrap();                 // checked: illegal moves are errors
//! assert_eq!(pos.to_string(), "d6:w b 11/12");
//! println!("{pos:#}");                    // `{:#}` draws the board
//!
//! // A Game adds history: threefold repetition, undo and redo.
//! let mut game = Game::new(Emergo::start());
//! game.play_text("d6").unwrap();
//! game.play_text("d8").unwrap();
//! game.undo();
//! assert_eq!(game.moves().len(), 1);
//! ```
//!
//! `use column_checkers::prelude::*` brings the traits ([`Position`], [`Introspect`],
//! [`MoveSquares`]) and the types nearly every program names; every ruleset's base
//! position type is at the crate root, and every position, rules and move type of the
//! rulesets in [`games`].
//!
//! The modules: [`games`] (the rulesets), [`text`] (game records, PDN, FEN, SVG),
//! [`any`] (a game of a ruleset chosen at run time, the [`Ruleset`]s by name),
//! [`error`] (every error and its kinds), [`playout`] (random games), [`custom`]
//! (writing your own ruleset), [`rulings`] (how the crate decides what the rules texts
//! leave open) and, behind features, `solver` and `minimax`.
//!
//! ## Concepts
//!
//! - A **column** ([`Stack`](custom::Stack)) is a pile of one or more men. Its top man, the
//!   **commander**, decides its **owner** (and, in games with ranks, its powers); the
//!   owner's men at the top form the **cap**, the other colour's men below are
//!   **prisoners**. A capture takes the top man of the jumped column and puts it under
//!   the capturer, so prisoners can be **liberated** when the men above them are taken.
//! - **Men in hand** (Emergo): men not yet entered. A player who cannot capture but has
//!   men in hand must enter one; once the opponent has none left, all of them at once,
//!   as the **shadowpiece**.
//! - A **move** is a capture route (origin and every landing square), a step, or an
//!   entry. **Move identity**: two routes that start on the same square and lead to
//!   the same position are one move; the legal-move list holds it once, with the first
//!   route found, and [`perft()`] counts it once. Any route of that move is accepted
//!   when parsing ([move identity](crate::rulings#move-identity)).
//!
//! ## Listing and playing moves
//!
//! [`Position::legal_moves`] fills a [`MoveList`]; [`Position::play`] checks a move and
//! returns a [`PlayError`] leaving the position unchanged when it is not legal;
//! [`Position::play_unchecked`] is the fast path for moves taken from the list.
//! [`Position::count_legal_moves`] counts without listing; [`perft()`], [`divide`] and
//! [`random_playout`](playout::random_playout) work on every position type through
//! [`Position`]'s counting shortcuts, which all have default bodies.
//!
//! ## The end of the game and repetition
//!
//! [`Position::outcome`] tells what follows from the position alone. The player to move
//! who commands nothing — no piece or column that he leads, no man in hand — loses
//! ([`EndReason::NoPieces`]); one who has something but no legal move ends the game
//! with [`EndReason::NoLegalMove`], a loss, or in Emergo a draw
//! ([the end of a game](crate::rulings#the-end-of-a-game)). [`Game::outcome`] adds
//! threefold repetition — the same position with the same player to move for the third
//! time — for the rulesets that have the rule ([repetition](crate::rulings#repetition)).
//! Repetition is detected with the incremental [`Position::zobrist`] hash and
//! confirmed by comparing positions, so a hash collision cannot end a game.
//!
//! ```
//! use column_checkers::{Emergo, EndReason, Game, Outcome, Position};
//!
//! let mut game = Game::new("a5:w,i5:b w 0/0".parse::<Emergo>().unwrap());
//! for _ in 0..2 {
//!     for m in ["a5-b5", "i5-h5", "b5-a5", "h5-i5"] {
//!         game.play_text(m).unwrap();
//!     }
//! }
//! assert_eq!(game.outcome(), Some(Outcome::Draw { reason: EndReason::Repetition }));
//! ```
//!
//! ## Reading and writing positions and moves
//!
//! Every position type implements `Display` (its position text) and `FromStr` (reading
//! it back, with a [`PositionError`] that names the problem and its byte offset). In
//! the stack games a column is written `square:men`, men **bottom to top** (`w`, `b`;
//! `W`, `B` for kings or officers). Emergo adds the side to move and the men in hand:
//!
//! ```
//! use column_checkers::error::PositionErrorKind;
//! use column_checkers::{Emergo, Position};
//!
//! // Freeling's majority example: White to move, nothing in hand
//! let pos: Emergo = "c5:b,d6:b,e5:b,f4:wwww,g4:w,h4:bb w 0/0".parse().unwrap();
//! assert_eq!(pos.parse_move("fe4").unwrap().to_string(), "f4-e4"); // compact form
//!
//! let err = "e5:wwwwwwwwwwwww w 0/0".parse::<Emergo>().unwrap_err();
//! assert!(matches!(err.kind, PositionErrorKind::TooManyMenInHand { .. }));
//! ```
//!
//! Moves print in the game's notation (their `Display`) and are read against a
//! position with [`Position::parse_move`], which also resolves compact forms and
//! reports ambiguity with the candidate moves ([`MoveParseError`]).
//!
//! ## Building a game: GUIs, servers and bots
//!
//! Code written once against the traits serves every ruleset. Every position type
//! implements [`Introspect`] (the board's [`Geometry`], what a legal move does square
//! by square with [`Introspect::describe`], every route a person may click it by) and
//! every move type [`MoveSquares`] (origin, landings, destination, men captured).
//! [`MoveInput`] takes a move as a person enters it, one click at a time: after each
//! click it names the squares that may come next, and a click that fits no legal move
//! is refused with the reason. [`Position::board_view`] gives a [`BoardView`] to draw.
//!
//! ```
//! use column_checkers::prelude::*;
//! use column_checkers::{Dameo, Emergo, Lasca};
//!
//! /// The squares a GUI highlights before the first click: where a legal move starts.
//! fn first_clicks<P: Introspect>(pos: &P) -> Vec<&'static str> {
//!     MoveInput::new(pos).next_names()
//! }
//! assert_eq!(first_clicks(&Lasca::start()), ["a3", "c3", "e3", "g3"]);
//! assert_eq!(first_clicks(&Emergo::start()).len(), 40); // an entry is one click
//! assert!(!first_clicks(&Dameo::start()).is_empty());
//! ```
//!
//! ## Writing your own ruleset
//!
//! A checkers-like game is a rules type (how captures work, how pieces move
//! otherwise, board, start, men) over [`CheckersPosition`](custom::CheckersPosition),
//! which does the rest; a game with its own state implements [`Position`] with the
//! same parts. Everything needed is in [`custom`], whose documentation is the guide;
//! the `custom_variant` example is a whole ruleset written so.
//!
//! ## Rulesets
//!
//! The crate's rulesets, their names, options, position types and PDN tags are the
//! table of [`Ruleset`], made from the crate's one list of rulesets, through which
//! the examples choose a ruleset by name; [`for_each_ruleset!`] hands the list to a
//! macro of another crate.
//!
//! ## Game records, diagrams and any-ruleset code
//!
//! - [`text::read_games`] reads PDN files (Portable Draughts Notation, the draughts form of
//!   PGN) of many games into [`text::Record`]s — tags, numbered movetext,
//!   comments, variations, results, `FEN` start positions ([`text::position_from_fen`]) — which
//!   replay with every move checked; `GameType` or `Variant` tags choose the ruleset
//!   ([`Ruleset::of_record`]); [`any::record_of_game`] makes the record of
//!   a [`Game`], to which tags and comments are added, and writes it as PDN.
//! - [`Position::board_view`] gives a ruleset-independent [`BoardView`] (geometry,
//!   columns, men in hand) for renderers, evaluation functions and GUIs; the `svg`
//!   feature draws it.
//! - [`any::dispatch`] runs generic code on a ruleset chosen by name, and
//!   [`AnyGame`] is a whole game of a ruleset chosen at run time (legal moves, play by
//!   text, index or clicks, outcome, texts, records, perft), for servers and bindings.
//!
//! ## Examples
//!
//! Each runs with `cargo run --release --example NAME -- --help`:
//!
//! | example | what it does |
//! |---|---|
//! | `perft` | perft and divide of any ruleset, from the start, a position or after moves |
//! | `selfplay` | two computer players play a game (`--game`, `--seed`, `--every`, `--player`) |
//! | `play` | play against a small alpha-beta search in the terminal (`--game`, `--color`, `--depth`) |
//! | `replay` | check every game of a PDN file or stdin: one line per game, errors by line and move |
//! | `diagram` | a position (or `--moves` from the start) as SVG (the examples have the `svg` and `solver` features on) |
//! | `endgame` | builds Emergo's endgame tables (`1v1`, `2v1`), checks the published endgame claims, `--probe`s positions |
//! | `custom_variant` | Lasca on 9x9 with 18 men, defined in the example with the public API, and its perft |
//! | `web` | play any ruleset in the browser by clicks, against the computer or a person |
//! | `bench_playouts` | random games per second of any ruleset |
//! | `soak` | many seeded random games per ruleset with every invariant check on every move |
//! | `worst_case` | searches for the capture positions slowest to generate |
//!
//! ## Features
//!
//! `std` is on by default, the others off; the crate itself depends on `thiserror`,
//! `smallvec` and `once_cell` only.
//!
//! | feature | adds | dependency |
//! |---|---|---|
//! | `std` | the standard library. Without it (`default-features = false`) the crate is `#![no_std]` with `alloc` (Rust 1.81 or newer): rules, move generation, hashing, perft, text, FEN, PDN records, [`Game`], click input, `svg`, `serde` and `solver` (tables in memory, `Table::to_bytes`/`from_bytes`) all work. `std` adds the solver's files (`Table::save`, `Table::load`) and threads; `minimax` and `rayon` turn it on | — |
//! | `svg` | `text::svg::render` / `text::svg::render_position`: SVG diagrams of any board shape (towers of men, kings marked, coordinates) | `libm` |
//! | `serde` | `Serialize`/`Deserialize` for positions, moves (serialize; read with `text::serde::MoveSeed`), [`Color`], [`EndReason`], [`Outcome`] and [`Game`], all as their text forms | `serde` |
//! | `minimax` | `minimax::MinimaxAdapter<P>`: the [`minimax`](https://docs.rs/minimax) crate's `Game` for every ruleset, and a simple evaluator | `minimax` 0.6 |
//! | `rayon` | `perft_parallel`: perft with the first ply split across threads | `rayon` |
//! | `solver` | `solver`: endgame tables by retrograde analysis over any finite class of positions, saved with a checksum; Emergo's pure one-on-one and two-on-one classes; win/loss/draw databases of international, Russian and Brazilian draughts | `bitvec`, `crc32fast` |

#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

mod alloc_prelude;
pub mod any;
pub mod custom;
mod engine;
pub mod error;
pub mod games;
pub mod playout;
pub mod rulings;
pub mod text;
mod tools;

/// The [`minimax`](https://docs.rs/minimax) crate's `Game` for every ruleset
/// (feature `minimax`): [`MinimaxAdapter`](minimax::MinimaxAdapter) and a simple
/// evaluator.
#[cfg(feature = "minimax")]
#[cfg_attr(docsrs, doc(cfg(feature = "minimax")))]
pub mod minimax {
    pub use crate::tools::minimax::{material, MaterialEvaluator, MinimaxAdapter};
}

#[cfg(feature = "solver")]
#[cfg_attr(docsrs, doc(cfg(feature = "solver")))]
pub mod solver;

// The crate root holds what nearly every program names: the position types, the
// game's traits, `Game`, moves, outcome, the main errors and perft. Everything else is
// in the modules above (`games::LascaRules`, `custom::Stack`, `error::FenError`, ...).
pub use engine::board::Geometry;
pub use engine::color::Color;
pub use engine::error::{DeclaredEndError, GameError, MoveParseError, PlayError, PositionError};
pub use engine::game::Game;
pub use engine::history::History;
pub use engine::input::{ClickError, MoveInput};
pub use engine::introspect::{Introspect, MoveKind};
pub use engine::moves::{MoveList, MoveSquares};
pub use engine::outcome::{EndReason, Outcome};
#[cfg(feature = "rayon")]
pub use engine::perft::perft_parallel;
pub use engine::perft::{divide, perft};
pub use engine::position::Position;
pub use engine::square::{Square, SquareSet};
pub use engine::view::BoardView;
pub use tools::any_game::{AnyGame, AnyGameError, AnyMove};
/// Every ruleset's position type (`Emergo`, `Lasca`, `InternationalDraughts`, ...),
/// from the one list of the registry; option sets and rules types are in
/// [`games`] (`games::LascaRoundabout`, `games::LascaRules`).
pub use tools::registry::root_exports::*;
pub use tools::registry::Ruleset;

/// The traits and types nearly every user names, for a glob import:
/// `use column_checkers::prelude::*;`.
///
/// It holds the game's traits ([`Position`], [`Introspect`] and [`MoveSquares`] for
/// GUIs), [`Game`], [`MoveList`], [`MoveInput`], [`Color`], [`Outcome`] and
/// [`EndReason`]; the position types are at the crate root.
///
/// ```
/// use column_checkers::prelude::*;
/// use column_checkers::Lasca;
///
/// let mut game = Game::new(Lasca::start());
/// game.play_text("c3-d4").unwrap();
/// assert_eq!(game.position().turn(), Color::Black);
/// ```
pub mod prelude {
    pub use crate::engine::color::Color;
    pub use crate::engine::game::Game;
    pub use crate::engine::input::MoveInput;
    pub use crate::engine::introspect::Introspect;
    pub use crate::engine::moves::{MoveList, MoveSquares};
    pub use crate::engine::outcome::{EndReason, Outcome};
    pub use crate::engine::position::Position;
}
