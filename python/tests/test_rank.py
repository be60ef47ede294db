"""pokerodds.rank: the table of ``sim rank`` (one hand, a percentage span, every class; both
games), and its refusals in sim's words."""

import json
import subprocess

import pytest

import pokerodds as po


def _sim_json(sim_bin, *args):
    out = subprocess.run([sim_bin, "rank", *args, "--format", "json"], capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (dict(hand="AJo"), ["AJo"]),
        (dict(hand="AhJd"), ["AhJd"]),
        (dict(top="15%"), ["--top", "15%"]),
        (dict(top="5%-15%", game="shortdeck"), ["--top", "5%-15%", "--game", "shortdeck"]),
        (dict(), []),
        (dict(game="shortdeck"), ["--game", "shortdeck"]),
        (dict(top="10%", ranking="vs5"), ["--top", "10%", "--ranking", "vs5"]),
        (dict(hand="T9s", ranking="vs7", game="shortdeck"),
         ["T9s", "--ranking", "vs7", "--game", "shortdeck"]),
    ],
)
def test_same_document_as_the_cli(sim_bin, kwargs, args):
    assert po.rank(**kwargs).to_dict() == _sim_json(sim_bin, *args)


def test_the_whole_ranking_is_the_shipped_file():
    table = po.rank()
    assert len(table.class_) == 169
    assert table.class_[0] == "AA" and table.rank.tolist() == list(range(1, 170))
    assert table.cumulative_combos[-1] == 1326 and table.percentile[-1] == pytest.approx(100)
    frame = table.to_pandas()
    assert frame.loc[frame["class"] == "72o", "rank"].item() == 165


def _refusal(sim_bin, args):
    out = subprocess.run([sim_bin, "rank", *args], capture_output=True, text=True)
    assert out.returncode == 2
    return out.stderr.strip().removeprefix("sim: ")


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (dict(hand="AK"), ["AK"]),
        (dict(hand="72o", game="shortdeck"), ["72o", "--game", "shortdeck"]),
        (dict(top="0%"), ["--top", "0%"]),
        (dict(top="101%"), ["--top", "101%"]),
        (dict(top="5%-3%"), ["--top", "5%-3%"]),
        (dict(ranking="vs10"), ["--ranking", "vs10"]),
        (dict(ranking="vs8", game="shortdeck"), ["--ranking", "vs8", "--game", "shortdeck"]),
    ],
)
def test_refusals_are_sims_messages(sim_bin, kwargs, args):
    with pytest.raises(ValueError) as error:
        po.rank(**kwargs)
    assert str(error.value) == _refusal(sim_bin, args)


def test_bad_rank_asks_are_refused():
    with pytest.raises(ValueError, match="six distinct cards"):
        po.rank(hand="AAKK", game="omaha6-hilo")
    with pytest.raises(ValueError, match="four distinct cards"):
        po.rank(hand="AAKK", game="omaha")
    with pytest.raises(ValueError, match="--game"):
        po.rank(game="chess")
    with pytest.raises(ValueError, match="HAND takes text"):
        po.rank(hand=15)
    with pytest.raises(ValueError, match="not both"):
        po.rank(hand="AA", top="5%")


def test_named_rankings_read_percentages_in_ranges(sim_bin):
    """``ranking=`` reads ``10%`` by equity against that many random hands, in the equity and
    hits functions as in ``sim``: the same documents, and T9s inside the top 10 % only against
    eight."""
    hits = po.hits("10%", board="2c3d4h", combos=True, ranking="vs8")
    out = subprocess.run([sim_bin, "hits", "10%", "--board", "2c3d4h", "--combos", "--ranking",
                          "vs8", "--format", "json"], capture_output=True, text=True, check=True)
    assert hits.to_dict() == json.loads(out.stdout)
    assert "Ts9s" in "".join(hits.hands) and "Ts9s" not in "".join(
        po.hits("10%", board="2c3d4h", combos=True).hands)
    result = po.equity(["10%", "AhAd"], rounds=10_000, seed=1, ranking="vs8")
    out = subprocess.run([sim_bin, "equity", "10%", "AhAd", "--rounds", "10k", "--seed", "1",
                          "--ranking", "vs8", "--format", "json"], capture_output=True,
                         text=True, check=True)
    assert result.to_dict() == json.loads(out.stdout)
    assert result.ranking == "vs8"


def test_omaha_classes_are_ranked_as_sim_ranks_them(sim_bin):
    """``game="omaha"``: the four-card classes, any hand of a class naming it, with the counts;
    the same document as ``sim rank --game omaha --format json``."""
    table = po.rank("KdKcQdJc", game="omaha")
    assert isinstance(table, po.OmahaRankTable)
    assert list(table.class_) == ["KsKhQsJh"]
    assert int(table.rounds[0]) == 6_586_138
    out = subprocess.run([sim_bin, "rank", "KdKcQdJc", "--game", "omaha", "--format", "json"],
                         capture_output=True, text=True, check=True)
    assert table.to_dict() == json.loads(out.stdout)
    top = po.rank(top="1%", game="omaha")
    assert float(top.percentile[-1]) > 0.9 and len(top.class_) > 100


