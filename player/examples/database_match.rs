//! The player with a draughts database against the same player without it, on random
//! positions of a few pieces more than the database holds: each position played twice,
//! the player with the database White, then Black, to the end of the game (or a draw
//! at `--max-plies`). The score is the player with the database's, with its Elo and 95 %
//! interval.
//!
//! ```text
//! cargo run --release -p column-checkers-player --features solver --example database_match -- \
//!     --game russian --databases DIR [--positions N] [--pieces MIN MAX] [--nodes N] \
//!     [--seed S] [--margin HUNDREDTHS] [--max-plies N] [--verbose]
//! ```
//!
//! The positions: a material of MIN to MAX pieces (by default one and two past the
//! database), the sides' pieces differing by at most one, each side with at most one
//! king; a uniformly random placement of it, White to move, kept when no capture is
//! pending, the game is on and the player without the database (at a tenth of the
//! nodes) scores it within `--margin` (one man) of equal. The games are played by the rules, the
//! counted draws included (the databases' values leave them out).

use std::path::PathBuf;
use std::time::Instant;

use clap::{Parser, ValueEnum};
use column_checkers::custom::CheckersPosition;
use column_checkers::games::{BrazilianRules, InternationalRules, RussianRules};
use column_checkers::playout::SplitMix64;
use column_checkers::solver::{Database, DraughtsRules, Material};
use column_checkers::{Color, Game, MoveList, Position};
use column_checkers_player::eval::EvaluateRules;
use column_checkers_player::matches::Score;
use column_checkers_player::tables::Tables;
use column_checkers_player::{game_history, Limits, Player};

/// The draughts games with a database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Rules {
    International,
    Russian,
    Brazilian,
}

/// The player with a draughts database against the player without it.
#[derive(Parser, Debug)]
struct Args {
    /// The ruleset
    #[arg(long, value_enum, default_value_t = Rules::Russian)]
    game: Rules,
    /// The databases' directory, as `examples/endgame.rs --save DIR` writes it
    #[arg(long, visible_alias = "tables", value_name = "DIR")]
    databases: PathBuf,
    /// Start positions (each played with both colours)
    #[arg(long, default_value_t = 60)]
    positions: usize,
    /// The start positions' pieces, at least and at most (default: one and two past
    /// the database)
    #[arg(long, num_args = 2, value_names = ["MIN", "MAX"])]
    pieces: Option<Vec<u32>>,
    /// Each player's nodes a move
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// The positions' seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Keep the positions the player without the database scores within this many
    /// hundredths of a man of equal (at a tenth of the nodes)
    #[arg(long, default_value_t = 100)]
    margin: i32,
    /// Plies after which a game is a draw
    #[arg(long, default_value_t = 200)]
    max_plies: usize,
    /// Each player's transposition table, in megabytes
    #[arg(long, default_value_t = 16)]
    tt_mb: usize,
    /// Print each start position and its two results
    #[arg(long)]
    verbose: bool,
}

/// A random material of `pieces` pieces: the sides differ by at most one piece, each
/// has at most one king.
fn material(rng: &mut SplitMix64, pieces: u32) -> Material {
    let half = pieces / 2;
    let white = if pieces % 2 == 0 {
        match rng.below(4) {
            0 => half - 1,
            3 => half + 1,
            _ => half,
        }
    } else {
        half + rng.below(2) as u32
    }
    .clamp(1, pieces - 1);
    let black = pieces - white;
    let kings = |rng: &mut SplitMix64, n: u32| u8::from(n > 1 && rng.below(3) == 0);
    let (kw, kb) = (kings(rng, white), kings(rng, black));
    Material::new([white as u8 - kw, black as u8 - kb], [kw, kb])
}

/// `count` start positions of `min..=max` pieces (see the module docs).
fn starts<R: DraughtsRules + EvaluateRules>(
    count: usize,
    min: u32,
    max: u32,
    seed: u64,
    nodes: u64,
    margin: i32,
) -> Vec<CheckersPosition<R>> {
    let layout = Database::<R>::new();
    let mut rng = SplitMix64::new(seed);
    let mut judge = Player::<CheckersPosition<R>>::new(4);
    let mut out = Vec::new();
    let mut moves = MoveList::new();
    while out.len() < count {
        let n = min + rng.below((max - min + 1) as usize) as u32;
        let m = material(&mut rng, n);
        let index = rng.next_u64() % layout.slice_size(m);
        // the databases' positions have the counted draws off: the games have them on
        let Some(pos) = layout
            .position(m, index)
            .map(|p| p.with_counted_draws(true))
        else {
            continue;
        };
        pos.legal_moves(&mut moves);
        if moves.is_empty() || moves[0].is_capture() || pos.outcome_among(&moves).is_some() {
            continue;
        }
        judge.clear();
        let score = judge
            .search(&pos, &[], Limits::nodes((nodes / 10).max(1)), &mut |_| {})
            .score;
        if score.abs() <= margin {
            out.push(pos);
        }
    }
    out
}

