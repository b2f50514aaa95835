//! The one place where the bindings name the crate's ruleset registry
//! (`column_checkers::tools::registry`). Everything else in this crate is generic over
//! the position type and reaches a ruleset through [`with_ruleset`]; the list of
//! rulesets and options the page offers comes from [`rulesets`].

use column_checkers::tools::registry::{Ruleset, RulesetVisitor};
use column_checkers::{Checking, Counting, Introspect};

/// Generic code to run on a ruleset chosen by name: the bindings' own visitor, so
/// that nothing outside this module names the registry's trait.
pub trait Visit {
    /// What the code returns.
    type Output;
    /// Runs the code for ruleset `P` (a position type of the crate's list: its options
    /// are part of the type).
    fn visit<P: Introspect + Counting + Checking>(self) -> Self::Output;
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
    let options: Vec<String> = options
        .iter()
        .map(|o| match o.trim() {
            o if o.starts_with("--") => o.to_string(),
            o => format!("--{o}"),
        })
        .collect();
    let flags: Vec<&str> = options.iter().map(String::as_str).collect();
    let ruleset = Ruleset::from_name(name.trim(), &flags).map_err(|e| e.to_string())?;
    Ok(visit(ruleset, v))
}

/// Runs `v` on `ruleset`.
pub fn visit<V: Visit>(ruleset: Ruleset, v: V) -> V::Output {
    struct Adapter<V>(V);
    impl<V: Visit> RulesetVisitor for Adapter<V> {
        type Output = V::Output;
        fn visit<P: Introspect + Counting + Checking>(self) -> V::Output {
            self.0.visit::<P>()
        }
    }
    ruleset.visit(Adapter(v))
}

/// Every ruleset of the crate, in the registry's order: one entry per name, with
/// every option of that name.
pub fn rulesets() -> Vec<RulesetInfo> {
    Ruleset::ALL
        .iter()
        .filter(|r| r.options().is_empty())
        .map(|r| RulesetInfo {
            name: r.name(),
            about: r.about(),
            options: r.option_help().to_vec(),
        })
        .collect()
}
