//! The rulesets: every position type of the crate, each option set on its own, with
//! its rules type (zero-sized; options are const parameters), its move type and the
//! game's own boards and options.
//!
//! Each game's rules are stated in full, each with its source, in the documentation of
//! the type the table names under "rules": the checkers-like games' rules types, and
//! the position types of Emergo and Epaminondas, which implement [`Position`] themselves.
//! How the crate decides the points the rules texts leave open is the page
//! [rulings](crate::rulings), one section per ruleset.
//!
//! | game | position types | rules | moves | rulings |
//! |---|---|---|---|---|
//! | Emergo (Freeling & van Zon) | [`Emergo`] | [`EmergoPosition`] ([`EmergoCapture`]) | [`Move`] | [Emergo](crate::rulings#emergo) |
//! | HexEmergo (Freeling) | [`HexEmergo`], [`HexEmergoSetup`] | [`EmergoPosition`] on [`Hex37`](crate::custom::Hex37) | [`Move`] | [HexEmergo](crate::rulings#hexemergo) |
//! | Lasca (Lasker) | [`Lasca`], [`LascaRoundabout`], [`LascaRepetition`], [`LascaRoundaboutRepetition`] | [`LascaRules`] | [`CheckersMove`] | [Lasca](crate::rulings#lasca) |
//! | Bashni | [`Bashni`], [`BashniRussianCode`] | [`BashniRules`] | [`CheckersMove`] | [Bashni](crate::rulings#bashni) |
//! | Stapeldammen (Freeling) | [`Stapeldammen`] | [`StapeldammenRules`] | [`CheckersMove`] | [Stapeldammen](crate::rulings#stapeldammen) |
//! | Dameo (Freeling) | [`Dameo`] | [`DameoRules`] | [`CheckersMove`] | [Dameo](crate::rulings#dameo) |
//! | Russian draughts | [`RussianDraughts`] | [`RussianRules`], [`RUSSIAN_COUNTED_DRAWS`] | [`CheckersMove`] | [Draughts](crate::rulings#draughts) |
//! | International draughts | [`InternationalDraughts`] | [`InternationalRules`], [`FMJD_COUNTED_DRAWS`] | [`CheckersMove`] | [Draughts](crate::rulings#draughts) |
//! | Brazilian draughts | [`BrazilianDraughts`] | [`BrazilianRules`], [`BRAZILIAN_COUNTED_DRAWS`] | [`CheckersMove`] | [Draughts](crate::rulings#draughts) |
//! | Epaminondas (Abbott) | [`Epaminondas`] | [`EpaminondasPosition`] ([`EpaminondasOptions`]) | [`PhalanxMove`] | [Epaminondas](crate::rulings#epaminondas) |
//! | NeoCrossings | [`NeoCrossings`] | [`EpaminondasPosition`] ([`EpaminondasOptions`]) | [`PhalanxMove`] | [Epaminondas](crate::rulings#epaminondas) |
//!
//! The checkers-like games are each a rules type over
//! [`CheckersPosition`](crate::custom::CheckersPosition), whose moves are
//! [`CheckersMove`]s; Emergo's moves are the engine's [`Move`]s. The base position of
//! each ruleset is also at the crate root (`column_checkers::Lasca`), and the
//! [`Ruleset`](crate::Ruleset) enum names every one, with its name, options and PDN tag.
//!
//! ```
//! use column_checkers::games::{LascaRoundabout, LascaRules};
//! use column_checkers::custom::CheckersPosition;
//! use column_checkers::{Position, Ruleset};
//!
//! let p = LascaRoundabout::start();
//! let _: &CheckersPosition<LascaRules<true>> = &p;
//! assert_eq!(Ruleset::of::<LascaRoundabout>(), Some(Ruleset::LascaRoundabout));
//! ```

#[cfg(doc)]
use crate::engine::{moves::Move, position::Position};

pub(crate) mod bashni;
pub(crate) mod checkers;
pub(crate) mod dameo;
pub(crate) mod draughts;
pub(crate) mod emergo;
pub(crate) mod epaminondas;
pub(crate) mod lasca;
pub(crate) mod stapeldammen;

pub use bashni::{Bashni, BashniRules, BashniRussianCode};
pub use checkers::CheckersMove;
pub use dameo::{Dameo, DameoRules};
pub use draughts::{
    BrazilianDraughts, BrazilianRules, InternationalDraughts, InternationalRules, RussianDraughts,
    RussianRules, BRAZILIAN_COUNTED_DRAWS, FMJD_COUNTED_DRAWS, MAIN_ROAD, RUSSIAN_COUNTED_DRAWS,
};
pub use emergo::{
    Emergo, EmergoBoard, EmergoCapture, EmergoPosition, Hex37Setup, HexEmergo, HexEmergoSetup,
    Oblique9,
};
pub use epaminondas::{
    Epaminondas, EpaminondasBoard, EpaminondasOptions, EpaminondasPosition, NeoCrossings,
    PhalanxMove,
};
pub use lasca::{Lasca, LascaRepetition, LascaRoundabout, LascaRoundaboutRepetition, LascaRules};
pub use stapeldammen::{Stapeldammen, StapeldammenRules};
