"""`pokerodds.hits` gives the table of `sim hits`: the JSON document equal, the CSV's cells
equal as `sim` writes them, refusals with `sim`'s messages."""

import csv
import io
import subprocess

import numpy as np
import pytest

import pokerodds as po

CASES = [
    ("random", dict(board="Ks9h5h"), ["--board", "Ks9h5h"]),
    (
        "22+,A2s+,KTo+,T9s:0.5,65s:0.25",
        dict(board="Th9h8c2d", dead="Ac", combos=True),
        ["--board", "Th9h8c2d", "--dead", "Ac", "--combos"],
    ),
    (
        "AA,KK:0.5,AKs,T9s,87s",
        dict(board="Kh9h5c", combos=True, improve=True),
        ["--board", "Kh9h5c", "--combos", "--improve"],
    ),
    (
        "random",
        dict(board="Ts9h6h", game="shortdeck", trips_beat_straight=True, improve=True),
        ["--board", "Ts9h6h", "--game", "shortdeck", "--trips-beat-straight", "--improve"],
    ),
    ("QQ+,AK", dict(board="Qh Jh 2c 7d 3s", improve=True), ["--board", "Qh Jh 2c 7d 3s", "--improve"]),
    (
        "A2,A3,A5s,35s,KK:0.5",
        dict(board="4h7d2c", game="holdem-hilo", combos=True, improve=True),
        ["--board", "4h7d2c", "--game", "holdem-hilo", "--combos", "--improve"],
    ),
]


def test_holdem_hilo_adds_the_low_rows_to_holdems():
    high = po.hits("A2,A3,A5s,35s,KK", board="4h7d2c", improve=True)
    both = po.hits("A2,A3,A5s,35s,KK", board="4h7d2c", game="holdem-hilo", improve=True)
    n = len(high.class_)
    assert list(both.class_[:n]) == list(high.class_)
    assert both.combos[:n].tolist() == high.combos.tolist()
    low = {c: int(k) for c, k, kind in zip(both.class_, both.combos, both.kind) if kind == "low"}
    assert low == {"nut_low": 16, "non_nut_low": 8, "no_low": 18}
    assert set(both.river) - set(high.river) == {"river_low", "river_nut_low"}
    assert float(both.river["river_low"][0]) == pytest.approx(0.755385225320470, abs=1e-15)


@pytest.mark.parametrize("range_, kwargs, args", CASES)
def test_hits_matches_sim_hits_json(sim, range_, kwargs, args):
    assert po.hits(range_, **kwargs).to_dict() == sim.json("hits", range_, *args)


def _cell(value):
    """A value as `sim`'s CSV writes it: shares with 15 decimals, weighted combos with 3."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    raise TypeError(value)


@pytest.mark.parametrize("range_, kwargs, args", CASES)
def test_hits_matches_sim_hits_csv_cells(sim_bin, range_, kwargs, args):
    out = subprocess.run([sim_bin, "hits", range_, *args], capture_output=True, text=True, check=True)
    rows = list(csv.reader(io.StringIO(out.stdout)))
    frame = po.hits(range_, **kwargs).to_pandas()
    assert rows[0] == list(frame.columns)
    for record, (_, row) in zip(rows[1:], frame.iterrows()):
        ours = []
        for name, value in row.items():
            if name == "weighted_combos":
                ours.append(f"{value:.3f}")
            elif name == "share" or name.startswith("river_"):
                ours.append("" if value is None else f"{value:.15f}")
            else:
                ours.append(_cell(value))
        assert ours == record
    assert len(rows) - 1 == len(frame)


def test_columns_are_numpy_and_made_rows_add_up():
    t = po.hits("QQ+,AKs:0.5", board="Kd7c2h", improve=True)
    assert t.combos.dtype == np.uint64 and t.share.dtype == np.float64
    made = np.array([k == "made" for k in t.kind])
    assert int(t.combos[made].sum()) == int(t.combos[0])
    assert t.share[made].sum() == pytest.approx(1.0, abs=1e-12)
    # Empty classes have no river probabilities; the others add up to one.
    river = np.array([t.river[name] for name in t.river], dtype=object).T
    for combos, probabilities in zip(t.combos, river):
        if combos == 0:
            assert all(p is None for p in probabilities)
        else:
            assert sum(probabilities) == pytest.approx(1.0, abs=1e-12)


_ALL_BUT_ACES_AND_BOARD = ",".join(
    rank + suit
    for rank in "23456789TJQKA"
    for suit in "cdhs"
    if rank + suit not in {"Ac", "Ad", "Kh", "9h", "5c"}
)


@pytest.mark.parametrize(
    "kwargs, args",
    [
        (dict(range="random", board="Ks9h"), ["random", "--board", "Ks9h"]),
        (dict(range="random", board="Ks9h5h", game="omaha"), ["random", "--board", "Ks9h5h", "--game", "omaha"]),
        (dict(range="AhKh", board="Ks9h5h", dead="Kh"), ["AhKh", "--board", "Ks9h5h", "--dead", "Kh"]),
        (dict(range="AhKh", board="Ks9h5x"), ["AhKh", "--board", "Ks9h5x"]),
        (dict(range="A5s", board="Ks9h8h", game="shortdeck"), ["A5s", "--board", "Ks9h8h", "--game", "shortdeck"]),
        (dict(range="Q", board="Ks9h5h"), ["Q", "--board", "Ks9h5h"]),
        (
            dict(range="KK", board="Ks9h5h", trips_beat_straight=True),
            ["KK", "--board", "Ks9h5h", "--trips-beat-straight"],
        ),
        # No card left for the turn and river once everything but AcAd and the board is dead.
        (
            dict(range="AA", board="Kh9h5c", dead=_ALL_BUT_ACES_AND_BOARD, improve=True),
            ["AA", "--board", "Kh9h5c", "--dead", _ALL_BUT_ACES_AND_BOARD, "--improve"],
        ),
    ],
)
def test_refusals_carry_sims_messages(sim, kwargs, args):
    with pytest.raises(ValueError) as caught:
        po.hits(**kwargs)
    assert str(caught.value) == sim.error("hits", *args)
