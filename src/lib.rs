//! # column-checkers
//!
//! A rules engine for **Emergo** and the column-checkers family.
//!
//! ```
//! use column_checkers::{Emergo, MoveList, Position};
//!
//! let mut pos = Emergo::start();
//! let mut moves = MoveList::new();
//! pos.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 40); // any square but the centre
//! let mv = pos.parse_move("d6").unwrap();
//! pos.play(&mv).unwrap();
//! assert_eq!(pos.to_string(), "d6:w b 11/12");
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod bashni;
pub mod board;
pub mod capture;
pub mod checkers;
pub mod color;
pub mod columns;
pub mod draughts;
pub mod emergo;
pub mod error;
pub mod game;
pub mod lasca;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod registry;
pub mod rng;
pub mod shapes;
pub mod square;
pub mod stack;
pub mod text;
pub mod zobrist;

pub use bashni::{Bashni, BashniRules, BashniRussianCode};
pub use board::{Board, Geometry};
pub use capture::{
    CaptureGenerator, CapturePolicy, CapturePromotion, Leap, Majority, Rejump, Reversal, Taking,
    Transfer,
};
pub use checkers::{CheckersMove, CheckersPosition, CheckersRules};
pub use color::Color;
pub use columns::Columns;
pub use emergo::{Emergo, EmergoBoard, EmergoPosition, Oblique9};
pub use error::{MoveParseError, PlayError, PositionError, PositionErrorKind, MAX_TEXT_LEN};
pub use game::Game;
pub use lasca::{Lasca, LascaRoundabout, LascaRules};
pub use moves::{Move, MoveKind, MoveList, Route, MAX_ROUTE};
pub use perft::{divide, perft};
pub use position::{EndReason, Outcome, Position};
pub use rng::SplitMix64;
pub use square::{Direction, DirectionSet, Square, SquareSet, MAX_SQUARES};
pub use stack::{Man, Rank, Stack, MAX_HEIGHT};
