"""Poker odds, exact counts and range-against-range equity from the Rust engine of ``sim``.

Every function calls the workspace's library crates (``deck``, ``eval``, ``engine``,
``equity``) exactly as the ``sim`` command line does, so the same arguments give the same
numbers as ``sim odds``, ``sim exact`` and ``sim equity``. Long calls release the GIL, use every
core unless ``threads`` says otherwise (the result never depends on it), and stop with
``KeyboardInterrupt`` on Ctrl-C. Bad input raises ``ValueError`` with ``sim``'s message.

>>> import pokerodds
>>> pokerodds.evaluate("AsKsQsJsTs9h2c").category
'royal_flush'
>>> r = pokerodds.equity(["AsAh", "KsKh"], board="Qh7h2c")
>>> [round(e, 4) for e in r.equity.tolist()]
[0.9162, 0.0838]
>>> t = pokerodds.odds(rounds=1_000_000, seed=42)
>>> int(t.count.sum()), t.category[1]
(1000000, 'pair')
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _core

__all__ = [
    "CATEGORIES",
    "GAMES",
    "Count",
    "HandStrength",
    "card_index",
    "card_name",
    "hands_array",
    "evaluate",
    "evaluate_batch",
    "eval_path",
    "categories",
    "OddsTable",
    "ExactTable",
    "EquityResult",
    "HitsTable",
    "BreakdownResult",
    "DistributionResult",
    "odds",
    "exact",
    "equity",
    "hits",
    "breakdown",
    "distribution",
    "StreetsResult",
    "streets",
]

#: The hand categories, weakest to strongest; ``HandStrength.category_index`` indexes it.
CATEGORIES: Tuple[str, ...] = tuple(_core.CATEGORIES)

_U64_MAX = 2**64 - 1


def _whole(flag: str, value: Any, minimum: int = 0, maximum: int = _U64_MAX) -> int:
    """``value`` as an int in ``minimum..=maximum``, or ``ValueError`` naming ``sim``'s flag."""
    if isinstance(value, bool):
        raise ValueError(f"{flag} takes a whole number, not {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise ValueError(f"{flag} takes a whole number, not {value!r}") from None
    if number < minimum:
        raise ValueError(f"{flag} must be at least {minimum}")
    if number > maximum:
        raise ValueError(f"{flag} {number} is above the largest value, {maximum}")
    return number


def _optional_whole(flag: str, value: Any, minimum: int = 0) -> Optional[int]:
    return None if value is None else _whole(flag, value, minimum)


Count = Union[int, float, str]
"""A count of rounds: an int, a float holding a whole number (``1e6``), or text in ``sim``'s
notation (``"1_000_000"``, ``"250M"``, ``"2.5e8"``, ``"1G"``)."""


def _count(flag: str, value: Any) -> int:
    """A positive count written any way ``Count`` allows, or ``ValueError`` naming the flag."""
    if isinstance(value, str):
        try:
            return _core.parse_count(value)
        except ValueError as error:
            raise ValueError(f"{flag} {error}") from None
    if isinstance(value, (float, np.floating)):
        if not math.isfinite(value) or not float(value).is_integer():
            raise ValueError(f"{flag} takes a whole number, not {value!r}")
        value = int(value)
    return _whole(flag, value, 1)


def _optional_count(flag: str, value: Any) -> Optional[int]:
    return None if value is None else _count(flag, value)


GAMES: Tuple[str, ...] = tuple(_core.GAMES)
"""The games ``game=`` takes, as ``sim --game`` does."""


def _game(game: Any, trips_beat_straight: Any) -> Tuple[str, bool]:
    if not isinstance(game, str):
        raise ValueError(f"--game takes one of {', '.join(GAMES)}, not {game!r}")
    if not isinstance(trips_beat_straight, bool):
        raise ValueError(f"trips_beat_straight takes True or False, not {trips_beat_straight!r}")
    return game, trips_beat_straight


def _optional_float(flag: str, value: Any) -> Optional[float]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, np.floating, np.integer)):
        raise ValueError(f"{flag} takes a number, not {value!r}")
    return float(value)


