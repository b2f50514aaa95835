//! The binding's only contact with the library's ruleset registry: [`on_ruleset`]
//! (a name and its options to the position type) and [`rulesets`] (the list). When the
//! registry changes, only this file does.

use crate::erased::{DynGame, GameImpl};
use column_checkers::prelude::*;
use column_checkers::tools::registry::{dispatch, RulesetVisitor, RULESETS};
use std::sync::Arc;

/// A ruleset the package offers: its name, one line about it, and its options
/// (registry flags such as `--russian-code`) with a line each.
pub struct RulesetEntry {
    pub name: &'static str,
    pub about: &'static str,
    pub options: Vec<(&'static str, &'static str)>,
}

/// The rulesets, in the registry's order.
pub fn rulesets() -> Vec<RulesetEntry> {
    RULESETS
        .iter()
        .map(|r| RulesetEntry {
            name: r.name,
            about: r.about,
            options: r.options.to_vec(),
        })
        .collect()
}

/// Generic code to run on a ruleset's position type.
pub trait OnRuleset {
    type Output;
    fn run<P: Introspect + Counting + Checking>(self) -> Self::Output;
}

/// Runs `code` on the position type of ruleset `name` (ASCII case-insensitive) with
/// the registry options `flags` (`--roundabout`, ...).
///
/// # Errors
/// The registry's message for an unknown ruleset or option.
pub fn on_ruleset<C: OnRuleset>(
    name: &str,
    flags: &[String],
    code: C,
) -> Result<C::Output, String> {
    struct Visit<C>(C);
    impl<C: OnRuleset> RulesetVisitor for Visit<C> {
        type Output = C::Output;
        fn visit<P: Introspect + Counting + Checking>(self, _: &[String]) -> C::Output {
            self.0.run::<P>()
        }
    }
    dispatch(name, flags, Visit(code)).map_err(|e| e.to_string())
}

/// The game of ruleset `name` with `flags`, cut off after `max_len` actions.
///
/// # Errors
/// As [`on_ruleset`].
pub fn open_game(name: &str, flags: &[String], max_len: usize) -> Result<Arc<dyn DynGame>, String> {
    struct Open(usize);
    impl OnRuleset for Open {
        type Output = Arc<dyn DynGame>;
        fn run<P: Introspect + Counting + Checking>(self) -> Arc<dyn DynGame> {
            Arc::new(GameImpl::<P>::new(self.0))
        }
    }
    on_ruleset(name, flags, Open(max_len))
}
