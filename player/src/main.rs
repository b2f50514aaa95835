//! `column-checkers-player`: the computer player on the command line.
//!
//! ```text
//! column-checkers-player hub [--tt-mb N]      # the Hub protocol, international draughts
//! column-checkers-player match --game NAME ... # a match between two players
//! ```

use clap::{Parser, Subcommand};
use std::io;
use std::process::ExitCode;

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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Hub { tt_mb } => {
            let stdin = io::stdin();
            column_checkers_player::hub::session(stdin.lock(), io::stdout(), tt_mb);
            ExitCode::SUCCESS
        }
    }
}
