"""Speed of random play through the Python package, side by side with OpenSpiel.

    python python/bench/bench.py [--ruleset emergo] [--seconds 3] [--rounds 3]
                                 [--envs 128] [--obs-envs 128] [--threads N]

A step is one action (one click). Every figure is steps per second, the best of
``--rounds`` rounds of about ``--seconds`` each (the median in brackets); the rounds of
the package and of OpenSpiel alternate, so both see the same machine. The load
(``/proc/loadavg``) is printed before and after: on a shared machine the figures are
lower bounds.

1. plain Python loop on one core: ``legal_actions()``, a uniformly random pick,
   ``apply_action()``, to the end of each game; OpenSpiel's C++ ``checkers`` by the
   same loop;
2. the same with the observation tensor of every state (ours: ``observation_tensor()``,
   a NumPy array; OpenSpiel: ``observation_tensor()``, a list, and through
   ``make_observation(...).set_from``, its NumPy buffer);
3. batched (``VectorEnv``, ``--threads`` threads, GIL released): random legal actions
   (``sample_actions()``, in Rust) and ``step()``, which returns the masks, players,
   rewards and end flags; then the same with ``observations()`` after each step (new
   arrays, then one kept buffer, ``out=``); then with the actions picked in NumPy from
   the masks;
4. inside Rust only: ``VectorEnv.random_steps`` and ``Game.random_playouts``.
"""

import argparse
import os
import platform
import random
import statistics
import sys
import time

import numpy as np

import column_checkers as cc

try:
    import pyspiel
except ImportError:  # the package's figures alone
    pyspiel = None


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def rounds(fn, seconds, n):
    """``fn(seconds)`` returns (steps, elapsed); the steps/s of each round."""
    return [s / t for s, t in (fn(seconds) for _ in range(n))]


def fmt(rates):
    return f"{max(rates) / 1e6:7.3f} M/s (median {statistics.median(rates) / 1e6:.3f})"


def plain_loop(game):
    def run(seconds):
        rnd = random.random
        new = game.new_initial_state
        steps = 0
        t0 = time.perf_counter()
        end = t0 + seconds
        while True:
            s = new()
            while not s.is_terminal():
                la = s.legal_actions()
                s.apply_action(la[int(rnd() * len(la))])
                steps += 1
            if time.perf_counter() > end:
                return steps, time.perf_counter() - t0

    return run


def loop_with_obs(game, observer=None, as_numpy=False):
    def run(seconds):
        rnd = random.random
        new = game.new_initial_state
        steps = 0
        t0 = time.perf_counter()
        end = t0 + seconds
        while True:
            s = new()
            while not s.is_terminal():
                if observer is not None:
                    observer.set_from(s, s.current_player())
                    obs = observer.tensor
                elif as_numpy:
                    obs = np.asarray(s.observation_tensor(), np.float32)
                else:
                    obs = s.observation_tensor()
                la = s.legal_actions()
                s.apply_action(la[int(rnd() * len(la))])
                steps += 1
            del obs
            if time.perf_counter() > end:
                return steps, time.perf_counter() - t0

    return run


