//! Play against the computer in the terminal, any ruleset.
//!
//! ```text
//! cargo run --release --example play -- [--game NAME] [--color white|black]
//!     [--level 1-10] [--time SECONDS] [--nodes N] [--depth N] [--position "<text>"]
//!     [ruleset options]
//! ```
//!
//! Type moves in the game's notation (`d6`, `fe4`, `e4xc4xc6`, `c3-d4`, ...), or
//! `moves` (list the legal moves), `undo` (take back the computer's and your last
//! move), `board`, `help`, `quit`. Bad input is answered with the reason and you are
//! asked again. Reads standard input line by line, so a session can be piped in:
//!
//! ```text
//! printf 'd6\nmoves\nzz9\nundo\nquit\n' | cargo run --release --example play
//! ```
//!
//! The computer is the workspace's player (`player/`, the `column-checkers-player`
//! crate, written with the crate's public API only): iterative deepening alpha-beta
//! with an evaluation per ruleset, within `--time` seconds a move (1 by default),
//! `--nodes` or `--depth` plies, whichever comes first. `--level N` weakens it on
//! purpose for a person learning the game: 1 (beginner) to 10 (master, the full
//! player); below 10 it plays at once, within the level's own small budget (the
//! limits, when given, bound it too), and the greeting says what the level scored in
//! the ladder's games of that ruleset. `--seed N` draws a level's chance (0 by
//! default: the same moves replay the same game).
//!
//! The game is an `AnyGame` and the computer an `AnyPlayer`: their code for every
//! ruleset is compiled once, in the library and the player crate, so that this example
//! builds in seconds once they are built.

#[path = "shared/cli.rs"]
mod cli;

use clap::{Parser, ValueEnum};
use cli::RulesetArgs;
use column_checkers::any::{AnyGame, AnyGameError, Ruleset};
use column_checkers::Color;
use column_checkers_player::any::{AnyPlayer, AnyPlayerError};
use column_checkers_player::{Level, Limits};
use std::io;
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

/// Play against the computer in the terminal, any ruleset: type moves in the game's
/// notation, or moves, undo, board, help, quit.
#[derive(Parser, Debug)]
#[command(name = "play")]
struct Cli {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// The colour you play
    #[arg(long, visible_alias = "colour", value_enum, default_value_t = Side::White)]
    color: Side,
    /// The computer's level: 1 (beginner) to 10 (master, the full player)
    #[arg(long, value_name = "1-10", default_value = "10")]
    level: Level,
    /// The seed of a level's chance (the same seed replays the same game)
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The computer's time a move, in seconds (1 when no limit is given)
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time: Option<f64>,
    /// The computer's nodes a move
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// The computer's depth a move, in plies
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Start from this position text (or PDN FEN) instead of the start position
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    position: Option<String>,
}

/// A side, on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Side {
    /// White (`w` too)
    #[value(alias = "w")]
    White,
    /// Black (`b` too)
    #[value(alias = "b")]
    Black,
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

const COMMANDS: &str = "commands: a move in the game's notation, moves, undo, board, help, quit";

struct Options {
    ruleset: Ruleset,
    human: Color,
    limits: Limits,
    level: Level,
    seed: u64,
    position: Option<String>,
}

/// The computer: the player of `o`'s ruleset at its level.
fn computer(o: &Options) -> AnyPlayer {
    AnyPlayer::new(o.ruleset, 16)
        .with_level(o.level)
        .with_seed(o.seed)
}

/// How the computer plays, for the greeting: its limits at level 10, else its level
/// and what the level scored in the ladder's games of the ruleset.
fn strength(o: &Options, player: &AnyPlayer) -> String {
    if o.level.is_full() {
        return format!("the computer searches {}", describe(&o.limits));
    }
    let measured = player.measured().map_or_else(
        || "not measured in this game".to_string(),
        |m| m.to_string(),
    );
    format!(
        "the computer plays at level {}, {}: {measured}",
        o.level,
        o.level.name()
    )
}

