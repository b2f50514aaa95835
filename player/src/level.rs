//! Levels of play, 1 (beginner) to 10 (master): the player weakened on purpose, so
//! that a person learning a game has an opponent to beat.
//!
//! Below level 10 each root move is scored by its own shallow search (a depth and a
//! share of the level's nodes, or the evaluation alone), noise is added to the scores,
//! and the move is drawn by a softmax of them at the level's temperature: the best
//! move most often, a near-best one often, a poor one rarely. The higher levels search
//! the whole tree within a node budget.
//! Level 10 is the full player within the caller's limits.
//!
//! A level chooses among the position's legal moves only, so it takes a capture where
//! the rules force one. Its chance is drawn from its seed, the position and the
//! game's length: the same game with the same seed replays move for move. Every level
//! below 10 plays within its own node budget (about ten thousand nodes a move at
//! most), whatever the machine's load; the caller's limits still bound it.
//!
//! The levels' settings are data, `player/levels.txt`, a line a level and lines of a
//! ruleset's own where one needs other settings; `column-checkers-player ladder`
//! measures them against each other (`docs/strength.md`).
//!
//! ```
//! use column_checkers::{Lasca, Position};
//! use column_checkers_player::{Level, LevelPlayer, Limits};
//!
//! let level: Level = "3".parse().unwrap();
//! assert_eq!(level.name(), "learner");
//! let mut player = LevelPlayer::<Lasca>::new(level, 1).with_seed(7);
//! let pos = Lasca::start();
//! let found = player.search(&pos, &[], Limits::default(), &mut |_| {});
//! assert!(pos.is_legal(&found.best.unwrap()));
//!
//! assert_eq!(
//!     "11".parse::<Level>().unwrap_err().to_string(),
//!     "level \"11\" is not from 1 (beginner) to 10 (master)"
//! );
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use column_checkers::playout::SplitMix64;
use column_checkers::{MoveList, MoveSquares, Position};
use thiserror::Error;

use crate::eval::Evaluate;
use crate::{Info, Limits, Player, SearchResult, Searcher, WIN};

/// A level of play, 1 (beginner) to 10 (master, the full player).
///
/// ```
/// use column_checkers_player::Level;
///
/// let l = Level::new(5).unwrap();
/// assert_eq!((l.get(), l.to_string()), (5, "5".to_string()));
/// assert_eq!(Level::MAX.name(), "master");
/// assert!(Level::new(0).is_err());
/// assert_eq!(Level::all().count(), 10);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// The names of the levels, 1 to 10, as a person reads them.
const NAMES: [&str; 10] = [
    "beginner",
    "novice",
    "learner",
    "casual",
    "intermediate",
    "club player",
    "strong club player",
    "expert",
    "candidate master",
    "master",
];

/// A level that is not one ([`Level::new`], [`Level`]'s [`FromStr`]): the error names
/// what was given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LevelError {
    /// A text that is not a whole number.
    #[error("level {0:?} is not a number from 1 (beginner) to 10 (master)")]
    NotANumber(String),
    /// A number outside 1 to 10, as given.
    #[error("level {0:?} is not from 1 (beginner) to 10 (master)")]
    OutOfRange(String),
}

impl Level {
    /// Level 1, the beginner.
    pub const MIN: Level = Level(1);
    /// Level 10, the full player.
    pub const MAX: Level = Level(10);

    /// Level `n`, from 1 to 10.
    ///
    /// # Errors
    /// [`LevelError::OutOfRange`] for any other number.
    pub fn new(n: u8) -> Result<Level, LevelError> {
        Level::from_number(i64::from(n))
    }

    /// Level `n` given as any whole number (a binding's integer), from 1 to 10.
    ///
    /// # Errors
    /// [`LevelError::OutOfRange`] naming `n`.
    ///
    /// ```
    /// use column_checkers_player::Level;
    /// assert_eq!(
    ///     Level::from_number(-3).unwrap_err().to_string(),
    ///     "level \"-3\" is not from 1 (beginner) to 10 (master)"
    /// );
    /// ```
    pub fn from_number(n: i64) -> Result<Level, LevelError> {
        if (1..=10).contains(&n) {
            Ok(Level(n as u8))
        } else {
            Err(LevelError::OutOfRange(n.to_string()))
        }
    }

