"""Equity street by street: ``sim equity --streets``."""

from __future__ import annotations

from typing import Optional, Sequence

from . import _core
from ._checks import Count, _equity_call
from ._table import _Table, columns_of, constant, table_class


STREETS_COLUMNS = columns_of("streets", attrs={"board": "board_column"})


@table_class(*STREETS_COLUMNS, optional_after="game")
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

    board: str
    dead: str
    seed: Optional[int] = None
    threads: int = 1
    game: Optional[str] = None
    command: str = constant("equity")
    streets: bool = constant(True)

    _meta = ("command", "streets", "game", "board", "dead", "seed")

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
    ranking: Optional[str] = None,
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
                        opponents, game, trips_beat_straight, ranking=ranking)
    if not isinstance(next_cards, bool):
        raise ValueError(f"next_cards takes True or False, not {next_cards!r}")
    return StreetsResult._from_core(_core.streets(call, next_cards))
