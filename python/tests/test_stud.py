"""The stud games from Python: the numbers and refusals of `sim equity|odds --game stud…`."""

import pytest

import pokerodds as po


@pytest.mark.parametrize(
    "players, kwargs, args",
    [
        (["AsAd9c5hJd", "8h9hThJh2s"], dict(game="stud"), ["--game", "stud"]),
        (
            ["As2d3c7h", "4h5h7s8c"],
            dict(game="stud-hilo", dead="6d6c"),
            ["--game", "stud-hilo", "--dead", "6d6c"],
        ),
        (
            ["(A2,A3,23:0.5)4c", "(random)Kd", "7h8h"],
            dict(game="razz", dead="7s", rounds=200_000, seed=5, threads=1),
            ["--game", "razz", "--dead", "7s", "--rounds", "200000", "--seed", "5", "--threads", "1"],
        ),
        (
            ["AsAhKd", "random"],
            dict(game="stud", rounds=200_000, seed=6, threads=1),
            ["--game", "stud", "--rounds", "200000", "--seed", "6", "--threads", "1"],
        ),
    ],
)
def test_stud_equity_matches_sim_equity(sim, players, kwargs, args):
    assert po.equity(players, **kwargs).to_dict() == sim.json("equity", *players, *args)


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (
            dict(game="razz", known="As2d", dead="3c", rounds=300_000, seed=4),
            ["--game", "razz", "--known", "As2d", "--dead", "3c", "--rounds", "300000", "--seed", "4"],
        ),
        (
            dict(game="stud", known="AsAh7d", dead="AcKd", rounds=300_000, seed=3),
            ["--game", "stud", "--known", "AsAh7d", "--dead", "AcKd", "--rounds", "300000", "--seed", "3"],
        ),
    ],
)
def test_stud_odds_match_sim_odds(sim, kwargs, args):
    assert po.odds(**kwargs).to_dict() == sim.json("odds", *args)


def test_a_stud_player_written_random_knows_no_card():
    random = po.equity(["AsAhKd", "random"], game="stud", rounds=200_000, seed=6)
    nothing = po.equity(["AsAhKd", ""], game="stud", rounds=200_000, seed=6)
    assert random.hand == ("AsAhKd", "random")
    assert nothing.hand == ("AsAhKd", "")
    assert random.wins.tolist() == nothing.wins.tolist()
    assert random.ties.tolist() == nothing.ties.tolist()


def test_stud_refusals_carry_sims_messages():
    with pytest.raises(ValueError, match="stud takes 2 to 8 players, got 1; add a hand"):
        po.equity(["AsAh"], game="stud")
    with pytest.raises(ValueError, match="--board is not used in razz"):
        po.equity(["As2d", "Kd"], game="razz", board="2c3c4c")
    with pytest.raises(ValueError, match="card Ah is given twice"):
        po.odds(known="AsAh", dead="Ah")
    assert "razz" in po.GAMES


def test_stud_exact_matches_sim_exact(sim):
    args = ["--game", "stud-hilo", "--known", "As2d3c", "--dead", "4h"]
    assert po.exact(game="stud-hilo", known="As2d3c", dead="4h").to_dict() == sim.json(
        "exact", *args
    )
    with pytest.raises(ValueError, match="card Ah is given twice"):
        po.exact(known="AsAh", dead="Ah")


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_stud_distributions_match_sim_equity_distribution(sim, game):
    players = ["(QQ+,AKs)Kd5c", "AhAd9c2s"]
    ours = po.distribution(players, game=game, rounds=100_000, seed=3, bins=10)
    theirs = sim.json(
        "equity", *players, "--game", game, "--distribution", "--rounds", "100k", "--seed", "3",
        "--bins", "10",
    )
    assert ours.to_dict() == theirs
    # Stud has no board: the run says whether the last card is shared, the rows' board is empty.
    assert ours.board is None and ours.shared_last_card is False
    assert set(ours.to_pandas().board) == {""}
    assert ours.to_pandas().player.tolist() == [r["player"] for r in theirs["rows"]]
