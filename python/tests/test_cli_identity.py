"""The package gives the numbers of `sim` for the same arguments: `to_dict()` equals the JSON
document of `sim ... --format json` (floats compared exactly)."""

import itertools

import pytest

import pokerodds as po

# PLO6: two aces and any four more symbols, in three suit shapes: 5,460 different items that name
# more hands between them than a list may (the same list as sim's tests/omaha.rs).
_PLO6_BROAD_LIST = ",".join(
    "AA" + "".join(ranks) + shape
    for ranks in itertools.combinations_with_replacement("xKQJT98765432", 4)
    for shape in ("", ":ds", ":ss")
)


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
    "players, kwargs, args",
    [
        (["AKs,QQ", "JJ+"], dict(board="2c7d9hTs"), ["--board", "2c7d9hTs"]),
        (["AK:0.5,QQ", "JJ-99", "random"], dict(board="Kd7c2s5h"), ["--board", "Kd7c2s5h"]),
        (["AKs", "QQ:0.5,JJ"], dict(rounds=300_000, seed=3), ["--rounds", "300k", "--seed", "3"]),
        (
            ["AK", "TT"],
            dict(game="shortdeck", board="9h8h6c"),
            ["--game", "shortdeck", "--board", "9h8h6c"],
        ),
        (
            ["AA23:ds,AAKK", "KsKdQsQd"],
            dict(game="omaha-hilo", board="5c6h8s"),
            ["--game", "omaha-hilo", "--board", "5c6h8s"],
        ),
        (
            ["AAxx:ds", "KhKd9c8c"],
            dict(game="omaha", rounds=200_000, seed=4),
            ["--game", "omaha", "--rounds", "200k", "--seed", "4"],
        ),
        (
            ["(A2,A3)4c7d8h", "KdQcJh9s5s"],
            dict(game="razz"),
            ["--game", "razz"],
        ),
    ],
)
def test_breakdown_matches_sim_equity_breakdown(sim, players, kwargs, args):
    ours = po.breakdown(players, **kwargs)
    theirs = sim.json("equity", *players, *args, "--breakdown")
    assert ours.to_dict() == theirs
    df = ours.to_pandas()
    # sim's JSON rows come with their keys sorted; the frame keeps the CSV's column order.
    assert sorted(df.columns) == sorted(theirs["rows"][0])
    assert list(df.columns[:6]) == ["game", "player", "range", "level", "hand", "class"]
    assert len(df) == len(theirs["rows"])


