"""Each player's equity distribution over the range: ``sim equity --distribution``."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Sequence, Tuple

import numpy as np

from . import _core
from ._checks import Count, _equity_call, _optional_whole
from ._table import _Table


@dataclass(eq=False)
class DistributionResult(_Table):
    """Each player's equity distribution over the hands of the range, as
    ``sim equity --distribution`` writes it: per player, the hands sorted by equity, highest
    first (``level`` ``"curve"``: ``share`` of the range, ``cumulative`` share up to the hand,
    ``equity``), the histogram (``"bin"``: ``low``, ``high``, ``hands``, ``share``) and the
    summary (``"summary"``: ``equity`` the mean, which is the player's equity, ``q1``,
    ``median``, ``q3``, ``at_least_half``); with ``versus`` the same three over each
    other player's hands (``"versus_curve"`` …, ``against`` that player's seat). Float columns
    are NaN where the level has no value and ``against`` is 0 off the versus rows; ``to_dict``
    writes them as ``sim``'s JSON does (null), ``to_pandas`` as NaN and ``<NA>``. The stud
    games have no board: ``board`` is None, the rows' board column empty, and
    ``shared_last_card`` says whether the last card is one community card."""

    player: np.ndarray
    range: Tuple[str, ...]
    level: Tuple[str, ...]
    against: np.ndarray
    hand: Tuple[str, ...]
    hands: np.ndarray
    low: np.ndarray
    high: np.ndarray
    share: np.ndarray
    cumulative: np.ndarray
    equity: np.ndarray
    std_error: np.ndarray
    q1: np.ndarray
    median: np.ndarray
    q3: np.ndarray
    at_least_half: np.ndarray
    method: str
    board: Optional[str]
    dead: str
    bins: int
    seed: Optional[int] = None
    rounds: Optional[int] = None
    target_stderr: Optional[float] = None
    threads: int = 1
    game: Optional[str] = None
    shared_last_card: Optional[bool] = None
    command: str = field(default="equity", repr=False)
    distribution: bool = field(default=True, repr=False)

    _columns = (
        "game_column",
        "board_column",
        "player",
        "range",
        "level",
        "against",
        "hand",
        "hands",
        "low",
        "high",
        "share",
        "cumulative",
        "equity",
        "std_error",
        "q1",
        "median",
        "q3",
        "at_least_half",
    )
    _meta = (
        "command",
        "distribution",
        "game",
        "method",
        "shared_last_card",
        "board",
        "dead",
        "bins",
        "seed",
    )
    _names = {"game_column": "game", "board_column": "board"}

    @property
    def game_column(self) -> Tuple[str, ...]:
        """The game of every row, as the CSV's ``game`` column names it."""
        return (self.game or "holdem",) * len(self.player)

    @property
    def board_column(self) -> Tuple[str, ...]:
        """The board of every row, as the CSV's ``board`` column writes it (empty in stud)."""
        return (self.board or "",) * len(self.player)

    def __len__(self) -> int:
        return len(self.player)

    def to_dict(self) -> Dict[str, Any]:
        doc = super().to_dict()
        rows = []
        for row in doc["rows"]:
            named = {self._names.get(k, k): v for k, v in row.items()}
            for k, v in named.items():
                if isinstance(v, float) and math.isnan(v):
                    named[k] = None
            if named["against"] == 0:
                named["against"] = None
            rows.append(named)
        doc["rows"] = rows
        return doc

    def to_pandas(self) -> Any:
        import pandas as pd

        frame = {self._names.get(n, n): getattr(self, n) for n in self._columns}
        frame["against"] = pd.array(
            [None if a == 0 else int(a) for a in self.against], dtype="Int64"
        )
        return pd.DataFrame(frame)

    @property
    def exact(self) -> bool:
        """Whether every outcome was counted."""
        return self.method == "exact"


def distribution(
    players: Sequence[str],
    board: str = "",
    dead: str = "",
    exact: Optional[bool] = None,
    rounds: Optional[Count] = None,
    seed: Optional[int] = None,
    target_stderr: Optional[float] = None,
    threads: Optional[int] = None,
    opponents: Optional[int] = None,
    bins: Optional[int] = None,
    versus: bool = False,
    game: str = "holdem",
    trips_beat_straight: bool = False,
) -> DistributionResult:
    """Each player's equity distribution over the hands of the range, the rows of
    ``sim equity --distribution``: the arguments of :func:`breakdown`, ``bins`` bins in the
    histogram (default 20, ``--bins``) and ``versus=True`` for each player's equity against every
    hand of each other player's range (``--versus``; with three or more players, one run of the
    spot per hand of each range, that hand given).

    >>> d = distribution(["AK,QQ", "JJ-99"], board="Kd7c2s")
    >>> d.exact, d.level[0], d.hand[0], round(float(d.equity[0]), 4)
    (True, 'curve', 'AcKc', 0.9162)
    >>> df = d.to_pandas()
    >>> s = df[df.level == "summary"]
    >>> [round(e, 4) for e in s.equity], [int(n) for n in s.hands], [round(m, 4) for m in s["median"]]
    ([0.9139, 0.0861], [18, 18], [0.9121, 0.0861])
    """
    call = _equity_call(players, board, dead, exact, rounds, seed, target_stderr, threads,
                        opponents, game, trips_beat_straight)
    if not isinstance(versus, bool):
        raise ValueError(f"versus takes True or False, not {versus!r}")
    raw = _core.distribution(call, _optional_whole("--bins", bins, _core.MIN_BINS), versus)
    c, m = raw["columns"], raw["meta"]
    return DistributionResult(
        player=c["player"],
        range=tuple(c["range"]),
        level=tuple(c["level"]),
        against=c["against"],
        hand=tuple(c["hand"]),
        hands=c["hands"],
        low=c["low"],
        high=c["high"],
        share=c["share"],
        cumulative=c["cumulative"],
        equity=c["equity"],
        std_error=c["std_error"],
        q1=c["q1"],
        median=c["median"],
        q3=c["q3"],
        at_least_half=c["at_least_half"],
        method=m["method"],
        board=m.get("board"),
        dead=m["dead"],
        bins=m["bins"],
        seed=m.get("seed"),
        rounds=m.get("rounds"),
        target_stderr=m.get("target_stderr"),
        threads=m["threads"],
        game=m.get("game"),
        shared_last_card=m.get("shared_last_card"),
    )
