"""Every ruleset as an OpenSpiel game, so that OpenSpiel's own algorithms run on them.

Importing this module registers, with ``pyspiel.register_game``, one game per ruleset,
named ``cc_`` and the ruleset's name with ``_`` for ``-`` (``cc_emergo``, ``cc_lasca``,
``cc_hexemergo_setup``, ...), with the ruleset's options and ``max_game_length`` as
game parameters::

    import pyspiel
    import column_checkers.openspiel  # registers the games
    game = pyspiel.load_game("cc_lasca(roundabout=True)")

The actions, the observation tensor and the results are the package's
(``column_checkers.load_game``): one action per click on a square, the observation
flattened as OpenSpiel does, ``[1, -1]``/``[-1, 1]``/``[0, 0]`` returns.

Use OpenSpiel's *Python* algorithms (``open_spiel.python.algorithms.mcts.MCTSBot``,
``RandomRolloutEvaluator``, ``evaluate_bots``, ...), on these games or on the package's
own (``column_checkers.load_game``), which has OpenSpiel's methods. Importing this module
also

- replaces ``pyspiel.MCTSBot`` (OpenSpiel's C++ MCTS, which crashes the interpreter on
  a game written in Python: open_spiel 2.0.2 releases the GIL, then calls back into
  Python to clone states) by a subclass that raises ``ValueError`` for such a game (the
  package's games, these adapters, any game of a Python module) and builds the C++ bot
  for the others;
- lets ``pyspiel.Bot.inform_action`` (the do-nothing default that Python bots such as
  ``mcts.MCTSBot`` inherit) take a state of the package's own game, which pyspiel's
  C++ signature refuses, so that ``evaluate_bots`` runs them on the native game.
"""

import threading

import numpy as np
import pyspiel

from . import _native

PREFIX = "cc_"


def game_name(ruleset):
    """The pyspiel short name of a ruleset: ``"hexemergo-setup"`` -> ``"cc_hexemergo_setup"``."""
    return PREFIX + ruleset.replace("-", "_")


def load(ruleset, **options):
    """``pyspiel.load_game`` of a ruleset, with its options as keywords."""
    return pyspiel.load_game(game_name(ruleset), options)


class _Observer:
    """OpenSpiel's observer interface over the package's observation tensor."""

    def __init__(self, cc_game):
        shape = tuple(cc_game.observation_tensor_shape())
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        self.tensor[:] = state.cc_state.observation_tensor(player).ravel()

    def string_from(self, state, player):
        return state.cc_state.observation_string(player)


def _register(ruleset, about, options):
    short = game_name(ruleset)
    defaults = {name: False for name in options}
    defaults["max_game_length"] = _native.DEFAULT_MAX_GAME_LENGTH
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=f"column-checkers {ruleset}: {about}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )

    class SpielGame(pyspiel.Game):
        __doc__ = f"The {ruleset} ruleset of column-checkers as a pyspiel game."

        def __init__(self, params=None):
            params = dict(params or {})
            kwargs = {k: params.get(k, v) for k, v in defaults.items()}
            cc_game = _native.load_game(ruleset, **kwargs)
            info = pyspiel.GameInfo(
                num_distinct_actions=cc_game.num_distinct_actions(),
                max_chance_outcomes=0,
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=cc_game.max_game_length(),
            )
            super().__init__(game_type, info, params)
            self.cc_game = cc_game

        def new_initial_state(self, position=None):
            """The start, or the position of a position text."""
            return SpielState(self, self.cc_game.new_initial_state(position))

        def observation_tensor_shape(self):
            return self.cc_game.observation_tensor_shape()

        def observation_tensor_size(self):
            return self.cc_game.observation_tensor_size()

        def make_py_observer(self, iig_obs_type=None, params=None):
            return _Observer(self.cc_game)

    SpielGame.__name__ = SpielGame.__qualname__ = f"SpielGame_{short}"

    class SpielState(pyspiel.State):
        __doc__ = f"A state of {ruleset} (a column_checkers.State inside)."

        def __init__(self, game, cc_state):
            super().__init__(game)
            self.cc_state = cc_state

        def current_player(self):
            p = self.cc_state.current_player()
            return pyspiel.PlayerId.TERMINAL if p < 0 else p

        def _legal_actions(self, player):
            return self.cc_state.legal_actions()

        def _apply_action(self, action):
            self.cc_state.apply_action(action)

        def _action_to_string(self, player, action):
            return self.cc_state.action_to_string(action)

        def is_terminal(self):
            return self.cc_state.is_terminal()

        def returns(self):
            return self.cc_state.returns()

        def rewards(self):
            return self.cc_state.rewards()

        def __str__(self):
            # the position text, and the pending clicks of a move being entered
            return repr(self.cc_state)

    SpielState.__name__ = SpielState.__qualname__ = f"SpielState_{short}"
    pyspiel.register_game(game_type, SpielGame)
    return SpielGame


def is_python_game(game):
    """Whether ``game`` is written in Python (or is the package's own game): a game
    pyspiel's C++ bots cannot run."""
    return isinstance(game, _native.Game) or not type(game).__module__.startswith("pyspiel")


_CppMCTSBot = getattr(pyspiel.MCTSBot, "cpp_bot", pyspiel.MCTSBot)


class MCTSBot(_CppMCTSBot):
    """``pyspiel.MCTSBot``, refusing a game written in Python (see the module)."""

    cpp_bot = _CppMCTSBot

    def __init__(self, game, *args, **kwargs):
        if is_python_game(game):
            raise ValueError(
                f"pyspiel.MCTSBot (OpenSpiel's C++ MCTS) cannot run {game}, a game written in "
                "Python: it calls back into Python without the GIL and crashes. Use "
                "open_spiel.python.algorithms.mcts.MCTSBot, which plays these games."
            )
        super().__init__(game, *args, **kwargs)


pyspiel.MCTSBot = MCTSBot

_inform_action = getattr(pyspiel.Bot.inform_action, "cpp_method", pyspiel.Bot.inform_action)


_informing = threading.local()


def _inform_native(self, state, player_id, action):
    # pyspiel's default ignores the action; a bot of a Python class that does not
    # override it comes back here from C++ (pybind11 takes this function for the
    # override), and is answered by that default
    if isinstance(state, _native.State) or getattr(_informing, "busy", False):
        return None
    _informing.busy = True
    try:
        return _inform_action(self, state, player_id, action)
    finally:
        _informing.busy = False


_inform_native.cpp_method = _inform_action
_inform_native.__doc__ = _inform_action.__doc__
pyspiel.Bot.inform_action = _inform_native

_registered = set(pyspiel.registered_names())
GAMES = {}
for _name, _about, _options in _native.rulesets():
    if game_name(_name) not in _registered:
        GAMES[_name] = _register(_name, _about, list(_options))
