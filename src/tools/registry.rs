//! The one list of the crate's rulesets, and choosing one by name at run time (command
//! lines, servers, game records) without `dyn` on the hot paths: the caller's generic
//! code is monomorphised for each ruleset.
//!
//! Everything that names the rulesets is made from the list at the bottom of this file
//! (the `rulesets!` entries): the crate root's re-exports of the position and rules
//! types (`column_checkers::Lasca`, `column_checkers::games::LascaRules`), the [`Ruleset`]
//! enum and its [`Ruleset::ALL`], the run-time dispatch ([`Ruleset::visit`],
//! [`dispatch`]), the `--help` text ([`rulesets_help`]), the mapping to and from PDN's
//! `GameType` and `Variant` tags ([`Ruleset::of_record`], [`record_of_game`]) and the
//! tables of rulesets in the crate's documentation and the README
//! ([`Ruleset::markdown_table`], written into both files by
//! `UPDATE_RULESETS_TABLE=1 cargo test --test registry_types`). A ruleset's name is
//! its position type's [`Position::NAME`]. Adding a ruleset is its module (a file
//! under `src/games/` and its `mod` line in `games`) plus one entry in the list;
//! the crate's tests that go over every ruleset take it from the list.

use crate::alloc_prelude::*;
use crate::engine::game::Game;
use crate::engine::introspect::Introspect;
use crate::engine::position::Position;
use crate::text::game_type_name;
use crate::text::{Record, RecordResult};
use core::any::TypeId;
use core::fmt;
use core::str::FromStr;
use thiserror::Error;

/// Generic code to run on the ruleset a name selects ([`Ruleset::visit`],
/// [`dispatch`]).
///
/// Every ruleset's position implements [`Introspect`] (and so [`Position`]); a visitor
/// may ask for less in its own `visit` (`fn visit<P: Position>(self)`). The ruleset
/// itself, with its name and options, is [`Ruleset::of::<P>()`](Ruleset::of).
pub trait RulesetVisitor {
    /// What the code returns.
    type Output;
    /// Runs the code for ruleset `P`.
    fn visit<P: Introspect>(self) -> Self::Output;
}

