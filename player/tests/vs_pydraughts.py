"""A match of Russian or Brazilian draughts: column-checkers-player (over its Hub
protocol, `--game russian` or `--game brazilian`: moves in the crate's notation) against
py-draughts' engine (PyPI `py-draughts`, its `SimpleEngine`: negamax with alpha-beta,
iterative deepening, a transposition table and a quiescence search), equal time a move.
Openings are random plies from a seed, each played with both colours. Every move is
checked by py-draughts' board; the result is its rules' (including its draws by
repetition and by the counted moves), a draw the player claims by the rules it keeps
(it answers `done` without a move), or a draw at the ply limit.

    python -m venv venv && venv/bin/pip install py-draughts==1.10.1
    venv/bin/python player/tests/vs_pydraughts.py target/release/column-checkers-player \
        --game russian --games 30 --time 0.1

Not run by CI (a measurement: docs/strength.md).
"""
import argparse
import math
import random
import subprocess
import sys

import draughts

BOARDS = {"russian": (draughts.RussianBoard, ":"), "brazilian": (draughts.BrazilianBoard, "x")}


class HubPlayer:
    """The player as a Hub engine in one ruleset."""

    def __init__(self, command, game):
        self.p = subprocess.Popen(command + ["hub", "--game", game], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
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

    def move(self, moves, seconds):
        """The player's move after `moves` from the start, or None when it finds the game over."""
        if not moves:
            self.send("new-game")
        self.send(f'pos start moves="{" ".join(moves)}"')
        self.send(f"level move-time={seconds}")
        self.send("go think")
        done = self.until("done")
        fields = dict(f.split("=", 1) for f in done.split()[1:] if "=" in f)
        return fields.get("move")

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def crate_text(board, mv, sep):
    """A py-draughts move in the crate's notation: its route of square names."""
    names = [board.SQUARE_NAMES[i] for i in mv.square_list]
    return (sep if mv.captured_list else "-").join(names)


def from_crate(board, text):
    """The legal move of `board` the crate's notation names (its whole route, or its
    first and last squares when no other move has them)."""
    route = text.replace(":", "-").replace("x", "-").split("-")
    legal = list(board.legal_moves)
    names = lambda m: [board.SQUARE_NAMES[i] for i in m.square_list]
    exact = [m for m in legal if names(m) == route]
    if len(exact) == 1:
        return exact[0]
    ends = [m for m in legal if names(m)[0] == route[0] and names(m)[-1] == route[-1]]
    if len(ends) == 1:
        return ends[0]
    raise RuntimeError(f"the player's move {text!r} is not one legal move here")


def play(player, engine, board_type, sep, opening, player_white, seconds, max_plies):
    board = board_type()
    moves = []
    for mv in opening:
        moves.append(crate_text(board, mv, sep))
        board.push(mv)
    while not board.game_over and len(moves) < max_plies:
        if (board.turn == draughts.Color.WHITE) == player_white:
            text = player.move(moves, seconds)
            if text is None:
                print(f"  the player claims a draw by the rules after {len(moves)} plies: "
                      f'moves="{" ".join(moves)}"', flush=True)
                return 0.5, len(moves)
            mv = from_crate(board, text)
        else:
            mv = engine.get_best_move(board)
        moves.append(crate_text(board, mv, sep))
        board.push(mv)
    result = board.result if board.game_over else "1/2-1/2"
    if result in ("1-0", "2-0"):
        won_white = True
    elif result in ("0-1", "0-2"):
        won_white = False
    else:
        return 0.5, len(moves)
    return (1.0 if won_white == player_white else 0.0), len(moves)


def openings(board_type, count, plies, seed):
    """`count` distinct random openings of `plies` plies that leave the game going on."""
    rng = random.Random(seed)
    found, seen = [], set()
    while len(found) < count:
        board, line = board_type(), []
        for _ in range(plies):
            mv = rng.choice(list(board.legal_moves))
            line.append(mv)
            board.push(mv)
            if board.game_over:
                break
        key = board.fen
        if not board.game_over and key not in seen:
            seen.add(key)
            found.append(line)
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("player")
    ap.add_argument("--game", choices=sorted(BOARDS), default="russian")
    ap.add_argument("--games", type=int, default=10, help="openings played (each twice)")
    ap.add_argument("--plies", type=int, default=4, help="the random openings' length")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time", type=float, default=0.1, help="seconds a move, both sides")
    ap.add_argument("--max-plies", type=int, default=300)
    a = ap.parse_args()
    board_type, sep = BOARDS[a.game]
    player = HubPlayer([a.player], a.game)
    engine = draughts.SimpleEngine(depth_limit=64, time_limit=a.time)
    score = {1.0: 0, 0.5: 0, 0.0: 0}
    n = 0
    for opening in openings(board_type, a.games, a.plies, a.seed):
        for player_white in (True, False):
            r, plies = play(player, engine, board_type, sep, opening, player_white, a.time,
                            a.max_plies)
            score[r] += 1
            n += 1
            print(f"game {n} (player {'White' if player_white else 'Black'}, {plies} plies): "
                  f"{ {1.0: 'won', 0.5: 'drawn', 0.0: 'lost'}[r] }; "
                  f"+{score[1.0]} ={score[0.5]} -{score[0.0]}", flush=True)
    player.close()
    s = (score[1.0] + 0.5 * score[0.5]) / n
    var = (score[1.0] * (1 - s) ** 2 + score[0.5] * (0.5 - s) ** 2 + score[0.0] * s ** 2) / n
    half = 1.96 * math.sqrt(var / n)

    def elo(x):
        x = min(max(x, 1e-9), 1 - 1e-9)
        return max(-1000, min(1000, -400 * math.log10(1 / x - 1)))

    print(f"{a.game}, games {n}: +{score[1.0]} ={score[0.5]} -{score[0.0]}, score {100 * s:.1f} %, "
          f"Elo {elo(s):+.0f} [{elo(s - half):+.0f}, {elo(s + half):+.0f}] (95 %)")


if __name__ == "__main__":
    sys.exit(main())
