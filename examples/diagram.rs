//! Diagram: renders a position of any ruleset to SVG.
//!
//! ```text
//! cargo run --release --features svg --example diagram -- [--game NAME]
//!     [--position "<text>"] [--moves "<m1> <m2> ..."] [--title TEXT] [--no-title]
//!     [--flip] [--cell PIXELS] [--output FILE] [ruleset options]
//! ```
//!
//! The position is the ruleset's start, or `--position`, then the `--moves` played
//! from it (each checked). The SVG goes to standard output or `--output`; its caption
//! is the position text unless `--title` or `--no-title` says otherwise. The picture
//! in the repository was made with
//!
//! ```text
//! cargo run --release --features svg --example diagram -- \
//!     --position "c4:bbbbbwww,d4:ww b 0/0" --output target/emergo-example.svg
//! ```

use column_checkers::text::svg::{render_position, SvgOptions};
use column_checkers::tools::registry::{dispatch, rulesets_help, RulesetVisitor};
use column_checkers::Position;
use std::process::ExitCode;

const USAGE: &str = "usage: diagram [--game NAME] [--position \"<text>\"] [--moves \"<m1> <m2> ...\"] [--title TEXT] [--no-title] [--flip] [--cell PIXELS] [--output FILE] [ruleset options]";

#[derive(Default)]
struct Args {
    position: Option<String>,
    moves: Option<String>,
    title: Option<String>,
    no_title: bool,
    flip: bool,
    cell: Option<f64>,
    output: Option<String>,
}

struct Draw(Args);

impl RulesetVisitor for Draw {
    type Output = Result<String, String>;

    fn visit<P: Position>(self) -> Result<String, String> {
        let a = self.0;
        let mut pos = match &a.position {
            Some(t) => t
                .parse::<P>()
                .map_err(|e| format!("--position {t:?}: {e}"))?,
            None => P::start(),
        };
        for (i, m) in a
            .moves
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .enumerate()
        {
            let mv = pos
                .parse_move(m)
                .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
            pos.play(&mv)
                .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
        }
        let mut options = SvgOptions::default().flipped(a.flip);
        if let Some(c) = a.cell {
            options.cell = c;
        }
        if !a.no_title {
            options = options.with_title(a.title.unwrap_or_else(|| pos.to_string()));
        }
        render_position(&pos, &options)
            .ok_or_else(|| format!("ruleset {} does not expose its board for drawing", P::NAME))
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut game = "emergo".to_string();
    let mut options = Vec::new();
    let mut a = Args::default();
    while let Some(arg) = args.next() {
        let mut value = |what: &str| args.next().ok_or_else(|| format!("{what} needs a value"));
        let r: Result<(), String> = match arg.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}\n{}", rulesets_help());
                return ExitCode::SUCCESS;
            }
            "--game" => value("--game").map(|v| game = v),
            "--position" => value("--position").map(|v| a.position = Some(v)),
            "--moves" => value("--moves").map(|v| a.moves = Some(v)),
            "--title" => value("--title").map(|v| a.title = Some(v)),
            "--output" | "-o" => value("--output").map(|v| a.output = Some(v)),
            "--cell" => value("--cell").and_then(|v| {
                v.parse::<f64>()
                    .ok()
                    .filter(|c| (8.0..=512.0).contains(c))
                    .map(|c| a.cell = Some(c))
                    .ok_or_else(|| "--cell needs a number of pixels from 8 to 512".to_string())
            }),
            "--no-title" => {
                a.no_title = true;
                Ok(())
            }
            "--flip" => {
                a.flip = true;
                Ok(())
            }
            s if s.starts_with("--") => {
                options.push(arg.clone());
                Ok(())
            }
            _ => Err(format!("unexpected argument {arg:?}")),
        };
        if let Err(e) = r {
            eprintln!("error: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let output = a.output.clone();
    let svg = match dispatch(&game, &options, Draw(a)) {
        Ok(Ok(svg)) => svg,
        Ok(Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    match output {
        Some(path) => match std::fs::write(&path, svg) {
            Ok(()) => {
                eprintln!("wrote {path}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: cannot write {path}: {e}");
                ExitCode::FAILURE
            }
        },
        None => {
            print!("{svg}");
            ExitCode::SUCCESS
        }
    }
}
