//! The `tune` subcommand: generates positions by self-play (or reads them back), fits
//! the evaluation's weights, prints them as a weights file (the crate's
//! `player/weights/NAME.txt` is one) and writes it; and the weights `match` reads.

use clap::Parser;
use column_checkers::{Introspect, Ruleset};
use column_checkers_player::eval::{Evaluate, Weights};
use column_checkers_player::learn::{learn, pattern_set, LearnConfig};
use column_checkers_player::patterns::Patterns;
use column_checkers_player::ruleset;
use column_checkers_player::tune::{
    fit, generate, read_data, samples, write_data, FitConfig, GenerateConfig, Labelled,
};
use std::io::Write as _;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser, Debug)]
pub struct TuneArgs {
    /// The ruleset and its options, as one word list: "lasca --roundabout"
    #[arg(long, default_value = "emergo")]
    game: String,
    /// Self-play games to generate positions from
    #[arg(long, default_value_t = 400)]
    games: usize,
    /// The player's nodes a move in those games
    #[arg(long, default_value_t = 2_000)]
    nodes: u64,
    /// Random moves opening each game
    #[arg(long, default_value_t = 8)]
    opening_plies: usize,
    /// Plies after which a game is adjudicated a draw
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// The seed of the random openings
    #[arg(long, default_value_t = 1_000)]
    seed: u64,
    /// The data file: written by the generation, read back with --reuse (default
    /// target/tune/NAME.txt)
    #[arg(long, value_name = "FILE")]
    data: Option<String>,
    /// Fit the positions of the data file instead of generating new ones
    #[arg(long)]
    reuse: bool,
    /// Passes of coordinate descent
    #[arg(long, default_value_t = 20)]
    passes: usize,
    /// The weights to start from: tuned (the ruleset's), untuned or a file
    #[arg(long, default_value = "tuned")]
    start: String,
    /// Also write the fitted weights to this file: `player/weights/NAME.txt` for the
    /// player to play with them once rebuilt, any other for --weights
    #[arg(long, value_name = "FILE")]
    weights_out: Option<String>,
    /// Learn the ruleset's patterns from the positions instead of fitting the weights,
    /// and write them to this file (`player/weights/NAME.patterns` for the player to
    /// play with them once rebuilt)
    #[arg(long, value_name = "FILE")]
    learn_patterns: Option<String>,
    /// Passes over the positions when learning the patterns
    #[arg(long, default_value_t = 6)]
    epochs: usize,
    /// Adam's step when learning the patterns, in hundredths of a man
    #[arg(long, default_value_t = 0.2)]
    rate: f64,
    /// When learning the patterns, the share of a position's target taken from the
    /// search's score written beside it (the rest from the game's result)
    #[arg(long, default_value_t = 0.1)]
    score_share: f64,
    /// When learning the patterns, the L2 penalty on each value (per hundredth of a
    /// man, squared)
    #[arg(long, default_value_t = 1e-7)]
    l2: f64,
}

/// The weights `spec` names for ruleset `P`: `tuned` (the ruleset's,
/// `player/weights/NAME.txt`), `untuned` (`player/weights/untuned/NAME.txt`) or a
/// file's path.
pub fn weights_of<P: Evaluate>(spec: &str) -> Result<Weights, String> {
    match spec {
        "tuned" => Ok(*P::weights()),
        "untuned" => Ok(*P::untuned_weights()),
        path => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            text.parse().map_err(|e| format!("{path}: {e}"))
        }
    }
}

struct RunTune(TuneArgs);