    /// Its number, 1 to 10.
    pub fn get(self) -> u8 {
        self.0
    }

    /// Its name as a person reads it: `beginner`, `novice`, ... `master`.
    pub fn name(self) -> &'static str {
        NAMES[usize::from(self.0 - 1)]
    }

    /// The levels from 1 to 10.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=10).map(Level)
    }

    /// Whether it is level 10, the full player.
    pub fn is_full(self) -> bool {
        self == Level::MAX
    }

    /// Its settings in the ruleset of `P` (the ruleset's own lines of
    /// `player/levels.txt`, else the common ones); `None` for level 10, the full
    /// player.
    ///
    /// ```
    /// use column_checkers::Emergo;
    /// use column_checkers_player::Level;
    ///
    /// let one = Level::MIN.settings::<Emergo>().unwrap();
    /// assert!(one.temperature > 0);
    /// assert_eq!(Level::MAX.settings::<Emergo>(), None);
    /// ```
    pub fn settings<P: Position>(self) -> Option<Settings> {
        if self.is_full() {
            return None;
        }
        let table = table();
        let i = usize::from(self.0 - 1);
        Some(
            table
                .iter()
                .find(|(game, _)| game == P::NAME)
                .map_or(table[0].1[i], |(_, rows)| rows[i]),
        )
    }

    /// What the level scored when the ladder last measured it in the ruleset of `P`
    /// (`player/ladder.txt`, the figures of `column-checkers-player ladder`): its
    /// games against the level below, level 1's against random moves. `None` in a
    /// ruleset the ladder has not measured.
    ///
    /// ```
    /// use column_checkers::{Emergo, Stapeldammen};
    /// use column_checkers_player::Level;
    ///
    /// let one = Level::MIN.measured::<Emergo>().unwrap();
    /// assert_eq!(one.against, None);
    /// assert!(one.score() >= 0.9);
    /// assert!(one.to_string().starts_with("scores "));
    /// assert_eq!(Level::MAX.measured::<Emergo>().unwrap().against, Level::new(9).ok());
    /// assert_eq!(Level::MIN.measured::<Stapeldammen>(), None);
    /// ```
    pub fn measured<P: Position>(self) -> Option<Measured> {
        measured_table()
            .iter()
            .find(|(game, _)| game == P::NAME)
            .and_then(|(_, rows)| rows[usize::from(self.0 - 1)])
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = LevelError;

    /// A level's number, `1` to `10` (spaces around it allowed).
    fn from_str(s: &str) -> Result<Level, LevelError> {
        let n: i64 = s
            .trim()
            .parse()
            .map_err(|_| LevelError::NotANumber(s.to_string()))?;
        Level::from_number(n).map_err(|_| LevelError::OutOfRange(s.to_string()))
    }
}

impl TryFrom<u8> for Level {
    type Error = LevelError;
    fn try_from(n: u8) -> Result<Level, LevelError> {
        Level::new(n)
    }
}

/// How a level below 10 plays: its search and its chance.
///
/// ```
/// use column_checkers_player::level::Settings;
///
/// let s: Settings = "depth=2 nodes=4000 temperature=40 noise=10".parse().unwrap();
/// assert_eq!((s.depth, s.nodes, s.temperature, s.noise), (2, 4000, 40, 10));
/// assert!("depth=two".parse::<Settings>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Each root move's search, in plies counted from the root: 1 scores a move by the
    /// evaluation of the position it leaves; 0 searches the whole tree at once within
    /// [`nodes`](Self::nodes), the best move found played (no temperature, no noise).
    pub depth: u32,
    /// The nodes a move, shared among the root's moves (0: no limit beyond the depth).
    pub nodes: u64,
    /// The softmax's temperature in hundredths of a man: a move scoring this much
    /// below another is `e` times less likely (0: the best move).
    pub temperature: u32,
    /// Noise added to each root move's score, drawn evenly within plus or minus this
    /// many hundredths of a man.
    pub noise: u32,
}

