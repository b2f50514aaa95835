"""Shared helpers of the package's tests (run over the installed wheel)."""

import itertools
import os
import random

import pytest

import column_checkers as cc

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def every_game():
    """(name, options) for every ruleset and every combination of its options."""
    out = []
    for name, _, options in cc.rulesets():
        names = list(options)
        for k in range(len(names) + 1):
            for combo in itertools.combinations(names, k):
                out.append((name, {o: True for o in combo}))
    return out


def game_id(case):
    name, options = case
    return name + "".join(f"+{o}" for o in options)


EVERY_GAME = every_game()


@pytest.fixture(params=EVERY_GAME, ids=[game_id(c) for c in EVERY_GAME])
def any_game(request):
    name, options = request.param
    return cc.load_game(name, **options)


def random_states(game, games, seed, max_actions=400):
    """Every state along `games` random games (each state a fresh clone)."""
    rng = random.Random(seed)
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal() and s.move_number() < max_actions:
            yield s.clone()
            s.apply_action(rng.choice(s.legal_actions()))
        yield s.clone()
