#!/usr/bin/env python3
"""A match between two Hub engines in any column-checkers ruleset (Emergo by default).

A small tournament manager written from the documentation alone: the player's
`hub` subcommand (player/README.md, "The Hub protocol, for every ruleset"), the notation (docs/notation.md)
and the Python package `column_checkers` (python/README.md), which keeps the game:
the legal moves, each engine move applied by its text, and the end of the game.

Each engine is a `column-checkers-player hub` process driven by the Hub protocol,
version 2: the handshake (`hub` ... `wait`, the variant by `set-param name=variant
value=...`, `init` ... `ready`), then for every move `pos start moves="..."`,
`level move-time=...`, `go think`, the engine's `info` lines and its `done move=...`.
The engine's move text is the crate's notation, which the package reads as it is
(`state.apply_move`); the moves sent back are the package's own text of each move.
International draughts (`--game international`, or `normal` as Scan names it) is
spoken in Hub's notation instead, a capture as its origin, destination and the men
taken ("28x19x23"): such moves are matched to the package's legal move that takes
those men, and the package's moves written so for the engine.
A move the package does not read as a legal move, an `error` answer, an engine that
dies, or one that does not answer within twice its time and 5 s (then `stop` and 2 s
more) loses the game: a forfeit, reported, and that engine is restarted for the next
game. A game the package cuts off (`is_truncated`) is a draw. Openings are a few random
plies from a seed, each played with both colours. The score is printed with Elo and
its 95 % interval (Student's t over the games' scores).

    python3 player/tests/hub_match.py --games 4 --move-time 0.1 --log hub.log
    python3 player/tests/hub_match.py --game lasca --games 2
    python3 player/tests/hub_match.py --move-time 0.2 --move-time-b 0.05   # time odds

Needs `column_checkers` importable (python/README.md, "Install") and the player built
(`cargo build --release -p column-checkers-player`).
"""

import argparse
import math
import os
import queue
import random
import re
import shlex
import subprocess
import sys
import threading
import time

import column_checkers as cc

HERE = os.path.dirname(os.path.abspath(__file__))
LOG_LOCK = threading.Lock()
DEFAULT_ENGINE = os.path.join(HERE, "..", "..", "target", "release", "column-checkers-player")


class EngineError(Exception):
    """The engine broke the protocol, died, or did not answer in time."""


class EngineTimeout(EngineError):
    """The engine did not answer in time."""


