//! The search's optional techniques, each a switch: what the player searches with by
//! default ([`SearchOptions::default`]) and what a match can set otherwise, to weigh
//! one technique against the search without it.
//!
//! Their text is `option=0|1` pairs separated by spaces or commas, as the weights'
//! are; the options not named keep their defaults. Each ruleset has its own defaults
//! ([`Evaluate::search_options`](crate::eval::Evaluate::search_options)): the options
//! that won their match in that game.
//!
//! ```
//! use column_checkers_player::SearchOptions;
//!
//! let o: SearchOptions = "probcut=1".parse().unwrap();
//! assert!(o.probcut);
//! assert_eq!(o.to_string().parse::<SearchOptions>(), Ok(o));
//! assert!("probcut=2".parse::<SearchOptions>().is_err());
//! ```

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

/// The search's optional techniques ([`Player::with_options`](crate::Player::with_options)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchOptions {
    /// ProbCut: a node outside the principal variation, deep enough, is first searched
    /// four plies shallower against a bound a man above beta; a move that clears it
    /// there is taken to cut the node at full depth too.
    pub probcut: bool,
    /// The singular extension: the table's best move is searched a ply deeper when
    /// every other move, searched at half the depth, falls clearly short of its score.
    pub singular: bool,
    /// Threats at the horizon: a quiet position whose other side could capture were it
    /// its turn ([`Evaluate::capture_threat`](crate::eval::Evaluate::capture_threat))
    /// is searched a ply further, every move, rather than scored as it stands.
    pub threats: bool,
    /// Under a time limit, the search iterates until the time is out, rather than
    /// stopping once the next iteration seems unlikely to finish (it takes several
    /// times the last): the unfinished iteration's moves searched in full count.
    pub spend: bool,
}

impl SearchOptions {
    /// The options' names, in the order of their text.
    pub const NAMES: [&'static str; 4] = ["probcut", "singular", "threats", "spend"];

    /// Every option off: the search of alpha-beta, its table, ordering, late move
    /// reductions and quiescence alone.
    pub const NONE: SearchOptions = SearchOptions {
        probcut: false,
        singular: false,
        threats: false,
        spend: false,
    };

    fn slot(&mut self, name: &str) -> Option<&mut bool> {
        match name {
            "probcut" => Some(&mut self.probcut),
            "singular" => Some(&mut self.singular),
            "threats" => Some(&mut self.threats),
            "spend" => Some(&mut self.spend),
            _ => None,
        }
    }

    fn get(&self, name: &str) -> bool {
        let mut copy = *self;
        copy.slot(name).is_some_and(|v| *v)
    }
}

impl SearchOptions {
    /// ProbCut alone: what the player searches international and Russian draughts
    /// with, where ProbCut won its match against the search without it
    /// (docs/strength.md).
    pub const PROBCUT: SearchOptions = SearchOptions {
        probcut: true,
        ..SearchOptions::NONE
    };
}

/// The plain search ([`SearchOptions::NONE`]): what a ruleset searches with unless it
/// says otherwise ([`Evaluate::search_options`](crate::eval::Evaluate::search_options)).
impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions::NONE
    }
}

/// A search options text that does not read ([`SearchOptions`]' [`FromStr`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SearchOptionsError {
    /// A word that is not `option=value`.
    #[error("{0:?} is not an option=value pair (as in probcut=1)")]
    NotAPair(String),
    /// An option the search does not have.
    #[error("{0:?} is no option of the search (its options: {names})", names = SearchOptions::NAMES.join(", "))]
    UnknownOption(String),
    /// A value other than 0 or 1.
    #[error("the value of {option} is {value:?}, not 0 (off) or 1 (on)")]
    BadValue {
        /// The option.
        option: String,
        /// Its value as written.
        value: String,
    },
}

