"""The computer player as an OpenSpiel-style bot.

``PlayerBot`` has the methods of OpenSpiel's Python bots (``step``,
``step_with_policy``, ``restart``, ``restart_at``, ``inform_action``, ...), so that
``open_spiel.python.algorithms.evaluate_bots.evaluate_bots`` plays it against
OpenSpiel's ``mcts.MCTSBot`` or any other bot, on the package's own game or on the
pyspiel adapter's (``column_checkers.openspiel``)::

    import numpy as np
    import column_checkers as cc
    import column_checkers.openspiel  # lets OpenSpiel's bots be told of native states
    from column_checkers.bot import PlayerBot
    from open_spiel.python.algorithms import evaluate_bots, mcts

    game = cc.load_game("lasca")
    rng = np.random.RandomState(0)
    bots = [PlayerBot(game, time=0.1),
            mcts.MCTSBot(game, 2.0, 100, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)

``PlayerBot(game, level=3)`` plays at a level of play (1, beginner, to 10, master)
within the level's own small budget, no limit needed, its chance drawn from ``seed``.

A move of several clicks takes several steps: the bot searches at the move's first
click and plays the rest of its clicks at the next steps, without searching again.
This module needs no ``pyspiel``.
"""

from ._native import Player

__all__ = ["PlayerBot", "RandomRolloutEvaluator"]


class PlayerBot:
    """The package's ``Player`` behind OpenSpiel's bot interface.

    ``PlayerBot(game, time=None, nodes=None, depth=None, table_mb=16, level=None,
    seed=0)``: the limits and the level of each search as ``Player``'s (at level 10,
    the default, at least one limit; below it none is needed). A level that is not 1
    to 10 raises ``ValueError`` naming it. ``last_search`` holds the dict of the last
    search (``Player.search``), ``None`` before the first.
    """

    def __init__(self, game, time=None, nodes=None, depth=None, table_mb=16, level=None, seed=0):
        game = getattr(game, "cc_game", game)
        self.player = Player(
            game, time=time, nodes=nodes, depth=depth, table_mb=table_mb, level=level, seed=seed
        )
        self.last_search = None
        # the history the planned clicks continue, and the clicks
        self._base = None
        self._plan = []

    @staticmethod
    def _state(state):
        return getattr(state, "cc_state", state)

    def step(self, state):
        """The action to take at ``state``: the next click of the move the player chose."""
        state = self._state(state)
        history = state.history()
        if self._base is not None:
            done = len(history) - len(self._base)
            if 0 <= done < len(self._plan) and history == self._base + self._plan[:done]:
                return self._plan[done]
        found = self.player.search(state)
        self.last_search = found
        self._base = history
        self._plan = list(found["actions"])
        return self._plan[0]

    def step_with_policy(self, state):
        """``(policy, action)``: the action chosen, with probability 1."""
        action = self.step(state)
        return [(action, 1.0)], action

    def provides_policy(self):
        return True

    def provides_force_action(self):
        return False

    def is_clonable(self):
        return False

    def restart(self):
        """A new game: forgets the plan and what earlier searches learnt."""
        self._base = None
        self._plan = []
        self.player.clear()

    def restart_at(self, state):
        """Play from ``state`` on."""
        self.restart()

    def inform_action(self, state, player_id, action):
        """Another player's action: nothing to do (each step searches its state)."""

    def inform_actions(self, state, actions):
        """Simultaneous actions: nothing to do (these games are sequential)."""

    def __repr__(self):
        return f"PlayerBot({self.player!r})"


class RandomRolloutEvaluator:
    """OpenSpiel's ``mcts.RandomRolloutEvaluator`` with the rollouts played natively.

    For ``mcts.MCTSBot``: a leaf's value is the mean of the returns of
    ``n_rollouts`` games played from it by uniformly random legal actions to the end,
    as OpenSpiel's evaluator plays them, and the prior is uniform over the legal
    actions; only each rollout runs in Rust (``State.random_playout``), seeded from
    ``random_state``, instead of one Python call per action. The states must be the
    package's own (``cc.load_game``)::

        rng = np.random.RandomState(0)
        bot = mcts.MCTSBot(game, 2.0, 1000, RandomRolloutEvaluator(1, rng), random_state=rng)
    """

    def __init__(self, n_rollouts=1, random_state=None):
        if n_rollouts < 1:
            raise ValueError(f"n_rollouts must be at least 1, not {n_rollouts}")
        import numpy as np

        self.n_rollouts = n_rollouts
        self._random_state = random_state or np.random.RandomState()

    def evaluate(self, state):
        """The mean returns of the random rollouts from ``state``."""
        total = [0.0, 0.0]
        for _ in range(self.n_rollouts):
            rollout = state.clone()
            rollout.random_playout(int(self._random_state.randint(0, 2**63 - 1, dtype="int64")))
            returns = rollout.returns()
            total = [total[0] + returns[0], total[1] + returns[1]]
        return [total[0] / self.n_rollouts, total[1] / self.n_rollouts]

    def prior(self, state):
        """Equal probability for every legal action."""
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]

