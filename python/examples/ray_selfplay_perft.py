"""Self-play records and perft divided over a Ray cluster.

    python python/examples/ray_selfplay_perft.py [--ruleset emergo] [--games 16]
        [--out games.pdn] [--perft-depth 4] [--split 2] [--expect N]
        [--address ADDRESS | --num-cpus 2] [--tasks 4] [--chunks 32] [--seed 0]

Two jobs, each spread over Ray tasks:

1. ``--games`` self-play games, ``--tasks`` tasks playing their share with seeds of
   their own; each game's record is written by the crate's PDN writer
   (``State.to_pdn()``) and all of them go to ``--out``, then read back with the
   crate's reader (every move checked). The policy here is uniformly random play
   (``State.random_playout``): put a model's move choice in ``play_games`` instead.
2. perft of ``--perft-depth`` from the start: the positions after the first
   ``--split`` moves are found here (``Game.divide``), ``--chunks`` tasks count perft
   of the rest from their share of them, and the sum is the count of the whole tree (``--expect``: exit 1
   unless it is that).

Without ``--address`` a local Ray instance is started with ``--num-cpus`` workers,
bound to 127.0.0.1 (see python/README.md for the environment variables that keep it
on loopback); with ``--address`` the script joins that cluster.
"""

import argparse
import os
import sys
import time

import column_checkers as cc


def parse(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="emergo", help="a ruleset, or a game string such as lasca(roundabout=True)")
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--out", default="selfplay.pdn")
    ap.add_argument("--perft-depth", type=int, default=4)
    ap.add_argument("--split", type=int, default=2, help="moves played before the tasks take over")
    ap.add_argument("--expect", type=int, help="the perft count to check")
    ap.add_argument("--address", help="a Ray cluster to join (default: a local instance)")
    ap.add_argument("--num-cpus", type=int, default=2)
    ap.add_argument("--tasks", type=int, default=4)
    ap.add_argument("--chunks", type=int, default=32, help="perft tasks")
    ap.add_argument("--seed", type=int, default=0)
    return ap.parse_args(argv)


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
        @ray.remote
        def play_games(game_string, seeds):
            import column_checkers as cc

            game = cc.load_game(game_string)
            records = []
            for seed in seeds:
                state = game.new_initial_state()
                state.random_playout(seed=seed)
                records.append(state.to_pdn())
            return records

        @ray.remote
        def perft_from(game_string, positions, depth):
            import column_checkers as cc

            game = cc.load_game(game_string)
            return sum(game.perft(depth, p) for p in positions)

        # 1. self-play records
        t0 = time.perf_counter()
        seeds = [a.seed * 1_000_003 + i for i in range(a.games)]
        shares = [seeds[i::a.tasks] for i in range(a.tasks) if seeds[i::a.tasks]]
        records = [r for part in ray.get([play_games.remote(game_string, s) for s in shares]) for r in part]
        with open(a.out, "w") as f:
            f.write("\n".join(records))
        with open(a.out) as f:
            states = game.states_from_pdn(f.read())
        over = sum(s.is_terminal() for s in states)
        print(f"wrote {len(records)} {game.name} games to {a.out} in {time.perf_counter() - t0:.2f} s "
              f"({len(states)} read back, {over} over by the rules or cut off, "
              f"{sum(len(s.moves()) for s in states)} moves)")
        if len(states) != a.games:
            print(f"read back {len(states)} games, not {a.games}", file=sys.stderr)
            return 1

        # 2. perft split over tasks
        t0 = time.perf_counter()
        split = max(0, min(a.split, a.perft_depth - 1))
        frontier = [None]
        for _ in range(split):
            frontier = [after for pos in frontier for _, after, _ in game.divide(1, pos)]
        chunks = [frontier[i::a.chunks] for i in range(a.chunks) if frontier[i::a.chunks]]
        refs = [perft_from.remote(game_string, c, a.perft_depth - split) for c in chunks]
        nodes = sum(ray.get(refs))
        print(f"perft({a.perft_depth}) of {game_string} = {nodes}: {len(frontier)} positions after "
              f"{split} moves, in {len(chunks)} tasks, {time.perf_counter() - t0:.2f} s")
        if a.expect is not None and nodes != a.expect:
            print(f"perft({a.perft_depth}) = {nodes}, expected {a.expect}", file=sys.stderr)
            return 1
        return 0
    finally:
        ray.shutdown()


if __name__ == "__main__":
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    sys.exit(main())
