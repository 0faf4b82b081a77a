"""Deck-construction formats as data, and the three built-in tournament formats.

Terms used here:

* **deck format** – the construction limits a tournament applies: the exact number
  of cards, the minimum and maximum count per card type, the champion level cap, how
  many avatars are "free" (their levels not counted), how many dungeon cards may be
  added on top, and how many copies of one card are allowed.
* **type limit** – minimum and maximum number of cards of one card type ("Realm"
  8-15); a maximum of None means "any number".  The champion limit counts avatars.
* **free avatar** – an avatar whose levels do not count toward the level cap; it
  still counts as a champion and as a card.
* **dungeon card** – a card of type "Dungeon"; it is a free card outside the deck
  size (decks of 56, 76 or 111 physical cards).

Source: spellfire-tournament-rules-2.0.txt, sections "55-Card Deck (Standard)",
"75-Card Deck", "110-Card Deck" and the dungeon-card paragraph before "How Dungeon
Cards Work".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = [
    "BUILTIN_FORMATS",
    "DeckFormat",
    "TypeLimit",
    "UnknownFormat",
    "get_format",
]

RULES_FILE = "spellfire-tournament-rules-2.0.txt"


@dataclass(frozen=True)
class TypeLimit:
    """How many cards of ``card_type`` a deck may hold: ``minimum``..``maximum``.

    ``maximum`` None means any number.  ``card_type`` uses the catalogue's spelling
    ("Realm", "Magical Item", "Champion", ...).  Source:
    spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard) (the type table).
    """

    card_type: str
    minimum: int
    maximum: int | None

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"card_type": str, "minimum": int, "maximum": int | None}``."""
        return {"card_type": self.card_type, "minimum": self.minimum, "maximum": self.maximum}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TypeLimit:
        """Inverse of :meth:`to_dict`; raises KeyError/TypeError/ValueError on bad input."""
        maximum = data.get("maximum")
        return cls(
            card_type=str(data["card_type"]),
            minimum=int(data["minimum"]),
            maximum=None if maximum is None else int(maximum),
        )


