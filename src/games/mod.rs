//! The rulesets: every position type of the crate, each option set on its own, with
//! its rules type (zero-sized; options are const parameters), its move type and the
//! game's own boards and options. Each type's documentation states its game's rules
//! as its rules texts give them, with their sources; how the crate decides the points
//! those texts leave open is the page [rulings](crate::rulings), one section per
//! ruleset.
//!
//! - Emergo and HexEmergo ([`EmergoPosition`]): men in hand, entering, the
//!   shadowpiece;
//! - the checkers-like games, each a rules type over
//!   [`CheckersPosition`](crate::custom::CheckersPosition) with moves
//!   [`CheckersMove`]: Lasca ([`LascaRules`]), Bashni ([`BashniRules`]), Dameo
//!   ([`DameoRules`]), the draughts games ([`RussianRules`], [`BrazilianRules`],
//!   [`InternationalRules`]) and Stapeldammen ([`StapeldammenRules`]);
//! - Epaminondas and NeoCrossings ([`EpaminondasPosition`]): phalanxes on a wide
//!   board, moves [`PhalanxMove`].
//!
//! The base position of each ruleset is also at the crate root
//! (`column_checkers::Lasca`), and the [`Ruleset`](crate::Ruleset) enum names every one.
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
