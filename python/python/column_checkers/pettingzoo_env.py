"""A PettingZoo AEC environment for every ruleset (needs ``pettingzoo``).

::

    from column_checkers.pettingzoo_env import env
    e = env("lasca", roundabout=True)
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            action = int(np.flatnonzero(obs["action_mask"])[0])
        e.step(action)

Agents ``player_0`` (White, who moves first) and ``player_1`` (Black). An action is a
click on a square (``Discrete(num_distinct_actions)``); a move of several squares is
several steps of the same agent, so ``agent_selection`` stays with the player entering
a move. The observation is a dict: ``observation``, the package's observation tensor
(``float32``, ``observation_tensor_shape()``), and ``action_mask`` (``int8``). The
reward comes when the game ends: +1 and -1, or 0 and 0 for a draw. A game cut off at
``max_game_length`` actions is a truncation. ``render_mode="ansi"`` returns the board's
drawing and the position text.

``env()`` wraps the raw environment in PettingZoo's usual wrappers (an illegal action
ends the game with reward -1 for the agent, out-of-range actions are refused, and the
call order is enforced); ``raw_env`` is the environment alone.
"""

import functools

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import _native

__all__ = ["env", "raw_env"]


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name)
    metadata = {"render_modes": ["ansi", "human"], "name": "column_checkers_v0", "is_parallelizable": False}

    def __init__(self, ruleset="emergo", render_mode=None, **options):
        super().__init__()
        self.game = _native.load_game(ruleset, **options)
        self.metadata = dict(self.metadata, name=f"column_checkers_{ruleset.replace('-', '_')}_v0")
        self.possible_agents = ["player_0", "player_1"]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self._n_actions = self.game.num_distinct_actions()
        self._shape = tuple(self.game.observation_tensor_shape())
        self.cc_state = None

    @functools.lru_cache(maxsize=None)  # noqa: B019 (the same space object every call)
    def observation_space(self, agent):
        return spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, self._shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self._n_actions,), dtype=np.int8),
            }
        )

    @functools.lru_cache(maxsize=None)  # noqa: B019
    def action_space(self, agent):
        return spaces.Discrete(self._n_actions)

    @property
    def state_space(self):
        return self.observation_space(self.possible_agents[0])["observation"]

    def state(self):
        """The global state: the observation tensor (perfect information)."""
        return self.cc_state.observation_tensor()

    def observe(self, agent):
        p = self.agent_name_mapping[agent]
        return {
            "observation": self.cc_state.observation_tensor(p),
            "action_mask": self.cc_state.legal_actions_mask(p),
        }

    def reset(self, seed=None, options=None):
        position = (options or {}).get("position")
        self.cc_state = self.game.new_initial_state(position)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[max(self.cc_state.current_player(), 0)]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0.0
        self.cc_state.apply_action(int(action))
        self.rewards = {a: 0.0 for a in self.agents}
        if self.cc_state.is_terminal():
            truncated = self.cc_state.is_truncated()
            for a, r in zip(self.agents, self.cc_state.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
                self.infos[a] = {"outcome": self.cc_state.outcome()}
        else:
            self.agent_selection = self.agents[self.cc_state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = f"{self.cc_state.diagram()}{self.cc_state!r}\n"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def env(ruleset="emergo", render_mode=None, **options):
    """The environment of ``ruleset`` (options as for ``load_game``), wrapped."""
    e = raw_env(ruleset, render_mode=render_mode, **options)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e