/// Makes [`Ruleset`] and what is generated from the list. Each entry: the ruleset's
/// description as a doc comment, `module::PositionType` (in `crate::games`) with its
/// rules type in parentheses if it has one, its PDN `GameType` number if PDN has one,
/// and its options with a line about each, followed by the position type of every
/// option set (each with its options).
macro_rules! rulesets {
    ($(
        #[doc = $about:literal]
        $module:ident :: $base:ident $(($rules:ident))?
        $(, game_type $game_type:literal)?
        $({
            $($option:literal : $option_about:literal,)+
        } [
            $($variant:ident : $($variant_option:literal)+;)+
        ])?
        ;
    )+) => {
        /// The position types of the list, and the rules types the entries name: the
        /// crate root re-exports them (`column_checkers::Lasca`), so a ruleset added to
        /// the list is at the root with no other line.
        pub(crate) mod root_exports {
            $(
                pub use crate::games::$module::$base;
            )+
        }

        /// A ruleset of the crate, one for each option set: its name, options,
        /// description and PDN tag, and the dispatch to its position type
        /// ([`Ruleset::visit`]). Made, like everything that lists the rulesets, from the
        /// crate's one list of rulesets ([`for_each_ruleset!`](crate::for_each_ruleset)).
        ///
        /// A ruleset is chosen by name at run time (command lines, servers, game
        /// records) without `dyn` on the hot paths: the caller's generic code
        /// ([`RulesetVisitor`]) is monomorphised for each ruleset.
        ///
        /// ```
        /// use column_checkers::any::{dispatch, RulesetVisitor};
        /// use column_checkers::{perft, Position};
        ///
        /// struct Perft(u32);
        /// impl RulesetVisitor for Perft {
        ///     type Output = u64;
        ///     fn visit<P: Position>(self) -> u64 {
        ///         perft(&P::start(), self.0)
        ///     }
        /// }
        /// assert_eq!(dispatch("emergo", &[], Perft(2)), Ok(1504));
        /// assert!(dispatch("chess", &[], Perft(1)).is_err());
        /// ```
        ///
        /// # Options
        /// A ruleset's options select a *type*: each option set of a ruleset is its own
        /// zero-sized rules type (the const parameters of
        /// [`LascaRules`](crate::games::LascaRules) and
        /// [`BashniRules`](crate::games::BashniRules)) and its own [`Ruleset`], and the
        /// visitor is called with the position type of the options given. `P::start()` and
        /// parsing a position text then give positions under those options, and the move
        /// generator is compiled for each option set (no run-time option tests on the hot
        /// paths).
        ///
        /// ```
        /// # use column_checkers::any::{dispatch, RulesetVisitor};
        /// # use column_checkers::{perft, Position};
        /// # struct Perft(u32);
        /// # impl RulesetVisitor for Perft {
        /// #     type Output = u64;
        /// #     fn visit<P: Position>(self) -> u64 { perft(&P::start(), self.0) }
        /// # }
        /// use column_checkers::Ruleset;
        ///
        /// let code = ["--russian-code".to_string()];
        /// assert_eq!(dispatch("bashni", &code, Perft(3)), Ok(302));
        /// assert!(dispatch("bashni", &["--roundabout".to_string()], Perft(1)).is_err());
        /// let bashni: Ruleset = "bashni --russian-code".parse().unwrap();
        /// assert_eq!(bashni, Ruleset::BashniRussianCode);
        /// assert_eq!(bashni.visit(Perft(3)), 302);
        /// ```
        ///
        /// The rulesets ([`Ruleset::markdown_table`]):
        ///
        #[doc = include_str!("rulesets.md")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Ruleset {
            $(
                #[doc = concat!("[`", stringify!($base), "`](crate::games::", stringify!($base),
                    "):", $about)]
                $base,
                $($(
                    #[doc = concat!("[`", stringify!($variant), "`](crate::games::",
                        stringify!($variant), "): ", stringify!($base), " with",
                        $(" `", $variant_option, "`",)+)]
                    $variant,
                )+)?
            )+
        }

        /// Calls the macro `$m` with every ruleset of the list as
        /// `Variant: module::PositionType,` (each option set on its own, the variant
        /// named as its [`Ruleset`]), after the one token tree `$extra`: the
        /// [`AnyGame`](crate::AnyGame) enum and its dispatch are made
        /// from it.
        macro_rules! each_ruleset {
            ($m:ident $extra:tt) => {
                $m! { $extra $($base: $module::$base, $($($variant: $module::$variant,)+)?)+ }
            };
        }
        pub(crate) use each_ruleset;

        /// Calls the macro `$m` with every ruleset of the crate as
        /// `Variant: $crate::games::PositionType,`, each option set on its own and named
        /// as its [`Ruleset`] variant, in the order of [`Ruleset::ALL`]: for a crate that
        /// builds its own type over the rulesets (an enum with a variant for each, a
        /// trait implemented for each) from the crate's one list, so that a ruleset
        /// added to the crate is in it with no other line. `for_each_ruleset!(m { ... })`
        /// passes the one token tree in braces (or parentheses, or brackets) first:
        /// `m! { { ... } Emergo: ..., }`.
        ///
        /// ```
        /// use column_checkers::{for_each_ruleset, Game, Position, Ruleset};
        ///
        /// /// A game of any ruleset: a variant for each.
        /// macro_rules! my_game {
        ///     ($($variant:ident: $position:ty,)+) => {
        ///         enum MyGame {
        ///             $($variant(Game<$position>),)+
        ///         }
        ///
        ///         impl MyGame {
        ///             fn new(ruleset: Ruleset) -> MyGame {
        ///                 match ruleset {
        ///                     $(Ruleset::$variant =>
        ///                         MyGame::$variant(Game::new(<$position as Position>::start())),)+
        ///                     _ => unreachable!("every ruleset is in the list"),
        ///                 }
        ///             }
        ///
        ///             fn play(&mut self, text: &str) -> bool {
        ///                 match self {
        ///                     $(MyGame::$variant(game) => game.play_text(text).is_ok(),)+
        ///                 }
        ///             }
        ///         }
        ///     };
        /// }
        /// for_each_ruleset!(my_game);
        ///
        /// let mut lasca = MyGame::new(Ruleset::LascaRoundabout);
        /// assert!(lasca.play("c3-d4"));
        /// for &ruleset in Ruleset::ALL {
        ///     MyGame::new(ruleset); // every ruleset has its variant
        /// }
        /// ```
        #[macro_export]
        macro_rules! for_each_ruleset {
            ($m:ident) => {
                $m! { $($base: $crate::games::$base, $($($variant: $crate::games::$variant,)+)?)+ }
            };
            ($m:ident $extra:tt) => {
                $m! { $extra $($base: $crate::games::$base, $($($variant: $crate::games::$variant,)+)?)+ }
            };
        }

        impl Ruleset {
            /// Every ruleset, each option set on its own, in the list's order.
            pub const ALL: &'static [Ruleset] = &[$(Ruleset::$base, $($(Ruleset::$variant,)+)?)+];

            /// The ruleset's name, its position type's [`Position::NAME`] (`"lasca"`
            /// for every option set of Lasca).
            pub fn name(self) -> &'static str {
                match self {
                    $(
                        Ruleset::$base => <crate::games::$module::$base as Position>::NAME,
                        $($(Ruleset::$variant =>
                            <crate::games::$module::$variant as Position>::NAME,)+)?
                    )+
                }
            }

            /// The options of this option set (`["--roundabout"]`; none for the
            /// ruleset without options).
            pub fn options(self) -> &'static [&'static str] {
                match self {
                    $(
                        Ruleset::$base => &[],
                        $($(Ruleset::$variant => &[$($variant_option),+],)+)?
                    )+
                }
            }

            /// Every option the ruleset's name accepts, with a line about each.
            pub fn option_help(self) -> &'static [(&'static str, &'static str)] {
                match self {
                    $(
                        Ruleset::$base $($(| Ruleset::$variant)+)? =>
                            &[$($(($option, $option_about)),+)?],
                    )+
                }
            }

            /// One line about the game.
            pub fn about(self) -> &'static str {
                match self {
                    $(Ruleset::$base $($(| Ruleset::$variant)+)? => $about.trim(),)+
                }
            }

            /// PDN's `GameType` number of the game, if PDN numbers it (20
            /// international, 25 Russian, 26 Brazilian draughts).
            pub fn game_type(self) -> Option<u32> {
                match self {
                    $(Ruleset::$base $($(| Ruleset::$variant)+)? =>
                        <[u32]>::first(&[$($game_type)?]).copied(),)+
                }
            }

            /// Runs `visitor` on the ruleset's position type.
            pub fn visit<V: RulesetVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $(
                        Ruleset::$base => visitor.visit::<crate::games::$module::$base>(),
                        $($(Ruleset::$variant =>
                            visitor.visit::<crate::games::$module::$variant>(),)+)?
                    )+
                }
            }

            /// The name of the ruleset's position type (`"LascaRoundabout"`), as the
            /// crate root exports it.
            pub fn position_type(self) -> &'static str {
                match self {
                    $(
                        Ruleset::$base => stringify!($base),
                        $($(Ruleset::$variant => stringify!($variant),)+)?
                    )+
                }
            }

            fn type_id(self) -> TypeId {
                match self {
                    $(
                        Ruleset::$base => TypeId::of::<crate::games::$module::$base>(),
                        $($(Ruleset::$variant =>
                            TypeId::of::<crate::games::$module::$variant>(),)+)?
                    )+
                }
            }
        }
    };
}

