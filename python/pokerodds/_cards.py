"""Cards as text and as indices (``rank * 4 + suit``)."""

from __future__ import annotations

from typing import Sequence, Union

import numpy as np

from . import _core
from ._checks import _text, _whole


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
