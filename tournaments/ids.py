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


def parse_int(value: Any, *, minimum: int = 0, maximum: int = ID_MAX, clamp: bool = False) -> int | None:
    """``value`` as an int when it is one (or a string of ASCII digits, with one leading ``-`` when ``minimum`` is
    negative) within [minimum, maximum]; else None. ``clamp``: a number beyond the bounds is brought to the nearer
    bound instead (a string of any length: its digits are counted before ``int()`` reads them).

    The one parser of numbers from a request: ``"²"``, ``"٣"``, ``"+1"``, ``" 1"``, ``"1_0"``, ``"1.0"`` are no
    number here, though ``str.isdigit()`` or ``int()`` take some of them."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and value.isascii():
        negative = value.startswith("-") and minimum < 0
        digits = value[1:] if negative else value
        if not digits.isdigit():
            return None
        if len(digits) > _MAX_DIGITS:  # beyond 64 bits: never read whole (int() of a long string is slow)
            return (minimum if negative else maximum) if clamp else None
        number = int(value)
    else:
        return None
    if clamp:
        return min(max(number, minimum), maximum)
    return number if minimum <= number <= maximum else None


def parse_id(value: Any) -> int | None:
    """``value`` as an id (1..ID_MAX, ASCII digits), or None."""
    return parse_int(value, minimum=1)
