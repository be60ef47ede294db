"""Double board and run it N times: ``sim equity --boards 2`` and ``sim equity --runs N``."""

from __future__ import annotations

from typing import Optional, Sequence

from . import _core
from ._checks import Count, _equity_call, _optional_whole, _text
from ._table import _Table, columns_of, constant, table_class


RUNOUTS_COLUMNS = columns_of("runouts", attrs={"board": "board_column"})


@table_class(*RUNOUTS_COLUMNS)
class RunoutsResult(_Table):
    """A double board or a board run N times, as ``sim equity --boards 2`` / ``--runs N``
    writes it: per player, the equity over the whole pot (``board_column`` ``"all"``), the
    equity on each board (``"1"``, ``"2"``) or run (``"run1"`` …) alone, each with the variance
    of the share taken home, then the joint outcomes (``"both"``, or ``"all"`` for runs): the
    ``share`` of the pot taken home, its ``outcome`` word and ``probability`` (summing to 1 per
    player), with ``std_error`` (0 when exact)."""

    board: str
    dead: Optional[str] = None
    board2: Optional[str] = None
    boards: Optional[int] = None
    runs: Optional[int] = None
    exact: bool = False
    rounds: Optional[int] = None
    seed: Optional[int] = None
    threads: int = 1
    game: Optional[str] = None
    command: str = constant("equity")

    _meta = ("command", "game", "board", "boards", "board2", "runs", "dead", "exact", "rounds",
             "seed")


def runouts(
    players: Sequence[str],
    board: str = "",
    board2: Optional[str] = None,
    dead: str = "",
    boards: Optional[int] = None,
    runs: Optional[int] = None,
    exact: Optional[bool] = None,
    rounds: Optional[Count] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    opponents: Optional[int] = None,
    game: str = "holdem",
    trips_beat_straight: bool = False,
) -> RunoutsResult:
    """A double board (``boards=2``, the second board's known cards ``board2``) or one board
    run ``runs`` times (2 to 4), or both (``boards=2, runs=2``: each board run twice, four
    boards), the rows of ``sim equity --boards 2`` / ``--runs N``: a hand, a range (weights
    and percentages as in ``equity``) or ``"random"`` per player, and ``opponents`` random
    players after them, in hold'em, short deck, hold'em hi/lo, Omaha or Courchevel; exact when
    the count is cheap (with ranges: every assignment of their hands times every deal), else
    seeded Monte Carlo (default one million rounds; ranges and random players are drawn anew
    every round).

    >>> r = runouts(["AsAh", "KsKh"], board="Qh7h2c", runs=2)
    >>> r.exact, round(float(r.probability[0]), 6) == round(float(r.probability[1]), 6)
    (True, True)
    """
    call = _equity_call(players, board, dead, exact, rounds, seed, None, threads, opponents,
                        game, trips_beat_straight)
    call["board2"] = None if board2 is None else _text("--board2", board2)
    call["boards"] = _optional_whole("--boards", boards, 0)
    call["runs"] = _optional_whole("--runs", runs, 0)
    return RunoutsResult._from_core(_core.runouts(call))
