"""The package's Player against OpenSpiel's Python MCTS, on the native game.

Not a test (pytest does not collect it): a measurement. For each ruleset, ``--games``
games with the Player as White and as many as Black, against
``open_spiel.python.algorithms.mcts.MCTSBot`` (``--simulations`` simulations a move,
``--rollouts`` random rollouts per leaf, UCT constant 2), played by OpenSpiel's
``evaluate_bots``. Prints each game and, per ruleset, the Player's wins, draws and
losses, its score and the Elo difference it implies, with a 95% interval (Wilson's, of the
score)::

    python python/tests/vs_mcts.py --games 10 --time 0.1 --rulesets emergo lasca

A game not over after ``--max-game-length`` actions is a draw. The leaves are valued
by ``column_checkers.bot.RandomRolloutEvaluator``: OpenSpiel's random rollouts (uniform
legal actions to the end) played in Rust; ``--python-rollouts`` takes OpenSpiel's own
evaluator, whose rollouts in Python make a move of 1000 simulations take seconds.
"""

import argparse
import math
import sys
import time

import numpy as np

import column_checkers as cc
import column_checkers.openspiel  # noqa: F401  (OpenSpiel's bots on native states)
from column_checkers.bot import PlayerBot, RandomRolloutEvaluator
from open_spiel.python.algorithms import evaluate_bots, mcts


def elo(score):
    """The Elo difference a score (0 to 1) implies; infinite at 0 or 1."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def interval(wins, draws, losses):
    """The Elo difference and its 95% interval: Wilson's interval of the score (a
    draw counts half), finite even when every game is won or lost."""
    n = wins + draws + losses
    s = (wins + 0.5 * draws) / n
    z = 1.96
    centre = (s + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(s * (1 - s) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return elo(s), elo(centre - half), elo(centre + half)


def play(game, player_white, args, seed):
    rng = np.random.RandomState(seed)
    if args.python_rollouts:
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=args.rollouts, random_state=rng)
    else:
        evaluator = RandomRolloutEvaluator(n_rollouts=args.rollouts, random_state=rng)
    opponent = mcts.MCTSBot(game, 2.0, args.simulations, evaluator, random_state=rng, solve=True)
    player = PlayerBot(game, time=args.time, table_mb=args.table_mb)
    bots = [player, opponent] if player_white else [opponent, player]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    return returns[0 if player_white else 1], state


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per colour and ruleset")
    parser.add_argument("--time", type=float, default=0.1, help="the Player's seconds a move")
    parser.add_argument("--simulations", type=int, default=1000, help="MCTS simulations a move")
    parser.add_argument("--rollouts", type=int, default=1, help="random rollouts per MCTS leaf")
    parser.add_argument("--python-rollouts", action="store_true",
                        help="OpenSpiel's own evaluator (rollouts in Python) instead of "
                             "column_checkers.bot.RandomRolloutEvaluator (the same rollouts in Rust)")
    parser.add_argument("--table-mb", type=int, default=16, help="the Player's table")
    parser.add_argument("--max-game-length", type=int, default=1000, help="actions before a draw")
    parser.add_argument("--rulesets", nargs="*", default=None,
                        help="ruleset names (default: every ruleset, without options)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    names = args.rulesets or cc.ruleset_names()
    print(f"Player ({args.time} s a move) against OpenSpiel's MCTSBot ({args.simulations} "
          f"simulations, {args.rollouts} random rollout(s)), {args.games} games a colour")
    summary = []
    for name in names:
        game = cc.load_game(name, max_game_length=args.max_game_length)
        w = d = l = 0
        started = time.perf_counter()
        for i in range(2 * args.games):
            white = i % 2 == 0
            r, state = play(game, white, args, args.seed + i)
            w, d, l = w + (r > 0), d + (r == 0), l + (r < 0)
            print(f"  {name} game {i + 1}: Player {'White' if white else 'Black'}, "
                  f"{['loses', 'draws', 'wins'][int(np.sign(r)) + 1]} "
                  f"({len(state.moves())} moves; {state.outcome()})", flush=True)
        e, lo, hi = interval(w, d, l)
        line = (f"{name}: +{w} ={d} -{l}, score {(w + d / 2) / (w + d + l):.1%}, "
                f"Elo {e:+.0f} [{lo:+.0f}, {hi:+.0f}] ({time.perf_counter() - started:.0f} s)")
        summary.append(line)
        print(line, flush=True)
    print("\n".join(["", "summary (the Player's results):"] + summary))


if __name__ == "__main__":
    sys.exit(main())