/// Plays `start` to the end: `with` (the player with the database) as `with_color`.
/// The winner, `None` for a draw.
fn play<R: DraughtsRules + EvaluateRules>(
    start: &CheckersPosition<R>,
    players: &mut [Player<CheckersPosition<R>>; 2],
    with_color: Color,
    limits: Limits,
    max_plies: usize,
) -> Option<Color> {
    for p in players.iter_mut() {
        p.clear();
    }
    let mut game = Game::new(start.clone());
    while game.outcome().is_none() {
        if game.moves().len() >= max_plies {
            return None;
        }
        let pos = game.position().clone();
        let seat = usize::from(pos.turn() != with_color);
        let history = game_history(&game);
        let mv = players[seat]
            .search(&pos, &history, limits, &mut |_| {})
            .best?;
        game.play(&mv).ok()?;
    }
    game.outcome()?.winner()
}

fn run<R: DraughtsRules + EvaluateRules>(a: &Args, tables: &Tables, pieces: u32) {
    let (min, max) = match a.pieces.as_deref() {
        Some(&[min, max]) => (min.min(max), min.max(max)),
        _ => (pieces + 1, pieces + 2),
    };
    let t0 = Instant::now();
    let starts = starts::<R>(
        a.positions,
        min.max(2),
        max.max(2),
        a.seed,
        a.nodes,
        a.margin,
    );
    println!(
        "{} start positions of {min} to {max} pieces within {} of equal ({:.0} s); {} nodes a move, a draw at {} plies",
        starts.len(),
        f64::from(a.margin) / 100.0,
        t0.elapsed().as_secs_f64(),
        a.nodes,
        a.max_plies
    );
    let mut players = [
        Player::<CheckersPosition<R>>::new(a.tt_mb.max(1)).with_tables(tables),
        Player::<CheckersPosition<R>>::new(a.tt_mb.max(1)),
    ];
    let limits = Limits::nodes(a.nodes);
    let mut score = Score::default();
    let t0 = Instant::now();
    for (i, start) in starts.iter().enumerate() {
        let mut results = Vec::new();
        for color in [Color::White, Color::Black] {
            let winner = play(start, &mut players, color, limits, a.max_plies);
            let result = match winner {
                Some(w) if w == color => {
                    score.wins += 1;
                    "won"
                }
                Some(_) => {
                    score.losses += 1;
                    "lost"
                }
                None => {
                    score.draws += 1;
                    "drawn"
                }
            };
            results.push(result);
        }
        if a.verbose {
            println!(
                "{} {start}: with the database as White {}, as Black {}; +{} ={} -{}",
                i + 1,
                results[0],
                results[1],
                score.wins,
                score.draws,
                score.losses
            );
        }
    }
    let (elo, low, high) = score.elo_interval();
    println!(
        "games {}: +{} ={} -{} for the player with the database, score {:.1} %, Elo {elo:+.0} [{low:+.0}, {high:+.0}] (95 %), {:.0} s",
        score.games(),
        score.wins,
        score.draws,
        score.losses,
        100.0 * score.fraction(),
        t0.elapsed().as_secs_f64()
    );
}

fn main() {
    let a = Args::parse();
    let tables = Tables::load(&a.databases).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(1)
    });
    println!("databases: {tables}");
    let pieces = match a.game {
        Rules::International => tables.international.as_ref().map(|d| d.pieces()),
        Rules::Russian => tables.russian.as_ref().map(|d| d.pieces()),
        Rules::Brazilian => tables.brazilian.as_ref().map(|d| d.pieces()),
    };
    let Some(pieces) = pieces else {
        eprintln!(
            "error: no {:?} database in {}",
            a.game,
            a.databases.display()
        );
        std::process::exit(1)
    };
    match a.game {
        Rules::International => run::<InternationalRules>(&a, &tables, pieces),
        Rules::Russian => run::<RussianRules>(&a, &tables, pieces),
        Rules::Brazilian => run::<BrazilianRules>(&a, &tables, pieces),
    }
}
