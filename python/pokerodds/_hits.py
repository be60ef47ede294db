"""What a range hits on a board: ``sim hits``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from . import _core
from ._checks import _game, _text
from ._table import _column, _plain, _Table


@dataclass(eq=False)
class HitsTable(_Table):
    """What a range hits on a board, as ``sim hits`` writes it: the whole range's row
    (``kind == "range"``, ``class_ == "all"``), then one row per class: the made hands
    (``"made"``, exclusive: their combos add up to the range's) strongest first, then the draws
    (``"draw"``, overlapping). ``combos`` counts each combo once; ``weighted_combos`` weighs
    them by the range's weights; ``share`` is the weighted share of the range. With
    ``combos=True``, ``hands`` holds each class's combos as a range; with ``improve=True`` the
    ``river_<category>`` columns (``river_high_card`` ... ``river_royal_flush``) hold the
    probability that a combo of the class ends the hand in that category by the river (``None``
    for an empty class). ``class_`` is the ``class`` column (``to_dict`` and ``to_pandas`` name
    it ``class``)."""

    kind: Tuple[str, ...]
    class_: Tuple[str, ...]
    combos: np.ndarray
    weighted_combos: np.ndarray
    share: np.ndarray
    range: str
    board: str
    dead: str
    hands: Optional[Tuple[str, ...]] = None
    river: Optional[Dict[str, np.ndarray]] = None
    runouts_per_combo: Optional[int] = None
    game: Optional[str] = None
    command: str = field(default="hits", repr=False)

    _columns = ("kind", "class_", "combos", "weighted_combos", "share")
    _meta = ("command", "game", "range", "board", "dead", "runouts_per_combo")

    def _named_columns(self) -> List[Tuple[str, Any]]:
        named = [(name.rstrip("_"), getattr(self, name)) for name in self._columns]
        if self.hands is not None:
            named.append(("hands", self.hands))
        if self.river is not None:
            named.extend(self.river.items())
        return named

    def to_dict(self) -> Dict[str, Any]:
        """The document ``sim hits --format json`` writes."""
        doc: Dict[str, Any] = {}
        for name in self._meta:
            value = getattr(self, name)
            if value is not None:
                doc[name] = value
        columns = self._named_columns()
        doc["rows"] = [
            {name: _plain(values[i]) for name, values in columns} for i in range(len(self))
        ]
        return doc

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame``, with the columns of ``sim hits``'s CSV."""
        import pandas as pd

        return pd.DataFrame(dict(self._named_columns()))


def hits(
    range: str,
    board: str,
    dead: str = "",
    game: str = "holdem",
    combos: bool = False,
    improve: bool = False,
    trips_beat_straight: bool = False,
) -> HitsTable:
    """What a hold'em or short-deck range hits on a flop, turn or river: the table of
    ``sim hits RANGE --board BOARD``, with its made-hand and draw classes as defined in the user
    guide (``docs/src/hits.md``). ``range`` is in ``sim``'s notation (``"QQ+,AKs:0.5"``,
    ``"random"``); ``dead`` cards leave the range and the cards to come. ``combos=True`` adds
    each class's combos (``--combos``), ``improve=True`` the probability of each final category
    by the river, every runout counted (``--improve``). ``game``: ``"holdem"`` or ``"shortdeck"``
    (with ``trips_beat_straight``); Omaha is refused as ``sim hits`` refuses it.

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
    )
    c, m = raw["columns"], raw["meta"]
    river = {name: _column(values) for name, values in c.items() if name.startswith("river_")}
    return HitsTable(
        kind=tuple(c["kind"]),
        class_=tuple(c["class"]),
        combos=c["combos"],
        weighted_combos=c["weighted_combos"],
        share=c["share"],
        range=m["range"],
        board=m["board"],
        dead=m["dead"],
        hands=tuple(c["hands"]) if "hands" in c else None,
        river=river or None,
        runouts_per_combo=m.get("runouts_per_combo"),
        game=m.get("game"),
    )
