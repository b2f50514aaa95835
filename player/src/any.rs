//! The player for a ruleset chosen at run time: [`AnyPlayer`] searches an [`AnyGame`]
//! (the game the browser page, the Python package's states and the protocol engines
//! hold), as [`Player`] searches a position of a type known when compiling.
//!
//! Inside, an [`AnyPlayer`] holds the [`Player<P>`] of its ruleset in an enum with one
//! variant per ruleset of the crate's list ([`for_each_ruleset!`]), so that the search
//! runs compiled for that ruleset; a search matches the player's variant and takes the
//! game of the same type out of the [`AnyGame`] ([`AnyGame::get`]). What it finds
//! comes back as text, with the clicks that enter the move ([`AnyFound`]).
//!
//! ```
//! use column_checkers::{AnyGame, Ruleset};
//! use column_checkers_player::any::AnyPlayer;
//! use column_checkers_player::Limits;
//!
//! let mut game = AnyGame::new(Ruleset::Lasca);
//! let mut player = AnyPlayer::new(Ruleset::Lasca, 1);
//! let found = player.search(&game, Limits::depth(3)).unwrap();
//! assert!(game.legal_texts().contains(&found.mv));
//! // the clicks that enter it
//! for &a in &found.actions {
//!     game.apply(i64::from(a.0)).unwrap();
//! }
//! assert_eq!(game.moves(), [found.mv]);
//! ```
//!
//! A person's opponent plays at a [`Level`] (1, the beginner, to 10, the full player):
//! below 10 it plays within its own small budget, so it needs no limit.
//!
//! ```
//! use column_checkers::{AnyGame, Ruleset};
//! use column_checkers_player::any::{measured, AnyPlayer};
//! use column_checkers_player::{Level, Limits};
//!
//! let game = AnyGame::new(Ruleset::Bashni);
//! let level = Level::new(2).unwrap();
//! let mut player = AnyPlayer::new(Ruleset::Bashni, 1).with_level(level).with_seed(7);
//! let found = player.search(&game, Limits::default()).unwrap();
//! assert!(game.legal_texts().contains(&found.mv));
//! // what the level scored in the ladder's games, as a person is shown it
//! let text = measured(Ruleset::Bashni, level).unwrap().to_string();
//! assert!(text.starts_with("scores "), "{text}");
//! ```

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use column_checkers::any::{ActionGame, Listed};
use column_checkers::{for_each_ruleset, AnyGame, Color, Introspect, Ruleset, Square};
use thiserror::Error;

use crate::clock::{default_clock, Clock};
use crate::eval::Evaluate;
use crate::level::{search_at, Level, Measured};
use crate::ruleset::{self, Visitor};
use crate::{Limits, Player, SearchResult, WIN};

/// Scores beyond this are wins or losses in so many plies (as the search marks them).
const WIN_BOUND: i32 = WIN - 1_000;

/// What a search of an [`AnyPlayer`] found: the move to play in the ruleset's notation
/// and how the search came to it.
///
/// ```
/// use column_checkers::{AnyGame, Ruleset};
/// use column_checkers_player::any::AnyPlayer;
/// use column_checkers_player::Limits;
///
/// let game = AnyGame::new(Ruleset::Emergo);
/// let found = AnyPlayer::new(Ruleset::Emergo, 1).search(&game, Limits::depth(2)).unwrap();
/// assert_eq!(found.pv.first(), Some(&found.mv));
/// assert_eq!(found.line.len(), found.pv.len());
/// assert_eq!(found.men, Some(f64::from(found.score) / 100.0));
/// assert!(found.win_in.is_none() && found.depth == 2 && found.nodes > 0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct AnyFound {
    /// The move, in the ruleset's notation: always a legal move of the position.
    pub mv: String,
    /// The squares to click to enter it from the game's state, after the clicks
    /// already pending (square indices: the actions of [`AnyGame::apply`]).
    pub actions: Vec<Square>,
    /// Its score for the side to move, in hundredths of a man; about [`WIN`] less the
    /// plies to the end for a forced win (negative for a forced loss).
    pub score: i32,
    /// The score in men (`score / 100`); `None` for a forced win or loss.
    pub men: Option<f64>,
    /// A forced end found: `Some(n)` when the side to move wins in `n` plies, `Some(-n)`
    /// when it loses in `n` plies.
    pub win_in: Option<i32>,
    /// The deepest iteration completed, in plies.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes a second.
    pub nps: u64,
    /// The principal variation of the last iteration completed, in notation, this move
    /// first; the move alone when an iteration cut short by the limits found it.
    pub pv: Vec<String>,
    /// The same line as the game's record writes it (a capture by its first and last
    /// square where that names it alone: `32x12`), cut where a move would not be legal.
    pub line: Vec<String>,
    /// The time the search took.
    pub time: Duration,
}

