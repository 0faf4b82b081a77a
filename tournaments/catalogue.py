"""The card catalogue both apps read: ``rules.cards.Catalogue`` loaded from settings.SPELLFIRE_CARDS_DIR.

It sits below ``tournaments`` and ``decks`` (the deck format page and the .cff reader need it as
much as deck submission does), so neither app reaches into the other for it.
"""

from __future__ import annotations

import functools
from pathlib import Path

from django.conf import settings
from rules.cards import Catalogue


@functools.lru_cache(maxsize=4)
def _catalogue(cards_dir: str) -> Catalogue:
    return Catalogue.load(Path(cards_dir))


def get_catalogue() -> Catalogue:
    """The card catalogue read from settings.SPELLFIRE_CARDS_DIR (cached per process and directory)."""
    return _catalogue(str(settings.SPELLFIRE_CARDS_DIR))