def test_breakdown_refuses_past_its_row_limit_as_sim_does(sim):
    message = sim.error("equity", "AsKsQdJd", "random", "--game", "omaha", "--breakdown")
    with pytest.raises(ValueError) as e:
        po.breakdown(["AsKsQdJd", "random"], game="omaha")
    assert str(e.value) == message


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
        (lambda: po.exact(game="omaha"), ["exact", "--game", "omaha"]),
        (lambda: po.exact(game="shortdeck", method="combinatorial"), ["exact", "--game", "shortdeck", "--method", "combinatorial"]),
        (lambda: po.odds(trips_beat_straight=True), ["odds", "--trips-beat-straight"]),
        (lambda: po.equity(["AsAh", "KK"], game="omaha", trips_beat_straight=True), ["equity", "AsAh", "KK", "--game", "omaha", "--trips-beat-straight"]),
        (lambda: po.odds(game="omaha", cards=6), ["odds", "--game", "omaha", "--cards", "6"]),
        (lambda: po.equity(["AsAh", "KK"], game="omaha"), ["equity", "AsAh", "KK", "--game", "omaha"]),
        (lambda: po.equity(["2s3s", "KK"], game="shortdeck"), ["equity", "2s3s", "KK", "--game", "shortdeck"]),
        (lambda: po.equity(["random:0.5", "AAxxxx"], game="omaha6"), ["equity", "random:0.5", "AAxxxx", "--game", "omaha6"]),
        (
            lambda: po.equity([_PLO6_BROAD_LIST, "random"], game="omaha6"),
            ["equity", _PLO6_BROAD_LIST, "random", "--game", "omaha6"],
        ),
    ],
)
def test_bad_input_raises_the_message_of_sim(sim, call, args):
    with pytest.raises(ValueError) as raised:
        call()
    assert str(raised.value) == sim.error(*args)


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (dict(game="shortdeck", rounds=1_000_000, seed=4), ["--game", "shortdeck", "--rounds", "1M", "--seed", "4"]),
        (
            dict(game="shortdeck", trips_beat_straight=True, cards=6, known="AsKs", rounds=500_000, seed=5),
            ["--game", "shortdeck", "--trips-beat-straight", "--cards", "6", "--known", "AsKs", "--rounds", "500000", "--seed", "5"],
        ),
        (dict(game="omaha5", known="AsAh", rounds=300_000, seed=6), ["--game", "omaha5", "--known", "AsAh", "--rounds", "300000", "--seed", "6"]),
        (dict(game="omaha", known="AsAhKsKh", rounds=200_000, seed=7), ["--game", "omaha", "--known", "AsAhKsKh", "--rounds", "200000", "--seed", "7"]),
    ],
)
def test_game_odds_match_sim_odds(sim, kwargs, args):
    assert po.odds(**kwargs).to_dict() == sim.json("odds", "--quiet", *args)


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (dict(game="shortdeck", cards=5), ["--game", "shortdeck", "--cards", "5"]),
        (
            dict(game="shortdeck", trips_beat_straight=True, cards=6, known="As"),
            ["--game", "shortdeck", "--trips-beat-straight", "--cards", "6", "--known", "As"],
        ),
    ],
)
def test_game_exact_matches_sim_exact(sim, kwargs, args):
    assert po.exact(**kwargs).to_dict() == sim.json("exact", *args)


@pytest.mark.parametrize(
    "players, kwargs, args",
    [
        (["AsAh", "KsKh"], dict(game="shortdeck"), ["--game", "shortdeck"]),
        (
            ["AK", "QQ"],
            dict(game="shortdeck", trips_beat_straight=True, rounds=200_000, seed=3),
            ["--game", "shortdeck", "--trips-beat-straight", "--rounds", "200000", "--seed", "3"],
        ),
        (["AsAhKsKh", "QdQcJdJc"], dict(game="omaha", exact=True), ["--game", "omaha", "--exact"]),
        (["AAxx", "KKxx:ds"], dict(game="omaha", rounds=200_000, seed=2), ["--game", "omaha", "--rounds", "200000", "--seed", "2"]),
        (["As2sKh3h", "AhQdJcTc"], dict(game="omaha-hilo", board="Ad5c7h"), ["--game", "omaha-hilo", "--board", "Ad5c7h"]),
        (
            ["AsKsQsJsTs9s", "random"],
            dict(game="omaha6-hilo", rounds=100_000, seed=9, threads=1),
            ["--game", "omaha6-hilo", "--rounds", "100000", "--seed", "9", "--threads", "1"],
        ),
        # Issue 55: hold'em hi/lo (two-card ranges) and Courchevel's one-card board.
        (["As2s", "KdKc", "7h6h"], dict(game="holdem-hilo", board="3h4h9c"), ["--game", "holdem-hilo", "--board", "3h4h9c"]),
        (
            ["A2s-A5s,KK", "random"],
            dict(game="holdem-hilo", rounds=100_000, seed=5),
            ["--game", "holdem-hilo", "--rounds", "100000", "--seed", "5"],
        ),
        (
            ["As2d3hKcQc", "Ah2c4d5sJs"],
            dict(game="courchevel-hilo", board="6c"),
            ["--game", "courchevel-hilo", "--board", "6c"],
        ),
    ],
)
def test_game_equity_matches_sim_equity(sim, players, kwargs, args):
    assert po.equity(players, **kwargs).to_dict() == sim.json("equity", *players, *args)