/// `option=0|1` for every option, separated by spaces.
impl fmt::Display for SearchOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, name) in SearchOptions::NAMES.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            write!(f, "{sep}{name}={}", u8::from(self.get(name)))?;
        }
        Ok(())
    }
}

impl SearchOptions {
    /// These options with those `text` names set over them (`option=value` pairs;
    /// `default` names none): a ruleset's options
    /// ([`Evaluate::search_options`](crate::eval::Evaluate::search_options)) with a
    /// match's changes.
    ///
    /// ```
    /// use column_checkers_player::SearchOptions;
    ///
    /// let o = SearchOptions::PROBCUT.with("singular=1").unwrap();
    /// assert!(o.probcut && o.singular);
    /// assert_eq!(SearchOptions::PROBCUT.with("default"), Ok(SearchOptions::PROBCUT));
    /// ```
    ///
    /// # Errors
    /// [`SearchOptionsError`] naming the word that does not read.
    pub fn with(self, text: &str) -> Result<SearchOptions, SearchOptionsError> {
        let mut o = self;
        for word in text.split([' ', ',', '\t', '\n']).filter(|w| !w.is_empty()) {
            if word == "default" {
                continue;
            }
            let (name, value) = word
                .split_once('=')
                .ok_or_else(|| SearchOptionsError::NotAPair(word.to_string()))?;
            let slot = o
                .slot(name)
                .ok_or_else(|| SearchOptionsError::UnknownOption(name.to_string()))?;
            *slot = match value {
                "0" => false,
                "1" => true,
                _ => {
                    return Err(SearchOptionsError::BadValue {
                        option: name.to_string(),
                        value: value.to_string(),
                    })
                }
            };
        }
        Ok(o)
    }
}

/// Reads `option=value` pairs over the plain search's ([`SearchOptions::with`] on
/// [`SearchOptions::NONE`]).
impl FromStr for SearchOptions {
    type Err = SearchOptionsError;
    fn from_str(s: &str) -> Result<SearchOptions, SearchOptionsError> {
        SearchOptions::NONE.with(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_option_reads_by_its_name() {
        for name in SearchOptions::NAMES {
            for on in [false, true] {
                let o: SearchOptions = format!("{name}={}", u8::from(on)).parse().unwrap();
                assert_eq!(o.get(name), on, "{name}");
                for other in SearchOptions::NAMES.iter().filter(|n| **n != name) {
                    assert_eq!(o.get(other), SearchOptions::default().get(other));
                }
            }
        }
    }

    #[test]
    fn the_text_reads_back() {
        let all = SearchOptions {
            probcut: true,
            singular: true,
            threats: true,
            spend: true,
        };
        assert_eq!(all.to_string(), "probcut=1 singular=1 threats=1 spend=1");
        assert_eq!(
            SearchOptions::NONE.to_string(),
            "probcut=0 singular=0 threats=0 spend=0"
        );
        for o in [all, SearchOptions::NONE, SearchOptions::default()] {
            assert_eq!(o.to_string().parse(), Ok(o));
        }
        assert_eq!("probcut=1,singular=1 threats=1,spend=1".parse(), Ok(all));
        assert_eq!("probcut=1".parse(), Ok(SearchOptions::PROBCUT));
        assert_eq!("default".parse(), Ok(SearchOptions::default()));
        assert_eq!("".parse(), Ok(SearchOptions::default()));
    }

    #[test]
    fn a_wrong_text_is_an_error_naming_what_was_typed() {
        let err = |s: &str| s.parse::<SearchOptions>().unwrap_err().to_string();
        assert_eq!(
            err("probcut"),
            "\"probcut\" is not an option=value pair (as in probcut=1)"
        );
        assert_eq!(
            err("nullmove=1"),
            "\"nullmove\" is no option of the search (its options: probcut, singular, threats, spend)"
        );
        assert_eq!(
            err("singular=yes"),
            "the value of singular is \"yes\", not 0 (off) or 1 (on)"
        );
    }
}