/// A settings text that does not read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SettingsError {
    /// A word that is not `key=value` of a known key with a whole number.
    #[error("{0:?} is not one of depth=N, nodes=N, temperature=N, noise=N")]
    BadWord(String),
}

impl FromStr for Settings {
    type Err = SettingsError;

    /// `key=value` words: `depth`, `nodes`, `temperature`, `noise` (a missing key is 0).
    fn from_str(s: &str) -> Result<Settings, SettingsError> {
        let mut out = Settings::default();
        for word in s.split_whitespace() {
            let bad = || SettingsError::BadWord(word.to_string());
            let (key, value) = word.split_once('=').ok_or_else(bad)?;
            match key {
                "depth" => out.depth = value.parse().map_err(|_| bad())?,
                "nodes" => out.nodes = value.parse().map_err(|_| bad())?,
                "temperature" => out.temperature = value.parse().map_err(|_| bad())?,
                "noise" => out.noise = value.parse().map_err(|_| bad())?,
                _ => return Err(bad()),
            }
        }
        Ok(out)
    }
}

impl fmt::Display for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "depth={} nodes={} temperature={} noise={}",
            self.depth, self.nodes, self.temperature, self.noise
        )
    }
}

/// The levels 1 to 9 of each section of `player/levels.txt`: the common section
/// first (its name empty), then each ruleset's.
type Table = Vec<(String, [Settings; 9])>;

/// Reads `player/levels.txt`: `# comments`; `[NAME]` starts a ruleset's section (its
/// position type's name); `level=N key=value...` sets level N (1 to 9) of the
/// section. The common section comes first and sets every level; a ruleset's section
/// may set some, the rest its common ones.
fn read_table(text: &str) -> Result<Table, String> {
    let mut table: Table = vec![(String::new(), [Settings::default(); 9])];
    let mut seen = [false; 9];
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: &dyn fmt::Display| format!("line {}: {e}", i + 1);
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let common = table[0].1;
            table.push((name.to_string(), common));
            continue;
        }
        let (first, rest) = line.split_once(' ').unwrap_or((line, ""));
        let n: usize = first
            .strip_prefix("level=")
            .and_then(|n| n.parse().ok())
            .filter(|n| (1..=9).contains(n))
            .ok_or_else(|| at(&format!("{first:?} is not level=N of 1 to 9")))?;
        let settings: Settings = rest.parse().map_err(|e| at(&e))?;
        if table.len() == 1 {
            seen[n - 1] = true;
        }
        table.last_mut().expect("the common section").1[n - 1] = settings;
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        return Err(format!("the common section has no level={}", missing + 1));
    }
    Ok(table)
}

/// The levels' settings of this process: [`use_levels`]'s, else the compiled-in
/// `player/levels.txt`.
static TABLE: OnceLock<Table> = OnceLock::new();

/// The levels' settings, read once from the compiled-in `player/levels.txt` (the
/// tests read it, so a failure here is a file broken since the crate was built)
/// unless [`use_levels`] set others first.
fn table() -> &'static Table {
    TABLE.get_or_init(|| {
        read_table(include_str!("../levels.txt"))
            .unwrap_or_else(|e| panic!("player/levels.txt: {e}"))
    })
}

/// Makes every level of this process play by `text`, a levels file in the form of
/// `player/levels.txt`, rather than the compiled-in one: the ladder's `--levels FILE`,
/// to measure other settings without a rebuild. Call it before any level plays.
///
/// # Errors
/// The text's first broken line, or that the levels have already been read.
///
/// ```
/// use column_checkers_player::level::use_levels;
///
/// assert_eq!(
///     use_levels("level=1 depth=x").unwrap_err(),
///     "line 1: \"depth=x\" is not one of depth=N, nodes=N, temperature=N, noise=N"
/// );
/// ```
pub fn use_levels(text: &str) -> Result<(), String> {
    let t = read_table(text)?;
    TABLE
        .set(t)
        .map_err(|_| "the levels were read before their file was given".to_string())
}

