//! Tuning the evaluation's weights by logistic regression on positions from the
//! player's own games (Texel's method).
//!
//! 1. [`generate`]: the player plays itself under a node limit from random openings
//!    (a seed), and every quiet position of its games (the side to move has no capture)
//!    is kept with the game's result.
//! 2. [`fit`]: the evaluation is linear in its weights, so each position is read once
//!    into its terms ([`features`]); the scale `K` of `sigmoid(K * eval)` is fitted
//!    first, then the weights, one at a time in whole steps (coordinate descent), to
//!    lower the logistic loss of the predicted results against the games' results.
//! 3. [`Weights::to_file`] writes the weights as a file with how they were fitted:
//!    the ruleset's file `player/weights/NAME.txt` is such a file, compiled into the
//!    crate ([`Evaluate::weights`]).
//!
//! The program runs all three: `column-checkers-player tune --game lasca`.
//!
//! ```
//! use column_checkers::Lasca;
//! use column_checkers_player::eval::{Evaluate, Weights};
//! use column_checkers_player::tune::{fit, generate, samples, FitConfig, GenerateConfig};
//!
//! let config = GenerateConfig { games: 2, nodes: 200, opening_plies: 4, max_plies: 40, seed: 9 };
//! let data = generate::<Lasca>(&config, &mut |_| {});
//! let set = samples::<Lasca>(&data).unwrap();
//! let fitted = fit(&set, *Lasca::weights(), &FitConfig { passes: 1, ..FitConfig::default() });
//! assert!(fitted.loss <= fitted.start_loss);
//! let file = fitted.weights.to_file("lasca: fitted to two games");
//! assert_eq!(file.parse::<Weights>(), Ok(fitted.weights));
//! ```

use std::fmt::Write as _;

use column_checkers::playout::SplitMix64;
use column_checkers::{Color, Game, MoveList, MoveSquares};
use thiserror::Error;

use crate::eval::{Evaluate, Weights, TERMS};
use crate::{Limits, Player};

/// How [`generate`] plays its games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateConfig {
    /// Games to play.
    pub games: usize,
    /// The player's nodes a move.
    pub nodes: u64,
    /// Random moves that open each game.
    pub opening_plies: usize,
    /// Plies after which a game is adjudicated a draw.
    pub max_plies: usize,
    /// The seed of the random openings.
    pub seed: u64,
}

impl Default for GenerateConfig {
    fn default() -> Self {
        GenerateConfig {
            games: 400,
            nodes: 2_000,
            opening_plies: 8,
            max_plies: 300,
            seed: 1_000,
        }
    }
}

/// A position of a game with the game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Labelled {
    /// The position's text (the ruleset's [`Display`](core::fmt::Display)).
    pub position: String,
    /// White's score in the game: 1, ½ or 0.
    pub white_score: f64,
    /// The player's search's score of the position for White, in hundredths of a man
    /// (clamped to ±10 000), where the data has it.
    pub score: Option<i32>,
}

/// Plays `config.games` games of the player against itself and returns their quiet
/// positions (the side to move has no capture; the random opening's positions are
/// left out) labelled with each game's result. `progress` hears of each game played
/// (its number from 1). Deterministic for a given `config`.
pub fn generate<P>(config: &GenerateConfig, progress: &mut dyn FnMut(usize)) -> Vec<Labelled>
where
    P: Evaluate,
    P::Move: MoveSquares,
{
    let mut rng = SplitMix64::new(config.seed);
    let mut player = Player::<P>::new(4);
    let mut moves = MoveList::new();
    let mut out = Vec::new();
    for n in 1..=config.games {
        player.clear();
        let mut game = Game::new(P::start());
        let mut history = Vec::new();
        let mut quiet = Vec::new();
        while game.outcome().is_none() && game.moves().len() < config.max_plies {
            let pos = game.position().clone();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let opening = game.moves().len() < config.opening_plies;
            let mv = if opening {
                moves[rng.below(moves.len())]
            } else {
                let found = player.search(&pos, &history, Limits::nodes(config.nodes), &mut |_| {});
                if !moves.iter().any(MoveSquares::is_capture) {
                    let score = found.score.clamp(-10_000, 10_000);
                    let white = if pos.turn() == Color::White {
                        score
                    } else {
                        -score
                    };
                    quiet.push((pos.to_string(), white));
                }
                match found.best {
                    Some(m) => m,
                    None => break,
                }
            };
            history.push(pos.zobrist());
            if game.play(&mv).is_err() {
                break;
            }
        }
        let white_score = match game.outcome().and_then(|o| o.winner()) {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        };
        out.extend(quiet.into_iter().map(|(position, score)| Labelled {
            position,
            white_score,
            score: Some(score),
        }));
        progress(n);
    }
    out
}

