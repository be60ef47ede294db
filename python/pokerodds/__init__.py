"""Poker odds, exact counts and range-against-range equity from the Rust engine of ``sim``.

Every function calls the workspace's library crates (``deck``, ``eval``, ``engine``,
``equity``) exactly as the ``sim`` command line does, so the same arguments give the same
numbers as ``sim odds``, ``sim exact`` and ``sim equity``. Long calls release the GIL, use every
core unless ``threads`` says otherwise (the result never depends on it), and stop with
``KeyboardInterrupt`` on Ctrl-C. Bad input raises ``ValueError`` with ``sim``'s message.

>>> import pokerodds
>>> pokerodds.evaluate("AsKsQsJsTs9h2c").category
'royal_flush'
>>> r = pokerodds.equity(["AsAh", "KsKh"], board="Qh7h2c")
>>> [round(e, 4) for e in r.equity.tolist()]
[0.9162, 0.0838]
>>> t = pokerodds.odds(rounds=1_000_000, seed=42)
>>> int(t.count.sum()), t.category[1]
(1000000, 'pair')
"""

from __future__ import annotations

from ._breakdown import BreakdownResult, breakdown
from ._calling import CallingRangeResult, calling_range
from ._cards import card_index, card_name, hands_array
from ._checks import GAME_OPTIONS, GAMES, Count
from ._distribution import DistributionResult, distribution
from ._equity import EquityResult, equity
from ._evaluation import CATEGORIES, HandStrength, categories, eval_path, evaluate, evaluate_batch
from ._hits import HitsTable, hits
from ._odds import ExactTable, OddsTable, exact, odds
from ._query import QueryResult, query
from ._rank import (
    DrawRankTable,
    OmahaHiloRankTable,
    OmahaRankTable,
    RankTable,
    StudRankTable,
    rank,
)
from ._runouts import RunoutsResult, runouts
from ._streets import StreetsResult, streets

# Not public, but named by the extension's documentation (python/src, _core.pyi) and the tests:
# the extension module, and the check of the arguments its equity functions take.
from . import _core  # noqa: F401
from ._checks import _equity_call  # noqa: F401

__all__ = [
    "CATEGORIES",
    "GAMES",
    "GAME_OPTIONS",
    "Count",
    "HandStrength",
    "card_index",
    "card_name",
    "hands_array",
    "evaluate",
    "evaluate_batch",
    "eval_path",
    "categories",
    "OddsTable",
    "ExactTable",
    "EquityResult",
    "HitsTable",
    "BreakdownResult",
    "DistributionResult",
    "odds",
    "exact",
    "equity",
    "hits",
    "breakdown",
    "distribution",
    "StreetsResult",
    "streets",
    "RunoutsResult",
    "runouts",
    "CallingRangeResult",
    "calling_range",
    "OmahaHiloRankTable",
    "OmahaRankTable",
    "StudRankTable",
    "DrawRankTable",
    "RankTable",
    "rank",
    "QueryResult",
    "query",
]
