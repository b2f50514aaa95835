//! `column-checkers-player`: the computer player on the command line.
//!
//! ```text
//! column-checkers-player hub [--tt-mb N]          # the Hub protocol, international draughts
//! column-checkers-player match --game NAME [...]  # a match between two players
//! column-checkers-player tune --game NAME [...]   # fit the evaluation's weights
//! ```

use clap::{Parser, Subcommand, ValueEnum};
use column_checkers::tools::registry::{Ruleset, RulesetVisitor};
use column_checkers::{Checking, Counting, Introspect};
use column_checkers_player::baseline::default_depth;
use column_checkers_player::matches::{
    play_match, random_openings, read_openings, Contender, MatchConfig, Sprt, Verdict,
};
use column_checkers_player::Limits;
use std::io;
use std::process::ExitCode;
use std::time::{Duration, Instant};

mod tune_cmd;

/// The computer player of column-checkers.
#[derive(Parser, Debug)]
#[command(name = "column-checkers-player", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Speak the Hub protocol (version 2) on standard input and output, for
    /// international draughts
    Hub {
        /// The transposition table's size in megabytes
        #[arg(long, default_value_t = 64)]
        tt_mb: usize,
    },
    /// Play a match: the player against an opponent, each opening with both colours,
    /// every game written as PDN; the score, Elo with its 95 % interval, and an SPRT
    Match(Box<MatchArgs>),
    /// Fit the evaluation's weights to positions of the player's own games (Texel's
    /// method) and print them as Rust source for eval.rs
    Tune(Box<tune_cmd::TuneArgs>),
}

/// The opponents a match knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Opponent {
    /// The fixed-depth negamax the examples used (depth 4; 2 in Epaminondas and
    /// NeoCrossings unless --opponent-depth)
    Negamax,
    /// Uniformly random legal moves
    Random,
    /// This player again, with the --opponent-* limits
    Search,
}

#[derive(Parser, Debug)]
struct MatchArgs {
    /// The ruleset and its options, as one word list: "lasca --roundabout"
    #[arg(long, default_value = "emergo")]
    game: String,
    /// Openings file: one a line, moves in the ruleset's notation (# comments)
    #[arg(long, value_name = "FILE")]
    openings: Option<String>,
    /// Without a file: this many random openings
    #[arg(long, default_value_t = 10)]
    random_openings: usize,
    /// The random openings' length in plies
    #[arg(long, default_value_t = 4)]
    opening_plies: usize,
    /// The random openings' seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The player's time a move, in milliseconds
    #[arg(long)]
    time_ms: Option<u64>,
    /// The player's nodes a move
    #[arg(long)]
    nodes: Option<u64>,
    /// The player's depth a move
    #[arg(long)]
    depth: Option<u32>,
    /// The opponent
    #[arg(long, value_enum, default_value_t = Opponent::Negamax)]
    opponent: Opponent,
    /// The opponent's depth (negamax, search)
    #[arg(long)]
    opponent_depth: Option<u32>,
    /// The opponent's time a move in milliseconds (search)
    #[arg(long)]
    opponent_time_ms: Option<u64>,
    /// The opponent's nodes a move (search)
    #[arg(long)]
    opponent_nodes: Option<u64>,
    /// Plies after which a game is adjudicated a draw
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// The transposition table of each searching player, in megabytes
    #[arg(long, default_value_t = 16)]
    tt_mb: usize,
    /// Write the games to this PDN file
    #[arg(long, value_name = "FILE")]
    pdn: Option<String>,
    /// SPRT: stop when H0 (Elo elo0) or H1 (Elo elo1) is accepted, alpha = beta = 0.05
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"])]
    sprt: Option<Vec<f64>>,
    /// Print each game's result
    #[arg(long)]
    verbose: bool,
    /// The player's evaluation weights: tuned (the ruleset's), untuned (as first
    /// written) or a file of term=value pairs
    #[arg(long, default_value = "tuned")]
    weights: String,
    /// The opponent's weights (search), as --weights
    #[arg(long, default_value = "tuned")]
    opponent_weights: String,
}

