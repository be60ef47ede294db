"""``dead=`` on the board games' ``odds`` and ``exact`` (hold'em, short deck, Omaha's odds): the
package gives the numbers of ``sim ... --dead`` (the JSON documents equal, floats exactly) and
refuses what ``sim`` refuses, with its message."""

import pytest

import pokerodds as po


def _all_but(kept: str) -> str:
    """Every card of the deck but those of ``kept``."""
    cards = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    return "".join(c for c in cards if c not in kept)


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (
            dict(known="AsKs", dead="QsJsTs2c", rounds=1_000_000, seed=9),
            ["--known", "AsKs", "--dead", "QsJsTs2c", "--rounds", "1M", "--seed", "9"],
        ),
        (
            dict(game="shortdeck", cards=6, known="9h", dead="Th Jh", rounds=500_000, seed=10, threads=1),
            ["--game", "shortdeck", "--cards", "6", "--known", "9h", "--dead", "Th Jh", "--rounds", "500000", "--seed", "10", "--threads", "1"],
        ),
        (
            dict(game="omaha", known="AsKsQdJd", dead="TsTd", rounds=300_000, seed=11),
            ["--game", "omaha", "--known", "AsKsQdJd", "--dead", "TsTd", "--rounds", "300000", "--seed", "11"],
        ),
    ],
)
def test_odds_with_dead_cards_match_sim_odds(sim, kwargs, args):
    ours = po.odds(**kwargs)
    assert ours.dead == kwargs["dead"].replace(" ", "")
    assert ours.to_dict() == sim.json("odds", "--quiet", *args)


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (dict(cards=5, known="Ah", dead="AcAd2h"), ["--cards", "5", "--known", "Ah", "--dead", "AcAd2h"]),
        (dict(cards=5, dead="2c"), ["--cards", "5", "--dead", "2c"]),
        (
            dict(game="shortdeck", known="9h", dead="ThJhTsTc8d"),
            ["--game", "shortdeck", "--known", "9h", "--dead", "ThJhTsTc8d"],
        ),
    ],
)
def test_exact_with_dead_cards_matches_sim_exact(sim, kwargs, args):
    ours = po.exact(**kwargs)
    assert ours.method == "enumerate"
    assert ours.to_dict() == sim.json("exact", *args)


@pytest.mark.parametrize(
    "call, args",
    [
        (lambda: po.odds(known="AsKs", dead="As"), ["odds", "--known", "AsKs", "--dead", "As"]),
        (lambda: po.exact(dead="2c2c"), ["exact", "--dead", "2c2c"]),
        (lambda: po.odds(dead="Xx"), ["odds", "--dead", "Xx"]),
        (lambda: po.exact(game="shortdeck", dead="5h"), ["exact", "--game", "shortdeck", "--dead", "5h"]),
        (
            lambda: po.exact(cards=5, known="AsKsQsJs", dead=_all_but("AsKsQsJs")),
            ["exact", "--cards", "5", "--known", "AsKsQsJs", "--dead", _all_but("AsKsQsJs")],
        ),
        (lambda: po.odds(game="omaha", known="AsKs", dead="Ks"), ["odds", "--game", "omaha", "--known", "AsKs", "--dead", "Ks"]),
        (lambda: po.exact(dead="2c", method="combinatorial"), ["exact", "--dead", "2c", "--method", "combinatorial"]),
    ],
)
def test_dead_card_refusals_carry_sims_messages(sim, call, args):
    with pytest.raises(ValueError) as raised:
        call()
    assert str(raised.value) == sim.error(*args)
