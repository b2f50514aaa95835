//! # column-checkers-testkit
//!
//! The test rig of [column-checkers](column_checkers), for its tests, fuzz targets,
//! benchmarks and CI, outside the library:
//!
//! - [`invariants`]: every check of a position, a move and a game in one place, each
//!   answering a typed [`Violation`](invariants::Violation);
//! - [`Checking`]: what the checker asks of a position beyond
//!   [`Position`](column_checkers::Position) (its hash from scratch), with default
//!   bodies for any position type and faster ones for every ruleset of the crate;
//!   [`visit`] runs generic code with these hooks on a
//!   [`Ruleset`](column_checkers::Ruleset);
//! - [`soak`]: seeded random games with every check on every move;
//! - [`harness`]: the fuzz scenarios of `fuzz/`, driven by arbitrary bytes.
//!
//! ```
//! use column_checkers::{Emergo, Position};
//! use column_checkers_testkit::invariants;
//!
//! let mut pos = Emergo::start();
//! invariants::check(&pos).unwrap();
//! let before = pos.clone();
//! let mv = pos.parse_move("d6").unwrap();
//! pos.play(&mv).unwrap();
//! invariants::check_move(&before, &mv, &pos).unwrap();
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod checking;
pub mod harness;
pub mod invariants;
pub mod soak;

pub use checking::{visit, Checking, CheckingVisitor};
