"""The computer player: `Player.search` on every ruleset, its limits, the GIL released
while it searches, and what it refuses."""

import threading
import time

import pytest

import column_checkers as cc
from column_checkers.bot import PlayerBot

from conftest import EVERY_GAME, game_id


def advance(state, moves, seed):
    """`moves` whole random moves (fewer if the game ends)."""
    import random

    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            return
        state.apply_move(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("case", EVERY_GAME, ids=[game_id(c) for c in EVERY_GAME])
def test_every_ruleset_finds_a_legal_move(case):
    name, options = case
    game = cc.load_game(name, **options)
    state = game.new_initial_state()
    player = cc.Player(game, nodes=2000, table_mb=1)
    for seed in range(2):
        advance(state, 5, seed)
        if state.is_terminal():
            break
        found = player.search(state)
        assert found["move"] in state.legal_moves()
        assert found["pv"][0] == found["move"]
        assert found["depth"] >= 1 and found["nodes"] > 0 and found["time"] >= 0
        assert (found["men"] is None) == (found["win_in"] is not None)
        # its actions enter it
        moves = len(state.moves())
        for a in found["actions"]:
            state.apply_action(a)
        assert len(state.moves()) == moves + 1 and state.moves()[-1] == found["move"]


def test_a_time_limit_and_a_depth_limit():
    game = cc.load_game("lasca")
    state = game.new_initial_state()
    found = cc.Player(game, time=0.05).search(state)
    assert found["time"] < 1.0
    found = cc.Player(game, depth=3).search(state)
    assert found["depth"] == 3 and len(found["pv"]) >= 3
    assert set(found) == {"move", "actions", "score", "men", "win_in", "depth", "nodes", "nps", "pv", "time"}


def test_a_forced_win_in_plies():
    game = cc.load_game("emergo")
    state = game.new_initial_state("e5:w,f5:b w 0/0")
    found = cc.Player(game, depth=3).search(state)
    assert (found["move"], found["win_in"], found["men"]) == ("e5xg5", 1, None)


def test_pending_clicks_are_continued():
    game = cc.load_game("lasca")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("c3"))
    found = cc.Player(game, depth=3).search(state)
    assert found["move"].startswith("c3")
    for a in found["actions"]:
        state.apply_action(a)
    assert state.moves() == [found["move"]]


def test_the_gil_is_released_while_it_searches():
    game = cc.load_game("international")
    state = game.new_initial_state()
    player = cc.Player(game, time=1.0)
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    try:
        time.sleep(0.02)
        before = len(ticks)
        start = time.perf_counter()
        found = player.search(state)
        during = [x for x in ticks[before:] if start < x < start + found["time"]]
    finally:
        stop.set()
        t.join()
    assert found["time"] > 0.2
    # the thread kept running: many ticks while Rust searched
    assert len(during) > 20, (len(during), found["time"])


def test_stop_ends_a_search_from_another_thread():
    game = cc.load_game("emergo")
    player = cc.Player(game, time=30.0)
    timer = threading.Timer(0.3, player.stop)
    timer.start()
    started = time.perf_counter()
    found = player.search(game.new_initial_state())
    timer.join()
    assert time.perf_counter() - started < 10
    assert found["move"] in game.new_initial_state().legal_moves()


@pytest.mark.parametrize("kwargs,message", [
    ({}, "no limit"),
    ({"nodes": 0}, "nodes must be at least 1, not 0"),
    ({"time": 0.0}, "time is in seconds, more than 0, not 0"),
    ({"time": float("nan")}, "time is in seconds"),
    ({"depth": 0}, "depth is 1 to 127 plies, not 0"),
    ({"depth": 5, "table_mb": 0}, "table_mb is 1 to 65536, not 0"),
])
def test_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        cc.Player(cc.load_game("lasca"), **kwargs)


def test_a_state_of_another_game_or_over():
    player = cc.Player(cc.load_game("lasca"), depth=1)
    with pytest.raises(ValueError, match="the player plays lasca, the game is emergo"):
        player.search(cc.load_game("emergo").new_initial_state())
    with pytest.raises(ValueError, match="the game is lasca --roundabout"):
        player.search(cc.load_game("lasca", roundabout=True).new_initial_state())
    over = cc.load_game("lasca").new_initial_state()
    over.random_playout(1)
    with pytest.raises(ValueError, match="the game is over"):
        player.search(over)
    with pytest.raises(ValueError, match="not a column_checkers state"):
        player.search("c3-d4")
    assert player.depth == 1 and player.nodes is None and player.time is None
    assert repr(player) == 'Player(load_game("lasca"), depth=1, table_mb=16)'