@dataclass(frozen=True)
class DeckFormat:
    """A deck-construction format.

    Fields: ``id`` ("55"), ``name``, ``total`` (exact card count, dungeon cards
    excluded), ``type_limits`` (tuple of :class:`TypeLimit`), ``champion_level_cap``
    (maximum level total of champions, free avatars excluded), ``free_avatars``,
    ``max_dungeon_cards`` (added on top of ``total``), ``max_copies`` (copies of one
    card unless the card allows multiples) and ``source`` (rule citation
    "<file>, <section>").  Source: spellfire-tournament-rules-2.0.txt, 55-Card Deck
    (Standard), 75-Card Deck, 110-Card Deck.
    """

    id: str
    name: str
    total: int
    type_limits: tuple[TypeLimit, ...]
    champion_level_cap: int
    free_avatars: int
    max_dungeon_cards: int = 1
    max_copies: int = 1
    source: str = ""

    def limit_for(self, card_type: str) -> TypeLimit | None:
        """Return the :class:`TypeLimit` for ``card_type`` or None when the format has none."""
        for limit in self.type_limits:
            if limit.card_type == card_type:
                return limit
        return None

    def describe(self) -> str:
        """One-line plain-English summary, e.g. for ``python -m rules formats``."""
        return (
            f"{self.name}: {self.total} cards, champion levels <= {self.champion_level_cap}, "
            f"{self.free_avatars} free avatar{'s' if self.free_avatars != 1 else ''}, "
            f"<= {self.max_dungeon_cards} dungeon card{'s' if self.max_dungeon_cards != 1 else ''} on top"
        )

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-safe dict (lists, str, int, None) that :meth:`from_dict` reads back equal."""
        return {
            "id": self.id,
            "name": self.name,
            "total": self.total,
            "type_limits": [limit.to_dict() for limit in self.type_limits],
            "champion_level_cap": self.champion_level_cap,
            "free_avatars": self.free_avatars,
            "max_dungeon_cards": self.max_dungeon_cards,
            "max_copies": self.max_copies,
            "source": self.source,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DeckFormat:
        """Build a format from :meth:`to_dict` output.

        Optional keys default as the dataclass does.  Raises KeyError, TypeError or
        ValueError on malformed input.
        """
        return cls(
            id=str(data["id"]),
            name=str(data["name"]),
            total=int(data["total"]),
            type_limits=tuple(TypeLimit.from_dict(item) for item in data["type_limits"]),
            champion_level_cap=int(data["champion_level_cap"]),
            free_avatars=int(data["free_avatars"]),
            max_dungeon_cards=int(data.get("max_dungeon_cards", 1)),
            max_copies=int(data.get("max_copies", 1)),
            source=str(data.get("source", "")),
        )


class UnknownFormat(KeyError):
    """No built-in format has the requested id; ``format_id`` and ``valid_ids`` tell which."""

    def __init__(self, format_id: str, valid_ids: list[str]) -> None:
        self.format_id = format_id
        self.valid_ids = list(valid_ids)
        super().__init__(format_id)

    def __str__(self) -> str:
        return f'Unknown deck format "{self.format_id}"; valid formats: {", ".join(self.valid_ids)}.'


#: Card types the tables list as "any number".
_ANY_NUMBER = (
    "Ally",
    "Blood Ability",
    "Cleric Spell",
    "Psionic Power",
    "Thief Ability",
    "Unarmed Combat",
    "Wizard Spell",
)


def _limits(
    rule: tuple[int, int],
    realm: tuple[int, int],
    holding: tuple[int, int],
    champion: tuple[int, int],
    artifact: tuple[int, int],
    magical_item: tuple[int, int],
    event: tuple[int, int],
) -> tuple[TypeLimit, ...]:
    limited = (
        TypeLimit("Rule", *rule),
        TypeLimit("Realm", *realm),
        TypeLimit("Holding", *holding),
        TypeLimit("Champion", *champion),
        TypeLimit("Artifact", *artifact),
        TypeLimit("Magical Item", *magical_item),
        TypeLimit("Event", *event),
    )
    return limited + tuple(TypeLimit(card_type, 0, None) for card_type in _ANY_NUMBER)


BUILTIN_FORMATS: dict[str, DeckFormat] = {
    "55": DeckFormat(
        id="55",
        name="55-card deck (Standard)",
        total=55,
        type_limits=_limits((0, 3), (8, 15), (0, 6), (1, 20), (0, 10), (0, 12), (0, 10)),
        champion_level_cap=90,
        free_avatars=1,
        source=f"{RULES_FILE}, 55-Card Deck (Standard)",
    ),
    "75": DeckFormat(
        id="75",
        name="75-card deck",
        total=75,
        type_limits=_limits((0, 4), (10, 20), (0, 7), (3, 27), (0, 12), (0, 15), (0, 13)),
        # The rules text says 115 levels for 75-card decks; CrossFire's 75.cff (and its
        # sample decks) use 125.  We follow the tournament rules text.
        champion_level_cap=115,
        free_avatars=1,
        source=f"{RULES_FILE}, 75-Card Deck",
    ),
    "110": DeckFormat(
        id="110",
        name="110-card deck",
        total=110,
        type_limits=_limits((0, 5), (15, 30), (0, 10), (4, 40), (0, 15), (0, 20), (0, 17)),
        champion_level_cap=180,
        free_avatars=2,
        source=f"{RULES_FILE}, 110-Card Deck",
    ),
}


def get_format(format_id: str) -> DeckFormat:
    """Return the built-in format ``format_id`` ("55", "75" or "110").

    Raises :class:`UnknownFormat` (a KeyError) listing the valid ids.  Source:
    spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard), 75-Card Deck,
    110-Card Deck.
    """
    try:
        return BUILTIN_FORMATS[str(format_id).strip()]
    except KeyError:
        raise UnknownFormat(str(format_id), list(BUILTIN_FORMATS)) from None
