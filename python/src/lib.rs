//! `column_checkers._native`: the Python extension module of the `column_checkers`
//! package (see `python/README.md`). Games, states and batched games with OpenSpiel's
//! names and meanings, over the rules engine of the `column-checkers` crate.
//!
//! The game is the crate's: a state is an [`AnyGame`] (a game of any ruleset, played
//! here by clicks, with an action limit), a `VectorEnv` a [`Batch`] of them; this file
//! turns their methods into Python's, and [`obs`] lays a game's board out as the
//! observation tensor.

#![forbid(unsafe_code)]

pub mod obs;
pub mod player;
#[cfg(test)]
mod tests;

use column_checkers::any::{playouts, Batch, Observer};
use column_checkers::{AnyGame, AnyGameError, Ruleset, Square};
use numpy::ndarray::{Array1, Array2, Array3, Array4};
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArray3, PyArray4, PyArrayMethods, PyReadonlyArray1,
    PyUntypedArrayMethods,
};
use obs::Layout;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use std::sync::Arc;

/// pyspiel's `PlayerId.TERMINAL`.
const TERMINAL: i64 = -4;

/// The default action limit: a game not over after this many actions is cut off (a
/// draw; `is_truncated()`).
pub const DEFAULT_MAX_GAME_LENGTH: usize = 2000;

fn value_error(e: impl Into<String>) -> PyErr {
    PyValueError::new_err(e.into())
}

/// The crate's error as a `ValueError`.
fn crate_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Actions (squares) as Python ints.
fn ints(v: &[Square]) -> Vec<i64> {
    v.iter().map(|s| i64::from(s.0)).collect()
}

/// The threads to use: `threads` or every core.
fn threads_or_all(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    })
}

/// A ruleset with its options (what `load_game` returns): makes states and batched
/// games, counts perft, plays random games.
#[pyclass(module = "column_checkers._native", name = "Game", frozen)]
pub struct Game {
    /// The game at its start, with the action limit: what a new state copies.
    start: AnyGame,
    layout: Arc<Layout>,
    /// The ruleset with its options.
    ruleset: Ruleset,
    max_len: usize,
    squares: Vec<String>,
}

/// A registry option's keyword in Python: `--russian-code` is `russian_code`.
fn python_name(option: &str) -> String {
    option.trim_start_matches('-').replace('-', "_")
}

/// Reads `name` and `options` into the ruleset they select and the action limit.
fn game_options(name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<(Ruleset, usize)> {
    let Some(base) = Ruleset::bases().find(|r| r.name().eq_ignore_ascii_case(name.trim())) else {
        let known: Vec<&str> = Ruleset::bases().map(|r| r.name()).collect();
        return Err(value_error(format!(
            "unknown ruleset {name:?}; known: {}",
            known.join(", ")
        )));
    };
    let mut flags: Vec<&str> = Vec::new();
    let mut max_len = DEFAULT_MAX_GAME_LENGTH;
    if let Some(options) = options {
        for (k, v) in options.iter() {
            let key: String = k.extract()?;
            if key == "max_game_length" {
                let n: i64 = v
                    .extract()
                    .map_err(|_| value_error(format!("max_game_length must be an int, not {v}")))?;
                if n < 1 {
                    return Err(value_error(format!(
                        "max_game_length must be at least 1, not {n}"
                    )));
                }
                max_len = n as usize;
                continue;
            }
            let Some(&(flag, _)) = base
                .option_help()
                .iter()
                .find(|(f, _)| python_name(f) == key)
            else {
                let mut known: Vec<String> = base
                    .option_help()
                    .iter()
                    .map(|(f, _)| python_name(f))
                    .collect();
                known.push("max_game_length".into());
                return Err(value_error(format!(
                    "ruleset {} has no option {key:?}; its options: {}",
                    base.name(),
                    known.join(", ")
                )));
            };
            let on: bool = v
                .extract()
                .map_err(|_| value_error(format!("option {key} is True or False, not {v}")))?;
            if on {
                flags.push(flag);
            }
        }
    }
    let ruleset =
        Ruleset::from_name(base.name(), &flags).map_err(|e| value_error(e.to_string()))?;
    Ok((ruleset, max_len))
}

/// Splits `"lasca(roundabout=True,max_game_length=500)"` into the name and options.
fn parse_game_string<'py>(py: Python<'py>, text: &str) -> PyResult<(String, Bound<'py, PyDict>)> {
    let dict = PyDict::new(py);
    let text = text.trim();
    let Some(open) = text.find('(') else {
        return Ok((text.to_string(), dict));
    };
    let Some(inner) = text[open + 1..].strip_suffix(')') else {
        return Err(value_error(format!(
            "malformed game string {text:?}: no closing parenthesis"
        )));
    };
    for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((k, v)) = part.split_once('=') else {
            return Err(value_error(format!(
                "malformed game string {text:?}: {part:?} is not name=value"
            )));
        };
        let (k, v) = (k.trim(), v.trim());
        match v {
            "True" | "true" | "1" if k != "max_game_length" => dict.set_item(k, true)?,
            "False" | "false" | "0" if k != "max_game_length" => dict.set_item(k, false)?,
            _ => match v.parse::<i64>() {
                Ok(n) => dict.set_item(k, n)?,
                Err(_) => dict.set_item(k, v)?,
            },
        }
    }
    Ok((text[..open].to_string(), dict))
}

