"""Questions in PQL's form: ``sim query``."""

from __future__ import annotations

from typing import Optional

from . import _core
from ._checks import Count, _optional_count, _optional_float, _optional_whole
from ._table import _Table, columns_of, constant, table_class


QUERY_COLUMNS = columns_of("query")


@table_class(*QUERY_COLUMNS)
class QueryResult(_Table):
    """The answer to a query, as ``sim query`` writes it: one row per selector (a histogram:
    one per value, in ``bucket``), each with its ``value``, its standard error and 95 %
    interval (``std_error``, ``ci_low``, ``ci_high``: 0 and the value itself when counted
    exactly), and the weighted ``hits`` and ``weight`` behind it. ``trials`` deals were counted
    or sampled, ``admitted`` of them met the ``where`` condition."""

    query: str
    method: str
    trials: int
    admitted: int
    seed: Optional[int] = None
    threads: int = 1
    game: Optional[str] = None
    command: str = constant("query")

    _meta = ("command", "query", "game", "method", "trials", "admitted", "seed")

    @property
    def exact(self) -> bool:
        """Whether every outcome was counted."""
        return self.method == "exact"


def query(
    text: str,
    exact: bool = False,
    rounds: Optional[Count] = None,
    seed: Optional[int] = None,
    target_stderr: Optional[float] = None,
    threads: Optional[int] = None,
) -> QueryResult:
    """Answers a question in PQL's form, ``select … from … [where …]``: the table of
    ``sim query TEXT`` (the language, its functions and how it runs: the guide's query page).
    Counted exactly when that is cheap (``exact=True`` insists, up to its limit), otherwise
    sampled, ``rounds`` trials from ``seed`` (drawn and stored in the result when omitted), or
    until every standard error is below ``target_stderr``. ``threads`` never changes the
    result. A bad query is a ``ValueError`` with ``sim``'s one line (``query:1:38: …``).

    >>> r = query("select avg(riverEquity(hero)) as eq from game='holdem', hero='AsAh', "
    ...           "villain='KsKh'")
    >>> r.exact, r.name[0], round(float(r.value[0]), 6)
    (True, 'eq', 0.826366)
    """
    if not isinstance(text, str):
        raise ValueError(f"the query takes text like 'select … from …', not {text!r}")
    if not isinstance(exact, bool):
        raise ValueError(f"--exact takes True or False, not {exact!r}")
    raw = _core.query(
        text,
        exact,
        _optional_count("--rounds", rounds),
        _optional_float("--target-stderr", target_stderr),
        _optional_whole("--seed", seed),
        _optional_whole("--threads", threads, 1),
    )
    return QueryResult._from_core(raw)
