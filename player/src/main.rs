//! `column-checkers-player`: the computer player on the command line.
//!
//! ```text
//! column-checkers-player hub [--game NAME] [--tt-mb N] [--tables DIR]  # the Hub protocol (any ruleset)
//! column-checkers-player dxp --listen ADDR | --connect ADDR [...]  # DamExchange
//! column-checkers-player match --game NAME [...]  # a match between two players
//! column-checkers-player tune --game NAME [...]   # fit the evaluation's weights
//! column-checkers-player ladder --game NAME [...] # the levels against each other
//! ```

use clap::{Parser, Subcommand, ValueEnum};
use column_checkers::{Introspect, Ruleset};
use column_checkers_player::baseline::default_depth;
use column_checkers_player::eval::Evaluate;
use column_checkers_player::matches::{
    play_match_with, random_openings, read_openings, Contender, MatchConfig, Sprt, Verdict,
};
use column_checkers_player::mcts::Leaf;
use column_checkers_player::ruleset;
use column_checkers_player::{Limits, Player};
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
    /// Speak the Hub protocol (version 2) on standard input and output: international
    /// draughts in Hub's notation, any other ruleset in the crate's position text and
    /// notation (`set-param name=variant value="lasca --roundabout"` changes it)
    Hub {
        /// The transposition table's size in megabytes
        #[arg(long, default_value_t = 64)]
        tt_mb: usize,
        /// The ruleset and its options, as one word list: "lasca --roundabout"
        #[arg(long, default_value = "international")]
        game: String,
        /// Endgame tables from DIR, as `examples/endgame.rs --save DIR` writes them:
        /// Emergo's tables, the draughts databases (each ruleset probes its own)
        #[cfg(feature = "solver")]
        #[arg(long, visible_alias = "databases", value_name = "DIR")]
        tables: Option<std::path::PathBuf>,
    },
    /// Play international draughts over DXP (DamExchange) on TCP: as follower with
    /// --listen, as initiator of a match with --connect
    Dxp(Box<DxpArgs>),
    /// Play a match: the player against an opponent, each opening with both colours,
    /// every game written as PDN; the score, Elo with its 95 % interval, and an SPRT
    Match(Box<MatchArgs>),
    /// Fit the evaluation's weights to positions of the player's own games (Texel's
    /// method) and print them as a weights file (player/weights/NAME.txt is one)
    Tune(Box<tune_cmd::TuneArgs>),
    /// Measure the levels against each other: level 1 against random play and level 3,
    /// each level against the one below, at node budgets; prints the table
    Ladder(Box<LadderArgs>),
}

#[derive(Parser, Debug)]
struct LadderArgs {
    /// The ruleset and its options, as one word list: "lasca --roundabout"
    #[arg(long, default_value = "emergo")]
    game: String,
    /// Random openings a rung plays, each with both colours
    #[arg(long, default_value_t = 20)]
    openings: usize,
    /// The random openings' length in plies
    #[arg(long, default_value_t = 4)]
    opening_plies: usize,
    /// The openings' seed (and the levels' chance)
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Level 10's nodes a move
    #[arg(long, default_value_t = 25_000)]
    full_nodes: u64,
    /// The lowest level whose rung against the one below is played (1: also level 1
    /// against random play and against level 3)
    #[arg(long, default_value_t = 1)]
    bottom: u8,
    /// The highest level whose rung against the one below is played
    #[arg(long, default_value_t = 10)]
    top: u8,
    /// Plies after which a game is adjudicated a draw
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// The transposition table of each player, in megabytes
    #[arg(long, default_value_t = 16)]
    tt_mb: usize,
    /// Only these rungs (of those from --bottom to --top): 1-random, 1-3, N-M with M
    /// one below N; repeated or comma-separated
    #[arg(long = "rung", value_delimiter = ',')]
    rungs: Vec<column_checkers_player::ladder::RungId>,
    /// The levels' settings read from this file (in the form of player/levels.txt)
    /// rather than the compiled-in ones
    #[arg(long, value_name = "FILE")]
    levels: Option<std::path::PathBuf>,
    /// Write the measured rungs into this ladder file's section of the ruleset (in the
    /// form of player/ladder.txt), keeping its other lines
    #[arg(long, value_name = "FILE")]
    write_measured: Option<std::path::PathBuf>,
}

struct RunLadder(LadderArgs);

