"""What a range hits on a board: ``sim hits``."""

from __future__ import annotations

from typing import Optional

from . import _core
from ._checks import _game, _text
from ._table import _Table, columns_of, constant, table_class


HITS_COLUMNS = columns_of("hits", attrs={"class": "class_"}, prefix=("river_", "river"))


@table_class(*HITS_COLUMNS, optional_after="dead")
class HitsTable(_Table):
    """What a range hits on a board, as ``sim hits`` writes it: the whole range's row
    (``kind == "range"``, ``class_ == "all"``), then one row per class: the made hands
    (``"made"``, exclusive: their combos add up to the range's) strongest first, then the draws
    (``"draw"``, overlapping); in hold'em hi/lo then the made lows (``"low"``: ``nut_low``,
    ``non_nut_low``, ``no_low``, exclusive) and the low draws (``"low_draw"``). ``combos``
    counts each combo once; ``weighted_combos`` weighs them by the range's weights; ``share`` is the weighted share of the range. With
    ``combos=True``, ``hands`` holds each class's combos as a range; with ``improve=True`` the
    ``river_<category>`` columns (``river_high_card`` ... ``river_royal_flush``) hold the
    probability that a combo of the class ends the hand in that category by the river (``None``
    for an empty class); in hold'em hi/lo ``river_low`` and ``river_nut_low`` too, the
    probability of ending with an eight-or-better low and with the nut low. ``class_`` is the
    ``class`` column (``to_dict`` and ``to_pandas`` name it ``class``)."""

    range: str
    board: str
    dead: str
    runouts_per_combo: Optional[int] = None
    game: Optional[str] = None
    ranking: Optional[str] = None
    command: str = constant("hits")

    _meta = ("command", "game", "range", "ranking", "board", "dead", "runouts_per_combo")


def hits(
    range: str,
    board: str,
    dead: str = "",
    game: str = "holdem",
    combos: bool = False,
    improve: bool = False,
    trips_beat_straight: bool = False,
    ranking: Optional[str] = None,
) -> HitsTable:
    """What a hold'em, short-deck or hold'em hi/lo range hits on a flop, turn or river: the
    table of ``sim hits RANGE --board BOARD``, with its made-hand and draw classes as defined in the user
    guide (``docs/src/hits.md``). ``range`` is in ``sim``'s notation (``"QQ+,AKs:0.5"``,
    ``"random"``); ``dead`` cards leave the range and the cards to come. ``combos=True`` adds
    each class's combos (``--combos``), ``improve=True`` the probability of each final category
    by the river, every runout counted (``--improve``). ``game``: ``"holdem"``, ``"shortdeck"``
    (with ``trips_beat_straight``) or ``"holdem-hilo"`` (hold'em's rows, then the low rows);
    Omaha is refused as ``sim hits`` refuses it. ``ranking`` names the ranking that reads
    percentages in ``range`` (``"15%"``): ``"vs1"`` (the default) to ``"vs9"`` (short deck:
    ``"vs7"``), by equity against that many random hands.

    >>> t = hits("AA,KK,AKs", board="Kh9h5c")
    >>> dict(zip(t.class_, t.combos.tolist()))["set"], int(t.combos[0])
    (3, 12)
    """
    for flag, value in (("--combos", combos), ("--improve", improve)):
        if not isinstance(value, bool):
            raise ValueError(f"{flag} takes True or False, not {value!r}")
    if not isinstance(range, str):
        raise ValueError(f"the range takes text like 'QQ+,AKs', not {range!r}")
    raw = _core.hits(
        range,
        _text("--board", board),
        _text("--dead", dead),
        *_game(game, trips_beat_straight),
        combos,
        improve,
        None if ranking is None else _text("--ranking", ranking),
    )
    return HitsTable._from_core(raw)