/// How far ahead the computer must count itself, in hundredths of a man, to decline a
/// draw offer ([`AnyPlayer::answer_draw`]): a man.
pub const DRAW_DECLINE: i32 = 100;

/// The computer's answer to a draw offer ([`AnyPlayer::answer_draw`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawAnswer {
    /// Whether it accepts: unless it counts itself [`DRAW_DECLINE`] ahead.
    pub accepts: bool,
    /// Its score for the side offered the draw, in hundredths of a man.
    pub score: i32,
    /// A forced end found, for that side: `Some(n)` it wins in `n` plies, `Some(-n)` it
    /// loses in `n`.
    pub win_in: Option<i32>,
    /// The deepest iteration completed, in plies.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Why an [`AnyPlayer`] did not search.
///
/// ```
/// use column_checkers::{AnyGame, Ruleset};
/// use column_checkers_player::any::{AnyPlayer, AnyPlayerError};
/// use column_checkers_player::Limits;
///
/// let mut player = AnyPlayer::new(Ruleset::Emergo, 1);
/// let e = player.search(&AnyGame::new(Ruleset::Lasca), Limits::depth(1)).unwrap_err();
/// assert!(matches!(e, AnyPlayerError::OtherRuleset { .. }));
/// assert_eq!(e.to_string(), "the player plays emergo, the game is lasca");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum AnyPlayerError {
    /// No limit: the search would not end.
    #[error("no limit: give a time, a number of nodes or a depth")]
    NoLimit,
    /// A limit of zero (no time, no node, no ply).
    #[error("a limit of zero: the {0} must be more than 0")]
    ZeroLimit(&'static str),
    /// A game of another ruleset than the player's.
    #[error("the player plays {player}, the game is {game}")]
    OtherRuleset {
        /// The player's ruleset.
        player: Ruleset,
        /// The game's.
        game: Ruleset,
    },
    /// The game is over: there is no move to find.
    #[error("the game is over")]
    GameOver,
}

/// The computer player ([`Player`]) of a ruleset chosen at run time (see the
/// [module](self)).
///
/// ```
/// use column_checkers::{AnyGame, Ruleset};
/// use column_checkers_player::any::AnyPlayer;
/// use column_checkers_player::Limits;
/// use std::time::Duration;
///
/// let mut game = AnyGame::new(Ruleset::InternationalDraughts);
/// let mut player = AnyPlayer::new(game.ruleset(), 4);
/// let limits = Limits { time: Some(Duration::from_millis(50)), ..Limits::default() };
/// let found = player.search(&game, limits).unwrap();
/// game.play(&found.mv).unwrap();
/// ```
pub struct AnyPlayer {
    player: Players,
    stop: Arc<AtomicBool>,
    clock: Box<dyn Clock>,
    /// The level of its moves ([`AnyPlayer::search`]).
    level: Level,
    /// The seed of a level's chance.
    seed: u64,
}