def test_the_bot_plays_a_move_click_by_click():
    game = cc.load_game("emergo")
    state = game.new_initial_state()
    for m in ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6"]:
        state.apply_move(m)
    bot = PlayerBot(game, depth=3)
    # Black's capture g6xe6xc6 is forced: three clicks, one search
    first = bot.step(state)
    found = bot.last_search
    assert found["move"] == "g6xe6xc6" and found["actions"][0] == first
    state.apply_action(first)
    for a in found["actions"][1:]:
        assert bot.step(state) == a
        assert bot.last_search is found
        state.apply_action(a)
    assert state.moves()[-1] == "g6xe6xc6"
    policy, action = bot.step_with_policy(state)
    assert policy == [(action, 1.0)] and bot.last_search is not found


@pytest.mark.parametrize("case", EVERY_GAME, ids=[game_id(c) for c in EVERY_GAME])
def test_every_level_plays_a_legal_move_again_with_its_seed(case):
    name, options = case
    game = cc.load_game(name, **options)
    state = game.new_initial_state()
    advance(state, 3, 1)
    if state.is_terminal():
        return
    for level in [1, 5, 9]:
        # no limit needed below level 10: the level's own budget ends the search
        a = cc.Player(game, level=level, seed=4, table_mb=1).search(state)
        b = cc.Player(game, level=level, seed=4, table_mb=1).search(state)
        assert a["move"] in state.legal_moves(), (level, a["move"])
        assert (a["move"], a["score"], a["nodes"]) == (b["move"], b["score"], b["nodes"]), level


def test_a_level_is_kept_named_and_measured():
    game = cc.load_game("emergo")
    player = cc.Player(game, level=3, seed=7)
    assert (player.level, player.level_name, player.seed) == (3, "learner", 7)
    assert player.measured.startswith("scores ") and player.measured.endswith(" games)")
    assert player.measured.split(" against ")[1].startswith("level 2 ")
    assert " against random moves (" in cc.Player(game, level=1).measured
    assert repr(player) == 'Player(load_game("emergo"), table_mb=16, level=3, seed=7)'
    # the full player by default, and at level 10: a limit needed
    full = cc.Player(game, depth=2)
    assert (full.level, full.level_name, full.measured is not None) == (10, "master", True)
    assert repr(full) == 'Player(load_game("emergo"), depth=2, table_mb=16)'
    assert cc.Player(game, depth=2, level=10).level == 10
    with pytest.raises(ValueError, match="no limit"):
        cc.Player(game, level=10)
    # a game the ladder has not measured
    assert cc.Player(cc.load_game("hexemergo"), level=2).measured is None
    # a level below 10 plays fast, whatever its limits allow
    started = time.perf_counter()
    found = cc.Player(game, level=1, time=30.0).search(game.new_initial_state())
    assert time.perf_counter() - started < 10 and found["move"] in game.new_initial_state().legal_moves()


def test_another_seed_plays_other_moves():
    game = cc.load_game("lasca")
    state = game.new_initial_state()
    moves = {cc.Player(game, level=1, seed=s, table_mb=1).search(state)["move"] for s in range(20)}
    assert len(moves) > 1, moves


@pytest.mark.parametrize("level,message", [
    (0, 'level "0" is not from 1 \\(beginner\\) to 10 \\(master\\)'),
    (11, 'level "11" is not from 1 \\(beginner\\) to 10 \\(master\\)'),
    (-3, 'level "-3" is not from 1'),
    ("3", "level '3' is not a whole number from 1 \\(beginner\\) to 10 \\(master\\)"),
    (2.5, "level 2.5 is not a whole number"),
    (True, "level True is not a whole number"),
    ([3], "level \\[3\\] is not a whole number"),
])
def test_a_bad_level_is_named(level, message):
    with pytest.raises(ValueError, match=message):
        cc.Player(cc.load_game("lasca"), level=level)
    with pytest.raises(ValueError, match=message):
        PlayerBot(cc.load_game("lasca"), level=level)


def test_a_bad_seed_is_named():
    with pytest.raises(ValueError, match="seed is a whole number from 0, not -1"):
        cc.Player(cc.load_game("lasca"), level=2, seed=-1)


def test_the_bot_plays_at_a_level():
    game = cc.load_game("bashni")
    bot = PlayerBot(game, level=2, seed=5)
    assert bot.player.level == 2 and "level=2, seed=5" in repr(bot)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.moves()) < 6:
        state.apply_action(bot.step(state))
    assert len(state.moves()) == 6
    # the same seed replays the same game
    again = PlayerBot(game, level=2, seed=5)
    replay = game.new_initial_state()
    while len(replay.moves()) < 6:
        replay.apply_action(again.step(replay))
    assert replay.moves() == state.moves()
