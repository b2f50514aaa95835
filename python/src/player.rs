//! `Player`: the crate's computer player
//! ([`AnyPlayer`](column_checkers_player::any::AnyPlayer)) searching a state, the GIL
//! released while it thinks, at full strength or at a level of play (1, beginner, to
//! 10, master).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use column_checkers_player::any::{measured, AnyPlayer};
use column_checkers_player::{Level, Limits, MAX_PLY};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

use crate::{crate_error, ints, value_error, Game, State};

/// The largest transposition table, in megabytes.
const MAX_TABLE_MB: i64 = 1 << 16;

/// The computer player of a game's ruleset: `Player(game, time=None, nodes=None,
/// depth=None, table_mb=16, level=None, seed=0)`; `search(state)` returns the move it
/// plays and how it found it.
#[pyclass(module = "column_checkers._native", name = "Player", frozen)]
pub struct Player {
    inner: Mutex<AnyPlayer>,
    stop: Arc<AtomicBool>,
    limits: Limits,
    table_mb: usize,
    level: Level,
    seed: u64,
    game: Py<Game>,
}

/// The level a Python value names: an `int` from 1 to 10 (`None`: 10, the full
/// player); anything else is a `ValueError` naming it.
fn level_of(level: Option<&Bound<'_, PyAny>>) -> PyResult<Level> {
    let Some(level) = level.filter(|l| !l.is_none()) else {
        return Ok(Level::MAX);
    };
    let number = if level.is_instance_of::<PyBool>() {
        None
    } else {
        level.extract::<i64>().ok()
    };
    match number {
        Some(n) => Level::from_number(n).map_err(crate_error),
        None => Err(value_error(format!(
            "level {} is not a whole number from 1 (beginner) to 10 (master)",
            level.repr()?
        ))),
    }
}

/// The package's game of `game`: a `Game`, or a pyspiel adapter's game (its `cc_game`).
fn game_of<'py>(game: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Game>> {
    if let Ok(g) = game.cast::<Game>() {
        return Ok(g.clone());
    }
    match game.getattr("cc_game") {
        Ok(inner) => Ok(inner.cast::<Game>()?.clone()),
        Err(_) => Err(value_error(format!(
            "not a column_checkers game: {}",
            game.repr()?
        ))),
    }
}

/// The package's state of `state`: a `State`, or a pyspiel adapter's state (its
/// `cc_state`).
fn state_of<'py>(state: &Bound<'py, PyAny>) -> PyResult<Bound<'py, State>> {
    if let Ok(s) = state.cast::<State>() {
        return Ok(s.clone());
    }
    match state.getattr("cc_state") {
        Ok(inner) => Ok(inner.cast::<State>()?.clone()),
        Err(_) => Err(value_error(format!(
            "not a column_checkers state: {}",
            state.repr()?
        ))),
    }
}