impl fmt::Debug for AnyPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyPlayer")
            .field("ruleset", &self.ruleset())
            .field("level", &self.level.get())
            .finish_non_exhaustive()
    }
}

/// What a level scored in the ladder's games in `ruleset` ([`Level::measured`] for a
/// ruleset chosen at run time): its games against the level below, level 1's against
/// random moves; `None` where the ladder has not measured the ruleset. Its text is
/// what a person is shown beside the level.
///
/// ```
/// use column_checkers::Ruleset;
/// use column_checkers_player::any::measured;
/// use column_checkers_player::Level;
///
/// let m = measured(Ruleset::Emergo, Level::new(3).unwrap()).unwrap();
/// assert_eq!(m.against, Level::new(2).ok());
/// assert!(m.to_string().ends_with(" games)"));
/// assert_eq!(measured(Ruleset::Stapeldammen, Level::MIN), None);
/// ```
pub fn measured(ruleset: Ruleset, level: Level) -> Option<Measured> {
    struct Of(Level);
    impl Visitor for Of {
        type Output = Option<Measured>;
        fn visit<P: Introspect + Evaluate>(self) -> Option<Measured> {
            self.0.measured::<P>()
        }
    }
    ruleset::visit(ruleset, Of(level))
}

/// The search of `game` by `player` at `level` (its chance from `seed`), timed by
/// `clock`: the best move and the clicks that enter it after the pending ones
/// ([`AnyPlayer::search`]).
fn search<P: Listed + Evaluate>(
    player: &mut Player<P>,
    game: Option<&ActionGame<P>>,
    clock: &mut dyn Clock,
    limits: Limits,
    (level, seed): (Level, u64),
) -> Result<AnyFound, AnyPlayerError> {
    let game = game.ok_or(AnyPlayerError::GameOver)?;
    if game.is_over() {
        return Err(AnyPlayerError::GameOver);
    }
    clock.restart();
    let result = search_at(
        player,
        level,
        seed,
        game.position(),
        game.game().history().keys(),
        limits,
        &mut |_| {},
    );
    let time = clock.elapsed();
    let best = result.best.ok_or(AnyPlayerError::GameOver)?;
    // the best move's click path that goes on from the pending clicks; when the
    // clicks already lead elsewhere, the first move they may still enter
    let paths = game.click_paths();
    let pending = game.clicks();
    let (mv, path) = paths
        .iter()
        .find(|(m, p)| *m == best && p.starts_with(pending))
        .or_else(|| paths.iter().find(|(_, p)| p.starts_with(pending)))
        .ok_or(AnyPlayerError::GameOver)?;
    let actions = path[pending.len()..].to_vec();
    Ok(found(game.position(), &result, mv, actions, time))
}

/// The enum of the players of every ruleset, and the `match`es over it.
macro_rules! players {
    ($($name:ident: $ty:ty,)+) => {
        /// The [`Player<P>`] of each ruleset's position type `P`.
        enum Players {
            $($name(Box<Player<$ty>>),)+
        }

        impl Players {
            fn new(ruleset: Ruleset, table_mb: usize, clock: Box<dyn Clock>) -> Players {
                match ruleset {
                    $(Ruleset::$name =>
                        Players::$name(Box::new(Player::new(table_mb).with_clock(clock))),)+
                    _ => unreachable!("every ruleset is in the list"),
                }
            }

            fn ruleset(&self) -> Ruleset {
                match self {
                    $(Players::$name(_) => Ruleset::$name,)+
                }
            }

            fn stop_flag(&self) -> Arc<AtomicBool> {
                match self {
                    $(Players::$name(p) => p.stop_flag(),)+
                }
            }

            fn clear(&mut self) {
                match self {
                    $(Players::$name(p) => p.clear(),)+
                }
            }

            fn search(
                &mut self,
                game: &AnyGame,
                clock: &mut dyn Clock,
                limits: Limits,
                level: (Level, u64),
            ) -> Result<AnyFound, AnyPlayerError> {
                match self {
                    $(Players::$name(p) =>
                        search(p, game.get::<$ty>(), clock, limits, level),)+
                }
            }
        }
    };
}

