#!/usr/bin/env bash
# CI step of the Python package: builds `sim` (the identity tests run it beside the package),
# creates a virtual environment under target/ (kept between runs; never committed), installs the
# package with the README's command and runs the pytest suite and the docstring examples.
# pytest's exit code 5 (no tests collected) fails the step like any other failure.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/python-ci
venv_abs="$PWD/$venv"
export PATH="$venv_abs/bin:$PATH"  # the build backend runs the `maturin` executable
cargo build --release -p sim
if [[ ! -x $venv/bin/python ]]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "maturin>=1.9,<2" numpy pytest pandas
# The README's install command (build dependencies already in the environment).
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    --no-build-isolation --force-reinstall --no-deps ./python
cd python/tests
status=0
SIM_BIN="$PWD/../../target/release/sim" "$venv_abs/bin/python" -m pytest -q \
    --doctest-modules --pyargs pokerodds . || status=$?
if [[ $status -eq 5 ]]; then
    echo "python/ci.sh: pytest collected no tests" >&2
fi
exit "$status"
