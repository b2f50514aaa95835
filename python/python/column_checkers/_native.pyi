"""Type stubs of the extension module (the classes ``column_checkers`` re-exports)."""

from typing import Any, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

DEFAULT_MAX_GAME_LENGTH: int
__version__: str

def load_game(name: str, **options: Union[bool, int]) -> Game:
    """The game of a ruleset, its options as keywords (``roundabout=True``,
    ``russian_code=True``, ``max_game_length=...``) or OpenSpiel's form
    ``"lasca(roundabout=True)"``. ``ValueError`` for an unknown ruleset or option."""

def rulesets() -> list[tuple[str, str, dict[str, str]]]:
    """``(name, about, {option: about})`` of every ruleset."""

def _restore_state(game: str, data: str) -> State: ...

class Game:
    """A ruleset with its options."""

    @property
    def name(self) -> str: ...
    @property
    def options(self) -> dict[str, Union[bool, int]]: ...
    def new_initial_state(self, position: Optional[str] = None) -> State:
        """The start, or the position of a position text (``ValueError`` if malformed)."""
    def deserialize_state(self, text: str) -> State: ...
    def states_from_pdn(self, text: str) -> list[State]:
        """Each game of a PDN text, replayed (every move checked) to its end."""
    def num_distinct_actions(self) -> int:
        """The board's squares: an action is a click on a square."""
    def observation_tensor_shape(self) -> list[int]:
        """``[planes, height, width]``."""
    def observation_tensor_size(self) -> int: ...
    def observation_planes(self) -> dict[str, Any]:
        """The first plane and count of each group of planes, and each square's cell."""
    def max_game_length(self) -> int:
        """The action limit: a game is cut off (a draw) when it reaches it."""
    def num_players(self) -> int: ...
    def min_utility(self) -> float: ...
    def max_utility(self) -> float: ...
    def utility_sum(self) -> float: ...
    def get_type(self) -> Any:
        """OpenSpiel's ``GameType``: ``pyspiel.GameType`` when pyspiel imports, else a
        ``GameType`` of this module (enums by their names)."""
    def get_parameters(self) -> dict[str, Union[bool, int]]:
        """Every option of the ruleset (``True``/``False``) and ``max_game_length``."""
    def square_names(self) -> list[str]:
        """The name of each square, by action."""
    def start_position(self) -> str: ...
    def perft(self, depth: int, position: Optional[str] = None) -> int:
        """Move sequences of ``depth`` whole moves, as the crate counts them."""
    def divide(self, depth: int, position: Optional[str] = None) -> list[tuple[str, str, int]]:
        """``(move, position after it, perft(depth - 1) there)`` for each legal move."""
    def random_playouts(
        self, n: int, seed: int = 0, threads: Optional[int] = None
    ) -> dict[str, npt.NDArray[Any]]:
        """``n`` random games in Rust: arrays ``actions``, ``moves``, ``winner``
        (0 White, 1 Black, -1 draw, -2 cut off)."""

