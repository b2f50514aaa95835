//! A ruleset defined entirely here, with the crate's public API: Lasca on a 9x9 board
//! with 18 men a side ("Lasca 9"), and its perft.
//!
//! ```text
//! cargo run --release --example custom_variant -- [DEPTH] [--play N] [--seed S]
//! ```
//!
//! Lasca (Emanuel Lasker, 1911) is column checkers: a capture takes the top man of the
//! jumped column prisoner under the capturing column. Here, on the 41 dark squares of
//! a 9x9 board: soldiers step and capture diagonally forward, officers (promoted on
//! the far row) forward and backward, one square at a time; capturing is compulsory
//! and free among routes, a column is jumped at most once per move, and a soldier
//! reaching the far row during a capture is promoted and the move ends there.
//!
//! The whole ruleset is two small types: the [`Board`] (the squares and
//! directions) and the rules type, with a [`CapturePolicy`] (how captures work), a
//! [`MovePolicy`] (how columns move otherwise: here as they capture) and the
//! [`CheckersRules`] (board, start, men); [`CheckersPosition`] does the
//! rest — legal moves, notation, position text, hashing, outcome, click input — so
//! every generic tool of the crate works on it: [`perft`], [`random_playout`],
//! [`Game`], [`MoveInput`]. The registry's by-name dispatch (`--game NAME` in the other
//! examples) lists the crate's own rulesets only; inside the crate, this file and one
//! entry in that list would make it one of them (ARCHITECTURE.md, "Adding a ruleset").
//! Prints perft for depths 1..=DEPTH (default 6) and, with `--play N`, a random game
//! of at most N plies.

use column_checkers::custom::{
    Board, CapturePolicy, CapturePromotion, CaptureRules, CheckersPosition, CheckersRules,
    DirectionSet, Geometry, Leap, Majority, Man, MovePolicy, Prisoners, Rank, Rejump, Reversal,
};
use column_checkers::playout::{random_playout, SplitMix64};
use column_checkers::*;
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Instant;

/// The 41 dark squares of a 9x9 board (`a1` is dark), diagonal directions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Dark9;

impl Board for Dark9 {
    fn geometry() -> &'static Geometry {
        static G: OnceLock<Geometry> = OnceLock::new();
        G.get_or_init(|| {
            Geometry::new(
                "dark-9",
                9,
                9,
                |x, y| (x + y) % 2 == 0,
                &[(1, 1), (-1, 1), (-1, -1), (1, -1)],
            )
        })
    }
}

/// Lasca's rules on the 9x9 board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Lasca9;

/// Soldiers go forward, officers both ways.
fn directions(commander: Man) -> DirectionSet {
    let g = Dark9::geometry();
    match commander.rank {
        Rank::Man => g.forward(commander.color),
        Rank::King => g.all_directions(),
    }
}

impl CapturePolicy for Lasca9 {
    // prisoners, taken jump by jump: the men stack into columns
    type Taking = Prisoners;
    const RULES: CaptureRules = CaptureRules {
        rejump: Rejump::Never,
        reversal: Some(Reversal::AnyTurnBack),
        majority: Majority::FreeChoice,
        promotion: CapturePromotion::EndsMove,
    };
    fn directions(&self, commander: Man) -> DirectionSet {
        directions(commander)
    }
    fn leap(&self, _: Man) -> Leap {
        Leap::Short
    }
}

impl CheckersRules for Lasca9 {
    type Board = Dark9;
    const NAME: &'static str = "lasca-9";
    const START: &'static str = "a1:w,c1:w,e1:w,g1:w,i1:w,b2:w,d2:w,f2:w,h2:w,\
        a3:w,c3:w,e3:w,g3:w,i3:w,b4:w,d4:w,f4:w,h4:w,\
        b6:b,d6:b,f6:b,h6:b,a7:b,c7:b,e7:b,g7:b,i7:b,\
        b8:b,d8:b,f8:b,h8:b,a9:b,c9:b,e9:b,g9:b,i9:b w";
    const MEN: usize = 18;
}

/// Columns move as they capture: one square, soldiers forward, officers every way.
impl MovePolicy for Lasca9 {}

/// A position of Lasca 9.
type Lasca9Position = CheckersPosition<Lasca9>;

/// Lasca on 9x9 with 18 men, defined in this example (so no --game: the ruleset is
/// this one): prints perft 1..=DEPTH and, with --play N, a random game.
#[derive(clap::Parser, Debug)]
#[command(name = "custom_variant")]
struct Cli {
    /// Count to this depth, 0 to 12
    #[arg(default_value_t = 6, value_parser = clap::value_parser!(u32).range(0..=12))]
    depth: u32,
    /// Play a random game of at most N plies
    #[arg(long, value_name = "N")]
    play: Option<usize>,
    /// The random game's seed
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

fn main() -> ExitCode {
    let Cli { depth, play, seed } = clap::Parser::parse();
    let start = Lasca9Position::start();
    println!("{} start: {start}\n{start:#}", Lasca9::NAME);
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&start, d);
        println!("perft {d}: {n:>12}  ({:.3} s)", t.elapsed().as_secs_f64());
    }
    if let Some(max) = play {
        let mut rng = SplitMix64::new(seed);
        let mut moves = MoveList::new();
        let p = random_playout(&start, &mut rng, max, &mut moves);
        println!(
            "\nrandom game, seed {seed}: {} plies\n{}\n{:#}",
            p.plies, p.position, p.position
        );
        match p.outcome {
            Some(o) => println!("{o}"),
            None => println!("stopped at {max} plies"),
        }
    }
    ExitCode::SUCCESS
}
