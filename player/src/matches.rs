//! Matches between two players: openings played with both colours, every game written
//! as PDN, the score with Elo and its 95 % interval, and a sequential probability
//! ratio test (SPRT) that stops the match once it has decided.
//!
//! ```
//! use column_checkers_player::matches::{elo, Score};
//!
//! let s = Score { wins: 30, draws: 10, losses: 10 };
//! assert!((s.fraction() - 0.7).abs() < 1e-9);
//! let (e, low, high) = s.elo_interval();
//! assert!(low < e && e < high && (e - elo(0.7)).abs() < 1e-9);
//! ```

use std::fmt::Write as _;
use std::time::Duration;

use column_checkers::any::record_of_game;
use column_checkers::playout::SplitMix64;
use column_checkers::{Color, Game, MoveList, MoveSquares, Position};
use thiserror::Error;

use crate::baseline::negamax_move;
use crate::eval::{Evaluate, Weights};
use crate::level::{Level, LevelPlayer};
use crate::mcts::{Leaf, Mcts, MctsConfig};
use crate::{Limits, Player, SearchOptions, Searcher};

/// A match's player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contender {
    /// This crate's [`Player`] within the limits.
    Search(Limits),
    /// This crate's [`Player`] within the limits, with these evaluation weights
    /// ([`Player::with_weights`]) and search options ([`Player::with_options`]).
    SearchWith(Limits, Weights, SearchOptions),
    /// The fixed-depth negamax ([`baseline`](crate::baseline)) to this depth.
    Negamax(u32),
    /// Uniformly random legal moves from this seed.
    Random(u64),
    /// The Monte Carlo tree search ([`Mcts`]) within the limits, its leaves valued so
    /// (the other settings its defaults).
    Mcts(Limits, Leaf),
    /// This crate's [`Player`] at a [`Level`] ([`LevelPlayer`]) with its chance from a
    /// seed, within the limits (level 10 plays within them alone).
    Level(Level, Limits, u64),
}

impl Contender {
    /// Its name in the records and the report (`search 100ms`, `negamax 4`).
    pub fn name(&self) -> String {
        match self {
            Contender::Search(l) | Contender::SearchWith(l, _, _) => {
                let mut s = String::from("column-checkers-player");
                if let Some(t) = l.time {
                    let _ = write!(s, " {}ms", t.as_millis());
                }
                if let Some(n) = l.nodes {
                    let _ = write!(s, " {n} nodes");
                }
                if let Some(d) = l.depth {
                    let _ = write!(s, " depth {d}");
                }
                if let Contender::SearchWith(_, w, o) = self {
                    let _ = write!(s, " weights {w} search {o}");
                }
                s
            }
            Contender::Negamax(d) => format!("negamax depth {d}"),
            Contender::Mcts(l, leaf) => {
                let mut s = String::from("mcts");
                match leaf {
                    Leaf::Eval { scale } => {
                        let _ = write!(s, " eval/{scale}");
                    }
                    Leaf::Playout { max_plies } => {
                        let _ = write!(s, " playouts of {max_plies}");
                    }
                }
                if let Some(t) = l.time {
                    let _ = write!(s, " {}ms", t.as_millis());
                }
                if let Some(n) = l.nodes {
                    let _ = write!(s, " {n} iterations");
                }
                s
            }
            Contender::Random(_) => "random".to_string(),
            Contender::Level(level, l, _) => {
                let mut s = format!("level {level}");
                if let (true, Some(n)) = (level.is_full(), l.nodes) {
                    let _ = write!(s, " {n} nodes");
                }
                s
            }
        }
    }
}

/// Why a match could not start.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MatchError {
    /// An opening's move that is not legal where it is played.
    #[error("opening {line} ({text:?}): move {mv:?} is not legal there: {reason}")]
    BadOpening {
        /// The opening's line in the file (from 1).
        line: usize,
        /// The opening as written.
        text: String,
        /// The move.
        mv: String,
        /// Why.
        reason: String,
    },
}

/// Reads openings: one a line, moves in the ruleset's notation separated by spaces;
/// empty lines and lines starting with `#` are skipped. Move numbers (`1.`) are
/// ignored.
///
/// # Errors
/// [`MatchError::BadOpening`] for a move that is not legal where it stands.
///
/// ```
/// use column_checkers::Lasca;
/// use column_checkers_player::matches::read_openings;
///
/// let o = read_openings::<Lasca>("# two\nc3-d4 e5-c3\n\ne3-d4\n").unwrap();
/// assert_eq!(o.len(), 2);
/// assert!(read_openings::<Lasca>("a1-a2").is_err());
/// ```
pub fn read_openings<P: Position>(text: &str) -> Result<Vec<Vec<P::Move>>, MatchError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut pos = P::start();
        let mut moves = Vec::new();
        for word in line.split_whitespace().filter(|w| !w.ends_with('.')) {
            let bad = |reason: String| MatchError::BadOpening {
                line: i + 1,
                text: line.to_string(),
                mv: word.to_string(),
                reason,
            };
            let mv = pos.parse_move(word).map_err(|e| bad(e.to_string()))?;
            pos.play(&mv).map_err(|e| bad(e.to_string()))?;
            moves.push(mv);
        }
        out.push(moves);
    }
    Ok(out)
}

