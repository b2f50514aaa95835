//! Random playouts per second (uniformly random legal moves, to the end or 300 plies):
//!
//! ```text
//! cargo run --release --example bench_playouts -- [--game NAME] [GAMES] [ruleset options]
//! ```
//!
//! `--game` chooses the ruleset (default `emergo`), `GAMES` the number of games
//! (default 20 000). The criterion bench `emergo` measures the same for Emergo; this
//! prints games/s directly.
#[path = "shared/cli.rs"]
mod cli;

use clap::Parser;
use cli::RulesetArgs;
use column_checkers::any::RulesetVisitor;
use column_checkers::playout::{random_playout, SplitMix64};
use column_checkers::{MoveList, Position};
use std::process::ExitCode;
use std::time::Instant;

/// Random playouts per second: uniformly random legal moves, to the end or 300 plies.
#[derive(Parser, Debug)]
#[command(name = "bench_playouts")]
struct Cli {
    /// The number of games to play (`_` allowed: 20_000)
    #[arg(default_value = "20000", value_parser = games)]
    games: usize,
    #[command(flatten)]
    ruleset: RulesetArgs,
}

fn games(s: &str) -> Result<usize, String> {
    s.replace('_', "")
        .parse()
        .map_err(|_| format!("{s:?} is not a number of games"))
}

struct Bench(usize);

impl RulesetVisitor for Bench {
    type Output = ();
    fn visit<P: Position>(self) {
        let n = self.0;
        let mut rng = SplitMix64::new(1);
        let mut moves = MoveList::new();
        let start = P::start();
        let t = Instant::now();
        let mut plies = 0;
        for _ in 0..n {
            plies += random_playout(&start, &mut rng, 300, &mut moves).plies;
        }
        let s = t.elapsed().as_secs_f64().max(1e-9);
        println!(
            "{}: {n} games in {s:.3} s: {:.0} games/s, {:.1} plies/game, {:.0} plies/s",
            P::NAME,
            n as f64 / s,
            plies as f64 / n.max(1) as f64,
            plies as f64 / s
        );
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.ruleset.ruleset_or("emergo") {
        Ok(r) => {
            r.visit(Bench(cli.games));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