// The list of rulesets. The order is the fuzz harnesses' (a ruleset byte chooses by
// index): add new ones at the end.
rulesets! {
    /// Emergo (Freeling & van Zon), 41-square board, men entered from hand
    emergo::Emergo;
    /// Dameo (Freeling), 8x8 all squares, lines of men, orthogonal captures
    dameo::Dameo(DameoRules);
    /// Russian draughts (shashki), 8x8, flying kings, free choice of capture
    draughts::RussianDraughts(RussianRules), game_type 25;
    /// HexEmergo (Freeling): Emergo on the 37-cell hexagon, six directions
    emergo::HexEmergo;
    /// HexEmergo's variant for e-mail play: 13 men each set up on the board
    emergo::HexEmergoSetup;
    /// International draughts, 10x10, flying kings, majority capture
    draughts::InternationalDraughts(InternationalRules), game_type 20;
    /// Brazilian draughts: international rules on 8x8
    draughts::BrazilianDraughts(BrazilianRules), game_type 26;
    /// Stapeldammen (Freeling), international draughts with column capture, no promotion
    stapeldammen::Stapeldammen(StapeldammenRules);
    /// Epaminondas (Abbott), 14x12 board, phalanxes, crossings win
    epaminondas::Epaminondas;
    /// NeoCrossings: Epaminondas rules on the 8x8 board
    epaminondas::NeoCrossings;
    /// Lasca (Lasker, 1911), 7x7, soldiers and officers, column capture
    lasca::Lasca(LascaRules) {
        "--roundabout": "a column may be jumped again while enemy-led (no 180° turn)",
        "--repetition": "threefold repetition is a draw",
    } [
        LascaRoundabout: "--roundabout";
        LascaRepetition: "--repetition";
        LascaRoundaboutRepetition: "--roundabout" "--repetition";
    ];
    /// Bashni (Russian column draughts), 8x8, flying kings, column capture
    bashni::Bashni(BashniRules) {
        "--russian-code": "captured men transferred when the move ends; no column jumped twice",
    } [
        BashniRussianCode: "--russian-code";
    ];
}

