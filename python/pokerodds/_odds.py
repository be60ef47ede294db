"""Monte Carlo and exact category tables: ``sim odds`` and ``sim exact``."""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, Optional

from . import _core
from ._checks import Count, _game, _game_options, _optional_count, _optional_float, _optional_whole, _text, _whole
from ._table import _Table, columns_of, constant, table_class


ODDS_COLUMNS = columns_of("odds")
EXACT_COLUMNS = columns_of("exact")


@table_class(*ODDS_COLUMNS)
class OddsTable(_Table):
    """A Monte Carlo category table, as ``sim odds`` writes it: one row per category, weakest
    first. Columns are numpy arrays; ``cards``, ``known``, ``rounds`` and ``seed`` repeat the run."""

    cards: Optional[int]
    known: str
    rounds: int
    seed: int
    target_stderr: Optional[float] = None
    target_met: Optional[bool] = None
    threads: int = 1
    game: Optional[str] = None
    table: Optional[str] = None
    dead: Optional[str] = None
    options: Dict[str, Any] = dataclasses.field(default_factory=dict)
    command: str = constant("odds")

    _meta = ("command", "game", "table", "cards", "known", "dead", "options", "rounds", "seed",
             "target_stderr")
    _options_of = "odds"


@table_class(*EXACT_COLUMNS)
class ExactTable(_Table):
    """Exact category counts of every completion, as ``sim exact`` writes them."""

    cards: Optional[int]
    known: str
    total: int
    method: str = "combinatorial"
    game: Optional[str] = None
    table: Optional[str] = None
    dead: Optional[str] = None
    options: Dict[str, Any] = dataclasses.field(default_factory=dict)
    command: str = constant("exact")

    _meta = ("command", "game", "table", "cards", "known", "dead", "options", "total")
    _options_of = "exact"


def odds(
    cards: int = 7,
    known: str = "",
    rounds: Optional[Count] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    target_stderr: Optional[float] = None,
    max_rounds: Optional[Count] = None,
    game: str = "holdem",
    trips_beat_straight: bool = False,
    dead: str = "",
    **options: Any,
) -> OddsTable:
    """Monte Carlo probabilities of every hand category, the numbers of ``sim odds``.

    ``cards`` (5 to 7) cards per hand, ``known`` of them fixed (text such as ``"AsKd"``);
    ``rounds`` hands (default 10,000,000), or with ``target_stderr`` until every standard error
    is below it (at most ``max_rounds``, default 1,000,000,000). Without ``seed`` a random one is
    drawn and stored in the result's ``seed``. ``threads`` defaults to every core and never
    changes the result. Counts take an int, a whole float (``1e6``) or ``sim``'s text forms
    (``"2M"``, ``"2.5e8"``, ``"1_000_000"``). ``game`` is ``sim --game``'s (``"shortdeck"``, with
    ``trips_beat_straight``; the Omaha games, whose hands are 4 to 6 hole cards and a board, with
    ``known`` hole cards and the exact columns only when all are known). ``dead`` cards are out
    of play, never dealt, in every game (``sim odds --dead``). The stud games (``"stud"``,
    ``"stud-hilo"``, ``"razz"``) take ``known`` cards of one seven-card hand; their rows are
    stud's categories, razz's A-5 lows (``5_low`` … ``k_low``, ``no_low``) and stud hi/lo's
    eight-or-better lows, with the exact probabilities. The draw games take ``known`` kept
    cards and their own options (``pokerodds.GAME_OPTIONS["odds"]``: ``draws=3``, ``pat="9"``
    as ``sim odds --draws 3 --pat 9``), kept in the result's ``options``.

    >>> t = odds(known="AsAh", rounds=2_000_000, seed=1)
    >>> int(t.count[1]), round(float(t.exact_probability[1]), 6)
    (720739, 0.359786)
    >>> odds(known="AsAh", rounds=2_000_000, seed=1, threads=1).count.tolist() == t.count.tolist()
    True
    >>> odds(known="AsAh", rounds="2M", seed=1).count.tolist() == t.count.tolist()
    True
    """
    raw = _core.odds(
        _whole("--cards", cards),
        _text("--known", known),
        _optional_count("--rounds", rounds),
        _optional_whole("--seed", seed),
        _optional_whole("--threads", threads, 1),
        _optional_float("--target-stderr", target_stderr),
        _optional_count("--max-rounds", max_rounds),
        *_game(game, trips_beat_straight),
        _text("--dead", dead),
        _game_options("odds", options),
    )
    return OddsTable._from_core(raw)


def exact(
    cards: int = 7,
    known: str = "",
    method: str = "auto",
    threads: Optional[int] = None,
    game: str = "holdem",
    trips_beat_straight: bool = False,
    dead: str = "",
    **options: Any,
) -> ExactTable:
    """Exact category counts of every completion of ``known`` to ``cards`` cards, the numbers of
    ``sim exact``. ``method``: ``"auto"`` (combinatorial without known or dead cards, else every
    hand visited), ``"combinatorial"`` or ``"enumerate"``. ``dead`` cards are out of play: the
    completions come from the rest of the deck. ``game``: ``"holdem"`` or ``"shortdeck"`` (with
    ``trips_beat_straight``), counted by enumeration; the stud games (``"stud"``,
    ``"stud-hilo"``, ``"razz"``) count the seven-card completions of ``known``, in the rows of
    ``odds``; the draw games count the fills of ``known`` kept cards, with their own options as
    in :func:`odds`; Omaha is refused as ``sim exact`` refuses it.

    >>> t = exact(cards=5)
    >>> int(t.count[9]), t.total
    (4, 2598960)
    """
    if not isinstance(method, str):
        raise ValueError(f"--method takes auto, combinatorial or enumerate, not {method!r}")
    raw = _core.exact(
        _whole("--cards", cards),
        _text("--known", known),
        method,
        _optional_whole("--threads", threads, 1),
        *_game(game, trips_beat_straight),
        _text("--dead", dead),
        _game_options("exact", options),
    )
    return ExactTable._from_core(raw)
