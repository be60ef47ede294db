"""Each player's equity distribution over the range: ``sim equity --distribution``."""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, Optional, Sequence

from . import _core
from ._checks import Count, _equity_call, _optional_whole
from ._table import NAN_NULL, _Table, columns_of, constant, table_class


DISTRIBUTION_COLUMNS = columns_of(
    "distribution",
    nones=NAN_NULL,
    attrs={"game": "game_column", "board": "board_column"},
    rows={"game": lambda r: r.game or "holdem", "board": lambda r: r.board or ""},
)


@table_class(*DISTRIBUTION_COLUMNS)
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
    ranking: Optional[str] = None
    options: Dict[str, Any] = dataclasses.field(default_factory=dict)
    command: str = constant("equity")
    distribution: bool = constant(True)

    _meta = (
        "command",
        "distribution",
        "game",
        "method",
        "shared_last_card",
        "board",
        "dead", "options",
        "bins",
        "ranking",
        "seed",
    )
    _options_of = "equity"

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
    ranking: Optional[str] = None,
    **options: Any,
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
                        opponents, game, trips_beat_straight, ranking=ranking,
                        options=options)
    if not isinstance(versus, bool):
        raise ValueError(f"versus takes True or False, not {versus!r}")
    raw = _core.distribution(call, _optional_whole("--bins", bins, _core.MIN_BINS), versus)
    return DistributionResult._from_core(raw)
