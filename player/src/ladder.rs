//! The ladder of [`Level`]s: matches that measure each level against its neighbours,
//! at node budgets, so that the machine's load does not move the figures.
//!
//! Its rungs: level 1 against random moves, level 1 against level 3, then each level
//! from 2 to 10 against the one below (level 10 within a node limit of the ladder's
//! own). Each rung is a [match](crate::matches) over random openings, each played with
//! both colours; the score is the higher level's (level 1's in the first two).
//! `column-checkers-player ladder --game NAME` plays it and prints the table.
//!
//! ```
//! use column_checkers::Lasca;
//! use column_checkers_player::ladder::{play_ladder, LadderConfig};
//!
//! let config = LadderConfig { openings: 1, top: 2, full_nodes: 500, max_plies: 30, ..LadderConfig::default() };
//! let rungs = play_ladder::<Lasca>(&config, &mut |_, _| {});
//! // level 1 against random, level 1 against level 3, level 2 against level 1
//! assert_eq!(rungs.len(), 3);
//! assert!(rungs.iter().all(|r| r.score.games() == 2));
//! ```

use std::fmt::Write as _;

use column_checkers::MoveSquares;

use crate::eval::Evaluate;
use crate::level::Level;
use crate::matches::{play_match, random_openings, Contender, MatchConfig, Score};
use crate::Limits;

/// The ladder's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderConfig {
    /// Random openings a rung plays, each with both colours.
    pub openings: usize,
    /// The openings' length in plies.
    pub opening_plies: usize,
    /// The openings' seed (and the levels' chance: the higher level plays with this
    /// seed, the lower with the next).
    pub seed: u64,
    /// Level 10's nodes a move (it has no budget of its own).
    pub full_nodes: u64,
    /// Plies after which a game is adjudicated a draw.
    pub max_plies: usize,
    /// The transposition table of each player, in megabytes.
    pub table_mb: usize,
    /// The lowest level whose rung against the one below is played (1: the rungs
    /// against random play and level 3 too).
    pub bottom: u8,
    /// The highest level whose rung against the one below is played.
    pub top: u8,
}

impl Default for LadderConfig {
    /// 20 openings of 4 plies from seed 1, level 10 at 25 000 nodes, 300 plies, 16 MB:
    /// the whole ladder.
    fn default() -> LadderConfig {
        LadderConfig {
            openings: 20,
            opening_plies: 4,
            seed: 1,
            full_nodes: 25_000,
            max_plies: 300,
            table_mb: 16,
            bottom: 1,
            top: 10,
        }
    }
}

/// A rung of the ladder: a match and its score.
#[derive(Clone, Debug, PartialEq)]
pub struct Rung {
    /// The player whose score it is.
    pub player: Contender,
    /// Its opponent.
    pub opponent: Contender,
    /// The player's score.
    pub score: Score,
}

impl Rung {
    /// The rung's name: `level 2 - level 1`.
    pub fn name(&self) -> String {
        format!("{} - {}", self.player.name(), self.opponent.name())
    }
}

/// The matches of the ladder as `config` chooses them, in order.
pub fn rungs(config: &LadderConfig) -> Vec<(Contender, Contender)> {
    let level = |n: u8, seed: u64| {
        let l = Level::new(n).expect("a level from 1 to 10");
        let limits = if l.is_full() {
            Limits::nodes(config.full_nodes)
        } else {
            Limits::default()
        };
        Contender::Level(l, limits, seed)
    };
    let (a, b) = (config.seed, config.seed.wrapping_add(1));
    let mut out = Vec::new();
    if config.bottom <= 1 {
        out.push((level(1, a), Contender::Random(b)));
        out.push((level(1, a), level(3, b)));
    }
    for n in config.bottom.max(2)..=config.top.min(10) {
        out.push((level(n, a), level(n - 1, b)));
    }
    out
}

/// Plays the ladder's rungs ([`rungs`]) in the ruleset of `P`; `progress` hears of
/// each finished rung (its index and result).
pub fn play_ladder<P>(config: &LadderConfig, progress: &mut dyn FnMut(usize, &Rung)) -> Vec<Rung>
where
    P: Evaluate,
    P::Move: MoveSquares,
{
    let openings = random_openings::<P>(config.openings, config.opening_plies, config.seed);
    let mut out = Vec::new();
    for (i, (player, opponent)) in rungs(config).into_iter().enumerate() {
        let match_config = MatchConfig {
            first: player.clone(),
            second: opponent.clone(),
            max_plies: config.max_plies,
            table_mb: config.table_mb,
            sprt: None,
        };
        let report = play_match::<P>(&match_config, &openings, &mut |_, _| {});
        let rung = Rung {
            player,
            opponent,
            score: report.score,
        };
        progress(i, &rung);
        out.push(rung);
    }
    out
}

/// The rungs as a Markdown table: the match, the games, wins, draws and losses, the
/// score and Elo with its 95 % interval.
///
/// ```
/// use column_checkers_player::ladder::{table, Rung};
/// use column_checkers_player::matches::{Contender, Score};
///
/// let rung = Rung {
///     player: Contender::Random(1),
///     opponent: Contender::Random(2),
///     score: Score { wins: 3, draws: 2, losses: 3 },
/// };
/// let t = table(&[rung]);
/// assert!(t.contains("| random - random | 8 | 3 | 2 | 3 | 50.0 % | +0 "));
/// ```
pub fn table(rungs: &[Rung]) -> String {
    let mut s = String::from(
        "| match | games | won | drawn | lost | score | Elo (95 %) |\n\
         |---|---:|---:|---:|---:|---:|---|\n",
    );
    for r in rungs {
        let _ = writeln!(s, "{}", row(r));
    }
    s
}

/// A rung's row of [`table`].
pub fn row(r: &Rung) -> String {
    let s = r.score;
    // + 0.0: an even score reads +0, not -0
    let (elo, low, high) = s.elo_interval();
    let (elo, low, high) = (elo + 0.0, low + 0.0, high + 0.0);
    format!(
        "| {} | {} | {} | {} | {} | {:.1} % | {:+.0} [{:+.0}, {:+.0}] |",
        r.name(),
        s.games(),
        s.wins,
        s.draws,
        s.losses,
        100.0 * s.fraction(),
        elo,
        low,
        high
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_whole_ladder_has_eleven_rungs_from_random_to_level_ten() {
        let r = rungs(&LadderConfig::default());
        assert_eq!(r.len(), 11);
        assert_eq!(r[0].1, Contender::Random(2));
        assert_eq!(r[1].1.name(), "level 3");
        assert_eq!(r[10].0.name(), "level 10 25000 nodes");
        assert_eq!(r[10].1.name(), "level 9");
    }

    #[test]
    fn a_part_of_the_ladder_plays_its_own_rungs() {
        let c = LadderConfig {
            bottom: 4,
            top: 5,
            ..LadderConfig::default()
        };
        let names: Vec<_> = rungs(&c)
            .iter()
            .map(|(a, b)| (a.name(), b.name()))
            .collect();
        assert_eq!(
            names,
            [
                ("level 4".to_string(), "level 3".to_string()),
                ("level 5".to_string(), "level 4".to_string())
            ]
        );
    }
}