#[pymethods]
impl Player {
    /// A player of `game`'s ruleset (its options included) that searches until the
    /// first of its limits: `time` in seconds, `nodes`, `depth` in plies; a
    /// transposition table of about `table_mb` megabytes. `level` (1, beginner, to
    /// 10, master; `None`: 10) weakens it on purpose for a person to play against:
    /// below 10 it plays within the level's own small budget (the limits, none needed,
    /// bound it too), its chance drawn from `seed` (the same game with the same seed
    /// replays move for move); at 10 it needs at least one limit. `ValueError` for a
    /// level that is not 1 to 10, no limit at level 10, or a limit out of range.
    #[new]
    #[pyo3(signature = (game, time=None, nodes=None, depth=None, table_mb=16, level=None, seed=0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &Bound<'_, PyAny>,
        time: Option<f64>,
        nodes: Option<i64>,
        depth: Option<i64>,
        table_mb: i64,
        level: Option<&Bound<'_, PyAny>>,
        seed: i64,
    ) -> PyResult<Player> {
        let game = game_of(game)?;
        let level = level_of(level)?;
        let seed = u64::try_from(seed)
            .map_err(|_| value_error(format!("seed is a whole number from 0, not {seed}")))?;
        let time = match time {
            None => None,
            Some(t) if t.is_finite() && t > 0.0 && t < 1e9 => Some(Duration::from_secs_f64(t)),
            Some(t) => {
                return Err(value_error(format!(
                    "time is in seconds, more than 0, not {t}"
                )))
            }
        };
        let nodes = match nodes {
            None => None,
            Some(n) if n >= 1 => Some(n as u64),
            Some(n) => return Err(value_error(format!("nodes must be at least 1, not {n}"))),
        };
        let deepest = MAX_PLY as i64 - 1;
        let depth = match depth {
            None => None,
            Some(d) if (1..=deepest).contains(&d) => Some(d as u32),
            Some(d) => {
                return Err(value_error(format!(
                    "depth is 1 to {deepest} plies, not {d}"
                )))
            }
        };
        if !(1..=MAX_TABLE_MB).contains(&table_mb) {
            return Err(value_error(format!(
                "table_mb is 1 to {MAX_TABLE_MB}, not {table_mb}"
            )));
        }
        let limits = Limits { depth, nodes, time };
        if level.is_full() || limits != Limits::default() {
            AnyPlayer::check_limits(limits).map_err(crate_error)?;
        }
        let player = AnyPlayer::new(game.get().ruleset, table_mb as usize)
            .with_level(level)
            .with_seed(seed);
        Ok(Player {
            stop: player.stop_flag(),
            inner: Mutex::new(player),
            limits,
            table_mb: table_mb as usize,
            level,
            seed,
            game: game.unbind(),
        })
    }

    /// Searches `state` (a `State` of this game, or a pyspiel adapter's state) and
    /// returns a dict: `move` (notation), `actions` (the clicks that play it from this
    /// state, after any pending clicks), `score` (for the side to move, in hundredths
    /// of a man), `men` (the score in men; `None` for a forced end), `win_in` (plies to
    /// a forced win, negative for a forced loss; else `None`), `depth`, `nodes`, `nps`,
    /// `pv` (notation) and `time` (seconds). The GIL is released while it searches.
    /// `ValueError` when the game is over or the state is of another game.
    fn search<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let state = state_of(state)?;
        let game = state.borrow().inner.clone();
        let limits = self.limits;
        let inner = &self.inner;
        let found = py
            .detach(move || {
                inner
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .search(&game, limits)
            })
            .map_err(crate_error)?;
        let d = PyDict::new(py);
        d.set_item("move", &found.mv)?;
        d.set_item("actions", ints(&found.actions))?;
        d.set_item("score", found.score)?;
        d.set_item("men", found.men)?;
        d.set_item("win_in", found.win_in)?;
        d.set_item("depth", found.depth)?;
        d.set_item("nodes", found.nodes)?;
        d.set_item("nps", found.nps)?;
        d.set_item("pv", &found.pv)?;
        d.set_item("time", found.time.as_secs_f64())?;
        Ok(d)
    }

    /// Stops a search under way (from another thread): it returns the best move found
    /// so far.
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Forgets what earlier searches learnt (a new game).
    fn clear(&self, py: Python<'_>) {
        let inner = &self.inner;
        py.detach(move || inner.lock().unwrap_or_else(PoisonError::into_inner).clear());
    }

    /// The time limit in seconds, or `None`.
    #[getter]
    fn time(&self) -> Option<f64> {
        self.limits.time.map(|t| t.as_secs_f64())
    }

    /// The node limit, or `None`.
    #[getter]
    fn nodes(&self) -> Option<u64> {
        self.limits.nodes
    }

    /// The depth limit in plies, or `None`.
    #[getter]
    fn depth(&self) -> Option<u32> {
        self.limits.depth
    }

    /// The transposition table's size in megabytes.
    #[getter]
    fn table_mb(&self) -> usize {
        self.table_mb
    }

    /// Its level of play, 1 (beginner) to 10 (master, the full player).
    #[getter]
    fn level(&self) -> u8 {
        self.level.get()
    }

    /// Its level's name: `beginner`, `novice`, ... `master`.
    #[getter]
    fn level_name(&self) -> &'static str {
        self.level.name()
    }

    /// The seed of its level's chance.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// What its level scored in the ladder's games in its game, as a person is shown
    /// it (`scores 70 % against level 2 (20 games)`); `None` where the game has not
    /// been measured.
    #[getter]
    fn measured(&self) -> Option<String> {
        measured(self.game.get().ruleset, self.level).map(|m| m.to_string())
    }

    /// The game it plays.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    fn __repr__(&self) -> String {
        let mut parts = vec![format!("load_game({:?})", self.game.get().game_string())];
        if let Some(t) = self.time() {
            parts.push(format!("time={t}"));
        }
        if let Some(n) = self.limits.nodes {
            parts.push(format!("nodes={n}"));
        }
        if let Some(d) = self.limits.depth {
            parts.push(format!("depth={d}"));
        }
        parts.push(format!("table_mb={}", self.table_mb));
        if !self.level.is_full() {
            parts.push(format!("level={}", self.level));
            parts.push(format!("seed={}", self.seed));
        }
        format!("Player({})", parts.join(", "))
    }
}
