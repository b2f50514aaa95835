//! The binding's only contact with the library's ruleset registry: [`rulesets`] (the
//! list, one entry per name), [`on_ruleset`] (a [`Ruleset`] to its position type) and
//! [`open_game`]. When the registry changes, only this file does.

use crate::erased::{DynGame, GameImpl};
use column_checkers::prelude::*;
use column_checkers::tools::registry::{Ruleset, RulesetVisitor};
use std::sync::Arc;

/// The rulesets by name, in the registry's order: each one's option set without
/// options (its options are in [`Ruleset::option_help`]).
pub fn rulesets() -> impl Iterator<Item = Ruleset> {
    Ruleset::ALL
        .iter()
        .copied()
        .filter(|r| r.options().is_empty())
}

/// Generic code to run on a ruleset's position type.
pub trait OnRuleset {
    type Output;
    fn run<P: Introspect + Counting + Checking>(self) -> Self::Output;
}

/// Runs `code` on the position type of `ruleset`.
pub fn on_ruleset<C: OnRuleset>(ruleset: Ruleset, code: C) -> C::Output {
    struct Visit<C>(C);
    impl<C: OnRuleset> RulesetVisitor for Visit<C> {
        type Output = C::Output;
        fn visit<P: Introspect + Counting + Checking>(self) -> C::Output {
            self.0.run::<P>()
        }
    }
    ruleset.visit(Visit(code))
}

/// The game of `ruleset`, cut off after `max_len` actions.
pub fn open_game(ruleset: Ruleset, max_len: usize) -> Arc<dyn DynGame> {
    struct Open(usize);
    impl OnRuleset for Open {
        type Output = Arc<dyn DynGame>;
        fn run<P: Introspect + Counting + Checking>(self) -> Arc<dyn DynGame> {
            Arc::new(GameImpl::<P>::new(self.0))
        }
    }
    on_ruleset(ruleset, Open(max_len))
}
