"""OpenSpiel's names and meanings: games, states, clones, serialisation, perft."""

import copy
import os
import pickle
import random

import numpy as np
import pytest

import column_checkers as cc
from conftest import EVERY_GAME, REPO, random_states


def test_every_ruleset_loads_with_its_options():
    names = cc.ruleset_names()
    assert {"emergo", "hexemergo", "lasca", "bashni", "dameo", "stapeldammen", "epaminondas",
            "neocrossings", "russian", "international", "brazilian"} <= set(names)
    for name, options in EVERY_GAME:
        g = cc.load_game(name, **options)
        assert g.name == name
        assert {k for k, v in g.options.items() if v is True} == set(options)
        assert g.num_players() == 2
        assert g.num_distinct_actions() == len(g.square_names())
        assert len(g.observation_tensor_shape()) == 3
        assert g.observation_tensor_size() == int(np.prod(g.observation_tensor_shape()))
        assert cc.load_game(str(g)) == g
        assert pickle.loads(pickle.dumps(g)) == g


def test_openspiel_style_game_strings():
    g = cc.load_game("lasca(roundabout=True,max_game_length=500)")
    assert g.options == {"roundabout": True, "max_game_length": 500}
    assert str(g) == "lasca(roundabout=True,max_game_length=500)"
    assert cc.load_game("Bashni", russian_code=True) == cc.load_game("bashni(russian_code=True)")
    assert cc.load_game("lasca", roundabout=False) == cc.load_game("lasca")


def test_a_state_of_emergo():
    g = cc.load_game("emergo")
    s = g.new_initial_state()
    assert str(s) == "- w 12/12" == g.start_position()
    assert s.current_player() == 0
    assert len(s.legal_actions()) == 40  # any square but the centre e5
    assert s.string_to_action("e5") not in s.legal_actions()
    a = s.string_to_action("d6")
    assert s.action_to_string(a) == "d6" == s.action_to_string(0, a)
    s.apply_action(a)
    assert str(s) == "d6:w b 11/12"
    assert s.history() == [a] and s.moves() == ["d6"]
    assert s.current_player() == 1
    assert s.returns() == [0.0, 0.0] and s.rewards() == [0.0, 0.0]
    assert not s.is_terminal() and not s.is_chance_node() and s.is_player_node()


def test_a_capture_is_one_action_per_square_by_the_same_player():
    g = cc.load_game("emergo")
    s = g.new_initial_state()
    for m in ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6"]:
        s.apply_move(m)
    name = s.action_to_string
    assert [name(a) for a in s.legal_actions()] == ["g6"]  # capture is compulsory
    assert s.legal_moves() == ["g6xe6xc6"]
    s.apply_action(s.string_to_action("g6"))
    assert s.current_player() == 1 and [name(a) for a in s.pending_clicks()] == ["g6"]
    assert [name(a) for a in s.legal_actions()] == ["e6"]
    assert repr(s) == str(s) + " | clicks g6"
    s.apply_action(s.string_to_action("e6"))
    s.apply_action(s.string_to_action("c6"))
    assert s.moves()[-1] == "g6xe6xc6"
    assert s.current_player() == 0 and s.pending_clicks() == []


def test_clones_are_independent():
    g = cc.load_game("lasca")
    s = g.new_initial_state()
    s.apply_action(s.legal_actions()[0])
    for c in (s.clone(), copy.copy(s), copy.deepcopy(s)):
        before = s.serialize()
        c.apply_action(c.legal_actions()[0])
        assert s.serialize() == before and c.serialize() != before
        assert len(c.history()) == len(s.history()) + 1


def test_serialisation_round_trips_mid_move_too():
    rng = random.Random(3)
    for name, options in EVERY_GAME:
        g = cc.load_game(name, **options)
        for s in random_states(g, games=1, seed=rng.randrange(1 << 30), max_actions=150):
            for back in (g.deserialize_state(s.serialize()), pickle.loads(pickle.dumps(s))):
                assert back == s
                assert back.history() == s.history()
                assert back.pending_clicks() == s.pending_clicks()
                assert back.legal_actions() == s.legal_actions()
                assert str(back) == str(s)
                assert back.is_terminal() == s.is_terminal()
            if not s.pending_clicks():
                # the position text is the position: a state from it has the same moves
                t = g.new_initial_state(str(s))
                assert t.legal_moves() == s.legal_moves() or s.is_terminal()


def test_observation_holds_the_board():
    g = cc.load_game("emergo")
    s = g.new_initial_state("c4:bbbbbwww,d4:ww b 0/0")
    obs = s.observation_tensor()
    assert obs.dtype == np.float32 and list(obs.shape) == g.observation_tensor_shape()
    assert np.array_equal(obs, s.observation_tensor(1))  # the same for both players
    p = g.observation_planes()
    cells = p["square_cells"]
    c4 = cells[s.string_to_action("c4")]
    # c4 holds bbbbbwww bottom to top: the top three are White's, then five Black
    column = [("w" if obs[p["white"][0] + k][c4] else "b" if obs[p["black"][0] + k][c4] else ".")
              for k in range(p["levels"])]
    assert "".join(column).rstrip(".") == "wwwbbbbb"
    assert obs[p["turn"][0]].min() == 1.0  # Black to move
    assert obs[p["in_hand"][0]].max() == 0.0 and obs[p["in_hand"][0] + 1].max() == 0.0
    assert obs[p["board"][0]].sum() == 41
    s2 = g.new_initial_state()
    assert s2.observation_tensor()[p["in_hand"][0]].min() == 1.0  # 12 of 12 in hand