/// The session: the game ([`AnyGame`]) and the computer ([`AnyPlayer`]), both compiled
/// once for every ruleset in their crates, so that this example builds fast.
fn play(o: Options) -> Result<(), String> {
    let mut game = match &o.position {
        // AnyGame reads a blank text as the start position; the option wants a position
        Some(t) if t.trim().is_empty() => {
            return Err(format!(
                "--position {t:?}: bad position text: the text is empty: give a position \
                 text or PDN FEN"
            ))
        }
        Some(t) => AnyGame::from_position(o.ruleset, t).map_err(|e| match e {
            AnyGameError::Position { error, .. } => format!("--position {t:?}: {error}"),
            e => format!("--position {t:?}: {e}"),
        })?,
        None => AnyGame::new(o.ruleset),
    };
    let mut player = computer(&o);
    // a time of 0 stops the search at once, as the shortest time the player takes does
    let mut search_limits = o.limits;
    if search_limits.time == Some(Duration::ZERO) {
        search_limits.time = Some(Duration::from_nanos(1));
    }
    let stdin = io::stdin();
    let interactive = stdin.is_terminal();
    let mut input = stdin.lock();
    let mut line = Vec::new();
    println!(
        "{} — you play {}, {}.\n{COMMANDS}\n",
        o.ruleset.name(),
        o.human,
        strength(&o, &player)
    );
    let mut show = true;
    loop {
        if let Some(outcome) = game.outcome() {
            if show {
                println!("{}\ngame over: {outcome}", game.diagram());
                println!("(undo or quit)");
            }
        } else if game.turn() != o.human {
            let found = player.search(&game, search_limits).map_err(|e| match e {
                AnyPlayerError::GameOver => "no move for the computer in a game not over".into(),
                e => e.to_string(),
            })?;
            let mv = game.play(&found.mv).map_err(|e| e.to_string())?;
            // the score is from the computer's side: positive is good for it
            println!(
                "computer plays {mv}   (score {:+} for {}, the computer; depth {}, {} nodes)\n",
                found.score, !o.human, found.depth, found.nodes
            );
            show = true;
            continue;
        } else if show {
            println!("{}", game.diagram());
        }
        show = false;
        match game.outcome() {
            Some(_) => print!("game over> "),
            None => print!("{} to move> ", game.turn()),
        }
        io::stdout().flush().map_err(|e| e.to_string())?;
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) => {
                println!("\n(end of input)");
                return Ok(());
            }
            Ok(_) => {}
            Err(e) => return Err(format!("cannot read input: {e}")),
        }
        // a line that is not UTF-8 is refused, and the session goes on
        let Ok(text) = std::str::from_utf8(&line) else {
            if !interactive {
                println!("{}", String::from_utf8_lossy(&line).trim());
            }
            println!("rejected: that line is not valid UTF-8 text");
            continue;
        };
        let cmd = text.trim();
        // echo piped input so a transcript reads like a session
        if !interactive {
            println!("{cmd}");
        }
        match cmd {
            "" => {}
            "quit" | "exit" | "q" => return Ok(()),
            "help" | "?" => println!("{COMMANDS}"),
            "board" => show = true,
            "moves" => {
                // the position's moves, also after a draw by repetition (the position
                // read again forgets the game's earlier positions)
                let texts = match game.outcome() {
                    None => game.legal_texts(),
                    Some(_) => AnyGame::from_position(o.ruleset, &game.position_text())
                        .map(|g| g.legal_texts())
                        .unwrap_or_default(),
                };
                println!("{} legal moves: {}", texts.len(), texts.join(" "));
            }
            "undo" => {
                // take back moves until one of yours has gone and it is your turn
                let mut taken = Vec::new();
                let mut yours = false;
                while !(yours && game.turn() == o.human) {
                    let mover = match game.moves().len() {
                        0 => break,
                        _ => !game.turn(),
                    };
                    let Some(m) = game.undo() else { break };
                    yours |= mover == o.human;
                    taken.push(m);
                }
                if !yours {
                    // nothing of yours to take back: replay what was taken
                    for _ in &taken {
                        game.redo();
                    }
                    println!("nothing to undo");
                } else {
                    println!("took back {}\n", taken.join(", "));
                    show = true;
                }
            }
            text => match game.play(text) {
                Ok(mv) => {
                    println!("you play {mv}\n");
                    show = true;
                }
                Err(e) => println!("rejected: {e}"),
            },
        }
    }
}

