"""Type stubs of the extension module ``pokerodds._core`` (use the wrappers in ``pokerodds``)."""

from typing import Any, Dict, List, Optional

import numpy as np
import numpy.typing as npt

CATEGORIES: List[str]
CATEGORY_HANDS: List[int]
DEFAULT_ROUNDS: int
GAMES: List[str]

def card_index(text: str) -> int: ...
def card_name(index: int) -> str: ...
def parse_count(text: str) -> int: ...
def parse_hands(hands: List[str]) -> npt.NDArray[np.uint8]: ...
def evaluate_value(text: str) -> int: ...
def evaluate_batch(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint16]: ...
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
) -> Dict[str, Dict[str, Any]]: ...
def exact(
    cards: int,
    known: str,
    method: str,
    threads: Optional[int],
    game: str = ...,
    trips_beat_straight: bool = ...,
    dead: str = ...,
) -> Dict[str, Dict[str, Any]]: ...
def equity(
    players: List[str],
    board: str,
    dead: str,
    exact: Optional[bool],
    rounds: Optional[int],
    seed: Optional[int],
    target_stderr: Optional[float],
    threads: Optional[int],
    opponents: Optional[int],
    game: str = ...,
    trips_beat_straight: bool = ...,
) -> Dict[str, Dict[str, Any]]: ...
def hits(
    range: str,
    board: str,
    dead: str,
    game: str,
    trips_beat_straight: bool,
    combos: bool,
    improve: bool,
) -> Dict[str, Dict[str, Any]]: ...
def breakdown(
    players: List[str],
    board: str,
    dead: str,
    exact: Optional[bool],
    rounds: Optional[int],
    seed: Optional[int],
    target_stderr: Optional[float],
    threads: Optional[int],
    opponents: Optional[int],
    game: str = ...,
    trips_beat_straight: bool = ...,
) -> Dict[str, Dict[str, Any]]: ...
