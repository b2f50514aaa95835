"""A match of international draughts: column-checkers-player (over the Hub protocol)
against dame-rs (PyPI `dame-rs`, driven through its Python API), each opening of a FEN
file played with both colours, equal time a move. Every move is checked by dame-rs's
board; the result is the rules' (no legal move loses), a draw the player claims by the FMJD
rules dame-rs does not keep (threefold repetition, the counted draws with kings only), or a
draw at the ply limit.

    python -m venv venv && venv/bin/pip install dame-rs==0.2.0
    venv/bin/python player/tests/vs_dame.py target/release/column-checkers-player OPENINGS.fen \
        --games 10 --time 0.1 [--sprt 0 35]

Not run by CI (a measurement: docs/strength.md).
"""
import argparse
import math
import subprocess
import sys

import dame


def hub_position(fen):
    """A FEN (`W:W31,...:BK1,...`, ranges allowed) as a Hub position."""
    squares = ["e"] * 50
    side, *parts = fen.strip().rstrip(".").split(":")
    for part in parts:
        color, rest = part[0], part[1:]
        for item in filter(None, rest.split(",")):
            king = item.startswith("K")
            item = item.lstrip("K")
            lo, _, hi = item.partition("-")
            for n in range(int(lo), int(hi or lo) + 1):
                c = "w" if color == "W" else "b"
                squares[n - 1] = c.upper() if king else c
    return side.upper() + "".join(squares)


class HubPlayer:
    def __init__(self, command):
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("hub")
        self.until("wait")
        self.send("init")
        self.until("ready")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the player closed its output")
            if line.startswith(prefix):
                return line.strip()
            if line.startswith("error"):
                raise RuntimeError(f"the player answered: {line.strip()}")

    def move(self, start_fen, moves, seconds, nodes=None):
        self.send("new-game") if not moves else None
        self.send(f'pos pos={hub_position(start_fen)} moves="{" ".join(moves)}"')
        self.send(f"level nodes={nodes}" if nodes else f"level move-time={seconds}")
        self.send("go think")
        try:
            done = self.until("done")
        except RuntimeError as e:
            # the player's own last move ended the game by the FMJD rules it keeps
            # (dame-rs played on): it refuses the position, and the game is a draw
            if "the game is over" in str(e):
                self.until("done")  # the answer to `go` from the position before
                return None
            raise
        fields = dict(f.split("=", 1) for f in done.split()[1:] if "=" in f)
        # no move: by the FMJD rules the player keeps (threefold repetition, the
        # counted draws with kings only) the game is over, a draw
        return fields.get("move")

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def play(player, engine, fen, player_white, seconds, max_plies, nodes=None):
    board = dame.Board(fen)
    moves = []
    while not board.is_game_over() and len(moves) < max_plies:
        white_to_move = str(board.turn).lower().endswith("white")
        if white_to_move == player_white:
            text = player.move(fen, moves, seconds, nodes)
            if text is None:
                print(f"  the player claims a draw by the rules after {len(moves)} plies: "
                      f'moves="{" ".join(moves)}"', flush=True)
                return 0.5, len(moves)
            mv = board.parse_move(text)
        else:
            found = engine.search(board, nodes=nodes) if nodes else engine.search(board, time=seconds)
            mv = found.best_move
        board.push(mv)
        moves.append(mv.hub())
    if not board.is_game_over():
        return 0.5, len(moves)
    # the side to move has no move: it lost (or the rules drew the game)
    outcome = board.outcome()
    winner = getattr(outcome, "winner", None)
    if winner is None:
        return 0.5, len(moves)
    player_won = str(winner).lower().endswith("white") == player_white
    return (1.0 if player_won else 0.0), len(moves)


# SPRT bounds for alpha = beta = 0.05
LOWER = math.log(0.05 / 0.95)
UPPER = math.log(0.95 / 0.05)


