//! A game of any ruleset chosen at run time, for servers, bindings, learning
//! environments and command lines: [`AnyGame`] (legal moves, play by text, index,
//! clicks or actions with an action limit, undo and redo, outcome, texts, records,
//! perft), the game of each ruleset inside it ([`ActionGame`]: a [`Game`](crate::Game)
//! with its click input), [`Batch`] (`n` of them stepped together on threads), the
//! [`Ruleset`]s of the crate by name and options, and [`dispatch`], which runs generic
//! code ([`RulesetVisitor`]) on the ruleset a name selects, monomorphised for each
//! ruleset.
//!
//! ```
//! use column_checkers::any::{dispatch, RulesetVisitor};
//! use column_checkers::{perft, AnyGame, Position, Ruleset};
//!
//! let mut game = AnyGame::new(Ruleset::Lasca);
//! game.play("c3-d4").unwrap();
//! assert_eq!(game.moves().len(), 1);
//!
//! struct Perft(u32);
//! impl RulesetVisitor for Perft {
//!     type Output = u64;
//!     fn visit<P: Position>(self) -> u64 {
//!         perft(&P::start(), self.0)
//!     }
//! }
//! assert_eq!(dispatch("emergo", &[], Perft(2)), Ok(1504));
//! ```

pub use crate::tools::action_game::{random_square, ActionError, ActionGame, Clicked};
pub use crate::tools::any_game::{
    AnyGame, AnyGameError, AnyMove, AnyReplay, GameVisitor, Listed, PlayoutStats, StateTextError,
};
#[cfg(feature = "std")]
pub use crate::tools::batch::{playouts, result_code, stream, Batch, BatchError, Observer};
pub use crate::tools::registry::{
    dispatch, record_of_game, rulesets_help, RegistryError, Ruleset, RulesetVisitor,
};
