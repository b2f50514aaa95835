//! Soak runs: many seeded random games of a ruleset with every [`invariants`] check on
//! every move. The `soak` example drives it from the command line on the rulesets a
//! name selects ([`visit`](crate::visit)); tests run a few games of it.
//!
//! Each game has its own seed, derived from the run's seed and the game's number
//! ([`game_seed`]), so a violation names the seed and the ply that reproduce it with
//! [`soak_game`] alone.
//!
//! ```
//! use column_checkers_testkit::soak::{soak, SoakConfig};
//! use column_checkers::Emergo;
//!
//! let stats = soak::<Emergo>(&SoakConfig { games: 2, seed: 1, max_plies: 40 }).unwrap();
//! assert_eq!(stats.games, 2);
//! ```

use crate::checking::{Checking, CheckingVisitor};
use crate::invariants::{self, Violation};
use column_checkers::custom::mix;
use column_checkers::playout::SplitMix64;
use column_checkers::{Color, Game, Introspect, MoveList, Outcome};
use thiserror::Error;

/// The soak checks the positions [`Position::play_each_move`](column_checkers::Position::play_each_move) makes (perft's
/// shortcut: the whole list made again and played) on one position in this many,
/// chosen by its hash; every other check runs on every position. (Such a position
/// costs about half as much again as another: the list made again and every move
/// played twice. One in 32 adds little to a checked game, and still makes them on
/// millions of positions in a soak of a million games.)
pub const PLAYED_EVERY: u64 = 32;

/// Plies after which a soak game stops unfinished, by default.
pub const DEFAULT_MAX_PLIES: usize = 300;

/// What a soak run does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoakConfig {
    /// Games to play.
    pub games: u64,
    /// The run's seed; game `i` plays with [`game_seed`]`(seed, i)`.
    pub seed: u64,
    /// Plies after which a game stops unfinished.
    pub max_plies: usize,
}

/// The seed of game number `game` of a run seeded with `run_seed`.
pub fn game_seed(run_seed: u64, game: u64) -> u64 {
    mix(run_seed ^ mix(game.wrapping_add(1)))
}

/// A violation found by a soak game, with what reproduces it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{ruleset}: game seed {seed:#x}, ply {ply}, position {position:?}: {violation}")]
#[non_exhaustive]
pub struct SoakFailure {
    /// The ruleset's name.
    pub ruleset: &'static str,
    /// The game's seed (give it to [`soak_game`], or to the example's `--replay`).
    pub seed: u64,
    /// Plies played before the violation showed.
    pub ply: usize,
    /// The position text where it showed.
    pub position: String,
    /// The moves played from the start, in the ruleset's notation.
    pub moves: Vec<String>,
    /// What is wrong.
    pub violation: Box<Violation>,
}

/// How one soak game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRun {
    /// Plies played.
    pub plies: usize,
    /// The game's outcome (repetition included), `None` when stopped at the ply limit.
    pub outcome: Option<Outcome>,
}