class State:
    """A game in progress, one action (one click on a square) at a time."""

    def current_player(self) -> int:
        """0 (White) or 1 (Black); -4 (``pyspiel.PlayerId.TERMINAL``) when over."""
    def legal_actions(self, player: Optional[int] = None) -> list[int]: ...
    def legal_actions_mask(self, player: Optional[int] = None) -> npt.NDArray[np.int8]: ...
    def apply_action(self, action: int) -> None:
        """``ValueError`` (state unchanged) when the action is not legal."""
    def apply_move(self, text: str) -> list[int]:
        """Plays a whole move in notation by its clicks; returns the actions."""
    def clone(self) -> State: ...
    def child(self, action: int) -> State:
        """A copy with ``action`` taken."""
    def undo_action(self, player: int, action: int) -> None:
        """Takes back the last action (one click), which ``player`` took."""
    def information_state_string(self, player: Optional[int] = None) -> str:
        """The history (perfect information), after the start position if not the game's."""
    def full_history(self) -> list[PlayerAction]: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def is_terminal(self) -> bool: ...
    def is_truncated(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def is_simultaneous_node(self) -> bool: ...
    def is_player_node(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def player_return(self, player: int) -> float: ...
    def rewards(self) -> list[float]: ...
    def player_reward(self, player: int) -> float: ...
    def observation_tensor(self, player: Optional[int] = None) -> npt.NDArray[np.float32]:
        """``float32`` of ``observation_tensor_shape()``; the same for both players."""
    def observation_string(self, player: Optional[int] = None) -> str: ...
    def action_to_string(self, *args: int) -> str:
        """``(action)`` or ``(player, action)``: the square's name."""
    def string_to_action(self, *args: Union[int, str]) -> int:
        """``(name)`` or ``(player, name)``: the square's action."""
    def history(self) -> list[int]: ...
    def history_str(self) -> str: ...
    def move_number(self) -> int: ...
    def pending_clicks(self) -> list[int]: ...
    def legal_moves(self) -> list[str]: ...
    def click_paths(self) -> list[tuple[str, list[int]]]: ...
    def candidates(self) -> list[str]: ...
    def moves(self) -> list[str]: ...
    def outcome(self) -> Optional[str]: ...
    def position(self) -> str: ...
    def start_position(self) -> str: ...
    def diagram(self) -> str: ...
    def to_pdn(self) -> str: ...
    def random_playout(self, seed: int = 0) -> int: ...
    def serialize(self) -> str: ...
    def get_game(self) -> Game: ...
    def zobrist(self) -> int: ...

class GameType:
    """OpenSpiel's game type where pyspiel does not import (``Game.get_type``)."""

    short_name: str
    long_name: str
    dynamics: str
    chance_mode: str
    information: str
    utility: str
    reward_model: str
    max_num_players: int
    min_num_players: int
    provides_information_state_string: bool
    provides_information_state_tensor: bool
    provides_observation_string: bool
    provides_observation_tensor: bool
    provides_factored_observation_string: bool
    default_loadable: bool
    parameter_specification: dict[str, Union[bool, int]]

class PlayerAction:
    """An action and the player who took it (``State.full_history``)."""

    player: int
    action: int
    def __init__(self, player: int, action: int) -> None: ...

class Player:
    """The crate's computer player (alpha-beta) for a game's ruleset."""

    def __init__(
        self,
        game: Game,
        time: Optional[float] = None,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        table_mb: int = 16,
        level: Optional[int] = None,
        seed: int = 0,
    ) -> None:
        """Limits: ``time`` (seconds), ``nodes``, ``depth`` (plies). ``level``: 1
        (beginner) to 10 (master; ``None``: 10, the full player); below 10 the level's
        own budget bounds each search (no limit needed), its chance drawn from
        ``seed``; at 10 at least one limit. ``ValueError`` for a level that is not 1
        to 10 (naming it), no limit at level 10, or a limit out of range."""
    def search(self, state: State) -> dict[str, Any]:
        """The GIL released: ``move``, ``actions``, ``score``, ``men``, ``win_in``,
        ``depth``, ``nodes``, ``nps``, ``pv``, ``time``. ``ValueError`` when the game is
        over or the state is of another game."""
    def stop(self) -> None:
        """Stops a search under way (from another thread)."""
    def clear(self) -> None:
        """Forgets what earlier searches learnt."""
    @property
    def time(self) -> Optional[float]: ...
    @property
    def nodes(self) -> Optional[int]: ...
    @property
    def depth(self) -> Optional[int]: ...
    @property
    def table_mb(self) -> int: ...
    @property
    def level(self) -> int:
        """1 (beginner) to 10 (master, the full player)."""
    @property
    def level_name(self) -> str:
        """``beginner``, ``novice``, ... ``master``."""
    @property
    def seed(self) -> int: ...
    @property
    def measured(self) -> Optional[str]:
        """What the level scored in the ladder's games in this game
        (``scores 70 % against level 2 (20 games)``); ``None`` where not measured."""
    @property
    def game(self) -> Game: ...

class VectorEnv:
    """``num_envs`` games stepped by one call in Rust (GIL released), reset at once
    when they end."""

    def __init__(
        self, game: Game, num_envs: int, seed: int = 0, threads: Optional[int] = None
    ) -> None: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def threads(self) -> int: ...
    @property
    def game(self) -> Game: ...
    def reset(
        self, seed: int = 0
    ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int8]]: ...
    def legal_actions_mask_and_player(
        self,
    ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int8]]: ...
    def step(
        self, actions: Union[npt.NDArray[np.int64], Sequence[int]]
    ) -> tuple[
        npt.NDArray[np.bool_],
        npt.NDArray[np.int8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
    ]:
        """``(mask, player, rewards, terminated, truncated)``."""
    def observations(
        self, out: Optional[npt.NDArray[np.float32]] = None
    ) -> npt.NDArray[np.float32]:
        """``(num_envs, planes, height, width)``; written into ``out`` when given."""
    def sample_actions(self) -> npt.NDArray[np.int64]: ...
    def random_steps(self, steps: int) -> dict[str, int]: ...
    def state(self, i: int) -> State: ...
    def __len__(self) -> int: ...
