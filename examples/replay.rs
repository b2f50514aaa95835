//! Replay: reads every game of a PDN file, checks every move (variations included),
//! and prints one line per game and a summary.
//!
//! ```text
//! cargo run --release --example replay -- [FILE | -] [--game NAME] [--quiet]
//!     [ruleset options]
//! ```
//!
//! The file (standard input when FILE is `-` or absent) holds one or more games in PDN
//! (`[Tag "value"]` lines, numbered movetext, `{comments}`, `(variations)`, a result
//! or `*` after each game); see `column_checkers::text::pdn`. Each game's ruleset is
//! `--game` when given, else its `Variant` (or `Game`) tag, else its `GameType` tag
//! (20 international, 25 Russian, 26 Brazilian draughts), else international
//! draughts; a `FEN` tag sets the start.
//!
//! Each game gets a line: its number, the players, the moves read, the result, and
//! `ok` or the first error with its line and move. A file of one game also gets the
//! final position and the outcome. `--quiet` prints only the failed games and the
//! summary. Exit code 0 when every game replays (even if a result disagrees with the
//! rules: that is reported), 1 when any game fails, 2 on bad arguments.
//!
//! ```text
//! printf '[Variant "emergo"]\n1. d6 d8 2. e4 g6 3. f4 g7 4. b6 d7 5. f6 g6xe6xc6 *\n' \
//!     | cargo run --release --example replay
//! cargo run --release --example replay -- tests/data/pdn/international.pdn
//! cargo run --release --example replay -- --game russian tests/data/pdn/russian.pdn
//! ```

use column_checkers::text::pdn::read_games;
use column_checkers::text::record::{Record, ResultCheck};
use column_checkers::tools::registry::{rulesets_help, Ruleset, RulesetVisitor};
use column_checkers::Position;
use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "usage: replay [FILE | -] [--game NAME] [--quiet] [ruleset options]";

/// The ruleset of a game when neither `--game` nor its tags name one (PDN's default).
const DEFAULT_RULESET: Ruleset = Ruleset::InternationalDraughts;

struct Replay<'a> {
    record: &'a Record,
    /// Print the final position and outcome too.
    detail: bool,
}

/// What a replayed game reports: its summary (moves, result) and whether it replayed.
struct Report {
    line: String,
    ok: bool,
}

impl RulesetVisitor for Replay<'_> {
    type Output = Report;

    fn visit<P: Position>(self) -> Report {
        let r = self.record;
        // in the game's own result tokens (`2-0` in international draughts)
        let ruleset = Ruleset::of::<P>();
        let game_type = ruleset.and_then(|r| r.game_type());
        // the ruleset with its options (`lasca --roundabout`)
        let name = ruleset.map_or(P::NAME.to_string(), |r| r.to_string());
        let stated = r.stated_result().map_or("none", |t| t.token_in(game_type));
        match r.replay::<P>() {
            Err(e) => {
                let place = if e.line > 0 {
                    format!("line {}, column {}: ", e.line, e.column)
                } else {
                    String::new()
                };
                Report {
                    line: format!("{name}, result {stated}: FAILED at {place}{e}"),
                    ok: false,
                }
            }
            Ok(replay) => {
                let game = &replay.game;
                let check = match replay.result_check {
                    ResultCheck::Agrees => "agrees with the rules".to_string(),
                    ResultCheck::Disagrees { rules } => {
                        format!("DISAGREES with the rules ({})", rules.result_text())
                    }
                    ResultCheck::NotByRules => "not reached by the rules".to_string(),
                    ResultCheck::Unfinished => "unfinished".to_string(),
                };
                if self.detail {
                    println!("{:#}", game.position());
                    println!("final position: {}", game.position());
                    match game.outcome() {
                        Some(o) => println!("outcome: {o}"),
                        None => println!("outcome: the game is not over"),
                    }
                }
                Report {
                    line: format!(
                        "{name}, {} moves read ({} in the main line), result {stated} ({check}): ok",
                        replay.moves_read,
                        game.moves().len()
                    ),
                    ok: true,
                }
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
    let mut args = std::env::args().skip(1);
    let mut game: Option<String> = None;
    let mut file: Option<String> = None;
    let mut options = Vec::new();
    let mut quiet = false;
    while let Some(a) = args.next() {
        match a.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}\n{}", rulesets_help());
                return ExitCode::SUCCESS;
            }
            "--game" => match args.next() {
                Some(g) => game = Some(g),
                None => {
                    eprintln!("error: --game needs a name\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            "--quiet" => quiet = true,
            "-" => file = None,
            s if s.starts_with("--") => options.push(a.clone()),
            _ if file.is_none() => file = Some(a),
            _ => {
                eprintln!("error: unexpected argument {a:?}\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let options: Vec<&str> = options.iter().map(String::as_str).collect();
    let chosen = match game.as_deref().map(|g| Ruleset::from_name(g, &options)) {
        None => None,
        Some(Ok(r)) => Some(r),
        Some(Err(e)) => {
            eprintln!("error: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
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
    let (mut ok, mut failed) = (0usize, 0usize);
    for (i, g) in games.iter().enumerate() {
        let number = i + 1;
        let report = match g {
            Err(e) => Report {
                line: format!(
                    "FAILED to read at line {}, column {}: {}",
                    e.line, e.column, e.kind
                ),
                ok: false,
            },
            Ok(record) => {
                let ruleset = match chosen {
                    Some(r) => Ok(r),
                    None => Ruleset::of_record(record).map(|r| r.unwrap_or(DEFAULT_RULESET)),
                };
                let visitor = Replay {
                    record,
                    detail: single && !quiet,
                };
                let who = players(record);
                let report = match ruleset {
                    Ok(r) => r.visit(visitor),
                    Err(e) => Report {
                        line: format!("FAILED: {e} (choose one with --game)"),
                        ok: false,
                    },
                };
                Report {
                    line: format!("{who}: {}", report.line),
                    ok: report.ok,
                }
            }
        };
        if report.ok {
            ok += 1;
        } else {
            failed += 1;
        }
        if !report.ok || !quiet {
            println!("game {number}: {}", report.line);
        }
    }
    println!(
        "{} game{}: {ok} replayed, {failed} failed",
        games.len(),
        if games.len() == 1 { "" } else { "s" }
    );
    if failed > 0 || games.is_empty() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