/// A level's games in the ladder's last measurement ([`Level::measured`]), from the
/// level's side.
///
/// ```
/// use column_checkers_player::level::Measured;
/// use column_checkers_player::Level;
///
/// let m = Measured { against: Level::new(2).ok(), won: 12, drawn: 4, lost: 4 };
/// assert_eq!((m.games(), m.score()), (20, 0.7));
/// assert_eq!(m.to_string(), "scores 70 % against level 2 (20 games)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measured {
    /// The opponent: `None` for uniformly random moves (level 1's), else a level.
    pub against: Option<Level>,
    /// Games won.
    pub won: u32,
    /// Games drawn.
    pub drawn: u32,
    /// Games lost.
    pub lost: u32,
}

impl Measured {
    /// The games played.
    pub fn games(self) -> u32 {
        self.won + self.drawn + self.lost
    }

    /// The score from 0 to 1: a win counts 1, a draw one half.
    pub fn score(self) -> f64 {
        (f64::from(self.won) + f64::from(self.drawn) / 2.0) / f64::from(self.games().max(1))
    }
}

impl fmt::Display for Measured {
    /// `scores 70 % against level 2 (20 games)`: the figure a person is shown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let score = (self.score() * 1000.0).round() / 10.0;
        match self.against {
            None => write!(f, "scores {score} % against random moves")?,
            Some(l) => write!(f, "scores {score} % against level {l}")?,
        }
        write!(f, " ({} games)", self.games())
    }
}

/// Each ruleset's measured levels 1 to 10 (`player/ladder.txt`).
type MeasuredTable = Vec<(String, [Option<Measured>; 10])>;

/// Reads `player/ladder.txt`: `# comments`; `[NAME]` starts a ruleset's section (its
/// position type's name); `level=N against=random|M won=W drawn=D lost=L` a level's
/// games.
fn read_measured(text: &str) -> Result<MeasuredTable, String> {
    let mut table: MeasuredTable = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: &str| format!("line {}: {e}", i + 1);
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            table.push((name.to_string(), [None; 10]));
            continue;
        }
        let mut level = None;
        let mut m = Measured {
            against: None,
            won: 0,
            drawn: 0,
            lost: 0,
        };
        for word in line.split_whitespace() {
            let bad = || {
                at(&format!(
                    "{word:?} is not level=N, against=random|N, won=N, drawn=N or lost=N"
                ))
            };
            let (key, value) = word.split_once('=').ok_or_else(bad)?;
            let number = || value.parse::<u32>().map_err(|_| bad());
            match key {
                "level" => level = Some(value.parse::<Level>().map_err(|_| bad())?),
                "against" if value == "random" => m.against = None,
                "against" => m.against = Some(value.parse::<Level>().map_err(|_| bad())?),
                "won" => m.won = number()?,
                "drawn" => m.drawn = number()?,
                "lost" => m.lost = number()?,
                _ => return Err(bad()),
            }
        }
        let level = level.ok_or_else(|| at("no level=N"))?;
        let (_, rows) = table
            .last_mut()
            .ok_or_else(|| at("a level before any [NAME]"))?;
        rows[usize::from(level.0 - 1)] = Some(m);
    }
    Ok(table)
}

/// The measured levels, read once from the compiled-in `player/ladder.txt` (the tests
/// read it, so a failure here is a file broken since the crate was built).
fn measured_table() -> &'static MeasuredTable {
    static TABLE: OnceLock<MeasuredTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        read_measured(include_str!("../ladder.txt"))
            .unwrap_or_else(|e| panic!("player/ladder.txt: {e}"))
    })
}

/// Scores beyond this many hundredths of a man count as this much in the softmax (a
/// win is a win, whatever its distance).
const CLAMP: i32 = 10_000;