/// `count` openings of `plies` random moves each from `seed`, each leaving a game that
/// goes on, no two alike.
pub fn random_openings<P: Position>(count: usize, plies: usize, seed: u64) -> Vec<Vec<P::Move>> {
    let mut rng = SplitMix64::new(seed);
    let mut out: Vec<Vec<P::Move>> = Vec::new();
    let mut seen = Vec::new();
    let mut moves = MoveList::new();
    let mut tries = 0;
    while out.len() < count && tries < count * 50 {
        tries += 1;
        let (pos, line) = random_line::<P>(&mut rng, plies, &mut moves);
        pos.legal_moves(&mut moves);
        if pos.outcome_among(&moves).is_some() || moves.is_empty() || seen.contains(&pos.zobrist())
        {
            continue;
        }
        seen.push(pos.zobrist());
        out.push(line);
    }
    out
}

/// The position `plies` random moves from the start (fewer where the game ends
/// first), the moves drawn by `seed`: a game in progress, for tests and measurements.
///
/// ```
/// use column_checkers::{Lasca, Position};
/// use column_checkers_player::matches::random_position;
///
/// let pos: Lasca = random_position(7, 20);
/// assert_eq!(pos, random_position::<Lasca>(7, 20));
/// assert_ne!(pos, Lasca::start());
/// ```
pub fn random_position<P: Position>(seed: u64, plies: usize) -> P {
    random_line::<P>(&mut SplitMix64::new(seed), plies, &mut MoveList::new()).0
}

/// Up to `plies` moves from the start, each drawn by `rng` among the legal ones (none
/// once the game ends): the position reached and the moves.
fn random_line<P: Position>(
    rng: &mut SplitMix64,
    plies: usize,
    moves: &mut MoveList<P::Move>,
) -> (P, Vec<P::Move>) {
    let mut pos = P::start();
    let mut line = Vec::new();
    for _ in 0..plies {
        pos.legal_moves(moves);
        if moves.is_empty() || pos.outcome_among(moves).is_some() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        pos.play_unchecked(&mv);
        line.push(mv);
    }
    (pos, line)
}

/// Wins, draws and losses of the first player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games the first player won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

/// The Elo difference of an expected score `s` (0 < s < 1; clamped to ±1000 at the
/// ends).
pub fn elo(s: f64) -> f64 {
    if s <= 0.0 {
        -1000.0
    } else if s >= 1.0 {
        1000.0
    } else {
        (-400.0 * (1.0 / s - 1.0).log10()).clamp(-1000.0, 1000.0)
    }
}

/// The expected score of an Elo difference.
fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Score {
    /// The games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first player's score, 1 a win and ½ a draw, as a fraction of the games.
    pub fn fraction(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n
    }

    /// The variance of one game's score.
    fn variance(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        let m = self.fraction();
        let (w, d, l) = (
            f64::from(self.wins) / n,
            f64::from(self.draws) / n,
            f64::from(self.losses) / n,
        );
        w * (1.0 - m).powi(2) + d * (0.5 - m).powi(2) + l * m.powi(2)
    }

    /// The Elo difference and its 95 % interval (normal approximation of the mean
    /// score).
    pub fn elo_interval(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games().max(1));
        let m = self.fraction();
        let half = 1.96 * (self.variance() / n).sqrt();
        (elo(m), elo(m - half), elo(m + half))
    }

    /// The log-likelihood ratio of H1 (the first player is `elo1` stronger) against H0
    /// (`elo0` stronger), normal approximation of the game scores.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = f64::from(self.games());
        let var = self.variance();
        if n == 0.0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected(elo0), expected(elo1));
        n * (s1 - s0) * (2.0 * self.fraction() - s0 - s1) / (2.0 * var)
    }
}

/// An SPRT: H0 Elo `elo0` against H1 `elo1` with error rates `alpha` and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What an SPRT says of a score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted: the first player is stronger by `elo1` or so.
    H1,
    /// H0 accepted.
    H0,
    /// Not yet decided.
    Continue,
}

