"""The one CSV writer of every export (OWASP "CSV injection"): a text cell starting with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return would be read as a formula by a spreadsheet (a player named
``=HYPERLINK(...)``); it is written with a leading ``'``, which spreadsheets show as text. Numbers
(ints, floats) are written as they are, so a negative number stays a number."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any, Protocol

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class CsvWriter(Protocol):
    """What the views use of ``csv.writer(...)`` (typeshed's ``_csv._writer`` is private)."""

    def writerow(self, row: Iterable[Any], /) -> Any: ...


class SafeWriter:
    """``csv.writer(stream)`` whose every row goes through :func:`safe_cell`."""

    def __init__(self, stream: Any) -> None:
        self._writer = csv.writer(stream)

    def writerow(self, row: Iterable[Any], /) -> Any:
        return self._writer.writerow([safe_cell(v) for v in row])


def csv_writer(stream: Any) -> CsvWriter:
    return SafeWriter(stream)
