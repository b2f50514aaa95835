//! The one place where the bindings name the crate's ruleset registry
//! (`column_checkers::tools::registry`). Everything else in this crate is generic over
//! the position type and reaches a ruleset through [`with_ruleset`]; the list of
//! rulesets and options the page offers comes from [`rulesets`].
//!
//! When the registry changes shape (a generated `Ruleset` enum with an exhaustive
//! dispatch), these two functions are all that need re-pointing.

use column_checkers::tools::registry::{dispatch, RulesetVisitor, RULESETS};
use column_checkers::{Checking, Counting, Introspect};

/// Generic code to run on a ruleset chosen by name: the bindings' own visitor, so
/// that nothing outside this module names the registry's trait.
pub trait Visit {
    /// What the code returns.
    type Output;
    /// Runs the code for ruleset `P`; `options` are the ruleset options accepted.
    fn visit<P: Introspect + Counting + Checking>(self, options: &[String]) -> Self::Output;
}

/// A ruleset and the options it takes, as the page lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesetInfo {
    /// The name (`emergo`, `lasca`, ...).
    pub name: &'static str,
    /// One line about it.
    pub about: &'static str,
    /// Its options: the flag (`--roundabout`) and a line about it.
    pub options: Vec<(&'static str, &'static str)>,
}

/// Runs `v` on the ruleset called `name` with `options` (flags such as
/// `--roundabout`; a flag may be written without its dashes).
///
/// # Errors
/// The registry's message for an unknown ruleset or option.
pub fn with_ruleset<V: Visit>(name: &str, options: &[String], v: V) -> Result<V::Output, String> {
    struct Adapter<V>(V);
    impl<V: Visit> RulesetVisitor for Adapter<V> {
        type Output = V::Output;
        fn visit<P: Introspect + Counting + Checking>(self, options: &[String]) -> V::Output {
            self.0.visit::<P>(options)
        }
    }
    let options: Vec<String> = options
        .iter()
        .map(|o| match o.trim() {
            o if o.starts_with("--") => o.to_string(),
            o => format!("--{o}"),
        })
        .collect();
    dispatch(name.trim(), &options, Adapter(v)).map_err(|e| e.to_string())
}

/// Every ruleset of the crate, in the registry's order.
pub fn rulesets() -> Vec<RulesetInfo> {
    RULESETS
        .iter()
        .map(|r| RulesetInfo {
            name: r.name,
            about: r.about,
            options: r.options.to_vec(),
        })
        .collect()
}
