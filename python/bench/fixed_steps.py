"""Fixed work for instruction counts (callgrind), as python/README.md ("Speed") counts them:

    valgrind --tool=callgrind python python/bench/fixed_steps.py MODE STEPS

MODE: ours (the plain Python loop on Emergo), os (the same loop on OpenSpiel checkers),
step (sample_actions + step, 1024 games, 1 thread), obs (step + observations(out=), 128
games), rs (random_steps(1), 1024 games). The instructions of a step are the difference
of two runs (20 000 and 120 000 steps, say) divided by the difference of their steps.
"""
import random, sys
import numpy as np
import column_checkers as cc
mode, count = sys.argv[1], int(sys.argv[2])
steps = 0
if mode in ("ours", "os"):
    if mode == "ours":
        g = cc.load_game("emergo")
    else:
        import pyspiel
        g = pyspiel.load_game("checkers")
    random.seed(1); rnd = random.random
    while steps < count:
        s = g.new_initial_state()
        while not s.is_terminal() and steps < count:
            la = s.legal_actions()
            s.apply_action(la[int(rnd() * len(la))])
            steps += 1
elif mode in ("step", "obs", "rs"):
    g = cc.load_game("emergo")
    n = 1024 if mode != "obs" else 128
    env = cc.VectorEnv(g, n, seed=0, threads=1)
    buf = env.observations()
    rounds = count // n
    for _ in range(rounds):
        if mode == "rs":
            env.random_steps(1)
        else:
            env.step(env.sample_actions())
            if mode == "obs":
                env.observations(out=buf)
    steps = rounds * n
print(mode, steps)