impl ruleset::Visitor for RunTune {
    type Output = Result<(), String>;
    fn visit<P: Introspect + Evaluate>(self) -> Result<(), String> {
        let a = self.0;
        let path = a
            .data
            .clone()
            .unwrap_or_else(|| format!("target/tune/{}.txt", P::NAME));
        let started = Instant::now();
        let data = if a.reuse {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
            read_data(P::NAME, &text).map_err(|e| format!("{path}: {e}"))?
        } else {
            let config = GenerateConfig {
                games: a.games,
                nodes: a.nodes,
                opening_plies: a.opening_plies,
                max_plies: a.max_plies,
                seed: a.seed,
            };
            let data = generate::<P>(&config, &mut |n| {
                if n % 50 == 0 {
                    eprintln!("{n} games, {:.0} s", started.elapsed().as_secs_f64());
                }
            });
            if let Some(dir) = std::path::Path::new(&path).parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            std::fs::write(&path, write_data(P::NAME, &data))
                .map_err(|e| format!("{path}: {e}"))?;
            data
        };
        if let Some(out) = &a.learn_patterns {
            return learn_patterns::<P>(&a, &data, out, &path);
        }
        let set = samples::<P>(&data).map_err(|e| format!("{path}: {e}"))?;
        let start = weights_of::<P>(&a.start)?;
        let config = FitConfig {
            passes: a.passes,
            ..FitConfig::default()
        };
        let fitted = fit(&set, start, &config);
        let how = if a.reuse {
            format!("--reuse --data {path}")
        } else {
            format!(
                "--games {} --nodes {} --opening-plies {} --max-plies {} --seed {}",
                a.games, a.nodes, a.opening_plies, a.max_plies, a.seed
            )
        };
        // a ruleset with options is one argument, quoted
        let game = if a.game.contains(' ') {
            format!("\"{}\"", a.game)
        } else {
            a.game.clone()
        };
        let comment = format!(
            "{}: fitted to {} quiet positions of the player's own games:\n\
             `column-checkers-player tune --game {} {how} --passes {} --start {}`\n\
             (K = {:.5}, loss {:.4} from {:.4}).",
            P::NAME,
            set.len(),
            game,
            a.passes,
            a.start,
            fitted.k,
            fitted.loss,
            fitted.start_loss
        );
        let file = fitted.weights.to_file(&comment);
        print!("{file}");
        let _ = std::io::stdout().flush();
        if let Some(out) = &a.weights_out {
            std::fs::write(out, file).map_err(|e| format!("{out}: {e}"))?;
        }
        eprintln!("done in {:.0} s", started.elapsed().as_secs_f64());
        Ok(())
    }
}

/// Learns `P`'s patterns from `data` (read from or written to `path`), its terms
/// weighed by the weights `a.start` names, from the values of `P`'s own file, and
/// writes them to `out`.
fn learn_patterns<P: Evaluate>(
    a: &TuneArgs,
    data: &[Labelled],
    out: &str,
    path: &str,
) -> Result<(), String> {
    let started = Instant::now();
    let w = weights_of::<P>(&a.start)?;
    let set = pattern_set::<P>(data, &w)
        .map_err(|e| format!("{path}: {e}"))?
        .ok_or_else(|| format!("{} has no patterns to learn", P::NAME))?;
    let Some(played) = P::patterns() else {
        return Err(format!("{} has no patterns to learn", P::NAME));
    };
    // from all values 0, not from the values played with: the file the data gives is
    // the same whatever the build
    let start = &Patterns::zero(played.windows(), played.full());
    let config = LearnConfig {
        epochs: a.epochs,
        rate: a.rate,
        seed: a.seed,
        score_share: a.score_share,
        l2: a.l2,
        ..LearnConfig::default()
    };
    eprintln!(
        "{} positions read in {:.0} s",
        set.len(),
        started.elapsed().as_secs_f64()
    );
    let learned = learn(&set, start, &config, &mut |epoch, loss| {
        eprintln!(
            "epoch {epoch}: held-out loss {loss:.5} ({:.0} s)",
            started.elapsed().as_secs_f64()
        );
    });
    std::fs::write(out, learned.patterns.to_bytes()).map_err(|e| format!("{out}: {e}"))?;
    println!(
        "{}: patterns learned from {} positions ({} held out), K = {:.5}: held-out loss \
         {:.5} with the terms alone, {:.5} with the patterns (epoch {}); written to {out}",
        P::NAME,
        learned.positions.0,
        learned.positions.1,
        learned.k,
        learned.start_loss,
        learned.loss,
        learned.epoch
    );
    Ok(())
}

