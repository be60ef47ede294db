"""`pokerodds.streets` gives the rows of `sim equity --streets`: `to_dict()` equals the JSON
document (floats compared exactly), and it refuses what `sim` refuses with the same message."""

import pytest

import pokerodds as po


@pytest.mark.parametrize(
    "players, kwargs, args",
    [
        (["AsKs", "QQ"], dict(board="Qh7s2dKc3s"), ["--board", "Qh7s2dKc3s"]),
        (
            ["AsKs", "QhQd"],
            dict(board="Qs7s2d", next_cards=True),
            ["--board", "Qs7s2d", "--next-cards"],
        ),
        (
            ["AKs:0.5,QhQd", "JJ"],
            dict(board="Kd7c2s5h", dead="Ah"),
            ["--board", "Kd7c2s5h", "--dead", "Ah"],
        ),
        (
            ["AhKh", "QQ+,AKs"],
            dict(board="Qh7h2c", rounds=20_000, seed=9, next_cards=True, threads=1),
            ["--board", "Qh7h2c", "--rounds", "20k", "--seed", "9", "--next-cards", "--threads", "1"],
        ),
        (
            ["AK", "TT"],
            dict(game="shortdeck", board="9h8h6cJd"),
            ["--game", "shortdeck", "--board", "9h8h6cJd"],
        ),
        (
            ["AsAhKsKh", "JdTd9c8c"],
            dict(game="omaha", board="Qh7s2d", next_cards=True),
            ["--game", "omaha", "--board", "Qh7s2d", "--next-cards"],
        ),
        (
            ["As2sKdQd", "AAxx:ds", "random"],
            dict(game="omaha-hilo", board="Qh7h2d8c", rounds=5_000, seed=3),
            ["--game", "omaha-hilo", "--board", "Qh7h2d8c", "--rounds", "5k", "--seed", "3"],
        ),
        # Courchevel from its exposed card: the next street is every pair completing the flop.
        (
            ["AsAdKsKd2c", "JhTh9c8c7d"],
            dict(game="courchevel", board="Qh"),
            ["--game", "courchevel", "--board", "Qh"],
        ),
    ],
)
def test_streets_match_sim_equity_streets(sim, players, kwargs, args):
    ours = po.streets(players, **kwargs)
    theirs = sim.json("equity", *players, *args, "--streets")
    assert ours.to_dict() == theirs
    df = ours.to_pandas()
    assert sorted(df.columns) == sorted(theirs["rows"][0])
    assert list(df.columns[:4]) == ["level", "street", "board", "next"]
    assert len(df) == len(theirs["rows"])


def test_the_next_street_averages_to_the_current_equity():
    s = po.streets(["AsKs", "QhQd"], board="Qs7s2d", next_cards=True)
    assert s.exact
    df = s.to_pandas()
    now = df[(df.level == "street") & (df.street == "flop")].set_index("player")
    spread = df[df.level == "next"].set_index("player")
    cards = df[df.level == "card"]
    for player in (1, 2):
        mine = cards[cards.player == player]
        mean = float((mine.probability * mine.equity).sum())
        assert mean == pytest.approx(now.equity[player], abs=1e-12)
        assert spread.equity[player] == pytest.approx(now.equity[player], abs=1e-14)


@pytest.mark.parametrize(
    "players, kwargs, args",
    [
        (["AsKsQdJd", "random"], dict(game="omaha"), ["--game", "omaha"]),
        (["AK", "random"], dict(), []),
        (["AsKsQs", "2h3h4h"], dict(game="stud"), ["--game", "stud"]),
    ],
)
def test_streets_refuse_what_sim_refuses(sim, players, kwargs, args):
    message = sim.error("equity", *players, *args, "--streets")
    with pytest.raises(ValueError) as e:
        po.streets(players, **kwargs)
    assert str(e.value) == message