/// The limits in words, for the greeting.
fn describe(l: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(t) = l.time {
        parts.push(format!("{} s a move", t.as_secs_f64()));
    }
    if let Some(n) = l.nodes {
        parts.push(format!("{n} nodes"));
    }
    if let Some(d) = l.depth {
        parts.push(format!("{d} plies"));
    }
    parts.join(" or ")
}

/// The computer's limits: those given, else 1 s a move at level 10 (a level below
/// needs none: its own budget ends its search).
fn limits_of(cli: &Cli) -> Limits {
    let mut limits = Limits {
        depth: cli.depth,
        nodes: cli.nodes,
        time: cli.time.map(Duration::from_secs_f64),
    };
    if limits == Limits::default() && cli.level.is_full() {
        limits.time = Some(Duration::from_secs(1));
    }
    limits
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let limits = limits_of(&cli);
    let ruleset = match cli.ruleset.ruleset_or("emergo") {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let o = Options {
        ruleset,
        human: match cli.color {
            Side::White => Color::White,
            Side::Black => Color::Black,
        },
        limits,
        level: cli.level,
        seed: cli.seed,
        position: cli.position,
    };
    match play(o) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// --position take every ruleset's start position text, Emergo's `- w 12/12` (which
    /// starts with `-`) too.
    #[test]
    fn text_options_take_the_crates_texts() {
        let command = Cli::command();
        cli::assert_takes_start_texts(&command, &[], "--position", "position", &["--depth", "2"]);
    }

    /// `--level N` plays at level N: its moves are legal, the same again with its seed,
    /// and it needs no limit; the greeting says what the level scored.
    #[test]
    fn the_level_option_chooses_the_computers_level() {
        let cli = Cli::try_parse_from(["play", "--game", "lasca", "--level", "2", "--seed", "5"])
            .unwrap();
        assert_eq!((cli.level.get(), cli.seed), (2, 5));
        let limits = limits_of(&cli);
        assert_eq!(limits, Limits::default(), "no limit below level 10");
        let o = Options {
            ruleset: Ruleset::Lasca,
            human: Color::Black,
            limits,
            level: cli.level,
            seed: cli.seed,
            position: None,
        };
        let mut game = AnyGame::new(Ruleset::Lasca);
        let mut again = AnyGame::new(Ruleset::Lasca);
        let (mut a, mut b) = (computer(&o), computer(&o));
        for _ in 0..4 {
            let m = a.search(&game, limits).unwrap().mv;
            assert!(game.legal_texts().contains(&m), "{m}");
            assert_eq!(
                b.search(&again, limits).unwrap().mv,
                m,
                "one seed, one game"
            );
            game.play(&m).unwrap();
            again.play(&m).unwrap();
        }
        let greeting = strength(&o, &a);
        assert!(
            greeting.starts_with("the computer plays at level 2, novice: scores "),
            "{greeting}"
        );
        // level 10, the default: the full player, 1 s a move unless told otherwise
        let full = Cli::try_parse_from(["play"]).unwrap();
        assert!(full.level.is_full());
        assert_eq!(limits_of(&full).time, Some(Duration::from_secs(1)));
        let at = Cli::try_parse_from(["play", "--level", "10", "--depth", "3"]).unwrap();
        assert_eq!(limits_of(&at), Limits::depth(3));
    }

    /// A level that is not 1 to 10 is refused by name, with clap's usage error (exit
    /// code 2), before anything is played.
    #[test]
    fn a_bad_level_is_named() {
        for (given, why) in [
            ("0", "level \"0\" is not from 1 (beginner) to 10 (master)"),
            ("11", "level \"11\" is not from 1 (beginner) to 10 (master)"),
            (
                "three",
                "level \"three\" is not a number from 1 (beginner) to 10 (master)",
            ),
            (
                "",
                "level \"\" is not a number from 1 (beginner) to 10 (master)",
            ),
        ] {
            let e = Cli::try_parse_from(["play", "--level", given]).unwrap_err();
            assert_eq!(e.kind(), clap::error::ErrorKind::ValueValidation, "{given}");
            assert_eq!(e.exit_code(), 2, "{given}");
            let text = e.to_string();
            assert!(
                text.contains(&format!(
                    "invalid value '{given}' for '--level <1-10>': {why}"
                )),
                "{text}"
            );
        }
    }
}