impl Sprt {
    /// The verdict on `score`.
    ///
    /// ```
    /// use column_checkers_player::matches::{Score, Sprt, Verdict};
    ///
    /// let sprt = Sprt { elo0: 0.0, elo1: 100.0, alpha: 0.05, beta: 0.05 };
    /// assert_eq!(sprt.verdict(&Score { wins: 60, draws: 5, losses: 5 }), Verdict::H1);
    /// assert_eq!(sprt.verdict(&Score { wins: 2, draws: 1, losses: 2 }), Verdict::Continue);
    /// ```
    pub fn verdict(&self, score: &Score) -> Verdict {
        let llr = score.llr(self.elo0, self.elo1);
        if llr >= ((1.0 - self.beta) / self.alpha).ln() {
            Verdict::H1
        } else if llr <= (self.beta / (1.0 - self.alpha)).ln() {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// A match's settings.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The first player (whose score is reported).
    pub first: Contender,
    /// The second player.
    pub second: Contender,
    /// Plies after which a game is adjudicated a draw.
    pub max_plies: usize,
    /// The transposition table of each searching player, in megabytes.
    pub table_mb: usize,
    /// Stop early when the SPRT decides.
    pub sprt: Option<Sprt>,
}

/// A finished match: the score, the games as PDN, and how it ended.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The first player's score.
    pub score: Score,
    /// Every game as PDN, one after the other.
    pub pdn: String,
    /// The SPRT's verdict, when one ran.
    pub verdict: Option<Verdict>,
}

struct Seat<P: Position> {
    contender: Contender,
    player: Option<Box<dyn Searcher<P>>>,
    rng: SplitMix64,
}

impl<P> Seat<P>
where
    P: Evaluate,
    P::Move: MoveSquares,
{
    fn new(
        contender: Contender,
        table_mb: usize,
        adapt: &mut dyn FnMut(Player<P>) -> Player<P>,
    ) -> Seat<P> {
        let player: Option<Box<dyn Searcher<P>>> = match &contender {
            Contender::Search(_) => Some(Box::new(adapt(Player::new(table_mb)))),
            Contender::SearchWith(_, w, o) => Some(Box::new(adapt(
                Player::new(table_mb).with_weights(*w).with_options(*o),
            ))),
            Contender::Mcts(_, leaf) => Some(Box::new(Mcts::new(MctsConfig {
                leaf: *leaf,
                ..MctsConfig::default()
            }))),
            Contender::Level(level, _, seed) => Some(Box::new(
                LevelPlayer::with_player(adapt(Player::new(table_mb)), *level).with_seed(*seed),
            )),
            _ => None,
        };
        let seed = if let Contender::Random(s) = contender {
            s
        } else {
            0
        };
        Seat {
            contender,
            player,
            rng: SplitMix64::new(seed),
        }
    }

    fn choose(&mut self, pos: &P, history: &[u64]) -> Option<P::Move> {
        match (&self.contender, self.player.as_mut()) {
            (
                Contender::Search(l)
                | Contender::SearchWith(l, _, _)
                | Contender::Mcts(l, _)
                | Contender::Level(_, l, _),
                Some(p),
            ) => p.search(pos, history, *l, &mut |_| {}).best,
            (Contender::Negamax(d), _) => negamax_move(pos, *d).map(|(m, _, _)| m),
            _ => {
                let mut moves = MoveList::new();
                pos.legal_moves(&mut moves);
                (!moves.is_empty()).then(|| moves[self.rng.below(moves.len())])
            }
        }
    }
}

/// Plays the match: each opening twice, the first player White then Black, until the
/// openings run out or the SPRT decides. `progress` hears of each game (its number, the
/// score so far).
pub fn play_match<P>(
    config: &MatchConfig,
    openings: &[Vec<P::Move>],
    progress: &mut dyn FnMut(usize, &Score),
) -> MatchReport
where
    P: Evaluate,
    P::Move: MoveSquares,
{
    play_match_with::<P>(config, openings, &mut |p| p, progress)
}

/// [`play_match`], each alpha-beta [`Player`] of the match (a [`Contender::Search`])
/// first passed through `adapt`: to give it endgame tables, other weights or a clock.
///
/// ```
/// use column_checkers::Lasca;
/// use column_checkers_player::matches::{play_match_with, random_openings, Contender, MatchConfig};
/// use column_checkers_player::Limits;
///
/// let config = MatchConfig {
///     first: Contender::Search(Limits::nodes(200)),
///     second: Contender::Random(1),
///     max_plies: 40,
///     table_mb: 1,
///     sprt: None,
/// };
/// let mut adapted = 0;
/// let openings = random_openings::<Lasca>(1, 2, 1);
/// let report = play_match_with::<Lasca>(&config, &openings, &mut |p| { adapted += 1; p }, &mut |_, _| {});
/// assert_eq!((adapted, report.score.games()), (1, 2));
/// ```
pub fn play_match_with<P>(
    config: &MatchConfig,
    openings: &[Vec<P::Move>],
    adapt: &mut dyn FnMut(Player<P>) -> Player<P>,
    progress: &mut dyn FnMut(usize, &Score),
) -> MatchReport
where
    P: Evaluate,
    P::Move: MoveSquares,
{
    let mut seats = [
        Seat::<P>::new(config.first.clone(), config.table_mb, adapt),
        Seat::<P>::new(config.second.clone(), config.table_mb, adapt),
    ];
    let names = [config.first.name(), config.second.name()];
    let mut score = Score::default();
    let mut pdn = String::new();
    let mut verdict = config.sprt.map(|_| Verdict::Continue);
    let mut round = 0;
    'openings: for opening in openings {
        for first_is_white in [true, false] {
            round += 1;
            let mut game = Game::new(P::start());
            let mut history = Vec::new();
            for mv in opening {
                history.push(game.position().zobrist());
                if game.play(mv).is_err() {
                    break;
                }
            }
            for seat in seats.iter_mut() {
                if let Some(p) = seat.player.as_mut() {
                    p.clear();
                }
            }
            while game.outcome().is_none() {
                if game.moves().len() >= config.max_plies {
                    let _ = game.agree_draw();
                    break;
                }
                let white_to_move = game.position().turn() == Color::White;
                let seat = usize::from(white_to_move != first_is_white);
                let pos = game.position().clone();
                let Some(mv) = seats[seat].choose(&pos, &history) else {
                    break;
                };
                history.push(pos.zobrist());
                if game.play(&mv).is_err() {
                    // never reached: the players return legal moves
                    break;
                }
            }
            let winner = game.outcome().and_then(|o| o.winner());
            match winner {
                Some(w) if (w == Color::White) == first_is_white => score.wins += 1,
                Some(_) => score.losses += 1,
                None => score.draws += 1,
            }
            let mut record = record_of_game(&game);
            let (white, black) = if first_is_white {
                (&names[0], &names[1])
            } else {
                (&names[1], &names[0])
            };
            record.set_tag("Event", "column-checkers-player match");
            record.set_tag("Round", &round.to_string());
            record.set_tag("White", white);
            record.set_tag("Black", black);
            pdn.push_str(&record.to_string());
            pdn.push('\n');
            progress(round, &score);
            if let Some(sprt) = config.sprt {
                let v = sprt.verdict(&score);
                verdict = Some(v);
                if v != Verdict::Continue {
                    break 'openings;
                }
            }
        }
    }
    MatchReport {
        score,
        pdn,
        verdict,
    }
}

