"""Shared fixtures: the `sim` binary that the package must agree with."""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def sim():
    """Runs `sim ARGS --format json` and returns the parsed document; `sim.error(ARGS)` returns
    the message of a failing run (stderr without `sim: `)."""
    path = Path(os.environ.get("SIM_BIN", ROOT / "target" / "release" / "sim"))
    if not path.is_file():
        pytest.fail(f"{path} is missing: run `cargo build --release -p sim` (or set SIM_BIN)")

    class Sim:
        def json(self, *args):
            out = subprocess.run(
                [str(path), *map(str, args), "--format", "json"],
                capture_output=True,
                text=True,
                check=True,
            )
            return json.loads(out.stdout)

        def error(self, *args):
            out = subprocess.run([str(path), *map(str, args)], capture_output=True, text=True)
            assert out.returncode == 2, out
            line = out.stderr.strip().splitlines()[-1]
            assert line.startswith("sim: "), line
            return line[len("sim: ") :]

    return Sim()


@pytest.fixture(scope="session")
def data():
    return ROOT / "data"


@pytest.fixture(scope="session")
def sim_bin():
    """The path of the `sim` binary, for tests that read its CSV rather than its JSON."""
    path = Path(os.environ.get("SIM_BIN", ROOT / "target" / "release" / "sim"))
    if not path.is_file():
        pytest.fail(f"{path} is missing: run `cargo build --release -p sim` (or set SIM_BIN)")
    return str(path)
