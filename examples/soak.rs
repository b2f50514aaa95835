//! Soak run: many seeded random games per ruleset with every invariant check on every
//! move (see `column_checkers::tools::soak` and `column_checkers::tools::invariants`).
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

use column_checkers::tools::registry::{rulesets_help, Ruleset, RulesetVisitor};
use column_checkers::tools::soak::{
    game_seed, soak_game, SoakFailure, SoakStats, DEFAULT_MAX_PLIES,
};
use column_checkers::{Checking, Counting};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

const USAGE: &str =
    "usage: soak [--games N] [--game NAME|all] [--seed S] [--max-plies N] [--seconds S]
            [--first N] [--threads T] [--replay SEED]

Plays N seeded random games per ruleset (default: 1000000 in all, split over the
rulesets) with the invariant checks on every move; reports games/s per ruleset and
exits with status 1 on a violation, printing the game seed and ply that reproduce it.
  --games N       games per ruleset
  --game NAME     one ruleset (see below) or all (default)
  --seed S        the run's seed (default 1); game i has seed game_seed(S, i)
  --max-plies N   stop a game unfinished after N plies (default 300)
  --seconds S     stop each ruleset after S seconds (the table says how many games)
  --first N       start at game number N (default 0): runs with --first 0 --games K
                  and --first K --games K play the same games as one run of 2K
  --threads T     play the games on T threads (default 1)
  --replay SEED   replay the game of that seed (needs --game NAME), printing its moves";

struct Run {
    games: u64,
    first: u64,
    threads: u64,
    seed: u64,
    max_plies: usize,
    seconds: Option<f64>,
}

impl RulesetVisitor for &Run {
    type Output = Result<(SoakStats, Duration), SoakFailure>;
    fn visit<P: Counting + Checking>(self) -> Self::Output {
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

impl RulesetVisitor for ReplayOne {
    type Output = bool;
    fn visit<P: Counting + Checking>(self) -> bool {
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

fn number(s: Option<String>) -> Result<u64, String> {
    let s = s.ok_or("missing number")?;
    let r = match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16),
        None => s.replace('_', "").parse(),
    };
    r.map_err(|_| format!("bad number {s:?}"))
}

fn main() -> ExitCode {
    let mut games = None;
    let mut game = "all".to_string();
    let mut seed = 1;
    let mut max_plies = DEFAULT_MAX_PLIES;
    let mut replay = None;
    let mut seconds = None;
    let mut first = 0;
    let mut threads = 1;
    let mut args = std::env::args().skip(1);
    let parsed: Result<(), String> = (|| {
        while let Some(a) = args.next() {
            match a.as_str() {
                "--games" => games = Some(number(args.next())?),
                "--game" => game = args.next().ok_or("missing ruleset name")?,
                "--seed" => seed = number(args.next())?,
                "--max-plies" => max_plies = number(args.next())? as usize,
                "--replay" => replay = Some(number(args.next())?),
                "--seconds" => seconds = Some(number(args.next())? as f64),
                "--first" => first = number(args.next())?,
                "--threads" => threads = number(args.next())?.clamp(1, 256),
                "-h" | "--help" => return Err(String::new()),
                other => return Err(format!("unknown argument {other:?}")),
            }
        }
        Ok(())
    })();
    if let Err(e) = parsed {
        if e.is_empty() {
            print!("{USAGE}\n{}", rulesets_help());
            return ExitCode::SUCCESS;
        }
        eprintln!("soak: {e}\n{USAGE}\n{}", rulesets_help());
        return ExitCode::from(2);
    }
    // every ruleset without options, or the one `--game` names (options after the
    // name: `--game "lasca --roundabout"`)
    let rulesets: Vec<Ruleset> = if game == "all" {
        Ruleset::ALL
            .iter()
            .copied()
            .filter(|r| r.options().is_empty())
            .collect()
    } else {
        match game.parse() {
            Ok(r) => vec![r],
            Err(e) => {
                eprintln!("soak: {e}");
                return ExitCode::from(2);
            }
        }
    };

    if let Some(seed) = replay {
        let [ruleset] = rulesets[..] else {
            eprintln!("soak: --replay needs one ruleset (--game NAME)");
            return ExitCode::from(2);
        };
        return if ruleset.visit(ReplayOne { seed, max_plies }) {
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
        match ruleset.visit(&run) {
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
