//! The ruleset chosen at run time (the Hub's `variant`, the program's `--game`): from a
//! [`Ruleset`] to its position type, with the bounds the player needs. The library's
//! [`Ruleset::visit`] cannot name the player's [`Evaluate`], so the player dispatches
//! here.
//!
//! ```
//! use column_checkers::{Introspect, Ruleset};
//! use column_checkers_player::eval::Evaluate;
//! use column_checkers_player::ruleset::{self, Visitor};
//! use column_checkers_player::{Limits, Player};
//!
//! /// The move the player finds at the start, in the ruleset's notation.
//! struct FirstMove;
//!
//! impl Visitor for FirstMove {
//!     type Output = String;
//!     fn visit<P: Introspect + Evaluate>(self) -> String {
//!         let mut player = Player::<P>::new(1);
//!         let found = player.search(&P::start(), &[], Limits::depth(2), &mut |_| {});
//!         found.best.map_or_else(String::new, |m| m.to_string())
//!     }
//! }
//!
//! let ruleset: Ruleset = "lasca --roundabout".parse().unwrap();
//! let first = ruleset::visit(ruleset, FirstMove);
//! assert_eq!(first.len(), "c3-d4".len());
//! ```

use column_checkers::{Introspect, Ruleset};

use crate::eval::Evaluate;

/// Code to run for the position type of a ruleset chosen at run time
/// ([`visit`]): the library's [`RulesetVisitor`](column_checkers::tools::registry::RulesetVisitor)
/// with the player's bounds.
pub trait Visitor {
    /// What the code returns.
    type Output;
    /// Runs the code for the ruleset's position type `P`.
    fn visit<P: Introspect + Evaluate>(self) -> Self::Output;
}

/// Runs `visitor` for the position type of `ruleset` (each option set its own type).
pub fn visit<V: Visitor>(ruleset: Ruleset, visitor: V) -> V::Output {
    use column_checkers::games::bashni::BashniRussianCode;
    use column_checkers::games::emergo::HexEmergoSetup;
    use column_checkers::games::lasca::{
        LascaRepetition, LascaRoundabout, LascaRoundaboutRepetition,
    };
    use column_checkers::{
        Bashni, BrazilianDraughts, Dameo, Emergo, Epaminondas, HexEmergo, InternationalDraughts,
        Lasca, NeoCrossings, RussianDraughts, Stapeldammen,
    };
    match ruleset {
        Ruleset::Emergo => visitor.visit::<Emergo>(),
        Ruleset::Dameo => visitor.visit::<Dameo>(),
        Ruleset::RussianDraughts => visitor.visit::<RussianDraughts>(),
        Ruleset::HexEmergo => visitor.visit::<HexEmergo>(),
        Ruleset::HexEmergoSetup => visitor.visit::<HexEmergoSetup>(),
        Ruleset::InternationalDraughts => visitor.visit::<InternationalDraughts>(),
        Ruleset::BrazilianDraughts => visitor.visit::<BrazilianDraughts>(),
        Ruleset::Stapeldammen => visitor.visit::<Stapeldammen>(),
        Ruleset::Epaminondas => visitor.visit::<Epaminondas>(),
        Ruleset::NeoCrossings => visitor.visit::<NeoCrossings>(),
        Ruleset::Lasca => visitor.visit::<Lasca>(),
        Ruleset::LascaRoundabout => visitor.visit::<LascaRoundabout>(),
        Ruleset::LascaRepetition => visitor.visit::<LascaRepetition>(),
        Ruleset::LascaRoundaboutRepetition => visitor.visit::<LascaRoundaboutRepetition>(),
        Ruleset::Bashni => visitor.visit::<Bashni>(),
        Ruleset::BashniRussianCode => visitor.visit::<BashniRussianCode>(),
        _ => unreachable!("the player dispatches every ruleset of the library ({ruleset})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position type's name and its ruleset's.
    struct Named;

    impl Visitor for Named {
        type Output = (&'static str, Ruleset);
        fn visit<P: Introspect + Evaluate>(self) -> Self::Output {
            (P::NAME, Ruleset::of::<P>().unwrap())
        }
    }

    #[test]
    fn every_ruleset_runs_for_its_own_position_type() {
        for &r in Ruleset::ALL {
            assert_eq!(visit(r, Named), (r.name(), r), "{r}");
        }
    }
}
