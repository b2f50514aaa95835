//! Soak run: many seeded random games per ruleset with every invariant check on every
//! move (see `column_checkers_testkit::soak` and `column_checkers_testkit::invariants`).
//!
//! ```text
//! cargo run --release --example soak -- [--games N] [--game NAME|all] [--seed S]
//!     [--max-plies N] [--seconds S] [--first N] [--threads T] [--replay SEED]
//! ```
//!
//! `--games N` games per ruleset (default: one million in all, split over the
//! rulesets); `--game` one ruleset of the registry (with its options after the name:
//! `--game "lasca --roundabout"`) or `all` (default, the rulesets without options); `--seed` the
//! run's seed (default 1); `--max-plies` the ply limit of a game (default 300);
//! `--seconds S` stops each ruleset after S seconds with the games played so far;
//! `--first N` numbers the games from N (game `i` has seed `game_seed(S, i)`), so one
//! soak can be split into runs on several cores or days; `--threads T` plays the games
//! on T threads;
//! `--replay SEED` replays the one game of that seed (with `--game NAME`) and prints
//! its moves. Prints games/s per ruleset; on a violation, prints it with the game's
//! seed, the ply and the position, and exits with status 1.

use clap::Parser;
use column_checkers::any::rulesets_help;
use column_checkers::Ruleset;
use column_checkers_testkit::soak::{
    game_seed, soak_game, SoakFailure, SoakStats, DEFAULT_MAX_PLIES,
};
use column_checkers_testkit::{visit, Checking, CheckingVisitor};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Plays N seeded random games per ruleset (default: 1000000 in all, split over the
/// rulesets) with the invariant checks on every move; reports games/s per ruleset and
/// exits with status 1 on a violation, printing the game seed and ply that reproduce
/// it.
#[derive(Parser, Debug)]
#[command(name = "soak", after_help = rulesets_help())]
struct Cli {
    /// Games per ruleset (`_` allowed)
    #[arg(long, value_parser = number)]
    games: Option<u64>,
    /// One ruleset with its options ("lasca --roundabout"), or all (the rulesets without options)
    #[arg(long, value_name = "NAME|all", default_value = "all", value_parser = rulesets)]
    game: Rulesets,
    /// The run's seed; game i has seed game_seed(S, i)
    #[arg(long, value_name = "S", default_value = "1", value_parser = number)]
    seed: u64,
    /// Stop a game unfinished after N plies
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_PLIES)]
    max_plies: usize,
    /// Stop each ruleset after S seconds (the table says how many games were played)
    #[arg(long, value_name = "S")]
    seconds: Option<f64>,
    /// Start at game number N: runs with --first 0 --games K and --first K --games K
    /// play the same games as one run of 2K
    #[arg(long, value_name = "N", default_value = "0", value_parser = number)]
    first: u64,
    /// Play the games on T threads
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
    /// Replay the game of that seed (needs --game NAME), printing its moves
    #[arg(long, value_name = "SEED", value_parser = number)]
    replay: Option<u64>,
}

/// The rulesets `--game` names.
#[derive(Clone, Debug)]
struct Rulesets(Vec<Ruleset>);

fn rulesets(s: &str) -> Result<Rulesets, String> {
    if s.eq_ignore_ascii_case("all") {
        return Ok(Rulesets(
            Ruleset::ALL
                .iter()
                .copied()
                .filter(|r| r.options().is_empty())
                .collect(),
        ));
    }
    s.parse::<Ruleset>()
        .map(|r| Rulesets(vec![r]))
        .map_err(|e| e.to_string())
}

struct Run {
    games: u64,
    first: u64,
    threads: u64,
    seed: u64,
    max_plies: usize,
    seconds: Option<f64>,
}