def batched(env, observe=False, numpy_pick=False, keep=False):
    rng = np.random.default_rng(0)
    buf = env.observations() if keep else None

    def run(seconds):
        env.reset(seed=1)
        mask, _ = env.legal_actions_mask_and_player()
        n = env.num_envs
        steps = 0
        t0 = time.perf_counter()
        end = t0 + seconds
        while time.perf_counter() < end:
            for _ in range(10):
                if numpy_pick:
                    actions = (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
                else:
                    actions = env.sample_actions()
                mask, player, rewards, terminated, truncated = env.step(actions)
                if observe:
                    obs = env.observations(out=buf)
                steps += n
        if observe:
            del obs
        return steps, time.perf_counter() - t0

    return run


def rust_steps(env, k):
    def run(seconds):
        steps = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            env.random_steps(k)
            steps += k * env.num_envs
        return steps, time.perf_counter() - t0

    return run


def playouts(game, n, threads):
    def run(seconds):
        steps = 0
        t0 = time.perf_counter()
        seed = 0
        while time.perf_counter() - t0 < seconds:
            steps += int(game.random_playouts(n, seed=seed, threads=threads)["actions"].sum())
            seed += 1
        return steps, time.perf_counter() - t0

    return run


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="emergo")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--envs", type=int, default=128)
    ap.add_argument("--obs-envs", type=int, default=128)
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--quick", action="store_true", help="short rounds (a smoke test)")
    a = ap.parse_args(argv)
    if a.quick:
        a.seconds, a.rounds, a.envs, a.obs_envs = 0.3, 1, 64, 16
    game = cc.load_game(a.ruleset)
    print(f"column_checkers {cc.__version__}, Python {platform.python_version()}, numpy {np.__version__}"
          + (f", open_spiel {getattr(pyspiel, '__version__', '?')}" if pyspiel else ", no open_spiel"))
    print(f"{os.cpu_count()} cores; load before: {load()}")
    print(f"ruleset {a.ruleset}: {game.num_distinct_actions()} actions, observation {game.observation_tensor_shape()}")
    sec, n = a.seconds, a.rounds
    spiel = pyspiel.load_game("checkers") if pyspiel else None

    # 1 and 2: alternate ours and OpenSpiel's rounds
    rows = [("plain loop", plain_loop(game), plain_loop(spiel) if spiel else None),
            ("loop + observation_tensor()", loop_with_obs(game), loop_with_obs(spiel) if spiel else None)]
    if spiel:
        rows.append(("loop + observation as np.float32", loop_with_obs(game),
                     loop_with_obs(spiel, as_numpy=True)))
        from open_spiel.python.observation import make_observation
        rows.append(("loop + observer.set_from (OpenSpiel's buffer)", loop_with_obs(game),
                     loop_with_obs(spiel, observer=make_observation(spiel))))
    print(f"\n{'one core, Python loop':48} {'column_checkers ' + a.ruleset:34} OpenSpiel checkers")
    for label, ours, theirs in rows:
        ro, rt = [], []
        for _ in range(n):
            ro += rounds(ours, sec, 1)
            if theirs:
                rt += rounds(theirs, sec, 1)
        ratio = f"  ({max(ro) / max(rt):.1f}x)" if rt else ""
        print(f"{label:48} {fmt(ro):34} {fmt(rt) if rt else '-'}{ratio}")

    print(f"\nbatched, {a.threads} threads")
    env = cc.VectorEnv(game, a.envs, seed=0, threads=a.threads)
    obs_env = cc.VectorEnv(game, a.obs_envs, seed=0, threads=a.threads)
    print(f"{'sample_actions + step (masks), ' + str(a.envs) + ' games':48} {fmt(rounds(batched(env), sec, n))}")
    print(f"{'+ observations(), ' + str(a.obs_envs) + ' games':48} {fmt(rounds(batched(obs_env, observe=True), sec, n))}")
    print(f"{'+ observations(out=buffer), ' + str(a.obs_envs) + ' games':48} "
          f"{fmt(rounds(batched(obs_env, observe=True, keep=True), sec, n))}")
    print(f"{'actions picked in NumPy from the masks':48} {fmt(rounds(batched(env, numpy_pick=True), sec, n))}")
    print(f"{'VectorEnv.random_steps (Rust only)':48} {fmt(rounds(rust_steps(env, 64), sec, n))}")
    print(f"{'Game.random_playouts (Rust only)':48} {fmt(rounds(playouts(game, 2000, a.threads), sec, n))}")
    one = cc.VectorEnv(game, a.envs, seed=0, threads=1)
    print(f"{'sample_actions + step, 1 thread':48} {fmt(rounds(batched(one), sec, n))}")
    print(f"\nload after: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
