"""Calling ranges from pot odds: ``sim equity --calling-range``."""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, Optional, Sequence

from . import _core
from ._checks import Count, _equity_call, _optional_float, _optional_whole
from ._table import _Table, columns_of, constant, table_class


CALLING_RANGE_COLUMNS = columns_of(
    "calling_range",
    attrs={"game": "game_column"},
    rows={"game": lambda r: r.game or "holdem"},
)


@table_class(*CALLING_RANGE_COLUMNS)
class CallingRangeResult(_Table):
    """The hands of one player's range whose equity reaches the breakeven of a call, as ``sim
    equity --calling-range`` writes them: one row, with ``calling_hands`` as range text in the
    game's syntax (``"KK+,AK"``; Omaha hand by hand), ``breakeven`` (``call / (pot + call)``, or
    ``min_equity``), the hands and weighted combos inside and in all, ``frequency_in`` (how
    often the player holds a calling hand, card removal included), and the mean equity of the
    whole range, of the calling hands (``equity_in``) and of the others (``equity_out``). Hi/lo
    games rank hands by their share of the pot."""

    method: str
    board: Optional[str]
    dead: str
    seed: Optional[int] = None
    rounds: Optional[int] = None
    target_stderr: Optional[float] = None
    threads: int = 1
    game: Optional[str] = None
    shared_last_card: Optional[bool] = None
    ranking: Optional[str] = None
    options: Dict[str, Any] = dataclasses.field(default_factory=dict)
    command: str = constant("equity")
    calling_range: bool = constant(True)

    _meta = ("command", "calling_range", "game", "method", "shared_last_card", "board", "dead",
             "options",
             "ranking", "seed")
    _options_of = "equity"

    @property
    def exact(self) -> bool:
        """Whether every outcome was counted."""
        return self.method == "exact"


def calling_range(
    players: Sequence[str],
    board: str = "",
    dead: str = "",
    pot: Optional[float] = None,
    call: Optional[float] = None,
    min_equity: Optional[float] = None,
    seat: Optional[int] = None,
    exact: Optional[bool] = None,
    rounds: Optional[Count] = None,
    seed: Optional[int] = None,
    target_stderr: Optional[float] = None,
    threads: Optional[int] = None,
    opponents: Optional[int] = None,
    game: str = "holdem",
    trips_beat_straight: bool = False,
    ranking: Optional[str] = None,
    **options: Any,
) -> CallingRangeResult:
    """The calling range of the player at ``seat`` (from 1; default: the first player whose
    hand is a range) facing a call of ``call`` into a pot of ``pot`` (the breakeven is ``call /
    (pot + call)``), or needing ``min_equity``: the hands of the range whose equity against the
    other players' ranges reaches the breakeven, read off :func:`breakdown` (exact where it is
    exact; by Monte Carlo, hands near the breakeven may fall either side: count exactly or set
    ``target_stderr``). The other arguments are those of :func:`equity`.

    >>> r = calling_range(["QQ+,AK,JJ-99", "AhKh"], board="Kd7c2s", pot=100, call=50)
    >>> r.calling_hands[0], int(r.hands_in[0]), int(r.hands[0]), round(float(r.equity_in[0]), 4)
    ('KK+,AK', 10, 34, 0.6785)
    """
    checked = _equity_call(players, board, dead, exact, rounds, seed, target_stderr, threads,
                           opponents, game, trips_beat_straight, ranking=ranking,
                        options=options)
    raw = _core.calling_range(
        checked,
        _optional_whole("--seat", seat),
        _optional_float("--pot", pot),
        _optional_float("--call", call),
        _optional_float("--min-equity", min_equity),
    )
    return CallingRangeResult._from_core(raw)
