"""The player's self-play positions for its learning, generated over a Ray cluster.

    python python/examples/ray_player_data.py [--ruleset international] [--games 64]
        [--nodes 4000] [--opening-plies 10] [--max-plies 300] [--out data.txt]
        [--address ADDRESS | --num-cpus 2] [--tasks 4] [--seed 0] [--with-scores]

``--tasks`` Ray tasks each play their share of ``--games`` games of the Player against
itself (``Player(game, nodes=...)``): ``--opening-plies`` random moves drawn with a seed
of the task's own, then the Player's moves until the game ends or ``--max-plies`` plies
(a draw). Every position after the opening where the side to move has no capture (no
legal move written with ``x`` or ``:``, the notations' signs of a capture, ``:`` in
Russian draughts) is kept with the game's result. All of them go to ``--out`` in the data file the player's ``tune``
reads: a ``# ruleset NAME`` line, then the result (``1-0``, ``0-1``, ``1/2-1/2``), a
tab and the position's text a line. ``--with-scores`` adds a third column, the
Player's score of the position for White in hundredths of a man (its search at
``--nodes``).

The file is learned from by the player's program::

    column-checkers-player tune --game international --reuse --data data.txt \\
        --learn-patterns player/weights/international.patterns

Without ``--address`` a local Ray instance is started with ``--num-cpus`` workers,
bound to 127.0.0.1 (see python/README.md for the environment variables that keep it
on loopback); with ``--address`` the script joins that cluster, whose every node has
the package installed.
"""

import argparse
import os
import random
import sys
import time

import column_checkers as cc


def parse(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="international", help="a ruleset, or a game string")
    ap.add_argument("--games", type=int, default=64)
    ap.add_argument("--nodes", type=int, default=4000, help="the Player's nodes a move")
    ap.add_argument("--opening-plies", type=int, default=10)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--out", default="data.txt")
    ap.add_argument("--address", help="a Ray cluster to join (default: a local instance)")
    ap.add_argument("--num-cpus", type=int, default=2)
    ap.add_argument("--tasks", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--with-scores", action="store_true",
                    help="add the Player's score of each position for White")
    return ap.parse_args(argv)


def play(game_string, seeds, nodes, opening_plies, max_plies, with_scores):
    """The kept positions of one game for each seed: (result, position[, score]) lines."""
    game = cc.load_game(game_string)
    player = cc.Player(game, nodes=nodes)
    lines = []
    for seed in seeds:
        rng = random.Random(seed)
        player.clear()
        state = game.new_initial_state()
        kept = []
        plies = 0
        while not state.is_terminal() and plies < max_plies:
            moves = state.legal_moves()
            if plies < opening_plies:
                state.apply_move(rng.choice(moves))
            else:
                found = player.search(state)
                if not any("x" in m or ":" in m for m in moves):
                    white = state.current_player() == 0
                    score = found["score"] if white else -found["score"]
                    kept.append((state.position(), score))
                state.apply_move(found["move"])
            plies += 1
        white, _ = state.returns()
        result = "1-0" if white > 0 else "0-1" if white < 0 else "1/2-1/2"
        for position, score in kept:
            line = f"{result}\t{position}"
            lines.append(f"{line}\t{score}" if with_scores else line)
    return lines


def main(argv=None):
    a = parse(argv)
    game = cc.load_game(a.ruleset)
    game_string = str(game)

    import ray

    if a.address:
        ray.init(address=a.address, log_to_driver=False)
    else:
        # loopback only: no dashboard, the node on 127.0.0.1
        ray.init(num_cpus=a.num_cpus, include_dashboard=False, _node_ip_address="127.0.0.1",
                 log_to_driver=False)
    try:
        task = ray.remote(play)
        t0 = time.perf_counter()
        seeds = [a.seed * 1_000_003 + i for i in range(a.games)]
        shares = [seeds[i::a.tasks] for i in range(a.tasks) if seeds[i::a.tasks]]
        refs = [task.remote(game_string, s, a.nodes, a.opening_plies, a.max_plies, a.with_scores)
                for s in shares]
        lines = [line for part in ray.get(refs) for line in part]
        with open(a.out, "w") as f:
            f.write(f"# ruleset {game.name}\n")
            f.writelines(line + "\n" for line in lines)
        print(f"wrote {len(lines)} positions of {a.games} {game.name} games to {a.out} "
              f"in {time.perf_counter() - t0:.1f} s ({len(shares)} tasks)")
        return 0 if lines else 1
    finally:
        ray.shutdown()


if __name__ == "__main__":
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    sys.exit(main())