impl Game {
    fn open(name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
        let (ruleset, max_len) = game_options(name, options)?;
        let start = AnyGame::new(ruleset).with_action_limit(max_len);
        let layout = Arc::new(Layout::of(&start));
        let squares = start.square_names().into_iter().map(String::from).collect();
        Ok(Game {
            start,
            layout,
            ruleset,
            max_len,
            squares,
        })
    }

    /// A game from the start or from `position`, refused when the observation
    /// cannot hold it.
    fn state_at(&self, position: Option<&str>) -> Result<AnyGame, String> {
        let game = match position {
            None => self.start.clone(),
            Some(t) => AnyGame::from_position(self.ruleset, t)
                .map_err(|e| format!("malformed position {t:?}: {e}"))?
                .with_action_limit(self.max_len),
        };
        self.layout.fits(game.start_board_view())?;
        Ok(game)
    }

    /// A game from `State.serialize()`'s text.
    fn deserialize(&self, text: &str) -> PyResult<AnyGame> {
        let game =
            AnyGame::from_state_text(self.ruleset, text, self.max_len).map_err(crate_error)?;
        self.layout
            .fits(game.start_board_view())
            .map_err(value_error)?;
        Ok(game)
    }

    /// A state of this game.
    fn state(slf: &Bound<'_, Self>, inner: AnyGame) -> State {
        State {
            inner,
            game: slf.clone().unbind(),
        }
    }

    /// The ruleset without its options (where the options' list is).
    fn base(&self) -> Ruleset {
        Ruleset::bases()
            .find(|r| r.name() == self.ruleset.name())
            .unwrap_or(self.ruleset)
    }

    fn game_type(&self, py: Python<'_>) -> PyResult<GameType> {
        let base = self.base();
        let spec = PyDict::new(py);
        for (f, _) in base.option_help() {
            spec.set_item(python_name(f), false)?;
        }
        spec.set_item("max_game_length", DEFAULT_MAX_GAME_LENGTH)?;
        Ok(GameType {
            short_name: format!("cc_{}", base.name().replace('-', "_")),
            long_name: format!("column-checkers {}: {}", base.name(), base.about().trim()),
            dynamics: "SEQUENTIAL",
            chance_mode: "DETERMINISTIC",
            information: "PERFECT_INFORMATION",
            utility: "ZERO_SUM",
            reward_model: "TERMINAL",
            max_num_players: 2,
            min_num_players: 2,
            provides_information_state_string: true,
            provides_information_state_tensor: false,
            provides_observation_string: true,
            provides_observation_tensor: true,
            provides_factored_observation_string: false,
            default_loadable: true,
            parameter_specification: spec.unbind(),
        })
    }

    fn game_string(&self) -> String {
        let mut parts: Vec<String> = self
            .ruleset
            .options()
            .iter()
            .map(|f| format!("{}=True", python_name(f)))
            .collect();
        if self.max_len != DEFAULT_MAX_GAME_LENGTH {
            parts.push(format!("max_game_length={}", self.max_len));
        }
        if parts.is_empty() {
            self.ruleset.name().to_string()
        } else {
            format!("{}({})", self.ruleset.name(), parts.join(","))
        }
    }
}

/// OpenSpiel's `GameType` of a game, where `pyspiel` does not import: the same fields,
/// each enum by its member's name (`dynamics == "SEQUENTIAL"`).
#[pyclass(module = "column_checkers._native", name = "GameType", frozen, get_all)]
pub struct GameType {
    short_name: String,
    long_name: String,
    dynamics: &'static str,
    chance_mode: &'static str,
    information: &'static str,
    utility: &'static str,
    reward_model: &'static str,
    max_num_players: usize,
    min_num_players: usize,
    provides_information_state_string: bool,
    provides_information_state_tensor: bool,
    provides_observation_string: bool,
    provides_observation_tensor: bool,
    provides_factored_observation_string: bool,
    default_loadable: bool,
    parameter_specification: Py<PyDict>,
}

