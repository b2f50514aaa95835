#!/usr/bin/env bash
# The Python package's CI, called by .ci/run and runnable alone from any
# directory: the binding's lints and Rust tests, the wheel built by maturin into a fresh
# virtual environment with pinned numpy, pettingzoo, open_spiel, ray and pytest, the
# pytest suite over the installed wheel (PettingZoo's api_test, OpenSpiel's MCTSBot and
# evaluate_bots on Emergo and Lasca, the Player on every ruleset, the Ray example on two
# local workers, the README's examples as doctests), the Ray example as a user runs it, and a smoke run of the benchmark.
# Prints the time of each part. Needs python3 (3.10 or newer) with venv, and network
# access to PyPI for the pinned wheels.
#
# Light on disk: the binding's Rust tests build with the wheel's profile (`measure`,
# named in pyproject.toml: no debug build of pyo3 and the binding beside it); pip keeps no cache
# and compiles no bytecode, Python writes none; the virtual environment (about 500 MB)
# and the wheel are deleted at the end (KEEP_PYVENV=1 keeps them).
set -euo pipefail
cd "$(dirname "$0")/.."

t0=$(date +%s)
lap() { local t; t=$(date +%s); printf -- '-- %s: %d s (load %s)\n' "$1" $((t - t0)) "$(cut -d' ' -f1-3 /proc/loadavg)"; t0=$t; }

# the binding's own checks: lints, and the action encoding against the crate's lists in Rust
cargo clippy -p column-checkers-python --all-targets -- -D warnings
cargo test --profile measure -p column-checkers-python
lap "clippy and Rust tests of the binding (the wheel's profile, measure)"

PYVENV=target/ci-python-venv
rm -rf "$PYVENV" target/ci-wheels
if [ "${KEEP_PYVENV:-0}" != 1 ]; then
  trap 'rm -rf "$PYVENV" target/ci-wheels target/ci-selfplay.pdn target/ci-bench.txt' EXIT
fi
export PYTHONDONTWRITEBYTECODE=1
python3 -m venv "$PYVENV"
# pinned: binary wheels for CPython 3.10+ on x86_64 Linux (numpy 2.5 needs Python 3.12)
PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 PIP_NO_CACHE_DIR=1 PIP_NO_COMPILE=1 "$PYVENV/bin/pip" install -q \
  maturin==1.16.0 numpy==2.4.6 pytest==9.2.0 \
  gymnasium==1.4.0 pettingzoo==1.27.0 open_spiel==2.0.2 ray==2.60.0
lap "fresh venv and pinned wheels"

"$PYVENV/bin/maturin" build -m python/Cargo.toml -i "$PYVENV/bin/python" --out target/ci-wheels
PIP_NO_CACHE_DIR=1 PIP_NO_COMPILE=1 "$PYVENV/bin/pip" install -q --no-deps target/ci-wheels/column_checkers-*.whl
lap "maturin build (profile measure, from pyproject.toml) and pip install of the wheel"

# Ray on loopback, offline: see python/README.md ("Ray"); the dead proxy only turns Ray's
# cloud-metadata probe into a refused loopback connection (pip above is done)
ray_env=(env RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 RAY_USAGE_STATS_ENABLED=0 RAY_AUTH_MODE=disabled
  http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9 no_proxy=127.0.0.1,localhost)
# from python/, so that `import column_checkers` is the installed wheel (python/python is
# not on the path); the suite holds PettingZoo's api_test (tests/test_pettingzoo.py),
# OpenSpiel's MCTSBot playing Emergo and Lasca to the end (tests/test_openspiel.py), the
# Ray example on two local workers (tests/test_ray.py) and the README's example
(cd python && "${ray_env[@]}" timeout 900 "../$PYVENV/bin/python" -m pytest -q -p no:cacheprovider \
  --durations=8 tests README.md --doctest-glob=README.md)
lap "pytest over the installed wheel"

# the Ray example as a user runs it: 16 self-play records, Emergo perft(4) split over tasks
"${ray_env[@]}" timeout 300 "$PYVENV/bin/python" python/examples/ray_selfplay_perft.py \
  --games 16 --out target/ci-selfplay.pdn --perft-depth 4 --expect 1828116 --num-cpus 2
lap "the Ray example"

# the Player against OpenSpiel's MCTSBot (docs/strength.md has the measure): a smoke
# run, one game a colour of Lasca at 50 simulations a move
"$PYVENV/bin/python" python/tests/vs_mcts.py --games 1 --time 0.01 --simulations 50 \
  --max-game-length 200 --rulesets lasca | tee target/ci-vs-mcts.txt
grep -q 'summary' target/ci-vs-mcts.txt
lap "the Player against MCTSBot, smoke"

# the benchmark script runs (its figures are in python/README.md, not checked here)
"$PYVENV/bin/python" python/bench/bench.py --quick > target/ci-bench.txt
tail -n 3 target/ci-bench.txt
lap "the benchmark's smoke run"
