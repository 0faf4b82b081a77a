"""Ids from a request (a URL segment, a form field, a query parameter, a JSON value), read in one way.

An id is a whole number from 1 to ``ID_MAX`` (2**63 - 1, the largest 64-bit primary key SQLite and
PostgreSQL store) written in ASCII digits. ``str.isdigit()`` is not enough: ``"²"`` and ``"٣"`` pass it
(the first fails ``int()``), and a number beyond 64 bits raises ``OverflowError`` in SQLite's driver. Used
by the ``id`` path converter (``tournaments.pages.converters.Id``), the API's ``IdField`` and every view
that reads an id or a small number from posted data."""

from __future__ import annotations

from typing import Any

ID_MAX = 2**63 - 1
_MAX_DIGITS = len(str(ID_MAX))


def parse_int(value: Any, *, minimum: int = 0, maximum: int = ID_MAX) -> int | None:
    """``value`` as an int when it is one (or a string of ASCII digits) within [minimum, maximum]; else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= _MAX_DIGITS:
        number = int(value)
    else:
        return None
    return number if minimum <= number <= maximum else None


def parse_id(value: Any) -> int | None:
    """``value`` as an id (1..ID_MAX, ASCII digits), or None."""
    return parse_int(value, minimum=1)