impl GameType {
    /// `pyspiel.GameType` with the same fields, the enums pyspiel's.
    fn to_pyspiel<'py>(&self, spiel: &Bound<'py, PyModule>) -> PyResult<Bound<'py, PyAny>> {
        let py = spiel.py();
        let ty = spiel.getattr("GameType")?;
        let kw = PyDict::new(py);
        kw.set_item("short_name", &self.short_name)?;
        kw.set_item("long_name", &self.long_name)?;
        for (field, group, member) in [
            ("dynamics", "Dynamics", self.dynamics),
            ("chance_mode", "ChanceMode", self.chance_mode),
            ("information", "Information", self.information),
            ("utility", "Utility", self.utility),
            ("reward_model", "RewardModel", self.reward_model),
        ] {
            kw.set_item(field, ty.getattr(group)?.getattr(member)?)?;
        }
        kw.set_item("max_num_players", self.max_num_players)?;
        kw.set_item("min_num_players", self.min_num_players)?;
        for (field, value) in [
            (
                "provides_information_state_string",
                self.provides_information_state_string,
            ),
            (
                "provides_information_state_tensor",
                self.provides_information_state_tensor,
            ),
            (
                "provides_observation_string",
                self.provides_observation_string,
            ),
            (
                "provides_observation_tensor",
                self.provides_observation_tensor,
            ),
            (
                "provides_factored_observation_string",
                self.provides_factored_observation_string,
            ),
            ("default_loadable", self.default_loadable),
        ] {
            kw.set_item(field, value)?;
        }
        kw.set_item(
            "parameter_specification",
            self.parameter_specification.bind(py),
        )?;
        ty.call((), Some(&kw))
    }
}

#[pymethods]
impl GameType {
    fn __repr__(&self) -> String {
        format!(
            "GameType(short_name={:?}, dynamics={}, chance_mode={}, information={}, utility={}, reward_model={})",
            self.short_name, self.dynamics, self.chance_mode, self.information, self.utility, self.reward_model
        )
    }
}

/// An action with the player who took it (OpenSpiel's `PlayerAction`), in
/// `State.full_history()`.
#[pyclass(
    module = "column_checkers._native",
    name = "PlayerAction",
    frozen,
    get_all,
    eq
)]
#[derive(PartialEq, Eq)]
pub struct PlayerAction {
    player: i64,
    action: i64,
}

#[pymethods]
impl PlayerAction {
    #[new]
    fn new(player: i64, action: i64) -> PlayerAction {
        PlayerAction { player, action }
    }

    fn __repr__(&self) -> String {
        format!(
            "PlayerAction(player={}, action={})",
            self.player, self.action
        )
    }
}

