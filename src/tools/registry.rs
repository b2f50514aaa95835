//! Choosing a ruleset by name at run time (command lines, servers), without `dyn` on
//! the hot paths: the caller's generic code is monomorphised for each ruleset.
//!
//! ```
//! use column_checkers::tools::registry::{dispatch, RulesetVisitor};
//! use column_checkers::{perft, Counting, Position};
//!
//! struct Perft(u32);
//! impl RulesetVisitor for Perft {
//!     type Output = u64;
//!     fn visit<P: Counting>(self, options: &[String]) -> u64 {
//!         perft(&P::start(), self.0)
//!     }
//! }
//! assert_eq!(dispatch("emergo", &[], Perft(2)), Ok(1504));
//! assert!(dispatch("chess", &[], Perft(1)).is_err());
//! ```
//!
//! # Options
//! A ruleset's options select a *type*: each option set of a ruleset is its own
//! zero-sized rules type (the const parameters of [`LascaRules`](crate::games::lasca::LascaRules) and
//! [`BashniRules`](crate::games::bashni::BashniRules)), and `dispatch` calls the visitor with the
//! position type of the options given. `P::start()` and parsing a position text then
//! give positions under those options, and the move generator is compiled for each
//! option set (no run-time option tests on the hot paths). The options are passed on to
//! the visitor as well, for anything else it wants to do with them.
//!
//! ```
//! # use column_checkers::tools::registry::{dispatch, RulesetVisitor};
//! # use column_checkers::{perft, Counting, Position};
//! # struct Perft(u32);
//! # impl RulesetVisitor for Perft {
//! #     type Output = u64;
//! #     fn visit<P: Counting>(self, _: &[String]) -> u64 { perft(&P::start(), self.0) }
//! # }
//! let code = ["--russian-code".to_string()];
//! assert_eq!(dispatch("bashni", &code, Perft(3)), Ok(302));
//! assert!(dispatch("bashni", &["--roundabout".to_string()], Perft(1)).is_err());
//! ```

use crate::engine::checking::Checking;
use crate::engine::counting::Counting;
use crate::engine::introspect::Introspect;
use thiserror::Error;

/// Generic code to run on the ruleset a name selects.
///
/// Every ruleset's position implements [`Introspect`] (and so
/// [`Position`](crate::engine::position::Position)); a visitor may ask for less in its
/// own `visit` (`fn visit<P: Position>`).
pub trait RulesetVisitor {
    /// What the code returns.
    type Output;
    /// Runs the code for ruleset `P`; `options` are the ruleset options given (the
    /// ruleset has already accepted them).
    fn visit<P: Introspect + Counting + Checking>(self, options: &[String]) -> Self::Output;
}

/// A ruleset the registry knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesetInfo {
    /// The name used on command lines.
    pub name: &'static str,
    /// One line about it.
    pub about: &'static str,
    /// The options it accepts (flags such as `--russian-code`), with a line each.
    pub options: &'static [(&'static str, &'static str)],
}

/// The rulesets of this crate.
pub const RULESETS: &[RulesetInfo] = &[
    RulesetInfo {
        name: "emergo",
        about: "Emergo (Freeling & van Zon), 41-square board, men entered from hand",
        options: &[],
    },
    RulesetInfo {
        name: "dameo",
        about: "Dameo (Freeling), 8x8 all squares, lines of men, orthogonal captures",
        options: &[],
    },
    RulesetInfo {
        name: "russian",
        about: "Russian draughts (shashki), 8x8, flying kings, free choice of capture",
        options: &[],
    },
    RulesetInfo {
        name: "hexemergo",
        about: "HexEmergo (Freeling): Emergo on the 37-cell hexagon, six directions",
        options: &[],
    },
    RulesetInfo {
        name: "hexemergo-setup",
        about: "HexEmergo's variant for e-mail play: 13 men each set up on the board",
        options: &[],
    },
    RulesetInfo {
        name: "international",
        about: "International draughts, 10x10, flying kings, majority capture",
        options: &[],
    },
    RulesetInfo {
        name: "brazilian",
        about: "Brazilian draughts: international rules on 8x8",
        options: &[],
    },
    RulesetInfo {
        name: "stapeldammen",
        about: "Stapeldammen (Freeling), international draughts with column capture, no promotion",
        options: &[],
    },
    RulesetInfo {
        name: "epaminondas",
        about: "Epaminondas (Abbott), 14x12 board, phalanxes, crossings win",
        options: &[],
    },
    RulesetInfo {
        name: "neocrossings",
        about: "NeoCrossings: Epaminondas rules on the 8x8 board",
        options: &[],
    },
    RulesetInfo {
        name: "lasca",
        about: "Lasca (Lasker, 1911), 7x7, soldiers and officers, column capture",
        options: &[
            (
                "--roundabout",
                "a column may be jumped again while enemy-led (no 180° turn)",
            ),
            ("--repetition", "threefold repetition is a draw"),
        ],
    },
    RulesetInfo {
        name: "bashni",
        about: "Bashni (Russian column draughts), 8x8, flying kings, column capture",
        options: &[(
            "--russian-code",
            "captured men transferred when the move ends; no column jumped twice",
        )],
    },
];