/// Why no ruleset could be selected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RegistryError {
    /// No ruleset of that name.
    #[error(
        "unknown ruleset {name:?}{}; known: {}",
        did_you_mean(name, names()),
        names().collect::<Vec<_>>().join(", ")
    )]
    UnknownRuleset {
        /// The name given.
        name: String,
    },
    /// An option the ruleset does not have.
    #[error(
        "ruleset {ruleset} has no option {option:?}{}; its options: {}",
        did_you_mean(option, option_names(ruleset)),
        option_list(ruleset)
    )]
    UnknownOption {
        /// The ruleset.
        ruleset: &'static str,
        /// The option given.
        option: String,
    },
    /// Options the ruleset has, but not together.
    #[error("ruleset {ruleset} has no option set {}", options.join(" "))]
    NoSuchOptionSet {
        /// The ruleset.
        ruleset: &'static str,
        /// The options given.
        options: Vec<String>,
    },
    /// A record's `Variant` (or `Game`) tag whose first word names no ruleset of the
    /// crate (a record of another game, or a typo).
    #[error(
        "the record's variant {variant:?} is not a ruleset of this crate{}; known: {}",
        did_you_mean(name, names()),
        names().collect::<Vec<_>>().join(", ")
    )]
    UnknownVariant {
        /// The tag's value.
        variant: String,
        /// Its first word, read as the ruleset's name.
        name: String,
    },
    /// A `GameType` of a game the crate does not play.
    #[error("GameType {number} ({game}) is not a ruleset of this crate")]
    GameTypeNotPlayed {
        /// The number.
        number: u32,
        /// The game it stands for.
        game: &'static str,
    },
    /// A `GameType` that is not a number of the PDN standard.
    #[error("GameType {0:?} is not a game type of PDN 3.0")]
    UnknownGameType(String),
}

/// The options of the ruleset named `ruleset`, in the list's order.
fn option_names(ruleset: &str) -> impl Iterator<Item = &'static str> {
    Ruleset::ALL
        .iter()
        .find(|r| r.name() == ruleset)
        .map_or(&[][..], |r| r.option_help())
        .iter()
        .map(|(name, _)| *name)
}