def _text(flag: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{flag} takes a string of cards like 'AsKd', not {value!r}")
    return value


# ---------------------------------------------------------------------------------------------
# Cards and evaluation


def card_index(card: str) -> int:
    """The index of one card, ``rank * 4 + suit`` (``2c`` = 0, ``2d`` = 1, ..., ``As`` = 51).

    >>> card_index("As"), card_index("10h"), card_index("2c")
    (51, 34, 0)
    """
    return _core.card_index(_text("card", card))


def card_name(index: int) -> str:
    """The text of card ``index``.

    >>> card_name(51)
    'As'
    """
    return _core.card_name(_whole("card index", index, 0, 255))


def hands_array(hands: Union[str, Sequence[str]]) -> np.ndarray:
    """Hands of equal size as a ``uint8`` array of card indices, shape ``(len(hands), cards)``,
    ready for :func:`evaluate_batch`. Cards may be written together, spaced or comma separated.

    >>> hands_array(["AsKsQsJsTs", "2c3d4h5s7c"])
    array([[51, 47, 43, 39, 35],
           [ 0,  5, 10, 15, 20]], dtype=uint8)
    """
    if isinstance(hands, str):
        hands = [hands]
    hands = list(hands)
    for i, hand in enumerate(hands):
        if not isinstance(hand, str):
            raise ValueError(f"hand {i} is not a string of cards: {hand!r}")
    return _core.parse_hands(hands)


#: Distinct five-card hand values per category (7,462 in all): a strength's order within its
#: category (its low 12 bits) is below its category's entry.
_CATEGORY_HANDS: Tuple[int, ...] = tuple(_core.CATEGORY_HANDS)


def _not_a_strength(what: str, value: Any) -> ValueError:
    return ValueError(
        f"{what} = {value} is not a hand strength (category << 12 | order, with a category "
        "from 0 to 9 and an order below its number of distinct hands)"
    )


class HandStrength(int):
    """A hand's strength: an ``int`` (larger is stronger, equal means a split) whose top four
    bits are the category. Compares, hashes and pickles as an ``int``. Only the 7,462 values a
    five-card hand can have are strengths; any other raises ``ValueError``.

    >>> s = evaluate("7h7d7c2s2d")
    >>> s.category, s.category_index
    ('full_house', 6)
    >>> s > evaluate("AsKsQsJs9s")
    True
    >>> HandStrength(40960)
    Traceback (most recent call last):
        ...
    ValueError: HandStrength = 40960 is not a hand strength (category << 12 | order, with a category from 0 to 9 and an order below its number of distinct hands)
    """

    __slots__ = ()

    def __new__(cls, value: Any = 0) -> "HandStrength":
        strength = super().__new__(cls, value)
        number = int(strength)
        category = number >> 12
        if (
            number < 0
            or category >= len(_CATEGORY_HANDS)
            or number & 0xFFF >= _CATEGORY_HANDS[category]
        ):
            raise _not_a_strength("HandStrength", number)
        return strength

    @property
    def category_index(self) -> int:
        """The category's position in :data:`CATEGORIES` (0 = high card ... 9 = royal flush)."""
        return int(self) >> 12

    @property
    def category(self) -> str:
        """The category's name, e.g. ``'flush'``."""
        return CATEGORIES[int(self) >> 12]

    def __repr__(self) -> str:
        return f"HandStrength({int(self)}, category={self.category!r})"

    def __reduce__(self) -> Tuple[Any, Tuple[int]]:
        return (HandStrength, (int(self),))


def evaluate(cards: str) -> HandStrength:
    """The strength of the best five of 5 to 7 cards given as text.

    >>> evaluate("AsKsQsJsTs9h2c").category
    'royal_flush'
    >>> evaluate("Ah2d3c4s5h") < evaluate("2h3d4c5s6h")  # the wheel is the lowest straight
    True
    """
    return HandStrength(_core.evaluate_value(_text("cards", cards)))


def evaluate_batch(hands: Any) -> np.ndarray:
    """The strengths (``uint16``) of every row of an integer array of card indices of shape
    ``(n, 5)``, ``(n, 6)`` or ``(n, 7)``, evaluated with the GIL released. ``strengths >> 12``
    gives the categories (see :func:`categories`). Rows are evaluated many at a time, on the
    vector path :func:`eval_path` names; every path gives the same strengths.

    >>> evaluate_batch(hands_array(["AsKsQsJsTs9h2c", "2c3d4h5s7c8d9h"])) >> 12
    array([9, 0], dtype=uint16)
    """
    array = np.asarray(hands)
    if array.ndim != 2:
        raise ValueError(f"hands must be a 2-dimensional array (n, 5..7), not shape {array.shape}")
    if array.dtype != np.uint8:
        if not np.issubdtype(array.dtype, np.integer):
            raise ValueError(f"hands must hold integer card indices, not {array.dtype}")
        if array.size and (array.min() < 0 or array.max() > 51):
            raise ValueError("hands must hold card indices from 0 to 51")
        array = array.astype(np.uint8)
    return _core.evaluate_batch(array)


def eval_path() -> str:
    """The batch evaluation path :func:`evaluate_batch` runs: ``"avx512"`` (16 hands a step),
    ``"avx2"`` (8) or ``"scalar"``, the fastest this CPU runs unless the environment variable
    ``POKERODDS_EVAL_PATH`` names one (read once per process). An unknown name, or a path this
    CPU lacks, raises ``ValueError`` here and from :func:`evaluate_batch`.

    >>> eval_path() in ("scalar", "avx2", "avx512")
    True
    """
    return _core.eval_path_name()


def categories(strengths: Any) -> np.ndarray:
    """Category indices (``uint8``, positions in :data:`CATEGORIES`) of an array of strengths,
    of the array's shape. A value that is no hand's strength raises ``ValueError``.

    >>> categories(evaluate_batch(hands_array(["AsAdKsKd2c", "AsAdAcKsKd"])))
    array([2, 6], dtype=uint8)
    """
    array = np.asarray(strengths)
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise ValueError(f"strengths must be integers (hand strengths), not {array.dtype}")
    # Values outside 0..=0xFFFF become 0xFFFF, whose category (15) has no hands: refused below.
    outside = array > 0xFFFF
    if array.dtype.kind == "i":
        outside |= array < 0
    values = np.where(outside, 0xFFFF, array).astype(np.uint16)
    limits = np.zeros(16, dtype=np.uint16)
    limits[: len(_CATEGORY_HANDS)] = _CATEGORY_HANDS
    bad = (values & 0xFFF) >= limits[values >> 12]
    if bad.any():
        at = tuple(int(i) for i in np.argwhere(bad)[0])
        what = f"strengths[{', '.join(str(i) for i in at)}]" if at else "strengths"
        raise _not_a_strength(what, array[at])
    return (values >> 12).astype(np.uint8)


# ---------------------------------------------------------------------------------------------
# Tables


class _Table:
    """Columns as numpy arrays (one entry per row), with ``to_dict`` and ``to_pandas``."""

    _columns: Tuple[str, ...] = ()
    _meta: Tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(getattr(self, self._columns[0]))

    def to_dict(self) -> Dict[str, Any]:
        """The document ``sim ... --format json`` writes: the run's parameters and ``rows``, one
        dictionary per row, with plain Python numbers."""
        doc: Dict[str, Any] = {}
        for name in self._meta:
            value = getattr(self, name)
            if value is not None:
                doc[name] = value
        columns = [(name, getattr(self, name)) for name in self._columns]
        doc["rows"] = [
            {name: _plain(values[i]) for name, values in columns} for i in range(len(self))
        ]
        return doc

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame`` (pandas is imported only here)."""
        import pandas as pd

        return pd.DataFrame({name: getattr(self, name) for name in self._columns})


def _plain(value: Any) -> Any:
    return value.item() if isinstance(value, np.generic) else value


def _column(values: Any) -> np.ndarray:
    """A float column, or an object array holding ``None`` where ``sim`` writes null."""
    if isinstance(values, np.ndarray):
        return values
    return np.array(values, dtype=object)


def _counts(values: List[int]) -> np.ndarray:
    """Exact counts: ``uint64`` when they fit, else an object array of Python ints."""
    if all(v <= _U64_MAX for v in values):
        return np.array(values, dtype=np.uint64)
    return np.array(values, dtype=object)


_HILO_COUNTS = ("scoops", "pot_units", "units_per_pot")


def _hilo_columns(columns: Dict[str, Any], names: Tuple[str, ...]) -> Dict[str, Any]:
    """The hi/lo columns of a hi/lo game's rows (none in other games), their counts exact."""
    return {name: _counts(columns[name]) if name in _HILO_COUNTS else columns[name]
            for name in names if name in columns}


@dataclass(eq=False)
class OddsTable(_Table):
    """A Monte Carlo category table, as ``sim odds`` writes it: one row per category, weakest
    first. Columns are numpy arrays; ``cards``, ``known``, ``rounds`` and ``seed`` repeat the run."""

    category: Tuple[str, ...]
    count: np.ndarray
    probability: np.ndarray
    std_error: np.ndarray
    ci95_low: np.ndarray
    ci95_high: np.ndarray
    exact_probability: np.ndarray
    z_score: np.ndarray
    cards: Optional[int]
    known: str
    rounds: int
    seed: int
    target_stderr: Optional[float] = None
    target_met: Optional[bool] = None
    threads: int = 1
    game: Optional[str] = None
    table: Optional[str] = None
    dead: Optional[str] = None
    command: str = field(default="odds", repr=False)

    _columns = (
        "category",
        "count",
        "probability",
        "std_error",
        "ci95_low",
        "ci95_high",
        "exact_probability",
        "z_score",
    )
    _meta = ("command", "game", "table", "cards", "known", "dead", "rounds", "seed", "target_stderr")


@dataclass(eq=False)
class ExactTable(_Table):
    """Exact category counts of every completion, as ``sim exact`` writes them."""

    category: Tuple[str, ...]
    count: np.ndarray
    probability: np.ndarray
    cards: Optional[int]
    known: str
    total: int
    method: str = "combinatorial"
    game: Optional[str] = None
    table: Optional[str] = None
    dead: Optional[str] = None
    command: str = field(default="exact", repr=False)

    _columns = ("category", "count", "probability")
    _meta = ("command", "game", "table", "cards", "known", "dead", "total")


@dataclass(eq=False)
class EquityResult(_Table):
    """Each player's share of the pot, as ``sim equity`` writes it: one row per player.

    ``win`` and ``tie`` are the shares of outcomes won outright and split; ``equity`` adds the
    split pots' shares; ``std_error`` is 0 for exact results. ``wins``, ``ties`` and
    ``outcomes`` are the counts behind them (weighted by the range weights in thousandths), as
    ``uint64`` or, when they do not fit, Python ints."""

    player: np.ndarray
    hand: Tuple[str, ...]
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
    high: Optional[np.ndarray] = None
    low: Optional[np.ndarray] = None
    scoop: Optional[np.ndarray] = None
    scoops: Optional[np.ndarray] = None
    pot_units: Optional[np.ndarray] = None
    units_per_pot: Optional[np.ndarray] = None
    shared_last_card: Optional[bool] = None
    target_met: Optional[bool] = None
    command: str = field(default="equity", repr=False)

    _columns = (
        "player",
        "hand",
        "win",
        "tie",
        "equity",
        "std_error",
        "samples",
        "wins",
        "ties",
        "outcomes",
    )
    _meta = ("command", "game", "method", "board", "dead", "shared_last_card", "seed",
             "target_met")
    _hilo_columns = ("high", "low", "scoop", "scoops", "pot_units", "units_per_pot")

    def __post_init__(self) -> None:
        if self.high is not None:
            # Omaha hi/lo and stud hi/lo: the columns of `sim equity --game omaha-hilo`.
            self._columns = type(self)._columns + self._hilo_columns

    @property
    def exact(self) -> bool:
        """Whether every outcome was counted."""
        return self.method == "exact"


@dataclass(eq=False)
class HitsTable(_Table):
    """What a range hits on a board, as ``sim hits`` writes it: the whole range's row
    (``kind == "range"``, ``class_ == "all"``), then one row per class: the made hands
    (``"made"``, exclusive: their combos add up to the range's) strongest first, then the draws
    (``"draw"``, overlapping). ``combos`` counts each combo once; ``weighted_combos`` weighs
    them by the range's weights; ``share`` is the weighted share of the range. With
    ``combos=True``, ``hands`` holds each class's combos as a range; with ``improve=True`` the
    ``river_<category>`` columns (``river_high_card`` ... ``river_royal_flush``) hold the
    probability that a combo of the class ends the hand in that category by the river (``None``
    for an empty class). ``class_`` is the ``class`` column (``to_dict`` and ``to_pandas`` name
    it ``class``)."""

    kind: Tuple[str, ...]
    class_: Tuple[str, ...]
    combos: np.ndarray
    weighted_combos: np.ndarray
    share: np.ndarray
    range: str
    board: str
    dead: str
    hands: Optional[Tuple[str, ...]] = None
    river: Optional[Dict[str, np.ndarray]] = None
    runouts_per_combo: Optional[int] = None
    game: Optional[str] = None
    command: str = field(default="hits", repr=False)

    _columns = ("kind", "class_", "combos", "weighted_combos", "share")
    _meta = ("command", "game", "range", "board", "dead", "runouts_per_combo")

    def _named_columns(self) -> List[Tuple[str, Any]]:
        named = [(name.rstrip("_"), getattr(self, name)) for name in self._columns]
        if self.hands is not None:
            named.append(("hands", self.hands))
        if self.river is not None:
            named.extend(self.river.items())
        return named

    def to_dict(self) -> Dict[str, Any]:
        """The document ``sim hits --format json`` writes."""
        doc: Dict[str, Any] = {}
        for name in self._meta:
            value = getattr(self, name)
            if value is not None:
                doc[name] = value
        columns = self._named_columns()
        doc["rows"] = [
            {name: _plain(values[i]) for name, values in columns} for i in range(len(self))
        ]
        return doc

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame``, with the columns of ``sim hits``'s CSV."""
        import pandas as pd

        return pd.DataFrame(dict(self._named_columns()))


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


# ---------------------------------------------------------------------------------------------
# Computations


def odds(
    cards: int = 7,
    known: str = "",
    rounds: Optional[Count] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    target_stderr: Optional[float] = None,
    max_rounds: Optional[Count] = None,
    game: str = "holdem",
    trips_beat_straight: bool = False,
    dead: str = "",
) -> OddsTable:
    """Monte Carlo probabilities of every hand category, the numbers of ``sim odds``.

    ``cards`` (5 to 7) cards per hand, ``known`` of them fixed (text such as ``"AsKd"``);
    ``rounds`` hands (default 10,000,000), or with ``target_stderr`` until every standard error
    is below it (at most ``max_rounds``, default 1,000,000,000). Without ``seed`` a random one is
    drawn and stored in the result's ``seed``. ``threads`` defaults to every core and never
    changes the result. Counts take an int, a whole float (``1e6``) or ``sim``'s text forms
    (``"2M"``, ``"2.5e8"``, ``"1_000_000"``). ``game`` is ``sim --game``'s (``"shortdeck"``, with
    ``trips_beat_straight``; the Omaha games, whose hands are 4 to 6 hole cards and a board, with
    ``known`` hole cards and the exact columns only when all are known). ``dead`` cards are out
    of play, never dealt, in every game (``sim odds --dead``). The stud games (``"stud"``,
    ``"stud-hilo"``, ``"razz"``) take ``known`` cards of one seven-card hand; their rows are
    stud's categories, razz's A-5 lows (``5_low`` … ``k_low``, ``no_low``) and stud hi/lo's
    eight-or-better lows, with the exact probabilities.

    >>> t = odds(known="AsAh", rounds=2_000_000, seed=1)
    >>> int(t.count[1]), round(float(t.exact_probability[1]), 6)
    (720739, 0.359786)
    >>> odds(known="AsAh", rounds=2_000_000, seed=1, threads=1).count.tolist() == t.count.tolist()
    True
    >>> odds(known="AsAh", rounds="2M", seed=1).count.tolist() == t.count.tolist()
    True
    """
    raw = _core.odds(
        _whole("--cards", cards),
        _text("--known", known),
        _optional_count("--rounds", rounds),
        _optional_whole("--seed", seed),
        _optional_whole("--threads", threads, 1),
        _optional_float("--target-stderr", target_stderr),
        _optional_count("--max-rounds", max_rounds),
        *_game(game, trips_beat_straight),
        _text("--dead", dead),
    )
    c, m = raw["columns"], raw["meta"]
    return OddsTable(
        category=tuple(c["category"]),
        count=c["count"],
        probability=c["probability"],
        std_error=c["std_error"],
        ci95_low=c["ci95_low"],
        ci95_high=c["ci95_high"],
        exact_probability=_column(c["exact_probability"]),
        z_score=_column(c["z_score"]),
        cards=m.get("cards"),
        known=m["known"],
        rounds=m["rounds"],
        seed=m["seed"],
        target_stderr=m.get("target_stderr"),
        target_met=m.get("target_met"),
        threads=m["threads"],
        game=m.get("game"),
        table=m.get("table"),
        dead=m.get("dead"),
    )


def exact(
    cards: int = 7,
    known: str = "",
    method: str = "auto",
    threads: Optional[int] = None,
    game: str = "holdem",
    trips_beat_straight: bool = False,
    dead: str = "",
) -> ExactTable:
    """Exact category counts of every completion of ``known`` to ``cards`` cards, the numbers of
    ``sim exact``. ``method``: ``"auto"`` (combinatorial without known or dead cards, else every
    hand visited), ``"combinatorial"`` or ``"enumerate"``. ``dead`` cards are out of play: the
    completions come from the rest of the deck. ``game``: ``"holdem"`` or ``"shortdeck"`` (with
    ``trips_beat_straight``), counted by enumeration; the stud games (``"stud"``,
    ``"stud-hilo"``, ``"razz"``) count the seven-card completions of ``known``, in the rows of
    ``odds``; Omaha is refused as ``sim exact`` refuses it.

    >>> t = exact(cards=5)
    >>> int(t.count[9]), t.total
    (4, 2598960)
    """
    if not isinstance(method, str):
        raise ValueError(f"--method takes auto, combinatorial or enumerate, not {method!r}")
    raw = _core.exact(
        _whole("--cards", cards),
        _text("--known", known),
        method,
        _optional_whole("--threads", threads, 1),
        *_game(game, trips_beat_straight),
        _text("--dead", dead),
    )
    c, m = raw["columns"], raw["meta"]
    return ExactTable(
        category=tuple(c["category"]),
        count=c["count"],
        probability=c["probability"],
        cards=m.get("cards"),
        known=m["known"],
        total=m["total"],
        method=m["method"],
        game=m.get("game"),
        table=m.get("table"),
        dead=m.get("dead"),
    )


def _equity_call(
    players: Any,
    board: Any,
    dead: Any,
    exact: Any,
    rounds: Any,
    seed: Any,
    target_stderr: Any,
    threads: Any,
    opponents: Any,
    game: Any,
    trips_beat_straight: Any,
) -> Dict[str, Any]:
    """The arguments :func:`equity`, :func:`breakdown`, :func:`distribution` and :func:`streets`
    share, checked as ``sim equity`` checks its flags, as ``_core`` takes them."""
    if isinstance(players, str):
        raise ValueError("players takes a list of hands or ranges, e.g. ['AsAh', 'QQ+,AKs']")
    players = list(players)
    for i, p in enumerate(players):
        if not isinstance(p, str):
            raise ValueError(f"player {i + 1}: want a hand or range as text, not {p!r}")
    if exact is not None and not isinstance(exact, bool):
        raise ValueError(f"exact takes True, False or None, not {exact!r}")
    call = {
        "players": players,
        "board": _text("--board", board),
        "dead": _text("--dead", dead),
        "exact": exact,
        "rounds": _optional_count("--rounds", rounds),
        "seed": _optional_whole("--seed", seed),
        "target_stderr": _optional_float("--target-stderr", target_stderr),
        "threads": _optional_whole("--threads", threads, 1),
        "opponents": _optional_whole("--opponents", opponents, 1),
    }
    call["game"], call["trips_beat_straight"] = _game(game, trips_beat_straight)
    return call


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
) -> EquityResult:
    """Hold'em equity of 2 to 10 hands or ranges, the numbers of ``sim equity``.

    ``players``: one hand or range each, in ``sim``'s notation (``"AsAh"``, ``"QQ+,AKs"``,
    ``"77-TT"``, ``"T9s-65s"``, ``"AKs:0.5"`` for a weight, ``"random"``); ``opponents`` adds
    that many random hands. ``board``: 0, 3, 4 or 5 cards; ``dead``: cards out of play.
    ``exact=None`` enumerates when that is cheap (at most 50 million outcomes) and otherwise
    samples 10 million rounds; ``exact=True`` always enumerates; ``rounds`` and/or
    ``target_stderr`` (or ``exact=False``) ask for Monte Carlo. Without ``seed`` a random one is
    drawn and stored in the result. ``threads`` defaults to every core and never changes the
    result. ``rounds`` takes an int, a whole float (``1e6``) or ``sim``'s text forms (``"1M"``).
    ``game`` is ``sim --game``'s: ``"shortdeck"`` (with ``trips_beat_straight``) or an Omaha game
    (``"omaha"``, ``"omaha5"``, ``"omaha6"`` and their ``-hilo`` forms, hands like
    ``"AsAhKsKh"`` and ranges like ``"AAxx:ds"``); the hi/lo games add the ``high``, ``low``,
    ``scoop``, ``scoops``, ``pot_units`` and ``units_per_pot`` columns. The stud games
    (``"stud"``, ``"stud-hilo"``, ``"razz"``, 2 to 8 players) take each player's known cards
    (``"AsAhKd"``), the two down cards optionally as a range first (``"(QQ+,AKs)Kd"``,
    ``"(random)7h"``), and ``dead`` cards; no ``board`` (when the deck runs short the last card is
    one shared community card, and ``shared_last_card`` says so).

    >>> r = equity(["AcAs", "KhKd"])
    >>> r.exact, int(r.outcomes[0]), int(r.wins[0])
    (True, 1712304, 1388072)
    >>> r = equity(["AsAh", "QQ+,AKs"], rounds=1_000_000, seed=3)
    >>> r.win.tolist(), r.tie.tolist()
    ([0.769927, 0.161138], [0.068935, 0.068935])
    >>> plo = equity(["AsAhKsKh", "QdQcJdJc"], game="omaha", exact=True)
    >>> round(float(plo.equity[0]), 6), int(plo.outcomes[0])
    (0.633806, 1086008)
    """
    call = _equity_call(players, board, dead, exact, rounds, seed, target_stderr, threads,
                        opponents, game, trips_beat_straight)
    raw = _core.equity(call)
    c, m = raw["columns"], raw["meta"]
    hilo = _hilo_columns(c, EquityResult._hilo_columns)
    return EquityResult(
        player=c["player"],
        hand=tuple(c["hand"]),
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
        shared_last_card=m.get("shared_last_card"),
        seed=m.get("seed"),
        rounds=m.get("rounds"),
        target_stderr=m.get("target_stderr"),
        target_met=m.get("target_met"),
        threads=m["threads"],
        game=m.get("game"),
        **hilo,
    )


