"""Starting hands by their rank: ``sim rank``."""

from __future__ import annotations

from typing import Optional

from . import _core
from ._checks import _game
from ._table import _Table, columns_of, constant, table_class


def _rank_table(name: str, table: str, method: str, doc: str) -> type:
    """The result class of one of ``sim rank``'s tables: the columns of ``table`` (``class``
    read as ``class_``), the run parameters every ranking shares, ``method`` the default of its
    ``method`` (``"exact"`` or ``"monte_carlo"``) and ``doc`` its documentation."""
    default_method = method

    class Table(_Table):
        method: str = default_method
        ranking: str = "vs1"
        hand: Optional[str] = None
        top: Optional[str] = None
        threads: int = 1
        game: Optional[str] = None
        command: str = constant("rank")

        _meta = ("command", "game", "hand", "method", "ranking", "top")

    Table.__name__ = Table.__qualname__ = name
    Table.__doc__ = doc
    Table.__module__ = __name__
    return table_class(*columns_of(table, attrs={"class": "class_"}))(Table)


#: The four tables of ``sim rank``, one definition: (class name, table name, default method,
#: documentation). The differences are these data; the columns come from the table's name.
_RANK_TABLES = (
    (
        "RankTable",
        "rank",
        "exact",
        """Starting-hand classes in one of their game's shipped rankings, as ``sim rank`` writes
    them: one row per class, strongest first, with its rank, its combos, its ``equity`` against
    the ranking's random hands (exact against one, ``vs1``; Monte Carlo against more) and that
    equity's ``std_error``, the combos of it and every class above it (``cumulative_combos``)
    and their share of all the game's combos in percent (``percentile``). ``class_`` is the
    ``class`` column (``to_dict`` and ``to_pandas`` name it ``class``).""",
    ),
    (
        "OmahaRankTable",
        "rank_omaha",
        "monte_carlo",
        """Four-card Omaha classes in the shipped Monte Carlo ranking, as ``sim rank --game
    omaha`` writes them: the columns of :class:`RankTable` (``class_`` a canonical hand such as
    ``AsAhKsKh``) and each class's integer counts against one random hand (``rounds``,
    ``wins``, ``ties``).""",
    ),
    (
        "OmahaHiloRankTable",
        "rank_omaha_hilo",
        "monte_carlo",
        """Four-card Omaha classes in the shipped Monte Carlo ranking of Omaha hi/lo by pot share,
    as ``sim rank --game omaha-hilo`` writes them: the columns of :class:`RankTable`
    (``class_`` a canonical hand such as ``AsAh3s2h``) and each class's integer counts against
    one random hand (``rounds``, ``pot_units`` in quarter pots, ``square_units``).""",
    ),
    (
        "StudRankTable",
        "rank_stud",
        "monte_carlo",
        """Third-street classes of stud, stud hi/lo or razz in the shipped Monte Carlo ranking, as
    ``sim rank --game stud`` writes them: the columns of :class:`RankTable` (``class_`` a
    canonical start such as ``AsAhKd``: two down cards and the door card, not told apart) and
    each class's integer counts against one random hand played to seventh street (``rounds``,
    ``pot_units`` in quarter pots, ``square_units``).""",
    ),
    (
        "DrawRankTable",
        "rank_draw",
        "exact",
        """Classes of pat hands of a draw game in its exact ranking, as ``sim rank --game
    lowball-27`` writes them: the columns of :class:`RankTable` (``class_`` a five-card rank
    class such as ``75432o``, ``75432s`` or ``77432``; badugi's the badugi's ranks, aces low,
    such as ``432A``) and each class's exact counts standing pat against every pat hand of the
    other cards (``showdowns``, ``wins``, ``pot_units`` in quarter pots).""",
    ),
)

#: Each table's class, by the table's name (``raw["table"]``).
_BY_TABLE = {
    table: _rank_table(name, table, method, doc) for name, table, method, doc in _RANK_TABLES
}