for_each_ruleset!(players);

/// The result in text.
fn found<P: Introspect>(
    pos: &P,
    found: &SearchResult<P::Move>,
    mv: &P::Move,
    actions: Vec<Square>,
    time: Duration,
) -> AnyFound {
    let forced = found.score.abs() > WIN_BOUND;
    let plies = WIN - found.score.abs();
    let secs = time.as_secs_f64();
    // the line of the last iteration, or the move alone when an iteration the
    // limits cut short found it
    let moves = if found.pv.first() == Some(mv) {
        &found.pv[..]
    } else {
        core::slice::from_ref(mv)
    };
    let pv = moves.iter().map(|m| m.to_string()).collect();
    let mut line = Vec::with_capacity(moves.len());
    let mut at = pos.clone();
    for m in moves {
        if !at.is_legal(m) {
            break;
        }
        line.push(at.short_move_text(m));
        at.play_unchecked(m);
    }
    AnyFound {
        mv: mv.to_string(),
        actions,
        score: found.score,
        men: (!forced).then(|| f64::from(found.score) / 100.0),
        win_in: forced.then(|| plies * found.score.signum()),
        depth: found.depth,
        nodes: found.nodes,
        nps: if secs > 0.0 {
            (found.nodes as f64 / secs) as u64
        } else {
            0
        },
        pv,
        line,
        time,
    }
}

impl AnyPlayer {
    /// The player of `ruleset` (its options included), with a transposition table of
    /// about `table_mb` megabytes and the ruleset's evaluation weights.
    pub fn new(ruleset: Ruleset, table_mb: usize) -> AnyPlayer {
        AnyPlayer::with_clock(ruleset, table_mb, default_clock)
    }

    /// The same with the clock `clock` makes, for its time limits and its timing: on
    /// `wasm32-unknown-unknown` the default clock never advances, so a browser gives
    /// one over `performance.now()`.
    ///
    /// ```
    /// use column_checkers::Ruleset;
    /// use column_checkers_player::any::AnyPlayer;
    /// use column_checkers_player::clock::StdClock;
    ///
    /// let player = AnyPlayer::with_clock(Ruleset::Lasca, 1, || Box::new(StdClock::default()));
    /// assert_eq!(player.ruleset(), Ruleset::Lasca);
    /// ```
    pub fn with_clock(
        ruleset: Ruleset,
        table_mb: usize,
        clock: fn() -> Box<dyn Clock>,
    ) -> AnyPlayer {
        let player = Players::new(ruleset, table_mb, clock());
        AnyPlayer {
            stop: player.stop_flag(),
            player,
            clock: clock(),
            level: Level::MAX,
            seed: 0,
        }
    }

    /// The same player at `level` (10, the full player, by default): below 10 it is
    /// weakened on purpose and plays within its own node budget (see
    /// [`level`](crate::level)); analysis and hints want a player at 10.
    ///
    /// ```
    /// use column_checkers::Ruleset;
    /// use column_checkers_player::any::AnyPlayer;
    /// use column_checkers_player::Level;
    ///
    /// let player = AnyPlayer::new(Ruleset::Dameo, 1).with_level(Level::MIN);
    /// assert_eq!((player.level().get(), player.level().name()), (1, "beginner"));
    /// assert_eq!(AnyPlayer::new(Ruleset::Dameo, 1).level(), Level::MAX);
    /// ```
    pub fn with_level(mut self, level: Level) -> AnyPlayer {
        self.level = level;
        self
    }

    /// The same player drawing a level's chance from `seed` (0 by default): the same
    /// game with the same seed replays move for move.
    pub fn with_seed(mut self, seed: u64) -> AnyPlayer {
        self.seed = seed;
        self
    }