/// `load_game(name, **options)`: the game of a ruleset by name, with its options as
/// keywords (`roundabout=True`, `russian_code=True`, `max_game_length=...`); also
/// `load_game("lasca(roundabout=True)")`, OpenSpiel's form.
#[pyfunction]
#[pyo3(signature = (name, **options))]
fn load_game(
    py: Python<'_>,
    name: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<Game>> {
    let game = if name.contains('(') {
        let (n, opts) = parse_game_string(py, name)?;
        if let Some(extra) = options {
            opts.update(extra.as_mapping())?;
        }
        Game::open(&n, Some(&opts))?
    } else {
        Game::open(name, options)?
    };
    Py::new(py, game)
}

/// The rulesets: a list of `(name, about, {option: about})`, options by their Python
/// keyword names.
#[pyfunction]
fn rulesets(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for r in Ruleset::bases() {
        let opts = PyDict::new(py);
        for (f, about) in r.option_help() {
            opts.set_item(python_name(f), *about)?;
        }
        list.append((r.name(), r.about().trim(), opts))?;
    }
    Ok(list)
}

/// Rebuilds a state from its game string and `serialize()` text (pickle).
#[pyfunction]
fn _restore_state(py: Python<'_>, game: &str, data: &str) -> PyResult<State> {
    let g = load_game(py, game, None)?;
    let inner = g.get().deserialize(data)?;
    Ok(State { inner, game: g })
}

#[pymethods]
impl Game {
    /// A state at the start of the game, or at the position of `position` (a position
    /// text of the ruleset; `ValueError` when it is malformed).
    #[pyo3(signature = (position=None))]
    fn new_initial_state(slf: &Bound<'_, Self>, position: Option<&str>) -> PyResult<State> {
        let inner = slf.get().state_at(position).map_err(value_error)?;
        Ok(Game::state(slf, inner))
    }

    /// A state from `State.serialize()`'s text.
    fn deserialize_state(slf: &Bound<'_, Self>, text: &str) -> PyResult<State> {
        let inner = slf.get().deserialize(text)?;
        Ok(Game::state(slf, inner))
    }

    /// The games of a PDN text (the crate's reader: tags, `FEN` start positions, every
    /// move checked), each as a state at its end. `ValueError` naming the first game
    /// that does not read or replay.
    fn states_from_pdn(slf: &Bound<'_, Self>, text: &str) -> PyResult<Vec<State>> {
        let g = slf.get();
        let games = AnyGame::games_from_pdn(text, g.ruleset, g.max_len).map_err(crate_error)?;
        for (i, game) in games.iter().enumerate() {
            g.layout
                .fits(game.start_board_view())
                .map_err(|e| value_error(format!("game {}: {e}", i + 1)))?;
        }
        Ok(games.into_iter().map(|s| Game::state(slf, s)).collect())
    }

    /// The number of actions: the board's squares (an action is a click on a square).
    fn num_distinct_actions(&self) -> usize {
        self.squares.len()
    }

    /// `[planes, height, width]`.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.layout.shape().to_vec()
    }

    /// The number of floats of an observation.
    fn observation_tensor_size(&self) -> usize {
        self.layout.size()
    }

    /// Where each group of planes starts in the observation: a dict of plane indices
    /// and sizes (see the README).
    fn observation_planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let l = &self.layout;
        let d = PyDict::new(py);
        d.set_item("levels", l.levels)?;
        d.set_item("white", (l.white, l.levels))?;
        d.set_item("black", (l.black, l.levels))?;
        d.set_item("king", (l.king, if l.kings { l.levels } else { 0 }))?;
        d.set_item("in_hand", (l.in_hand, if l.hand { 2 } else { 0 }))?;
        d.set_item("turn", (l.turn, 1))?;
        d.set_item("clicks", (l.click, l.board - l.click))?;
        d.set_item("board", (l.board, 1))?;
        d.set_item("side_men", l.side_men)?;
        let cells: Vec<(u32, u32)> = l
            .cell
            .iter()
            .map(|&c| (c / l.width as u32, c % l.width as u32))
            .collect();
        d.set_item("square_cells", cells)?;
        Ok(d)
    }

    /// The most actions a game takes: a game is cut off (a draw, `is_truncated()`)
    /// when it reaches this many actions.
    fn max_game_length(&self) -> usize {
        self.max_len
    }

    fn num_players(&self) -> usize {
        2
    }

    fn min_utility(&self) -> f64 {
        -1.0
    }

    fn max_utility(&self) -> f64 {
        1.0
    }

    fn utility_sum(&self) -> f64 {
        0.0
    }

    /// The ruleset's name.
    #[getter]
    fn name(&self) -> &str {
        self.ruleset.name()
    }

    /// The options in force, as keywords for `load_game`.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for f in self.ruleset.options() {
            d.set_item(python_name(f), true)?;
        }
        d.set_item("max_game_length", self.max_len)?;
        Ok(d)
    }

    /// OpenSpiel's game type: a `pyspiel.GameType` when `pyspiel` imports (so that
    /// OpenSpiel's algorithms find its enums), else this module's `GameType` with the
    /// same fields. Sequential, deterministic, perfect information, zero-sum, terminal
    /// rewards, two players.
    fn get_type<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let ty = self.game_type(py)?;
        match py.import("pyspiel") {
            Ok(spiel) => ty.to_pyspiel(&spiel),
            Err(_) => Ok(Bound::new(py, ty)?.into_any()),
        }
    }

    /// OpenSpiel's game parameters: every option of the ruleset (`True` or `False`)
    /// and `max_game_length`.
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let on = self.ruleset.options();
        for (f, _) in self.base().option_help() {
            d.set_item(python_name(f), on.contains(f))?;
        }
        d.set_item("max_game_length", self.max_len)?;
        Ok(d)
    }

    /// The name of each square, by action.
    fn square_names(&self) -> Vec<String> {
        self.squares.clone()
    }

    /// The start position's text.
    fn start_position(&self) -> String {
        self.start.start_text()
    }

    /// Perft: the number of move sequences of `depth` moves (whole moves, not
    /// clicks) from the start or from `position`, as the crate counts them.
    #[pyo3(signature = (depth, position=None))]
    fn perft(&self, py: Python<'_>, depth: u32, position: Option<&str>) -> PyResult<u64> {
        let game = self.state_at(position).map_err(value_error)?;
        Ok(py.detach(move || game.perft(depth)))
    }

    /// Perft split by first move: a list of `(move, position after it, perft of
    /// depth - 1 there)`.
    #[pyo3(signature = (depth, position=None))]
    fn divide(
        &self,
        py: Python<'_>,
        depth: u32,
        position: Option<&str>,
    ) -> PyResult<Vec<(String, String, u64)>> {
        let game = self.state_at(position).map_err(value_error)?;
        Ok(py.detach(move || game.divide_positions(depth)))
    }

    /// `n` games of uniformly random actions from the start, on `threads` threads
    /// (default: every core), game `i` seeded from `(seed, i)` (the same games for any
    /// number of threads). A dict of NumPy arrays: `actions` and `moves` per game, and
    /// `winner` (0 White, 1 Black, -1 draw, -2 cut off at max_game_length).
    #[pyo3(signature = (n, seed=0, threads=None))]
    fn random_playouts<'py>(
        &self,
        py: Python<'py>,
        n: usize,
        seed: u64,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let start = &self.start;
        let threads = threads_or_all(threads);
        let (actions, moves, winner) = py.detach(|| playouts(start, n, seed, threads));
        let d = PyDict::new(py);
        d.set_item("actions", actions.into_pyarray(py))?;
        d.set_item("moves", moves.into_pyarray(py))?;
        d.set_item("winner", winner.into_pyarray(py))?;
        Ok(d)
    }

    fn __str__(&self) -> String {
        self.game_string()
    }

    fn __repr__(&self) -> String {
        format!("load_game({:?})", self.game_string())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Game>()
            .is_ok_and(|o| o.get().game_string() == self.game_string())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.game_string().hash(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let f = py.import("column_checkers._native")?.getattr("load_game")?;
        Ok((f, (self.game_string(),)))
    }
}

