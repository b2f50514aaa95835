"""Emergo, Lasca, Bashni, Dameo, HexEmergo, Epaminondas and the draughts games for
game-AI research, over the exact rules engine of the `column-checkers` Rust crate.

The API follows OpenSpiel's names and meanings::

    >>> import column_checkers as cc
    >>> game = cc.load_game("emergo")
    >>> state = game.new_initial_state()
    >>> state.current_player(), len(state.legal_actions())
    (0, 40)

An action is a click on a square (an index into ``game.square_names()``); a move of
several squares (a capture) takes one action per square, by the same player, as
OpenSpiel's checkers plays a multi-jump one hop per action. See ``python/README.md``.

``Player`` is the crate's computer player (alpha-beta with limits by time, nodes or
depth; the GIL released while it searches)::

    >>> found = cc.Player(game, depth=2).search(state)
    >>> found["move"] in state.legal_moves(), found["depth"]
    (True, 2)

or weakened on purpose for a person, at a level of play from 1 (beginner) to 10
(master, the default)::

    >>> cc.Player(game, level=3).search(state)["move"] in state.legal_moves()
    True

Modules:

- ``column_checkers.openspiel``: every ruleset as a ``pyspiel`` game (needs
  ``open_spiel``), e.g. ``pyspiel.load_game("cc_lasca(roundabout=True)")``;
- ``column_checkers.bot``: ``PlayerBot``, the player as an OpenSpiel-style bot;
- ``column_checkers.pettingzoo_env``: a PettingZoo AEC environment (needs
  ``pettingzoo``).
"""

from ._native import (
    DEFAULT_MAX_GAME_LENGTH,
    Game,
    GameType,
    Player,
    PlayerAction,
    State,
    VectorEnv,
    __version__,
    load_game,
    rulesets,
)

__all__ = [
    "DEFAULT_MAX_GAME_LENGTH",
    "Game",
    "GameType",
    "Player",
    "PlayerAction",
    "State",
    "VectorEnv",
    "__version__",
    "load_game",
    "ruleset_names",
    "rulesets",
]


def ruleset_names():
    """The names ``load_game`` accepts, in the registry's order."""
    return [name for name, _, _ in rulesets()]
