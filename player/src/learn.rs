//! Learning the [`patterns`](crate::patterns)' values from positions of the player's own
//! games, each labelled with its game's result and the search's score
//! ([`tune::generate`](crate::tune::generate)): the logistic loss of
//! `sigmoid(k * (terms + patterns))` against a blend of the two (a tenth from the score
//! by default), minimised by Adam over shuffled mini-batches, the hand-written terms
//! held fixed. The loss that chooses the epoch is against the results alone.
//!
//! A window's state is seen in few positions, so each step moves only the values the
//! batch saw (Adam's moments kept per value, updated when it is seen), and a small L2
//! penalty pulls rarely seen values to 0 (small: the loss's gradient for one value is
//! of the order of `k / batch`, and a penalty near it would hold every value at 0).
//! The last positions of the data (the last games) are held out: the values kept are
//! those of the epoch whose loss there is least.

use column_checkers::playout::SplitMix64;
use column_checkers::Color;

use crate::eval::{Evaluate, Weights};
use crate::patterns::{Patterns, STATES};
use crate::tune::{Labelled, TuneError};

/// Positions read for learning: each one's windows' states, its terms' score, its pieces
/// and its result for the side to move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PatternSet {
    windows: usize,
    /// `states[i * windows + w]`: the state of window `w` in position `i`.
    states: Vec<u16>,
    /// The hand-written terms' score (hundredths of a man, for the side to move).
    base: Vec<f32>,
    /// The pieces on the board.
    pieces: Vec<u8>,
    /// The side to move's score in the game: 1, ½ or 0.
    result: Vec<f32>,
    /// The search's score for the side to move (hundredths of a man), NaN where the
    /// data has none.
    searched: Vec<f32>,
}

impl PatternSet {
    /// The positions.
    pub fn len(&self) -> usize {
        self.result.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.result.is_empty()
    }
}

/// Reads labelled positions of ruleset `P`, whose terms are weighed by `w` (its
/// patterns left out), for [`learn`]. `None` where `P` has no patterns.
///
/// # Errors
/// [`TuneError::BadLine`] (its number from 1 among the positions) for a position text
/// that does not read.
pub fn pattern_set<P: Evaluate>(
    data: &[Labelled],
    w: &Weights,
) -> Result<Option<PatternSet>, TuneError> {
    let Some(patterns) = P::patterns() else {
        return Ok(None);
    };
    let windows = patterns.windows();
    let w = Weights { patterns: 0, ..*w };
    let mut set = PatternSet {
        windows,
        ..PatternSet::default()
    };
    let mut states = vec![0u16; windows];
    for (i, l) in data.iter().enumerate() {
        let pos: P = l.position.parse().map_err(|e| TuneError::BadLine {
            line: i + 1,
            reason: format!("{e}"),
        })?;
        let Some(pieces) = pos.pattern_states(&mut states) else {
            return Ok(None);
        };
        set.states.extend_from_slice(&states);
        set.base.push(pos.terms(&w) as f32);
        set.pieces.push(pieces.min(255) as u8);
        let (result, sign) = match pos.turn() {
            Color::White => (l.white_score as f32, 1.0),
            Color::Black => (1.0 - l.white_score as f32, -1.0),
        };
        set.result.push(result);
        set.searched
            .push(l.score.map_or(f32::NAN, |s| sign * s as f32));
    }
    Ok(Some(set))
}

/// How [`learn`] learns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LearnConfig {
    /// Passes over the data.
    pub epochs: usize,
    /// Adam's step, in hundredths of a man.
    pub rate: f64,
    /// Positions a step.
    pub batch: usize,
    /// The L2 penalty on each value seen in a batch.
    pub l2: f64,
    /// The share of the positions held out (the last ones).
    pub held_out: f64,
    /// The seed of the shuffles.
    pub seed: u64,
    /// Where a position has the search's score `s`, its target is this share of
    /// `sigmoid(k * s)` and the rest its game's result.
    pub score_share: f64,
}

impl Default for LearnConfig {
    fn default() -> Self {
        LearnConfig {
            epochs: 6,
            rate: 0.2,
            batch: 256,
            l2: 1e-7,
            held_out: 0.05,
            seed: 1,
            score_share: 0.1,
        }
    }
}

/// What [`learn`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Learned {
    /// The patterns with the learned values.
    pub patterns: Patterns,
    /// The scale of the logistic: a score `s` is a result of `sigmoid(k * s)`.
    pub k: f64,
    /// The held-out positions' loss with the terms alone.
    pub start_loss: f64,
    /// Their loss with the learned patterns.
    pub loss: f64,
    /// The epoch whose values are kept (from 1; 0: none beat the terms alone).
    pub epoch: usize,
    /// The positions learned from, and those held out.
    pub positions: (usize, usize),
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The middle game's share of position `i` of `set`: its pieces over `full`.
fn phase(set: &PatternSet, i: usize, full: f64) -> f64 {
    f64::from(set.pieces[i]).min(full) / full
}

