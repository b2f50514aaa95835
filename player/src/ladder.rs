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
    /// Only these rungs, as [`RungId`]s (empty: every rung from `bottom` to `top`).
    pub only: Vec<RungId>,
}

/// A rung of the ladder by its levels: `(n, 0)` level `n` against random play (only
/// level 1's), `(1, 3)` level 1 against level 3, `(n, n - 1)` level `n` against the one
/// below. Read from `1-random`, `1-3`, `4-3`.
///
/// ```
/// use column_checkers_player::ladder::RungId;
///
/// assert_eq!("1-random".parse::<RungId>().unwrap(), RungId(1, 0));
/// assert_eq!("7-6".parse::<RungId>().unwrap(), RungId(7, 6));
/// assert_eq!(
///     "7-5".parse::<RungId>().unwrap_err(),
///     "\"7-5\" is not a rung of the ladder: 1-random, 1-3, or N-M with M one below N (2 to 10)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RungId(pub u8, pub u8);

impl std::str::FromStr for RungId {
    type Err = String;

    fn from_str(s: &str) -> Result<RungId, String> {
        let bad = || {
            format!(
                "{s:?} is not a rung of the ladder: 1-random, 1-3, or N-M with M one below N (2 to 10)"
            )
        };
        let (a, b) = s.trim().split_once('-').ok_or_else(bad)?;
        let a: u8 = a.parse().map_err(|_| bad())?;
        let b: u8 = if b == "random" {
            0
        } else {
            b.parse().map_err(|_| bad())?
        };
        match (a, b) {
            (1, 0) | (1, 3) => Ok(RungId(a, b)),
            (2..=10, _) if b == a - 1 => Ok(RungId(a, b)),
            _ => Err(bad()),
        }
    }
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
            only: Vec::new(),
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
    let mut ids = Vec::new();
    if config.bottom <= 1 {
        ids.push(RungId(1, 0));
        ids.push(RungId(1, 3));
    }
    for n in config.bottom.max(2)..=config.top.min(10) {
        ids.push(RungId(n, n - 1));
    }
    if !config.only.is_empty() {
        ids.retain(|id| config.only.contains(id));
    }
    ids.into_iter()
        .map(|RungId(n, m)| {
            let opponent = if m == 0 {
                Contender::Random(b)
            } else {
                level(m, b)
            };
            (level(n, a), opponent)
        })
        .collect()
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

/// `text`, a ladder file in the form of `player/ladder.txt`, with the section of the
/// ruleset `name` (its position type's name) holding the `rungs`' figures: each level's
/// line against the level below (level 1's against random play) replaced or added,
/// the section's other lines kept, the section added at the end if there is none.
/// Level 1 against level 3 has no line.
///
/// ```
/// use column_checkers_player::ladder::{update_measured, Rung};
/// use column_checkers_player::matches::{Contender, Score};
/// use column_checkers_player::{Level, Limits};
///
/// let level = |n| Contender::Level(Level::new(n).unwrap(), Limits::default(), 1);
/// let rung = Rung { player: level(3), opponent: level(2), score: Score { wins: 5, draws: 1, losses: 2 } };
/// let text = "# the ladder\n\n[lasca]\nlevel=2 against=1 won=1 drawn=0 lost=0\nlevel=3 against=2 won=0 drawn=0 lost=1\n\n[bashni]\nlevel=1 against=random won=1 drawn=0 lost=0\n";
/// assert_eq!(
///     update_measured(text, "lasca", &[rung]),
///     "# the ladder\n\n[lasca]\nlevel=2 against=1 won=1 drawn=0 lost=0\nlevel=3 against=2 won=5 drawn=1 lost=2\n\n[bashni]\nlevel=1 against=random won=1 drawn=0 lost=0\n"
/// );
/// ```
pub fn update_measured(text: &str, name: &str, rungs: &[Rung]) -> String {
    let line_of = |r: &Rung| -> Option<(u8, String)> {
        let Contender::Level(l, _, _) = &r.player else {
            return None;
        };
        let against = match &r.opponent {
            Contender::Random(_) if l.get() == 1 => "random".to_string(),
            Contender::Level(o, _, _) if o.get() + 1 == l.get() => o.to_string(),
            _ => return None,
        };
        let s = r.score;
        Some((
            l.get(),
            format!(
                "level={l} against={against} won={} drawn={} lost={}",
                s.wins, s.draws, s.losses
            ),
        ))
    };
    let level_of = |line: &str| -> Option<u8> {
        line.split_whitespace()
            .next()?
            .strip_prefix("level=")?
            .parse()
            .ok()
    };
    let header = format!("[{name}]");
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| l.trim() == header);
    // the section's lines: from its header to the next header or the end
    let (before, section, after): (&[&str], Vec<String>, &[&str]) = match start {
        Some(i) => {
            let end = lines[i + 1..]
                .iter()
                .position(|l| l.trim().starts_with('['))
                .map_or(lines.len(), |j| i + 1 + j);
            // blank lines at the section's end stay between it and the next
            let mut last = end;
            while last > i + 1 && lines[last - 1].trim().is_empty() {
                last -= 1;
            }
            (
                &lines[..i],
                lines[i + 1..last].iter().map(|l| l.to_string()).collect(),
                &lines[last..],
            )
        }
        None => (&lines[..], Vec::new(), &[]),
    };
    let mut section = section;
    for (level, line) in rungs.iter().filter_map(line_of) {
        match section.iter().position(|l| level_of(l) == Some(level)) {
            Some(i) => section[i] = line,
            None => {
                let at = section
                    .iter()
                    .position(|l| level_of(l).is_some_and(|n| n > level))
                    .unwrap_or(section.len());
                section.insert(at, line);
            }
        }
    }
    let mut out = String::new();
    for l in before {
        out.push_str(l);
        out.push('\n');
    }
    if start.is_none() && before.last().is_some_and(|l| !l.trim().is_empty()) {
        out.push('\n');
    }
    out.push_str(&header);
    out.push('\n');
    for l in &section {
        out.push_str(l);
        out.push('\n');
    }
    for l in after {
        out.push_str(l);
        out.push('\n');
    }
    out
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

