"""The pyspiel adapter: OpenSpiel's own (Python) algorithms on these games."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402

import column_checkers as cc  # noqa: E402
import column_checkers.openspiel as ccs  # noqa: E402


def test_every_ruleset_is_registered():
    names = set(pyspiel.registered_names())
    for name in cc.ruleset_names():
        assert ccs.game_name(name) in names
    g = pyspiel.load_game("cc_lasca(roundabout=True)")
    assert g.get_parameters()["roundabout"] is True
    assert g.num_distinct_actions() == 25
    assert g.max_game_length() == cc.DEFAULT_MAX_GAME_LENGTH
    assert ccs.load("bashni", russian_code=True).get_parameters()["russian_code"] is True


@pytest.mark.parametrize("name", ["cc_emergo", "cc_lasca", "cc_dameo", "cc_hexemergo_setup"])
def test_random_sim_test(name):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=False, verbose=False)


def test_the_observation_through_pyspiel():
    g = pyspiel.load_game("cc_emergo")
    s = g.new_initial_state()
    s.apply_action(s.legal_actions()[5])
    t = np.array(s.observation_tensor(0), np.float32)
    assert t.size == g.observation_tensor_size()
    assert np.array_equal(t, s.cc_state.observation_tensor().ravel())
    assert s.observation_string(0) == repr(s.cc_state)
    assert s.history() == s.cc_state.history()


def play_to_the_end(spiel_name, simulations, seed):
    game = pyspiel.load_game(spiel_name)
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=True) for _ in range(2)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    return game, state


@pytest.mark.parametrize("name", ["emergo", "lasca"])
def test_mcts_plays_a_game_to_the_end(name):
    game, state = play_to_the_end(ccs.game_name(name), simulations=8, seed=1)
    cc_state = state.cc_state
    assert cc_state.is_terminal() and state.returns() == cc_state.returns()
    assert state.history() == cc_state.history()
    # the record replays in the crate to the same end
    (replayed,) = cc.load_game(name).states_from_pdn(cc_state.to_pdn())
    assert str(replayed) == str(cc_state)
    if not cc_state.is_truncated():
        assert replayed.returns() == cc_state.returns()


@pytest.mark.parametrize("name", ["emergo", "lasca"])
def test_the_random_rollout_evaluator_agrees_with_returns(name):
    """OpenSpiel's evaluator plays random rollouts through the adapter; the same random
    choices played on the package's own states give the same returns."""
    game = pyspiel.load_game(ccs.game_name(name))
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    for seed in range(4):
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=3, random_state=np.random.RandomState(seed))
        got = evaluator.evaluate(state)
        mine = np.random.RandomState(seed)
        total = np.zeros(2)
        for _ in range(3):
            s = state.cc_state.clone()
            while not s.is_terminal():
                s.apply_action(mine.choice(s.legal_actions()))
            total += s.returns()
        assert list(got) == list(total / 3)
    # and at the end of a game, the evaluator's value is the returns
    s = state.clone()
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert list(mcts.RandomRolloutEvaluator().evaluate(s)) == s.cc_state.returns()
