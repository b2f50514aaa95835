//! The player in Emergo's table endgames: random won positions of the one-on-one
//! table (or of the two-on-one table with `--tables DIR` holding it), each played by
//! the player, for the side that wins, against the table's best defence; counted are
//! the wins within the table's distance and within twice it, with the tables and
//! without them.
//!
//! ```text
//! cargo run --release -p column-checkers-player --features solver --example endgame_games -- \
//!     [--positions N] [--seed S] [--nodes N] [--tables DIR]
//! ```

use std::path::PathBuf;

use clap::Parser;
use column_checkers::playout::SplitMix64;
use column_checkers::solver::{EmergoTables, OneOnOne, TwoOnOne, Value};
use column_checkers::{Emergo, Position};
use column_checkers_player::tables::{self, Tables as PlayerTables};
use column_checkers_player::{game_history, Limits, Player};

/// The player in Emergo's table endgames.
#[derive(Parser, Debug)]
struct Args {
    /// Won positions to play
    #[arg(long, default_value_t = 100)]
    positions: usize,
    /// The positions' seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The player's nodes a move
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// The tables' directory (the two-on-one positions when its table is there)
    #[arg(long, value_name = "DIR")]
    tables: Option<PathBuf>,
}

/// Plays `pos` (won for the side to move in `d`) to the end or to `2 d` plies: the
/// player for the winner, the table's best defence for the loser. The plies to the win,
/// or `None`.
fn play(
    player: &mut Player<Emergo>,
    limits: Limits,
    tables: &EmergoTables,
    pos: &Emergo,
    d: u16,
) -> Option<usize> {
    let winner = pos.turn();
    let mut game = column_checkers::Game::new(pos.clone());
    while game.outcome().is_none() && game.moves().len() < 2 * usize::from(d) {
        let p = game.position().clone();
        let mv = if p.turn() == winner {
            let history = game_history(&game);
            player.search(&p, &history, limits, &mut |_| {}).best?
        } else {
            tables.moves(&p)?.first()?.0
        };
        game.play(&mv).ok()?;
    }
    let won = game.outcome().and_then(|o| o.winner()) == Some(winner);
    won.then(|| game.moves().len())
}

fn main() {
    let a = Args::parse();
    let loaded = match &a.tables {
        Some(dir) => PlayerTables::load(dir).unwrap_or_else(|e| {
            eprintln!("error: {e}");
            std::process::exit(1)
        }),
        None => PlayerTables::default().with_emergo(tables::one_on_one()),
    };
    let Some(tables) = loaded.emergo.clone() else {
        let dir = a.tables.as_deref().unwrap_or(std::path::Path::new("."));
        eprintln!("error: no Emergo table in {}", dir.display());
        std::process::exit(1)
    };
    let two = tables.two_on_one.is_some();
    let (class, size) = if two {
        ("two on one", TwoOnOne::SIZE)
    } else {
        ("one on one", OneOnOne::SIZE)
    };
    let mut rng = SplitMix64::new(a.seed);
    let mut won = Vec::new();
    while won.len() < a.positions {
        let i = rng.next_u64() % size;
        let pos = if two {
            TwoOnOne::position(i)
        } else {
            OneOnOne::default().position(i)
        };
        if let Some(Value::Win(d)) = tables.value(&pos) {
            if d > 0 {
                won.push((pos, d));
            }
        }
    }
    println!(
        "{class}: {} random won positions (seed {}), the player at {} nodes a move against the table's defence",
        won.len(),
        a.seed,
        a.nodes
    );
    for with in [true, false] {
        let (mut in_d, mut in_2d) = (0, 0);
        for (pos, d) in &won {
            let mut player = Player::<Emergo>::new(16);
            if with {
                player = player.with_tables(&loaded);
            }
            if let Some(plies) = play(&mut player, Limits::nodes(a.nodes), &tables, pos, *d) {
                in_2d += 1;
                in_d += usize::from(plies <= usize::from(*d));
            }
        }
        println!(
            "{} the tables: {in_d} won in the table's distance, {in_2d} within twice it, of {}",
            if with { "with" } else { "without" },
            won.len()
        );
    }
}