def test_pending_clicks_are_in_the_observation():
    g = cc.load_game("emergo")
    s = g.new_initial_state()
    for m in ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6"]:
        s.apply_move(m)
    p = g.observation_planes()
    before = s.observation_tensor()
    s.apply_action(s.string_to_action("g6"))
    after = s.observation_tensor()
    first = p["clicks"][0]
    cell = p["square_cells"][s.string_to_action("g6")]
    assert after[first][cell] == 1.0 and after[first].sum() == 1.0
    assert before[first].sum() == 0.0


def test_returns_at_the_end():
    g = cc.load_game("lasca")
    s = g.new_initial_state("c3:w b")  # Black has no men: White has won
    assert s.is_terminal() and s.current_player() == -4
    assert s.returns() == [1.0, -1.0] == s.rewards()
    assert s.player_return(1) == -1.0
    assert s.outcome().startswith("1-0")


def test_repetition_ends_a_game_as_the_crates_game_does():
    g = cc.load_game("emergo")
    s = g.new_initial_state("a5:w,i5:b w 0/0")
    for _ in range(2):
        for m in ["a5-b5", "i5-h5", "b5-a5", "h5-i5"]:
            assert not s.is_terminal()
            s.apply_move(m)
    assert s.is_terminal() and s.returns() == [0.0, 0.0]
    assert "repetition" in s.outcome()
    with pytest.raises(ValueError, match="game is over"):
        s.apply_action(0)


def test_a_game_is_cut_off_at_max_game_length():
    g = cc.load_game("emergo", max_game_length=10)
    assert g.max_game_length() == 10
    s = g.new_initial_state()
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.move_number() == 10 and s.is_truncated() and s.returns() == [0.0, 0.0]


def perft_table(name):
    """The start position's (depth, leaves) pairs of tests/data/perft/NAME.perft, up to
    two million leaves (the file: a `ruleset` line, then `id`, `position` and
    `perft DEPTH NODES` lines per position)."""
    rows, entry = [], None
    with open(os.path.join(REPO, "tests", "data", "perft", f"{name}.perft")) as f:
        for line in f:
            parts = line.split()
            if not parts or parts[0].startswith("#"):
                continue
            if parts[0] == "id":
                entry = parts[1]
            elif parts[0] == "perft" and entry == "start" and int(parts[2]) <= 2_000_000:
                rows.append((int(parts[1]), int(parts[2])))
    assert rows, f"no start figures in {name}.perft"
    return rows


@pytest.mark.parametrize("name,options,table", [
    ("emergo", {}, "emergo"), ("lasca", {}, "lasca"), ("lasca", {"roundabout": True}, "lasca-roundabout"),
    ("bashni", {}, "bashni"), ("bashni", {"russian_code": True}, "bashni-russian-code"),
    ("russian", {}, "russian"), ("international", {}, "international"), ("brazilian", {}, "brazilian"),
    ("stapeldammen", {}, "stapeldammen"),
])
def test_perft_gives_the_published_counts(name, options, table):
    g = cc.load_game(name, **options)
    rows = perft_table(table)
    for depth, nodes in rows:
        assert g.perft(depth) == nodes, (name, depth)
    depth, nodes = rows[min(len(rows), 4) - 1]
    assert sum(n for _, _, n in g.divide(depth)) == nodes
    # from the positions after the first moves, as the Ray example splits it
    assert sum(g.perft(depth - 1, after) for _, after, _ in g.divide(1)) == nodes


def test_records_read_back():
    g = cc.load_game("lasca")
    s = g.new_initial_state()
    s.random_playout(seed=4)
    pdn = s.to_pdn()
    assert '[Variant "lasca"]' in pdn or "[GameType" in pdn
    (back,) = g.states_from_pdn(pdn)
    assert back.moves() == s.moves() and str(back) == str(s) and back.returns() == s.returns()


def test_random_playouts_in_rust():
    g = cc.load_game("emergo")
    a = g.random_playouts(64, seed=5, threads=1)
    b = g.random_playouts(64, seed=5, threads=2)
    for k in ("actions", "moves", "winner"):
        assert np.array_equal(a[k], b[k])
    assert set(np.unique(a["winner"])) <= {0, 1, -1, -2}
    assert (a["actions"] >= a["moves"]).all() and a["moves"].min() >= 24


def test_the_stubs_name_what_the_module_has():
    """Every class, function and member of `_native.pyi` exists in the extension module,
    and every public member of the module's classes is in the stubs."""
    import ast
    import inspect

    from column_checkers import _native

    path = os.path.join(os.path.dirname(inspect.getfile(cc)), "_native.pyi")
    tree = ast.parse(open(path).read())
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            cls = getattr(_native, node.name)
            names = set()
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    names.add(item.name)
                elif isinstance(item, ast.AnnAssign):
                    names.add(item.target.id)
            for name in names:
                assert hasattr(cls, name), f"{node.name}.{name}"
            public = {n for n in dir(cls) if not n.startswith("_")}
            assert public <= names, f"{node.name}: not in the stubs: {sorted(public - names)}"
        elif isinstance(node, ast.FunctionDef):
            assert hasattr(_native, node.name), node.name
