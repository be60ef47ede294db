"""Hand strengths: one hand from text, many from an array of card indices, and their categories."""

from __future__ import annotations

from typing import Any, Tuple

import numpy as np

from . import _core
from ._cards import hands_array  # noqa: F401 (the examples below use it)
from ._checks import _text


#: The hand categories, weakest to strongest; ``HandStrength.category_index`` indexes it.
CATEGORIES: Tuple[str, ...] = tuple(_core.CATEGORIES)

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
