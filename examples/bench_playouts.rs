//! Random playouts per second (uniformly random legal moves, to the end or 300 plies):
//!
//! ```text
//! cargo run --release --example bench_playouts -- [--game NAME] [GAMES] [ruleset options]
//! ```
//!
//! `--game` chooses the ruleset (default `emergo`), `GAMES` the number of games
//! (default 20 000). The criterion bench `emergo` measures the same for Emergo; this
//! prints games/s directly.
use column_checkers::tools::registry::{dispatch, rulesets_help, RulesetVisitor};
use column_checkers::{random_playout, MoveList, SplitMix64};
use column_checkers::{Checking, Counting};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str =
    "usage: bench_playouts [--game NAME] [GAMES] [ruleset options]\n  GAMES  games to play (default 20000)";

struct Bench(usize);

impl RulesetVisitor for Bench {
    type Output = ();
    fn visit<P: Counting + Checking>(self) {
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
    let mut game = "emergo".to_string();
    let mut games = 20_000;
    let mut options = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}\n{}", rulesets_help());
                return ExitCode::SUCCESS;
            }
            "--game" => match args.next() {
                Some(g) => game = g,
                None => {
                    eprintln!("error: --game needs a name\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            o if o.starts_with("--") => options.push(a.clone()),
            n => match n.replace('_', "").parse() {
                Ok(n) => games = n,
                Err(_) => {
                    eprintln!("error: unexpected argument {n:?}\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
        }
    }
    match dispatch(&game, &options, Bench(games)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
