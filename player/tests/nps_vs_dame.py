"""Nodes a second of column-checkers-player's search (over the Hub protocol) beside
dame-rs's (PyPI `dame-rs`, through its Python API), international draughts, on the same
positions: each FEN of a file searched by each program for the same time, one after the
other. A benchmark, not a test: both programs count nodes their own way (dame-rs counts
the nodes of its search; the player counts every position its search and quiescence
visit), so the figures say how fast each walks its own tree, not which plays better.

    python -m venv venv && venv/bin/pip install dame-rs==0.2.0
    venv/bin/python player/tests/nps_vs_dame.py target/release/column-checkers-player \
        OPENINGS.fen --positions 20 --time 1

Not run by CI (a measurement: docs/strength.md).
"""
import argparse
import statistics
import sys

import dame

from vs_dame import HubPlayer, hub_position


def player_search(player, fen, seconds):
    """The player's last `info` line for a search of `seconds`: (depth, nodes, time)."""
    player.send(f"pos pos={hub_position(fen)}")
    player.send(f"level move-time={seconds}")
    player.send("go think")
    last = None
    while True:
        line = player.p.stdout.readline().strip()
        if line.startswith("info"):
            last = line
        elif line.startswith("done"):
            break
        elif line.startswith("error") or not line:
            raise RuntimeError(f"the player answered {line!r}")
    fields = dict(f.split("=", 1) for f in last.split()[1:] if "=" in f and not f.startswith("pv"))
    return int(fields["depth"]), int(fields["nodes"]), float(fields["time"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("player")
    ap.add_argument("positions_file")
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--time", type=float, default=1.0, help="seconds a search, both programs")
    a = ap.parse_args()
    fens = [l.strip() for l in open(a.positions_file) if l.strip() and not l.startswith("#")]
    player = HubPlayer([a.player, "hub"])
    mine, theirs = [], []
    print("position | player depth nodes s knps | dame-rs depth nodes s knps")
    for i, fen in enumerate(fens[: a.positions], 1):
        engine = dame.Engine(hash_mb=64)
        d, n, t = player_search(player, fen, a.time)
        if t < a.time / 10:
            print(f"{i} | the player answered at once (one legal move): skipped", flush=True)
            continue
        r = engine.search(dame.Board(fen), time=a.time)
        if r.from_book or r.nodes == 0:
            print(f"{i} | dame-rs answered from its book: skipped", flush=True)
            continue
        t2 = r.elapsed if isinstance(r.elapsed, float) else float(r.elapsed)
        mine.append(n / t)
        theirs.append(r.nodes / t2)
        print(f"{i} | {d} {n} {t:.2f} {n / t / 1e3:.0f} | {r.depth} {r.nodes} {t2:.2f} "
              f"{r.nodes / t2 / 1e3:.0f}", flush=True)
    player.close()
    print(f"median knps: player {statistics.median(mine) / 1e3:.0f}, "
          f"dame-rs {statistics.median(theirs) / 1e3:.0f} "
          f"(ratio {statistics.median(mine) / statistics.median(theirs):.2f})")


if __name__ == "__main__":
    sys.exit(main())
