"""Equity street by street: ``sim equity --streets``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Sequence, Tuple

import numpy as np

from . import _core
from ._checks import Count, _equity_call
from ._table import _Table


@dataclass(eq=False)
class StreetsResult(_Table):
    """Street-by-street equity, as ``sim equity --streets`` writes it: per player, one row
    (``level`` ``"street"``) for each street of the board given (``street`` ``"preflop"``,
    ``"flop"``, ``"turn"``, ``"river"``), then for an incomplete board one row (``"next"``)
    summing up the next street over every card (or flop) that can come: ``equity`` is the
    probability-weighted mean (the current equity), ``min``, ``q1``, ``median``, ``q3``, ``max``
    the spread, ``favourite`` the probability of ending up with the highest equity alone; then,
    with ``next_cards=True``, one row (``"card"``) per next card (``next``) with its
    ``probability``. A ``street`` or ``card`` row is one board's run: its quartiles are its
    equity and its ``favourite`` is 1 or 0. In the Omaha hi/lo games ``equity`` is the pot share
    and ``high``, ``low`` and ``scoop`` hold the split-pot shares (``next`` rows: their weighted
    means); they are ``None`` in the other games."""

    level: Tuple[str, ...]
    street: Tuple[str, ...]
    board_column: Tuple[str, ...]
    next: Tuple[str, ...]
    probability: np.ndarray
    player: np.ndarray
    hand: Tuple[str, ...]
    method: Tuple[str, ...]
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    std_error: np.ndarray
    min: np.ndarray
    q1: np.ndarray
    median: np.ndarray
    q3: np.ndarray
    max: np.ndarray
    favourite: np.ndarray
    next_cards: np.ndarray
    samples: np.ndarray
    board: str
    dead: str
    seed: Optional[int] = None
    threads: int = 1
    game: Optional[str] = None
    high: Optional[np.ndarray] = None
    low: Optional[np.ndarray] = None
    scoop: Optional[np.ndarray] = None
    command: str = field(default="equity", repr=False)
    streets: bool = field(default=True, repr=False)

    _columns = (
        "level",
        "street",
        "board_column",
        "next",
        "probability",
        "player",
        "hand",
        "method",
        "equity",
        "win",
        "tie",
        "std_error",
        "min",
        "q1",
        "median",
        "q3",
        "max",
        "favourite",
        "next_cards",
        "samples",
    )
    _meta = ("command", "streets", "game", "board", "dead", "seed")
    # The run's ``board`` is a parameter; each row's board is the ``board`` column of tables.
    _names = {"board_column": "board"}

    def __post_init__(self) -> None:
        if self.high is not None:
            # Hi/lo games: the split-pot shares follow std_error, as in sim's table.
            at = self._columns.index("std_error") + 1
            self._columns = self._columns[:at] + ("high", "low", "scoop") + self._columns[at:]

    def __len__(self) -> int:
        return len(self.player)

    def to_dict(self) -> Dict[str, Any]:
        doc = super().to_dict()
        doc["rows"] = [{self._names.get(k, k): v for k, v in row.items()} for row in doc["rows"]]
        return doc

    def to_pandas(self) -> Any:
        import pandas as pd

        return pd.DataFrame({self._names.get(n, n): getattr(self, n) for n in self._columns})

    @property
    def exact(self) -> bool:
        """Whether every run behind every row counted every outcome."""
        return all(m == "exact" for m in self.method)


def streets(
    players: Sequence[str],
    board: str = "",
    dead: str = "",
    exact: Optional[bool] = None,
    rounds: Optional[Count] = None,
    seed: Optional[int] = None,
    target_stderr: Optional[float] = None,
    threads: Optional[int] = None,
    opponents: Optional[int] = None,
    next_cards: bool = False,
    game: str = "holdem",
    trips_beat_straight: bool = False,
) -> StreetsResult:
    """Equity street by street in hold'em, short deck or Omaha, the rows of
    ``sim equity --streets``: the arguments of :func:`equity` (stud is refused; the Omaha hi/lo
    games add the ``high``, ``low`` and ``scoop`` columns). Each street of ``board``
    (a full board: preflop, flop, turn and river) is the run :func:`equity` makes of that
    board, exact or Monte Carlo as it chooses; an incomplete board adds the next street's
    spread over every card that can come (from preflop: every flop), and ``next_cards=True``
    a row per next card.

    >>> s = streets(["AsKs", "QhQd"], board="Qs7s2d")
    >>> s.exact, list(s.street[:4]), list(s.level[4:])
    (True, ['preflop', 'preflop', 'flop', 'flop'], ['next', 'next'])
    >>> round(float(s.equity[4]), 12) == round(float(s.equity[2]), 12)
    True
    """
    call = _equity_call(players, board, dead, exact, rounds, seed, target_stderr, threads,
                        opponents, game, trips_beat_straight)
    if not isinstance(next_cards, bool):
        raise ValueError(f"next_cards takes True or False, not {next_cards!r}")
    raw = _core.streets(call, next_cards)
    c, m = raw["columns"], raw["meta"]
    return StreetsResult(
        level=tuple(c["level"]),
        street=tuple(c["street"]),
        board_column=tuple(c["board"]),
        next=tuple(c["next"]),
        probability=c["probability"],
        player=c["player"],
        hand=tuple(c["hand"]),
        method=tuple(c["method"]),
        equity=c["equity"],
        win=c["win"],
        tie=c["tie"],
        std_error=c["std_error"],
        min=c["min"],
        q1=c["q1"],
        median=c["median"],
        q3=c["q3"],
        max=c["max"],
        favourite=c["favourite"],
        next_cards=c["next_cards"],
        samples=c["samples"],
        board=m["board"],
        dead=m["dead"],
        seed=m.get("seed"),
        threads=m["threads"],
        game=m.get("game"),
        high=c.get("high"),
        low=c.get("low"),
        scoop=c.get("scoop"),
    )