impl ruleset::Visitor for RunLadder {
    type Output = Result<(), String>;
    fn visit<P: Introspect + Evaluate>(self) -> Result<(), String> {
        use column_checkers_player::ladder::{
            play_ladder, row, table, update_measured, LadderConfig,
        };
        let a = self.0;
        for (name, n) in [("--bottom", a.bottom), ("--top", a.top)] {
            column_checkers_player::Level::new(n).map_err(|e| format!("{name}: {e}"))?;
        }
        if let Some(path) = &a.levels {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("--levels {}: {e}", path.display()))?;
            column_checkers_player::level::use_levels(&text)
                .map_err(|e| format!("--levels {}: {e}", path.display()))?;
        }
        // the file is read before the matches too, so a wrong path costs no games, and
        // again after them, so that the other sections are the file's latest
        let read_measured = |path: &std::path::Path| {
            std::fs::read_to_string(path)
                .or_else(|e| match e.kind() {
                    io::ErrorKind::NotFound => Ok(String::new()),
                    _ => Err(e),
                })
                .map_err(|e| format!("--write-measured {}: {e}", path.display()))
        };
        if let Some(path) = &a.write_measured {
            read_measured(path)?;
        }
        let config = LadderConfig {
            openings: a.openings,
            opening_plies: a.opening_plies,
            seed: a.seed,
            full_nodes: a.full_nodes,
            max_plies: a.max_plies,
            table_mb: a.tt_mb.max(1),
            bottom: a.bottom,
            top: a.top,
            only: a.rungs.clone(),
        };
        println!(
            "{}: the ladder, {} openings of {} plies (seed {}) with both colours, level 10 at {} nodes",
            P::NAME,
            a.openings,
            a.opening_plies,
            a.seed,
            a.full_nodes
        );
        let start = Instant::now();
        let rungs = play_ladder::<P>(&config, &mut |_, r| {
            println!("{}  ({:.0} s)", row(r), start.elapsed().as_secs_f64());
        });
        println!("\n{}", table(&rungs));
        if let Some(path) = &a.write_measured {
            let text = read_measured(path)?;
            std::fs::write(path, update_measured(&text, P::NAME, &rungs))
                .map_err(|e| format!("--write-measured {}: {e}", path.display()))?;
            println!("the measured rungs written to {}", path.display());
        }
        Ok(())
    }
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
    /// Monte Carlo tree search (UCT) with the --opponent-* limits (nodes: iterations)
    Mcts,
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
    /// MCTS: value its leaves by random playouts of at most N plies (the default, 200)
    #[arg(long, value_name = "N")]
    mcts_playouts: Option<usize>,
    /// MCTS: value its leaves by the evaluation squashed to 0..1 at this scale
    /// (hundredths of a man worth a 73 % expectation) instead of playouts
    #[arg(long, value_name = "SCALE", conflicts_with = "mcts_playouts")]
    mcts_eval: Option<i32>,
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
    /// Endgame tables for each alpha-beta player of the match, from DIR as
    /// `examples/endgame.rs --save DIR` writes them: Emergo's tables, the draughts
    /// databases
    #[cfg(feature = "solver")]
    #[arg(long, visible_alias = "databases", value_name = "DIR")]
    tables: Option<std::path::PathBuf>,
    /// The player's evaluation weights: tuned (the ruleset's), untuned (as first
    /// written) or a file of term=value pairs
    #[arg(long, default_value = "tuned")]
    weights: String,
    /// The opponent's weights (search), as --weights
    #[arg(long, default_value = "tuned")]
    opponent_weights: String,
    /// The player's search options, over the ruleset's: option=0|1 pairs (probcut=1
    /// singular=0), or default
    #[arg(long, default_value = "default", value_name = "OPTIONS")]
    search: String,
    /// The opponent's search options (search), as --search
    #[arg(long, default_value = "default", value_name = "OPTIONS")]
    opponent_search: String,
}

/// What each alpha-beta player of a match is given before it plays.
type Adapt<P> = Box<dyn FnMut(Player<P>) -> Player<P>>;

/// The endgame tables in `dir` (`--tables`), when given: a missing or corrupt file is
/// an error that names it. What is loaded is said on standard error.
#[cfg(feature = "solver")]
fn load_tables(
    dir: Option<&std::path::Path>,
) -> Result<Option<column_checkers_player::tables::Tables>, String> {
    let Some(dir) = dir else {
        return Ok(None);
    };
    let t0 = Instant::now();
    let tables = column_checkers_player::tables::Tables::load(dir).map_err(|e| e.to_string())?;
    eprintln!(
        "endgame tables: {tables} ({}, {:.1} s)",
        dir.display(),
        t0.elapsed().as_secs_f64()
    );
    Ok(Some(tables))
}