/// [`option_names`] as a list for a message (`none` when there are none).
fn option_list(ruleset: &str) -> String {
    let list = option_names(ruleset).collect::<Vec<_>>().join(", ");
    if list.is_empty() {
        "none".to_string()
    } else {
        list
    }
}

/// `" (did you mean \"x\"?)"` for the candidate nearest to what was typed, when one is
/// near enough to be a typo of it (at most a third of its letters edited, ignoring
/// case), else nothing.
fn did_you_mean<'a>(typed: &str, candidates: impl Iterator<Item = &'a str>) -> String {
    let typed = typed.to_ascii_lowercase();
    candidates
        .map(|c| (edit_distance(&typed, &c.to_ascii_lowercase()), c))
        .filter(|&(d, c)| d > 0 && d * 3 <= c.len().max(3))
        .min_by_key(|&(d, _)| d)
        .map_or_else(String::new, |(_, c)| format!(" (did you mean {c:?}?)"))
}

/// The Levenshtein distance of two strings, by bytes: insertions, deletions and
/// substitutions.
fn edit_distance(a: &str, b: &str) -> usize {
    let b = b.as_bytes();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.bytes().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The rulesets' names, each once, in the list's order.
fn names() -> impl Iterator<Item = &'static str> {
    Ruleset::bases().map(Ruleset::name)
}

impl Ruleset {
    /// Each ruleset once by its name, without options, in the list's order (the
    /// other entries of [`Ruleset::ALL`] are its option sets).
    ///
    /// ```
    /// use column_checkers::Ruleset;
    ///
    /// let first: Vec<&str> = Ruleset::bases().take(2).map(Ruleset::name).collect();
    /// assert_eq!(first, ["emergo", "dameo"]);
    /// assert!(Ruleset::bases().all(|r| r.options().is_empty()));
    /// ```
    pub fn bases() -> impl Iterator<Item = Ruleset> {
        Ruleset::ALL
            .iter()
            .copied()
            .filter(|r| r.options().is_empty())
    }

    /// The ruleset called `name` with `options` as people type them: surrounding
    /// spaces ignored and an option's dashes optional (`roundabout` for
    /// `--roundabout`); otherwise as [`Ruleset::from_name`].
    ///
    /// ```
    /// use column_checkers::Ruleset;
    ///
    /// assert_eq!(
    ///     Ruleset::named(" lasca", &["roundabout", "--repetition "]),
    ///     Ok(Ruleset::LascaRoundaboutRepetition)
    /// );
    /// let e = Ruleset::named("lasca", &["bogus"]).unwrap_err().to_string();
    /// assert!(e.starts_with("ruleset lasca has no option \"--bogus\""), "{e}");
    /// ```
    ///
    /// # Errors
    /// [`RegistryError`] for an unknown name or option.
    pub fn named<S: AsRef<str>>(name: &str, options: &[S]) -> Result<Ruleset, RegistryError> {
        let options: Vec<String> = options
            .iter()
            .map(|o| format!("--{}", o.as_ref().trim().trim_start_matches("--")))
            .collect();
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        Ruleset::from_name(name.trim(), &options)
    }

    /// The ruleset called `name` (ASCII case-insensitive) with the options `options`
    /// (in any order, each at most once counted).
    ///
    /// ```
    /// use column_checkers::Ruleset;
    ///
    /// assert_eq!(Ruleset::from_name("Lasca", &[]), Ok(Ruleset::Lasca));
    /// assert_eq!(
    ///     Ruleset::from_name("lasca", &["--repetition", "--roundabout"]),
    ///     Ok(Ruleset::LascaRoundaboutRepetition)
    /// );
    /// assert!(Ruleset::from_name("lasca", &["--russian-code"]).is_err());
    /// ```
    ///
    /// # Errors
    /// [`RegistryError`] for an unknown name or option.
    pub fn from_name(name: &str, options: &[&str]) -> Result<Ruleset, RegistryError> {
        let mut same_name = Ruleset::ALL
            .iter()
            .copied()
            .filter(|r| r.name().eq_ignore_ascii_case(name))
            .peekable();
        let Some(&first) = same_name.peek() else {
            return Err(RegistryError::UnknownRuleset {
                name: name.to_string(),
            });
        };
        if let Some(bad) = options
            .iter()
            .find(|o| !first.option_help().iter().any(|(n, _)| n == *o))
        {
            return Err(RegistryError::UnknownOption {
                ruleset: first.name(),
                option: bad.to_string(),
            });
        }
        same_name
            .find(|r| {
                r.options().iter().all(|o| options.contains(o))
                    && options.iter().all(|o| r.options().contains(o))
            })
            .ok_or_else(|| RegistryError::NoSuchOptionSet {
                ruleset: first.name(),
                options: options.iter().map(|o| o.to_string()).collect(),
            })
    }

