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

/// Code to run for the position type of a ruleset chosen at run time ([`visit`]): the
/// library's [`RulesetVisitor`](column_checkers::any::RulesetVisitor) with the
/// player's bounds.
pub trait Visitor {
    /// What the code returns.
    type Output;
    /// Runs the code for the ruleset's position type `P`.
    fn visit<P: Introspect + Evaluate>(self) -> Self::Output;
}

/// Makes [`visit`] from the library's list of rulesets (`for_each_ruleset!`): an arm
/// for each, so that a ruleset whose type does not implement [`Evaluate`] does not
/// compile.
macro_rules! dispatch {
    ($($variant:ident: $position:ty,)+) => {
        /// Runs `visitor` for the position type of `ruleset` (each option set its own
        /// type).
        pub fn visit<V: Visitor>(ruleset: Ruleset, visitor: V) -> V::Output {
            match ruleset {
                $(Ruleset::$variant => visitor.visit::<$position>(),)+
                // the list is the one `Ruleset` is made from
                _ => unreachable!("{ruleset} is not in the library's list of rulesets"),
            }
        }
    };
}

column_checkers::for_each_ruleset!(dispatch);

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