/// The patterns' value of position `i` of `set` under `middle`/`end`.
fn value(set: &PatternSet, i: usize, full: f64, middle: &[f32], end: &[f32]) -> f64 {
    let phase = phase(set, i, full);
    let (mut m, mut e) = (0f64, 0f64);
    let states = &set.states[i * set.windows..(i + 1) * set.windows];
    for (w, &s) in states.iter().enumerate() {
        let k = w * STATES + usize::from(s);
        m += f64::from(middle[k]);
        e += f64::from(end[k]);
    }
    m * phase + e * (1.0 - phase)
}

/// The target of position `i` of `set` at scale `k`: its result, blended with its
/// search's score where it has one.
fn target(set: &PatternSet, i: usize, k: f64, score_share: f64) -> f64 {
    let result = f64::from(set.result[i]);
    let searched = f64::from(set.searched[i]);
    if searched.is_nan() {
        result
    } else {
        (1.0 - score_share) * result + score_share * sigmoid(k * searched)
    }
}

/// The mean logistic loss of the positions `range` of `set` at scale `k` against
/// their results, the patterns valued `middle`/`end`.
fn loss(
    set: &PatternSet,
    range: core::ops::Range<usize>,
    k: f64,
    full: f64,
    middle: &[f32],
    end: &[f32],
) -> f64 {
    let n = range.len().max(1) as f64;
    let mut total = 0.0;
    for i in range {
        let p = sigmoid(k * (f64::from(set.base[i]) + value(set, i, full, middle, end)));
        let p = p.clamp(1e-12, 1.0 - 1e-12);
        let y = f64::from(set.result[i]);
        total -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
    }
    total / n
}

