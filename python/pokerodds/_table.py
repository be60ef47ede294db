"""The generic result table: each table's columns are defined once, in the Rust request layer,
and read here from the extension's catalog (``_core.TABLES``) by :func:`columns_of`.

A result class is a dataclass whose fields are the run's parameters (the class body) and the
columns (the list given to :func:`table_class`). From the list alone come the attributes (numpy
arrays, text as tuples), the conversion of the extension's dictionary (``_from_core``), the
rows of ``to_dict`` (``sim ... --format json``'s document) and the frame of ``to_pandas``, all
in the table's column order. A new column is one more entry of the Rust list; nothing here.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Tuple

import numpy as np

from . import _core
from ._checks import _U64_MAX, GAME_OPTIONS


def _plain(value: Any) -> Any:
    return value.item() if isinstance(value, np.generic) else value


def _same(values: Any) -> Any:
    return values


def _column(values: Any) -> np.ndarray:
    """A float column, or an object array holding ``None`` where ``sim`` writes null."""
    if isinstance(values, np.ndarray):
        return values
    return np.array(values, dtype=object)


def _floats(values: Any) -> np.ndarray:
    """Floats, NaN where the extension gives ``None`` (no value in the row)."""
    return values if isinstance(values, np.ndarray) else np.array(values, dtype=np.float64)


def _zero_for_none(values: Any) -> np.ndarray:
    """Whole numbers, 0 where the extension gives ``None`` (no value in the row)."""
    if isinstance(values, np.ndarray):
        return values
    return np.array([0 if v is None else v for v in values], dtype=np.uint64)


def _counts(values: List[int]) -> np.ndarray:
    """Exact counts: ``uint64`` when they fit, else an object array of Python ints."""
    if all(v <= _U64_MAX for v in values):
        return np.array(values, dtype=np.uint64)
    return np.array(values, dtype=object)


def _is_nan(value: Any) -> bool:
    return isinstance(value, float) and math.isnan(value)


def _is_zero(value: Any) -> bool:
    return value == 0


def _ints_or_na(values: Any) -> Any:
    import pandas as pd

    return pd.array([None if v == 0 else int(v) for v in values], dtype="Int64")


class Kind(NamedTuple):
    """How a column is held (``annotation``, ``convert`` from the extension's values) and
    written: ``null`` says which cells ``to_dict`` writes as ``None``, ``frame`` makes the
    pandas column where the attribute itself is not it."""

    annotation: str
    convert: Callable[[Any], Any]
    null: Optional[Callable[[Any], bool]] = None
    frame: Optional[Callable[[Any], Any]] = None


#: Text, one string per row, as a tuple.
TEXT = Kind("Tuple[str, ...]", tuple)
#: Numbers as the extension gives them: ``float64``, or ``uint64`` for whole numbers.
NUMBERS = Kind("np.ndarray", _same)
#: Floats, or an object array holding ``None`` where ``sim`` writes null (no value in the game).
NULLABLE = Kind("np.ndarray", _column)
#: Exact counts: ``uint64``, or an object array of Python ints past 2^64.
COUNTS = Kind("np.ndarray", _counts)
#: Floats, NaN where the row has no value: ``to_dict`` writes null, pandas keeps NaN.
NAN_NULL = Kind("np.ndarray", _floats, null=_is_nan)
#: Whole numbers, 0 where the row has no value: ``to_dict`` writes null, pandas ``<NA>`` (Int64).
ZERO_NULL = Kind("np.ndarray", _zero_for_none, null=_is_zero, frame=_ints_or_na)

#: The Python kind of each kind of the Rust catalog (``request::table::Kind::name``); the
#: floats that a row may lack take the kind ``columns_of`` is given.
_KINDS = {
    "text": TEXT,
    "share": NUMBERS,
    "score": NUMBERS,
    "weight": NUMBERS,
    "count": NUMBERS,
    "count_or_none": ZERO_NULL,
    "exact": COUNTS,
}


class Column(NamedTuple):
    """One column of a table. ``name`` is the column's name in ``sim``'s CSV and JSON, in
    ``to_dict`` and ``to_pandas``, and its key in the extension's columns; ``attr`` the
    attribute where the name is no Python name or is a run parameter's. An ``optional`` column
    exists in some games only (the attribute is ``None`` elsewhere and the tables leave it
    out). A ``prefix`` column is a family of columns whose names start with ``name``, held as a
    dictionary of arrays. A ``row`` column is not stored: it writes the run's value
    ``row(result)`` on every row, as a property."""

    name: str
    kind: Kind
    doc: str
    attr: str = ""
    optional: bool = False
    prefix: bool = False
    row: Optional[Callable[[Any], Any]] = None

    @property
    def attribute(self) -> str:
        return self.attr or self.name

    @property
    def annotation(self) -> str:
        annotation = self.kind.annotation
        if self.prefix:
            annotation = f"Dict[str, {annotation}]"
        return f"Optional[{annotation}]" if self.optional else annotation


def columns_of(
    table: str,
    *,
    nones: Kind = NULLABLE,
    attrs: Optional[Dict[str, str]] = None,
    rows: Optional[Dict[str, Callable[[Any], Any]]] = None,
    prefix: Optional[Tuple[str, str]] = None,
    optional_last: bool = False,
) -> Tuple[Column, ...]:
    """The columns of ``table`` as the extension's catalog lists them (name, kind, words, and
    whether some runs leave the column out), with this layer's choices: ``nones``, the kind of
    the float columns a row may lack (``NULLABLE``: ``None``; ``NAN_NULL``: NaN); ``attrs``, the
    attribute of a column whose name is no Python name or a run parameter's; ``rows``, the
    columns made from the run's parameters (a property, ``row(result)`` on every row);
    ``prefix`` ``(start, attribute)``: the columns whose names start with ``start`` held
    together as one dictionary of arrays; ``optional_last``, the optional columns after the
    others (the order the equity and breakdown classes have always had for the hi/lo columns)."""
    attrs, rows = attrs or {}, rows or {}
    columns: List[Column] = []
    for name, kind, doc, optional in _core.TABLES[table]:
        if prefix is not None and name.startswith(prefix[0]):
            if not any(c.prefix for c in columns):
                columns.append(Column(prefix[0], nones if kind.endswith("_or_none") else
                                      _KINDS[kind], doc, prefix[1], optional, prefix=True))
            continue
        columns.append(
            Column(
                name,
                _KINDS.get(kind, nones),
                doc,
                attr=attrs.get(name, ""),
                optional=optional,
                row=rows.get(name),
            )
        )
    if optional_last:
        columns = [c for c in columns if not c.optional] + [c for c in columns if c.optional]
    return tuple(columns)


def constant(value: Any) -> Any:
    """A field that is the same in every result of the class (``command``, ``breakdown`` ...):
    in ``to_dict``'s document, not in the repr, never read from the extension."""
    return dataclasses.field(default=value, repr=False, metadata={"constant": True})


