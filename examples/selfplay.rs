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

#[path = "shared/cli.rs"]
mod cli;

use clap::{Parser, ValueEnum};
use cli::RulesetArgs;
use column_checkers::tools::registry::RulesetVisitor;
use column_checkers::tools::rng::SplitMix64;
use column_checkers::{Checking, Counting};
use column_checkers::{Game, MoveList};
use std::process::ExitCode;

/// Two simple computer players play a whole game: every move, the board every K plies
/// and at the end, and the outcome.
#[derive(Parser, Debug)]
#[command(name = "selfplay")]
struct Cli {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// The random seed: the same seed plays the same game
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Draw the board every K plies
    #[arg(long, value_name = "K", default_value_t = 20)]
    every: usize,
    /// The players' way of choosing a move
    #[arg(long, value_enum, default_value_t = Player::Greedy)]
    player: Player,
    /// Stop after this many plies
    #[arg(long, value_name = "N", default_value_t = 300)]
    max_plies: usize,
    /// Print only the outcome
    #[arg(long)]
    quiet: bool,
}

/// How the computer players choose their moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Player {
    /// An immediate win, else the move that leaves the opponent the fewest replies
    Greedy,
    /// Uniformly random legal moves
    Random,
}

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
    let cli = Cli::parse();
    let o = Options {
        seed: cli.seed,
        every: cli.every,
        greedy: cli.player == Player::Greedy,
        max_plies: cli.max_plies,
        quiet: cli.quiet,
    };
    match cli.ruleset.ruleset_or("emergo") {
        Ok(r) => {
            r.visit(SelfPlay(o));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
