"""pokerodds.runouts: the numbers of ``sim equity --boards 2`` / ``--runs N``, the checks of
issue 55 from Python, and its refusals."""

import json
import subprocess

import numpy as np
import pytest

import pokerodds as po


def _sim_json(sim_bin, *args):
    out = subprocess.run([sim_bin, *args, "--format", "json"], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (
            dict(players=["AsKsQdJd", "8c8h7c6h"], game="omaha", boards=2, board="2s5d9h",
                 board2="Tc3h4s"),
            ["equity", "--game", "omaha", "AsKsQdJd", "8c8h7c6h", "--boards", "2", "--board",
             "2s5d9h", "--board2", "Tc3h4s"],
        ),
        (
            dict(players=["AsAh", "KsKh"], boards=2, runs=2, board="Qh7h2c5d",
                 board2="Jd9s3c8h"),
            ["equity", "AsAh", "KsKh", "--boards", "2", "--runs", "2", "--board", "Qh7h2c5d",
             "--board2", "Jd9s3c8h"],
        ),
        (
            dict(players=["AsAh", "KsKh", "8d9d"], board="Qh7h2c", runs=3, rounds=20_000,
                 seed=4),
            ["equity", "AsAh", "KsKh", "8d9d", "--board", "Qh7h2c", "--runs", "3", "--rounds",
             "20000", "--seed", "4"],
        ),
        (
            dict(players=["AhKh", "QQ+,AKs:0.5", "random"], boards=2, board="Qh7h2c",
                 rounds=30_000, seed=2),
            ["equity", "AhKh", "QQ+,AKs:0.5", "random", "--boards", "2", "--board", "Qh7h2c",
             "--rounds", "30000", "--seed", "2"],
        ),
        (
            dict(players=["As2s3dKd", "AAxx"], game="omaha-hilo", opponents=1, runs=2,
                 rounds=20_000, seed=3),
            ["equity", "--game", "omaha-hilo", "As2s3dKd", "AAxx", "--opponents", "1", "--runs",
             "2", "--rounds", "20000", "--seed", "3"],
        ),
    ],
)
def test_same_document_as_the_cli(sim_bin, kwargs, args):
    assert po.runouts(**kwargs).to_dict() == _sim_json(sim_bin, *args)


def test_runs_keep_the_single_run_equity():
    r = po.runouts(["AsAh", "KsKh"], board="Qh7h2c", runs=2)
    single = po.equity(["AsAh", "KsKh"], board="Qh7h2c")
    assert r.exact
    all_rows = (np.array(r.board_column) == "all") & (np.array(r.outcome) == "equity")
    assert r.probability[all_rows] == pytest.approx(single.equity, abs=1e-12)
    frame = r.to_pandas()
    sums = frame[frame.outcome != "equity"].groupby("player").probability.sum()
    assert sums.tolist() == pytest.approx([1.0, 1.0], abs=1e-12)
    variance = frame[frame.outcome == "equity"].set_index(["player", "board"]).variance
    assert variance[(1, "all")] < variance[(1, "run1")]


def test_double_board_is_the_mean_of_its_boards():
    r = po.runouts(["As2s3dKd", "AhKhQcJc"], game="omaha-hilo", boards=2, board="4c5hTc",
                   board2="9d8s6c")
    one = po.equity(["As2s3dKd", "AhKhQcJc"], game="omaha-hilo", board="4c5hTc",
                    dead="9d8s6c", exact=True)
    two = po.equity(["As2s3dKd", "AhKhQcJc"], game="omaha-hilo", board="9d8s6c",
                    dead="4c5hTc", exact=True)
    rows = (np.array(r.board_column) == "all") & (np.array(r.outcome) == "equity")
    assert r.probability[rows] == pytest.approx((one.equity + two.equity) / 2, abs=1e-12)


def test_a_ranged_double_board_keeps_each_boards_equity():
    hands = ["AhKh", "QQ+,AKs:0.5"]
    r = po.runouts(hands, boards=2, board="Qh7h2c", board2="Jd9s3c", rounds=200_000, seed=8)
    assert not r.exact
    one = po.equity(hands, board="Qh7h2c", dead="Jd9s3c", exact=True)
    frame = r.to_pandas()
    board1 = frame[(frame.board == "1") & (frame.outcome == "equity")]
    # Within 4 standard errors of the exact single-board equity.
    assert np.all(np.abs(board1.probability.to_numpy() - one.equity)
                  < 4 * board1.std_error.to_numpy())
    sums = frame[frame.outcome != "equity"].groupby("player").probability.sum()
    assert sums.tolist() == pytest.approx([1.0, 1.0], abs=1e-12)
    assert list(r.hand)[-1] == "QQ+,AKs:0.5"


def test_a_cheap_ranged_double_board_is_exact():
    hands = ["AhKh", "QQ+,AKs:0.5"]
    r = po.runouts(hands, boards=2, board="Qh7h2c5c", board2="Jd9s3c")
    assert r.exact
    one = po.equity(hands, board="Qh7h2c5c", dead="Jd9s3c", exact=True)
    frame = r.to_pandas()
    board1 = frame[(frame.board == "1") & (frame.outcome == "equity")]
    assert board1.probability.to_numpy() == pytest.approx(one.equity, abs=1e-12)
    assert np.all(board1.std_error.to_numpy() == 0)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(boards=3), "--boards must be 2"),
        (dict(runs=5), "--runs must be 2, 3 or 4"),
        (dict(boards=2, runs=3), "each board runs twice at most"),
        (dict(board2="2c3c4c"), "--board2 needs --boards 2"),
        (dict(boards=2, board="2c3c4c", board2="4c5c6c"), "share 4c"),
        (dict(runs=2, opponents=1, exact=True), "drop --exact"),
    ],
)
def test_refusals(kwargs, words):
    with pytest.raises(ValueError, match=words):
        po.runouts(["AsAh", "KsKh"], **kwargs)
