"""Speed of random play through the Python package, side by side with OpenSpiel.

    python python/bench/bench.py [--ruleset emergo] [--seconds 3] [--rounds 3]
                                 [--envs 128,512,1024] [--obs-envs 128] [--threads N]

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
3. batched (``VectorEnv``, GIL released), on 1 thread and on ``--threads`` threads
   (default: every core), the rounds of the two alternating: random legal actions
   (``sample_actions()``, in Rust) and ``step()``, which returns the masks, players,
   rewards and end flags, for each batch size of ``--envs``; then the same with
   ``observations(out=buffer)`` after each step (one kept buffer) and with
   ``observations()`` (a new array each step); then with the actions picked in NumPy
   from the masks;
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
    ap.add_argument("--envs", default="128,512,1024", help="batch sizes, comma-separated")
    ap.add_argument("--obs-envs", type=int, default=128)
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--quick", action="store_true", help="short rounds (a smoke test)")
    a = ap.parse_args(argv)
    a.envs = [int(x) for x in str(a.envs).split(",")]
    if a.quick:
        a.seconds, a.rounds, a.envs, a.obs_envs = 0.3, 1, [64], 16
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

    print(f"\n{'batched (VectorEnv)':48} {'1 thread':34} {a.threads} threads")

    def both(label, make, fn):
        """Rounds on 1 thread and on --threads threads, alternating."""
        one, many = make(1), make(a.threads)
        r1, rn = [], []
        for _ in range(n):
            r1 += rounds(fn(one), sec, 1)
            rn += rounds(fn(many), sec, 1)
        print(f"{label:48} {fmt(r1):34} {fmt(rn)}  ({max(rn) / max(r1):.2f}x)")

    def env_of(size):
        return lambda threads: cc.VectorEnv(game, size, seed=0, threads=threads)

    for size in a.envs:
        both(f"sample_actions + step (masks), {size} games", env_of(size), batched)
    both(f"+ observations(out=buffer), {a.obs_envs} games", env_of(a.obs_envs),
         lambda env: batched(env, observe=True, keep=True))
    both(f"+ observations() (a new array), {a.obs_envs} games", env_of(a.obs_envs),
         lambda env: batched(env, observe=True))
    both(f"actions picked in NumPy, {a.envs[0]} games", env_of(a.envs[0]),
         lambda env: batched(env, numpy_pick=True))
    both(f"VectorEnv.random_steps(64), {a.envs[-1]} games", env_of(a.envs[-1]),
         lambda env: rust_steps(env, 64))
    both("Game.random_playouts(2000)", lambda threads: threads,
         lambda threads: playouts(game, 2000, threads))
    print(f"\nload after: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