/// A time a move in milliseconds as [`Limits`].
pub fn per_move(ms: Option<u64>, nodes: Option<u64>, depth: Option<u32>) -> Limits {
    Limits {
        depth,
        nodes,
        time: ms.map(Duration::from_millis),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use column_checkers::Lasca;

    #[test]
    fn elo_and_its_interval() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.76) - 200.0).abs() < 1.0);
        let s = Score {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let (e, lo, hi) = s.elo_interval();
        assert!(e.abs() < 1e-9 && lo < -100.0 && hi > 100.0);
        let all = Score {
            wins: 5,
            draws: 0,
            losses: 0,
        };
        assert_eq!(all.elo_interval().0, 1000.0);
    }

    #[test]
    fn sprt_accepts_h0_for_an_even_match() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 50.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let even = Score {
            wins: 300,
            draws: 100,
            losses: 300,
        };
        assert_eq!(sprt.verdict(&even), Verdict::H0);
    }

    #[test]
    fn a_short_match_plays_each_opening_with_both_colours() {
        let openings = random_openings::<Lasca>(2, 4, 3);
        assert_eq!(openings.len(), 2);
        let config = MatchConfig {
            first: Contender::Search(Limits::nodes(300)),
            second: Contender::Random(1),
            max_plies: 60,
            table_mb: 1,
            sprt: None,
        };
        let mut games = 0;
        let report = play_match::<Lasca>(&config, &openings, &mut |n, _| games = n);
        assert_eq!((games, report.score.games()), (4, 4));
        assert_eq!(report.pdn.matches("[Round ").count(), 4);
        assert!(report.pdn.contains("[White \"random\"]"));
    }

    #[test]
    fn mcts_plays_a_match_against_the_search() {
        let openings = random_openings::<Lasca>(1, 4, 5);
        let config = MatchConfig {
            first: Contender::Search(Limits::nodes(300)),
            second: Contender::Mcts(Limits::nodes(200), Leaf::default()),
            max_plies: 40,
            table_mb: 1,
            sprt: None,
        };
        let report = play_match::<Lasca>(&config, &openings, &mut |_, _| {});
        assert_eq!(report.score.games(), 2);
        assert!(report
            .pdn
            .contains("[Black \"mcts playouts of 200 200 iterations\"]"));
    }
}
