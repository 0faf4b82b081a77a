"""Usernames that imitate another's are refused (issue #11): "оrganiser" with a Cyrillic "о", a
full-width "ｏrganiser", "Organiser".

A name's *skeleton* is its NFKC normalisation, case-folded, with every non-ASCII character that the
Unicode confusables data (``confusable_homoglyphs``, a maintained copy of Unicode's confusables.txt)
says looks like an ASCII one replaced by it, then the ASCII look-alikes folded (issue 21, finding 14:
"0rganiser" and "organlser" imitated "organiser"): ``0`` reads as ``o``; ``1``, ``I`` and ``i`` as ``l``;
``rn`` as ``m``, ``vv`` as ``w`` and ``cl`` as ``d`` (:data:`ASCII_LOOKALIKES`; ``5``/``s`` and the like are
left apart). Two names with the same skeleton look alike; a new name whose skeleton is an existing
user's is refused. The price: a few real names collide ("neil" and "nell", "clara" and "dara"); the
second to sign up picks another name.

Display names (``User.first_name``, ``tournaments.models.person_name``) are people's names on pairings and
standings, and a username is the name of an account without one: :func:`imitated_name` refuses a display name
(or a username) whose skeleton is any *other* user's username or display name, so "Alice Mage" cannot be taken
twice, nor "A1ice Mage", nor the username "alice_mage" shown as a name.

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


#: ASCII look-alikes folded into one form, in this order (single characters first: "c1" is "cl", then "d").
ASCII_LOOKALIKES: tuple[tuple[str, str], ...] = (
    ("0", "o"), ("1", "l"), ("i", "l"), ("rn", "m"), ("vv", "w"), ("cl", "d"))


def skeleton(name: str) -> str:
    """The form two look-alike names share (``skeleton("0rgan1ser") == skeleton("\u043erganiser") ==
    "organlser"``): NFKC, case-folded, non-ASCII look-alikes mapped to ASCII, then :data:`ASCII_LOOKALIKES`."""
    text = unicodedata.normalize("NFKC", name).casefold()
    text = "".join(ch if ch.isascii() else _ascii_lookalike(ch) for ch in text)
    text = unicodedata.normalize("NFKC", text).casefold()
    for look_alike, letter in ASCII_LOOKALIKES:
        text = text.replace(look_alike, letter)
    return text


def imitated_username(name: str) -> str | None:
    """The existing username that ``name`` looks like (same skeleton), or None."""
    target = skeleton(name)
    for existing in User.objects.values_list("username", flat=True).iterator():
        if skeleton(existing) == target:
            return existing
    return None


def imitated_name(name: str, *, exclude_user_id: int | None = None) -> str | None:
    """The existing username or display name of another user (not ``exclude_user_id``: the user choosing their
    own name may keep one that looks like their username) that ``name`` looks like (same skeleton), or None.
    One query over every user."""
    target = skeleton(name)
    users = User.objects.exclude(pk=exclude_user_id) if exclude_user_id is not None else User.objects.all()
    for username, shown in users.values_list("username", "first_name").iterator():
        for existing in (username, shown.strip()):
            if existing and skeleton(existing) == target:
                return existing
    return None