struct RunMatch(MatchArgs);

impl RulesetVisitor for RunMatch {
    type Output = Result<(), String>;
    fn visit<P: Introspect + Counting + Checking>(self) -> Result<(), String> {
        let a = self.0;
        let openings = match &a.openings {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
                read_openings::<P>(&text).map_err(|e| format!("{path}: {e}"))?
            }
            None => random_openings::<P>(a.random_openings, a.opening_plies, a.seed),
        };
        if openings.is_empty() {
            return Err("no openings".into());
        }
        let mut first = Limits {
            depth: a.depth,
            nodes: a.nodes,
            time: a.time_ms.map(Duration::from_millis),
        };
        if first == Limits::default() {
            first.time = Some(Duration::from_millis(100));
        }
        let second = match a.opponent {
            Opponent::Negamax => {
                Contender::Negamax(a.opponent_depth.unwrap_or(default_depth(P::NAME)))
            }
            Opponent::Random => Contender::Random(a.seed),
            Opponent::Search => {
                let mut l = Limits {
                    depth: a.opponent_depth,
                    nodes: a.opponent_nodes,
                    time: a.opponent_time_ms.map(Duration::from_millis),
                };
                if l == Limits::default() {
                    l = first;
                }
                match a.opponent_weights.as_str() {
                    "tuned" => Contender::Search(l),
                    spec => Contender::SearchWith(l, tune_cmd::weights_of::<P>(spec)?),
                }
            }
        };
        let sprt = a.sprt.as_ref().map(|v| Sprt {
            elo0: v[0],
            elo1: v[1],
            alpha: 0.05,
            beta: 0.05,
        });
        let config = MatchConfig {
            first: match a.weights.as_str() {
                "tuned" => Contender::Search(first),
                spec => Contender::SearchWith(first, tune_cmd::weights_of::<P>(spec)?),
            },
            second,
            max_plies: a.max_plies,
            table_mb: a.tt_mb.max(1),
            sprt,
        };
        println!(
            "{}: {} against {}, {} openings with both colours",
            P::NAME,
            config.first.name(),
            config.second.name(),
            openings.len()
        );
        let start = Instant::now();
        let verbose = a.verbose;
        let report = play_match::<P>(&config, &openings, &mut |n, s| {
            if verbose {
                println!("game {n}: +{} ={} -{}", s.wins, s.draws, s.losses);
            }
        });
        if let Some(path) = &a.pdn {
            std::fs::write(path, &report.pdn).map_err(|e| format!("{path}: {e}"))?;
        }
        let s = report.score;
        let (elo, low, high) = s.elo_interval();
        println!(
            "games {}: +{} ={} -{}, score {:.1} % , Elo {:+.0} [{:+.0}, {:+.0}] (95 %), {:.0} s",
            s.games(),
            s.wins,
            s.draws,
            s.losses,
            100.0 * s.fraction(),
            elo,
            low,
            high,
            start.elapsed().as_secs_f64()
        );
        if let (Some(v), Some(t)) = (report.verdict, sprt) {
            let what = match v {
                Verdict::H1 => "H1 accepted",
                Verdict::H0 => "H0 accepted",
                Verdict::Continue => "undecided",
            };
            println!(
                "SPRT elo0 {} elo1 {}: {what} (LLR {:.2})",
                t.elo0,
                t.elo1,
                s.llr(t.elo0, t.elo1)
            );
        }
        Ok(())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Hub { tt_mb } => {
            column_checkers_player::hub::session(io::stdin().lock(), io::stdout(), tt_mb);
            ExitCode::SUCCESS
        }
        Command::Match(args) => {
            let ruleset: Ruleset = match args.game.parse() {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            };
            match ruleset.visit(RunMatch(*args)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Tune(args) => tune_cmd::run(*args),
    }
}