    /// Its level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Plays at `level` from the next search on.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// The seed of its level's chance.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Draws its level's chance from `seed` from the next search on.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// What its level scored in the ladder's games in its ruleset ([`measured`]).
    pub fn measured(&self) -> Option<Measured> {
        measured(self.ruleset(), self.level)
    }

    /// The ruleset it plays.
    pub fn ruleset(&self) -> Ruleset {
        self.player.ruleset()
    }

    /// The flag that stops a search from another thread: the search then returns the
    /// best move found so far.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.player.clear();
    }

    /// Whether it may search a game of `game` within `limits` at `level`: below level
    /// 10 no limit is needed (the level's own budget ends the search).
    fn check(&self, game: Ruleset, limits: Limits, level: Level) -> Result<(), AnyPlayerError> {
        if game != self.ruleset() {
            return Err(AnyPlayerError::OtherRuleset {
                player: self.ruleset(),
                game,
            });
        }
        match AnyPlayer::check_limits(limits) {
            Err(AnyPlayerError::NoLimit) if !level.is_full() => Ok(()),
            checked => checked,
        }
    }

    /// Whether `limits` end a search: at least one limit, none of them zero.
    ///
    /// ```
    /// use column_checkers_player::any::{AnyPlayer, AnyPlayerError};
    /// use column_checkers_player::Limits;
    ///
    /// assert_eq!(AnyPlayer::check_limits(Limits::default()), Err(AnyPlayerError::NoLimit));
    /// assert_eq!(AnyPlayer::check_limits(Limits::depth(0)), Err(AnyPlayerError::ZeroLimit("depth")));
    /// assert_eq!(AnyPlayer::check_limits(Limits::nodes(1)), Ok(()));
    /// ```
    ///
    /// # Errors
    /// [`AnyPlayerError::NoLimit`], [`AnyPlayerError::ZeroLimit`].
    pub fn check_limits(limits: Limits) -> Result<(), AnyPlayerError> {
        match limits {
            Limits {
                depth: None,
                nodes: None,
                time: None,
            } => Err(AnyPlayerError::NoLimit),
            Limits { depth: Some(0), .. } => Err(AnyPlayerError::ZeroLimit("depth")),
            Limits { nodes: Some(0), .. } => Err(AnyPlayerError::ZeroLimit("number of nodes")),
            Limits {
                time: Some(Duration::ZERO),
                ..
            } => Err(AnyPlayerError::ZeroLimit("time")),
            _ => Ok(()),
        }
    }

    /// Searches the position of `game` at its [level](AnyPlayer::with_level) within
    /// `limits` (the first reached ends it; below level 10 the level's own budget too,
    /// so `limits` may be none), the game's earlier positions counting for
    /// repetitions. The answer holds the move
    /// and the clicks that enter it from the game's state: while a move's clicks are
    /// pending, the position is the one before that move, and the move found is the
    /// best one when the clicks go on to it, else the first move they may still enter.
    ///
    /// ```
    /// use column_checkers::{AnyGame, Ruleset};
    /// use column_checkers_player::any::AnyPlayer;
    /// use column_checkers_player::Limits;
    ///
    /// let mut game = AnyGame::new(Ruleset::Lasca);
    /// game.click_name("c3").unwrap();
    /// let found = AnyPlayer::new(Ruleset::Lasca, 1).search(&game, Limits::depth(4)).unwrap();
    /// assert!(found.mv.starts_with("c3-"));
    /// assert_eq!(found.actions.len(), 1);
    /// ```
    ///
    /// # Errors
    /// [`AnyPlayerError`]: a game of another ruleset, a limit of zero or none at level
    /// 10, a game over (by the rules, the players or its action limit).
    pub fn search(&mut self, game: &AnyGame, limits: Limits) -> Result<AnyFound, AnyPlayerError> {
        self.search_at(game, limits, self.level)
    }

    fn search_at(
        &mut self,
        game: &AnyGame,
        limits: Limits,
        level: Level,
    ) -> Result<AnyFound, AnyPlayerError> {
        self.check(game.ruleset(), limits, level)?;
        self.player
            .search(game, self.clock.as_mut(), limits, (level, self.seed))
    }

    /// The computer's answer to a draw offered to `side` now: it searches the position
    /// at full strength (whatever its level: a level's score is its chosen move's, not
    /// the position's) within `limits` and accepts unless it counts itself
    /// [`DRAW_DECLINE`] or more ahead. Nothing is agreed.
    ///
    /// ```
    /// use column_checkers::{AnyGame, Color, Ruleset};
    /// use column_checkers_player::any::AnyPlayer;
    /// use column_checkers_player::Limits;
    ///
    /// // White three men to one: White declines, Black accepts
    /// let game = AnyGame::from_position(Ruleset::Lasca, "W:Wa1,c1,e1:Bg7").unwrap();
    /// let mut player = AnyPlayer::new(Ruleset::Lasca, 1);
    /// assert!(!player.answer_draw(&game, Color::White, Limits::depth(2)).unwrap().accepts);
    /// let black = player.answer_draw(&game, Color::Black, Limits::depth(2)).unwrap();
    /// assert!(black.accepts && black.score < 0);
    /// ```
    ///
    /// # Errors
    /// As [`search`](AnyPlayer::search).
    pub fn answer_draw(
        &mut self,
        game: &AnyGame,
        side: Color,
        limits: Limits,
    ) -> Result<DrawAnswer, AnyPlayerError> {
        let found = self.search_at(game, limits, Level::MAX)?;
        let sign = if side == game.turn() { 1 } else { -1 };
        let score = sign * found.score;
        Ok(DrawAnswer {
            accepts: score < DRAW_DECLINE,
            score,
            win_in: found.win_in.map(|n| sign * n),
            depth: found.depth,
            nodes: found.nodes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use column_checkers::playout::SplitMix64;

    /// Random clicks to the end of a move.
    fn random_move(game: &mut AnyGame, rng: &mut SplitMix64) {
        let played = game.move_count();
        while !game.is_over() && game.move_count() == played {
            let a = game.random_action(rng.next_u64());
            game.apply(i64::from(a.0)).unwrap();
        }
    }

    #[test]
    fn every_ruleset_finds_a_legal_move_and_enters_it_by_its_clicks() {
        for (k, &r) in Ruleset::ALL.iter().enumerate() {
            let mut player = AnyPlayer::new(r, 1);
            let mut game = AnyGame::new(r);
            let mut rng = SplitMix64::new(k as u64);
            // a few random moves, then the player's, twice
            for _ in 0..2 {
                for _ in 0..6 {
                    random_move(&mut game, &mut rng);
                }
                if game.is_over() {
                    break;
                }
                let found = player.search(&game, Limits::nodes(3_000)).unwrap();
                assert!(game.legal_texts().contains(&found.mv), "{r}: {}", found.mv);
                assert_eq!(found.pv.first(), Some(&found.mv), "{r}");
                assert!(found.depth >= 1 && found.nodes > 0, "{r}");
                let played = game.move_count();
                for &a in &found.actions {
                    game.apply(i64::from(a.0)).unwrap();
                }
                assert_eq!(game.move_count(), played + 1, "{r}");
                assert_eq!(game.moves().last(), Some(&found.mv), "{r}");
            }
        }
    }

    #[test]
    fn pending_clicks_are_kept() {
        let mut game = AnyGame::new(Ruleset::Lasca);
        let c3 = game.parse_square("c3").unwrap();
        game.apply(i64::from(c3.0)).unwrap();
        let mut player = AnyPlayer::new(Ruleset::Lasca, 1);
        let found = player.search(&game, Limits::depth(4)).unwrap();
        assert!(found.mv.starts_with("c3"), "{}", found.mv);
        assert_eq!(found.actions.len(), 1);
        game.apply(i64::from(found.actions[0].0)).unwrap();
        assert_eq!(game.moves(), [found.mv]);
    }

    #[test]
    fn the_search_sees_the_games_positions_again() {
        // two men shuffling: the game's positions stand again all over the tree
        let mut game = AnyGame::from_position(Ruleset::Emergo, "a5:w,i5:b w 0/0").unwrap();
        for m in [
            "a5-b5", "i5-h5", "b5-a5", "h5-i5", "a5-b5", "i5-h5", "b5-a5",
        ] {
            game.play(m).unwrap();
        }
        let found = AnyPlayer::new(Ruleset::Emergo, 1)
            .search(&game, Limits::depth(4))
            .unwrap();
        let typed = game.get::<column_checkers::Emergo>().unwrap();
        let search = |history: &[u64]| {
            let r = Player::<column_checkers::Emergo>::new(1).search(
                typed.position(),
                history,
                Limits::depth(4),
                &mut |_| {},
            );
            (r.best.unwrap().to_string(), r.score, r.nodes)
        };
        let with = search(typed.game().history().keys());
        assert_eq!((found.mv, found.score, found.nodes), with);
        assert_ne!(
            search(&[]).2,
            with.2,
            "the game's positions change the tree"
        );
    }

    #[test]
    fn a_forced_win_is_counted_in_plies() {
        // White takes Black's last man: a win in one ply
        let game = AnyGame::from_position(Ruleset::Emergo, "e5:w,f5:b w 0/0").unwrap();
        let found = AnyPlayer::new(Ruleset::Emergo, 1)
            .search(&game, Limits::depth(3))
            .unwrap();
        assert_eq!(
            (found.mv.as_str(), found.win_in, found.men),
            ("e5xg5", Some(1), None)
        );
        // and Black, to move there, loses in two
        let game = AnyGame::from_position(Ruleset::Emergo, "e5:w,f5:b b 0/0").unwrap();
        let found = AnyPlayer::new(Ruleset::Emergo, 1)
            .search(&game, Limits::depth(4))
            .unwrap();
        assert!(found.win_in.is_some(), "{found:?}");
    }

    #[test]
    fn refusals() {
        let mut player = AnyPlayer::new(Ruleset::Dameo, 1);
        let game = AnyGame::new(Ruleset::Dameo);
        assert_eq!(
            player.search(&game, Limits::default()),
            Err(AnyPlayerError::NoLimit)
        );
        assert_eq!(
            player.search(&game, Limits::nodes(0)),
            Err(AnyPlayerError::ZeroLimit("number of nodes"))
        );
        let e = player
            .search(&AnyGame::new(Ruleset::Bashni), Limits::depth(1))
            .unwrap_err();
        assert_eq!(e.to_string(), "the player plays dameo, the game is bashni");
        let mut over = AnyGame::new(Ruleset::Dameo);
        over.play_random_actions(&mut SplitMix64::new(3));
        assert_eq!(
            player.search(&over, Limits::depth(1)),
            Err(AnyPlayerError::GameOver)
        );
        let cut = AnyGame::new(Ruleset::Dameo).with_action_limit(1);
        let mut cut = cut;
        cut.apply(i64::from(cut.random_action(0).0)).unwrap();
        assert!(cut.is_truncated());
        assert_eq!(
            player.search(&cut, Limits::depth(1)),
            Err(AnyPlayerError::GameOver)
        );
        player.clear();
        assert!(player.search(&game, Limits::depth(1)).is_ok());
    }

    #[test]
    fn the_stop_flag_is_the_players() {
        let player = AnyPlayer::new(Ruleset::Lasca, 1);
        let flag = player.stop_flag();
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
        assert!(player
            .stop_flag()
            .load(std::sync::atomic::Ordering::Relaxed));
        assert_eq!(player.ruleset(), Ruleset::Lasca);
        assert_eq!(
            format!("{player:?}"),
            "AnyPlayer { ruleset: Lasca, level: 10, .. }"
        );
    }

    /// Every level of every ruleset plays a legal move, entered by its clicks, after a
    /// few random moves; two players with one seed play the same move.
    #[test]
    fn every_level_plays_legal_moves_again_with_its_seed() {
        for (k, &r) in Ruleset::ALL.iter().enumerate() {
            for level in Level::all() {
                let seed = 7 * k as u64 + u64::from(level.get());
                let mut game = AnyGame::new(r);
                let mut rng = SplitMix64::new(seed);
                for _ in 0..4 {
                    random_move(&mut game, &mut rng);
                }
                if game.is_over() {
                    continue;
                }
                // the caller's limit bounds every level: the test stays quick
                let search = || {
                    AnyPlayer::new(r, 1)
                        .with_level(level)
                        .with_seed(seed)
                        .search(&game, Limits::nodes(300))
                        .unwrap()
                };
                let found = search();
                let again = search();
                assert_eq!(
                    (&again.mv, again.score, again.nodes),
                    (&found.mv, found.score, found.nodes),
                    "{r} level {level}: one seed, one move"
                );
                assert!(
                    game.legal_texts().contains(&found.mv),
                    "{r} level {level}: {}",
                    found.mv
                );
                let played = game.move_count();
                for &a in &found.actions {
                    game.apply(i64::from(a.0)).unwrap();
                }
                assert_eq!(game.move_count(), played + 1, "{r} level {level}");
                assert_eq!(game.moves().last(), Some(&found.mv), "{r} level {level}");
            }
        }
    }

    #[test]
    fn a_level_is_set_and_kept_and_measured() {
        let mut player = AnyPlayer::new(Ruleset::Emergo, 1).with_seed(9);
        assert_eq!((player.level(), player.seed()), (Level::MAX, 9));
        let game = AnyGame::new(Ruleset::Emergo);
        assert_eq!(
            player.search(&game, Limits::default()),
            Err(AnyPlayerError::NoLimit)
        );
        player.set_level(Level::MIN);
        player.set_seed(3);
        assert_eq!((player.level(), player.seed()), (Level::MIN, 3));
        assert!(player.search(&game, Limits::default()).is_ok());
        // a zero limit is refused at every level
        assert_eq!(
            player.search(&game, Limits::depth(0)),
            Err(AnyPlayerError::ZeroLimit("depth"))
        );
        assert_eq!(
            player.measured(),
            Level::MIN.measured::<column_checkers::Emergo>()
        );
        assert!(player.measured().is_some());
        let hex = AnyPlayer::new(Ruleset::HexEmergo, 1).with_level(Level::MIN);
        assert_eq!(hex.measured(), None);
        // the draw answer searches at full strength: it needs a limit
        assert_eq!(
            player.answer_draw(&game, Color::White, Limits::default()),
            Err(AnyPlayerError::NoLimit)
        );
        // (the same answer as the full player's; its table, warm, saves nodes)
        let answer = |p: &mut AnyPlayer| {
            let a = p
                .answer_draw(&game, Color::White, Limits::depth(2))
                .unwrap();
            (a.accepts, a.score, a.depth)
        };
        assert_eq!(
            answer(&mut player),
            answer(&mut AnyPlayer::new(Ruleset::Emergo, 1))
        );
    }

    /// Another seed plays other moves at the beginner's level.
    #[test]
    fn a_levels_seed_changes_its_moves() {
        let game = AnyGame::new(Ruleset::Lasca);
        let moves: std::collections::BTreeSet<String> = (0..20)
            .map(|seed| {
                AnyPlayer::new(Ruleset::Lasca, 1)
                    .with_level(Level::MIN)
                    .with_seed(seed)
                    .search(&game, Limits::default())
                    .unwrap()
                    .mv
            })
            .collect();
        assert!(moves.len() > 1, "{moves:?}");
    }
}