def sprt_llr(score, elo0, elo1):
    """The log-likelihood ratio of H1 (Elo elo1) against H0 (Elo elo0) for the game
    scores so far, in the normal approximation of the mean score (as fishtest's
    trinomial GSPRT): (s1 - s0) / var * (sum - n (s0 + s1) / 2).

    >>> round(sprt_llr({1.0: 0, 0.5: 0, 0.0: 10}, 0, 35), 2)
    -26.36
    """
    n = sum(score.values())
    if n == 0:
        return 0.0
    total = score[1.0] + 0.5 * score[0.5]
    mean = total / n
    var = (score[1.0] * (1 - mean) ** 2 + score[0.5] * (0.5 - mean) ** 2
           + score[0.0] * mean ** 2) / n
    # a run of one result has no spread yet: floor the variance (a spread of 0.1)
    var = max(var, 0.01)
    s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1))
    return (s1 - s0) / var * (total - n * (s0 + s1) / 2)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("player")
    ap.add_argument("openings")
    ap.add_argument("--games", type=int, default=10, help="openings played (each twice)")
    ap.add_argument("--skip", type=int, default=0, help="openings of the file skipped first")
    ap.add_argument("--rounds", type=int, default=1,
                    help="the openings played this many times over (each time with both colours)")
    ap.add_argument("--time", type=float, default=0.1, help="seconds a move, both sides")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--nodes", type=int, help="nodes a move, both sides, instead of --time "
                    "(each program counts its own way; a measure the machine's load cannot move)")
    ap.add_argument("--sprt", type=float, nargs=2, metavar=("ELO0", "ELO1"),
                    help="stop when H0 (Elo elo0) or H1 (Elo elo1) is accepted, alpha = beta = 0.05")
    a = ap.parse_args()
    fens = [l.strip() for l in open(a.openings) if l.strip() and not l.startswith("#")]
    player = HubPlayer([a.player, "hub"])
    engine = dame.Engine(hash_mb=64)
    score = {1.0: 0, 0.5: 0, 0.0: 0}
    n = 0
    verdict = None
    for fen in fens[a.skip : a.skip + a.games] * a.rounds:
        if verdict:
            break
        for player_white in (True, False):
            r, plies = play(player, engine, fen, player_white, a.time, a.max_plies, a.nodes)
            score[r] += 1
            n += 1
            print(f"game {n} (player {'White' if player_white else 'Black'}, {plies} plies): "
                  f"{ {1.0: 'won', 0.5: 'drawn', 0.0: 'lost'}[r] }; "
                  f"+{score[1.0]} ={score[0.5]} -{score[0.0]}", flush=True)
            if a.sprt:
                llr = sprt_llr(score, *a.sprt)
                print(f"  SPRT llr {llr:+.2f} (bounds {LOWER:+.2f}, {UPPER:+.2f})", flush=True)
                if llr <= LOWER or llr >= UPPER:
                    verdict = "H0" if llr <= LOWER else "H1"
                    print(f"SPRT: {verdict} accepted (Elo {a.sprt[0]:+g} against {a.sprt[1]:+g})")
                    break
    player.close()
    s = (score[1.0] + 0.5 * score[0.5]) / n
    mean = s
    var = (score[1.0] * (1 - mean) ** 2 + score[0.5] * (0.5 - mean) ** 2
           + score[0.0] * mean ** 2) / n
    half = 1.96 * math.sqrt(var / n)

    def elo(x):
        x = min(max(x, 1e-9), 1 - 1e-9)
        return max(-1000, min(1000, -400 * math.log10(1 / x - 1)))

    print(f"games {n}: +{score[1.0]} ={score[0.5]} -{score[0.0]}, score {100 * s:.1f} %, "
          f"Elo {elo(s):+.0f} [{elo(s - half):+.0f}, {elo(s + half):+.0f}] (95 %)")


if __name__ == "__main__":
    sys.exit(main())
