//! The command-line pieces the examples share: choosing a ruleset with `--game NAME`
//! and its options, as flags made from the crate's one list of rulesets
//! (`Ruleset::ALL`), so that a new ruleset or option needs no change here.

#![allow(dead_code)]

use clap::builder::PossibleValuesParser;
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use column_checkers::any::rulesets_help;
use column_checkers::{AnyGame, AnyGameError, Ruleset};

/// `--game NAME` and the ruleset options (`--roundabout`, `--russian-code`, ...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesetArgs {
    /// The ruleset's name, if given.
    pub game: Option<String>,
    /// The ruleset options given, as typed (`--roundabout`).
    pub options: Vec<&'static str>,
}

/// Every ruleset name, once each, in the list's order.
fn names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for r in Ruleset::ALL {
        if !names.contains(&r.name()) {
            names.push(r.name());
        }
    }
    names
}

/// Every ruleset option with the rulesets that have it and a line about it.
fn options() -> Vec<(&'static str, Vec<&'static str>, &'static str)> {
    let mut out: Vec<(&'static str, Vec<&'static str>, &'static str)> = Vec::new();
    for r in Ruleset::ALL {
        for &(option, about) in r.option_help() {
            match out.iter_mut().find(|o| o.0 == option) {
                Some(o) if !o.1.contains(&r.name()) => o.1.push(r.name()),
                Some(_) => {}
                None => out.push((option, vec![r.name()], about)),
            }
        }
    }
    out
}

impl RulesetArgs {
    /// The ruleset named, with its options checked against it; `default` when no
    /// `--game` was given.
    pub fn ruleset_or(&self, default: &str) -> Result<Ruleset, String> {
        let name = self.game.as_deref().unwrap_or(default);
        Ruleset::from_name(name, &self.options).map_err(|e| e.to_string())
    }
}

impl FromArgMatches for RulesetArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut a = RulesetArgs::default();
        a.update_from_arg_matches(m)?;
        Ok(a)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        if let Some(g) = m.get_one::<String>("game") {
            self.game = Some(g.clone());
        }
        for (option, _, _) in options() {
            if m.get_flag(option.trim_start_matches('-')) && !self.options.contains(&option) {
                self.options.push(option);
            }
        }
        Ok(())
    }
}

impl Args for RulesetArgs {
    fn augment_args(cmd: Command) -> Command {
        let mut cmd = cmd
            .arg(
                Arg::new("game")
                    .long("game")
                    .value_name("NAME")
                    .value_parser(PossibleValuesParser::new(names()))
                    .ignore_case(true)
                    .hide_possible_values(true)
                    .help("The ruleset to play (its options are the flags below)"),
            )
            .after_help(rulesets_help());
        for (option, rulesets, about) in options() {
            let id = option.trim_start_matches('-');
            cmd = cmd.arg(
                Arg::new(id)
                    .long(id)
                    .action(ArgAction::SetTrue)
                    .help(format!("{} only: {about}", rulesets.join(", "))),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

/// The game of `ruleset` at `position` (its start without one), the text read as the
/// ruleset's position type reads it; the error names the option and the text.
pub fn game_at(ruleset: Ruleset, position: Option<&str>) -> Result<AnyGame, String> {
    match position {
        Some(text) => AnyGame::from_position_text(ruleset, text).map_err(|e| match e {
            AnyGameError::Position { error, .. } => format!("--position {text:?}: {error}"),
            e => e.to_string(),
        }),
        None => Ok(AnyGame::new(ruleset)),
    }
}

/// Every ruleset with the text of its start position, as the crate writes it (Emergo's
/// empty board is `- w 12/12`: a text may start with `-`).
pub fn start_texts() -> Vec<(Ruleset, String)> {
    Ruleset::ALL
        .iter()
        .map(|&r| (r, AnyGame::new(r).position_text()))
        .collect()
}

/// Checks that `command`'s option `flag` (stored under `id`) takes every ruleset's start
/// position text as typed after it: `NAME [--game RULESET [options]] BEFORE... FLAG TEXT
/// AFTER...` parses (the ruleset named when the command has `--game`), and the option
/// holds `TEXT` unchanged.
///
/// # Panics
/// When a text is refused or changed, naming the example, the option and the text.
pub fn assert_takes_start_texts(
    command: &Command,
    before: &[&str],
    flag: &str,
    id: &str,
    after: &[&str],
) {
    for (ruleset, text) in start_texts() {
        let mut argv = vec![command.get_name()];
        if command.get_arguments().any(|a| a.get_id() == "game") {
            argv.extend(["--game", ruleset.name()]);
            argv.extend(ruleset.options());
        }
        argv.extend(before);
        argv.extend([flag, text.as_str()]);
        argv.extend(after);
        let matches = match command.clone().try_get_matches_from(&argv) {
            Ok(m) => m,
            Err(e) => panic!(
                "{} {flag} {text:?} refused ({ruleset:?}): {e}",
                command.get_name()
            ),
        };
        let held: Vec<&String> = matches
            .get_many::<String>(id)
            .unwrap_or_else(|| {
                panic!(
                    "{} {flag} {text:?}: no value under {id:?}",
                    command.get_name()
                )
            })
            .collect();
        assert_eq!(
            held,
            [&text],
            "{} {flag} {text:?} ({ruleset:?})",
            command.get_name()
        );
    }
}
