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
//! The guide to [`column_checkers::custom`], the module for ruleset authors: the whole
//! ruleset is two small types written with it, in four steps.
//!
//! 1. The [`Board`]: a zero-sized type whose [`Geometry`] (squares, names,
//!    directions, the rows each side promotes on) is built once.
//! 2. The rules type's [`CapturePolicy`]: how captures work: what a jump takes and
//!    when (its `Taking`: here [`Prisoners`], taken jump by jump, so the men stack
//!    into columns and the position keeps a column on every square), and as
//!    [`CaptureRules`] whether a column is jumped again, the turn-back rule, the
//!    majority rule and promotion during a capture; for each commander its directions
//!    and [`Leap`].
//! 3. Its [`MovePolicy`]: how columns move otherwise (here as they capture, the
//!    default).
//! 4. Its [`CheckersRules`]: the board, the name, the start position and the men of
//!    each side.
//!
//! [`CheckersPosition`] does the rest — legal moves, notation, position text, hashing,
//! outcome, click input — so every generic tool of the crate works on it:
//! [`perft`], [`random_playout`], [`Game`](column_checkers::Game) and
//! [`MoveInput`](column_checkers::MoveInput), which `main` below use. The run-time
//! dispatch by name (`--game NAME` in the other examples) lists the crate's own
//! rulesets only; inside the crate, this file and one entry in that list would make it
//! one of them (ARCHITECTURE.md, "Adding a ruleset").
//!
//! Prints perft for depths 1..=DEPTH (default 6), a short game played by text and by
//! clicks, and, with `--play N`, a random game of at most N plies.

use column_checkers::custom::{
    Board, CapturePolicy, CapturePromotion, CaptureRules, CheckersPosition, CheckersRules,
    DirectionSet, Geometry, Leap, Majority, Man, MovePolicy, Prisoners, Rank, Rejump, Reversal,
};
use column_checkers::playout::{random_playout, SplitMix64};
use column_checkers::{perft, Game, MoveInput, MoveList, Position};
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Instant;

/// Step 1, the board: the 41 dark squares of a 9x9 board (`a1` is dark), diagonal
/// directions.
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

/// Lasca's rules on the 9x9 board: steps 2 to 4 are its three traits.
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
    // a game by text, then a move by clicks, as a GUI takes them
    let mut game = Game::new(start.clone());
    for text in ["d4-e5", "f6xd4"] {
        game.play_text(text).expect("a legal opening");
    }
    let mut input = MoveInput::new(game.position());
    let mv = loop {
        let square = input.next_names()[0];
        if let Some(mv) = input.click_name(square).expect("a highlighted square") {
            break mv;
        }
    };
    game.play(&mv).expect("a move named by clicks is legal");
    println!(
        "\nafter d4-e5 f6xd4, the first square highlighted at each click: {mv}\n{:#}",
        game.position()
    );
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
