"""Equity street by street: ``sim equity --streets``."""

from __future__ import annotations

from typing import Optional, Sequence

from . import _core
from ._checks import Count, _equity_call
from ._equity import HILO_SHARES
from ._table import NUMBERS, TEXT, Column, _Table, constant, table_class


STREETS_COLUMNS = (
    Column("level", TEXT, "street, next (the next street over every card) or card (one card)."),
    Column("street", TEXT, "preflop, flop, turn or river: the street of the row."),
    Column("board", TEXT, "The board before the next cards.", attr="board_column"),
    Column("next", TEXT, "card rows: the card that comes (a flop's three); empty otherwise."),
    Column("probability", NUMBERS, "card rows: the card's probability; 1 otherwise."),
    Column("player", NUMBERS, "The seat, from 1."),
    Column("hand", TEXT, "The player's hand or range as given."),
    Column("method", TEXT, "exact or monte_carlo (next: exact when every card's run was)."),
    Column("equity", NUMBERS, "The equity (next: the probability-weighted mean)."),
    Column("win", NUMBERS, "The share of outcomes won outright (next: weighted mean)."),
    Column("tie", NUMBERS, "The share of outcomes split (next: weighted mean)."),
    Column("std_error", NUMBERS, "The standard error of equity, 0 when exact (next: a bound)."),
    *HILO_SHARES,
    Column("min", NUMBERS, "The lowest equity of the next street (street, card: the equity)."),
    Column("q1", NUMBERS, "The next street's lower quartile."),
    Column("median", NUMBERS, "The next street's median equity."),
    Column("q3", NUMBERS, "The next street's upper quartile."),
    Column("max", NUMBERS, "The next street's highest equity."),
    Column("favourite", NUMBERS, "The probability of being the favourite alone."),
    Column("next_cards", NUMBERS, "next: the number of cards (or flops) behind it; 1 otherwise."),
    Column("samples", NUMBERS, "Outcomes visited or drawn, unweighted."),
)


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
    return StreetsResult._from_core(_core.streets(call, next_cards))
