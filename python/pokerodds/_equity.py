"""Each player's share of the pot: ``sim equity``."""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, Optional, Sequence

from . import _core
from ._checks import Count, _equity_call
from ._table import _Table, columns_of, constant, table_class


EQUITY_COLUMNS = columns_of("equity", optional_last=True)


@table_class(*EQUITY_COLUMNS, optional_after="game")
class EquityResult(_Table):
    """Each player's share of the pot, as ``sim equity`` writes it: one row per player.

    ``win`` and ``tie`` are the shares of outcomes won outright and split; ``equity`` adds the
    split pots' shares; ``std_error`` is 0 for exact results. ``wins``, ``ties`` and
    ``outcomes`` are the counts behind them (weighted by the range weights in thousandths), as
    ``uint64`` or, when they do not fit, Python ints. ``options`` holds the run's values of the
    games' own options (``pokerodds.GAME_OPTIONS["equity"]``), each also an attribute that is
    ``None`` when the run has none: the draw games' ``draws`` and, with more than one draw,
    ``pat`` (the pat ranks, one per player)."""

    method: str
    board: Optional[str]
    dead: str
    seed: Optional[int] = None
    rounds: Optional[int] = None
    target_stderr: Optional[float] = None
    threads: int = 1
    game: Optional[str] = None
    shared_last_card: Optional[bool] = None
    options: Dict[str, Any] = dataclasses.field(default_factory=dict)
    ranking: Optional[str] = None
    target_met: Optional[bool] = None
    command: str = constant("equity")

    _meta = ("command", "game", "method", "board", "dead", "shared_last_card", "options",
             "ranking", "seed", "target_met")
    _options_of = "equity"

    @property
    def exact(self) -> bool:
        """Whether every outcome was counted."""
        return self.method == "exact"


def equity(
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
) -> EquityResult:
    """Hold'em equity of 2 to 10 hands or ranges, the numbers of ``sim equity``.

    ``players``: one hand or range each, in ``sim``'s notation (``"AsAh"``, ``"QQ+,AKs"``,
    ``"77-TT"``, ``"T9s-65s"``, ``"AKs:0.5"`` for a weight, ``"random"``); ``opponents`` adds
    that many random hands. ``board``: 0, 3, 4 or 5 cards; ``dead``: cards out of play.
    ``exact=None`` enumerates when that is cheap (estimated at most 50 ms of one core, or within
    the game's older limit: ``sim equity``'s rule) and otherwise
    samples 10 million rounds; ``exact=True`` always enumerates; ``rounds`` and/or
    ``target_stderr`` (or ``exact=False``) ask for Monte Carlo. Without ``seed`` a random one is
    drawn and stored in the result. ``threads`` defaults to every core and never changes the
    result. ``rounds`` takes an int, a whole float (``1e6``) or ``sim``'s text forms (``"1M"``).
    ``game`` is ``sim --game``'s: ``"shortdeck"`` (with ``trips_beat_straight``) or an Omaha game
    (``"omaha"``, ``"omaha5"``, ``"omaha6"`` and their ``-hilo`` forms, and ``"courchevel"``,
    ``"courchevel-hilo"`` whose ``board`` may be its one first flop card; hands like
    ``"AsAhKsKh"`` and ranges like ``"AAxx:ds"``) or ``"holdem-hilo"`` (hold'em's two-card
    ranges, the best five of seven for each half); the hi/lo games add the ``high``, ``low``,
    ``scoop``, ``scoops``, ``pot_units`` and ``units_per_pot`` columns. The stud games
    (``"stud"``, ``"stud-hilo"``, ``"razz"``, 2 to 8 players) take each player's known cards
    (``"AsAhKd"``), the two down cards optionally as a range first (``"(QQ+,AKs)Kd"``,
    ``"(random)7h"``), and ``dead`` cards; no ``board`` (when the deck runs short the last card is
    one shared community card, and ``shared_last_card`` says so). The draw games (``"draw5"``,
    ``"draw5-hilo"``, ``"lowball-27"``, ``"lowball-a5"``, ``"triple-draw-27"``,
    ``"triple-draw-a5"``, ``"badugi"``) take each player's kept cards (``"7c5d2h"``, or
    ``"random"`` to draw a whole hand) and the discards seen in ``dead``.

    ``options``: the games' own options, the keywords of ``pokerodds.GAME_OPTIONS["equity"]``
    as ``sim equity``'s flags of the same names take them (an int or text; a game that does not
    take one refuses it): the draw games' ``draws`` (1 by default; up to 3 in the triple-draw
    games and badugi) and ``pat``, the highest card to stand pat with after the first draw
    (``"9"`` for all, or ``"9,T"`` one per player).

    >>> r = equity(["AcAs", "KhKd"])
    >>> r.exact, int(r.outcomes[0]), int(r.wins[0])
    (True, 1712304, 1388072)
    >>> r = equity(["AsAh", "QQ+,AKs"], rounds=1_000_000, seed=3)
    >>> r.win.tolist(), r.tie.tolist()
    ([0.769927, 0.161138], [0.068935, 0.068935])
    >>> plo = equity(["AsAhKsKh", "QdQcJdJc"], game="omaha", exact=True)
    >>> round(float(plo.equity[0]), 6), int(plo.outcomes[0])
    (0.633806, 1086008)
    >>> lowball = equity(["7c5d4h3s", "9c8d6h4s2c"], game="lowball-27")
    >>> round(float(lowball.equity[0]) * 43, 9), int(lowball.outcomes[0])
    (9.0, 43)
    """
    call = _equity_call(players, board, dead, exact, rounds, seed, target_stderr, threads,
                        opponents, game, trips_beat_straight, ranking, options)
    return EquityResult._from_core(_core.equity(call))
