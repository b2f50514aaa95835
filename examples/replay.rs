//! Replay: reads every game of a PDN file, checks every move (variations included),
//! and prints one line per game, its warnings, and a summary.
//!
//! ```text
//! cargo run --release --example replay -- [FILE | -] [--game NAME] [--quiet] [--strict]
//!     [ruleset options]
//! cargo run --release --example replay -- --help
//! ```
//!
//! The file (standard input when FILE is `-` or absent) holds one or more games in PDN
//! (`[Tag "value"]` lines, numbered movetext, `{comments}`, `(variations)`, a result
//! or `*` after each game); see `column_checkers::text`. Each game's ruleset is
//! `--game` when given, else its `Variant` (or `Game`) tag, else its `GameType` tag
//! (20 international, 25 Russian, 26 Brazilian draughts), else international
//! draughts; a `FEN` tag sets the start.
//!
//! Each game gets a line: its number, the players, the moves read, the result, and
//! `ok` or the first error with its line and move. What the replay forgives gets a
//! warning line (`warning: game N, line L, column C: ...; what was done`): a variation
//! that does not replay (skipped), a misnumbered move, a step written as a capture
//! (`38x33`), a capture that names several when the moves after it tell which, moves
//! after a draw by the rules; the game still counts as replayed. `--strict` refuses
//! such a game instead. A file that breaks PDN's grammar (a malformed tag, a game
//! without a terminator before the next game's tags, a token that is not PDN) and an
//! illegal move of a main line fail in both modes (see `column_checkers::text`
//! and `Strictness`). A file of one game also gets the final position and the
//! outcome. `--quiet` prints only the failed games, the warnings and the summary.
//! Exit code 0 when every game replays (even if a result disagrees with the rules, or
//! something was forgiven: that is reported), 1 when any game fails, 2 on bad
//! arguments.
//!
//! ```text
//! printf '[Variant "emergo"]\n1. d6 d8 2. e4 g6 3. f4 g7 4. b6 d7 5. f6 g6xe6xc6 *\n' \
//!     | cargo run --release --example replay
//! cargo run --release --example replay -- tests/data/pdn/international.pdn
//! cargo run --release --example replay -- --game russian tests/data/pdn/russian.pdn
//! cargo run --release --example replay -- "tests/data/pdn/standard/nk ronde 01.pdn"
//! ```

#[path = "shared/cli.rs"]
mod cli;

use clap::Parser;
use cli::RulesetArgs;
use column_checkers::any::{AnyGame, Ruleset};
use column_checkers::text::read_games;
use column_checkers::text::{Record, ResultCheck, Strictness};
use std::io::Read;
use std::process::ExitCode;

/// Reads every game of a PDN file and checks every move (variations included): one
/// line per game, a line per warning (what was forgiven), and a summary.
#[derive(Parser, Debug)]
#[command(name = "replay")]
struct Cli {
    /// The PDN file (standard input when absent or `-`)
    #[arg(value_name = "FILE")]
    file: Option<String>,
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// Print only the failed games, the warnings and the summary
    #[arg(long)]
    quiet: bool,
    /// Refuse what the default forgives with a warning (a variation that does not
    /// replay, a misnumbered move, a step written as a capture, a capture that names
    /// several, moves after a draw by the rules)
    #[arg(long)]
    strict: bool,
}

/// The ruleset of a game when neither `--game` nor its tags name one (PDN's default).
const DEFAULT_RULESET: Ruleset = Ruleset::InternationalDraughts;

/// What a replayed game reports: its summary (moves, result), whether it replayed,
/// and the warnings (what was forgiven).
struct Report {
    line: String,
    ok: bool,
    warnings: Vec<String>,
}

