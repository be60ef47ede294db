"""Checks of the arguments every command shares, with ``sim``'s flag names in their messages."""

from __future__ import annotations

import math
import operator
from typing import Any, Dict, List, Optional, Tuple, Union

import numpy as np

from . import _core


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


GAME_OPTIONS: Dict[str, Tuple[str, ...]] = {
    command: tuple(option[0] for option in options)
    for command, options in _core.GAME_OPTIONS.items()
}
"""The keywords of the games' own options, by command, from the game list (the draw games'
``draws`` and ``pat`` in ``equity``): ``sim``'s flags of the same names. A game that does not
take one refuses it by name."""


def _game_options(command: str, options: Dict[str, Any]) -> List[Tuple[str, str]]:
    """The games' own ``options`` of ``command`` (``None`` values left out) as ``(name,
    text)`` pairs for the request layer, which checks that the game takes them and parses them;
    ``TypeError`` for a keyword no game takes there, as for any unknown keyword."""
    pairs = []
    for name, value in options.items():
        if name not in GAME_OPTIONS.get(command, ()):
            raise TypeError(f"{command}() got an unexpected keyword argument {name!r}")
        if value is None:
            continue
        if isinstance(value, (bool, float)) or not isinstance(value, (int, str, np.integer)):
            raise ValueError(f"--{name} takes a whole number or text, not {value!r}")
        pairs.append((name, str(value)))
    return pairs


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
    ranking: Any = None,
    options: Optional[Dict[str, Any]] = None,
) -> Dict[str, Any]:
    """The arguments :func:`equity`, :func:`breakdown`, :func:`distribution` and :func:`streets`
    share, checked as ``sim equity`` checks its flags, as ``_core`` takes them; ``options``,
    the keywords of the games' own options (:data:`GAME_OPTIONS`)."""
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
        "ranking": None if ranking is None else _text("--ranking", ranking),
        "options": _game_options("equity", options or {}),
    }
    call["game"], call["trips_beat_straight"] = _game(game, trips_beat_straight)
    return call