def parse_hub_line(line):
    """A Hub line as (command, {name: value}); values may be quoted ("a b")."""
    lexer = shlex.shlex(line, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    words = list(lexer)
    if not words:
        return "", {}
    fields = {}
    for word in words[1:]:
        name, eq, value = word.partition("=")
        fields[name] = value if eq else None
    return words[0], fields


def hub_quote(value):
    """A value as Hub writes it: quoted when it holds a space (or is empty)."""
    return f'"{value}"' if (not value or any(c in value for c in " =\t")) else value


class HubEngine:
    """One engine process, spoken to line by line, every line logged."""

    def __init__(self, name, argv, log):
        self.name = name
        self.log = log
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        self.id = {}
        self.params = []
        threading.Thread(target=self._read, args=(self.proc.stdout, "<"), daemon=True).start()
        threading.Thread(target=self._read, args=(self.proc.stderr, "<stderr"), daemon=True).start()

    def _read(self, stream, tag):
        for line in stream:
            line = line.rstrip("\r\n")
            self._log(tag, line)
            if tag == "<":
                self.lines.put(line)
        if tag == "<":
            self.lines.put(None)  # end of output: the process is gone

    def _log(self, tag, line):
        if self.log:
            with LOG_LOCK:  # the reader threads and the sender share the file
                self.log.write(f"{time.time():.3f} {self.name} {tag} {line}\n")
                self.log.flush()

    def send(self, line):
        self._log(">", line)
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineError(f"{self.name}: cannot write {line!r}: {e}") from e

    def receive(self, deadline):
        """The next line from the engine, parsed; EngineError at the deadline or its end."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise EngineTimeout(f"{self.name}: no answer in time")
        try:
            line = self.lines.get(timeout=remaining)
        except queue.Empty:
            raise EngineTimeout(f"{self.name}: no answer in time") from None
        if line is None:
            try:
                code = self.proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                code = "unknown"
            raise EngineError(f"{self.name}: the engine closed its output (exit code {code})")
        try:
            command, fields = parse_hub_line(line)
        except ValueError:
            # an unbalanced quote: keep the command word; a `done` so written is refused
            command, fields = (line.split() or [""])[0], None
        return line, command, fields

    def wait_for(self, wanted, timeout):
        """Read lines until `wanted`; return the lines before it and its fields."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            line, command, fields = self.receive(deadline)
            if command == wanted:
                return seen, fields
            if command == "error":
                # the engine refused a line of ours: a protocol fault on our side or its
                raise EngineError(f"{self.name}: {line}")
            seen.append((line, command, fields))

    def handshake(self, variant, timeout=10.0):
        """`hub` ... `wait`; the variant; `init` ... `ready`."""
        self.send("hub")
        seen, _ = self.wait_for("wait", timeout)
        for _line, command, fields in seen:
            if fields is None:
                continue
            if command == "id":
                self.id.update(fields)
            elif command == "param":
                self.params.append(fields)
        if variant is not None:
            self.send(f"set-param name=variant value={hub_quote(variant)}")
        self.send("init")
        self.wait_for("ready", timeout)

    def ping(self, timeout=10.0):
        self.send("ping")
        self.wait_for("pong", timeout)

    def think(self, moves, move_time, timeout):
        """The engine's move for the start plus `moves`: (move text, last info fields)."""
        text = " ".join(moves)
        self.send(f'pos start moves="{text}"' if moves else "pos start")
        self.send(f"level move-time={move_time:g}")
        self.send("go think")
        deadline = time.monotonic() + timeout
        info = {}
        stopped = False
        while True:
            try:
                line, command, fields = self.receive(deadline)
            except EngineTimeout:
                if stopped:
                    raise
                # over time: ask once for its move now, then give it a little longer
                self.send("stop")
                stopped = True
                deadline = time.monotonic() + 2.0
                continue
            if command == "info":
                info = fields or {}
            elif command == "done":
                if fields is None:
                    raise EngineError(f"{self.name}: unreadable answer {line!r}")
                if not fields.get("move"):
                    raise EngineError(f"{self.name}: done without a move: {line!r}")
                return fields["move"], info
            elif command == "error":
                raise EngineError(f"{self.name}: {line}")
            # anything else (a stray pong, say) is logged and passed over

    def quit(self):
        try:
            if getattr(self, "broken", False):
                self.send("stop")  # it may still be searching
            self.send("quit")
        except EngineError:
            pass
        try:
            self.proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def random_opening(game, plies, rng):
    """`plies` random moves from the start (the package's text), not ending the game."""
    for _attempt in range(100):
        state = game.new_initial_state()
        for _ in range(plies):
            if state.is_terminal():
                break
            state.apply_move(rng.choice(state.legal_moves()))
        if not state.is_terminal():
            return list(state.moves())
    raise RuntimeError("no opening of that length that does not end the game")


def occupied(state):
    """{square: its men} of a position text ("31:w,20:b w": square:men, ...)."""
    board = str(state).split(" ")[0]
    return dict(item.split(":", 1) for item in board.split(",") if ":" in item)


def ends(text):
    """The first and last square of a move in the crate's notation."""
    squares = [s for s in re.split(r"\s*[-x:]\s*", text) if s]
    return squares[0], squares[-1]


class Notation:
    """The engine's move text and the package's, which differ in international draughts.

    The player speaks Hub's own notation there (player/README.md: "International
    draughts by default, in Hub's notation"), where a capture is its origin, its
    destination and the men it takes in any order ("28x19x23"); every other ruleset
    uses the crate's notation, which the package reads and writes as it is."""

    def __init__(self, hub_draughts):
        self.hub_draughts = hub_draughts

    def to_engine(self, state, move):
        """The engine's text of `move` (the package's text), legal in `state`."""
        if not self.hub_draughts or "x" not in move:
            return move
        before = occupied(state)
        after_state = state.clone()
        after_state.apply_move(move)
        origin, dest = ends(move)
        taken = sorted(set(before) - set(occupied(after_state)) - {origin}, key=int)
        return "x".join([origin, dest] + taken)

    def from_engine(self, state, text):
        """The package's text of the engine's move `text`; ValueError if none matches."""
        if not self.hub_draughts or "x" not in text:
            return text
        words = text.split("x")
        if len(words) < 2:
            raise ValueError(f"cannot read the capture {text!r}")
        origin, dest, taken = words[0], words[1], set(words[2:])
        before = occupied(state)
        matches = []
        for move in state.legal_moves():
            if "x" not in move or ends(move) != (origin, dest):
                continue
            after = state.clone()
            after.apply_move(move)
            if not taken or set(before) - set(occupied(after)) - {origin} == taken:
                matches.append(move)
        if len(matches) != 1:
            raise ValueError(f"{text!r} names {len(matches)} legal moves: {matches}")
        return matches[0]


def play_game(game, engines, opening, args, notation):
    """One game; engines[0] plays White. Returns (White's score, reason, moves)."""
    state = game.new_initial_state()
    sent = []  # the moves in the engines' notation
    for move in opening:
        sent.append(notation.to_engine(state, move))
        state.apply_move(move)
    move_timeout = args.move_time_max * 2 + 5.0
    while not state.is_terminal():
        side = state.current_player()
        engine = engines[side]
        history = list(state.moves())
        try:
            text, info = engine.think(sent, engine.move_time, move_timeout)
        except EngineError as e:
            engine.broken = True  # restarted before the next game: it may still be searching
            return (0.0 if side == 0 else 1.0), f"forfeit: {e}", history
        try:
            move = notation.from_engine(state, text)
            sent.append(notation.to_engine(state, move))
            state.apply_move(move)
        except ValueError as e:
            return (
                (0.0 if side == 0 else 1.0),
                f"forfeit: {engine.name} played {text!r}, refused: {e}",
                history,
            )
        if args.verbose:
            print(
                f"  {len(history) + 1:3d}. {engine.name}: {text} "
                f"(score {info.get('score')}, depth {info.get('depth')})"
            )
    if state.is_truncated():
        return 0.5, f"draw: cut off at {game.max_game_length()} actions", list(state.moves())
    white = state.returns()[0]
    return (white + 1) / 2, state.outcome(), list(state.moves())


def elo(p):
    """The Elo difference of a mean score; infinite at 0 and 1."""
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return -400 * math.log10(1 / p - 1)


# Student's t, 97.5 % quantile, by degrees of freedom (the nearest row below is used)
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
        9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 30: 2.042, 60: 2.000, 120: 1.980}