/// The endgame tables of `--tables`, given to each alpha-beta player.
#[cfg(feature = "solver")]
fn tables_for<P: Evaluate>(a: &MatchArgs) -> Result<Adapt<P>, String>
where
    P::Move: column_checkers::MoveSquares,
{
    let Some(tables) = load_tables(a.tables.as_deref())? else {
        return Ok(Box::new(|p| p));
    };
    if P::tables_probe(&tables).is_none() {
        println!("endgame tables: none of {} loaded, played without", P::NAME);
    }
    Ok(Box::new(move |p| p.with_tables(&tables)))
}

#[cfg(not(feature = "solver"))]
fn tables_for<P: Evaluate>(_: &MatchArgs) -> Result<Adapt<P>, String> {
    Ok(Box::new(|p| p))
}

#[derive(Parser, Debug)]
struct DxpArgs {
    /// Listen on this address and answer game requests, one connection after another
    #[arg(long, value_name = "ADDR", conflicts_with = "connect")]
    listen: Option<String>,
    /// Connect to a DXP program listening at this address and ask it for the games
    #[arg(long, value_name = "ADDR")]
    connect: Option<String>,
    /// Initiator: openings, one FEN a line, each played with both colours (default: the start)
    #[arg(long, value_name = "FILE")]
    openings: Option<String>,
    /// Initiator: play only the first N openings
    #[arg(long)]
    games: Option<usize>,
    /// Initiator: each side's thinking time for a game, in minutes (0: none)
    #[arg(long, default_value_t = 0)]
    minutes: u32,
    /// Initiator: the moves of the time control (0: no limit)
    #[arg(long, default_value_t = 0)]
    moves: u32,
    /// The player's time a move in milliseconds (default: a share of the game's time)
    #[arg(long)]
    time_ms: Option<u64>,
    /// The player's nodes a move
    #[arg(long)]
    nodes: Option<u64>,
    /// Initiator: plies after which the player ends a game (counted a draw)
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// The transposition table in megabytes
    #[arg(long, default_value_t = 64)]
    tt_mb: usize,
    /// Write the games to this PDN file
    #[arg(long, value_name = "FILE")]
    pdn: Option<String>,
    /// Write every message sent and received to this file
    #[arg(long, value_name = "FILE")]
    log: Option<String>,
    /// Follower: stop after the first connection ends
    #[arg(long)]
    once: bool,
    /// The database of international draughts from DIR, as `examples/endgame.rs
    /// international --save DIR` writes it
    #[cfg(feature = "solver")]
    #[arg(long, visible_alias = "databases", value_name = "DIR")]
    tables: Option<std::path::PathBuf>,
}

