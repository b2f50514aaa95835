//! Every error of the crate, and the kinds that tell them apart. Each names what was
//! typed or asked, in the game's terms, and an operation that answers one leaves its
//! state unchanged.
//!
//! The errors of positions, moves and games are also at the crate root
//! ([`PositionError`], [`MoveParseError`], [`PlayError`], [`GameError`],
//! [`DeclaredEndError`], [`ClickError`]); the others belong to the text formats
//! ([`FenError`], [`PdnError`], [`ReplayError`]) and the run-time game
//! ([`AnyGameError`], [`RegistryError`], ...).
//!
//! ```
//! use column_checkers::error::PositionErrorKind;
//! use column_checkers::Emergo;
//!
//! let err = "e5:wwwwwwwwwwwww w 0/0".parse::<Emergo>().unwrap_err();
//! assert!(matches!(err.kind, PositionErrorKind::TooManyMenInHand { .. }));
//! ```

pub use crate::engine::color::ColorParseError;
pub use crate::engine::error::{
    DeclaredEndError, GameError, MoveParseError, PlayError, PositionError, PositionErrorKind,
    MAX_TEXT_LEN,
};
pub use crate::engine::input::ClickError;
#[cfg(feature = "solver")]
pub use crate::solver::TableError;
pub use crate::text::fen::{FenError, FenErrorKind};
pub use crate::text::pdn::{PdnError, PdnErrorKind};
pub use crate::text::record::{ReplayError, ReplayErrorKind};
pub use crate::tools::action_game::ActionError;
pub use crate::tools::any_game::{AnyGameError, StateTextError};
#[cfg(feature = "std")]
pub use crate::tools::batch::BatchError;
pub use crate::tools::registry::RegistryError;