def table_class(*columns: Column, optional_after: Optional[str] = None) -> Callable[[type], type]:
    """The result class of ``columns`` and the class body's run parameters (dataclass fields):
    its fields are the stored columns, then the run parameters, with the ``optional`` columns
    (default ``None``) after the parameter ``optional_after``."""

    def build(cls: type) -> type:
        parameters = dict(cls.__annotations__)
        stored = [c for c in columns if c.row is None]
        later = {c.attribute: c.annotation for c in stored if c.optional}
        names = [c.attribute for c in columns] + list(parameters)
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise TypeError(f"{cls.__name__}: {', '.join(twice)} named twice")
        if later and optional_after not in parameters:
            raise TypeError(f"{cls.__name__}: optional columns need optional_after")
        unknown = [name for name in getattr(cls, "_meta", ()) if name not in parameters]
        if unknown:
            raise TypeError(f"{cls.__name__}: _meta names no run parameter {', '.join(unknown)}")
        fields = {c.attribute: c.annotation for c in stored if not c.optional}
        for name, annotation in parameters.items():
            fields[name] = annotation
            if name == optional_after:
                fields.update(later)
        for c in stored:
            default = None if c.optional else dataclasses.MISSING
            setattr(cls, c.attribute, dataclasses.field(default=default, metadata={"doc": c.doc}))
        for c in columns:
            if c.row is not None:
                setattr(cls, c.attribute, _row_property(c))
        cls.__annotations__ = fields
        cls._columns = columns  # type: ignore[attr-defined]
        return dataclasses.dataclass(eq=False)(cls)

    return build