/// Why a ruleset could not be selected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RegistryError {
    /// No ruleset of that name.
    #[error("unknown ruleset {name:?}; known: {}", RULESETS.iter().map(|r| r.name).collect::<Vec<_>>().join(", "))]
    UnknownRuleset {
        /// The name given.
        name: String,
    },
    /// An option the ruleset does not have.
    #[error("ruleset {ruleset} has no option {option:?}")]
    UnknownOption {
        /// The ruleset.
        ruleset: &'static str,
        /// The option given.
        option: String,
    },
}

/// Runs `visitor` on the ruleset called `name` with `options`.
///
/// # Errors
/// [`RegistryError`] for an unknown name or option.
pub fn dispatch<V: RulesetVisitor>(
    name: &str,
    options: &[String],
    visitor: V,
) -> Result<V::Output, RegistryError> {
    let info = RULESETS
        .iter()
        .find(|r| r.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| RegistryError::UnknownRuleset {
            name: name.to_string(),
        })?;
    if let Some(bad) = options
        .iter()
        .find(|o| !info.options.iter().any(|(n, _)| n == o))
    {
        return Err(RegistryError::UnknownOption {
            ruleset: info.name,
            option: bad.clone(),
        });
    }
    Ok(match info.name {
        "emergo" => visitor.visit::<crate::games::emergo::Emergo>(options),
        "dameo" => visitor.visit::<crate::games::dameo::Dameo>(options),
        "russian" => visitor.visit::<crate::games::draughts::RussianDraughts>(options),
        "hexemergo" => visitor.visit::<crate::games::emergo::HexEmergo>(options),
        "hexemergo-setup" => visitor.visit::<crate::games::emergo::HexEmergoSetup>(options),
        "international" => visitor.visit::<crate::games::draughts::InternationalDraughts>(options),
        "brazilian" => visitor.visit::<crate::games::draughts::BrazilianDraughts>(options),
        "stapeldammen" => visitor.visit::<crate::games::stapeldammen::Stapeldammen>(options),
        "epaminondas" => visitor.visit::<crate::games::epaminondas::Epaminondas>(options),
        "neocrossings" => visitor.visit::<crate::games::epaminondas::NeoCrossings>(options),
        "lasca" => {
            use crate::games::lasca as l;
            let has = |o: &str| options.iter().any(|x| x == o);
            match (has("--roundabout"), has("--repetition")) {
                (false, false) => visitor.visit::<l::Lasca>(options),
                (true, false) => visitor.visit::<l::LascaRoundabout>(options),
                (false, true) => visitor.visit::<l::LascaRepetition>(options),
                (true, true) => visitor.visit::<l::LascaRoundaboutRepetition>(options),
            }
        }
        "bashni" => {
            if options.iter().any(|o| o == "--russian-code") {
                visitor.visit::<crate::games::bashni::BashniRussianCode>(options)
            } else {
                visitor.visit::<crate::games::bashni::Bashni>(options)
            }
        }
        _ => unreachable!("every registered ruleset is dispatched"),
    })
}

/// The rulesets and their options, one line each, for the `--help` of command-line
/// tools (the examples print it):
///
/// ```text
/// rulesets (--game NAME) and their options:
///   emergo           Emergo (Freeling & van Zon), 41-square board, men entered from hand
///   ...
///   lasca            Lasca (Lasker, 1911), 7x7, soldiers and officers, column capture
///       --roundabout         a column may be jumped again while enemy-led (no 180° turn)
/// ```
///
/// ```
/// let help = column_checkers::tools::registry::rulesets_help();
/// assert!(help.contains("--russian-code"));
/// ```
pub fn rulesets_help() -> String {
    let mut out = String::from("rulesets (--game NAME) and their options:\n");
    for r in RULESETS {
        out.push_str(&format!("  {:<16} {}\n", r.name, r.about));
        for (o, about) in r.options {
            out.push_str(&format!("      {o:<20} {about}\n"));
        }
    }
    out
}
