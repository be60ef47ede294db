"""The generic result table: columns as numpy arrays, ``to_dict`` and ``to_pandas``."""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

import numpy as np

from ._checks import _U64_MAX


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
