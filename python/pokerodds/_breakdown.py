"""Hand-by-hand equity inside the players' ranges: ``sim equity --breakdown``."""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, Optional, Sequence

from . import _core
from ._checks import Count, _equity_call
from ._table import _Table, columns_of, constant, table_class


BREAKDOWN_COLUMNS = columns_of(
    "breakdown",
    attrs={"game": "game_column", "class": "hand_class"},
    rows={"game": lambda r: r.game or "holdem"},
    optional_last=True,
)


@table_class(*BREAKDOWN_COLUMNS, optional_after="shared_last_card")
class BreakdownResult(_Table):
    """Every hand's share of the pot inside the players' ranges, as ``sim equity --breakdown``
    writes it: per player, one row per hand of the range (``level`` ``"hand"``, ``hand`` like
    ``"AhKh"``), then one per starting-hand class (``level`` ``"class"``, ``hand`` like
    ``"AKs"``). ``equity`` is against the other players' whole ranges; ``frequency`` is how
    often the row's hands are dealt among the player's (range weights and card removal), so
    ``sum(frequency * equity)`` over a player's hand rows is the player's equity. ``weight`` is
    the range weight (a class: the mean over its hands); ``std_error`` is 0 for exact results."""

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
    breakdown: bool = constant(True)

    _meta = ("command", "breakdown", "game", "method", "shared_last_card", "board", "dead", "options",
             "ranking", "seed")
    _options_of = "equity"

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
    ranking: Optional[str] = None,
    **options: Any,
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
                        opponents, game, trips_beat_straight, ranking=ranking,
                        options=options)
    return BreakdownResult._from_core(_core.breakdown(call))
