//! Play against the computer in the terminal, any ruleset.
//!
//! ```text
//! cargo run --release --example play -- [--game NAME] [--color white|black]
//!     [--depth N] [--position "<text>"] [ruleset options]
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
//! The computer is a plain alpha-beta (negamax) search written with the crate's public
//! API only (`examples/shared/search.rs`, shared with the `web` example): material (men
//! in the columns a side controls, and men in hand) plus a little mobility, to
//! `--depth` plies.

#[path = "shared/search.rs"]
mod search;

#[path = "shared/cli.rs"]
mod cli;

use clap::{Parser, ValueEnum};
use cli::RulesetArgs;
use column_checkers::tools::registry::RulesetVisitor;
use column_checkers::{Checking, Color, Counting, Game, Introspect, MoveList};
use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

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
    /// How many plies the computer looks ahead
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=8))]
    depth: u32,
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
const COMMANDS: &str = "commands: a move in the game's notation, moves, undo, board, help, quit";

struct Options {
    human: Color,
    depth: u32,
    position: Option<String>,
}

struct Play(Options);

impl RulesetVisitor for Play {
    type Output = Result<(), String>;

    fn visit<P: Introspect + Counting + Checking>(self) -> Result<(), String> {
        let o = self.0;
        let start = match &o.position {
            Some(t) => t
                .parse::<P>()
                .map_err(|e| format!("--position {t:?}: {e}"))?,
            None => P::start(),
        };
        let mut game = Game::new(start);
        let stdin = io::stdin();
        let interactive = stdin.is_terminal();
        let mut input = stdin.lock();
        let mut line = Vec::new();
        println!(
            "{} — you play {}, the computer searches {} plies.\n{COMMANDS}\n",
            P::NAME,
            o.human,
            o.depth
        );
        let mut show = true;
        loop {
            if let Some(outcome) = game.outcome() {
                if show {
                    println!("{:#}\ngame over: {outcome}", game.position());
                    println!("(undo or quit)");
                }
            } else if game.position().turn() != o.human {
                let pos = game.position().clone();
                let Some((mv, score, nodes)) = search::computer_move(&pos, o.depth) else {
                    return Err("no move for the computer in a game not over".into());
                };
                game.play(&mv).map_err(|e| e.to_string())?;
                // the score is from the computer's side: positive is good for it
                println!(
                    "computer plays {mv}   (score {score:+} for {}, the computer; {nodes} nodes)\n",
                    !o.human
                );
                show = true;
                continue;
            } else if show {
                println!("{:#}", game.position());
            }
            show = false;
            match game.outcome() {
                Some(_) => print!("game over> "),
                None => print!("{} to move> ", game.position().turn()),
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
                    let mut list = MoveList::new();
                    game.position().legal_moves(&mut list);
                    let texts: Vec<String> = list.iter().map(|m| m.to_string()).collect();
                    println!("{} legal moves: {}", texts.len(), texts.join(" "));
                }
                "undo" => {
                    // take back moves until one of yours has gone and it is your turn
                    let mut taken = Vec::new();
                    let mut yours = false;
                    while !(yours && game.position().turn() == o.human) {
                        let mover = match game.moves().len() {
                            0 => break,
                            _ => !game.position().turn(),
                        };
                        let Some(m) = game.undo() else { break };
                        yours |= mover == o.human;
                        taken.push(m.to_string());
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
                text => match game.play_text(text) {
                    Ok(mv) => {
                        println!("you play {mv}\n");
                        show = true;
                    }
                    Err(e) => println!("rejected: {e}"),
                },
            }
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let o = Options {
        human: match cli.color {
            Side::White => Color::White,
            Side::Black => Color::Black,
        },
        depth: cli.depth,
        position: cli.position,
    };
    let ruleset = match cli.ruleset.ruleset_or("emergo") {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match ruleset.visit(Play(o)) {
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
}
