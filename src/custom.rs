//! Writing your own ruleset: everything a ruleset author needs, in one place.
//!
//! The crate's rulesets are made of these parts, and a ruleset written outside the
//! crate with them gets every generic tool: [`perft`](crate::perft), random playouts
//! ([`playout`](crate::playout)), [`Game`](crate::Game), click input
//! ([`MoveInput`](crate::MoveInput)), the board view, position text and notation.
//!
//! - **Boards**: a [`Board`] is a zero-sized type whose [`Geometry`] (squares, names,
//!   directions, the rows each side promotes on) is built once; the crate's shapes
//!   ([`Dark7`], [`Dark8`], [`Dark10`], [`Grid8x8`], [`Grid14x12`], [`Hex37`]) may be
//!   used as they are, and [`Shifts`] let the capture search move whole sets of
//!   squares at once on a board of up to 64 squares.
//! - **The vocabulary**: [`Direction`] and [`DirectionSet`], [`WideSquareSet`] for
//!   boards wider than 64 squares, and the men: a [`Stack`] of [`Man`]s, each of a
//!   [`Rank`].
//! - **Captures**: a [`CapturePolicy`] states how captures work: how men are taken
//!   (a [`TakingRule`]: [`Prisoners`] or [`Removed`], at once or when the move ends,
//!   the [`Taking`] and [`Transfer`]), the [`CaptureRules`] ([`Rejump`], [`Reversal`],
//!   [`Majority`], [`CapturePromotion`]) and, for each commander, its directions and
//!   its [`Leap`]; the [`CaptureGenerator`], the one capture traversal, searches every
//!   capture route under it on either [`CaptureStorage`].
//! - **Quiet moves**: a [`MovePolicy`] says how pieces move without capturing
//!   ([`QuietMoves`]: steps, flights, line advances); [`quiet_moves`],
//!   [`line_advances`] and [`slides`] list them for a game that implements
//!   [`Position`](crate::Position) itself.
//! - **Storage**: what stands on the board, a [`Storage`]: [`Columns`] (a column of
//!   men on each square) or [`Pieces`] (one piece a square, on bitboards), as the
//!   taking decides ([`StorageFor`]).
//! - **Checkers-like games**: a [`CheckersRules`] type (board, start, men, the
//!   notation's separators, counted draws or the repetition rule; its storage is
//!   [`StorageOf`] its taking) over
//!   [`CheckersPosition`], which does the rest; the federations' draws after a number
//!   of moves are [`CountedDraws`].
//! - **Moves**: [`Move`] (a [`MovePath`]: an entry, a step or a capture [`Route`]),
//!   [`FromTo`] for two-square moves of a full grid, [`write_displayed`] for a list's
//!   texts.
//! - **Hashing**: the Zobrist keys of columns ([`column_key`]), single men
//!   ([`single_man_key`]), sets of men ([`men_key`]) and counters ([`counter_key`]),
//!   and [`BLACK_TO_MOVE`].
//! - **Text**: the position text of the stack-board games ([`read_columns`],
//!   [`write_columns`], [`fields`], the diagrams) and the reading of move texts
//!   ([`read_query`], [`match_move`], [`read_from_to`]); the words of the messages,
//!   [`Terms`].
//! - [`perft_without_bulk`], to check a ruleset's counting shortcuts against plain
//!   play.
//!
//! # A checkers-like game
//!
//! A checkers-like game is a rules type: a [`CapturePolicy`] (how captures work: how
//! men are taken decides what stands on the board), a [`MovePolicy`] (how pieces move
//! without capturing) and a [`CheckersRules`] (board, start, men); [`CheckersPosition`]
//! does the rest. A tiny column game on the
//! dark squares of a 6x6 board, where columns step and capture diagonally forward and
//! the top man goes under the capturer:
//!
//! ```
//! use std::sync::OnceLock;
//! use column_checkers::custom::{
//!     Board, CapturePolicy, CapturePromotion, CaptureRules, CheckersPosition, CheckersRules,
//!     Columns, DirectionSet, Geometry, Leap, Majority, Man, MovePolicy, Prisoners, Rejump,
//!     Reversal,
//! };
//! use column_checkers::{perft, Position};
//!
//! #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
//! struct Dark6;
//! impl Board for Dark6 {
//!     fn geometry() -> &'static Geometry {
//!         static G: OnceLock<Geometry> = OnceLock::new();
//!         G.get_or_init(|| Geometry::new("dark-6", 6, 6, |x, y| (x + y) % 2 == 0,
//!                                        &[(1, 1), (-1, 1), (-1, -1), (1, -1)]))
//!     }
//! }
//!
//! #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
//! struct MiniColumns;
//! impl CapturePolicy for MiniColumns {
//!     type Taking = Prisoners; // the top man goes under the capturer: men stack
//!     const RULES: CaptureRules = CaptureRules {
//!         rejump: Rejump::Never,
//!         reversal: Some(Reversal::AnyTurnBack),
//!         majority: Majority::FreeChoice,
//!         promotion: CapturePromotion::Never,
//!     };
//!     fn directions(&self, m: Man) -> DirectionSet { Dark6::geometry().forward(m.color) }
//!     fn leap(&self, _: Man) -> Leap { Leap::Short }
//! }
//! impl CheckersRules for MiniColumns {
//!     type Board = Dark6;
//!     const NAME: &'static str = "mini-columns";
//!     const START: &'static str = "a1:w,c1:w,e1:w,b2:w,d2:w,f2:w,a5:b,c5:b,e5:b,b6:b,d6:b,f6:b w";
//!     const MEN: usize = 6;
//! }
//! // columns move as they capture (the default quiet moves: steps)
//! impl MovePolicy for MiniColumns {}
//!
//! type Mini = CheckersPosition<MiniColumns>;
//! let start = Mini::start();
//! assert_eq!(perft(&start, 1), 5);
//! let mut p: Mini = "c3:w,d4:b w".parse().unwrap();
//! let m = p.parse_move("c3xe5").unwrap();
//! p.play(&m).unwrap();
//! assert_eq!(p.to_string(), "e5:bw b");
//! // the board holds columns, as the taking decides
//! let _: &Columns<Dark6> = p.board();
//! ```
//!
//! `OnceLock` is `std`'s. A `no_std` crate builds the geometry once in
//! `once_cell::race::OnceBox`, as the crate's own boards do:
//!
//! ```
//! extern crate alloc;
//! use alloc::boxed::Box;
//! use column_checkers::custom::{Board, Geometry};
//! use once_cell::race::OnceBox;
//!
//! #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
//! struct Dark6;
//! impl Board for Dark6 {
//!     fn geometry() -> &'static Geometry {
//!         static G: OnceBox<Geometry> = OnceBox::new();
//!         G.get_or_init(|| Box::new(Geometry::new("dark-6", 6, 6, |x, y| (x + y) % 2 == 0,
//!                                                 &[(1, 1), (-1, 1), (-1, -1), (1, -1)])))
//!     }
//! }
//! assert_eq!(Dark6::geometry().len(), 18);
//! ```
//!
//! # A game with its own state
//!
//! A game with state of its own (like Emergo's men in hand) implements
//! [`Position`](crate::Position) directly, with the same parts: [`Columns`], the
//! [`CaptureGenerator`], the position-text and notation helpers and the Zobrist keys;
//! [`Position`](crate::Position)'s documentation shows a whole game written so. It
//! implements [`MoveSquares`](crate::MoveSquares) for its moves and
//! [`Introspect`](crate::Introspect) (with [`MoveInfo`]) so that GUIs and
//! [`MoveInput`](crate::MoveInput) serve it.
//!
//! The `custom_variant` example is a whole ruleset written with this module: Lasca on a
//! 9x9 board, with its perft.

