//! Perft: counts the move tree of a ruleset to a depth.
//!
//! ```text
//! cargo run --release --example perft -- --game <ruleset> <depth> [--moves "<m1> <m2> ..."]
//!     [--position "<text>"] [--divide] [--no-bulk] [--parallel] [ruleset options]
//! cargo run --release --example perft -- <ruleset> <depth> ...
//! ```
//!
//! The ruleset is chosen with `--game NAME`, as in the other examples, or as the first
//! argument.
//!
//! Prints `depth nodes time nodes/s` for each depth 1..=depth, or with `--divide` one
//! line `<move> <count>` per legal move at the given depth, then the total.
//! `--no-bulk` plays every move of the last ply too (no bulk counting); `--parallel`
//! uses `perft_parallel` (build with `--features rayon`).

use column_checkers::tools::registry::{dispatch, rulesets_help, RulesetVisitor};
use column_checkers::{divide, perft, perft_without_bulk};
use column_checkers::{Checking, Counting};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: perft --game <ruleset> <depth> [--moves \"<m1> <m2> ...\"] [--position \"<text>\"] [--divide] [--no-bulk] [--parallel] [ruleset options]
       perft <ruleset> <depth> [...]   (the ruleset as the first argument)";

struct Args {
    depth: u32,
    moves: Option<String>,
    position: Option<String>,
    divide: bool,
    no_bulk: bool,
    parallel: bool,
}

struct Run(Args);

impl RulesetVisitor for Run {
    type Output = Result<(), String>;

    fn visit<P: Counting + Checking>(self) -> Result<(), String> {
        let a = self.0;
        let mut pos = match &a.position {
            Some(text) => text
                .parse::<P>()
                .map_err(|e| format!("--position {text:?}: {e}"))?,
            None => P::start(),
        };
        if let Some(moves) = &a.moves {
            for (i, m) in moves.split_whitespace().enumerate() {
                let mv = pos
                    .parse_move(m)
                    .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
                pos.play_unchecked(&mv);
            }
        }
        if a.divide {
            let start = Instant::now();
            let mut total = 0;
            for (mv, n) in divide(&pos, a.depth.max(1)) {
                println!("{mv} {n}");
                total += n;
            }
            println!("total {total} ({:.3} s)", start.elapsed().as_secs_f64());
            return Ok(());
        }
        for d in 1..=a.depth {
            let start = Instant::now();
            let n = if a.no_bulk {
                perft_without_bulk(&pos, d)
            } else if a.parallel {
                parallel(&pos, d)
            } else {
                perft(&pos, d)
            };
            let t = start.elapsed().as_secs_f64();
            println!("{d} {n} {t:.3} s {:.0} nodes/s", n as f64 / t.max(1e-9));
        }
        Ok(())
    }
}

/// `perft_parallel` with the feature `rayon`; without it, plain `perft` (and a note).
#[cfg(feature = "rayon")]
fn parallel<P: Counting + Checking>(pos: &P, depth: u32) -> u64 {
    column_checkers::perft_parallel(pos, depth)
}

#[cfg(not(feature = "rayon"))]
fn parallel<P: Counting + Checking>(pos: &P, depth: u32) -> u64 {
    eprintln!("--parallel needs --features rayon: counting on one thread");
    perft(pos, depth)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut positional = Vec::new();
    let mut game: Option<String> = None;
    let mut options = Vec::new();
    let mut parsed = Args {
        depth: 0,
        moves: None,
        position: None,
        divide: false,
        no_bulk: false,
        parallel: false,
    };
    while let Some(a) = args.next() {
        match a.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}\n{}", rulesets_help());
                return ExitCode::SUCCESS;
            }
            "--game" => game = args.next(),
            "--moves" => parsed.moves = args.next(),
            "--position" => parsed.position = args.next(),
            "--divide" => parsed.divide = true,
            "--no-bulk" => parsed.no_bulk = true,
            "--parallel" => parsed.parallel = true,
            o if o.starts_with("--") => options.push(o.to_string()),
            _ => positional.push(a),
        }
    }
    let (ruleset, depth) = match (&game, positional.as_slice()) {
        (Some(g), [depth]) => (g, depth),
        (None, [ruleset, depth]) => (ruleset, depth),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    parsed.depth = match depth.parse() {
        Ok(d) => d,
        Err(_) => {
            eprintln!("bad depth {depth:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match dispatch(ruleset, &options, Run(parsed)) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