    /// The ruleset whose position type is `P`, if it is one of the list.
    ///
    /// ```
    /// use column_checkers::Ruleset;
    /// use column_checkers::games::LascaRoundabout;
    ///
    /// assert_eq!(Ruleset::of::<LascaRoundabout>(), Some(Ruleset::LascaRoundabout));
    /// ```
    pub fn of<P: Position>() -> Option<Ruleset> {
        let id = TypeId::of::<P>();
        Ruleset::ALL.iter().copied().find(|r| r.type_id() == id)
    }

    /// The ruleset a record's tags name: a `Variant` (or `Game`) tag, the ruleset's
    /// name and its options (`[Variant "lasca --roundabout"]`; an option may be
    /// written without its dashes, `[Variant "lasca roundabout"]`), else PDN's
    /// `GameType` tag (only its number counts); `None` when the record has neither.
    /// Without either tag PDN means international draughts; the `replay` example
    /// takes that default.
    ///
    /// A `Variant` tag is read whole: a name that is not a ruleset's, or a word after
    /// it that is not one of its options, is refused (with the nearest name or option
    /// when one is near enough to be a typo of it), never replayed under other rules.
    ///
    /// ```
    /// use column_checkers::text::Record;
    /// use column_checkers::Ruleset;
    ///
    /// let of = |text: &str| Ruleset::of_record(&text.parse::<Record>().unwrap());
    /// assert_eq!(of("[GameType \"20,W,10,10,N2,0\"] 32-28"), Ok(Some(Ruleset::InternationalDraughts)));
    /// assert_eq!(of("[Variant \"Stapeldammen\"] 32-28"), Ok(Some(Ruleset::Stapeldammen)));
    /// assert_eq!(of("[Variant \"bashni --russian-code\"]"), Ok(Some(Ruleset::BashniRussianCode)));
    /// assert_eq!(of("[Variant \"lasca roundabout\"]"), Ok(Some(Ruleset::LascaRoundabout)));
    /// assert_eq!(of("[Event \"x\"] 32-28"), Ok(None));
    /// assert!(of("[GameType \"21\"] 11-15").is_err()); // English draughts
    /// let typo = of("[Variant \"lascaX\"]").unwrap_err().to_string();
    /// assert!(typo.contains("(did you mean \"lasca\"?)"), "{typo}");
    /// assert!(of("[Variant \"chess\"] 1. e4").is_err());
    /// ```
    ///
    /// # Errors
    /// [`RegistryError`] for a `Variant` that names no ruleset of the crate or an
    /// option the ruleset does not have, and for a `GameType` of a game the crate
    /// does not play or not of the standard.
    pub fn of_record(record: &Record) -> Result<Option<Ruleset>, RegistryError> {
        if let Some(variant) = record.ruleset() {
            let mut words = variant.split_whitespace();
            let name = words.next().unwrap_or_default();
            if !names().any(|n| n.eq_ignore_ascii_case(name)) {
                return Err(RegistryError::UnknownVariant {
                    variant: variant.to_string(),
                    name: name.to_string(),
                });
            }
            // an option may be written without its dashes: `lasca roundabout`
            return Ruleset::named(name, &words.collect::<Vec<_>>()).map(Some);
        }
        let number = match record.game_type() {
            None => return Ok(None),
            Some(Err(text)) => return Err(RegistryError::UnknownGameType(text.to_string())),
            Some(Ok(n)) => n,
        };
        let played = Ruleset::bases().find(|r| r.game_type() == Some(number));
        match (played, game_type_name(number)) {
            (Some(r), _) => Ok(Some(r)),
            (None, Some(game)) => Err(RegistryError::GameTypeNotPlayed { number, game }),
            (None, None) => Err(RegistryError::UnknownGameType(number.to_string())),
        }
    }