def test_five_card_omaha_is_ranked_and_reads_percentages(sim_bin):
    """``game="omaha5"`` and ``"omaha5-hilo"`` (and Courchevel, which reads their rankings):
    the 134,459 five-card classes, as ``sim rank`` ranks them; ``5%:ds`` is a range of the
    five-card games, as ``sim equity`` reads it."""
    for game in ["omaha5", "omaha5-hilo", "courchevel", "courchevel-hilo"]:
        table = po.rank("KdKcAdAcQh", game=game)
        assert isinstance(table, po.OmahaHiloRankTable if "hilo" in game else po.OmahaRankTable)
        assert list(table.class_) == ["AsAhKsKhQd"]
        out = subprocess.run([sim_bin, "rank", "KdKcAdAcQh", "--game", game, "--format", "json"],
                             capture_output=True, text=True, check=True)
        assert table.to_dict() == json.loads(out.stdout)
    result = po.equity(["5%:ds", "random"], game="omaha5", rounds=5_000, seed=4)
    out = subprocess.run([sim_bin, "equity", "--game", "omaha5", "5%:ds", "random",
                          "--rounds", "5000", "--seed", "4", "--format", "json"],
                         capture_output=True, text=True, check=True)
    assert result.to_dict() == json.loads(out.stdout)
    result = po.equity(["5%:ds", "random"], game="courchevel", board="7s", rounds=2_000, seed=4)
    out = subprocess.run([sim_bin, "equity", "--game", "courchevel", "5%:ds", "random",
                          "--board", "7s", "--rounds", "2000", "--seed", "4", "--format", "json"],
                         capture_output=True, text=True, check=True)
    assert result.to_dict() == json.loads(out.stdout)


def test_six_card_omaha_is_ranked_and_reads_percentages(sim_bin):
    """``game="omaha6"`` and ``"omaha6-hilo"``: the 962,988 six-card classes, as ``sim rank``
    ranks them; ``2%:ds`` is a range of the six-card games, as ``sim equity`` reads it."""
    for game in ["omaha6", "omaha6-hilo"]:
        table = po.rank("KdKcAdAcQhJh", game=game)
        assert isinstance(table, po.OmahaHiloRankTable if "hilo" in game else po.OmahaRankTable)
        assert list(table.class_) == ["AsAhKsKhQdJd"]
        out = subprocess.run([sim_bin, "rank", "KdKcAdAcQhJh", "--game", game,
                              "--format", "json"], capture_output=True, text=True, check=True)
        assert table.to_dict() == json.loads(out.stdout)
        result = po.equity(["2%:ds", "random"], game=game, rounds=2_000, seed=4)
        out = subprocess.run([sim_bin, "equity", "--game", game, "2%:ds", "random",
                              "--rounds", "2000", "--seed", "4", "--format", "json"],
                             capture_output=True, text=True, check=True)
        assert result.to_dict() == json.loads(out.stdout)


def test_holdem_hilo_is_ranked_by_pot_share(sim_bin):
    """``game="holdem-hilo"``: the 169 classes by Monte Carlo pot share, as ``sim rank`` writes
    them; ``15%`` is a hold'em hi/lo range, as ``sim equity`` reads it."""
    table = po.rank("A2s", game="holdem-hilo")
    assert list(table.class_) == ["A2s"]
    assert table.to_dict() == _sim_json(sim_bin, "A2s", "--game", "holdem-hilo")
    result = po.equity(["15%", "random"], game="holdem-hilo", rounds=5_000, seed=4)
    out = subprocess.run([sim_bin, "equity", "--game", "holdem-hilo", "15%", "random",
                          "--rounds", "5000", "--seed", "4", "--format", "json"],
                         capture_output=True, text=True, check=True)
    assert result.to_dict() == json.loads(out.stdout)


def test_stud_percentages_are_read_with_the_door_card(sim_bin):
    """``game="stud"``: ``(15%)Kd`` is read by stud's ranking of third-street starts with the
    door card, as ``sim`` reads it: the same document; without a door card, ``ValueError``."""
    result = po.equity(["(15%)Kd", "(5%-20%:0.5,AA)7h"], game="stud", rounds=5_000, seed=4)
    out = subprocess.run([sim_bin, "equity", "--game", "stud", "(15%)Kd", "(5%-20%:0.5,AA)7h",
                          "--rounds", "5000", "--seed", "4", "--format", "json"],
                         capture_output=True, text=True, check=True)
    assert result.to_dict() == json.loads(out.stdout)
    with pytest.raises(ValueError, match=r"write the down cards' range in parentheses"):
        po.equity(["15%", "random"], game="razz", rounds=1_000, seed=1)


def test_draw_games_rank_pat_hands_and_read_percentages(sim_bin):
    """A draw game's ranking of pat hands, exact, as ``sim rank`` writes it (a
    ``DrawRankTable``); a percentage in a draw range is its pat hands, as ``sim`` reads it;
    a bad span is ``ValueError`` in ``sim``'s words."""
    table = po.rank("7c5d4h3s2c", game="lowball-27")
    assert isinstance(table, po.DrawRankTable)
    assert table.to_dict() == _sim_json(sim_bin, "7c5d4h3s2c", "--game", "lowball-27")
    assert (table.class_[0], int(table.rank[0]), int(table.combos[0])) == ("75432o", 1, 1020)
    assert float(table.std_error[0]) == 0.0 and table.method == "exact"
    badugi = po.rank(top="1%", game="badugi")
    assert badugi.class_[0] == "432A"
    assert badugi.to_dict() == _sim_json(sim_bin, "--top", "1%", "--game", "badugi")
    result = po.equity(["7c2d", "0.05%:0.5,9c8d6h4s2c"], game="lowball-27")
    out = subprocess.run([sim_bin, "equity", "--game", "lowball-27", "7c2d",
                          "0.05%:0.5,9c8d6h4s2c", "--format", "json"],
                         capture_output=True, text=True, check=True)
    assert result.to_dict() == json.loads(out.stdout)
    with pytest.raises(ValueError, match=r"'5%-3%'"):
        po.equity(["7c2d", "5%-3%"], game="lowball-27")
    with pytest.raises(ValueError, match="counted exactly|five distinct cards"):
        po.rank(hand="AAKK", game="draw5")
