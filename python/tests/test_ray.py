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


DATA = os.path.join(os.path.dirname(__file__), "..", "examples", "ray_player_data.py")


def test_player_data_for_learning(tmp_path):
    out = tmp_path / "data.txt"
    run = subprocess.run(
        [sys.executable, DATA, "--ruleset", "russian", "--games", "4", "--nodes", "200",
         "--opening-plies", "4", "--max-plies", "60", "--tasks", "2", "--with-scores",
         "--out", str(out), "--num-cpus", "2"],
        env=loopback_env(), capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = out.read_text().splitlines()
    assert lines[0] == "# ruleset russian"
    game = cc.load_game("russian")
    rows = [line.split("\t") for line in lines[1:]]
    assert len(rows) > 20
    for result, position, score in rows:
        assert result in ("1-0", "0-1", "1/2-1/2")
        int(score)
        # a position the game reads, with no capture for the side to move
        state = game.new_initial_state(position)
        assert not any("x" in m or ":" in m for m in state.legal_moves())
    # the tasks' seeds differ: so do their positions
    assert len({position for _, position, _ in rows}) > len(rows) // 2
