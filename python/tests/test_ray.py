"""The Ray example on a local Ray instance of two workers bound to 127.0.0.1."""

import os
import subprocess
import sys

import pytest

pytest.importorskip("ray")

import column_checkers as cc  # noqa: E402

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "examples", "ray_selfplay_perft.py")


def loopback_env():
    env = dict(os.environ)
    # keep Ray on loopback and offline (python/README.md, "Ray")
    env.update(RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0", RAY_USAGE_STATS_ENABLED="0",
               RAY_AUTH_MODE="disabled", http_proxy="http://127.0.0.1:9",
               https_proxy="http://127.0.0.1:9", no_proxy="127.0.0.1,localhost")
    return env


def test_selfplay_records_and_split_perft(tmp_path):
    out = tmp_path / "games.pdn"
    run = subprocess.run(
        [sys.executable, EXAMPLE, "--ruleset", "lasca(roundabout=True)", "--games", "6",
         "--tasks", "3", "--out", str(out), "--perft-depth", "9", "--split", "2",
         "--expect", "5692", "--num-cpus", "2"],
        env=loopback_env(), capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "perft(9) of lasca(roundabout=True) = 5692" in run.stdout
    states = cc.load_game("lasca", roundabout=True).states_from_pdn(out.read_text())
    assert len(states) == 6 and all(s.is_terminal() for s in states)
    # the seeds differ: the games do
    assert len({tuple(s.moves()) for s in states}) == 6
