"""Batched stepping: a vector of games stepped by one call, in Rust."""

import threading
import time

import numpy as np
import pytest

import column_checkers as cc


def test_step_shapes_and_agreement_with_states():
    g = cc.load_game("lasca")
    env = cc.VectorEnv(g, 16, seed=3, threads=2)
    mask, player = env.reset(seed=3)
    assert mask.shape == (16, g.num_distinct_actions()) and mask.dtype == np.bool_
    assert player.dtype == np.int8 and (player == 0).all()
    states = [env.state(i) for i in range(16)]
    finished = 0
    for _ in range(400):
        actions = env.sample_actions()
        assert actions.dtype == np.int64
        for i, a in enumerate(actions):
            assert mask[i, a]
        mask, player, rewards, terminated, truncated = env.step(actions)
        assert rewards.shape == (16, 2) and rewards.dtype == np.float32
        for i, a in enumerate(actions):
            states[i].apply_action(int(a))
            if states[i].is_terminal():
                assert terminated[i] != truncated[i]
                assert list(rewards[i]) == states[i].returns()
                finished += 1
                states[i] = g.new_initial_state()  # the env reset it
            else:
                assert not terminated[i] and not truncated[i] and (rewards[i] == 0).all()
            assert np.array_equal(mask[i], states[i].legal_actions_mask().astype(bool))
            assert player[i] == states[i].current_player()
    assert finished > 0
    obs = env.observations()
    assert obs.shape == (16, *g.observation_tensor_shape()) and obs.dtype == np.float32
    for i in range(16):
        assert np.array_equal(obs[i], states[i].observation_tensor())


def test_same_seed_same_games_for_any_threads():
    g = cc.load_game("emergo")
    runs = []
    for threads in (1, 2, 3):
        env = cc.VectorEnv(g, 10, seed=9, threads=threads)
        out = [env.step(env.sample_actions())[2].copy() for _ in range(300)]
        runs.append(np.array(out))
    assert np.array_equal(runs[0], runs[1]) and np.array_equal(runs[0], runs[2])


def test_an_illegal_action_in_a_batch_changes_no_game():
    g = cc.load_game("emergo")
    env = cc.VectorEnv(g, 4, seed=1)
    actions = env.sample_actions()
    before = [env.state(i).serialize() for i in range(4)]
    bad = actions.copy()
    bad[2] = g.new_initial_state().string_to_action("e5")  # the centre: no entry there
    with pytest.raises(ValueError, match=r"game 2: action \d+: no legal move starts on e5"):
        env.step(bad)
    assert [env.state(i).serialize() for i in range(4)] == before
    with pytest.raises(ValueError, match="3 actions for 4 games"):
        env.step(actions[:3])
    env.step(list(int(a) for a in actions))  # a list of ints does too
    with pytest.raises(IndexError, match=r"^there is no game 4: the games are 0 to 3$"):
        env.state(4)


def test_random_steps_and_reset():
    g = cc.load_game("russian")
    env = cc.VectorEnv(g, 8, seed=2)
    t = env.random_steps(500)
    assert t["games"] == t["white_won"] + t["black_won"] + t["drawn"] + t["cut_off"] > 0
    mask, player = env.reset()
    assert (player == 0).all()
    assert all(env.state(i).history() == [] for i in range(8))


def test_the_gil_is_released_while_stepping():
    """While a long batched call runs in another thread, Python keeps running here."""
    g = cc.load_game("emergo")
    env = cc.VectorEnv(g, 256, seed=0, threads=1)
    ticks = 0
    worker = threading.Thread(target=env.random_steps, args=(3000,))
    start = time.perf_counter()
    worker.start()
    while worker.is_alive():
        ticks += 1
    elapsed = time.perf_counter() - start
    worker.join()
    # with the GIL held, this loop would not run until the call returned
    assert elapsed > 0.05 and ticks > 1000, (ticks, elapsed)