def _row_property(column: Column) -> property:
    def values(self: Any) -> Tuple[Any, ...]:
        return (column.row(self),) * len(self)  # type: ignore[misc]

    return property(values, doc=column.doc)


class _Table:
    """Columns as numpy arrays (one entry per row), with ``to_dict`` and ``to_pandas``. The
    subclasses are made by :func:`table_class`, which sets ``_columns``; ``_meta`` names the
    run parameters of ``to_dict``'s document, in its order."""

    _columns: Tuple[Column, ...] = ()
    _meta: Tuple[str, ...] = ()
    #: The command whose games' own options (:data:`GAME_OPTIONS`) the class keeps in its
    #: ``options`` field, from the run parameters of the same names: each is also an attribute
    #: (``result.draws``, ``None`` when the run has none), and ``options`` in ``_meta`` is
    #: where ``to_dict`` writes them.
    _options_of: Optional[str] = None

    def __getattr__(self, name: str) -> Any:
        if self._options_of is not None and name in GAME_OPTIONS.get(self._options_of, ()):
            return (self.__dict__.get("options") or {}).get(name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @classmethod
    def _from_core(cls, raw: Dict[str, Dict[str, Any]]) -> Any:
        """The result of the extension's ``{"columns": ..., "meta": ...}``: each column
        converted by its kind, each run parameter from ``meta`` (``None`` when absent and the
        field has no default)."""
        columns, meta = raw["columns"], raw["meta"]
        values: Dict[str, Any] = {}
        for c in cls._columns:
            if c.row is not None:
                continue
            if c.prefix:
                family = {k: c.kind.convert(v) for k, v in columns.items() if k.startswith(c.name)}
                if family:
                    values[c.attribute] = family
            elif c.name in columns or not c.optional:
                values[c.attribute] = c.kind.convert(columns[c.name])
        stored = {c.attribute for c in cls._columns}
        if cls._options_of is not None:
            names = GAME_OPTIONS.get(cls._options_of, ())
            values["options"] = {name: value for name, value in meta.items() if name in names}
            stored.add("options")
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            if f.name in stored or f.metadata.get("constant"):
                continue
            if f.name in meta:
                values[f.name] = meta[f.name]
            elif f.default is dataclasses.MISSING:
                values[f.name] = None
        return cls(**values)

    def _tabled(self) -> List[Tuple[str, Any, Kind]]:
        """(name, values, kind) of the table's columns, in order; absent optional ones left out."""
        tabled = []
        for c in self._columns:
            values = getattr(self, c.attribute)
            if c.optional and values is None:
                continue
            if c.prefix:
                tabled.extend((name, v, c.kind) for name, v in values.items())
            else:
                tabled.append((c.name, values, c.kind))
        return tabled

    def __len__(self) -> int:
        first = next(c for c in self._columns if c.row is None and not c.optional)
        return len(getattr(self, first.attribute))

    def to_dict(self) -> Dict[str, Any]:
        """The document ``sim ... --format json`` writes: the run's parameters and ``rows``, one
        dictionary per row, with plain Python numbers."""
        doc: Dict[str, Any] = {}
        for name in self._meta:
            value = getattr(self, name)
            if name == "options" and self._options_of is not None:
                doc.update(value)
            elif value is not None:
                doc[name] = value
        columns = self._tabled()
        doc["rows"] = [
            {name: _cell(kind, values[i]) for name, values, kind in columns}
            for i in range(len(self))
        ]
        return doc

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame``, one column per table column in the list's order
        (pandas is imported only here)."""
        import pandas as pd

        return pd.DataFrame(
            {
                name: values if kind.frame is None else kind.frame(values)
                for name, values, kind in self._tabled()
            }
        )


def _cell(kind: Kind, value: Any) -> Any:
    value = _plain(value)
    return None if kind.null is not None and kind.null(value) else value