impl CheckingVisitor for &Run {
    type Output = Result<(SoakStats, Duration), SoakFailure>;
    fn visit<P: Checking>(self) -> Self::Output {
        let t = Instant::now();
        let stop = AtomicBool::new(false);
        let played = AtomicU64::new(0);
        // thread k plays games first + k, first + k + threads, ...
        let share = |k: u64| -> Result<SoakStats, SoakFailure> {
            let mut stats = SoakStats {
                ruleset: P::NAME,
                ..SoakStats::default()
            };
            let mut report = Instant::now();
            let mut i = k;
            while i < self.games && !stop.load(Ordering::Relaxed) {
                let run = soak_game::<P>(game_seed(self.seed, self.first + i), self.max_plies);
                match run {
                    Ok(run) => stats.add(&run),
                    Err(f) => {
                        stop.store(true, Ordering::Relaxed);
                        return Err(f);
                    }
                }
                let total = played.fetch_add(1, Ordering::Relaxed) + 1;
                if self.seconds.is_some_and(|s| t.elapsed().as_secs_f64() >= s) {
                    stop.store(true, Ordering::Relaxed);
                }
                if k == 0 && report.elapsed() > Duration::from_secs(30) {
                    report = Instant::now();
                    eprintln!(
                        "  {}: {} games, {:.0} games/s",
                        P::NAME,
                        total,
                        total as f64 / t.elapsed().as_secs_f64()
                    );
                }
                i += self.threads;
            }
            Ok(stats)
        };
        let shares: Vec<Result<SoakStats, SoakFailure>> = std::thread::scope(|scope| {
            let share = &share;
            let handles: Vec<_> = (0..self.threads)
                .map(|k| scope.spawn(move || share(k)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        let mut stats = SoakStats {
            ruleset: P::NAME,
            ..SoakStats::default()
        };
        for share in shares {
            stats.merge(&share?);
        }
        Ok((stats, t.elapsed()))
    }
}

struct ReplayOne {
    seed: u64,
    max_plies: usize,
}

impl CheckingVisitor for ReplayOne {
    type Output = bool;
    fn visit<P: Checking>(self) -> bool {
        match soak_game::<P>(self.seed, self.max_plies) {
            Ok(run) => {
                println!(
                    "{}: game seed {:#x}: {} plies, {}",
                    P::NAME,
                    self.seed,
                    run.plies,
                    run.outcome
                        .map_or_else(|| "unfinished".to_string(), |o| o.to_string())
                );
                true
            }
            Err(f) => {
                println!("moves: {}", f.moves.join(" "));
                println!("VIOLATION {f}");
                false
            }
        }
    }
}

fn number(s: &str) -> Result<u64, String> {
    let r = match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16),
        None => s.replace('_', "").parse(),
    };
    r.map_err(|_| format!("bad number {s:?}"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (games, seed, max_plies, replay, seconds, first, threads) = (
        cli.games,
        cli.seed,
        cli.max_plies,
        cli.replay,
        cli.seconds,
        cli.first,
        cli.threads,
    );
    let rulesets = cli.game.0;

    if let Some(seed) = replay {
        let [ruleset] = rulesets[..] else {
            eprintln!("soak: --replay needs one ruleset (--game NAME)");
            return ExitCode::from(2);
        };
        return if visit(ruleset, ReplayOne { seed, max_plies }) {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }

    let games = games.unwrap_or(1_000_000 / rulesets.len() as u64);
    let run = Run {
        games,
        first,
        threads,
        seed,
        max_plies,
        seconds,
    };
    println!(
        "soak: {games} games per ruleset (numbers {first} to {}), seed {seed}, at most \
         {max_plies} plies a game, {threads} thread(s)",
        first + games.max(1) - 1
    );
    let mut failed = false;
    for ruleset in rulesets {
        match visit(ruleset, &run) {
            Ok((s, t)) => println!(
                "{:<15} {:>9} games {:>11} plies  0 violations  {:>8.1} s  {:>9.1} games/s  \
                 (white {}, black {}, draws {}, unfinished {})",
                s.ruleset,
                s.games,
                s.plies,
                t.as_secs_f64(),
                s.games as f64 / t.as_secs_f64().max(1e-9),
                s.white_wins,
                s.black_wins,
                s.draws,
                s.unfinished
            ),
            Err(f) => {
                println!("VIOLATION {f}");
                println!("moves: {}", f.moves.join(" "));
                println!(
                    "reproduce: cargo run --release --example soak -- --game \"{ruleset}\" --replay {:#x} --max-plies {max_plies}",
                    f.seed
                );
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
