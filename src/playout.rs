//! Random games: uniformly random legal moves until the game ends
//! ([`random_playout`]), with the crate's small seeded generator ([`SplitMix64`]).
//!
//! ```
//! use column_checkers::playout::{random_playout, SplitMix64};
//! use column_checkers::{Emergo, MoveList, Position};
//!
//! let mut rng = SplitMix64::new(7);
//! let game = random_playout(&Emergo::start(), &mut rng, 500, &mut MoveList::new());
//! assert!(game.plies > 0);
//! ```

pub use crate::tools::playout::{random_playout, Playout};
pub use crate::tools::rng::SplitMix64;
