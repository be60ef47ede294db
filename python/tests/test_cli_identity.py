"""The package gives the numbers of `sim` for the same arguments: `to_dict()` equals the JSON
document of `sim ... --format json` (floats compared exactly)."""

import pytest

import pokerodds as po


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (dict(rounds=2_000_000, seed=42), ["--rounds", "2000000", "--seed", "42"]),
        (
            dict(cards=5, known="AsKs", rounds=1_000_003, seed=7, threads=1),
            ["--cards", "5", "--known", "AsKs", "--rounds", "1000003", "--seed", "7", "--threads", "1"],
        ),
        (
            dict(cards=6, known="2c 10h", rounds=3_000_000, seed=2**64 - 1),
            ["--cards", "6", "--known", "2c 10h", "--rounds", "3000000", "--seed", str(2**64 - 1)],
        ),
        (
            dict(target_stderr=4e-4, max_rounds=20_000_000, seed=5),
            ["--target-stderr", "4e-4", "--max-rounds", "20M", "--seed", "5"],
        ),
    ],
)
def test_odds_matches_sim_odds(sim, kwargs, args):
    ours = po.odds(**kwargs).to_dict()
    theirs = sim.json("odds", "--quiet", *args)
    assert ours == theirs


def test_a_drawn_seed_repeats_on_the_command_line(sim):
    table = po.odds(rounds=1_000_000)
    assert table.to_dict() == sim.json("odds", "--quiet", "--rounds", "1M", "--seed", table.seed)


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (dict(cards=5), ["--cards", "5"]),
        (dict(cards=6), ["--cards", "6"]),
        (dict(), []),
        (dict(known="AsKd"), ["--known", "AsKd"]),
        (dict(cards=6, known="2c3c4c"), ["--cards", "6", "--known", "2c3c4c"]),
        (dict(cards=5, method="enumerate"), ["--cards", "5", "--method", "enumerate"]),
    ],
)
def test_exact_matches_sim_exact(sim, kwargs, args):
    assert po.exact(**kwargs).to_dict() == sim.json("exact", *args)


@pytest.mark.parametrize(
    "players, kwargs, args",
    [
        (["AsAh", "QQ+,AKs"], dict(rounds=1_000_000, seed=3), ["--rounds", "1M", "--seed", "3"]),
        (["AsAh", "KsKh"], dict(), []),
        (["AsAh", "KsKh"], dict(board="Qh7h2c"), ["--board", "Qh7h2c"]),
        (["AhKh", "QQ+", "77-TT"], dict(board="Qh7h2c9d", exact=True), ["--board", "Qh7h2c9d", "--exact"]),
        (["AKs:0.5,QQ", "JJ-99"], dict(board="2c3d4h", dead="Ks"), ["--board", "2c3d4h", "--dead", "Ks"]),
        (
            ["AsAh", "random"],
            dict(opponents=2, rounds=500_000, seed=11, threads=1),
            ["--opponents", "2", "--rounds", "500000", "--seed", "11", "--threads", "1"],
        ),
        (
            ["T9s-65s", "AA,KK"],
            dict(target_stderr=2e-3, seed=8),
            ["--target-stderr", "2e-3", "--seed", "8"],
        ),
        (["QQ+,AKs", "random"], dict(seed=4), ["--seed", "4"]),  # auto picks Monte Carlo
        (["AsAh", "KsKh"], dict(exact=False, seed=6), ["--rounds", "10M", "--seed", "6"]),
    ],
)
def test_equity_matches_sim_equity(sim, players, kwargs, args):
    ours = po.equity(players, **kwargs).to_dict()
    theirs = sim.json("equity", *players, *args)
    assert ours == theirs


@pytest.mark.parametrize(
    "call, args",
    [
        (lambda: po.odds(cards=5, known="AsKsQsJsTs"), ["odds", "--cards", "5", "--known", "AsKsQsJsTs"]),
        (lambda: po.odds(target_stderr=-1.0), ["odds", "--target-stderr=-1"]),
        (lambda: po.odds(max_rounds=5), ["odds", "--max-rounds", "5"]),
        (lambda: po.odds(threads=0), ["odds", "--threads", "0"]),
        (lambda: po.exact(known="As", method="combinatorial"), ["exact", "--known", "As", "--method", "combinatorial"]),
        (lambda: po.equity(["AsAh", "QQ+,"]), ["equity", "AsAh", "QQ+,"]),
        (lambda: po.equity(["AsAh", "QQ+,XY"]), ["equity", "AsAh", "QQ+,XY"]),
        (lambda: po.equity(["AsAh", "AKs:2"]), ["equity", "AsAh", "AKs:2"]),
        (lambda: po.equity(["AsAh"]), ["equity", "AsAh"]),
        (lambda: po.equity(["AsAh", "KK"], board="2c3c"), ["equity", "AsAh", "KK", "--board", "2c3c"]),
        (lambda: po.equity(["AsAh", "KK"], board="2c3cXx"), ["equity", "AsAh", "KK", "--board", "2c3cXx"]),
        (lambda: po.equity(["AsAh", "AsKd"]), ["equity", "AsAh", "AsKd"]),
        (lambda: po.equity(["AsAh", "KK"], board="2c3c4c", dead="2c"), ["equity", "AsAh", "KK", "--board", "2c3c4c", "--dead", "2c"]),
        (lambda: po.equity(["AA", "AA", "AA"], exact=True), ["equity", "AA", "AA", "AA", "--exact"]),
        (lambda: po.equity(["AsAh", "KK"], opponents=9), ["equity", "AsAh", "KK", "--opponents", "9"]),
        (lambda: po.equity(["random"] * 3, exact=True), ["equity", "random", "random", "random", "--exact"]),
        (lambda: po.equity(["AsAh", "KK"], target_stderr=1.5), ["equity", "AsAh", "KK", "--target-stderr", "1.5"]),
    ],
)
def test_bad_input_raises_the_message_of_sim(sim, call, args):
    with pytest.raises(ValueError) as raised:
        call()
    assert str(raised.value) == sim.error(*args)