    /// The tag that names the ruleset in a record: PDN's `GameType` when PDN numbers
    /// the game (`("GameType", "20")`), else `Variant` with the ruleset's name and
    /// options (`("Variant", "lasca --roundabout")`). [`Ruleset::of_record`] reads it
    /// back.
    pub fn record_tag(self) -> (&'static str, String) {
        match self.game_type() {
            Some(n) if self.options().is_empty() => ("GameType", n.to_string()),
            _ => ("Variant", self.to_string()),
        }
    }

    /// The table of the rulesets in Markdown, one row per name: its description,
    /// options, position types and PDN tag. The crate's documentation
    /// ([`Ruleset`]) and the README show it; a test keeps both equal to it.
    pub fn markdown_table() -> String {
        let mut out = String::from(
            "| name | game | options | position types | PDN tag |\n|---|---|---|---|---|\n",
        );
        for base in Ruleset::bases() {
            let options = if base.option_help().is_empty() {
                "—".to_string()
            } else {
                base.option_help()
                    .iter()
                    .map(|(o, about)| format!("`{o}`: {about}"))
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            let types = Ruleset::ALL
                .iter()
                .filter(|r| r.name() == base.name())
                .map(|r| match r.options() {
                    [] => format!("`{}`", r.position_type()),
                    o => format!("`{}` (`{}`)", r.position_type(), o.join(" ")),
                })
                .collect::<Vec<_>>()
                .join(", ");
            let (tag, value) = base.record_tag();
            out.push_str(&format!(
                "| `{}` | {} | {options} | {types} | `[{tag} \"{value}\"]` |\n",
                base.name(),
                base.about()
            ));
        }
        out
    }
}

impl fmt::Display for Ruleset {
    /// The name and the options, as a command line gives them: `lasca --roundabout`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        for o in self.options() {
            write!(f, " {o}")?;
        }
        Ok(())
    }
}

impl FromStr for Ruleset {
    type Err = RegistryError;

    /// Reads a name and its options, separated by spaces: `lasca --roundabout`.
    fn from_str(s: &str) -> Result<Ruleset, RegistryError> {
        let mut words = s.split_whitespace();
        let name = words.next().unwrap_or_default();
        let options: Vec<&str> = words.collect();
        Ruleset::from_name(name, &options)
    }
}

/// Runs `visitor` on the ruleset called `name` with `options` (as a command line
/// gives them): [`Ruleset::from_name`], then [`Ruleset::visit`].
///
/// # Errors
/// [`RegistryError`] for an unknown name or option.
pub fn dispatch<V: RulesetVisitor>(
    name: &str,
    options: &[String],
    visitor: V,
) -> Result<V::Output, RegistryError> {
    let options: Vec<&str> = options.iter().map(String::as_str).collect();
    Ruleset::from_name(name, &options).map(|r| r.visit(visitor))
}