/// A game in progress, played one action (one click on a square) at a time.
#[pyclass(module = "column_checkers._native", name = "State")]
pub struct State {
    inner: AnyGame,
    game: Py<Game>,
}

impl State {
    /// The action of `args`: `(action)` or OpenSpiel's `(player, action)`.
    fn action_arg<'py>(args: &Bound<'py, PyTuple>) -> PyResult<Bound<'py, PyAny>> {
        match args.len() {
            1 => args.get_item(0),
            2 => args.get_item(1),
            n => Err(PyTypeError::new_err(format!(
                "takes (action) or (player, action), {n} arguments given"
            ))),
        }
    }

    /// The name of action `a`'s square, if it is one of the board.
    fn square_name(&self, a: i64) -> Option<&'static str> {
        let squares = self.inner.geometry().len() as i64;
        (0..squares)
            .contains(&a)
            .then(|| self.inner.square_name(Square(a as u8)))
    }

    fn player_arg(&self, player: Option<i64>) -> PyResult<()> {
        match player {
            None | Some(0) | Some(1) => Ok(()),
            Some(p) => Err(value_error(format!("player {p} is not 0 or 1"))),
        }
    }
}

#[pymethods]
impl State {
    /// The player to move: 0 (White, who moves first) or 1 (Black); -4
    /// (`pyspiel.PlayerId.TERMINAL`) when the game is over. Mid-move (clicks pending)
    /// it is the player entering the move.
    fn current_player(&self) -> i64 {
        self.inner.current_player().map_or(TERMINAL, |p| p as i64)
    }