def hits(
    range: str,
    board: str,
    dead: str = "",
    game: str = "holdem",
    combos: bool = False,
    improve: bool = False,
    trips_beat_straight: bool = False,
) -> HitsTable:
    """What a hold'em or short-deck range hits on a flop, turn or river: the table of
    ``sim hits RANGE --board BOARD``, with its made-hand and draw classes as defined in the user
    guide (``docs/src/hits.md``). ``range`` is in ``sim``'s notation (``"QQ+,AKs:0.5"``,
    ``"random"``); ``dead`` cards leave the range and the cards to come. ``combos=True`` adds
    each class's combos (``--combos``), ``improve=True`` the probability of each final category
    by the river, every runout counted (``--improve``). ``game``: ``"holdem"`` or ``"shortdeck"``
    (with ``trips_beat_straight``); Omaha is refused as ``sim hits`` refuses it.

    >>> t = hits("AA,KK,AKs", board="Kh9h5c")
    >>> dict(zip(t.class_, t.combos.tolist()))["set"], int(t.combos[0])
    (3, 12)
    """
    for flag, value in (("--combos", combos), ("--improve", improve)):
        if not isinstance(value, bool):
            raise ValueError(f"{flag} takes True or False, not {value!r}")
    if not isinstance(range, str):
        raise ValueError(f"the range takes text like 'QQ+,AKs', not {range!r}")
    raw = _core.hits(
        range,
        _text("--board", board),
        _text("--dead", dead),
        *_game(game, trips_beat_straight),
        combos,
        improve,
    )
    c, m = raw["columns"], raw["meta"]
    river = {name: _column(values) for name, values in c.items() if name.startswith("river_")}
    return HitsTable(
        kind=tuple(c["kind"]),
        class_=tuple(c["class"]),
        combos=c["combos"],
        weighted_combos=c["weighted_combos"],
        share=c["share"],
        range=m["range"],
        board=m["board"],
        dead=m["dead"],
        hands=tuple(c["hands"]) if "hands" in c else None,
        river=river or None,
        runouts_per_combo=m.get("runouts_per_combo"),
        game=m.get("game"),
    )


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