    fn rung(n: u8, m: u8, wins: u32) -> Rung {
        let level = |n| Contender::Level(Level::new(n).unwrap(), crate::Limits::default(), 1);
        Rung {
            player: level(n),
            opponent: if m == 0 {
                Contender::Random(2)
            } else {
                level(m)
            },
            score: Score {
                wins,
                draws: 1,
                losses: 2,
            },
        }
    }

    #[test]
    fn the_measured_rungs_go_into_their_section_in_level_order() {
        let text = "# comment\n[lasca]\nlevel=1 against=random won=1 drawn=0 lost=0\nlevel=4 against=3 won=4 drawn=0 lost=0\n";
        // level 1 against level 3 has no line; level 2 goes between 1 and 4
        let out = update_measured(text, "lasca", &[rung(1, 3, 9), rung(2, 1, 7)]);
        assert_eq!(
            out,
            "# comment\n[lasca]\nlevel=1 against=random won=1 drawn=0 lost=0\nlevel=2 against=1 won=7 drawn=1 lost=2\nlevel=4 against=3 won=4 drawn=0 lost=0\n"
        );
        // a ruleset without a section gets one at the end, after a blank line
        let out = update_measured(text, "dameo", &[rung(1, 0, 5)]);
        assert_eq!(
            out,
            format!("{text}\n[dameo]\nlevel=1 against=random won=5 drawn=1 lost=2\n")
        );
        // an empty file gets the section alone
        assert_eq!(
            update_measured("", "dameo", &[rung(3, 2, 0)]),
            "[dameo]\nlevel=3 against=2 won=0 drawn=1 lost=2\n"
        );
    }

    #[test]
    fn rungs_chosen_by_name_are_played_in_the_ladder_order() {
        let c = LadderConfig {
            only: vec![RungId(4, 3), RungId(1, 0)],
            ..LadderConfig::default()
        };
        let names: Vec<_> = rungs(&c)
            .iter()
            .map(|(a, b)| format!("{} - {}", a.name(), b.name()))
            .collect();
        assert_eq!(names, ["level 1 - random", "level 4 - level 3"]);
        for bad in ["1-2", "3-random", "11-10", "x", "2-0"] {
            assert!(bad.parse::<RungId>().is_err(), "{bad}");
        }
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