def elo_with_interval(scores):
    """Elo of the mean score and its 95 % interval.

    The interval is the mean's, by Student's t over the games' scores (0, 1/2, 1), then
    turned into Elo: with few games the normal 1.96 would claim too much.

    >>> [round(x) for x in elo_with_interval([1, 0.5, 0, 1] * 25)]
    [89, 29, 154]
    """
    n = len(scores)
    mean = sum(scores) / n
    if n < 2:
        return elo(mean) + 0.0, -math.inf, math.inf
    var = sum((s - mean) ** 2 for s in scores) / (n - 1)
    if var == 0:
        # every game the same score: a draw added, for the spread alone, keeps the
        # interval from shrinking to a point
        spread = scores + [0.5]
        m = sum(spread) / (n + 1)
        var = sum((s - m) ** 2 for s in spread) / n
    t = T975[max(df for df in T975 if df <= n - 1)] if n - 1 < 1000 else 1.96
    half = t * math.sqrt(var / n)
    return elo(mean) + 0.0, elo(mean - half) + 0.0, elo(mean + half) + 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add = ap.add_argument
    add("--games", type=int, default=4,
        help="games; each opening is played twice, the colours swapped")
    add("--move-time", type=float, default=0.1,
        help="seconds a move for engine A (Hub's level move-time)")
    add("--move-time-b", type=float, default=None,
        help="seconds a move for engine B (default: --move-time)")
    add("--engine", default=DEFAULT_ENGINE,
        help="engine A's program (its `hub` subcommand is run)")
    add("--engine-b", default=None, help="engine B's program (default: --engine)")
    add("--engine-args", default="",
        help="extra arguments for A after `hub` (shell words, e.g. \"--tt-mb 16\")")
    add("--engine-b-args", default="", help="extra arguments for B after `hub`")
    add("--game", default="emergo",
        help="the ruleset as the player's --game words (\"lasca --roundabout\")")
    add("--variant-by", choices=["set-param", "flag"], default="set-param",
        help="give the variant by `set-param name=variant` or by `hub --game`")
    add("--opening-plies", type=int, default=4, help="random plies of each opening")
    add("--seed", type=int, default=1, help="the openings' seed")
    add("--log", default=None, help="write every protocol line to this file")
    add("--verbose", action="store_true", help="print every move with its score and depth")
    args = ap.parse_args()
    if args.move_time_b is None:
        args.move_time_b = args.move_time
    args.move_time_max = max(args.move_time, args.move_time_b)

    # "lasca --roundabout" for the engine; load_game("lasca", roundabout=True) for the package
    if args.games < 1:
        ap.error("--games must be 1 or more")
    words = args.game.split()
    if not words or any(not w.startswith("--") for w in words[1:]):
        ap.error(f'--game {args.game!r}: a ruleset and its options, as "lasca --roundabout"')
    options = {w[2:].replace("-", "_"): True for w in words[1:]}
    # the player's `normal` is international draughts (Scan's name), in Hub's notation
    # as `international` is
    name = "international" if words[0] == "normal" else words[0]
    notation = Notation(name == "international")
    try:
        game = cc.load_game(name, **options)
    except ValueError as e:
        ap.error(f"--game {args.game!r}: {e}")
    log = open(args.log, "w") if args.log else None

    def start_engine(name, path, extra, move_time):
        argv = [path, "hub"] + shlex.split(extra)
        variant = args.game
        if args.variant_by == "flag":
            argv += ["--game", args.game]
            variant = None
        engine = HubEngine(name, argv, log)
        engine.spec = (name, path, extra, move_time)
        engine.move_time = move_time
        engine.broken = False
        try:
            engine.handshake(variant)
            engine.ping()
        except EngineError as e:
            engine.quit()
            sys.exit(f"engine {name} ({' '.join(argv)}) did not start: {e}")
        return engine

    engines = []
    for spec in (
        ("A", args.engine, args.engine_args, args.move_time),
        ("B", args.engine_b or args.engine, args.engine_b_args, args.move_time_b),
    ):
        engine = start_engine(*spec)
        engines.append(engine)
        ident = " ".join(f"{k}={v}" for k, v in engine.id.items())
        print(f"engine {spec[0]}: {ident} ({spec[3]:g} s a move)")

    rng = random.Random(args.seed)
    scores_a = []
    wins = draws = losses = forfeits = 0
    started = time.monotonic()
    try:
        for number in range(args.games):
            # each opening twice, A White first, then the colours swapped
            swap = number % 2 == 1
            if not swap:
                opening = random_opening(game, args.opening_plies, rng)
            for i, e in enumerate(engines):
                try:
                    if e.broken:
                        raise EngineError("lost its last game by a fault")
                    e.send("new-game")
                except EngineError as err:
                    print(f"restarting engine {e.name}: {err}")
                    e.quit()
                    engines[i] = e = start_engine(*e.spec)
                    e.send("new-game")
            white, black = (engines[1], engines[0]) if swap else (engines[0], engines[1])
            score_white, reason, moves = play_game(game, (white, black), opening, args, notation)
            score_a = 1 - score_white if swap else score_white
            scores_a.append(score_a)
            wins += score_a == 1
            draws += score_a == 0.5
            losses += score_a == 0
            forfeits += reason.startswith("forfeit")
            print(
                f"game {number + 1}: opening {' '.join(opening)}; White {white.name}, "
                f"Black {black.name}: {score_white:g}-{1 - score_white:g} "
                f"in {len(moves)} plies ({reason})"
            )
            sys.stdout.flush()
    finally:
        for e in engines:
            e.quit()
        if log:
            log.close()

    n = len(scores_a)
    total = sum(scores_a)
    e, lo, hi = elo_with_interval(scores_a)
    print(
        f"score of A ({args.move_time:g} s) against B ({args.move_time_b:g} s) in {args.game}: "
        f"{total:g}/{n} (+{wins} ={draws} -{losses}; {forfeits} forfeits), "
        f"Elo {e:+.0f} [{lo:+.0f}, {hi:+.0f}] (95 %), {time.monotonic() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
