"""The draw games from Python: the numbers, parameters and refusals of `sim equity --game
lowball-27|triple-draw-27|badugi…`, with `draws=` and `pat=` as `--draws` and `--pat`."""

import pytest

import pokerodds as po


@pytest.mark.parametrize(
    "players, kwargs, args",
    [
        (["7c5d4h3s", "9c8d6h4s2c"], dict(game="lowball-27"), ["--game", "lowball-27"]),
        (
            ["AsAdKc", "QhQsQd7c"],
            dict(game="draw5", dead="Kd 7h"),
            ["--game", "draw5", "--dead", "Kd 7h"],
        ),
        (
            ["7c5d3h", "random", "8h6c"],
            dict(game="triple-draw-27", draws=3, pat="8,T,9", rounds=100_000, seed=2, threads=1),
            ["--game", "triple-draw-27", "--draws", "3", "--pat", "8,T,9",
             "--rounds", "100000", "--seed", "2", "--threads", "1"],
        ),
        (["As2d3c", "4s5d6c"], dict(game="badugi"), ["--game", "badugi"]),
    ],
)
def test_draw_equity_matches_sim_equity(sim, players, kwargs, args):
    assert po.equity(players, **kwargs).to_dict() == sim.json("equity", *players, *args)


def test_draw_refusals_carry_sims_messages():
    with pytest.raises(ValueError, match="keeps 6 cards; a 2-7 lowball hand has 5"):
        po.equity(["7c5d2h3s4c9d", "random"], game="lowball-27")
    with pytest.raises(ValueError, match="--draws 2: 2-7 lowball has one draw, not 2"):
        po.equity(["7c", "8h"], game="lowball-27", draws=2)
    with pytest.raises(ValueError, match="--pat '9': five-card draw is played for high"):
        po.equity(["AsAd", "KcKd"], game="draw5", pat="9")
    with pytest.raises(ValueError, match="--draws takes"):
        po.equity(["Ac", "2d"], game="badugi", draws="three")
    assert "badugi" in po.GAMES


def test_the_games_own_options_come_from_the_game_list():
    assert po.GAME_OPTIONS["equity"] == ("draws", "pat")
    assert po.GAME_OPTIONS["hits"] == ()
    r = po.equity(["7c5d3h", "random"], game="triple-draw-27", draws=3, pat="8",
                  rounds=10_000, seed=2, threads=1)
    assert r.options == {"draws": 3, "pat": "8,8"}
    assert (r.draws, r.pat) == (3, "8,8")
    one = po.equity(["7c5d4h3s", "9c8d6h4s2c"], game="lowball-27")
    assert (one.options, one.draws, one.pat) == ({"draws": 1}, 1, None)
    holdem = po.equity(["AsAh", "KsKh"])
    assert (holdem.options, holdem.draws) == ({}, None)
    with pytest.raises(AttributeError):
        holdem.drws
    with pytest.raises(ValueError, match="--pat is taken by draw5, .* and badugi only, not holdem"):
        po.equity(["AsAh", "KsKh"], pat="9")
    with pytest.raises(TypeError, match="unexpected keyword argument 'drws'"):
        po.equity(["Ac", "2d"], game="badugi", drws=3)
    with pytest.raises(ValueError, match="--draws takes a whole number or text, not 2.5"):
        po.equity(["Ac", "2d"], game="badugi", draws=2.5)


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (
            dict(game="lowball-27", known="7c5d4h", dead="2c", rounds=100_000, seed=4),
            ["--game", "lowball-27", "--known", "7c5d4h", "--dead", "2c",
             "--rounds", "100000", "--seed", "4"],
        ),
        (
            dict(game="badugi", known="As2d", rounds=100_000, seed=3),
            ["--game", "badugi", "--known", "As2d", "--rounds", "100000", "--seed", "3"],
        ),
    ],
)
def test_draw_odds_match_sim_odds(sim, kwargs, args):
    assert po.odds(**kwargs).to_dict() == sim.json("odds", *args)


def test_draw_exact_matches_sim_exact(sim):
    args = ["--game", "lowball-a5", "--known", "Ac2d3h"]
    assert po.exact(game="lowball-a5", known="Ac2d3h").to_dict() == sim.json("exact", *args)


DRAW_RANGES = ["7c5d4h3s,7c5d4h,8s6h4c3d:0.5", "9c8d6h4s2c,Th9h"]


def test_draw_ranges_match_sims_breakdown_distribution_and_calling_range(sim):
    args = ["--game", "lowball-27"]
    assert po.equity(DRAW_RANGES, game="lowball-27").to_dict() == sim.json(
        "equity", *DRAW_RANGES, *args
    )

    assert po.breakdown(DRAW_RANGES, game="lowball-27").to_dict() == sim.json(
        "equity", *DRAW_RANGES, *args, "--breakdown"
    )
    assert po.distribution(DRAW_RANGES, game="lowball-27", versus=True).to_dict() == sim.json(
        "equity", *DRAW_RANGES, *args, "--distribution", "--versus"
    )
    assert po.calling_range(DRAW_RANGES, game="lowball-27", pot=1, call=1).to_dict() == sim.json(
        "equity", *DRAW_RANGES, *args, "--calling-range", "--pot", "1", "--call", "1"
    )
    # More draws, sampled: the options reach every view and its document.
    more = ["--game", "triple-draw-27", "--draws", "3", "--pat", "8", "--rounds", "20000",
            "--seed", "4", "--threads", "1"]
    kw = dict(game="triple-draw-27", draws=3, pat="8", rounds=20_000, seed=4, threads=1)
    b = po.breakdown(DRAW_RANGES, **kw)
    assert b.to_dict() == sim.json("equity", *DRAW_RANGES, *more, "--breakdown")
    assert (b.draws, b.pat) == (3, "8,8")
    with pytest.raises(ValueError, match="range '7c5d,8c6d' is empty"):
        po.equity(["7c5d,8c6d", "7c8c"], game="lowball-27")


def test_tables_after_more_draws_match_sim(sim):
    args = ["--game", "triple-draw-27", "--known", "7c5d4h3s", "--draws", "3", "--pat", "9"]
    t = po.exact(known="7c5d4h3s", game="triple-draw-27", draws=3, pat="9")
    assert t.to_dict() == sim.json("exact", *args)
    assert t.options == {"draws": 3, "pat": "9"}
    o = po.odds(known="7c5d4h3s", game="triple-draw-27", draws=3, rounds=20_000, seed=1,
                threads=1)
    assert o.to_dict() == sim.json("odds", *args[:-2], "--rounds", "20000", "--seed", "1",
                                   "--threads", "1")
    with pytest.raises(ValueError, match="--draws is taken by draw5, .* not holdem"):
        po.odds(known="AsAh", game="holdem", draws=2)