/// Replays `record` in `ruleset` with `strictness`; with `detail`, prints the final
/// position and outcome too. The game is an [`AnyGame`]: the replay code of every
/// ruleset is compiled in the library, once, not in this example.
fn replay(record: &Record, ruleset: Ruleset, detail: bool, strictness: Strictness) -> Report {
    // in the game's own result tokens (`2-0` in international draughts)
    let game_type = ruleset.game_type();
    // the ruleset with its options (`lasca --roundabout`)
    let name = ruleset.to_string();
    let stated = record
        .stated_result()
        .map_or("none", |t| t.token_in(game_type));
    match AnyGame::replay(record, ruleset, strictness) {
        Err(e) => {
            // the error says its line and column (none for a bad start position)
            let at = if e.line > 0 { " at" } else { ":" };
            Report {
                line: format!("{name}, result {stated}: FAILED{at} {e}"),
                ok: false,
                warnings: Vec::new(),
            }
        }
        Ok(replay) => {
            let game = &replay.game;
            let check = match replay.result_check {
                ResultCheck::Agrees => "agrees with the rules".to_string(),
                ResultCheck::Disagrees { rules } => {
                    format!("DISAGREES with the rules ({})", rules.result_text())
                }
                ResultCheck::NotByRules => match game.declared_end() {
                    Some(o) => format!("not reached by the rules: {}", o.reason().words()),
                    None => "not reached by the rules".to_string(),
                },
                ResultCheck::Unfinished => "unfinished".to_string(),
            };
            if detail {
                println!("{}", game.diagram());
                println!("final position: {}", game.position_text());
                match game.outcome() {
                    Some(o) => println!("outcome: {o}"),
                    None => println!("outcome: the game is not over"),
                }
            }
            let skipped = match replay.warnings.len() {
                0 => String::new(),
                1 => ", 1 warning".to_string(),
                n => format!(", {n} warnings"),
            };
            Report {
                line: format!(
                    "{name}, {} moves read ({} in the main line{skipped}), result {stated} ({check}): ok",
                    replay.moves_read,
                    game.moves().len()
                ),
                ok: true,
                warnings: replay.warnings.iter().map(|w| w.to_string()).collect(),
            }
        }
    }
}

fn players(r: &Record) -> String {
    let name = |tag| {
        r.tag(tag)
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "?")
            .unwrap_or("?")
    };
    format!("{} - {}", name("White"), name("Black"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let chosen = match &cli.ruleset.game {
        None if cli.ruleset.options.is_empty() => None,
        None => {
            eprintln!(
                "error: {} needs --game (each game's own ruleset has no options)",
                cli.ruleset.options.join(" ")
            );
            return ExitCode::from(2);
        }
        Some(g) => match cli.ruleset.ruleset_or(g) {
            Ok(r) => Some(r),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let strictness = if cli.strict {
        Strictness::Strict
    } else {
        Strictness::Forgiving
    };
    let file = cli.file.filter(|f| f != "-");
    let mut bytes = Vec::new();
    let read = match &file {
        Some(path) => std::fs::read(path).map(|b| bytes = b),
        None => std::io::stdin().read_to_end(&mut bytes).map(|_| ()),
    };
    if let Err(e) = read {
        eprintln!(
            "error: cannot read {}: {e}",
            file.as_deref().unwrap_or("standard input")
        );
        return ExitCode::FAILURE;
    }
    // PDN is UTF-8; older files in Latin-1 are read as such
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
    };
    let games = read_games(&text);
    let single = games.len() == 1;
    let (mut ok, mut failed, mut warned) = (0usize, 0usize, 0usize);
    for (i, g) in games.iter().enumerate() {
        let number = i + 1;
        let report = match g {
            Err(e) => Report {
                line: format!(
                    "FAILED to read at line {}, column {}: {}",
                    e.line, e.column, e.kind
                ),
                ok: false,
                warnings: Vec::new(),
            },
            Ok(record) => {
                let ruleset = match chosen {
                    Some(r) => Ok(r),
                    None => Ruleset::of_record(record).map(|r| r.unwrap_or(DEFAULT_RULESET)),
                };
                let who = players(record);
                let report = match ruleset {
                    Ok(r) => replay(record, r, single && !cli.quiet, strictness),
                    Err(e) => Report {
                        line: format!("FAILED: {e} (choose one with --game)"),
                        ok: false,
                        warnings: Vec::new(),
                    },
                };
                Report {
                    line: format!("{who}: {}", report.line),
                    ..report
                }
            }
        };
        if report.ok {
            ok += 1;
        } else {
            failed += 1;
        }
        if !report.ok || !cli.quiet {
            println!("game {number}: {}", report.line);
        }
        for w in &report.warnings {
            println!("warning: {w}");
        }
        warned += report.warnings.len();
    }
    let warnings = match warned {
        0 => String::new(),
        1 => " (1 warning)".to_string(),
        n => format!(" ({n} warnings)"),
    };
    println!(
        "{} game{}: {ok} replayed{warnings}, {failed} failed",
        games.len(),
        if games.len() == 1 { "" } else { "s" }
    );
    if failed > 0 || games.is_empty() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
