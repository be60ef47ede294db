"""`pokerodds.calling_range` gives `sim equity --calling-range`'s line, and refuses what `sim`
refuses with the same message."""

import pytest

import pokerodds as po


@pytest.mark.parametrize(
    "players, kwargs, args",
    [
        (
            ["QQ+,AK,JJ-99", "AhKh"],
            dict(board="Kd7c2s", pot=100, call=50),
            ["--board", "Kd7c2s", "--pot", "100", "--call", "50"],
        ),
        (
            ["AhAd", "22+,A2s+,KTo+,QJ", "9s8s"],
            dict(board="Kd7c2s5h", min_equity=0.25, seat=2),
            ["--board", "Kd7c2s5h", "--min-equity", "0.25", "--seat", "2"],
        ),
        (
            ["AA23,KKQQ:ds", "AsKs2h3h"],
            dict(game="omaha-hilo", board="4c7d9h", rounds=20_000, seed=3, min_equity=0.4),
            ["--game", "omaha-hilo", "--board", "4c7d9h", "--rounds", "20k", "--seed", "3",
             "--min-equity", "0.4"],
        ),
        (
            ["(QQ+,AKs)Kd5c", "AhAd9c2s"],
            dict(game="stud", pot=3, call=1),
            ["--game", "stud", "--pot", "3", "--call", "1"],
        ),
    ],
)
def test_calling_range_matches_sim(sim, players, kwargs, args):
    ours = po.calling_range(players, **kwargs)
    theirs = sim.json("equity", *players, *args, "--calling-range")
    assert ours.to_dict() == theirs
    assert len(ours) == 1


def test_the_calling_hands_are_the_breakdown_rows_at_the_breakeven():
    players, board = ["QQ+,AK,JJ-99", "AhKh"], "Kd7c2s"
    r = po.calling_range(players, board=board, pot=100, call=50)
    b = po.breakdown(players, board=board).to_pandas()
    hands = b[(b.level == "hand") & (b.player == 1)]
    inside = hands[hands.equity >= 1 / 3]
    assert int(r.hands_in[0]) == len(inside)
    assert r.calling_hands[0] == "KK+,AK"
    again = po.breakdown([r.calling_hands[0], "AhKh"], board=board).to_pandas()
    back = again[(again.level == "hand") & (again.player == 1)]
    assert set(back.hand) == set(inside.hand)


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (dict(pot=0, call=5), ["--pot", "0", "--call", "5"]),
        (dict(pot=10, call=-5), ["--pot", "10", "--call", "-5"]),
        (dict(min_equity=1.5), ["--min-equity", "1.5"]),
        (dict(pot=10, call=5, min_equity=0.3),
         ["--pot", "10", "--call", "5", "--min-equity", "0.3"]),
        (dict(pot=10), ["--pot", "10"]),
        (dict(call=10), ["--call", "10"]),
        (dict(), []),
        (dict(seat=2, min_equity=0.3), ["--seat", "2", "--min-equity", "0.3"]),
        (dict(seat=3, min_equity=0.3), ["--seat", "3", "--min-equity", "0.3"]),
        (dict(seat=0, min_equity=0.3), ["--seat", "0", "--min-equity", "0.3"]),
    ],
)
def test_bad_calls_raise_sims_message(sim, kwargs, args):
    message = sim.error("equity", "QQ+", "AhKh", "--calling-range", *args)
    with pytest.raises(ValueError) as e:
        po.calling_range(["QQ+", "AhKh"], **kwargs)
    assert str(e.value) == message
