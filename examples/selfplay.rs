//! Self-play: two simple computer players play a whole game.
//!
//! ```text
//! cargo run --release --example selfplay -- [--game emergo] [--seed N] [--every K]
//!     [--player greedy|random] [--max-plies N] [--quiet] [ruleset options]
//! ```
//!
//! Prints every move, the board every K plies and at the end, and the outcome. The
//! `greedy` player (default) takes an immediate win, otherwise the move that leaves
//! the opponent the fewest replies; `random` plays uniformly random legal moves.

use column_checkers::tools::registry::{dispatch, rulesets_help, RulesetVisitor};
use column_checkers::{Checking, Counting};
use column_checkers::{Game, MoveList, SplitMix64};
use std::process::ExitCode;

const USAGE: &str = "usage: selfplay [--game NAME] [--seed N] [--every K] [--player greedy|random] [--max-plies N] [--quiet] [ruleset options]";

struct Options {
    seed: u64,
    every: usize,
    greedy: bool,
    max_plies: usize,
    quiet: bool,
}

struct SelfPlay(Options);

/// The greedy player's choice: a move that ends the game in the mover's favour, else
/// one leaving the opponent the fewest legal moves (ties broken at random).
fn greedy<P: Counting + Checking>(pos: &P, moves: &[P::Move], rng: &mut SplitMix64) -> P::Move {
    let me = pos.turn();
    let mut best = Vec::new();
    let mut best_score = i64::MIN;
    for m in moves {
        let mut next = pos.clone();
        next.play_unchecked(m);
        let score = match next.outcome() {
            Some(o) if o.winner() == Some(me) => i64::MAX,
            Some(o) if o.winner().is_some() => i64::MIN + 1,
            Some(_) => 0,
            None => -(next.count_legal_moves() as i64),
        };
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(*m);
        }
    }
    best[rng.below(best.len())]
}

impl RulesetVisitor for SelfPlay {
    type Output = ();

    fn visit<P: Counting + Checking>(self) {
        let o = self.0;
        let mut rng = SplitMix64::new(o.seed);
        let mut game = Game::new(P::start());
        let mut moves = MoveList::new();
        println!("{} self-play, seed {}\n", P::NAME, o.seed);
        let mut line = String::new();
        while game.outcome().is_none() && game.moves().len() < o.max_plies {
            let pos = game.position().clone();
            pos.legal_moves(&mut moves);
            let mv = if o.greedy {
                greedy(&pos, &moves, &mut rng)
            } else {
                moves[rng.below(moves.len())]
            };
            game.play(&mv).expect("a legal move plays");
            let ply = game.moves().len();
            if !o.quiet {
                if ply % 2 == 1 {
                    line = format!("{:>3}. {mv}", ply.div_ceil(2));
                } else {
                    println!("{line:<24} {mv}");
                    line.clear();
                }
                if o.every > 0 && ply % o.every == 0 {
                    if !line.is_empty() {
                        println!("{line}");
                        line.clear();
                    }
                    println!("\n{:#}", game.position());
                }
            }
        }
        if !line.is_empty() {
            println!("{line}");
        }
        println!(
            "\nfinal position after {} plies: {}\n{:#}",
            game.moves().len(),
            game.position(),
            game.position()
        );
        match game.outcome() {
            Some(outcome) => println!("{outcome}"),
            None => println!("unfinished: stopped at the limit of {} plies", o.max_plies),
        }
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut game = "emergo".to_string();
    let mut options = Vec::new();
    let mut o = Options {
        seed: 1,
        every: 20,
        greedy: true,
        max_plies: 300,
        quiet: false,
    };
    let number = |v: Option<String>, what: &str| -> Result<u64, String> {
        v.as_deref()
            .and_then(|s| s.parse().ok())
            .ok_or(format!("{what} needs a number"))
    };
    while let Some(a) = args.next() {
        let r = match a.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}\n{}", rulesets_help());
                return ExitCode::SUCCESS;
            }
            "--game" => {
                game = args.next().unwrap_or_default();
                Ok(())
            }
            "--seed" => number(args.next(), "--seed").map(|n| o.seed = n),
            "--every" => number(args.next(), "--every").map(|n| o.every = n as usize),
            "--max-plies" => number(args.next(), "--max-plies").map(|n| o.max_plies = n as usize),
            "--quiet" => {
                o.quiet = true;
                Ok(())
            }
            "--player" => match args.next().as_deref() {
                Some(p @ ("greedy" | "random")) => {
                    o.greedy = p == "greedy";
                    Ok(())
                }
                _ => Err("--player is greedy or random".to_string()),
            },
            s if s.starts_with("--") => {
                options.push(a.clone());
                Ok(())
            }
            _ => Err(format!("unexpected argument {a:?}")),
        };
        if let Err(e) = r {
            eprintln!("error: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    match dispatch(&game, &options, SelfPlay(o)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
