"""Hand-by-hand equity inside the players' ranges: ``sim equity --breakdown``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Sequence, Tuple

import numpy as np

from . import _core
from ._checks import Count, _equity_call
from ._table import _counts, _hilo_columns, _Table


@dataclass(eq=False)
class BreakdownResult(_Table):
    """Every hand's share of the pot inside the players' ranges, as ``sim equity --breakdown``
    writes it: per player, one row per hand of the range (``level`` ``"hand"``, ``hand`` like
    ``"AhKh"``), then one per starting-hand class (``level`` ``"class"``, ``hand`` like
    ``"AKs"``). ``equity`` is against the other players' whole ranges; ``frequency`` is how
    often the row's hands are dealt among the player's (range weights and card removal), so
    ``sum(frequency * equity)`` over a player's hand rows is the player's equity. ``weight`` is
    the range weight (a class: the mean over its hands); ``std_error`` is 0 for exact results."""

    player: np.ndarray
    range: Tuple[str, ...]
    level: Tuple[str, ...]
    hand: Tuple[str, ...]
    hand_class: Tuple[str, ...]
    combos: np.ndarray
    weight: np.ndarray
    frequency: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    equity: np.ndarray
    std_error: np.ndarray
    samples: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    outcomes: np.ndarray
    method: str
    board: Optional[str]
    dead: str
    seed: Optional[int] = None
    rounds: Optional[int] = None
    target_stderr: Optional[float] = None
    threads: int = 1
    game: Optional[str] = None
    shared_last_card: Optional[bool] = None
    high: Optional[np.ndarray] = None
    low: Optional[np.ndarray] = None
    scoop: Optional[np.ndarray] = None
    scoops: Optional[np.ndarray] = None
    pot_units: Optional[np.ndarray] = None
    units_per_pot: Optional[np.ndarray] = None
    command: str = field(default="equity", repr=False)
    breakdown: bool = field(default=True, repr=False)

    _columns = (
        "game_column",
        "player",
        "range",
        "level",
        "hand",
        "hand_class",
        "combos",
        "weight",
        "frequency",
        "win",
        "tie",
        "equity",
        "std_error",
        "samples",
        "wins",
        "ties",
        "outcomes",
    )
    _meta = ("command", "breakdown", "game", "method", "shared_last_card", "board", "dead", "seed")
    # Hi/lo games (Omaha hi/lo, stud hi/lo) add the columns of the plain hi/lo table.
    _hilo = ("high", "low", "scoop", "scoops", "pot_units", "units_per_pot")
    # ``class`` is a Python keyword: the column is ``hand_class`` here and ``class`` in tables.
    _names = {"game_column": "game", "hand_class": "class"}

    @property
    def game_column(self) -> Tuple[str, ...]:
        """The game of every row, as the CSV's ``game`` column names it."""
        return (self.game or "holdem",) * len(self.player)

    def __post_init__(self) -> None:
        if self.high is not None:
            self._columns = type(self)._columns + self._hilo

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
        """Whether every outcome was counted."""
        return self.method == "exact"


def breakdown(
    players: Sequence[str],
    board: str = "",
    dead: str = "",
    exact: Optional[bool] = None,
    rounds: Optional[Count] = None,
    seed: Optional[int] = None,
    target_stderr: Optional[float] = None,
    threads: Optional[int] = None,
    opponents: Optional[int] = None,
    game: str = "holdem",
    trips_beat_straight: bool = False,
) -> BreakdownResult:
    """Hand-by-hand equity inside the players' ranges, the rows of ``sim equity --breakdown``:
    the arguments of :func:`equity`, in every game. Omaha classes are the range's items as
    written (``AAxx:ds``; a hand goes to the first item that matches it); stud rows are those
    of the players whose down cards are a range (``(QQ+,AKs)Kd``), by hold'em class. Hi/lo
    games add ``high``, ``low``, ``scoop``, ``scoops``, ``pot_units`` and ``units_per_pot``.
    Exact when :func:`equity` would be exact; otherwise Monte Carlo stratified over every
    combination of the players' hands, ``target_stderr`` applying to every hand's row.

    >>> b = breakdown(["AsKs,QQ", "JJ"], board="2c7d9hTs")
    >>> b.exact, len(b), b.hand[0], b.hand[-1]
    (True, 16, 'AsKs', 'JJ')
    >>> df = b.to_pandas()
    >>> list(df[df.level == "class"]["class"])
    ['AKs', 'QQ', 'JJ']
    """
    call = _equity_call(players, board, dead, exact, rounds, seed, target_stderr, threads,
                        opponents, game, trips_beat_straight)
    raw = _core.breakdown(call)
    c, m = raw["columns"], raw["meta"]
    return BreakdownResult(
        player=c["player"],
        range=tuple(c["range"]),
        level=tuple(c["level"]),
        hand=tuple(c["hand"]),
        hand_class=tuple(c["class"]),
        combos=c["combos"],
        weight=c["weight"],
        frequency=c["frequency"],
        win=c["win"],
        tie=c["tie"],
        equity=c["equity"],
        std_error=c["std_error"],
        samples=c["samples"],
        wins=_counts(c["wins"]),
        ties=_counts(c["ties"]),
        outcomes=_counts(c["outcomes"]),
        method=m["method"],
        board=m.get("board"),
        dead=m["dead"],
        seed=m.get("seed"),
        rounds=m.get("rounds"),
        target_stderr=m.get("target_stderr"),
        threads=m["threads"],
        game=m.get("game"),
        shared_last_card=m.get("shared_last_card"),
        **_hilo_columns(c, BreakdownResult._hilo),
    )
