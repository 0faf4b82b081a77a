"""The one CSV writer of every export (OWASP "CSV injection"): a text cell starting with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return would be read as a formula by a spreadsheet (a player named
``=HYPERLINK(...)``); it is written with a leading ``'``, which spreadsheets show as text. Numbers
(ints, floats) are written as they are, so a negative number stays a number.

The header row (issue 14): English column keys by default, so scripts reading the exports never break;
``?lang=pt-br`` or ``?lang=fr`` (or ``en``) writes the column names in that language (:func:`header_row`);
the rows' numbers and names are the same in every language, their texts (results, games, pairing reasons)
follow ``lang`` and are English without it. Any other ``lang`` is a 400 (:func:`csv_language`)."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from django.conf import settings
from django.utils import translation

from tournaments.pages.labels import export_column_name

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


_LANGUAGES = {code.lower(): code for code, _name in settings.LANGUAGES}


def csv_language(value: str | None) -> str | None:
    """The language of a ``lang`` query value: None for none given (English keys), a code of
    ``settings.LANGUAGES`` ("pt-br" for "pt-BR" or "pt_BR"), or raises ValueError for another value."""
    if value is None or value == "":
        return None
    code = value.strip().lower().replace("_", "-")
    if code not in _LANGUAGES:
        raise ValueError(value)
    return _LANGUAGES[code]


def header_row(keys: Iterable[str], language: str | None, headings: Mapping[str, str] | None = None) -> list[str]:
    """The header row: the column keys themselves without a language (the stable default), else each
    column's name in ``language`` (``labels.export_column_name``: a tiebreaker column by its heading in
    ``headings``, row key -> the registry's English heading; a key without a name stays as it is)."""
    keys = list(keys)
    if language is None:
        return keys
    with translation.override(language):
        return [export_column_name(key, headings) for key in keys]