/// Plays one random game of `P` from its start with seed `seed`, for at most
/// `max_plies` plies, through a [`Game`] (so threefold repetition ends it), checking
/// before every move [`invariants::check`] on the position (the positions
/// [`Position::play_each_move`](column_checkers::Position::play_each_move) makes on one position in [`PLAYED_EVERY`]), and after it
/// [`invariants::check_transition`] (the move is one of the listed moves `check`
/// verified) and [`invariants::check_undo_redo`]. Moves are played
/// alternately with [`Game::play`] and, by their text, [`Game::play_text`].
///
/// # Errors
/// The first violation, as a [`SoakFailure`].
pub fn soak_game<P: Checking>(seed: u64, max_plies: usize) -> Result<GameRun, SoakFailure> {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(P::start());
    let mut moves = MoveList::new();
    let mut scratch = invariants::Scratch::new().played_every(PLAYED_EVERY);
    let fail = |game: &Game<P>, violation| SoakFailure {
        ruleset: P::NAME,
        seed,
        ply: game.moves().len(),
        position: game.position().to_string(),
        moves: game.moves().iter().map(|m| m.to_string()).collect(),
        violation: Box::new(violation),
    };
    for ply in 0..max_plies {
        let before = game.position().clone();
        invariants::check_listing_in(&before, &mut moves, &mut scratch)
            .map_err(|v| fail(&game, v))?;
        if let Some(outcome) = game.outcome() {
            return Ok(GameRun {
                plies: ply,
                outcome: Some(outcome),
            });
        }
        let Some(&mv) = moves.get(rng.below(moves.len().max(1))) else {
            // unreachable after `check`: no move means an outcome
            return Err(fail(&game, Violation::NoMoveNoOutcome));
        };
        let played = if ply % 2 == 0 {
            game.play(&mv).map_err(|error| Violation::ListedMoveFails {
                mv: mv.to_string(),
                error,
            })
        } else {
            let text = mv.to_string();
            invariants::read_back(&mv, &text, game.play_text(&text))
        };
        played.map_err(|v| fail(&game, v))?;
        // `mv` is one of the moves `check_listing` verified: the transition is what is
        // left of `check_move` to check
        invariants::check_transition(&before, &mv.to_string(), game.position())
            .map_err(|v| fail(&game, v))?;
        invariants::check_undo_redo(&mut game).map_err(|v| fail(&game, v))?;
    }
    invariants::check(game.position()).map_err(|v| fail(&game, v))?;
    Ok(GameRun {
        plies: max_plies,
        outcome: game.outcome(),
    })
}

/// Totals of a soak run of one ruleset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SoakStats {
    /// The ruleset's name.
    pub ruleset: &'static str,
    /// Games played.
    pub games: u64,
    /// Plies played in all.
    pub plies: u64,
    /// Games won by White.
    pub white_wins: u64,
    /// Games won by Black.
    pub black_wins: u64,
    /// Games drawn (repetition included).
    pub draws: u64,
    /// Games stopped at the ply limit.
    pub unfinished: u64,
}

impl SoakStats {
    /// Counts one game.
    pub fn add(&mut self, run: &GameRun) {
        self.games += 1;
        self.plies += run.plies as u64;
        match run.outcome.map(|o| o.winner()) {
            None => self.unfinished += 1,
            Some(None) => self.draws += 1,
            Some(Some(Color::White)) => self.white_wins += 1,
            Some(Some(Color::Black)) => self.black_wins += 1,
        }
    }

    /// Adds the counts of `other` (games of the same ruleset played elsewhere).
    pub fn merge(&mut self, other: &SoakStats) {
        self.games += other.games;
        self.plies += other.plies;
        self.white_wins += other.white_wins;
        self.black_wins += other.black_wins;
        self.draws += other.draws;
        self.unfinished += other.unfinished;
    }
}

/// Plays `config.games` soak games of `P` ([`soak_game`]).
///
/// # Errors
/// The first violation, as a [`SoakFailure`].
pub fn soak<P: Checking>(config: &SoakConfig) -> Result<SoakStats, SoakFailure> {
    let mut stats = SoakStats {
        ruleset: P::NAME,
        ..SoakStats::default()
    };
    for i in 0..config.games {
        stats.add(&soak_game::<P>(
            game_seed(config.seed, i),
            config.max_plies,
        )?);
    }
    Ok(stats)
}

/// A [`CheckingVisitor`] running [`soak`] on a ruleset ([`visit`](crate::visit)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Soak(pub SoakConfig);

impl CheckingVisitor for Soak {
    type Output = Result<SoakStats, SoakFailure>;
    fn visit<P: Introspect + Checking>(self) -> Self::Output {
        soak::<P>(&self.0)
    }
}

/// A [`CheckingVisitor`] replaying one soak game ([`soak_game`]) with a given seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The game's seed.
    pub seed: u64,
    /// Plies after which the game stops.
    pub max_plies: usize,
}

impl CheckingVisitor for Replay {
    type Output = Result<GameRun, SoakFailure>;
    fn visit<P: Introspect + Checking>(self) -> Self::Output {
        soak_game::<P>(self.seed, self.max_plies)
    }
}