    /// The legal actions in increasing order: the squares that continue some legal
    /// move after the pending clicks. Empty when the game is over or `player` is not
    /// the player to move.
    #[pyo3(signature = (player=None))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyList>> {
        if let Some(p) = player {
            if Some(p) != self.inner.current_player().map(|c| c as i64) {
                return Ok(PyList::empty(py));
            }
        }
        PyList::new(py, self.inner.legal_actions().iter().map(|s| s.0))
    }

    /// A NumPy `int8` array of `num_distinct_actions()`: 1 for each legal action.
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> Bound<'py, PyArray1<i8>> {
        let n = self.game.get().squares.len();
        let mut mask = vec![0i8; n];
        if player.is_none() || player == self.inner.current_player().map(|c| c as i64) {
            for &a in self.inner.legal_actions() {
                mask[a.index()] = 1;
            }
        }
        mask.into_pyarray(py)
    }

    /// Takes action `action` (a square index). `ValueError` when it is not legal,
    /// saying why; the state is then unchanged.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a: i64 = action
            .extract()
            .map_err(|_| value_error(format!("an action is an int, not {action}")))?;
        self.inner.apply(a).map(|_| ()).map_err(crate_error)
    }

    /// Plays a whole move in the ruleset's notation (`"g6xe6xc6"`, `"d6"`) by its
    /// clicks; returns the actions taken. `ValueError` when it is not legal.
    fn apply_move(&mut self, text: &str) -> PyResult<Vec<i64>> {
        match self.inner.enter(text) {
            Ok(taken) => Ok(ints(&taken)),
            Err(AnyGameError::Move(e)) => Err(value_error(format!("move {text:?}: {e}"))),
            Err(e) => Err(crate_error(e)),
        }
    }

    /// An independent copy.
    fn clone(&self, py: Python<'_>) -> State {
        State {
            inner: self.inner.clone(),
            game: self.game.clone_ref(py),
        }
    }

    /// A copy with `action` taken (OpenSpiel's `child`); `ValueError` as
    /// `apply_action`.
    fn child(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<State> {
        let mut next = self.clone(py);
        next.apply_action(action)?;
        Ok(next)
    }

    /// Takes back the last action, which `player` took (OpenSpiel's `undo_action`).
    /// The last click of a move takes the move back and leaves its earlier clicks
    /// pending; undoing each click of a move in turn returns to the position before
    /// it. `ValueError` when `(player, action)` is not the last action.
    fn undo_action(&mut self, player: i64, action: i64) -> PyResult<()> {
        let Some(&last) = self.inner.actions().last() else {
            return Err(value_error("no action to undo: the state is at its start"));
        };
        if i64::from(last.0) != action {
            return Err(value_error(format!(
                "the last action is {}, not {action}",
                last.0
            )));
        }
        let mut back = self.inner.clone();
        back.undo_action();
        let who = back.current_player().map_or(TERMINAL, |p| p as i64);
        if who != player {
            return Err(value_error(format!(
                "action {action} was player {who}'s, not player {player}'s"
            )));
        }
        self.inner = back;
        Ok(())
    }

    /// The information state (perfect information: the whole history): the actions
    /// taken, as `history_str()`, after the start position when it is not the game's.
    #[pyo3(signature = (player=None))]
    fn information_state_string(&self, player: Option<i64>) -> PyResult<String> {
        self.player_arg(player)?;
        let history = self.history_str();
        let start = self.inner.start_text();
        if start == self.game.get().start.start_text() {
            Ok(history)
        } else {
            Ok(format!("{start} | {history}"))
        }
    }

    /// Every action taken with the player who took it: a list of `PlayerAction`
    /// (`.player`, `.action`).
    fn full_history(&self) -> Vec<PlayerAction> {
        let mut replay = self.inner.clone();
        replay.reset();
        let mut out = Vec::with_capacity(self.inner.actions().len());
        for &a in self.inner.actions() {
            let player = replay.current_player().map_or(TERMINAL, |p| p as i64);
            out.push(PlayerAction {
                player,
                action: i64::from(a.0),
            });
            let _ = replay.apply(i64::from(a.0));
        }
        out
    }

    fn __copy__(&self, py: Python<'_>) -> State {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> State {
        self.clone(py)
    }

    /// Whether the game is over: by the rules, or cut off at `max_game_length`.
    fn is_terminal(&self) -> bool {
        self.inner.is_over()
    }

    /// Whether the game was cut off at `max_game_length` actions (not ended by the
    /// rules); it counts as a draw.
    fn is_truncated(&self) -> bool {
        self.inner.is_truncated()
    }

    fn is_chance_node(&self) -> bool {
        false
    }

    fn is_simultaneous_node(&self) -> bool {
        false
    }

    fn is_player_node(&self) -> bool {
        !self.inner.is_over()
    }

    /// `[White's, Black's]` result: 1 win, -1 loss, 0 draw; 0 and 0 while the game
    /// goes on.
    fn returns(&self) -> Vec<f32> {
        self.inner.returns().to_vec()
    }

    fn player_return(&self, player: i64) -> PyResult<f32> {
        self.player_arg(Some(player))?;
        Ok(self.inner.returns()[player as usize])
    }

    /// The rewards of the last action: the returns once the game is over, else 0
    /// and 0 (the reward comes at the end).
    fn rewards(&self) -> Vec<f32> {
        if self.inner.is_over() {
            self.inner.returns().to_vec()
        } else {
            vec![0.0, 0.0]
        }
    }

    fn player_reward(&self, player: i64) -> PyResult<f32> {
        self.player_arg(Some(player))?;
        Ok(self.rewards()[player as usize])
    }

    /// The observation tensor, a NumPy `float32` array of
    /// `game.observation_tensor_shape()`; the same for both players (perfect
    /// information, absolute colours; see the README for the planes).
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        self.player_arg(player)?;
        let layout = &self.game.get().layout;
        let mut out = vec![0f32; layout.size()];
        if let Some(view) = self.inner.board_view() {
            layout.write(&view, self.inner.clicks(), &mut out);
        }
        let [p, h, w] = layout.shape();
        Ok(Array3::from_shape_vec((p, h, w), out)
            .expect("planes x height x width")
            .into_pyarray(py))
    }

    /// The position as text (with the pending clicks, if any).
    #[pyo3(signature = (player=None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        self.player_arg(player)?;
        Ok(self.__repr__())
    }

    /// The name of an action's square. `(action)` or `(player, action)`.
    #[pyo3(signature = (*args))]
    fn action_to_string(&self, args: &Bound<'_, PyTuple>) -> PyResult<String> {
        let a: i64 = Self::action_arg(args)?.extract()?;
        self.square_name(a).map(str::to_string).ok_or_else(|| {
            value_error(format!(
                "action {a} is not a square of this board (actions are 0 to {})",
                self.game.get().squares.len().saturating_sub(1)
            ))
        })
    }

    /// The action of a square's name. `(name)` or `(player, name)`.
    #[pyo3(signature = (*args))]
    fn string_to_action(&self, args: &Bound<'_, PyTuple>) -> PyResult<i64> {
        let s: String = Self::action_arg(args)?.extract()?;
        self.inner
            .parse_square(&s)
            .map(|s| i64::from(s.0))
            .ok_or_else(|| value_error(format!("there is no square {s:?} on this board")))
    }

    /// Every action taken since the state was made, in order.
    fn history(&self) -> Vec<i64> {
        ints(self.inner.actions())
    }

    fn history_str(&self) -> String {
        let h: Vec<String> = self
            .inner
            .actions()
            .iter()
            .map(|a| a.0.to_string())
            .collect();
        h.join(", ")
    }

    /// The number of actions taken.
    fn move_number(&self) -> usize {
        self.inner.actions().len()
    }

    /// The squares clicked so far of the move being entered (actions).
    fn pending_clicks(&self) -> Vec<i64> {
        ints(self.inner.clicks())
    }

    /// The crate's legal-move list, in notation (each move once).
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_texts()
    }

    /// Every click path of the position: `(move, [actions])`, every route of a
    /// capture (two routes of one move give two paths to the same move).
    fn click_paths(&self) -> Vec<(String, Vec<i64>)> {
        self.inner
            .click_paths()
            .into_iter()
            .map(|(m, p)| (m, ints(&p)))
            .collect()
    }

    /// The legal moves still possible after the pending clicks.
    fn candidates(&self) -> Vec<String> {
        self.inner.candidates()
    }

    /// The moves played, in notation.
    fn moves(&self) -> Vec<String> {
        self.inner.moves()
    }

    /// How the game ended, in words (`None` while it goes on).
    fn outcome(&self) -> Option<String> {
        if let Some(o) = self.inner.outcome() {
            return Some(o.to_string());
        }
        self.inner.is_truncated().then(|| {
            format!(
                "1/2-1/2 cut off: {} actions (max_game_length)",
                self.inner.action_limit()
            )
        })
    }

    /// The position text (without the pending clicks).
    fn position(&self) -> String {
        self.inner.position_text()
    }

    /// The position the state started from.
    fn start_position(&self) -> String {
        self.inner.start_text()
    }

    /// A drawing of the board.
    fn diagram(&self) -> String {
        self.inner.diagram()
    }

    /// The game so far as PDN, by the crate's record writer (the pending clicks are
    /// not in it).
    fn to_pdn(&self) -> String {
        self.inner.record().to_string()
    }

    /// Random actions to the end of the game (seeded); returns how many.
    #[pyo3(signature = (seed=0))]
    fn random_playout(&mut self, seed: u64) -> usize {
        self.inner
            .play_random_actions(&mut column_checkers::playout::SplitMix64::new(seed))
    }

    /// The state as text: the start position and every action (read back by
    /// `Game.deserialize_state`).
    fn serialize(&self) -> String {
        self.inner.to_state_text()
    }

    fn get_game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The position's Zobrist hash (the crate's).
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    fn __str__(&self) -> String {
        self.inner.position_text()
    }

    fn __repr__(&self) -> String {
        let text = self.inner.position_text();
        let pending = self.inner.clicks();
        if pending.is_empty() {
            return text;
        }
        let names = self.inner.names(pending);
        format!("{text} | clicks {}", names.join("-"))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<State>().is_ok_and(|o| {
            let o = o.borrow();
            o.game.get().game_string() == self.game.get().game_string()
                && o.inner.to_state_text() == self.inner.to_state_text()
        })
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let f = py
            .import("column_checkers._native")?
            .getattr("_restore_state")?;
        Ok((
            f,
            (self.game.get().game_string(), self.inner.to_state_text()),
        ))
    }
}

