"""The pyspiel adapter: OpenSpiel's own (Python) algorithms on these games."""

import math

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


# --- OpenSpiel's Python algorithms on the package's own (native) game ---

from open_spiel.python.algorithms import evaluate_bots  # noqa: E402

from column_checkers.bot import PlayerBot  # noqa: E402


def test_the_native_game_type_is_pyspiels():
    g = cc.load_game("lasca", roundabout=True)
    t = g.get_type()
    assert isinstance(t, pyspiel.GameType)
    assert t.short_name == "cc_lasca"
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (t.max_num_players, t.min_num_players) == (2, 2)
    assert t.provides_observation_tensor and t.provides_information_state_string
    assert g.get_parameters() == {"roundabout": True, "repetition": False, "max_game_length": 2000}


def test_child_undo_and_the_full_history():
    g = cc.load_game("emergo")
    s = g.new_initial_state()
    for m in ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6"]:
        s.apply_move(m)
    before = s.clone()
    g6, e6, c6 = (s.string_to_action(n) for n in ["g6", "e6", "c6"])
    end = s.child(g6).child(e6).child(c6)
    assert s == before and end.moves()[-1] == "g6xe6xc6"
    assert [(p.player, p.action) for p in end.full_history()[-3:]] == [(1, g6), (1, e6), (1, c6)]
    assert [p.action for p in end.full_history()] == end.history()
    end.undo_action(1, c6)
    assert end.pending_clicks() == [g6, e6] and end.current_player() == 1
    with pytest.raises(ValueError, match="the last action is"):
        end.undo_action(1, g6)
    with pytest.raises(ValueError, match="was player 1's, not player 0's"):
        end.undo_action(0, e6)
    end.undo_action(1, e6)
    end.undo_action(1, g6)
    assert end == before
    assert end.information_state_string() == end.history_str()
    with pytest.raises(ValueError, match="at its start"):
        g.new_initial_state().undo_action(0, 1)


def native_mcts(game, simulations, seed):
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng, solve=True)


@pytest.mark.parametrize("name", ["emergo", "lasca"])
def test_mcts_and_evaluate_bots_on_the_native_game(name):
    game = cc.load_game(name, max_game_length=400)
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, [native_mcts(game, 8, 1), native_mcts(game, 8, 2)],
                                          np.random.RandomState(0))
    assert state.is_terminal() and list(returns) == state.returns()
    (replayed,) = cc.load_game(name).states_from_pdn(state.to_pdn())
    assert replayed.moves() == state.moves()


@pytest.mark.parametrize("name", ["emergo", "lasca"])
def test_the_player_bot_against_mcts(name):
    game = cc.load_game(name, max_game_length=300)
    for bots in ([PlayerBot(game, nodes=3000), native_mcts(game, 8, 3)],
                 [native_mcts(game, 8, 4), PlayerBot(game, nodes=3000)]):
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(0))
        assert state.is_terminal() and list(returns) == state.returns()
    # and on the pyspiel adapter's game
    spiel = pyspiel.load_game(ccs.game_name(name), {"max_game_length": 300})
    state = spiel.new_initial_state()
    evaluate_bots.evaluate_bots(state, [PlayerBot(spiel, nodes=2000), native_mcts(spiel, 8, 5)],
                                np.random.RandomState(0))
    assert state.is_terminal()


@pytest.mark.parametrize("game", [lambda: cc.load_game("emergo"), lambda: pyspiel.load_game("cc_lasca")])
def test_the_cpp_mcts_bot_refuses_a_python_game(game):
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    with pytest.raises(ValueError, match=r"cannot run .*a game written in Python.*mcts\.MCTSBot"):
        pyspiel.MCTSBot(game(), evaluator, 2.0, 10, 10, False, 0, False)
    # a game of OpenSpiel's C++ still has it
    ttt = pyspiel.load_game("tic_tac_toe")
    bot = pyspiel.MCTSBot(ttt, evaluator, 2.0, 10, 10, False, 0, False)
    assert isinstance(bot, pyspiel.Bot) and bot.step(ttt.new_initial_state()) in range(9)


def test_the_native_rollout_evaluator_agrees_with_openspiels():
    # Lasca a few plies in: the two evaluators' mean returns over the same number of
    # random rollouts agree within their noise, and both priors are uniform
    from column_checkers.bot import RandomRolloutEvaluator

    game = cc.load_game("lasca", max_game_length=300)
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(6):
        state.apply_action(int(rng.choice(state.legal_actions())))
    n = 300
    ours = RandomRolloutEvaluator(n, np.random.RandomState(1)).evaluate(state)
    theirs = mcts.RandomRolloutEvaluator(n, np.random.RandomState(2)).evaluate(state)
    assert ours[0] == pytest.approx(-ours[1])
    # returns are in [-1, 1]: the difference of two means has a deviation below 2/sqrt(n)
    assert abs(ours[0] - theirs[0]) < 3 * 2 / math.sqrt(n)
    assert RandomRolloutEvaluator().prior(state) == mcts.RandomRolloutEvaluator().prior(state)
    # a terminal state is worth its returns; a bad count is refused
    over = state.clone()
    over.random_playout(5)
    assert RandomRolloutEvaluator(2).evaluate(over) == over.returns()
    with pytest.raises(ValueError, match="n_rollouts must be at least 1"):
        RandomRolloutEvaluator(0)
    # MCTSBot plays a whole game with it
    bots = [mcts.MCTSBot(game, 2.0, 20, RandomRolloutEvaluator(1, np.random.RandomState(s)),
                         random_state=np.random.RandomState(s)) for s in (7, 8)]
    end = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(end, bots, np.random.RandomState(0))
    assert end.is_terminal() and list(returns) == end.returns()
