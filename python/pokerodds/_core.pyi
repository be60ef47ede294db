"""Type stubs of the extension module ``pokerodds._core`` (use the wrappers in ``pokerodds``).

``call``: the arguments of a ``sim equity`` run as ``pokerodds._equity_call`` checks them, a
dictionary with the keys ``players``, ``board``, ``dead``, ``exact``, ``rounds``, ``seed``,
``target_stderr``, ``threads``, ``opponents``, ``game``, ``trips_beat_straight``, ``ranking``
and ``options``, the games' own options as ``(name, text)`` pairs."""

from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt

CATEGORIES: List[str]
CATEGORY_HANDS: List[int]
DEFAULT_ROUNDS: int
GAMES: List[str]
#: The games' own options by command: (name, value name, help, the games that take it).
GAME_OPTIONS: Dict[str, List[Tuple[str, str, str, List[str]]]]
MIN_BINS: int
#: Each table's columns: (name, kind, words, whether some runs leave it out).
TABLES: Dict[str, List[Tuple[str, str, str, bool]]]

def card_index(text: str) -> int: ...
def card_name(index: int) -> str: ...
def parse_count(text: str) -> int: ...
def parse_hands(hands: List[str]) -> npt.NDArray[np.uint8]: ...
def evaluate_value(text: str) -> int: ...
def evaluate_batch(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint16]: ...
def eval_path_name() -> str: ...
def odds(
    cards: int,
    known: str,
    rounds: Optional[int],
    seed: Optional[int],
    threads: Optional[int],
    target_stderr: Optional[float],
    max_rounds: Optional[int],
    game: str = ...,
    trips_beat_straight: bool = ...,
    dead: str = ...,
    options: List[Tuple[str, str]] = ...,
) -> Dict[str, Dict[str, Any]]: ...
def exact(
    cards: int,
    known: str,
    method: str,
    threads: Optional[int],
    game: str = ...,
    trips_beat_straight: bool = ...,
    dead: str = ...,
    options: List[Tuple[str, str]] = ...,
) -> Dict[str, Dict[str, Any]]: ...
def equity(call: Dict[str, Any]) -> Dict[str, Dict[str, Any]]: ...
def hits(
    range: str,
    board: str,
    dead: str,
    game: str,
    trips_beat_straight: bool,
    combos: bool,
    improve: bool,
    ranking: Optional[str],
) -> Dict[str, Dict[str, Any]]: ...
def breakdown(call: Dict[str, Any]) -> Dict[str, Dict[str, Any]]: ...
def calling_range(
    call: Dict[str, Any],
    seat: Optional[int],
    pot: Optional[float],
    to_call: Optional[float],
    min_equity: Optional[float],
) -> Dict[str, Dict[str, Any]]: ...
def distribution(
    call: Dict[str, Any], bins: Optional[int], versus: bool
) -> Dict[str, Dict[str, Any]]: ...
def streets(call: Dict[str, Any], next_cards: bool) -> Dict[str, Dict[str, Any]]: ...
def runouts(call: Dict[str, Any]) -> Dict[str, Dict[str, Any]]: ...
def query(
    text: str,
    exact: bool,
    rounds: Optional[int],
    target_stderr: Optional[float],
    seed: Optional[int],
    threads: Optional[int],
) -> Dict[str, Dict[str, Any]]: ...
def rank(
    hand: Optional[str],
    top: Optional[str],
    ranking: Optional[str],
    game: str,
    trips_beat_straight: bool,
) -> Dict[str, Dict[str, Any]]: ...