pub use crate::engine::board::{Board, Geometry, Shift, Shifts, MAX_GEOMETRY_SQUARES};
pub use crate::engine::capture::{
    CaptureGenerator, CapturePolicy, CapturePromotion, CaptureRules, CaptureStorage, FirstJumps,
    Leap, Majority, Prisoners, Rejump, Removed, Reversal, Taking, TakingRule, Transfer,
};
pub use crate::engine::columns::Columns;
pub use crate::engine::counted_draws::{
    Class, Classes, CountedDraws, DrawCounts, Material, Placement, Restart,
};
pub use crate::engine::from_to::{FromTo, FromToTexts};
pub use crate::engine::introspect::MoveInfo;
pub use crate::engine::lines::{count_line_advances, line_advances, slides};
pub use crate::engine::move_texts::write_displayed;
pub use crate::engine::moves::{Move, MovePath, Route, Squares, MAX_ROUTE};
pub use crate::engine::perft::perft_without_bulk;
pub use crate::engine::pieces::Pieces;
pub use crate::engine::position::Terms;
pub use crate::engine::powers::{kings_fly, men_forward};
pub use crate::engine::quiet::{count_quiet_moves, quiet_moves, MovePolicy, QuietMoves};
pub use crate::engine::shapes::dark::{dark_rows, Dark10, Dark7, Dark8, DARK10_SETUP, DARK8_SETUP};
pub use crate::engine::shapes::grid::{
    full_grid_geometry, FullGrid, Grid14x12, Grid8x8, EIGHT_DIRECTIONS,
};
pub use crate::engine::shapes::hex::Hex37;
pub use crate::engine::square::{Direction, DirectionSet, SquareSetIter, MAX_SQUARES};
pub use crate::engine::stack::{Man, Rank, Stack, MAX_HEIGHT};
pub use crate::engine::storage::{Storage, StorageFor};
pub use crate::engine::wide_set::{WideSquareSet, WideSquareSetIter, MAX_WIDE_SQUARES, WIDE_WORDS};
pub use crate::engine::zobrist::{
    column_key, counter_key, man_keys, men_key, mix, single_man_key, BLACK_TO_MOVE,
};
pub use crate::games::checkers::{CheckersPosition, CheckersRules, StorageOf};
pub use crate::text::notation::{match_move, read_from_to, read_query, MoveQuery};
pub use crate::text::position_text::{
    check_side_not_to_move, column_cell, fields, grid_diagram, hex_diagram, read_columns,
    read_position, write_columns, COLUMN_LEGEND,
};
