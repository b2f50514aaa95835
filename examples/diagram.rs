//! Diagram: renders a position of any ruleset to SVG.
//!
//! ```text
//! cargo run --release --example diagram -- [--game NAME]
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
//! cargo run --release --example diagram -- \
//!     --position "c4:bbbbbwww,d4:ww b 0/0" --output target/emergo-example.svg
//! ```

#[path = "shared/cli.rs"]
mod cli;

use clap::Parser;
use cli::RulesetArgs;
use column_checkers::text::svg::SvgOptions;
use column_checkers::Ruleset;
use std::process::ExitCode;

/// Renders a position of any ruleset to SVG: the start, or --position, then the
/// --moves played from it (each checked).
#[derive(Parser, Debug, Default)]
#[command(name = "diagram")]
struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// The position to draw, as a position text or PDN FEN (default: the start)
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    position: Option<String>,
    /// Moves to play first, in the ruleset's notation
    #[arg(long, value_name = "\"M1 M2 ...\"", allow_hyphen_values = true)]
    moves: Option<String>,
    /// The caption (default: the position text)
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    title: Option<String>,
    /// No caption
    #[arg(long, conflicts_with = "title")]
    no_title: bool,
    /// Black at the bottom
    #[arg(long)]
    flip: bool,
    /// The size of a square in pixels, 8 to 512
    #[arg(long, value_name = "PIXELS", value_parser = cell)]
    cell: Option<f64>,
    /// Write the SVG to FILE instead of standard output
    #[arg(long, short, value_name = "FILE")]
    output: Option<String>,
}

fn cell(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|c| (8.0..=512.0).contains(c))
        .ok_or_else(|| format!("{s:?} is not a number of pixels from 8 to 512"))
}

/// The SVG of the position `a` names in `ruleset`. The game is an [`AnyGame`]: the
/// drawing code of every ruleset is compiled in the library, once, not in this example.
fn draw(ruleset: Ruleset, a: Args) -> Result<String, String> {
    let mut game = cli::game_at(ruleset, a.position.as_deref())?;
    game.play_moves(a.moves.as_deref().unwrap_or(""))
        .map_err(|e| e.to_string())?;
    let mut options = SvgOptions::default().flipped(a.flip);
    if let Some(c) = a.cell {
        options.cell = c;
    }
    if !a.no_title {
        options = options.with_title(a.title.unwrap_or_else(|| game.position_text()));
    }
    game.svg(&options).ok_or_else(|| {
        format!(
            "ruleset {} does not expose its board for drawing",
            ruleset.name()
        )
    })
}

fn main() -> ExitCode {
    let a = Args::parse();
    let output = a.output.clone();
    let ruleset = match a.ruleset.ruleset_or("emergo") {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let svg = match draw(ruleset, a) {
        Ok(svg) => svg,
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// --position, --moves and --title take every ruleset's start position text, Emergo's `- w 12/12` (which
    /// starts with `-`) too.
    #[test]
    fn text_options_take_the_crates_texts() {
        let command = Args::command();
        cli::assert_takes_start_texts(&command, &[], "--position", "position", &["--flip"]);
        cli::assert_takes_start_texts(&command, &[], "--moves", "moves", &["--flip"]);
        cli::assert_takes_start_texts(&command, &[], "--title", "title", &["--flip"]);
    }
}