/// The data file's text: a comment line naming the ruleset, then one position a line,
/// White's result (`1-0`, `0-1`, `1/2-1/2`), a tab and the position's text, and where
/// it is known a tab and the search's score for White.
///
/// ```
/// use column_checkers_player::tune::{read_data, write_data, Labelled};
///
/// let data = vec![
///     Labelled { position: "W:W31:B19".into(), white_score: 0.5, score: None },
///     Labelled { position: "B:W31:B19".into(), white_score: 1.0, score: Some(-40) },
/// ];
/// let text = write_data("international", &data);
/// assert!(text.ends_with("1/2-1/2\tW:W31:B19\n1-0\tB:W31:B19\t-40\n"));
/// assert_eq!(read_data("international", &text).unwrap(), data);
/// ```
pub fn write_data(ruleset: &str, data: &[Labelled]) -> String {
    let mut s = format!("# ruleset {ruleset}\n");
    for l in data {
        let result = if l.white_score > 0.75 {
            "1-0"
        } else if l.white_score < 0.25 {
            "0-1"
        } else {
            "1/2-1/2"
        };
        let _ = match l.score {
            Some(score) => writeln!(s, "{result}\t{}\t{score}", l.position),
            None => writeln!(s, "{result}\t{}", l.position),
        };
    }
    s
}

/// Why a data file or its positions do not read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TuneError {
    /// The file's positions are of another ruleset.
    #[error("the data is of {found}, not {expected}")]
    OtherRuleset {
        /// The ruleset asked for.
        expected: String,
        /// The ruleset the file names.
        found: String,
    },
    /// A line that is not a result, a tab and a position.
    #[error("line {line}: {reason}")]
    BadLine {
        /// The line (from 1).
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// Reads a data file's text ([`write_data`]) of the ruleset named `ruleset`.
///
/// # Errors
/// [`TuneError`] for a file of another ruleset or a line that does not read.
pub fn read_data(ruleset: &str, text: &str) -> Result<Vec<Labelled>, TuneError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(comment) = line.strip_prefix('#') {
            if let Some(found) = comment.trim().strip_prefix("ruleset ") {
                if found != ruleset {
                    return Err(TuneError::OtherRuleset {
                        expected: ruleset.to_string(),
                        found: found.to_string(),
                    });
                }
            }
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        let bad = |reason: &str| TuneError::BadLine {
            line: i + 1,
            reason: reason.to_string(),
        };
        let (result, rest) = line
            .split_once('\t')
            .ok_or_else(|| bad("no tab between the result and the position"))?;
        let (position, score) = match rest.split_once('\t') {
            Some((position, score)) => (
                position,
                Some(
                    score
                        .trim()
                        .parse::<i32>()
                        .map_err(|_| bad("the score is not a whole number"))?,
                ),
            ),
            None => (rest, None),
        };
        let white_score = match result {
            "1-0" => 1.0,
            "0-1" => 0.0,
            "1/2-1/2" => 0.5,
            _ => return Err(bad("the result is none of 1-0, 0-1, 1/2-1/2")),
        };
        out.push(Labelled {
            position: position.to_string(),
            white_score,
            score,
        });
    }
    Ok(out)
}

/// A position read into the evaluation's terms, with the result for its side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The terms of the evaluation (`evaluate` is their sum weighted by
    /// [`Weights::to_array`]).
    pub features: [f64; TERMS],
    /// The side to move's score in the game: 1, ½ or 0.
    pub result: f64,
}

/// The terms of `pos` for the side to move: `pos.terms(w)` is the sum of
/// `w.to_array()[i] * features(pos)[i]` (the evaluation is linear in its weights).
///
/// ```
/// use column_checkers::{Lasca, Position};
/// use column_checkers_player::eval::Evaluate;
/// use column_checkers_player::tune::features;
///
/// let pos = Lasca::start();
/// let w = Lasca::weights();
/// let f = features(&pos);
/// let sum: f64 = w.to_array().iter().zip(f).map(|(w, f)| f64::from(*w) * f).sum();
/// assert_eq!(sum as i32, pos.terms(w));
/// ```
pub fn features<P: Evaluate>(pos: &P) -> [f64; TERMS] {
    let mut f = [0.0; TERMS];
    for (i, x) in f.iter_mut().enumerate() {
        let mut unit = [0; TERMS];
        unit[i] = 1;
        *x = f64::from(pos.terms(&Weights::from_array(unit)));
    }
    f
}