RankTable = _BY_TABLE["rank"]
OmahaRankTable = _BY_TABLE["rank_omaha"]
OmahaHiloRankTable = _BY_TABLE["rank_omaha_hilo"]
StudRankTable = _BY_TABLE["rank_stud"]
DrawRankTable = _BY_TABLE["rank_draw"]


def rank(
    hand: Optional[str] = None,
    top: Optional[str] = None,
    game: str = "holdem",
    trips_beat_straight: bool = False,
    ranking: Optional[str] = None,
) -> RankTable | OmahaRankTable | OmahaHiloRankTable | StudRankTable | DrawRankTable:
    """A starting hand's place in its game's ranking (``hand``: a class such as ``"AKs"`` or
    two cards such as ``"AhKh"``), the classes of a share of the combos (``top``: ``"15%"``, or
    ``"5%-15%"`` for those between), or with neither every class: the table of ``sim rank``.
    ``game``: ``"holdem"`` or ``"shortdeck"`` (ranked under the default rules, also used with
    ``trips_beat_straight``), ``"holdem-hilo"`` (the 169 classes by Monte Carlo pot share; its
    one ranking), or ``"omaha"`` (the 16,432 four-card classes, ``hand`` four cards
    such as ``"AsAhKsKh"``; an :class:`OmahaRankTable`), ``"omaha-hilo"`` (the same classes
    by hi/lo pot share; an :class:`OmahaHiloRankTable`), ``"omaha5"`` and ``"omaha5-hilo"``
    (the 134,459 five-card classes, ``hand`` five cards such as ``"AsAhKsKhQd"``; the same
    two tables; ``"courchevel"`` and ``"courchevel-hilo"`` read these two), ``"omaha6"`` and
    ``"omaha6-hilo"`` (the 962,988 six-card classes, ``hand`` six cards such as
    ``"AsAhKsKhQdJd"``; the same two tables), or ``"stud"``, ``"stud-hilo"`` and
    ``"razz"`` (the 1,755 third-street classes, ``hand`` three cards such as ``"AsAhKd"``; a
    :class:`StudRankTable`), or a draw game (``"draw5"``, ``"lowball-27"``, …, ``"badugi"``: its
    pat hands by exact equity standing pat against one random pat hand, ``hand`` five cards such
    as ``"7c5d4h3s2c"`` or a class such as ``"75432o"``, badugi four cards; a
    :class:`DrawRankTable`). ``ranking``:
    ``"vs1"`` (the default: exact equity against one random hand) or ``"vs2"`` to ``"vs9"``
    (short deck: ``"vs7"``), by Monte Carlo equity against that many random hands, each with
    its ``std_error``.

    >>> t = rank("AJo")
    >>> int(t.rank[0]), t.class_[0], round(float(t.percentile[0]), 2)
    (15, 'AJo', 7.54)
    >>> list(rank(top="3%").class_)
    ['AA', 'KK', 'QQ', 'JJ', 'TT', '99', '88']
    >>> int(rank("T9s", ranking="vs8").rank[0])
    23
    >>> rank("AcAdKcKd", game="omaha").class_[0]
    'AsAhKsKh'
    >>> rank("AcAdAh", game="stud").class_[0]
    'AsAhAd'
    """
    for flag, value in (("HAND", hand), ("--top", top)):
        if value is not None and not isinstance(value, str):
            raise ValueError(f"{flag} takes text like 'AKs' or '15%', not {value!r}")
    if hand is not None and top is not None:
        raise ValueError("give a HAND or --top, not both (one class, or the classes of a span)")
    if ranking is not None and not isinstance(ranking, str):
        raise ValueError(f"--ranking takes a name like 'vs3', not {ranking!r}")
    raw = _core.rank(hand, top, ranking, *_game(game, trips_beat_straight))
    return _BY_TABLE[raw["table"]]._from_core(raw)