/// The record of a game ([`Record::of_game`]) with the tag naming its ruleset first
/// ([`Ruleset::record_tag`]; a position type outside the list gets
/// `[Variant "NAME"]`), and the result in the tokens of its `GameType` (`2-0` in
/// international draughts).
///
/// ```
/// use column_checkers::any::record_of_game;
/// use column_checkers::{Game, Position, RussianDraughts};
///
/// let mut game = Game::new(RussianDraughts::start());
/// game.play_text("c3-d4").unwrap();
/// let mut record = record_of_game(&game);
/// record.set_tag("Event", "club");
/// assert_eq!(record.to_string(), "[GameType \"25\"]\n[Event \"club\"]\n\n1. c3-d4 *\n");
/// ```
pub fn record_of_game<P: Position>(game: &Game<P>) -> Record {
    let mut record = Record::of_game(game);
    let (name, value) = match Ruleset::of::<P>() {
        Some(r) => r.record_tag(),
        None => ("Variant", P::NAME.to_string()),
    };
    record.tags.insert(0, (name.to_string(), value));
    if let Some(o) = game.outcome() {
        record.set_result(RecordResult::of(o));
    }
    record
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
/// let help = column_checkers::any::rulesets_help();
/// assert!(help.contains("--russian-code"));
/// ```
pub fn rulesets_help() -> String {
    let mut out = String::from("rulesets (--game NAME) and their options:\n");
    for r in Ruleset::bases() {
        out.push_str(&format!("  {:<16} {}\n", r.name(), r.about()));
        for (o, about) in r.option_help() {
            out.push_str(&format!("      {o:<20} {about}\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typo_of_a_name_or_an_option_is_named_with_its_suggestion() {
        let typo = Ruleset::from_name("internatonal", &[])
            .unwrap_err()
            .to_string();
        assert!(
            typo.starts_with(
                r#"unknown ruleset "internatonal" (did you mean "international"?); known: emergo,"#
            ),
            "{typo}"
        );
        let typo = Ruleset::from_name("LASKA", &[]).unwrap_err().to_string();
        assert!(typo.contains(r#"(did you mean "lasca"?)"#), "{typo}");
        // nothing near enough: no suggestion
        let far = Ruleset::from_name("chess", &[]).unwrap_err().to_string();
        assert!(
            far.starts_with(r#"unknown ruleset "chess"; known: "#),
            "{far}"
        );
        let option = Ruleset::from_name("lasca", &["--roundabot"])
            .unwrap_err()
            .to_string();
        assert_eq!(
            option,
            r#"ruleset lasca has no option "--roundabot" (did you mean "--roundabout"?); its options: --roundabout, --repetition"#
        );
        let none = Ruleset::from_name("emergo", &["--roundabout"])
            .unwrap_err()
            .to_string();
        assert_eq!(
            none,
            r#"ruleset emergo has no option "--roundabout"; its options: none"#
        );
    }

    #[test]
    fn edit_distance_counts_insertions_deletions_and_substitutions() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("lasca", "lasca"), 0);
        assert_eq!(edit_distance("lasca", "laska"), 1);
        assert_eq!(edit_distance("lasca", "lasc"), 1);
        assert_eq!(edit_distance("lasc", "lasca"), 1);
        assert_eq!(edit_distance("bashni", "bahsni"), 2);
        assert_eq!(edit_distance("", "dameo"), 5);
        assert_eq!(edit_distance("emergo", ""), 6);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn every_option_set_of_a_name_is_a_ruleset() {
        for &r in Ruleset::ALL {
            let help = r.option_help();
            // every subset of the name's options, by bit mask
            for mask in 0u32..1 << help.len() {
                let options: Vec<&str> = (0..help.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| help[i].0)
                    .collect();
                let chosen = Ruleset::from_name(r.name(), &options).unwrap();
                assert_eq!(chosen.name(), r.name());
                assert_eq!(chosen.to_string().parse::<Ruleset>(), Ok(chosen));
            }
            for o in r.options() {
                assert!(help.iter().any(|(n, _)| n == o), "{r}: {o}");
            }
            assert_eq!(r.about(), r.about().trim());
        }
    }

    #[test]
    fn names_are_unique_to_a_ruleset() {
        for (i, a) in Ruleset::ALL.iter().enumerate() {
            for b in &Ruleset::ALL[i + 1..] {
                assert!(a.name() != b.name() || a.options() != b.options(), "{a}");
                assert!(a.position_type() != b.position_type(), "{a}");
                assert!(a.type_id() != b.type_id(), "{a}");
            }
        }
    }
}