/// Reads labelled positions of ruleset `P` into samples.
///
/// # Errors
/// [`TuneError::BadLine`] (its number from 1 among the positions) for a position text
/// that does not read.
pub fn samples<P: Evaluate>(data: &[Labelled]) -> Result<Vec<Sample>, TuneError> {
    data.iter()
        .enumerate()
        .map(|(i, l)| {
            let pos: P = l.position.parse().map_err(|e| TuneError::BadLine {
                line: i + 1,
                reason: format!("{e}"),
            })?;
            let result = match pos.turn() {
                Color::White => l.white_score,
                Color::Black => 1.0 - l.white_score,
            };
            Ok(Sample {
                features: features(&pos),
                result,
            })
        })
        .collect()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean logistic loss (cross-entropy) of `sigmoid(k * eval)` against the samples'
/// results, the evaluation weighted by `w`. Its least, for results of 0 and 1, is 0;
/// an evaluation of 0 everywhere gives ln 2.
///
/// ```
/// use column_checkers_player::eval::TERMS;
/// use column_checkers_player::tune::{loss, Sample};
///
/// let s = [Sample { features: [1.0; TERMS], result: 1.0 }];
/// assert!((loss(&s, &[0; TERMS], 0.01) - 2f64.ln()).abs() < 1e-12);
/// assert!(loss(&s, &[100; TERMS], 0.01) < 1e-3);
/// ```
pub fn loss(samples: &[Sample], w: &[i32; TERMS], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let w = w.map(f64::from);
    let total: f64 = samples
        .iter()
        .map(|s| {
            let e: f64 = w.iter().zip(&s.features).map(|(w, f)| w * f).sum();
            let p = sigmoid(k * e).clamp(1e-12, 1.0 - 1e-12);
            -(s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len() as f64
}

/// The `k` of least [`loss`] for weights `w`: a golden-section search of `ln k` (the
/// loss is convex in `k`) between 10⁻⁵ and 1.
pub fn fit_k(samples: &[Sample], w: &[i32; TERMS]) -> f64 {
    let f = |lk: f64| loss(samples, w, lk.exp());
    let (mut a, mut b) = ((1e-5f64).ln(), 0.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// How [`fit`] runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FitConfig {
    /// Passes of coordinate descent over the weights (each tries every free weight).
    pub passes: usize,
    /// The first step of each weight, halved down to 1 when no step helps.
    pub step: i32,
    /// The weights kept as they are: by default `man`, the unit of the others.
    pub fixed: Vec<&'static str>,
}

impl Default for FitConfig {
    fn default() -> Self {
        FitConfig {
            passes: 20,
            step: 16,
            fixed: vec!["man"],
        }
    }
}

/// What [`fit`] found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fitted {
    /// The fitted weights.
    pub weights: Weights,
    /// The fitted scale of `sigmoid(k * eval)`.
    pub k: f64,
    /// The loss of the starting weights (with their own fitted `k`).
    pub start_loss: f64,
    /// The loss of the fitted weights.
    pub loss: f64,
}

/// Fits the weights to the samples from `start`: `k` first ([`fit_k`]), then
/// coordinate descent in whole steps on every weight not fixed, each step kept only
/// when it lowers the [`loss`], the step halved when none helps, `k` fitted again
/// after each pass. A term no sample has keeps its weight. Deterministic.
pub fn fit(samples: &[Sample], start: Weights, config: &FitConfig) -> Fitted {
    let mut w = start.to_array();
    let mut k = fit_k(samples, &w);
    let start_loss = loss(samples, &w, k);
    let mut best = start_loss;
    let free: Vec<usize> = (0..TERMS)
        .filter(|&i| !config.fixed.contains(&Weights::NAMES[i]))
        .filter(|&i| samples.iter().any(|s| s.features[i] != 0.0))
        .collect();
    let mut step = config.step.max(1);
    for _ in 0..config.passes {
        let mut improved = false;
        for &i in &free {
            // as far as the step keeps lowering the loss, one way or the other
            for dir in [1, -1] {
                let mut moved = false;
                loop {
                    let mut t = w;
                    t[i] += dir * step;
                    let l = loss(samples, &t, k);
                    if l < best - 1e-12 {
                        best = l;
                        w = t;
                        moved = true;
                    } else {
                        break;
                    }
                }
                if moved {
                    improved = true;
                    break;
                }
            }
        }
        k = fit_k(samples, &w);
        best = loss(samples, &w, k);
        if !improved {
            if step == 1 {
                break;
            }
            step /= 2;
        }
    }
    Fitted {
        weights: Weights::from_array(w),
        k,
        start_loss,
        loss: best,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use column_checkers::{Lasca, Position};

    /// Samples whose results are exactly `sigmoid(k * eval)` under `truth`.
    fn toy(truth: &Weights, k: f64, n: usize) -> Vec<Sample> {
        let mut rng = SplitMix64::new(5);
        let w = truth.to_array().map(f64::from);
        (0..n)
            .map(|_| {
                let mut features = [0.0; TERMS];
                // men, kings and mobility vary; the other terms stay 0
                features[0] = rng.below(7) as f64 - 3.0;
                features[1] = rng.below(5) as f64 - 2.0;
                features[7] = rng.below(30) as f64;
                let e: f64 = w.iter().zip(&features).map(|(w, f)| w * f).sum();
                Sample {
                    features,
                    result: sigmoid(k * e),
                }
            })
            .collect()
    }

    #[test]
    fn the_loss_is_least_at_the_true_weights() {
        let truth = Weights {
            king: 250,
            mobility: 4,
            ..Weights::GENERIC
        };
        let set = toy(&truth, 0.01, 400);
        let t = truth.to_array();
        let at_truth = loss(&set, &t, 0.01);
        for (i, d) in [(1, 10), (1, -10), (7, 1), (7, -1)] {
            let mut w = t;
            w[i] += d;
            assert!(loss(&set, &w, 0.01) > at_truth, "term {i} by {d}");
        }
        assert!(loss(&set, &t, 0.02) > at_truth && loss(&set, &t, 0.005) > at_truth);
    }

    #[test]
    fn k_is_found_for_known_weights() {
        let truth = Weights::GENERIC;
        let set = toy(&truth, 0.004, 300);
        let k = fit_k(&set, &truth.to_array());
        assert!((k - 0.004).abs() < 1e-5, "k {k}");
    }

    #[test]
    fn fitting_recovers_the_weights_of_a_toy_set() {
        let truth = Weights {
            king: 250,
            mobility: 4,
            ..Weights::GENERIC
        };
        let set = toy(&truth, 0.01, 400);
        let start = Weights {
            king: 120,
            mobility: 0,
            ..Weights::GENERIC
        };
        let config = FitConfig {
            passes: 60,
            ..FitConfig::default()
        };
        let f = fit(&set, start, &config);
        assert!(f.loss < f.start_loss);
        assert_eq!(f.weights.man, 100, "man is the unit, fixed");
        assert!((f.weights.king - 250).abs() <= 2, "{:?}", f.weights);
        assert!((f.weights.mobility - 4).abs() <= 1, "{:?}", f.weights);
        assert!((f.k - 0.01).abs() < 5e-4, "k {}", f.k);
        // terms no sample has are left alone
        assert_eq!(f.weights.prisoner, start.prisoner);
    }

    #[test]
    fn generation_is_deterministic_and_keeps_quiet_positions_only() {
        let config = GenerateConfig {
            games: 2,
            nodes: 300,
            opening_plies: 4,
            max_plies: 60,
            seed: 3,
        };
        let a = generate::<Lasca>(&config, &mut |_| {});
        assert!(!a.is_empty());
        assert_eq!(a, generate::<Lasca>(&config, &mut |_| {}));
        let mut moves = MoveList::new();
        for l in &a {
            let pos: Lasca = l.position.parse().unwrap();
            pos.legal_moves(&mut moves);
            assert!(!moves.iter().any(MoveSquares::is_capture), "{}", l.position);
        }
        let text = write_data("lasca", &a);
        assert_eq!(read_data("lasca", &text).unwrap(), a);
        assert!(matches!(
            read_data("bashni", &text),
            Err(TuneError::OtherRuleset { .. })
        ));
        assert!(matches!(
            read_data("lasca", "2-0\tW:Wc3:Be5"),
            Err(TuneError::BadLine { line: 1, .. })
        ));
        assert_eq!(samples::<Lasca>(&a).unwrap().len(), a.len());
    }

    #[test]
    fn features_weighted_are_the_evaluation() {
        let pos: Lasca = "a1:w,c1:w,b2:w,d4:bw,f6:b w".parse().unwrap();
        let w = Weights {
            behind: 7,
            flank: 5,
            home: 3,
            ..*Lasca::weights()
        };
        let f = features(&pos);
        // b2 backed by a1 and c1; a1 and c1 on White's first row
        assert_eq!((f[10], f[11]), (1.0, 2.0));
        let sum: f64 = w
            .to_array()
            .iter()
            .zip(f)
            .map(|(w, f)| f64::from(*w) * f)
            .sum();
        assert_eq!(sum as i32, pos.evaluate(&w));
    }
}
