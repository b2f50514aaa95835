//! Self-play: two simple computer players play a whole game.
//!
//! ```text
//! cargo run --release --example selfplay -- [--game emergo] [--seed N] [--every K]
//!     [--player greedy|random|search] [--time SECONDS] [--nodes N] [--max-plies N]
//!     [--quiet] [ruleset options]
//! ```
//!
//! Prints every move, the board every K plies and at the end, and the outcome. The
//! `greedy` player (default) takes an immediate win, otherwise the move that leaves
//! the opponent the fewest replies; `random` plays uniformly random legal moves;
//! `search` is the workspace's player (`player/`), within `--time` seconds or
//! `--nodes` nodes a move (either one chooses it; 10 000 nodes by default, so that a
//! seed replays the same game).

#[path = "shared/cli.rs"]
mod cli;

use clap::{Parser, ValueEnum};
use cli::RulesetArgs;
use column_checkers::playout::SplitMix64;
use column_checkers::{Game, Introspect, MoveList, Position};
use column_checkers_player::eval::Evaluate;
use column_checkers_player::{ruleset, Limits};
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
    /// The players' way of choosing a move (greedy, or search with --time or --nodes)
    #[arg(long, value_enum)]
    player: Option<Player>,
    /// The search players' time a move, in seconds
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time: Option<f64>,
    /// The search players' nodes a move
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
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
    /// The workspace's player: iterative deepening alpha-beta
    Search,
}

/// A time in seconds: a finite number, not negative, at most a day.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..=86_400.0).contains(&s) => Ok(s),
        _ => Err(format!(
            "{text:?} is not a number of seconds from 0 to 86400"
        )),
    }
}

struct Options {
    seed: u64,
    every: usize,
    player: Player,
    limits: Limits,
    max_plies: usize,
    quiet: bool,
}

struct SelfPlay(Options);

/// The greedy player's choice: a move that ends the game in the mover's favour, else
/// one leaving the opponent the fewest legal moves (ties broken at random).
fn greedy<P: Position>(pos: &P, moves: &[P::Move], rng: &mut SplitMix64) -> P::Move {
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

impl ruleset::Visitor for SelfPlay {
    type Output = ();

    fn visit<P: Introspect + Evaluate>(self) {
        let o = self.0;
        let mut rng = SplitMix64::new(o.seed);
        let mut game = Game::new(P::start());
        let mut searcher = column_checkers_player::Player::<P>::new(16);
        let mut history = Vec::new();
        let mut moves = MoveList::new();
        println!("{} self-play, seed {}\n", P::NAME, o.seed);
        let mut line = String::new();
        while game.outcome().is_none() && game.moves().len() < o.max_plies {
            let pos = game.position().clone();
            pos.legal_moves(&mut moves);
            let mv = match o.player {
                Player::Greedy => greedy(&pos, &moves, &mut rng),
                Player::Random => moves[rng.below(moves.len())],
                Player::Search => searcher
                    .search(&pos, &history, o.limits, &mut |_| {})
                    .best
                    .expect("a game not over has a move"),
            };
            history.push(pos.zobrist());
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
        player: cli
            .player
            .unwrap_or(if cli.time.is_some() || cli.nodes.is_some() {
                Player::Search
            } else {
                Player::Greedy
            }),
        limits: match (cli.time, cli.nodes) {
            (None, None) => Limits::nodes(10_000),
            (t, n) => Limits {
                time: t.map(std::time::Duration::from_secs_f64),
                nodes: n,
                depth: None,
            },
        },
        max_plies: cli.max_plies,
        quiet: cli.quiet,
    };
    match cli.ruleset.ruleset_or("emergo") {
        Ok(r) => {
            ruleset::visit(r, SelfPlay(o));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
