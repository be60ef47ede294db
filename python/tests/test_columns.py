"""Each result table's columns are defined once, in the Rust request layer, and read from the
extension's catalog (`_core.TABLES`): the attributes, `to_dict()` rows and `to_pandas()` frames
all follow the list, in `sim`'s CSV column order."""

import dataclasses
import keyword
import subprocess
from typing import Optional

import numpy as np
import pytest

import pokerodds as po
from pokerodds._table import (
    COUNTS,
    NAN_NULL,
    NUMBERS,
    TEXT,
    ZERO_NULL,
    Column,
    _Table,
    constant,
    table_class,
)

RESULTS = [
    po.OddsTable,
    po.ExactTable,
    po.EquityResult,
    po.HitsTable,
    po.BreakdownResult,
    po.DistributionResult,
    po.StreetsResult,
    po.RunoutsResult,
    po.CallingRangeResult,
    po.RankTable,
    po.OmahaRankTable,
    po.OmahaHiloRankTable,
    po.StudRankTable,
    po.DrawRankTable,
    po.QueryResult,
]


@pytest.mark.parametrize("cls", RESULTS, ids=lambda c: c.__name__)
def test_every_column_is_defined_once_with_a_doc(cls):
    names = [c.name for c in cls._columns]
    attributes = [c.attribute for c in cls._columns]
    assert len(set(names)) == len(names)
    assert len(set(attributes)) == len(attributes)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    for c in cls._columns:
        assert c.doc
        assert c.attribute.isidentifier() and not keyword.iskeyword(c.attribute)
        if c.row is None:
            assert fields[c.attribute].metadata["doc"] == c.doc
            assert (fields[c.attribute].default is None) == c.optional
        else:
            assert isinstance(getattr(cls, c.attribute), property)


CATALOG_NAMES = {
    po.OddsTable: "odds",
    po.ExactTable: "exact",
    po.EquityResult: "equity",
    po.HitsTable: "hits",
    po.BreakdownResult: "breakdown",
    po.DistributionResult: "distribution",
    po.StreetsResult: "streets",
    po.RunoutsResult: "runouts",
    po.CallingRangeResult: "calling_range",
    po.RankTable: "rank",
    po.OmahaRankTable: "rank_omaha",
    po.OmahaHiloRankTable: "rank_omaha_hilo",
    po.StudRankTable: "rank_stud",
    po.DrawRankTable: "rank_draw",
    po.QueryResult: "query",
}

# Catalog tables that no Python function returns: `sim query --functions`, the language's list
# of functions (the guide's query page has it). Each must be named here, so that a new table
# still fails the check below until it has its class or is listed.
WITHOUT_PYTHON = {"query_functions"}


@pytest.mark.parametrize("cls", RESULTS, ids=lambda c: c.__name__)
def test_the_columns_are_the_catalogs(cls):
    """No Python column list: each class's columns are the catalog's, in its order, with its
    words (a prefix column stands for the catalog's columns that start with its name)."""
    from pokerodds import _core

    catalog = _core.TABLES[CATALOG_NAMES[cls]]
    expected, seen_prefixes = [], set()
    prefixes = [c.name for c in cls._columns if c.prefix]
    for name, kind, doc, optional in catalog:
        prefix = next((p for p in prefixes if name.startswith(p)), None)
        if prefix is None:
            expected.append((name, doc, optional))
        elif prefix not in seen_prefixes:
            seen_prefixes.add(prefix)
            expected.append((prefix, doc, optional))
    got = [(c.name, c.doc, c.optional) for c in cls._columns]
    # The equity and breakdown classes keep their hi/lo (optional) columns last.
    assert sorted(got) == sorted(expected)
    assert [g for g in got if not g[2]] == [e for e in expected if not e[2]]
    assert set(_core.TABLES) == set(CATALOG_NAMES.values()) | WITHOUT_PYTHON


def _csv_header(sim_bin, *args):
    out = subprocess.run([sim_bin, *args], capture_output=True, text=True, check=True)
    return out.stdout.splitlines()[0].split(",")


@pytest.mark.parametrize(
    "call, args",
    [
        (lambda: po.odds(rounds=10_000, seed=1), ["odds", "--rounds", "10000", "--seed", "1"]),
        (lambda: po.exact(cards=5), ["exact", "--cards", "5"]),
        (lambda: po.equity(["AsAh", "KK"]), ["equity", "AsAh", "KK"]),
        (
            lambda: po.hits("AA,KK", board="Kh9h5c", combos=True, improve=True),
            ["hits", "AA,KK", "--board", "Kh9h5c", "--combos", "--improve"],
        ),
        (lambda: po.hits("AA,KK", board="Kh9h5c"), ["hits", "AA,KK", "--board", "Kh9h5c"]),
        (
            lambda: po.breakdown(["AKs", "QQ"], board="Qs7s2d"),
            ["equity", "AKs", "QQ", "--board", "Qs7s2d", "--breakdown"],
        ),
        (
            lambda: po.breakdown(["As2sKh3h", "AhQdJcTc"], game="omaha-hilo", board="Ad5c7h"),
            ["equity", "As2sKh3h", "AhQdJcTc", "--game", "omaha-hilo", "--board", "Ad5c7h",
             "--breakdown"],
        ),
        (
            lambda: po.calling_range(["QQ+,AK", "AhKh"], board="Kd7c2s", pot=100, call=50),
            ["equity", "QQ+,AK", "AhKh", "--board", "Kd7c2s", "--calling-range", "--pot", "100",
             "--call", "50"],
        ),
        (lambda: po.rank(top="5%-15%"), ["rank", "--top", "5%-15%"]),
        (
            lambda: po.distribution(["AK", "QQ"], board="Qs7s2d"),
            ["equity", "AK", "QQ", "--board", "Qs7s2d", "--distribution"],
        ),
        (
            lambda: po.streets(["AsKs", "QhQd"], board="Qs7s2d"),
            ["equity", "AsKs", "QhQd", "--board", "Qs7s2d", "--streets"],
        ),
        (
            lambda: po.streets(["As2sKh3h", "AhQdJcTc"], game="omaha-hilo", board="Ad5c7h"),
            ["equity", "As2sKh3h", "AhQdJcTc", "--game", "omaha-hilo", "--board", "Ad5c7h",
             "--streets"],
        ),
    ],
)
def test_tables_have_the_columns_of_sims_csv_in_its_order(sim_bin, call, args):
    result = call()
    header = _csv_header(sim_bin, *args)
    assert list(result.to_pandas().columns) == header
    assert list(result.to_dict()["rows"][0]) == header