/// Runs the subcommand.
pub fn run(args: TuneArgs) -> ExitCode {
    let ruleset: Ruleset = match args.game.parse() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    match ruleset::visit(ruleset, RunTune(args)) {
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
    use column_checkers::Lasca;

    #[test]
    fn the_weights_written_read_back_as_the_player_reads_its_files() {
        let dir = std::env::temp_dir().join(format!("cc-tune-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let data = dir.join("lasca.txt").display().to_string();
        let out = dir.join("lasca.weights.txt").display().to_string();
        let args = TuneArgs::try_parse_from([
            "tune",
            "--game",
            "lasca --roundabout",
            "--games",
            "2",
            "--nodes",
            "200",
            "--max-plies",
            "40",
            "--passes",
            "1",
            "--start",
            "untuned",
            "--data",
            &data,
            "--weights-out",
            &out,
        ])
        .unwrap();
        assert_eq!(run(args), ExitCode::SUCCESS);
        let text = std::fs::read_to_string(&out).unwrap();
        // how they were fitted, as comments, then the weights, a man the unit
        assert!(
            text.starts_with("# lasca: fitted to ")
                && text.contains("`column-checkers-player tune --game \"lasca --roundabout\" ")
                && text.contains(" --passes 1 --start untuned`\n"),
            "{text}"
        );
        let read = weights_of::<Lasca>(&out).unwrap();
        assert_eq!(text.parse::<Weights>(), Ok(read));
        // the weights one pass of the fit gives from the untuned ones on the data written
        let games = read_data("lasca", &std::fs::read_to_string(&data).unwrap()).unwrap();
        let config = FitConfig {
            passes: 1,
            ..FitConfig::default()
        };
        let fitted = fit(
            &samples::<Lasca>(&games).unwrap(),
            *Lasca::untuned_weights(),
            &config,
        );
        assert_eq!(read, fitted.weights);
        assert_eq!(read.man, 100);
        // read again, the positions give the same weights
        let again = dir.join("again.txt").display().to_string();
        let args = TuneArgs::try_parse_from([
            "tune",
            "--game",
            "lasca",
            "--reuse",
            "--data",
            &data,
            "--passes",
            "1",
            "--start",
            "untuned",
            "--weights-out",
            &again,
        ])
        .unwrap();
        assert_eq!(run(args), ExitCode::SUCCESS);
        assert_eq!(weights_of::<Lasca>(&again), Ok(read));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn patterns_learned_are_written_for_the_player_to_read() {
        use column_checkers::RussianDraughts;
        let dir = std::env::temp_dir().join(format!("cc-learn-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let data = dir.join("russian.txt").display().to_string();
        let out = dir.join("russian.patterns").display().to_string();
        let args = TuneArgs::try_parse_from([
            "tune",
            "--game",
            "russian",
            "--games",
            "4",
            "--nodes",
            "300",
            "--max-plies",
            "60",
            "--epochs",
            "2",
            "--data",
            &data,
            "--learn-patterns",
            &out,
        ])
        .unwrap();
        assert_eq!(run(args), ExitCode::SUCCESS);
        // each position with its search's score
        let text = std::fs::read_to_string(&data).unwrap();
        let games = read_data("russian", &text).unwrap();
        assert!(!games.is_empty() && games.iter().all(|l| l.score.is_some()));
        let bytes = std::fs::read(&out).unwrap();
        let learned = Patterns::read(&bytes, 9, 24).unwrap();
        assert_ne!(&learned, RussianDraughts::patterns().unwrap());
        // a ruleset without patterns is named
        let args = TuneArgs::try_parse_from([
            "tune",
            "--game",
            "neocrossings",
            "--reuse",
            "--data",
            &data,
            "--learn-patterns",
            &out,
        ])
        .unwrap();
        assert_eq!(run(args), ExitCode::FAILURE);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
