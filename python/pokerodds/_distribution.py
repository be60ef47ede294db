"""Each player's equity distribution over the range: ``sim equity --distribution``."""

from __future__ import annotations

from typing import Optional, Sequence

from . import _core
from ._checks import Count, _equity_call, _optional_whole
from ._table import NAN_NULL, NUMBERS, TEXT, ZERO_NULL, Column, _Table, constant, table_class


DISTRIBUTION_COLUMNS = (
    Column(
        "game",
        TEXT,
        "The game of every row, as the CSV's ``game`` column names it.",
        attr="game_column",
        row=lambda r: r.game or "holdem",
    ),
    Column(
        "board",
        TEXT,
        "The board of every row, as the CSV's ``board`` column writes it (empty in stud).",
        attr="board_column",
        row=lambda r: r.board or "",
    ),
    Column("player", NUMBERS, "The seat, from 1."),
    Column("range", TEXT, "The player's range as given."),
    Column("level", TEXT, "curve, bin or summary, and their versus_ forms."),
    Column("against", ZERO_NULL, "versus rows: the other player's seat; 0 (null) elsewhere."),
    Column("hand", TEXT, "curve rows: the hand (versus_curve: the other player's)."),
    Column("hands", NUMBERS, "bin and summary rows: the number of hands."),
    Column("low", NAN_NULL, "bin rows: the bin's lower bound."),
    Column("high", NAN_NULL, "bin rows: the bin's upper bound."),
    Column("share", NAN_NULL, "The hand's or the bin's share of the range."),
    Column("cumulative", NAN_NULL, "curve rows: the shares up to and including the hand."),
    Column("equity", NAN_NULL, "The hand's equity; summary rows: the mean, the player's."),
    Column("std_error", NAN_NULL, "The standard error of equity."),
    Column("q1", NAN_NULL, "summary rows: the lower quartile of the equities."),
    Column("median", NAN_NULL, "summary rows: the median equity."),
    Column("q3", NAN_NULL, "summary rows: the upper quartile."),
    Column("at_least_half", NAN_NULL, "summary rows: the share of the range with equity >= 50%."),
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
    command: str = constant("equity")
    distribution: bool = constant(True)

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
    return DistributionResult._from_core(raw)
