"""Translations a test gives a catalogue for a while: a message added by a change is translated by the lead after
merging (the ``.po`` files are not edited with the code), so a test that shows a text goes through ``gettext``
gives it a translation of its own and looks for it on the page."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping

from django.utils.translation import trans_real


@contextlib.contextmanager
def translated(language: str, entries: Mapping[str, str]) -> Iterator[None]:
    """``entries`` (msgid -> msgstr; a ``pgettext`` msgid is ``"context\\x04msgid"``) in ``language``'s catalogue
    while the block runs; the catalogue as it was afterwards."""
    catalog = trans_real.translation(language)._catalog._catalogs[0]  # type: ignore[attr-defined]
    saved = {key: catalog[key] for key in entries if key in catalog}
    catalog.update(entries)
    try:
        yield
    finally:
        for key in entries:
            catalog.pop(key, None)
        catalog.update(saved)
