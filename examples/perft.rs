//! Perft: counts the move tree of a ruleset to a depth.
//!
//! ```text
//! cargo run --release --example perft -- --game <ruleset> <depth> [--moves "<m1> <m2> ..."]
//!     [--position "<text>"] [--divide] [--no-bulk] [--parallel] [ruleset options]
//! cargo run --release --example perft -- <ruleset> <depth> ...
//! cargo run --release --example perft -- --help
//! ```
//!
//! The ruleset is chosen with `--game NAME`, as in the other examples, or as the first
//! argument.
//!
//! Prints `depth nodes time nodes/s` for each depth 1..=depth, or with `--divide` one
//! line `<move> <count>` per legal move at the given depth, then the total.
//! `--no-bulk` plays every move of the last ply too (no bulk counting); `--parallel`
//! uses `perft_parallel` (build with `--features rayon`).

#[path = "shared/cli.rs"]
mod cli;

use clap::Parser;
use cli::RulesetArgs;
use column_checkers::{AnyGame, Ruleset};
use std::process::ExitCode;
use std::time::Instant;

/// Counts the move tree of a ruleset to a depth: `depth nodes time nodes/s` for each
/// depth 1..=DEPTH, or with --divide the count after each legal move.
#[derive(Parser, Debug)]
#[command(name = "perft")]
struct Cli {
    /// [RULESET] DEPTH: the ruleset may come first instead of --game
    #[arg(value_name = "[RULESET] DEPTH", num_args = 1..=2, required = true)]
    args: Vec<String>,
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// Moves to play from the start (or from --position) first, in the ruleset's notation
    #[arg(long, value_name = "\"M1 M2 ...\"", allow_hyphen_values = true)]
    moves: Option<String>,
    /// The position to count from, as a position text (or PDN FEN in the draughts games)
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    position: Option<String>,
    /// One line per legal move with the count after it, then the total
    #[arg(long)]
    divide: bool,
    /// Play every move of the last ply too (no bulk counting)
    #[arg(long)]
    no_bulk: bool,
    /// Split the first plies across threads (build with --features rayon)
    #[arg(long)]
    parallel: bool,
}

struct Args {
    depth: u32,
    moves: Option<String>,
    position: Option<String>,
    divide: bool,
    no_bulk: bool,
    parallel: bool,
}

/// Counts in `ruleset` as `a` says. The game is an [`AnyGame`]: the counting code of
/// every ruleset is compiled in the library, once, not in this example.
fn run(ruleset: Ruleset, a: Args) -> Result<(), String> {
    let mut game = cli::game_at(ruleset, a.position.as_deref())?;
    if let Some(moves) = &a.moves {
        game.play_moves(moves).map_err(|e| e.to_string())?;
    }
    if a.divide {
        let start = Instant::now();
        let mut total = 0;
        for (mv, n) in game.divide(a.depth.max(1)) {
            println!("{mv} {n}");
            total += n;
        }
        println!("total {total} ({:.3} s)", start.elapsed().as_secs_f64());
        return Ok(());
    }
    for d in 1..=a.depth {
        let start = Instant::now();
        let n = if a.no_bulk {
            game.perft_without_bulk(d)
        } else if a.parallel {
            parallel(&game, d)
        } else {
            game.perft(d)
        };
        let t = start.elapsed().as_secs_f64();
        println!("{d} {n} {t:.3} s {:.0} nodes/s", n as f64 / t.max(1e-9));
    }
    Ok(())
}

/// `perft_parallel` with the feature `rayon`; without it, plain `perft` (and a note).
#[cfg(feature = "rayon")]
fn parallel(game: &AnyGame, depth: u32) -> u64 {
    game.perft_parallel(depth)
}

#[cfg(not(feature = "rayon"))]
fn parallel(game: &AnyGame, depth: u32) -> u64 {
    eprintln!("--parallel needs --features rayon: counting on one thread");
    game.perft(depth)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut ruleset = cli.ruleset.clone();
    let depth = match (ruleset.game.is_some(), cli.args.as_slice()) {
        (true, [depth]) => depth,
        (false, [name, depth]) => {
            ruleset.game = Some(name.clone());
            depth
        }
        (true, [_, _]) => {
            eprintln!("error: the ruleset is given twice (as --game and as an argument)");
            return ExitCode::from(2);
        }
        _ => {
            eprintln!("error: no ruleset: give --game NAME or the name before the depth");
            return ExitCode::from(2);
        }
    };
    let depth = match depth.parse() {
        Ok(d) => d,
        Err(_) => {
            eprintln!("error: the depth {depth:?} is not a whole number");
            return ExitCode::from(2);
        }
    };
    let ruleset = match ruleset.ruleset_or("") {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let args = Args {
        depth,
        moves: cli.moves,
        position: cli.position,
        divide: cli.divide,
        no_bulk: cli.no_bulk,
        parallel: cli.parallel,
    };
    match run(ruleset, args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// --position and --moves take every ruleset's start position text, Emergo's `- w 12/12` (which
    /// starts with `-`) too.
    #[test]
    fn text_options_take_the_crates_texts() {
        let command = Cli::command();
        cli::assert_takes_start_texts(&command, &["1"], "--position", "position", &["--divide"]);
        cli::assert_takes_start_texts(&command, &["1"], "--moves", "moves", &["--divide"]);
    }
}