/// The chance of one move: a generator drawn from the seed, the position and the
/// game's length, so that a move does not depend on what was searched before.
fn chance(seed: u64, pos_key: u64, plies: usize) -> SplitMix64 {
    let mut r = SplitMix64::new(
        seed ^ pos_key.rotate_left(23) ^ (plies as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
    );
    r.next_u64();
    r
}

/// A number in `0..1` from `rng`.
fn unit(rng: &mut SplitMix64) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Searches `pos` as `settings` say with `player` (its tables and weights): the move
/// drawn among the legal moves, the chance from `seed`, the position and the game's
/// length (`history`). `limits` bound it too (a time limit shortens the scoring:
/// moves not scored in time are scored by the evaluation). The player's stop flag
/// ends the scoring between two moves.
///
/// ```
/// use column_checkers::{Dameo, Position};
/// use column_checkers_player::level::{search_with, Settings};
/// use column_checkers_player::{Limits, Player};
///
/// let settings: Settings = "depth=2 nodes=2000 temperature=30".parse().unwrap();
/// let mut player = Player::<Dameo>::new(1);
/// let pos = Dameo::start();
/// let a = search_with(&mut player, settings, 5, &pos, &[], Limits::default(), &mut |_| {});
/// let b = search_with(&mut player, settings, 5, &pos, &[], Limits::default(), &mut |_| {});
/// assert_eq!(a.best, b.best);
/// assert!(pos.is_legal(&a.best.unwrap()));
/// ```
pub fn search_with<P>(
    player: &mut Player<P>,
    settings: Settings,
    seed: u64,
    pos: &P,
    history: &[u64],
    limits: Limits,
    on_info: &mut dyn FnMut(&Info<P::Move>),
) -> SearchResult<P::Move>
where
    P: Evaluate,
    P::Move: MoveSquares,
{
    let start = Instant::now();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let none = SearchResult {
        best: None,
        score: 0,
        depth: 0,
        nodes: 0,
        pv: Vec::new(),
    };
    if moves.is_empty() || pos.outcome_among(&moves).is_some() {
        return none;
    }
    let nodes_cap = match (settings.nodes, limits.nodes) {
        (0, n) => n,
        (s, None) => Some(s),
        (s, Some(n)) => Some(s.min(n)),
    };
    let depth_cap = |d: u32| limits.depth.map_or(d, |l| d.min(l.max(1)));
    if settings.depth == 0 {
        // the whole tree within the node budget
        let whole = Limits {
            depth: limits.depth,
            nodes: nodes_cap,
            time: limits.time,
        };
        return player.search(pos, history, whole, on_info);
    }
    if moves.len() == 1 {
        let r = SearchResult {
            best: Some(moves[0]),
            ..none
        };
        on_info(&Info {
            depth: 1,
            score: 0,
            nodes: 0,
            nps: 0,
            elapsed: start.elapsed(),
            pv: vec![moves[0]],
        });
        return r;
    }
    // each root move scored by its own search
    let stop = player.stop_flag();
    let depth = depth_cap(settings.depth);
    let share = nodes_cap.map(|n| (n / moves.len() as u64).max(1));
    let mut path = history.to_vec();
    path.push(pos.zobrist());
    let mut scores = Vec::with_capacity(moves.len());
    let mut nodes = 0;
    let mut child = pos.clone();
    let mut replies = MoveList::new();
    for mv in moves.iter() {
        child.clone_from(pos);
        child.play_unchecked(mv);
        child.legal_moves(&mut replies);
        let out_of_time =
            limits.time.is_some_and(|t| start.elapsed() >= t) || stop.load(Ordering::Relaxed);
        let score = if let Some(o) = child.outcome_among(&replies) {
            match o.winner() {
                None => 0,
                Some(w) if w == pos.turn() => WIN - 1,
                Some(_) => -(WIN - 1),
            }
        } else if depth <= 1 || out_of_time {
            -child.evaluate(player.weights())
        } else {
            let l = Limits {
                depth: Some(depth - 1),
                nodes: share,
                time: limits.time.map(|t| {
                    t.saturating_sub(start.elapsed())
                        .max(Duration::from_millis(1))
                }),
            };
            let found = player.search(&child, &path, l, &mut |_| {});
            nodes += found.nodes;
            if found.depth == 0 {
                -child.evaluate(player.weights())
            } else {
                -found.score
            }
        };
        scores.push(score);
    }
    // the noise, then the draw
    let mut rng = chance(seed, pos.zobrist(), history.len());
    let noisy: Vec<i32> = scores
        .iter()
        .map(|&s| {
            let n = settings.noise as i64;
            let e = if n > 0 {
                rng.below((2 * n + 1) as usize) as i64 - n
            } else {
                0
            };
            s.clamp(-CLAMP, CLAMP) + e as i32
        })
        .collect();
    let top = *noisy.iter().max().expect("two moves or more");
    let pick = if settings.temperature == 0 {
        noisy.iter().position(|&s| s == top).expect("the best")
    } else {
        let t = f64::from(settings.temperature);
        let weights: Vec<f64> = noisy
            .iter()
            .map(|&s| (f64::from(s - top) / t).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut x = unit(&mut rng) * total;
        let mut pick = weights.len() - 1;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                pick = i;
                break;
            }
            x -= w;
        }
        pick
    };
    let best = moves[pick];
    let elapsed = start.elapsed();
    on_info(&Info {
        depth,
        score: scores[pick],
        nodes,
        nps: (nodes as u128 * 1000 / elapsed.as_millis().max(1)) as u64,
        elapsed,
        pv: vec![best],
    });
    SearchResult {
        best: Some(best),
        score: scores[pick],
        depth,
        nodes,
        pv: vec![best],
    }
}

