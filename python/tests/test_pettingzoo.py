"""The PettingZoo AEC environment passes PettingZoo's own tests."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from column_checkers.pettingzoo_env import env, raw_env  # noqa: E402

import column_checkers as cc  # noqa: E402


@pytest.mark.parametrize("ruleset,options", [("emergo", {}), ("lasca", {"roundabout": True}),
                                             ("bashni", {"russian_code": True}), ("dameo", {}),
                                             ("hexemergo", {}), ("neocrossings", {})])
def test_api_test(ruleset, options):
    api_test(env(ruleset, **options), num_cycles=1000, verbose_progress=False)


def test_every_ruleset_briefly():
    for name in cc.ruleset_names():
        api_test(env(name), num_cycles=50)


def test_seed_test():
    seed_test(lambda: env("lasca"), num_cycles=200)


def test_a_game_to_the_end_with_masks():
    e = env("emergo")
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    steps, last = 0, {}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        assert obs["observation"].shape == tuple(e.unwrapped.game.observation_tensor_shape())
        if termination or truncation:
            last[agent] = reward
            e.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
        steps += 1
    assert sorted(last.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert steps > 40


def test_an_illegal_action_ends_the_game_with_a_penalty():
    e = env("emergo")
    e.reset()
    centre = e.unwrapped.cc_state.string_to_action("e5")
    e.step(centre)  # the centre may not be entered first: an illegal move
    assert e.terminations["player_0"] and e.rewards["player_0"] == -1


def test_render_ansi():
    e = raw_env("lasca", render_mode="ansi")
    e.reset()
    assert "w" in e.render()