# ---------------------------------------------------------------------------------------------
# Street by street


@dataclass(eq=False)
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

    level: Tuple[str, ...]
    street: Tuple[str, ...]
    board_column: Tuple[str, ...]
    next: Tuple[str, ...]
    probability: np.ndarray
    player: np.ndarray
    hand: Tuple[str, ...]
    method: Tuple[str, ...]
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    std_error: np.ndarray
    min: np.ndarray
    q1: np.ndarray
    median: np.ndarray
    q3: np.ndarray
    max: np.ndarray
    favourite: np.ndarray
    next_cards: np.ndarray
    samples: np.ndarray
    board: str
    dead: str
    seed: Optional[int] = None
    threads: int = 1
    game: Optional[str] = None
    high: Optional[np.ndarray] = None
    low: Optional[np.ndarray] = None
    scoop: Optional[np.ndarray] = None
    command: str = field(default="equity", repr=False)
    streets: bool = field(default=True, repr=False)

    _columns = (
        "level",
        "street",
        "board_column",
        "next",
        "probability",
        "player",
        "hand",
        "method",
        "equity",
        "win",
        "tie",
        "std_error",
        "min",
        "q1",
        "median",
        "q3",
        "max",
        "favourite",
        "next_cards",
        "samples",
    )
    _meta = ("command", "streets", "game", "board", "dead", "seed")
    # The run's ``board`` is a parameter; each row's board is the ``board`` column of tables.
    _names = {"board_column": "board"}

    def __post_init__(self) -> None:
        if self.high is not None:
            # Hi/lo games: the split-pot shares follow std_error, as in sim's table.
            at = self._columns.index("std_error") + 1
            self._columns = self._columns[:at] + ("high", "low", "scoop") + self._columns[at:]

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
    raw = _core.streets(call, next_cards)
    c, m = raw["columns"], raw["meta"]
    return StreetsResult(
        level=tuple(c["level"]),
        street=tuple(c["street"]),
        board_column=tuple(c["board"]),
        next=tuple(c["next"]),
        probability=c["probability"],
        player=c["player"],
        hand=tuple(c["hand"]),
        method=tuple(c["method"]),
        equity=c["equity"],
        win=c["win"],
        tie=c["tie"],
        std_error=c["std_error"],
        min=c["min"],
        q1=c["q1"],
        median=c["median"],
        q3=c["q3"],
        max=c["max"],
        favourite=c["favourite"],
        next_cards=c["next_cards"],
        samples=c["samples"],
        board=m["board"],
        dead=m["dead"],
        seed=m.get("seed"),
        threads=m["threads"],
        game=m.get("game"),
        high=c.get("high"),
        low=c.get("low"),
        scoop=c.get("scoop"),
    )