/// The scale `k` whose loss with the terms alone is least on `set`'s positions (a
/// search over its logarithm).
fn fit_k(set: &PatternSet, zero: &[f32]) -> f64 {
    let all = 0..set.len();
    let at = |lk: f64| loss(set, all.clone(), lk.exp(), 1.0, zero, zero);
    let (mut lo, mut hi) = ((1e-4f64).ln(), (1.0f64).ln());
    for _ in 0..40 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if at(a) < at(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Learns the values of `start`'s windows from `set` (its last `config.held_out` share
/// held out), from the values of `start`; `progress` hears of each epoch (its number,
/// the held-out loss). Deterministic for a given `config`.
pub fn learn(
    set: &PatternSet,
    start: &Patterns,
    config: &LearnConfig,
    progress: &mut dyn FnMut(usize, f64),
) -> Learned {
    let n = start.windows() * STATES;
    let full = start.full() as f64;
    let (m0, e0) = start.values();
    let mut theta: [Vec<f32>; 2] = [
        m0.iter().map(|&v| f32::from(v)).collect(),
        e0.iter().map(|&v| f32::from(v)).collect(),
    ];
    let zero = vec![0f32; n];
    let k = fit_k(set, &zero);
    let held = ((set.len() as f64) * config.held_out).round() as usize;
    let train = set.len() - held.min(set.len());
    let check = train..set.len();
    let start_loss = loss(set, check.clone(), k, full, &zero, &zero);
    let mut best = (
        loss(set, check.clone(), k, full, &theta[0], &theta[1]),
        theta.clone(),
        0,
    );
    let mut moments = [vec![0f32; 2 * n], vec![0f32; 2 * n]];
    let mut grad = vec![0f32; 2 * n];
    let mut seen = vec![false; 2 * n];
    let mut touched: Vec<usize> = Vec::new();
    let mut order: Vec<usize> = (0..train).collect();
    let mut rng = SplitMix64::new(config.seed);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8f64);
    let mut step = 0i32;
    for epoch in 1..=config.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for batch in order.chunks(config.batch.max(1)) {
            for &i in batch {
                let s = f64::from(set.base[i]) + value(set, i, full, &theta[0], &theta[1]);
                let y = target(set, i, k, config.score_share);
                let g = k * (sigmoid(k * s) - y) / batch.len() as f64;
                let phase = phase(set, i, full);
                let states = &set.states[i * set.windows..(i + 1) * set.windows];
                for (w, &st) in states.iter().enumerate() {
                    let at = w * STATES + usize::from(st);
                    for (half, share) in [(0, phase), (n, 1.0 - phase)] {
                        let j = half + at;
                        grad[j] += (g * share) as f32;
                        if !seen[j] {
                            seen[j] = true;
                            touched.push(j);
                        }
                    }
                }
            }
            step += 1;
            let c1 = 1.0 - b1.powi(step);
            let c2 = 1.0 - b2.powi(step);
            for &j in &touched {
                let (half, at) = if j < n { (0, j) } else { (1, j - n) };
                let g = f64::from(grad[j]) + config.l2 * f64::from(theta[half][at]);
                let m = b1 * f64::from(moments[0][j]) + (1.0 - b1) * g;
                let v = b2 * f64::from(moments[1][j]) + (1.0 - b2) * g * g;
                moments[0][j] = m as f32;
                moments[1][j] = v as f32;
                let delta = config.rate * (m / c1) / ((v / c2).sqrt() + eps);
                theta[half][at] = (f64::from(theta[half][at]) - delta) as f32;
                grad[j] = 0.0;
                seen[j] = false;
            }
            touched.clear();
        }
        let l = loss(set, check.clone(), k, full, &theta[0], &theta[1]);
        progress(epoch, l);
        if l < best.0 {
            best = (l, theta.clone(), epoch);
        }
    }
    let round = |v: &[f32]| -> Vec<i16> {
        v.iter()
            .map(|&x| x.round().clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16)
            .collect()
    };
    let mut patterns = start.clone();
    patterns.set_values(&round(&best.1[0]), &round(&best.1[1]));
    Learned {
        patterns,
        k,
        start_loss,
        loss: best.0,
        epoch: best.2,
        positions: (train, set.len() - train),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use column_checkers::{Position, RussianDraughts};

    /// Positions whose result is decided by one window's state: a man of the side to
    /// move on square 13 (White's view) wins, on 14 the game is drawn.
    #[test]
    fn a_pattern_that_decides_the_result_is_learned() {
        let texts = [
            ("W:W13,21:B10", 1.0), // White to move, a man on 13 wins
            ("W:W14,21:B10", 0.5),
            ("B:W23:B20,12", 0.0), // Black to move, a man on 20 (13 turned) wins
            ("B:W23:B19,12", 0.5),
        ];
        let mut data = Vec::new();
        for _ in 0..200 {
            for (t, r) in texts {
                data.push(Labelled {
                    position: t.to_string(),
                    white_score: r,
                    score: None,
                });
            }
        }
        let w = RussianDraughts::weights();
        let set = pattern_set::<RussianDraughts>(&data, w).unwrap().unwrap();
        assert_eq!(set.len(), 800);
        let start = RussianDraughts::patterns().unwrap();
        let config = LearnConfig {
            epochs: 30,
            rate: 2.0,
            batch: 16,
            ..LearnConfig::default()
        };
        let learned = learn(&set, start, &config, &mut |_, _| {});
        assert!(learned.loss < learned.start_loss, "{learned:?}");
        assert!(learned.epoch > 0);
        // the winning men's states are worth more than the drawn ones'
        let score = |t: &str| {
            let pos: RussianDraughts = t.parse().unwrap();
            let mut states = vec![0u16; learned.patterns.windows()];
            let pieces = pos.pattern_states(&mut states).unwrap();
            learned.patterns.value(&states, pieces)
        };
        assert!(score(texts[0].0) > score(texts[1].0) + 20);
        assert_eq!(score(texts[0].0), score(texts[2].0));
        let _ = RussianDraughts::start();
    }

    #[test]
    fn a_target_blends_the_result_with_the_search_score_for_the_side_to_move() {
        let data = [
            Labelled {
                position: "W:W13,21:B10".into(),
                white_score: 1.0,
                score: Some(200),
            },
            Labelled {
                position: "B:W23:B20,12".into(),
                white_score: 1.0,
                score: Some(200),
            },
            Labelled {
                position: "W:W14,21:B10".into(),
                white_score: 0.5,
                score: None,
            },
        ];
        let set = pattern_set::<RussianDraughts>(&data, RussianDraughts::weights())
            .unwrap()
            .unwrap();
        let k = 0.01;
        let high = sigmoid(2.0);
        assert!((target(&set, 0, k, 0.5) - (0.5 + 0.5 * high)).abs() < 1e-6);
        assert!((target(&set, 1, k, 0.5) - 0.5 * (1.0 - high)).abs() < 1e-6);
        assert!((target(&set, 0, k, 0.0) - 1.0).abs() < 1e-9);
        assert!((target(&set, 2, k, 0.5) - 0.5).abs() < 1e-9);
    }

    #[test]
    fn a_ruleset_without_patterns_gives_none() {
        let data = [Labelled {
            position: column_checkers::NeoCrossings::start().to_string(),
            white_score: 0.5,
            score: None,
        }];
        let w = column_checkers::NeoCrossings::weights();
        assert_eq!(
            pattern_set::<column_checkers::NeoCrossings>(&data, w),
            Ok(None)
        );
    }
}