/// Searches `pos` at `level` with `player`: below 10 as the level's settings in the
/// ruleset of `P` say ([`search_with`]), at 10 as [`Player::search`] within the
/// `limits`.
///
/// ```
/// use column_checkers::{Bashni, Position};
/// use column_checkers_player::level::search_at;
/// use column_checkers_player::{Level, Limits, Player};
///
/// let mut player = Player::<Bashni>::new(1);
/// let pos = Bashni::start();
/// for level in Level::all() {
///     let found = search_at(&mut player, level, 1, &pos, &[], Limits::nodes(3_000), &mut |_| {});
///     assert!(pos.is_legal(&found.best.unwrap()));
/// }
/// ```
pub fn search_at<P>(
    player: &mut Player<P>,
    level: Level,
    seed: u64,
    pos: &P,
    history: &[u64],
    limits: Limits,
    on_info: &mut dyn FnMut(&Info<P::Move>),
) -> SearchResult<P::Move>
where
    P: Evaluate,
    P::Move: MoveSquares,
{
    match level.settings::<P>() {
        None => player.search(pos, history, limits, on_info),
        Some(s) => search_with(player, s, seed, pos, history, limits, on_info),
    }
}

/// A player at a [`Level`]: the alpha-beta [`Player`] (its table kept from move to
/// move) weakened as the level says, its chance from a seed.
///
/// ```
/// use column_checkers::{Emergo, Position};
/// use column_checkers_player::{Level, LevelPlayer, Limits};
///
/// let pos = Emergo::start();
/// let mut a = LevelPlayer::<Emergo>::new(Level::MIN, 1).with_seed(3);
/// let mut b = LevelPlayer::<Emergo>::new(Level::MIN, 1).with_seed(3);
/// let first = a.search(&pos, &[], Limits::default(), &mut |_| {});
/// assert_eq!(first.best, b.search(&pos, &[], Limits::default(), &mut |_| {}).best);
/// ```
pub struct LevelPlayer<P: Position> {
    player: Player<P>,
    level: Level,
    seed: u64,
}