/// `num_envs` games stepped together by one call, in Rust with the GIL released,
/// on `threads` threads; a game that ends is reset at once (see `step`).
#[pyclass(module = "column_checkers._native", name = "VectorEnv")]
pub struct VectorEnv {
    inner: Batch,
    game: Py<Game>,
    actions: usize,
    shape: [usize; 3],
}

type StepResult<'py> = (
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
);

#[pymethods]
impl VectorEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, seed=0, threads=None))]
    fn new(
        game: Bound<'_, Game>,
        num_envs: usize,
        seed: u64,
        threads: Option<usize>,
    ) -> PyResult<Self> {
        if num_envs == 0 {
            return Err(value_error("num_envs must be at least 1"));
        }
        let g = game.get();
        let layout = g.layout.clone();
        let observer: Observer = {
            let layout = layout.clone();
            Arc::new(move |view, clicks, out| layout.write(view, clicks, out))
        };
        let inner = Batch::new(
            &g.start,
            num_envs,
            seed,
            threads_or_all(threads),
            layout.size(),
            observer,
        )
        .map_err(crate_error)?;
        Ok(VectorEnv {
            inner,
            actions: layout.squares,
            shape: layout.shape(),
            game: game.unbind(),
        })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.inner.len()
    }

    #[getter]
    fn num_actions(&self) -> usize {
        self.actions
    }

    #[getter]
    fn threads(&self) -> usize {
        self.inner.threads()
    }

    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// Every game back to the start (and the random streams of `sample_actions` to
    /// `seed`); returns `(mask, player)` as `step` does.
    #[pyo3(signature = (seed=0))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: u64,
    ) -> (Bound<'py, PyArray2<bool>>, Bound<'py, PyArray1<i8>>) {
        self.inner.reset(seed);
        self.legal_actions_mask_and_player(py)
    }

    /// The legal-action masks `(num_envs, num_actions)` and the players to move.
    fn legal_actions_mask_and_player<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray2<bool>>, Bound<'py, PyArray1<i8>>) {
        let n = self.inner.len();
        let mut mask = vec![false; n * self.actions];
        let mut player = vec![0i8; n];
        self.inner.masks(&mut mask, &mut player);
        let mask = Array2::from_shape_vec((n, self.actions), mask).expect("n x actions");
        (mask.into_pyarray(py), Array1::from(player).into_pyarray(py))
    }

    /// Takes one action in every game (`actions`: `num_envs` ints, each legal in its
    /// game; `ValueError` naming the first that is not, and then no game moves).
    /// Returns `(mask, player, rewards, terminated, truncated)`: the next legal-action
    /// masks (`bool`, `(num_envs, num_actions)`), the players to move (`int8`),
    /// the rewards of this action for both players (`float32`, `(num_envs, 2)`: the
    /// returns when the game just ended), and whether each game just ended by the
    /// rules or was cut off. A game that ended is reset at once: its mask, player and
    /// observation are then of the new game.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<StepResult<'py>> {
        let owned: Vec<i64>;
        let array: PyReadonlyArray1<'py, i64>;
        let acts: &[i64] = if let Ok(a) = actions.extract::<PyReadonlyArray1<'py, i64>>() {
            array = a;
            array.as_slice()?
        } else {
            owned = actions.extract().map_err(|_| {
                PyTypeError::new_err("actions: a 1-D int64 NumPy array or a sequence of ints")
            })?;
            &owned
        };
        let n = self.inner.len();
        let a = self.actions;
        let mut mask = vec![false; n * a];
        let mut player = vec![0i8; n];
        let mut rewards = vec![0f32; 2 * n];
        let mut term = vec![false; n];
        let mut trunc = vec![false; n];
        let inner = &mut self.inner;
        py.detach(|| {
            inner.step(
                acts,
                &mut mask,
                &mut player,
                &mut rewards,
                &mut term,
                &mut trunc,
            )
        })
        .map_err(crate_error)?;
        Ok((
            Array2::from_shape_vec((n, a), mask)
                .expect("n x actions")
                .into_pyarray(py),
            player.into_pyarray(py),
            Array2::from_shape_vec((n, 2), rewards)
                .expect("n x 2")
                .into_pyarray(py),
            term.into_pyarray(py),
            trunc.into_pyarray(py),
        ))
    }

    /// The observation tensors of every game: `float32`, `(num_envs, planes, height,
    /// width)`; written into `out` (such an array, C-contiguous) when given, and `out`
    /// returned: no allocation, for loops that keep one buffer.
    #[pyo3(signature = (out=None))]
    fn observations<'py>(
        &mut self,
        py: Python<'py>,
        out: Option<Bound<'py, PyArray4<f32>>>,
    ) -> PyResult<Bound<'py, PyArray4<f32>>> {
        let n = self.inner.len();
        let [p, h, w] = self.shape;
        let inner = &mut self.inner;
        if let Some(out) = out {
            if out.shape() != [n, p, h, w] {
                return Err(value_error(format!(
                    "out has shape {:?}, not ({n}, {p}, {h}, {w})",
                    out.shape()
                )));
            }
            {
                let mut rw = out.readwrite();
                let slice = rw
                    .as_slice_mut()
                    .map_err(|_| value_error("out is not C-contiguous"))?;
                py.detach(|| inner.observe(slice));
            }
            return Ok(out);
        }
        let mut buf = vec![0f32; n * p * h * w];
        py.detach(|| inner.observe(&mut buf));
        Ok(Array4::from_shape_vec((n, p, h, w), buf)
            .expect("n x shape")
            .into_pyarray(py))
    }

    /// One uniformly random legal action per game (`int64`), from each game's own
    /// seeded stream.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let mut out = vec![0i64; self.inner.len()];
        let inner = &mut self.inner;
        py.detach(|| inner.sample(&mut out));
        out.into_pyarray(py)
    }

    /// `steps` random actions in every game inside Rust (with automatic reset); returns
    /// the games finished: a dict of `games`, `white_won`, `black_won`, `drawn`,
    /// `cut_off`.
    fn random_steps<'py>(&mut self, py: Python<'py>, steps: usize) -> PyResult<Bound<'py, PyDict>> {
        let inner = &mut self.inner;
        let t = py.detach(|| inner.random_steps(steps));
        let d = PyDict::new(py);
        for (k, v) in ["games", "white_won", "black_won", "drawn", "cut_off"]
            .iter()
            .zip(t)
        {
            d.set_item(*k, v)?;
        }
        Ok(d)
    }

    /// A copy of game `i` as a `State`.
    fn state(&self, py: Python<'_>, i: usize) -> PyResult<State> {
        if i >= self.inner.len() {
            return Err(PyIndexError::new_err(format!(
                "there is no game {i}: the games are 0 to {}",
                self.inner.len().saturating_sub(1)
            )));
        }
        Ok(State {
            inner: self.inner.game(i),
            game: self.game.clone_ref(py),
        })
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(_restore_state, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<VectorEnv>()?;
    m.add_class::<player::Player>()?;
    m.add_class::<GameType>()?;
    m.add_class::<PlayerAction>()?;
    m.add("DEFAULT_MAX_GAME_LENGTH", DEFAULT_MAX_GAME_LENGTH)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