def test_hilo_equity_keeps_its_columns_after_the_counts(sim_bin):
    # sim's CSV puts high, low and scoop after std_error; the Python table has always put the
    # six hi/lo columns last (to_dict equals sim's JSON, whose keys are sorted, either way).
    r = po.equity(["As2sKh3h", "AhQdJcTc"], game="omaha-hilo", board="Ad5c7h")
    header = _csv_header(
        sim_bin, "equity", "As2sKh3h", "AhQdJcTc", "--game", "omaha-hilo", "--board", "Ad5c7h"
    )
    columns = list(r.to_pandas().columns)
    assert sorted(columns) == sorted(header)
    assert columns[-6:] == ["high", "low", "scoop", "scoops", "pot_units", "units_per_pot"]


@pytest.mark.parametrize("cls", RESULTS, ids=lambda c: c.__name__)
def test_constants_are_left_out_of_the_repr(cls):
    for f in dataclasses.fields(cls):
        assert f.repr == (not f.metadata.get("constant", False))


# A table made from a column list alone: every kind, an optional column, a run parameter.
@table_class(
    Column("name", TEXT, "a name"),
    Column("seat", ZERO_NULL, "a seat, 0 for none"),
    Column("n", COUNTS, "a count"),
    Column("x", NAN_NULL, "a value, NaN for none"),
    Column("extra", NUMBERS, "only in some games", optional=True),
    Column("both", TEXT, "the run's game on every row", attr="game_column",
           row=lambda r: r.game or "holdem"),
    optional_after="game",
)
class _Toy(_Table):
    """A toy table."""

    dead: str
    game: Optional[str] = None
    seed: Optional[int] = None
    command: str = constant("toy")

    _meta = ("command", "game", "dead")


def _toy(**columns):
    base = {"name": ["a", "b"], "seat": np.array([0, 2], dtype=np.uint64), "n": [1, 2**64],
            "x": np.array([0.5, np.nan])}
    base.update(columns)
    return _Toy._from_core({"columns": base, "meta": {"command": "toy", "dead": "", "seed": 3}})


def test_a_column_list_makes_the_fields_the_rows_and_the_frame():
    assert [f.name for f in dataclasses.fields(_Toy)] == [
        "name", "seat", "n", "x", "dead", "game", "extra", "seed", "command",
    ]
    t = _toy()
    assert t.name == ("a", "b") and t.extra is None and t.seed == 3 and t.game is None
    assert t.n.dtype == object and t.n.tolist() == [1, 2**64]
    assert t.game_column == ("holdem", "holdem") and len(t) == 2
    assert repr(t).startswith("_Toy(name=('a', 'b'), seat=array([0, 2], dtype=uint64)")
    assert "command" not in repr(t)
    assert t.to_dict() == {
        "command": "toy",
        "dead": "",
        "rows": [
            {"name": "a", "seat": None, "n": 1, "x": 0.5, "both": "holdem"},
            {"name": "b", "seat": 2, "n": 2**64, "x": None, "both": "holdem"},
        ],
    }
    with_extra = _toy(extra=np.array([1.0, 2.0]), n=[1, 2])
    assert with_extra.n.dtype == np.uint64
    assert list(with_extra.to_dict()["rows"][0]) == ["name", "seat", "n", "x", "extra", "both"]
    pd = pytest.importorskip("pandas")
    frame = with_extra.to_pandas()
    assert list(frame.columns) == ["name", "seat", "n", "x", "extra", "both"]
    assert str(frame.seat.dtype) == "Int64" and frame.seat.isna().tolist() == [True, False]
    assert np.isnan(frame.x[1]) and isinstance(frame, pd.DataFrame)


def test_a_column_list_refuses_a_name_given_twice():
    class Body(_Table):
        dead: str

    with pytest.raises(TypeError, match="dead named twice"):
        table_class(Column("dead", TEXT, "the dead cards again"))(Body)
    with pytest.raises(TypeError, match="x named twice"):
        table_class(Column("x", NUMBERS, "x"), Column("x", TEXT, "x again"))(Body)
