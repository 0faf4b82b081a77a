"""Usernames that imitate another's are refused (issue #11): "оrganiser" with a Cyrillic "о", a
full-width "ｏrganiser", "Organiser".

A name's *skeleton* is its NFKC normalisation, case-folded, with every non-ASCII character that the
Unicode confusables data (``confusable_homoglyphs``, a maintained copy of Unicode's confusables.txt)
says looks like an ASCII one replaced by it. Two names with the same skeleton look alike; a new name
whose skeleton is an existing user's is refused. ASCII characters are left as they are (``l``/``1``
and ``o``/``0`` stay different: plain-ASCII names are told apart by the case-insensitive check).

The check reads every username once per signup (a few microseconds each): fine for the thousands of
users of a club's site."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs import confusables
from django.contrib.auth.models import User


@lru_cache(maxsize=4096)
def _ascii_lookalike(ch: str) -> str:
    for glyph in confusables.confusables_data.get(ch, ()):
        if glyph["c"].isascii():
            return glyph["c"]
    return ch


def skeleton(name: str) -> str:
    text = unicodedata.normalize("NFKC", name).casefold()
    text = "".join(ch if ch.isascii() else _ascii_lookalike(ch) for ch in text)
    return unicodedata.normalize("NFKC", text).casefold()


def imitated_username(name: str) -> str | None:
    """The existing username that ``name`` looks like (same skeleton), or None."""
    target = skeleton(name)
    for existing in User.objects.values_list("username", flat=True).iterator():
        if skeleton(existing) == target:
            return existing
    return None