def test_omaha_threads_never_change_a_result():
    runs = [
        po.equity(["AAxx", "KKxx", "random"], game="omaha-hilo", rounds=300_000, seed=1, threads=t)
        for t in (1, 2, 3)
    ]
    for r in runs[1:]:
        assert r.to_dict() == runs[0].to_dict()
    assert runs[0].pot_units is not None and runs[0].high is not None


def test_omaha_hilo_results_pickle_with_their_columns():
    import pickle

    r = po.equity(["As2sKh3h", "AhQdJcTc"], game="omaha-hilo", board="Ad5c7h")
    again = pickle.loads(pickle.dumps(r))
    assert again.to_dict() == r.to_dict()
    assert "scoop" in again.to_dict()["rows"][0]
    assert list(again.to_pandas().columns)[-1] == "units_per_pot"


@pytest.mark.parametrize(
    "players, kwargs, args",
    [
        (["AK,QQ", "JJ-99"], dict(board="Kd7c2s", bins=10, versus=True), ["--board", "Kd7c2s", "--bins", "10", "--versus"]),
        (["AKs", "QQ:0.5,JJ", "random"], dict(board="Qh7h2c9d"), ["--board", "Qh7h2c9d"]),
        (["AKs", "QQ:0.5,JJ"], dict(rounds=200_000, seed=3, threads=1), ["--rounds", "200k", "--seed", "3", "--threads", "1"]),
        (["AK", "TT"], dict(game="shortdeck", board="9h8h6c"), ["--game", "shortdeck", "--board", "9h8h6c"]),
        (["AhKh,QQ", "JJ,T9s"], dict(board="Kd7c2s", opponents=1, versus=True, rounds=100_000, seed=2), ["--board", "Kd7c2s", "--opponents", "1", "--versus", "--rounds", "100k", "--seed", "2"]),
    ],
)
def test_distribution_matches_sim_equity_distribution(sim, players, kwargs, args):
    ours = po.distribution(players, **kwargs)
    theirs = sim.json("equity", *players, *args, "--distribution")
    assert ours.to_dict() == theirs
    df = ours.to_pandas()
    assert sorted(df.columns) == sorted(theirs["rows"][0])
    assert list(df.columns[:6]) == ["game", "board", "player", "range", "level", "against"]
    assert len(df) == len(theirs["rows"])
    # The mean of each curve is the player's equity, as the summary row says.
    for seat in sorted(set(ours.player.tolist())):
        curve = df[(df.player == seat) & (df.level == "curve")]
        summary = df[(df.player == seat) & (df.level == "summary")].iloc[0]
        assert abs((curve.share * curve.equity).sum() - summary.equity) < 1e-12
    versus = df.level.str.startswith("versus")
    assert df[~versus].against.isna().all() and df[versus].against.notna().all()


@pytest.mark.parametrize(
    "call, args",
    [
        (lambda: po.distribution(["AK", "QQ"], bins=0), ["equity", "AK", "QQ", "--distribution", "--bins", "0"]),
        (lambda: po.distribution(["AsKsQdJd", "random"], game="omaha"), ["equity", "AsKsQdJd", "random", "--game", "omaha", "--distribution"]),
    ],
)
def test_distribution_refuses_as_sim_does(sim, call, args):
    with pytest.raises(ValueError) as raised:
        call()
    assert str(raised.value) == sim.error(*args)


@pytest.mark.parametrize("bins", [-5, -1, 0])
def test_too_few_bins_name_the_real_bound(sim, bins):
    # `sim --bins -5` is refused by the argument parser; 0 is its smallest number, and Python
    # states the same bound for every value below it.
    with pytest.raises(ValueError) as raised:
        po.distribution(["AK", "QQ"], bins=bins)
    assert str(raised.value) == "--bins must be at least 1"
    assert str(raised.value) == sim.error("equity", "AK", "QQ", "--distribution", "--bins", "0")
