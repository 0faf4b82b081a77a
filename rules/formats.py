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

Built-in formats (``python -m rules formats``): the 55/75/110-card formats of
spellfire-tournament-rules-2.0.txt ("55-Card Deck (Standard)", "75-Card Deck",
"110-Card Deck" and the dungeon-card paragraph before "How Dungeon Cards Work"), the
older Brazilian 55-card format (spellfire-regras-pt-br.txt, "LIMITAÇÃO DE BARALHOS
PARA TORNEIOS") and the modern 75- and 110-card formats.  Any CrossFire ``.cff``
format file is read by :func:`read_cff` (SOURCES.md, "CrossFire format files").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, overload

from rules.cards import Catalogue, UnknownCard
from rules.decklists import DecklistError, _decode, _tcl_words
from rules.errors import RulesError

__all__ = [
    "BUILTIN_FORMATS",
    "CARD_TYPES",
    "CHAMPION_TYPES",
    "DeckFormat",
    "FormatError",
    "GroupLimit",
    "OFF_THE_TOP",
    "TypeLimit",
    "UnknownFormat",
    "allowed_sets",
    "amend_format",
    "get_format",
    "limited_kind",
    "load_format",
    "read_cff",
    "validate_format",
]

RULES_FILE = "spellfire-tournament-rules-2.0.txt"
BRAZIL_FILE = "spellfire-regras-pt-br.txt"

#: CrossFire card-type ids (``type:N`` in a .cff "allowed" list) -> (card type, champion type).
CROSSFIRE_TYPE_IDS: dict[int, tuple[str, str]] = {
    1: ("Ally", ""), 2: ("Artifact", ""), 3: ("Blood Ability", ""), 4: ("Cleric Spell", ""),
    5: ("Champion", "Cleric"), 6: ("Event", ""), 7: ("Champion", "Hero"), 8: ("Holding", ""),
    9: ("Magical Item", ""), 10: ("Champion", "Monster"), 11: ("Psionic Power", ""),
    12: ("Champion", "Psionicist"), 13: ("Realm", ""), 14: ("Champion", "Regent"), 15: ("Rule", ""),
    16: ("Champion", "Thief"), 17: ("Thief Ability", ""), 18: ("Unarmed Combat", ""),
    19: ("Wizard Spell", ""), 20: ("Champion", "Wizard"), 21: ("Dungeon", ""),
}
#: Every card type of the catalogue (SOURCES.md, "Columns of spellfire_cards.csv").
CARD_TYPES = tuple(sorted({card_type for card_type, _ in CROSSFIRE_TYPE_IDS.values()}))
#: Champion types; a .cff limits each like a card type.
CHAMPION_TYPES = tuple(sorted({champ for _, champ in CROSSFIRE_TYPE_IDS.values() if champ}))


@dataclass(frozen=True)
class TypeLimit:
    """How many cards of ``card_type`` a deck may hold: ``minimum``..``maximum``.

    ``maximum`` None means any number.  ``card_type`` uses the catalogue's spelling
    ("Realm", "Magical Item", "Champion", ...); in ``DeckFormat.champion_type_limits``
    it is a champion type ("Cleric", "Hero", ...).  ``max_copies`` (None: the format's
    default) caps the copies of any one card of that type, as a CrossFire ``.cff``
    "copies" column does.  Source: spellfire-tournament-rules-2.0.txt, 55-Card Deck
    (Standard) (the type table); CrossFire ``tempDeckFormatLimits``.
    """

    card_type: str
    minimum: int
    maximum: int | None
    max_copies: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"card_type", "minimum", "maximum", "max_copies"}`` (ints or None)."""
        return {
            "card_type": self.card_type,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "max_copies": self.max_copies,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TypeLimit:
        """Inverse of :meth:`to_dict`; raises KeyError/TypeError/ValueError on bad input."""
        return cls(
            card_type=str(data["card_type"]),
            minimum=int(data["minimum"]),
            maximum=_opt_int(data.get("maximum")),
            max_copies=_opt_int(data.get("max_copies")),
        )


#: The card groups a CrossFire format can limit besides card types, and what a key means.
GROUP_KINDS = {
    "rarity": "rarity code (C, UC, R, VR, M, S, V)",
    "world": 'world id ("0" none .. "9"; "FAN" fan-made cards)',
    "set": 'set code ("1st", "DU", ...; "FAN" fan-made sets)',
    "digit": "last digit of the card number (0-9)",
}

WORLD_NAMES = {
    "0": "no world logo",
    "1": "Forgotten Realms",
    "2": "Greyhawk",
    "3": "Ravenloft",
    "4": "Dark Sun",
    "5": "Dragonlance",
    "6": "Birthright",
    "7": "AD&D",
    "8": "TSR",
    "9": "No World",
    "FAN": "fan-made",
}

RARITY_NAMES = {
    "C": "Common",
    "UC": "Uncommon",
    "R": "Rare",
    "VR": "Very Rare",
    "M": "starter Realm",
    "S": "Special",
    "V": "Virtual (fan-made)",
}


@dataclass(frozen=True)
class GroupLimit:
    """A limit on one group of cards: ``kind`` (a :data:`GROUP_KINDS` key) and ``key``.

    The deck may hold ``minimum``..``maximum`` cards of the group (``maximum`` 0 bans
    the group, None is any number) and at most ``max_copies`` copies of any one card
    in it (None: no extra cap).  Source: CrossFire ``.cff`` sections
    ``tempDeckFormatRarity``, ``tempDeckFormatWorld``, ``tempDeckFormatSet``,
    ``tempDeckFormatDigit`` (SOURCES.md, "CrossFire format files").
    """

    kind: str
    key: str
    minimum: int
    maximum: int | None
    max_copies: int | None = None

    def describe(self) -> str:
        """The group in words, e.g. ``"set DU"``, ``"world 1 (Forgotten Realms)"``."""
        if self.kind == "world":
            return f"world {self.key} ({WORLD_NAMES.get(self.key, 'unknown')})"
        if self.kind == "rarity":
            return f"rarity {self.key} ({RARITY_NAMES.get(self.key, 'unknown')})"
        if self.kind == "digit":
            return f"card numbers ending in {self.key}"
        return f"set {self.key}"

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"kind", "key", "minimum", "maximum", "max_copies"}``."""
        return {
            "kind": self.kind,
            "key": self.key,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "max_copies": self.max_copies,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GroupLimit:
        """Inverse of :meth:`to_dict`; raises KeyError/TypeError/ValueError on bad input."""
        return cls(
            kind=str(data["kind"]),
            key=str(data["key"]),
            minimum=int(data["minimum"]),
            maximum=_opt_int(data.get("maximum")),
            max_copies=_opt_int(data.get("max_copies")),
        )


def _opt_int(value: Any) -> int | None:
    return None if value is None or value == "" else int(value)


@dataclass(frozen=True)
class DeckFormat:
    """A deck-construction format.

    Fields: ``id`` ("55"), ``name``, ``total`` (maximum card count, dungeon cards
    excluded; also the exact count unless ``min_total`` is set lower),
    ``type_limits`` (tuple of :class:`TypeLimit`), ``champion_level_cap`` (maximum
    level total of champions, free avatars excluded), ``free_avatars``,
    ``max_dungeon_cards`` (added on top of ``total``), ``max_copies`` (copies of one
    card unless the card allows multiples) and ``source`` (rule citation
    "<file>, <section>").

    What CrossFire ``.cff`` files add (all optional, empty by default):
    ``min_total`` (None: exactly ``total``), ``champion_type_limits`` (TypeLimits
    keyed by champion type), ``chase_limit`` ((min, max) chase cards or None),
    ``group_limits`` (:class:`GroupLimit` for rarity, world, set and card-number
    digit), ``banned`` (card keys; every printing of a banned card is banned),
    ``allowed`` (card keys) and ``allowed_types`` (card types) exempt from the
    rarity/world/set/digit limits, and ``restricted`` ((card key, copies) pairs:
    at most that many copies of the card, whatever it says).

    Where limits are written: ``source`` (the size, type and level limits);
    ``copies_source`` (the copies-per-card rule, "" = the 2.0 one-copy paragraph,
    ``rules.legality.DUPLICATE_RULE``); ``dungeon_source`` (the dungeon-card rule, "" =
    ``rules.legality.DUNGEON_RULE``).  ``amended_by``: ``(limit, provenance)`` pairs for
    the limits an organiser set, e.g. ``("champion_level_cap", "format version 3: a
    casual league")``; a violation of such a limit cites the provenance instead of the
    rules text (:meth:`cite`).  Limit keys: ``total`` (deck size, also ``min_total``),
    ``champion_level_cap``, ``free_avatars``, ``max_dungeon_cards``, ``max_copies``,
    ``chase_limit``, ``type_limits:<card type>``, ``champion_type_limits:<champion
    type>``, ``group_limits:<kind>:<key>``, ``banned:<card key>``,
    ``restricted:<card key>``.  :func:`amend_format` fills it when given a provenance.
    ``card_text_lifts_copies``: whether a card saying "No limit per deck." escapes ``max_copies``
    (True, Tournament Rules 2.0's card precedence; False for ``55-br``, whose text lets no card
    lift it: ``BRAZIL_NO_LIMIT_RULE``, cited through ``no_limit_source``).  ``community_cards``:
    whether the Brazilian community sets' cards (``rules.cards.COMMUNITY_SETS``) may be played
    (True for ``55-br``; an organiser may allow them in any format: :func:`amend_format`).

    Game set-up (not checked by :func:`rules.legality.check_deck`; None when the source
    does not say): ``starting_hand`` (cards drawn to form the starting hand),
    ``draws_per_turn`` (cards drawn at the start of a turn), ``hand_limit`` (cards kept
    at the end of a turn) and ``hand_source`` (where they are written).

    Source: spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard), 75-Card
    Deck, 110-Card Deck, "55-Card Game Drawing & Hand Size" and the like; SOURCES.md
    "CrossFire format files".
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
    min_total: int | None = None
    champion_type_limits: tuple[TypeLimit, ...] = ()
    chase_limit: tuple[int, int | None] | None = None
    group_limits: tuple[GroupLimit, ...] = ()
    banned: tuple[str, ...] = ()
    allowed: tuple[str, ...] = ()
    allowed_types: tuple[str, ...] = ()
    restricted: tuple[tuple[str, int], ...] = ()
    description: str = ""
    copies_source: str = ""
    dungeon_source: str = ""
    starting_hand: int | None = None
    draws_per_turn: int | None = None
    hand_limit: int | None = None
    hand_source: str = ""
    amended_by: tuple[tuple[str, str], ...] = ()
    card_text_lifts_copies: bool = True
    no_limit_source: str = ""
    community_cards: bool = False

    def cite(self, limit: str, default: str) -> str:
        """The citation for a violation of ``limit`` (a key of ``amended_by``, see the class doc).

        The organiser's provenance (``"format version 3: a casual league"``) when they set
        that limit, else ``default`` (the rules text the limit comes from).
        """
        for key, provenance in self.amended_by:
            if key == limit:
                return provenance
        return default

    def limit_for(self, card_type: str) -> TypeLimit | None:
        """Return the :class:`TypeLimit` for ``card_type`` or None when the format has none."""
        for limit in self.type_limits:
            if limit.card_type == card_type:
                return limit
        return None

    @property
    def deck_size_text(self) -> str:
        """"55" or "0-999": the card count the format asks for."""
        if self.min_total is None or self.min_total == self.total:
            return str(self.total)
        return f"{self.min_total}-{self.total}"

    def describe(self) -> str:
        """One-line plain-English summary, e.g. for ``python -m rules formats``.

        Ends with the hand sizes when the format has them:
        ``"; hand 5, draw 3 a turn, hand limit 8"``.
        """
        text = (
            f"{self.name}: {self.deck_size_text} cards, champion levels <= {self.champion_level_cap}, "
            f"{self.free_avatars} free avatar{'s' if self.free_avatars != 1 else ''}, "
            f"<= {self.max_dungeon_cards} dungeon card{'s' if self.max_dungeon_cards != 1 else ''} on top"
        )
        if self.starting_hand is not None:
            text += (f"; hand {self.starting_hand}, draw {self.draws_per_turn} a turn, "
                     f"hand limit {self.hand_limit}")
        return text

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-safe dict (lists, str, int, None) that :meth:`from_dict` reads back equal."""
        return {
            "id": self.id,
            "name": self.name,
            "total": self.total,
            "min_total": self.min_total,
            "type_limits": [limit.to_dict() for limit in self.type_limits],
            "champion_type_limits": [limit.to_dict() for limit in self.champion_type_limits],
            "champion_level_cap": self.champion_level_cap,
            "free_avatars": self.free_avatars,
            "max_dungeon_cards": self.max_dungeon_cards,
            "max_copies": self.max_copies,
            "chase_limit": list(self.chase_limit) if self.chase_limit is not None else None,
            "group_limits": [limit.to_dict() for limit in self.group_limits],
            "banned": list(self.banned),
            "allowed": list(self.allowed),
            "allowed_types": list(self.allowed_types),
            "restricted": [[key, copies] for key, copies in self.restricted],
            "source": self.source,
            "description": self.description,
            "copies_source": self.copies_source,
            "dungeon_source": self.dungeon_source,
            "starting_hand": self.starting_hand,
            "draws_per_turn": self.draws_per_turn,
            "hand_limit": self.hand_limit,
            "hand_source": self.hand_source,
            "amended_by": {key: provenance for key, provenance in self.amended_by},
            "card_text_lifts_copies": self.card_text_lifts_copies,
            "no_limit_source": self.no_limit_source,
            "community_cards": self.community_cards,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DeckFormat:
        """Build a format from :meth:`to_dict` output.

        Optional keys default as the dataclass does (so formats stored before a field
        existed still load).  Raises KeyError, TypeError or ValueError on malformed
        input; it does not judge whether the limits make sense (see
        :func:`validate_format`).
        """
        chase = data.get("chase_limit")
        return cls(
            id=str(data["id"]),
            name=str(data["name"]),
            total=int(data["total"]),
            min_total=_opt_int(data.get("min_total")),
            type_limits=tuple(TypeLimit.from_dict(item) for item in data["type_limits"]),
            champion_type_limits=tuple(
                TypeLimit.from_dict(item) for item in data.get("champion_type_limits") or ()
            ),
            champion_level_cap=int(data["champion_level_cap"]),
            free_avatars=int(data["free_avatars"]),
            max_dungeon_cards=int(data.get("max_dungeon_cards", 1)),
            max_copies=int(data.get("max_copies", 1)),
            chase_limit=None if chase is None else (int(chase[0]), _opt_int(chase[1])),
            group_limits=tuple(GroupLimit.from_dict(item) for item in data.get("group_limits") or ()),
            banned=tuple(str(key) for key in data.get("banned") or ()),
            allowed=tuple(str(key) for key in data.get("allowed") or ()),
            allowed_types=tuple(str(name) for name in data.get("allowed_types") or ()),
            restricted=tuple((str(key), int(copies)) for key, copies in data.get("restricted") or ()),
            source=str(data.get("source", "")),
            description=str(data.get("description", "")),
            copies_source=str(data.get("copies_source", "")),
            dungeon_source=str(data.get("dungeon_source", "")),
            starting_hand=_opt_int(data.get("starting_hand")),
            draws_per_turn=_opt_int(data.get("draws_per_turn")),
            hand_limit=_opt_int(data.get("hand_limit")),
            hand_source=str(data.get("hand_source", "")),
            amended_by=tuple((str(k), str(v)) for k, v in dict(data.get("amended_by") or {}).items()),
            card_text_lifts_copies=bool(data.get("card_text_lifts_copies", True)),
            no_limit_source=str(data.get("no_limit_source", "")),
            community_cards=bool(data.get("community_cards", False)),
        )


class UnknownFormat(RulesError):
    """No built-in format has the requested id; ``format_id`` and ``valid_ids`` tell which.

    ``code`` is ``"unknown_format"``; ``params`` is ``{"format_id": str, "valid_ids": [str]}``.
    ``str()`` is the message.
    """

    def __init__(self, format_id: str, valid_ids: list[str]) -> None:
        self.format_id = format_id
        self.valid_ids = list(valid_ids)
        super().__init__(
            "unknown_format",
            f'Unknown deck format "{format_id}"; valid formats: {", ".join(self.valid_ids)}.',
            {"format_id": format_id, "valid_ids": list(self.valid_ids)},
        )


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
    **others: tuple[int, int | None],
) -> tuple[TypeLimit, ...]:
    """The seven limited types of the rules tables, then every "any number" type.

    ``others`` overrides an "any number" type, keyed by its name with ``_`` for spaces
    (``Wizard_Spell=(0, 18)``).
    """
    limited = (
        TypeLimit("Rule", *rule),
        TypeLimit("Realm", *realm),
        TypeLimit("Holding", *holding),
        TypeLimit("Champion", *champion),
        TypeLimit("Artifact", *artifact),
        TypeLimit("Magical Item", *magical_item),
        TypeLimit("Event", *event),
    )
    rest = []
    for card_type in _ANY_NUMBER:
        minimum, maximum = others.get(card_type.replace(" ", "_"), (0, None))
        rest.append(TypeLimit(card_type, minimum, maximum))
    return limited + tuple(rest)


_BRAZIL_SECTION = f"{BRAZIL_FILE}, LIMITAÇÃO DE BARALHOS PARA TORNEIOS"

#: The Brazilian copies rule, in its own words (it allows two copies, events once).
BRAZIL_COPIES_RULE = (
    f'{_BRAZIL_SECTION} ("Nenhuma carta pode aparecer mais que duas vezes no mesmo baralho, eventos apenas '
    'aparecem uma vez em cada baralho.")'
)
#: Issue 22's decision: the Brazilian text governs a Brazilian (55-br) event, and it lets no card's text
#: lift its copies rule, so a "No limit per deck." card is held to two copies there too.
BRAZIL_NO_LIMIT_RULE = (
    f"{BRAZIL_COPIES_RULE}: \"Nenhuma carta\" (no card), and the Brazilian text has no clause letting a card's "
    "text override it; the card-precedence clause (\"the special power on the card takes precedence over the "
    "rules presented here\") is spellfire-tournament-rules-2.0.txt's, about its own rules, which a 55-br event "
    "does not play: a card saying \"No limit per deck.\" is held to two copies in 55-br"
)
#: The Brazilian text predates dungeon cards: its list has none and "Total de cartas: 55".
BRAZIL_DUNGEON_RULE = (
    f'{_BRAZIL_SECTION} (the list has no dungeon cards: "Total de cartas: 55"; O BARALHO: "Um baralho normal de '
    'SPELLFIRE contém 55 cartas"); this project reads the text, which predates dungeon cards, as allowing none'
)
#: Where the 2.0 text gives the hand sizes of each deck size.
HAND_SIZES = {
    55: (5, 3, 8, f"{RULES_FILE}, 55-Card Game Drawing & Hand Size"),
    75: (6, 4, 10, f"{RULES_FILE}, 75-Card Game Drawing & Hand Size"),
    110: (7, 5, 12, f"{RULES_FILE}, 110-Card Game Drawing & Hand Size"),
}
BRAZIL_HAND_SOURCE = (
    f'{BRAZIL_FILE}, PREPARAÇÃO DO JOGO ("Cada jogador pega cinco cartas para formar sua mão inicial"); O TURNO '
    '(passo 1: "Saque três cartas"; passo 5: "um limite máximo de oito cartas")'
)


def _hands(total: int) -> dict[str, Any]:
    """The 2.0 hand sizes of a ``total``-card game as DeckFormat keyword arguments."""
    start, draws, limit, where = HAND_SIZES[total]
    return {"starting_hand": start, "draws_per_turn": draws, "hand_limit": limit, "hand_source": where}


SPELL_BATTLE_FILE = "spell-battle-rules.txt"
#: The 55-card table (Rule, Realm, Holding, Champion, Artifact, Magical Item, Event: (min, max)) and level cap
#: the limited formats scale down.
_STANDARD_TABLE = ((0, 3), (8, 15), (0, 6), (1, 20), (0, 10), (0, 12), (0, 10))
_STANDARD_LEVELS = 90
#: Words in a built-in format's id that make it a limited format, and the kind each names.
LIMITED_WORDS = ("sealed", "draft", "pool", "off-the-top")
#: The limited kind of an off-the-top event: no deck at all, a shared pool per match (:data:`OFF_THE_TOP_FORMAT`).
OFF_THE_TOP = "off-the-top"


def _limited_format(format_id: str, name: str, total: int, kind: str) -> DeckFormat:
    """A Spell Battle limited format of ``total`` cards: the 55-card table scaled by ``total``/55 (minimums
    rounded down, maximums up, champions at least 1), the level cap scaled and rounded, one free avatar, one
    dungeon card on top, one copy of a card, the 55-card game's hand sizes.  ``kind`` names the paragraph of
    spell-battle-rules.txt, 6. How to make your own deck ("Sealed", "Draft", "Constructed")."""
    scaled = [
        (low * total // 55, -(-high * total // 55)) for low, high in _STANDARD_TABLE
    ]
    scaled[3] = (max(1, scaled[3][0]), scaled[3][1])
    return DeckFormat(
        id=format_id,
        name=name,
        total=total,
        type_limits=_limits(*scaled),
        champion_level_cap=round(_STANDARD_LEVELS * total / 55),
        free_avatars=1,
        **_hands(55),
        source=(
            f"{SPELL_BATTLE_FILE}, 6. How to make your own deck ({kind}: a {total}-card deck), with the limits of "
            f"{RULES_FILE}, 55-Card Deck (Standard) scaled to {total} cards"
        ),
        description=(
            f"Spell Battle's {total}-card limited deck, built from the player's own pool; the 55-card table's "
            f"type limits and level cap scaled to {total} cards (minimums down, maximums up)."
        ),
    )


def limited_kind(format_id: str) -> str:
    """``"sealed"``, ``"draft"`` or ``"pool"`` when the format id names a limited format (decks checked against a
    pool, issue 23), ``"off-the-top"`` for an off-the-top event (no decks: a shared pool per match), else ``""``.
    Source: spell-battle-rules.txt, 6. How to make your own deck and 8. Tournaments."""
    lowered = str(format_id).lower()
    return next((word for word in LIMITED_WORDS if word in lowered), "")


BUILTIN_FORMATS: dict[str, DeckFormat] = {
    "55": DeckFormat(
        id="55",
        name="55-card deck (Standard)",
        total=55,
        type_limits=_limits((0, 3), (8, 15), (0, 6), (1, 20), (0, 10), (0, 12), (0, 10)),
        champion_level_cap=90,
        free_avatars=1,
        **_hands(55),
        source=f"{RULES_FILE}, 55-Card Deck (Standard)",
    ),
    "75": DeckFormat(
        id="75",
        name="75-card deck",
        total=75,
        type_limits=_limits((0, 4), (10, 20), (0, 7), (3, 27), (0, 12), (0, 15), (0, 13)),
        # The rules text says 115 levels for 75-card decks; CrossFire's 75.cff (and its
        # sample decks) use 125: that is the "75-modern" format below.
        champion_level_cap=115,
        free_avatars=1,
        **_hands(75),
        source=f"{RULES_FILE}, 75-Card Deck",
    ),
    "110": DeckFormat(
        id="110",
        name="110-card deck",
        total=110,
        type_limits=_limits((0, 5), (15, 30), (0, 10), (4, 40), (0, 15), (0, 20), (0, 17)),
        champion_level_cap=180,
        free_avatars=2,
        **_hands(110),
        source=f"{RULES_FILE}, 110-Card Deck",
    ),
    "55-br": DeckFormat(
        id="55-br",
        name="55-card deck (Brazilian rules)",
        total=55,
        # Reinos 8-15, Fortalezas 0-5, Eventos 0-10, Campeões 1-20, Cartas-Regras 0-2,
        # Feitiços de Mago 0-18, Feitiços de Clérigo 0-18, Itens Mágicos 0-10,
        # Artefatos 0-5, Aliados: qualquer número.
        type_limits=tuple(
            replace(limit, max_copies=1) if limit.card_type == "Event" else limit
            for limit in _limits(
                (0, 2), (8, 15), (0, 5), (1, 20), (0, 5), (0, 10), (0, 10),
                Wizard_Spell=(0, 18), Cleric_Spell=(0, 18),
            )
        ),
        champion_level_cap=90,
        # The text predates avatars and dungeon cards: no free avatar, no dungeon card.
        free_avatars=0,
        max_dungeon_cards=0,
        # "Nenhuma carta pode aparecer mais que duas vezes no mesmo baralho, eventos
        # apenas aparecem uma vez em cada baralho."
        max_copies=2,
        card_text_lifts_copies=False,
        no_limit_source=BRAZIL_NO_LIMIT_RULE,
        # The Brazilian community sets are played at Brazilian events (issue 22; SOURCES.md, source 3).
        community_cards=True,
        source=_BRAZIL_SECTION,
        copies_source=BRAZIL_COPIES_RULE,
        dungeon_source=BRAZIL_DUNGEON_RULE,
        starting_hand=5,
        draws_per_turn=3,
        hand_limit=8,
        hand_source=BRAZIL_HAND_SOURCE,
    ),
    "75-modern": DeckFormat(
        id="75-modern",
        name="75-card deck (modern)",
        total=75,
        type_limits=_limits((0, 4), (10, 20), (0, 7), (3, 27), (0, 12), (0, 15), (0, 13)),
        champion_level_cap=125,
        free_avatars=1,
        **_hands(75),
        source=(
            f"{RULES_FILE}, 75-Card Deck, with the 125-level cap of the modern game "
            "(CrossFire Formats/75 Card/75.cff)"
        ),
    ),
    "110-modern": DeckFormat(
        id="110-modern",
        name="110-card deck (modern)",
        total=110,
        type_limits=_limits((0, 5), (15, 30), (0, 10), (4, 40), (0, 15), (0, 20), (0, 17)),
        champion_level_cap=180,
        free_avatars=2,
        **_hands(110),
        source=f"{RULES_FILE}, 110-Card Deck, as the modern game plays it (CrossFire Formats/110 Card/110.cff)",
    ),
    # Limited formats (issue 23): a deck is also checked against its player's pool (rules.legality.check_pool).
    "30-sealed": _limited_format("30-sealed", "30-card sealed deck (Spell Battle)", 30, "Sealed"),
    "30-draft": _limited_format("30-draft", "30-card draft deck (Spell Battle)", 30, "Draft"),
    "40-pool": _limited_format("40-pool", "40-card deck from a collective pool (Spell Battle)", 40, "Constructed"),
}
#: Off-the-top (issue 23): nobody registers a deck; each match plays from one shared, shuffled pool of about 50
#: cards per player (``rules.limited.off_the_top_pools``), its draw pile and discard pile.  The 55-card game's
#: limits and hand sizes stand for the game itself; no decklist is checked against them.
BUILTIN_FORMATS[OFF_THE_TOP] = replace(
    BUILTIN_FORMATS["55"],
    id=OFF_THE_TOP,
    name="Off-the-top: a shared pool per match (Spell Battle)",
    source=(
        f"{SPELL_BATTLE_FILE}, 8. Tournaments (\"Approximately 50 cards should be used as a deck for every player "
        f"that will share the deck. (100 cards would be used for a two player game.)\"); the game is played with the "
        f"hand sizes of {RULES_FILE}, 55-Card Game Drawing & Hand Size"
    ),
    description=(
        "No deck registration: at pairing time each match gets one shared, shuffled pool of 50 cards per player "
        "(100 for a duel), its shared draw pile and discard pile, printed on the match slip."
    ),
)


def get_format(format_id: str) -> DeckFormat:
    """Return the built-in format ``format_id`` ("55", "75" or "110").

    Raises :class:`UnknownFormat` listing the valid ids.  Source:
    spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard), 75-Card Deck,
    110-Card Deck.
    """
    try:
        return BUILTIN_FORMATS[str(format_id).strip()]
    except KeyError:
        raise UnknownFormat(str(format_id), list(BUILTIN_FORMATS)) from None


# --------------------------------------------------------------------------- validation


class FormatError(RulesError):
    """A format file or an organiser's edit cannot be used.

    ``code`` (``unreadable``, ``too_large``, ``bad_value``, ``unknown_card``,
    ``nonsense_limits``), ``problems`` (one plain-English sentence per problem),
    ``message`` and ``str()`` (all of them joined by spaces, saying what to fix) and
    ``params`` (``{"problems": [str]}``).
    """

    def __init__(self, code: str, problems: list[str] | str) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__(code, " ".join(self.problems), {"problems": list(self.problems)})


#: Largest deck size a format may ask for (CrossFire's "9999" format is the largest seen).
MAX_FORMAT_TOTAL = 10_000
MAX_CFF_BYTES = 256 * 1024


def _check_range(problems: list[str], what: str, minimum: int, maximum: int | None) -> None:
    if minimum < 0:
        problems.append(f"{what}: the minimum {minimum} is negative.")
    if maximum is not None and maximum < 0:
        problems.append(f"{what}: the maximum {maximum} is negative.")
    if maximum is not None and minimum > maximum:
        problems.append(f"{what}: the minimum {minimum} is above the maximum {maximum}.")


def validate_format(fmt: DeckFormat) -> DeckFormat:
    """Return ``fmt`` unchanged when its limits make sense, else raise :class:`FormatError`.

    Checks: a deck size of 1..10,000 (and ``min_total`` not above it); every
    minimum <= maximum and nothing negative; copies per card >= 1; card types,
    champion types and group kinds that exist; type minimums that fit in the deck;
    non-negative dungeon-card, level-cap and free-avatar counts.  Every problem is listed (code
    ``nonsense_limits``).
    """
    problems: list[str] = []
    if not 1 <= fmt.total <= MAX_FORMAT_TOTAL:
        problems.append(f"The deck size must be between 1 and {MAX_FORMAT_TOTAL}, not {fmt.total}.")
    if fmt.min_total is not None:
        _check_range(problems, "Deck size", fmt.min_total, fmt.total)
    if fmt.champion_level_cap < 0:
        problems.append(f"The champion level cap must not be negative ({fmt.champion_level_cap}).")
    if fmt.free_avatars < 0:
        problems.append(f"The number of free avatars must not be negative ({fmt.free_avatars}).")
    if fmt.max_dungeon_cards < 0:
        problems.append(f"The number of dungeon cards must not be negative ({fmt.max_dungeon_cards}).")
    if fmt.max_copies < 1:
        problems.append(f"Copies per card must be at least 1 ({fmt.max_copies}).")
    for limit in fmt.type_limits:
        if limit.card_type not in CARD_TYPES:
            problems.append(f'"{limit.card_type}" is not a card type (types: {", ".join(CARD_TYPES)}).')
        _check_range(problems, f"{limit.card_type} cards", limit.minimum, limit.maximum)
        if limit.max_copies is not None and limit.max_copies < 1:
            problems.append(f"{limit.card_type}: copies per card must be at least 1 ({limit.max_copies}).")
    for limit in fmt.champion_type_limits:
        if limit.card_type not in CHAMPION_TYPES:
            problems.append(
                f'"{limit.card_type}" is not a champion type (types: {", ".join(CHAMPION_TYPES)}).'
            )
        _check_range(problems, f"{limit.card_type} champions", limit.minimum, limit.maximum)
        if limit.max_copies is not None and limit.max_copies < 1:
            problems.append(f"{limit.card_type}: copies per card must be at least 1 ({limit.max_copies}).")
    for group in fmt.group_limits:
        if group.kind not in GROUP_KINDS:
            problems.append(f'"{group.kind}" is not a card group (groups: {", ".join(GROUP_KINDS)}).')
        _check_range(problems, f"Cards of {group.describe()}", group.minimum, group.maximum)
        if group.max_copies is not None and group.max_copies < 1:
            problems.append(f"{group.describe()}: copies per card must be at least 1 ({group.max_copies}).")
    if fmt.chase_limit is not None:
        _check_range(problems, "Chase cards", fmt.chase_limit[0], fmt.chase_limit[1])
    for key, copies in fmt.restricted:
        if copies < 0:
            problems.append(f"Restricted card {key}: copies must not be negative ({copies}).")
    required = sum(limit.minimum for limit in fmt.type_limits if limit.card_type != "Dungeon")
    if required > fmt.total:
        problems.append(
            f"The type minimums add up to {required} cards, more than the deck size {fmt.total}."
        )
    if problems:
        raise FormatError("nonsense_limits", problems)
    return fmt


# --------------------------------------------------------------------------- CrossFire .cff

_TOTAL_KEYS = ("All", "Avatars", "Chase", "Champions", "Levels")
_GROUP_SECTIONS = {
    "tempDeckFormatRarity": "rarity",
    "tempDeckFormatWorld": "world",
    "tempDeckFormatSet": "set",
    "tempDeckFormatDigit": "digit",
}


def _number(word: str, where: str) -> int:
    try:
        value = int(word)
    except ValueError:
        raise FormatError("bad_value", f'{where}: "{word}" is not a whole number.') from None
    return value


def _expand_cards(ids: list[str], catalogue: Catalogue, where: str) -> tuple[str, ...]:
    """Resolve CrossFire short ids to every printing of the same card (catalogue keys)."""
    keys: dict[str, None] = {}
    unknown: list[str] = []
    for card_id in ids:
        try:
            card = catalogue.resolve(card_id)
        except UnknownCard:
            unknown.append(card_id)
            continue
        for printing in catalogue.by_identity(card):
            keys.setdefault(printing.key, None)
    if unknown:
        raise FormatError("unknown_card", f"{where}: no card has the id {', '.join(unknown)}.")
    return tuple(keys)


def read_cff(data: bytes | str, catalogue: Catalogue, *, filename: str = "") -> DeckFormat:
    """Read a CrossFire ``.cff`` deck-format file into a :class:`DeckFormat`.

    ``data`` is the file (bytes in UTF-8 or Latin-1, or text); ``filename`` gives the
    format id (the file stem, CrossFire's convention) and the citation.  Everything
    the file can say is kept:

    * ``tempDeckFormatTotal``: ``All`` (deck size, dungeon cards excluded), ``Avatars``
      (the maximum is the number of free avatars), ``Chase``, ``Champions`` (a
      "Champion" type limit) and ``Levels`` (the level cap);
    * ``tempDeckFormatLimits``: per card type and per champion type ``min max copies``
      (the ``Dungeon`` row sets how many dungeon cards may be added);
    * ``tempDeckFormatRarity`` / ``World`` / ``Set`` / ``Digit``: per group
      ``min max copies`` (:class:`GroupLimit`);
    * ``tempDeckFormatBanned``: card ids, each banning every printing of that card;
    * ``tempDeckFormatAllowed``: card ids and ``type:N`` entries exempt from the
      rarity, world, set and digit limits (how World War formats admit rule and
      dungeon cards).

    The format's default copies per card is the largest "copies" value in the file;
    each card is then held to the smallest "copies" of every row that applies to it.
    Raises :class:`FormatError`: ``too_large`` (over 256 KB), ``unreadable`` (binary,
    unbalanced braces, no ``tempDeckFormatTotal``), ``bad_value`` (a count that is
    not a number, an unknown type or section row), ``unknown_card`` (a banned or
    allowed id the catalogue lacks) or ``nonsense_limits`` (see
    :func:`validate_format`).  Source: SOURCES.md, "CrossFire format files" and
    "Deck-construction semantics used by CrossFire".
    """
    sections = _cff_sections(data)
    stem = Path(filename).stem if filename else ""
    label = Path(filename).name if filename else "the .cff file"
    title = sections.get("tempDeckFormatTitle", (stem or "CrossFire format", 0))[0].strip()
    totals = _cff_totals(sections, label)
    type_limits, champion_limits, max_dungeon, copies_seen = _cff_type_limits(sections, label)
    if "Champions" in totals:
        type_limits.append(TypeLimit("Champion", *totals["Champions"]))
    groups = _cff_groups(sections, label, copies_seen)
    allowed_ids, allowed_types = _cff_allowed(sections, label)
    all_min, all_max = totals["All"]
    levels = totals.get("Levels", (0, MAX_FORMAT_TOTAL * 100))
    chase = totals.get("Chase")
    fmt = DeckFormat(
        id=stem or title,
        name=title,
        total=all_max,
        min_total=None if all_min == all_max else all_min,
        type_limits=tuple(type_limits),
        champion_type_limits=tuple(champion_limits),
        champion_level_cap=levels[1],
        free_avatars=totals.get("Avatars", (0, 0))[1],
        max_dungeon_cards=max_dungeon,
        max_copies=max(copies_seen, default=1),
        chase_limit=None if chase is None else (chase[0], chase[1]),
        group_limits=tuple(groups),
        banned=_expand_cards(_cff_ids(sections, "tempDeckFormatBanned"), catalogue, f"{label}, tempDeckFormatBanned"),
        allowed=_expand_cards(allowed_ids, catalogue, f"{label}, tempDeckFormatAllowed"),
        allowed_types=tuple(allowed_types),
        source=f"CrossFire format {label} ({title})",
        description=sections.get("tempDeckFormatInfo", ("", 0))[0].strip(),
        **_cff_hands(all_max),
    )
    try:
        return validate_format(fmt)
    except FormatError as exc:
        raise FormatError(exc.code, [f"{label}: {problem}" for problem in exc.problems]) from None


#: A .cff file's sections: ``{"tempDeckFormat...": (body, line where the body starts)}``.
_CffSections = dict[str, tuple[str, int]]


def _cff_sections(data: bytes | str) -> _CffSections:
    """The ``set tempDeckFormat... {...}`` sections of a .cff file.

    Raises :class:`FormatError` ``too_large`` or ``unreadable`` (binary, unbalanced
    braces, no ``tempDeckFormatTotal``).
    """
    too_large = f"The format file is larger than {MAX_CFF_BYTES // 1024} KB."
    if isinstance(data, bytes) and len(data) > MAX_CFF_BYTES:
        raise FormatError("too_large", too_large)
    try:
        text = _decode(data)
        commands = _tcl_words(text, 1, commands=True)
    except DecklistError as exc:
        if exc.code == "too_large":
            raise FormatError("too_large", too_large) from None
        raise FormatError(
            "unreadable", "This is not a CrossFire .cff format file (it is binary or its braces do not balance)."
        ) from None
    if len(text) > MAX_CFF_BYTES:
        raise FormatError("too_large", too_large)
    sections: _CffSections = {}
    for command in commands:
        if len(command) == 3 and command[0][0] == "set" and command[1][0].startswith("tempDeckFormat"):
            sections[command[1][0]] = (command[2][0], command[2][1])
    if "tempDeckFormatTotal" not in sections:
        raise FormatError(
            "unreadable",
            "This is not a CrossFire .cff format file: it has no tempDeckFormatTotal section.",
        )
    return sections


def _cff_rows(sections: _CffSections, section: str, width: int, label: str) -> list[tuple[list[str], int]]:
    """The rows of ``section`` (none when absent), each as (its ``width`` words, its line number).

    Raises :class:`FormatError` ``unreadable`` (unbalanced braces) or ``bad_value`` (a
    row of another width).
    """
    if section not in sections:
        return []
    body, line = sections[section]
    try:
        parsed = _tcl_words(body, line, commands=True)
    except DecklistError:
        raise FormatError("unreadable", f"{label}, {section}: its braces do not balance.") from None
    result = []
    for row in parsed:
        words = [word for word, _ in row]
        if len(words) != width:
            raise FormatError(
                "bad_value",
                f"{label}, {section}, line {row[0][1]}: expected {width} values, found "
                f"{len(words)} ({' '.join(words)}).",
            )
        result.append((words, row[0][1]))
    return result


def _cff_totals(sections: _CffSections, label: str) -> dict[str, tuple[int, int]]:
    """``tempDeckFormatTotal`` as ``{row: (minimum, maximum)}``; raises ``bad_value`` (unknown row, no All row)."""
    totals: dict[str, tuple[int, int]] = {}
    for words, line in _cff_rows(sections, "tempDeckFormatTotal", 3, label):
        key = words[0]
        if key not in _TOTAL_KEYS:
            raise FormatError(
                "bad_value", f'{label}, tempDeckFormatTotal, line {line}: unknown row "{key}" '
                f'(rows: {", ".join(_TOTAL_KEYS)}).'
            )
        where = f"{label}, tempDeckFormatTotal, {key}"
        totals[key] = (_number(words[1], where), _number(words[2], where))
    if "All" not in totals:
        raise FormatError("bad_value", f"{label}, tempDeckFormatTotal: the All row (deck size) is missing.")
    return totals


def _cff_type_limits(sections: _CffSections, label: str) -> tuple[list[TypeLimit], list[TypeLimit], int, list[int]]:
    """``tempDeckFormatLimits`` as (card type limits, champion type limits, dungeon cards allowed, copies seen).

    The ``Dungeon`` row's maximum is the number of dungeon cards (1 without the row).
    Raises ``bad_value`` for a count that is not a number or a row naming no type.
    """
    type_limits: list[TypeLimit] = []
    champion_limits: list[TypeLimit] = []
    copies_seen: list[int] = []
    max_dungeon = 1
    for words, line in _cff_rows(sections, "tempDeckFormatLimits", 4, label):
        name = words[0]
        where = f"{label}, tempDeckFormatLimits, {name}"
        minimum, maximum, copies = (_number(word, where) for word in words[1:])
        copies_seen.append(copies)
        if name == "Dungeon":
            max_dungeon = maximum
        elif name in CHAMPION_TYPES:
            champion_limits.append(TypeLimit(name, minimum, maximum, copies))
        elif name in CARD_TYPES and name != "Champion":
            type_limits.append(TypeLimit(name, minimum, maximum, copies))
        else:
            raise FormatError("bad_value", f'{where} (line {line}): "{name}" is not a card or champion type.')
    return type_limits, champion_limits, max_dungeon, copies_seen


def _cff_groups(sections: _CffSections, label: str, copies_seen: list[int]) -> list[GroupLimit]:
    """The rarity, world, set and digit rows as :class:`GroupLimit`; their copies go on ``copies_seen``."""
    groups: list[GroupLimit] = []
    for section, kind in _GROUP_SECTIONS.items():
        for words, _line in _cff_rows(sections, section, 4, label):
            where = f"{label}, {section}, {words[0]}"
            minimum, maximum, copies = (_number(word, where) for word in words[1:])
            copies_seen.append(copies)
            groups.append(GroupLimit(kind, words[0], minimum, maximum, copies))
    return groups


def _cff_ids(sections: _CffSections, section: str) -> list[str]:
    """The whitespace-separated entries of ``section`` (none when absent)."""
    if section not in sections:
        return []
    return sections[section][0].split()


def _cff_allowed(sections: _CffSections, label: str) -> tuple[list[str], list[str]]:
    """``tempDeckFormatAllowed`` as (card ids, card or champion types from ``type:N``); raises ``bad_value``."""
    allowed_ids: list[str] = []
    allowed_types: list[str] = []
    for entry in _cff_ids(sections, "tempDeckFormatAllowed"):
        if not entry.startswith("type:"):
            allowed_ids.append(entry)
            continue
        type_id = _number(entry[5:], f"{label}, tempDeckFormatAllowed")
        if type_id not in CROSSFIRE_TYPE_IDS:
            raise FormatError("bad_value", f"{label}, tempDeckFormatAllowed: no card type has the id {type_id}.")
        card_type, champion_type = CROSSFIRE_TYPE_IDS[type_id]
        allowed_types.append(champion_type or card_type)
    return allowed_ids, allowed_types


def _cff_hands(total: int) -> dict[str, Any]:
    """The 2.0 hand sizes for a .cff format of 55, 75 or 110 cards (a .cff does not say); else none."""
    if total not in HAND_SIZES:
        return {}
    hands = _hands(total)
    hands["hand_source"] += f" (a CrossFire .cff does not give hand sizes; those of a {total}-card game)"
    return hands


def load_format(spec: str, catalogue: Catalogue) -> DeckFormat:
    """A built-in format id (``"55"``) or the path of a ``.cff`` file -> :class:`DeckFormat`.

    Raises :class:`UnknownFormat` when ``spec`` is neither a built-in id nor a file,
    :class:`FormatError` when the file cannot be used, OSError when it cannot be read.
    """
    spec = str(spec).strip()
    if spec in BUILTIN_FORMATS:
        return BUILTIN_FORMATS[spec]
    path = Path(spec)
    if path.suffix.lower() == ".cff" or path.is_file():
        if not path.is_file():
            raise FormatError("unreadable", f"No format file at {spec}.")
        return read_cff(path.read_bytes(), catalogue, filename=path.name)
    raise UnknownFormat(spec, list(BUILTIN_FORMATS))


# --------------------------------------------------------------------------- organiser's changes

#: Keys of :func:`amend_format`'s ``changes`` that set one number of the format.
_NUMBER_FIELDS = ("total", "min_total", "champion_level_cap", "free_avatars", "max_dungeon_cards", "max_copies")


@overload
def _whole(value: Any, what: str, *, optional: Literal[False] = False) -> int: ...
@overload
def _whole(value: Any, what: str, *, optional: bool) -> int | None: ...
def _whole(value: Any, what: str, *, optional: bool = False) -> int | None:
    if value is None or value == "":
        if optional:
            return None
        raise FormatError("bad_value", f"{what}: a number is needed.")
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise FormatError("bad_value", f"{what}: {value!r} is not a whole number.")
    try:
        return int(value)
    except ValueError:
        raise FormatError("bad_value", f"{what}: {value!r} is not a whole number.") from None


def _card_keys(names: Any, catalogue: Catalogue, what: str) -> list[str]:
    if not isinstance(names, (list, tuple)):
        raise FormatError("bad_value", f"{what}: give a list of cards.")
    return list(_expand_cards([str(name) for name in names if str(name).strip()], catalogue, what))


def amend_format(fmt: DeckFormat, changes: dict[str, Any], catalogue: Catalogue, *,
                 provenance: str | None = None) -> DeckFormat:
    """Apply an organiser's ``changes`` to ``fmt`` and return the new, validated format.

    ``changes`` (JSON-safe; every key optional):

    * ``name`` (str); ``total``, ``min_total`` (None: exactly ``total``),
      ``champion_level_cap``, ``free_avatars``, ``max_dungeon_cards``, ``max_copies``
      (ints);
    * ``type_limits``: ``{card type: {"minimum": int, "maximum": int | None,
      "max_copies": int | None}}`` (a type not in the format is added);
      ``champion_type_limits``: the same keyed by champion type ("Cleric", "Hero", ...);
    * ``chase_limit``: ``[minimum, maximum]`` chase cards, or None for no limit;
    * ``group_limits``: ``{kind: {key: {"minimum", "maximum"} | None}}`` for kinds
      rarity, world, set and digit (None removes that row), e.g.
      ``{"rarity": {"VR": {"minimum": 0, "maximum": 2}}}``;
    * ``ban`` / ``unban``: cards (keys such as ``"3rd/54"`` or names); each bans or
      frees every printing of that card;
    * ``restrict``: ``{card: copies}`` (at most that many copies, whatever the card
      says); ``unrestrict``: cards;
    * ``sets``: the set codes allowed (every other set's cards become a
      ``GroupLimit("set", code, 0, 0)``), or None to allow every set again;
    * ``community_cards`` (bool): whether the Brazilian community sets' cards are allowed.

    ``provenance`` (e.g. ``"format version 3: a casual league"``): when given, every
    limit the changes set is recorded in ``amended_by`` with it (so its violations cite
    the organiser's change, not the rules text); an ``unban`` / ``unrestrict`` drops
    the card's entry.  Without it ``amended_by`` is kept as it was.

    Raises :class:`FormatError` (``bad_value``, ``unknown_card``, ``nonsense_limits``)
    naming what to fix; ``fmt`` itself is never changed.
    """
    if not isinstance(changes, dict):
        raise FormatError("bad_value", "The changes must be an object of fields to change.")
    known = {"name", "type_limits", "champion_type_limits", "chase_limit", "group_limits", "ban", "unban",
             "restrict", "unrestrict", "sets", "community_cards", *_NUMBER_FIELDS}
    unknown = sorted(set(changes) - known)
    if unknown:
        raise FormatError("bad_value", f"Unknown fields: {', '.join(unknown)} (fields: {', '.join(sorted(known))}).")
    updates: dict[str, Any] = {}
    if "name" in changes:
        name = str(changes["name"] or "").strip()
        if not name:
            raise FormatError("bad_value", "The format needs a name.")
        updates["name"] = name[:120]
    for key in _NUMBER_FIELDS:
        if key in changes:
            updates[key] = _whole(changes[key], key.replace("_", " ").capitalize(), optional=key == "min_total")
    for field, names, what in (("type_limits", tuple(t for t in CARD_TYPES if t != "Dungeon"), "card type"),
                               ("champion_type_limits", CHAMPION_TYPES, "champion type")):
        if field in changes:
            updates[field] = _amend_limits(getattr(fmt, field), changes[field], field, names, what)
    if "chase_limit" in changes:
        chase = changes["chase_limit"]
        if chase is None:
            updates["chase_limit"] = None
        elif isinstance(chase, (list, tuple)) and len(chase) == 2:
            updates["chase_limit"] = (_whole(chase[0], "Chase minimum"),
                                      _whole(chase[1], "Chase maximum", optional=True))
        else:
            raise FormatError("bad_value", "chase_limit: give [minimum, maximum] or null.")
    if "group_limits" in changes:
        updates["group_limits"] = _amend_groups(fmt.group_limits, changes["group_limits"])
    banned = dict.fromkeys(fmt.banned)
    if "unban" in changes:
        for key in _card_keys(changes["unban"], catalogue, "Unban"):
            banned.pop(key, None)
    if "ban" in changes:
        banned.update(dict.fromkeys(_card_keys(changes["ban"], catalogue, "Ban")))
    updates["banned"] = tuple(banned)
    restricted = dict(fmt.restricted)
    if "unrestrict" in changes:
        for key in _card_keys(changes["unrestrict"], catalogue, "Unrestrict"):
            restricted.pop(key, None)
    if "restrict" in changes:
        wanted = changes["restrict"]
        if not isinstance(wanted, dict):
            raise FormatError("bad_value", "restrict: give {card: copies}.")
        for name, copies in wanted.items():
            count = _whole(copies, f"Copies of {name}")
            for key in _card_keys([name], catalogue, "Restrict"):
                restricted[key] = count
    updates["restricted"] = tuple(restricted.items())
    if "sets" in changes:
        groups = [group for group in updates.get("group_limits", fmt.group_limits) if group.kind != "set"]
        if changes["sets"] is not None:
            if not isinstance(changes["sets"], (list, tuple)) or not changes["sets"]:
                raise FormatError("bad_value", "sets: give the list of set codes allowed (at least one).")
            every_set = sorted({card.set_code for card in catalogue}) + ["FAN"]
            allowed_sets = {str(code).strip() for code in changes["sets"]}
            strangers = sorted(allowed_sets - set(every_set))
            if strangers:
                raise FormatError("bad_value", f"Unknown sets: {', '.join(strangers)} (sets: {', '.join(every_set)}).")
            groups += [GroupLimit("set", code, 0, 0) for code in every_set if code not in allowed_sets]
        updates["group_limits"] = tuple(groups)
    if "community_cards" in changes:
        if not isinstance(changes["community_cards"], bool):
            raise FormatError("bad_value", "community_cards: give true or false.")
        updates["community_cards"] = changes["community_cards"]
    if provenance is not None:
        updates["amended_by"] = _provenance(fmt, changes, catalogue, updates, str(provenance))
    return validate_format(replace(fmt, **updates))


def _provenance(fmt: DeckFormat, changes: dict[str, Any], catalogue: Catalogue, updates: dict[str, Any],
                provenance: str) -> tuple[tuple[str, str], ...]:
    """``fmt.amended_by`` with every limit ``changes`` sets recorded as ``provenance`` (see DeckFormat)."""
    amended = dict(fmt.amended_by)
    keys: list[str] = [key for key in (*_NUMBER_FIELDS, "community_cards") if key in changes]
    if "min_total" in changes:
        keys.append("total")
    if "chase_limit" in changes:
        keys.append("chase_limit")
    for field in ("type_limits", "champion_type_limits"):
        keys.extend(f"{field}:{name}" for name in changes.get(field) or {})
    for kind, rows in (changes.get("group_limits") or {}).items():
        keys.extend(f"group_limits:{kind}:{str(key).strip()}" for key in rows)
    if "sets" in changes:
        keys.extend(f"group_limits:set:{group.key}" for group in updates["group_limits"]
                    if group.kind == "set" and group.maximum == 0)
    if "ban" in changes:
        keys.extend(f"banned:{key}" for key in _card_keys(changes["ban"], catalogue, "Ban"))
    if "restrict" in changes:
        for name in dict(changes["restrict"]):
            keys.extend(f"restricted:{key}" for key in _card_keys([name], catalogue, "Restrict"))
    for field, prefix in (("unban", "banned"), ("unrestrict", "restricted")):
        if field in changes:
            for key in _card_keys(changes[field], catalogue, field.capitalize()):
                amended.pop(f"{prefix}:{key}", None)
    for key in keys:
        amended[key] = provenance
    return tuple(amended.items())


def _amend_limits(current: tuple[TypeLimit, ...], wanted: Any, field: str, names: tuple[str, ...],
                  what: str) -> tuple[TypeLimit, ...]:
    """``current`` with the rows of ``wanted`` ({name: {minimum, maximum, max_copies}}) changed or added."""
    if not isinstance(wanted, dict):
        raise FormatError("bad_value", f"{field}: give {{{what}: {{minimum, maximum, max_copies}}}}.")
    limits = {limit.card_type: limit for limit in current}
    for name, values in wanted.items():
        if name not in names:
            raise FormatError("bad_value", f'"{name}" is not a {what} ({what}s: {", ".join(names)}).')
        if not isinstance(values, dict):
            raise FormatError("bad_value", f"{field}[{name}]: give minimum, maximum and max_copies.")
        old = limits.get(name, TypeLimit(name, 0, None))
        limits[name] = TypeLimit(
            name,
            _whole(values.get("minimum", old.minimum), f"{name} minimum"),
            _whole(values.get("maximum", old.maximum), f"{name} maximum", optional=True),
            _whole(values.get("max_copies", old.max_copies), f"{name} copies", optional=True),
        )
    return tuple(limits.values())


def _amend_groups(current: tuple[GroupLimit, ...], wanted: Any) -> tuple[GroupLimit, ...]:
    """``current`` with the rows of ``wanted`` ({kind: {key: {minimum, maximum} | None}}) changed, added or removed."""
    if not isinstance(wanted, dict):
        raise FormatError("bad_value", "group_limits: give {kind: {key: {minimum, maximum} or null}}.")
    groups = {(group.kind, group.key): group for group in current}
    for kind, rows in wanted.items():
        if kind not in GROUP_KINDS:
            raise FormatError("bad_value", f'"{kind}" is not a card group (groups: {", ".join(GROUP_KINDS)}).')
        if not isinstance(rows, dict):
            raise FormatError("bad_value", f"group_limits[{kind}]: give {{key: {{minimum, maximum}}}}.")
        for key, values in rows.items():
            key = str(key).strip()
            if values is None:
                groups.pop((kind, key), None)
                continue
            if not isinstance(values, dict):
                raise FormatError("bad_value", f"group_limits[{kind}][{key}]: give minimum and maximum, or null.")
            old = groups.get((kind, key), GroupLimit(kind, key, 0, None))
            groups[(kind, key)] = GroupLimit(
                kind, key,
                _whole(values.get("minimum", old.minimum), f"{kind} {key} minimum"),
                _whole(values.get("maximum", old.maximum), f"{kind} {key} maximum", optional=True),
                _whole(values.get("max_copies", old.max_copies), f"{kind} {key} copies", optional=True),
            )
    return tuple(groups.values())


def allowed_sets(fmt: DeckFormat, catalogue: Catalogue) -> list[str] | None:
    """The set codes (and ``FAN``) whose cards ``fmt`` admits, or None when no set is barred.

    A set row with maximum 0 bars the set (CrossFire's way, and :func:`amend_format`'s).
    """
    barred = {group.key for group in fmt.group_limits if group.kind == "set" and group.maximum == 0}
    if not barred:
        return None
    every_set = sorted({card.set_code for card in catalogue}) + ["FAN"]
    return [code for code in every_set if code not in barred]