impl<P> LevelPlayer<P>
where
    P: Evaluate,
    P::Move: MoveSquares,
{
    /// A player at `level` with a transposition table of about `table_mb` megabytes,
    /// seed 0.
    pub fn new(level: Level, table_mb: usize) -> LevelPlayer<P> {
        LevelPlayer::with_player(Player::new(table_mb), level)
    }

    /// `player` (its weights, tables, clock) at `level`, seed 0.
    pub fn with_player(player: Player<P>, level: Level) -> LevelPlayer<P> {
        LevelPlayer {
            player,
            level,
            seed: 0,
        }
    }

    /// The same player drawing its chance from `seed`.
    pub fn with_seed(mut self, seed: u64) -> LevelPlayer<P> {
        self.seed = seed;
        self
    }

    /// Its level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Plays at `level` from now on.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// The alpha-beta player underneath (at full strength: analysis, hints).
    pub fn player_mut(&mut self) -> &mut Player<P> {
        &mut self.player
    }

    /// Searches `pos` at its level: below 10 within the level's budget and the
    /// `limits`, at 10 as [`Player::search`] within the `limits`. `history` holds the
    /// hashes of the game's earlier positions, oldest first.
    pub fn search(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: Limits,
        on_info: &mut dyn FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move> {
        search_at(
            &mut self.player,
            self.level,
            self.seed,
            pos,
            history,
            limits,
            on_info,
        )
    }
}

impl<P> Searcher<P> for LevelPlayer<P>
where
    P: Evaluate,
    P::Move: MoveSquares,
{
    fn search(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: Limits,
        on_info: &mut dyn FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move> {
        LevelPlayer::search(self, pos, history, limits, on_info)
    }

    fn clear(&mut self) {
        self.player.clear();
    }

    fn stop_flag(&self) -> Arc<AtomicBool> {
        self.player.stop_flag()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::random_position;
    use crate::ruleset::{self, Visitor};
    use column_checkers::{Introspect, Ruleset};
    use proptest::prelude::*;

    /// Each level's move in a random position of the ruleset (`plies` random moves from
    /// the start, drawn by `seed`), twice with the same seed: the moves must be legal,
    /// and the same.
    struct LegalAndRepeatable {
        seed: u64,
        plies: usize,
    }

    impl Visitor for LegalAndRepeatable {
        type Output = Result<(), String>;
        fn visit<P: Introspect + Evaluate>(self) -> Result<(), String> {
            let pos: P = random_position(self.seed, self.plies);
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            let over = moves.is_empty() || pos.outcome_among(&moves).is_some();
            // the caller's limit bounds every level: the test stays quick
            let limits = Limits::nodes(300);
            for level in Level::all() {
                let mut a = LevelPlayer::<P>::new(level, 1).with_seed(self.seed);
                let mut b = LevelPlayer::<P>::new(level, 1).with_seed(self.seed);
                let found = a.search(&pos, &[], limits, &mut |_| {}).best;
                let again = b.search(&pos, &[], limits, &mut |_| {}).best;
                match found {
                    None if over => {}
                    None => return Err(format!("level {level}: no move in {pos}")),
                    Some(m) if !moves.contains(&m) => {
                        return Err(format!("level {level}: {m} is not legal in {pos}"))
                    }
                    Some(_) => {}
                }
                if found != again {
                    return Err(format!("level {level}: two moves with one seed in {pos}"));
                }
            }
            Ok(())
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]
        #[test]
        fn every_level_plays_legal_moves_again_with_its_seed(
            seed in any::<u64>(),
            plies in 0usize..60,
        ) {
            for &r in Ruleset::ALL {
                let checked = ruleset::visit(r, LegalAndRepeatable { seed, plies });
                prop_assert!(checked.is_ok(), "{}: {}", r, checked.unwrap_err());
            }
        }
    }

    /// Where the rules force a capture, a level's move is one, even at the beginner's
    /// temperature.
    #[test]
    fn a_forced_capture_is_taken_at_every_level() {
        use column_checkers::InternationalDraughts;
        // White's man on 28 must take the man on 23
        let pos: InternationalDraughts = "W:W28,45:B23,5".parse().unwrap();
        for level in Level::all() {
            for seed in 0..5 {
                let mut p = LevelPlayer::<InternationalDraughts>::new(level, 1).with_seed(seed);
                let m = p
                    .search(&pos, &[], Limits::nodes(500), &mut |_| {})
                    .best
                    .unwrap();
                assert!(m.is_capture(), "level {level} seed {seed}: {m}");
            }
        }
    }

    /// A level's chance comes from its seed: another seed plays other games.
    #[test]
    fn another_seed_draws_other_moves() {
        use column_checkers::Emergo;
        let pos = Emergo::start();
        let moves: std::collections::BTreeSet<String> = (0..30)
            .map(|seed| {
                let mut p = LevelPlayer::<Emergo>::new(Level::MIN, 1).with_seed(seed);
                p.search(&pos, &[], Limits::default(), &mut |_| {})
                    .best
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert!(moves.len() > 1, "{moves:?}");
    }

    #[test]
    fn the_levels_file_reads_with_every_level() {
        let t = read_table(include_str!("../levels.txt")).unwrap();
        assert!(t[0].0.is_empty());
        for (_, rows) in t {
            for s in rows {
                assert!(s.depth > 0 || s.nodes > 0, "{s}");
            }
        }
    }

    #[test]
    fn a_broken_table_is_named_by_its_line() {
        assert_eq!(
            read_table("level=1 depth=1\nlevel=12 depth=2").unwrap_err(),
            "line 2: \"level=12\" is not level=N of 1 to 9"
        );
        assert_eq!(
            read_table("level=1 depth=x").unwrap_err(),
            "line 1: \"depth=x\" is not one of depth=N, nodes=N, temperature=N, noise=N"
        );
        assert!(read_table("level=1 depth=1")
            .unwrap_err()
            .contains("no level=2"));
    }

    #[test]
    fn the_ladder_file_measures_every_level_of_the_five_rulesets() {
        let t = read_measured(include_str!("../ladder.txt")).unwrap();
        let names: Vec<&str> = t.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            ["emergo", "lasca", "bashni", "dameo", "international"]
        );
        for (name, rows) in &t {
            for (i, m) in rows.iter().enumerate() {
                let m = m.unwrap_or_else(|| panic!("{name}: no level {}", i + 1));
                let below = (i > 0).then_some(Level(i as u8));
                assert_eq!(m.against, below, "{name} level {}", i + 1);
                assert!(m.games() > 0, "{name} level {}", i + 1);
            }
        }
    }

    #[test]
    fn a_broken_ladder_file_is_named_by_its_line() {
        assert_eq!(
            read_measured("[lasca]\nlevel=1 against=random won=x").unwrap_err(),
            "line 2: \"won=x\" is not level=N, against=random|N, won=N, drawn=N or lost=N"
        );
        assert_eq!(
            read_measured("level=1 won=1").unwrap_err(),
            "line 1: a level before any [NAME]"
        );
        assert_eq!(
            read_measured("[lasca]\nwon=1").unwrap_err(),
            "line 2: no level=N"
        );
        let t = read_measured("[lasca]\nlevel=3 against=2 won=1 drawn=2 lost=3").unwrap();
        let m = t[0].1[2].unwrap();
        assert_eq!(
            (m.against, m.won, m.drawn, m.lost),
            (Some(Level(2)), 1, 2, 3)
        );
        assert_eq!(t[0].1[1], None);
    }

    #[test]
    fn a_ruleset_section_overrides_only_its_own_lines() {
        let mut text = String::new();
        for n in 1..=9 {
            text.push_str(&format!("level={n} depth={n}\n"));
        }
        text.push_str("[lasca]\nlevel=2 depth=7\n");
        let t = read_table(&text).unwrap();
        assert_eq!(t[1].0, "lasca");
        assert_eq!(t[1].1[1].depth, 7);
        assert_eq!(t[1].1[2].depth, 3);
    }

    #[test]
    fn levels_read_from_numbers_and_name_what_was_given() {
        assert_eq!(" 4 ".parse::<Level>().unwrap().get(), 4);
        for bad in ["0", "11", "-1"] {
            assert_eq!(
                bad.parse::<Level>(),
                Err(LevelError::OutOfRange(bad.into()))
            );
        }
        assert_eq!(
            "three".parse::<Level>().unwrap_err().to_string(),
            "level \"three\" is not a number from 1 (beginner) to 10 (master)"
        );
        assert_eq!(Level::try_from(10).unwrap(), Level::MAX);
        assert!(Level::try_from(0).is_err());
        let names: Vec<_> = Level::all().map(Level::name).collect();
        assert_eq!((names[0], names[9]), ("beginner", "master"));
    }
}