fn run_dxp(a: &DxpArgs) -> Result<(), String> {
    use column_checkers_player::dxp::{self, GameResult, Request, Settings};
    use std::net::{TcpListener, TcpStream};
    let per_move = (a.time_ms.is_some() || a.nodes.is_some()).then(|| Limits {
        depth: None,
        nodes: a.nodes,
        time: a.time_ms.map(Duration::from_millis),
    });
    let settings = Settings {
        table_mb: a.tt_mb.max(1),
        per_move,
        max_plies: a.max_plies,
        #[cfg(feature = "solver")]
        tables: load_tables(a.tables.as_deref())?.unwrap_or_default(),
        ..Settings::default()
    };
    #[cfg(feature = "solver")]
    if a.tables.is_some() && settings.tables.international.is_none() {
        eprintln!("endgame tables: no database of international draughts, played without");
    }
    let log = || -> Result<Option<Box<dyn io::Write + Send>>, String> {
        match &a.log {
            None => Ok(None),
            Some(path) => std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map(|f| Some(Box::new(f) as Box<dyn io::Write + Send>))
                .map_err(|e| format!("{path}: {e}")),
        }
    };
    let mut pdn = String::new();
    if let Some(addr) = &a.connect {
        let mut openings = match &a.openings {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
                dxp::read_fen_openings(&text).map_err(|e| format!("{path}: {e}"))?
            }
            None => {
                vec![<column_checkers::InternationalDraughts as column_checkers::Position>::start()]
            }
        };
        if let Some(n) = a.games {
            openings.truncate(n);
        }
        let stream = TcpStream::connect(addr).map_err(|e| format!("{addr}: {e}"))?;
        let request = Request {
            openings,
            minutes: a.minutes,
            moves: a.moves,
        };
        let name = settings.name.clone();
        let start = Instant::now();
        let (games, s) = dxp::initiate(stream, &settings, &request, log()?, &mut |n, g, s| {
            let result = match g.result {
                Some(GameResult::Win) => "won",
                Some(GameResult::Loss) => "lost",
                Some(GameResult::Draw) => "drawn",
                None => "ended (counted a draw)",
            };
            println!(
                "game {n} ({} with {:?}, {} plies): {result}; +{} ={} -{}",
                g.opponent,
                g.color,
                g.game.moves().len(),
                s.wins,
                s.draws,
                s.losses
            );
        })
        .map_err(|e| format!("{addr}: {e}"))?;
        for (i, g) in games.iter().enumerate() {
            pdn.push_str(&g.pdn(&name, i + 1));
            pdn.push('\n');
        }
        let (elo, low, high) = s.elo_interval();
        println!(
            "games {}: +{} ={} -{}, score {:.1} %, Elo {:+.0} [{:+.0}, {:+.0}] (95 %), {:.0} s",
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
    } else {
        let addr = a
            .listen
            .clone()
            .unwrap_or_else(|| format!("127.0.0.1:{}", dxp::DEFAULT_PORT));
        let listener = TcpListener::bind(&addr).map_err(|e| format!("{addr}: {e}"))?;
        eprintln!("listening on {addr}");
        for stream in listener.incoming() {
            let stream = stream.map_err(|e| format!("{addr}: {e}"))?;
            match dxp::follow(stream, &settings, log()?) {
                Ok(games) => {
                    for (i, g) in games.iter().enumerate() {
                        pdn.push_str(&g.pdn(&settings.name, i + 1));
                        pdn.push('\n');
                    }
                    eprintln!("{} games played", games.len());
                }
                Err(e) => eprintln!("connection: {e}"),
            }
            if a.once {
                break;
            }
        }
    }
    if let Some(path) = &a.pdn {
        std::fs::write(path, pdn).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(())
}

struct RunMatch(MatchArgs);

/// The alpha-beta player of a match with the weights and the search options its
/// arguments name.
fn searcher<P: Evaluate>(
    limits: Limits,
    weights: &str,
    (flag, options): (&str, &str),
) -> Result<Contender, String> {
    let options = P::search_options()
        .with(options)
        .map_err(|e| format!("{flag} {options:?}: {e}"))?;
    Ok(match weights {
        "tuned" if options == P::search_options() => Contender::Search(limits),
        spec => Contender::SearchWith(limits, tune_cmd::weights_of::<P>(spec)?, options),
    })
}

impl ruleset::Visitor for RunMatch {
    type Output = Result<(), String>;
    fn visit<P: Introspect + Evaluate>(self) -> Result<(), String> {
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
            Opponent::Search | Opponent::Mcts => {
                let mut l = Limits {
                    depth: a.opponent_depth,
                    nodes: a.opponent_nodes,
                    time: a.opponent_time_ms.map(Duration::from_millis),
                };
                if l == Limits::default() {
                    l = first;
                }
                if a.opponent == Opponent::Mcts {
                    let leaf = match (a.mcts_eval, a.mcts_playouts) {
                        (Some(scale), _) => Leaf::Eval { scale },
                        (None, Some(max_plies)) => Leaf::Playout { max_plies },
                        (None, None) => Leaf::default(),
                    };
                    Contender::Mcts(l, leaf)
                } else {
                    searcher::<P>(
                        l,
                        &a.opponent_weights,
                        ("--opponent-search", &a.opponent_search),
                    )?
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
            first: searcher::<P>(first, &a.weights, ("--search", &a.search))?,
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
        let mut adapt = tables_for::<P>(&a)?;
        let report = play_match_with::<P>(&config, &openings, &mut adapt, &mut |n, s| {
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
        Command::Hub {
            tt_mb,
            game,
            #[cfg(feature = "solver")]
            tables,
        } => {
            let ruleset = match game.parse::<Ruleset>() {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            };
            #[cfg(feature = "solver")]
            {
                let tables = match load_tables(tables.as_deref()) {
                    Ok(t) => t.unwrap_or_default(),
                    Err(e) => {
                        eprintln!("error: {e}");
                        return ExitCode::FAILURE;
                    }
                };
                column_checkers_player::hub::session_with_tables(
                    ruleset,
                    io::stdin().lock(),
                    io::stdout(),
                    tt_mb,
                    &tables,
                );
            }
            #[cfg(not(feature = "solver"))]
            column_checkers_player::hub::session_for(
                ruleset,
                io::stdin().lock(),
                io::stdout(),
                tt_mb,
            );
            ExitCode::SUCCESS
        }
        Command::Dxp(args) => match run_dxp(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Match(args) => {
            let ruleset: Ruleset = match args.game.parse() {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            };
            match ruleset::visit(ruleset, RunMatch(*args)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Tune(args) => tune_cmd::run(*args),
        Command::Ladder(args) => match args.game.parse::<Ruleset>() {
            Ok(ruleset) => match ruleset::visit(ruleset, RunLadder(*args)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            },
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
    }
}
