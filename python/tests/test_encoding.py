"""The action encoding, checked against the crate's own lists along random games of
every ruleset and option set:

- the legal actions at each point are exactly the squares that continue some legal
  move: some click path (``click_paths()``, every route of every legal move) that
  begins with the pending clicks;
- every complete action sequence names exactly one legal move (the move played is the
  one of the click path);
- every legal move (``legal_moves()``, the crate's list) is reached; two routes of one
  move reach the same move.
"""

import numpy as np

from conftest import random_states


def walk(state):
    """Every action sequence from `state` to the end of a move: the moves reached."""
    paths = state.click_paths()
    mover = state.current_player()
    reached = set()
    stack = [(state, [])]
    while stack:
        s, clicks = stack.pop()
        k = len(clicks)
        expected = sorted({p[k] for _, p in paths if len(p) > k and p[:k] == clicks})
        assert s.legal_actions() == expected, (str(state), clicks)
        assert expected, f"{state}: a dead end after {clicks}"
        assert s.pending_clicks() == clicks
        assert s.current_player() == mover
        mask = s.legal_actions_mask()
        assert list(np.flatnonzero(mask)) == expected
        for a in expected:
            nxt = s.clone()
            nxt.apply_action(a)
            seq = clicks + [a]
            played = len(nxt.moves()) > len(s.moves())
            if played:
                mv = nxt.moves()[-1]
                named = {m for m, p in paths if p == seq}
                assert named == {mv}, (str(state), seq, named)
                assert nxt.pending_clicks() == []
                reached.add(mv)
            else:
                assert nxt.candidates(), (str(state), seq)
                stack.append((nxt, seq))
    return reached


def test_the_encoding_along_random_games(any_game):
    checked = captures = 0
    # Epaminondas has hundreds of moves a position: fewer positions there
    big = any_game.num_distinct_actions() > 100
    games, length = (1, 80) if big else (3, 300)
    for s in random_states(any_game, games=games, seed=29, max_actions=length):
        if s.is_terminal():
            assert s.legal_actions() == [] and s.legal_moves() == [] and s.click_paths() == []
            assert s.current_player() == -4
            continue
        if s.pending_clicks():
            continue
        legal = s.legal_moves()
        assert len(set(legal)) == len(legal), "each legal move once"
        assert {m for m, _ in s.click_paths()} == set(legal)
        assert walk(s) == set(legal)
        checked += 1
        captures += any("x" in m or ":" in m for m in legal)
    assert checked > 20
    assert captures > 0 or big


TWO_ROUTES = [
    # a loop of jumps around a square, either way round: one move (the crate's move
    # identity: routes from one square that leave one position are one move)
    ("hexemergo", "a1:b,c1:b,a2:b,b2:b,e2:b,b3:b,d3:w,b4:w,c4:bw,c5:w,e5:w,f5:w,g5:b,e6:w,d7:w,g7:w b 3/4", "b3xd5xb5xb3"),
    ("international", "46:w,47:w,48:w,49:w,50:w,41:w,43:w,45:w,37:w,39:w,40:w,31:w,32:w,29:w,30:w,24:b,16:w,18:b,19:b,11:b,12:b,6:b,7:b,8:b,9:b,10:b,1:b,2:b,3:b,4:b,5:b b", "24x33x44x35x24"),
]


def test_two_routes_of_one_move_are_one_move():
    import column_checkers as cc

    for name, text, move in TWO_ROUTES:
        s = cc.load_game(name).new_initial_state(text)
        routes = [p for m, p in s.click_paths() if m == move]
        assert len(routes) == 2 and routes[0] != routes[1], routes
        assert s.legal_moves().count(move) == 1
        ends = set()
        for r in routes:
            t = s.clone()
            for a in r:
                t.apply_action(a)
            assert t.moves() == [move]
            ends.add(str(t))
        assert len(ends) == 1
        assert walk(s) == set(s.legal_moves())
