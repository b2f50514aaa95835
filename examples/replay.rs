//! Replay: reads a game record, checks every move, prints the final position and
//! the outcome.
//!
//! ```text
//! cargo run --release --example replay -- [FILE | -] [--game NAME] [--quiet]
//!     [ruleset options]
//! ```
//!
//! The record (a file, or standard input when FILE is `-` or absent) is numbered
//! movetext such as `1. d6 d8 2. e4 g6 ...`, with optional `[Tag "value"]` header
//! lines, `{comments}` and a result token (`1-0`, `0-1`, `1/2-1/2`, `*`); see
//! `column_checkers::text::record`. The ruleset is `--game`, else the record's `[Game "..."]`
//! or `[Variant "..."]` tag, else Emergo; a `[Position "..."]` tag sets the start.
//! Exit code 0 when every move is legal (even if the result token disagrees with the
//! rules: that is reported), 1 on an illegal move or a bad record, 2 on bad arguments.
//!
//! ```text
//! printf '[Game "emergo"]\n1. d6 d8 2. e4 g6 3. f4 g7 4. b6 d7 5. f6 g6xe6xc6 *\n' \
//!     | cargo run --release --example replay
//! ```

use column_checkers::text::record::{Record, ResultCheck};
use column_checkers::tools::registry::{dispatch, RegistryError, RulesetVisitor, RULESETS};
use column_checkers::Position;
use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "usage: replay [FILE | -] [--game NAME] [--quiet] [ruleset options]";

struct Replay<'a> {
    record: &'a Record,
    quiet: bool,
}

impl RulesetVisitor for Replay<'_> {
    type Output = Result<(), String>;

    fn visit<P: Position>(self, _options: &[String]) -> Result<(), String> {
        let r = self.record;
        let replay = r.replay::<P>().map_err(|e| {
            if e.line > 0 {
                format!("line {}: {e}", e.line)
            } else {
                e.to_string()
            }
        })?;
        let game = &replay.game;
        if !self.quiet {
            println!(
                "{} record, {} plies, every move legal",
                P::NAME,
                game.moves().len()
            );
            for (name, value) in &r.tags {
                println!("  [{name} \"{value}\"]");
            }
            println!("\n{:#}", game.position());
        }
        println!("final position: {}", game.position());
        match game.outcome() {
            Some(o) => println!("outcome: {o}"),
            None => println!("outcome: the game is not over"),
        }
        let stated = r.result.map_or("none".to_string(), |t| t.to_string());
        match replay.result_check {
            ResultCheck::Agrees => println!("result {stated}: agrees with the rules"),
            ResultCheck::Disagrees { rules } => println!(
                "result {stated}: DISAGREES with the rules, which say {}",
                rules.result_text()
            ),
            ResultCheck::NotByRules => println!(
                "result {stated}: not reached by the rules (resignation, agreement or time)"
            ),
            ResultCheck::Unfinished => println!("result {stated}: unfinished"),
        }
        Ok(())
    }
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
                println!("{USAGE}\nrulesets:");
                for r in RULESETS {
                    println!("  {:<14} {}", r.name, r.about);
                }
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
    let mut text = String::new();
    let read = match &file {
        Some(path) => std::fs::read_to_string(path).map(|t| text = t),
        None => std::io::stdin().read_to_string(&mut text).map(|_| ()),
    };
    if let Err(e) = read {
        eprintln!(
            "error: cannot read {}: {e}",
            file.as_deref().unwrap_or("standard input")
        );
        return ExitCode::FAILURE;
    }
    let record: Record = match text.parse() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: bad record: {e}");
            return ExitCode::FAILURE;
        }
    };
    // --game, else the record's tag (as written, then its first word), else Emergo
    let names: Vec<String> = match (&game, record.ruleset()) {
        (Some(g), _) => vec![g.clone()],
        (None, Some(tag)) => {
            let first = tag.split_whitespace().next().unwrap_or(tag);
            vec![tag.to_string(), first.to_string()]
        }
        (None, None) => vec!["emergo".to_string()],
    };
    let mut last = None;
    for name in &names {
        let visitor = Replay {
            record: &record,
            quiet,
        };
        match dispatch(name, &options, visitor) {
            Ok(Ok(())) => return ExitCode::SUCCESS,
            Ok(Err(e)) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
            Err(e @ RegistryError::UnknownRuleset { .. }) => last = Some(e),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    if let Some(e) = last {
        eprintln!("error: {e}");
    }
    ExitCode::FAILURE
}
