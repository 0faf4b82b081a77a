"""The Spellfire card catalogue: every printing CrossFire knows, and how to find one.

Terms used here:

* **printing** – one row of ``spellfire_cards.csv``: a card as printed in one set
  (``3rd/54 War Party``).  Values such as level or avatar flag are per printing.
* **key** – ``"<set_code>/<number>"`` without leading zeros (``"3rd/54"``), the
  CrossFire numbering; chase cards use set maximum + n (``FR/118`` is FR chase 18).
* **short id** – CrossFire's display form ``"3rd/054"``; chase short ids are
  ``"FRc/18"`` (= ``FR/118``) and ``"1stc/22"`` (= ``1st/462``).
* **alias** – an alternative key listed in ``spellfire_card_aliases.csv``: chase
  short ids and the 3rd-edition slots 401-440 that CrossFire files under 1st/2nd
  (``3rd/432`` -> ``1st/432``).
* **identity** – ``(card_type, identity name)``.  Two printings with the same
  identity are "the same card" for deck construction
  (spellfire-tournament-rules-2.0.txt, paragraph "No individual card can appear more
  than once in a deck ... A card is considered the same if it has both the same icon
  and the same name", just before "55-Card Deck (Standard)").  The identity name is
  the printing's own name unless :func:`map_printings` found it to be another
  printing of an English card (``Card.same_as``): a translated printing (FRN, DE,
  POR, IT, SP) with the same number and icon as the 1st-edition card, or a renamed
  reprint ("Pereghost", 4th/262, is "The Pereghost").
* **normalised name** – Unicode-decomposed, accents dropped, case-folded, every
  character that is not a letter or digit removed (``"War-Party"`` -> ``"warparty"``);
  used for finding cards by name.  The identity uses the same but keeps ``!``
  ("Siege" and "Siege!" are different 1st-edition cards), see :func:`identity_name`.
* **champion level** – the first number in a champion's icon; ``?`` counts 0
  (spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard), footnote "*").

The data is read from the shared cards directory (``../shared/cards``, described in
its ``SOURCES.md``); nothing is copied into the project.
"""

from __future__ import annotations

import csv
import difflib
import functools
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from rules.errors import RulesError

__all__ = [
    "Card",
    "Catalogue",
    "UnknownCard",
    "default_cards_dir",
    "identity_name",
    "load_default",
    "normalise_name",
    "map_printings",
    "PrintingLink",
    "LANGUAGE_EDITIONS",
    "STATED_LIMIT_PATTERN",
    "COMMUNITY_SETS",
]

#: The international editions: translations of the 1st (GenCon '94 / 2nd) edition,
#: numbered as it is; 401-425 are their chase cards 1-25 (SOURCES.md, "Counts per set").
LANGUAGE_EDITIONS = ("FRN", "DE", "IT", "POR", "SP")

#: The English editions whose numbers the language editions share; chase n of a language
#: edition is 1st-edition chase n (1st/440 + n).
_BASE_EDITION = "1st"
#: The Brazilian community sets of ``spellfire_cards_br_community_sets.csv`` (their names as the file writes
#: them, "Insquisition BR" included) -> the set code this project gives them (the file has none; SOURCES.md,
#: source 3).  Codes start with "BR" + a letter or digit no CrossFire set uses.
COMMUNITY_SETS: dict[str, str] = {
    "Myths and Legends": "BRML",
    "Promo BSW BR": "BRPB",
    "Ravenloft BR": "BRRL",
    "Carioca 2017": "BRC17",
    "Chaos BR": "BRCH",
    "Conquest BR": "BRCQ",
    "Insquisition BR": "BRIQ",
    "Millennium BR": "BRMI",
    "Promo BSW Int": "BRPI",
    "Liga Mol": "BRLM",
    "Rio de Janeiro": "BRRJ",
}
COMMUNITY_FILE = "spellfire_cards_br_community_sets.csv"

#: "No limit per deck." or "Limit N per deck." in a card's blueline or text, as CrossFire's
#: deck editor reads it (spellfire/CrossFire Scripts/Editor.tcl, Editor::CheckMultipleCards).
STATED_LIMIT_PATTERN = re.compile(r"(No limit per deck\.|Limit ([A-Za-z0-9]+) per deck\.)", re.IGNORECASE)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}

#: Order in which a name shared by several printings picks its canonical printing:
#: the English TSR editions newest first, then the TSR boosters, the community
#: sticker boosters, the GenCon '94 "No Edition", fan sets and last the
#: international editions.  Ties within a set go to the lowest number.
CANONICAL_SET_ORDER: tuple[str, ...] = (
    "4th", "3rd", "2nd", "1st",
    "PR", "RL", "DL", "FR", "AR", "PO", "UD", "RR", "BR", "DR", "NS", "DU",
    "IQ", "MI", "CH", "CQ",
    "NO", "AB", "OH7",
    "FRN", "DE", "IT", "POR", "SP",
)

_SUGGESTIONS = 5


def default_cards_dir() -> Path:
    """Return the default shared cards directory, ``<checkout>/../shared/cards``.

    Shape: a ``Path`` (``/work/shared/cards`` for the clone at ``/work/main``); it is
    not checked for existence here.  Source: SOURCES.md in that directory.
    """
    return Path(__file__).resolve().parents[2] / "shared" / "cards"


@functools.lru_cache(maxsize=16384)
def normalise_name(text: str) -> str:
    """Normalise a card name for lookup: no accents, case or punctuation.

    ``"War-Party"``, ``"war party"`` and ``"WAR PARTY!"`` all give ``"warparty"``.
    Used to find cards by name; identity uses the stricter :func:`identity_name`.
    Never raises.
    """
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed.casefold() if ch.isalnum() and not unicodedata.combining(ch))


@functools.lru_cache(maxsize=16384)  # names are a finite set; decks repeat them
def identity_name(text: str) -> str:
    """Normalise a card name for identity: like :func:`normalise_name` but ``!`` is kept.

    Spacing, apostrophes, hyphens, accents and case vary between printings of one card
    ("Drizzt Do'Urden" / "Drizzt Do' Urden", "Mika the Wolf-Nomad" / "Mika the Wolf
    Nomad"), but "Siege" (1st/203) and "Siege!" (1st/150), "Adventurers" and
    "Adventurers!", "Call to Arms" and "Call to Arms!" are different cards in the
    same sets, so the exclamation mark is significant.  Never raises.  Source:
    spellfire-tournament-rules-2.0.txt, paragraph "A card is considered the same if it
    has both the same icon and the same name" (before "55-Card Deck (Standard)").
    """
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(
        ch for ch in decomposed.casefold() if (ch.isalnum() or ch == "!") and not unicodedata.combining(ch)
    )


@dataclass(frozen=True, slots=True)
class Card:
    """One printing of a Spellfire card (one row of ``spellfire_cards.csv``).

    Fields: ``set_code`` ("3rd"), ``number`` (54), ``name``, ``card_type`` ("Ally",
    "Champion", "Dungeon", ...), ``champion_type`` ("" unless a champion),
    ``level`` (verbatim icon text: "9", "+4", "5/7", "?", ""), ``level_value`` (first
    signed integer of ``level`` or None), ``world``, ``is_avatar``,
    ``multiples_allowed`` (True when any printing of the same identity says "No limit
    per deck." or "Limit N per deck." with N > 1) and ``stated_copy_limit`` (N from
    "Limit N per deck." on any printing of the identity, None when the card states no
    number).  From ``spellfire_cards_extended.csv`` when present: ``rarity`` (CrossFire
    code M, C, UC, R, VR, S or V), ``world_id`` (CrossFire world id "0".."9"),
    ``is_chase`` (a chase card), ``chase_number`` (n of "chase n", else None) and
    ``is_fan`` (a fan-made set such as AB or OH7); CrossFire .cff formats limit these.
    ``community_set``: the set's name as ``spellfire_cards_br_community_sets.csv`` gives it
    ("Myths and Legends") for a Brazilian community card, "" otherwise (``COMMUNITY_SETS``).
    ``stated_limit_text``: where the card states its copy limit, e.g.
    ``'AR/1 Wand of Orcus: "Limit one per deck."'`` ("" when ``stated_copy_limit`` is
    None).  ``same_as``: the name of the English card this printing is (a translation
    or renamed reprint, see :func:`map_printings`), "" when it is its own name.  Rule source: spellfire-tournament-rules-2.0.txt, paragraph "No
    individual card can appear more than once in a deck, unless that card states that
    multiples are allowed" (before "55-Card Deck (Standard)").
    """

    set_code: str
    number: int
    name: str
    card_type: str
    champion_type: str
    level: str
    level_value: int | None
    world: str
    is_avatar: bool
    multiples_allowed: bool
    stated_copy_limit: int | None = None
    rarity: str = ""
    world_id: str = ""
    is_chase: bool = False
    is_fan: bool = False
    stated_limit_text: str = ""
    same_as: str = ""
    chase_number: int | None = None
    community_set: str = ""

    @property
    def last_digit(self) -> int:
        """Last digit of the card number (0-9), what CrossFire's "Digit" limits count."""
        return self.number % 10

    @property
    def key(self) -> str:
        """Catalogue key ``"<set_code>/<number>"`` without leading zeros, e.g. ``"3rd/54"``."""
        return f"{self.set_code}/{self.number}"

    @property
    def identity(self) -> tuple[str, str]:
        """``(card_type, identity_name(same_as or name))``: equal identities are the same card.

        Source: spellfire-tournament-rules-2.0.txt, paragraph "A card is considered the
        same if it has both the same icon and the same name" (before "55-Card Deck
        (Standard)").
        """
        return (self.card_type, identity_name(self.same_as or self.name))

    @property
    def is_champion(self) -> bool:
        """True for cards of type ``"Champion"`` (clerics, heroes, monsters, ... avatars too)."""
        return self.card_type == "Champion"

    @property
    def champion_level(self) -> int:
        """The level counted for deck construction: first number in the icon, ``?`` = 0.

        Returns ``level_value`` or 0.  Source: spellfire-tournament-rules-2.0.txt,
        55-Card Deck (Standard), footnote "*" ("If there is more than one number in the
        icon, use the first one"); CrossFire counts ``?`` as 0 (SOURCES.md).
        """
        return self.level_value or 0

    @property
    def label(self) -> str:
        """Key and name for messages, e.g. ``"3rd/54 War Party"``."""
        return f"{self.key} {self.name}"


class UnknownCard(RulesError):
    """No card matches a query given to :meth:`Catalogue.resolve`.

    Attributes: ``query`` (the text looked for) and ``suggestions`` (up to five
    closest names or keys, best first, possibly empty).  ``str()`` (``message``)
    reads e.g. ``No card matches "War Prty"; did you mean: War Party?``.
    ``code`` is ``"unknown_card"``; ``params`` is ``{"query": str, "suggestions": [str]}``.
    """

    def __init__(self, query: str, suggestions: list[str] | None = None) -> None:
        self.query = query
        self.suggestions = list(suggestions or [])
        super().__init__("unknown_card", self._message(),
                         {"query": query, "suggestions": list(self.suggestions)})

    def _message(self) -> str:
        if self.suggestions:
            return f'No card matches "{self.query}"; did you mean: {", ".join(self.suggestions)}?'
        return f'No card matches "{self.query}" and no similar card was found.'


@dataclass(frozen=True)
class PrintingLink:
    """One decision of :func:`map_printings`: is printing ``key`` the same card as ``target``?

    ``key`` and ``name``: the printing; ``target`` and ``target_name``: the English
    printing it was compared with (``""`` when there is none); ``accepted``: True when
    it is mapped (its ``Card.same_as`` becomes ``target_name``); ``kind``:
    ``"language_edition"``, ``"language_editions"`` or ``"renamed_reprint"``; ``reason``: why, in words.
    """

    key: str
    name: str
    target: str
    target_name: str
    accepted: bool
    kind: str
    reason: str

    def line(self) -> str:
        """One line for a report: ``"DE/48 Pereghost -> 1st/48 The Pereghost: <reason>"`` (``-/->`` refused)."""
        arrow = "->" if self.accepted else "-/->"
        target = f"{self.target} {self.target_name}" if self.target else "(no English card)"
        return f"{self.key} {self.name} {arrow} {target}: {self.reason}"


def _icon(card: Card) -> str:
    return f"{card.card_type}/{card.champion_type}" if card.champion_type else card.card_type


def _article_free(name: str) -> str:
    return identity_name(re.sub(r"^\s*the\s+", "", name, flags=re.IGNORECASE))


def _apply_links(cards: list[Card], links: list[PrintingLink]) -> list[Card]:
    """``cards`` with ``same_as`` set from the accepted ``links`` (chains followed to the first name)."""
    target = {link.key: link.target for link in links if link.accepted}
    by_key = {card.key: card for card in cards}
    out: list[Card] = []
    for card in cards:
        key = card.key
        seen = {key}
        while key in target and target[key] not in seen:
            key = target[key]
            seen.add(key)
        out.append(card if key == card.key else replace(card, same_as=by_key[key].name))
    return out


def _community_cards(path: Path) -> list[Card]:
    """The Brazilian community cards of ``path`` (``COMMUNITY_FILE``), [] when the file is absent.  A set the
    file names that ``COMMUNITY_SETS`` lacks raises ValueError (a new set needs its code)."""
    if not path.exists():
        return []
    with open(path, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    cards: list[Card] = []
    for row in rows:
        set_name = row["set_name"].strip()
        if set_name not in COMMUNITY_SETS:
            raise ValueError(f"{path.name}: the set {set_name!r} has no code in rules.cards.COMMUNITY_SETS")
        cards.append(Card(
            set_code=COMMUNITY_SETS[set_name], number=int(row["number"]), name=row["name"],
            card_type=row["card_type"], champion_type=row["champion_type"], level=row["level"],
            level_value=_int_or_none(row["level_value"]), world=row["world"],
            is_avatar=row["is_avatar"].strip() == "1", multiples_allowed=row["multiples_allowed"].strip() == "1",
            rarity=row.get("rarity", ""), community_set=set_name,
        ))
    return cards


def map_printings(cards: list[Card]) -> list[PrintingLink]:
    """Decide which printings are another printing of an English card, and say why.

    Two kinds of link (spellfire-tournament-rules-2.0.txt: "A card is considered the
    same if it has both the same icon and the same name" – a translation carries the
    card's name in another language):

    * ``language_edition``: a printing of FRN, DE, IT, POR or SP (translations numbered
      as the 1st edition; SOURCES.md) is the 1st-edition card with the same number
      (401-425: chase n = 1st-edition chase n, as ``spellfire_card_aliases.csv`` numbers
      chase cards) when both have the same icon (card type and champion type).
      Refused when the 1st-edition card of that number has another icon: FRN and POR
      print their own cards in 20 slots where 2nd edition dropped a card (the cards
      ``spellfire_card_aliases.csv`` says 2nd/3rd edition put there instead, e.g.
      2nd/417 Mind Flayer Lord at 326, differ in level from FRN/326 Guloth'katra, so
      they are not linked either).
    * ``language_editions``: such a refused printing is the same card as the printing
      with the same number in the first language edition (FRN before DE, IT, POR, SP)
      when icon and level are equal (POR/326 Guloth'katra is FRN/326 Guloth'katra).
    * ``renamed_reprint``: English printings whose names differ only by a leading
      "The" ("The Pereghost" 1st/48, "Pereghost" 4th/262) are the same card when icon,
      level and world are equal; the later name maps to the first-printed one.  Refused
      otherwise ("The Wizard" BR/94 and "Wizard" CQ/62 differ in world and text).

    Returns every decision, accepted or refused, in catalogue order.  Never raises.
    """
    by_key = {card.key: card for card in cards}
    chase = {
        card.chase_number: card for card in cards
        if card.set_code == _BASE_EDITION and card.chase_number is not None
    }
    links: list[PrintingLink] = []
    for card in cards:
        if card.set_code not in LANGUAGE_EDITIONS:
            continue
        if card.chase_number is not None:
            base = chase.get(card.chase_number)
            where = f"chase {card.chase_number}"
        else:
            base = by_key.get(f"{_BASE_EDITION}/{card.number}")
            where = f"number {card.number}"
        if base is None:
            links.append(PrintingLink(card.key, card.name, "", "", False, "language_edition",
                                      f"no {_BASE_EDITION}-edition card has {where}"))
        elif _icon(base) != _icon(card):
            links.append(PrintingLink(
                card.key, card.name, base.key, base.name, False, "language_edition",
                f"same {where} but another icon ({_icon(card)} vs {_icon(base)}): a different card",
            ))
        else:
            links.append(PrintingLink(card.key, card.name, base.key, base.name, True, "language_edition",
                                      f"same {where} and icon ({_icon(card)})"))
    unmatched: dict[int, list[Card]] = {}
    refused = {link.key for link in links if not link.accepted}
    for card in cards:
        if card.key in refused:
            unmatched.setdefault(card.number, []).append(card)
    for number, group in unmatched.items():
        group.sort(key=lambda c: LANGUAGE_EDITIONS.index(c.set_code))
        first = group[0]
        for card in group[1:]:
            same = (_icon(card), card.level) == (_icon(first), first.level)
            if same:
                reason = (f"no English card: the same number {number}, icon ({_icon(card)}) and level "
                          f"({card.level or '-'}) as the other language edition")
            else:
                reason = (f"the same number {number} but another icon or level ({_icon(card)}, {card.level or '-'} "
                          f"vs {_icon(first)}, {first.level or '-'}): a different card")
            links.append(PrintingLink(card.key, card.name, first.key, first.name, same, "language_editions",
                                      reason))
    english = [card for card in cards if card.set_code not in LANGUAGE_EDITIONS]
    rank = {code: i for i, code in enumerate(("NO", "1st", "2nd", "3rd", "4th"))}
    groups: dict[tuple[str, str], list[Card]] = {}
    for card in english:
        groups.setdefault((card.card_type, _article_free(card.name)), []).append(card)
    for group in groups.values():
        names = {identity_name(card.name) for card in group}
        if len(names) < 2:
            continue
        first = min(group, key=lambda c: (rank.get(c.set_code, len(rank)), c.set_code, c.number))
        for card in group:
            if identity_name(card.name) == identity_name(first.name):
                continue
            same = (_icon(card), card.level, card.world) == (_icon(first), first.level, first.world)
            if same:
                reason = (f"the same card renamed: icon {_icon(card)}, level {card.level or '-'} and world "
                          f"{card.world} equal, names differ only by a leading \"The\"")
            else:
                reason = (f"names differ only by a leading \"The\" but icon, level or world differ "
                          f"({_icon(card)}, {card.level or '-'}, {card.world} vs {_icon(first)}, "
                          f"{first.level or '-'}, {first.world}): a different card")
            links.append(PrintingLink(card.key, card.name, first.key, first.name, same, "renamed_reprint", reason))
    return links


_SET_FIRST = re.compile(r"^([A-Za-z0-9]+?)\s*[/ ]\s*(\d+)$")
_NUMBER_FIRST = re.compile(r"^(\d+)\s*/\s*([A-Za-z0-9]+)(\s+chase)?$", re.IGNORECASE)
_KEYLIKE = re.compile(r"^([A-Za-z0-9]+)\s*/\s*([A-Za-z0-9]+)(?:\s+chase)?$", re.IGNORECASE)


def _int_or_none(text: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return None


class Catalogue:
    """All card printings, indexed by key, alias, identity and normalised name.

    Build with :meth:`Catalogue.load`.  ``len()`` is 6433 for the shared data (6089 + 344 community cards);
    iteration yields :class:`Card` in file order.  Source: SOURCES.md in the cards
    directory (columns, keys, aliases); deck-construction identity from
    spellfire-tournament-rules-2.0.txt, paragraph "No individual card can appear more
    than once in a deck" (before "55-Card Deck (Standard)").
    """

    def __init__(self, cards: list[Card], aliases: dict[tuple[str, int], str] | None = None) -> None:
        """Index ``cards`` (list of Card); ``aliases`` maps (alias set, number) -> target key.

        Raises ValueError on a duplicate key or an alias pointing at no card.
        """
        self._cards: list[Card] = list(cards)
        self._by_key: dict[str, Card] = {}
        for card in self._cards:
            if card.key in self._by_key:
                raise ValueError(f"duplicate card key {card.key}")
            self._by_key[card.key] = card
        self._set_codes: dict[str, str] = {c.set_code.lower(): c.set_code for c in self._cards}
        self._aliases: dict[tuple[str, int], str] = {}
        self._alias_sets: dict[str, str] = {}
        for (alias_set, number), target in (aliases or {}).items():
            if target not in self._by_key:
                raise ValueError(f"alias {alias_set}/{number} points at unknown card {target}")
            self._aliases[(alias_set.lower(), number)] = target
            self._alias_sets[alias_set.lower()] = alias_set
        self._by_identity: dict[tuple[str, str], list[Card]] = {}
        self._by_name: dict[str, list[Card]] = {}
        self._by_exact_name: dict[str, list[Card]] = {}
        for card in self._cards:
            self._by_identity.setdefault(card.identity, []).append(card)
            self._by_name.setdefault(normalise_name(card.name), []).append(card)
            self._by_exact_name.setdefault(identity_name(card.name), []).append(card)
        rank = {code: i for i, code in enumerate(CANONICAL_SET_ORDER)}

        def order(card: Card) -> tuple[int, str, int]:
            return (rank.get(card.set_code, len(rank)), card.set_code, card.number)

        self._canonical: dict[str, Card] = {
            name: min(group, key=order) for name, group in self._by_name.items()
        }
        self._canonical_exact: dict[str, Card] = {
            name: min(group, key=order) for name, group in self._by_exact_name.items()
        }
        self._name_list: list[str] = sorted(self._canonical)

    # ------------------------------------------------------------------ loading
    @classmethod
    def load(cls, cards_dir: Path | None = None) -> Catalogue:
        """Read ``spellfire_cards.csv`` and ``spellfire_card_aliases.csv`` from ``cards_dir``.

        ``cards_dir`` defaults to :func:`default_cards_dir`.  Printings are first
        linked to the English card they are (:func:`map_printings`, ``Card.same_as``).
        When ``spellfire_cards_extended.csv`` is present, a "Limit N per deck." in a
        card's blueline or text (:data:`STATED_LIMIT_PATTERN`, the blueline read first
        as CrossFire does) supplies ``stated_copy_limit`` and ``stated_limit_text``
        for every printing of that card (3 for Nomad Mercenaries, 1 for Wand of Orcus
        and the other "Limit one per deck." cards).  The ``multiples_allowed`` flag is
        spread to every printing of the same identity (so 3rd/329 Shaqat Beetles,
        which the rules text itself names, allows multiples).  Raises FileNotFoundError when the directory or the main CSV is
        missing, ValueError on malformed rows.  Source: SOURCES.md ("multiples_allowed",
        "Numbering conventions"); spellfire-tournament-rules-2.0.txt, paragraph "No
        individual card can appear more than once in a deck ... (such as the Shaqat
        Beetles (329/3rd) or War Party (54/3rd))".
        When ``spellfire_cards_br_community_sets.csv`` is present, its cards are added as their own
        sets (``COMMUNITY_SETS``; ``Card.community_set``), after the printings are linked: they are
        cards of their own, not printings of English cards.
        """
        directory = Path(cards_dir) if cards_dir is not None else default_cards_dir()
        rows: list[dict[str, str]] = []
        with open(directory / "spellfire_cards.csv", encoding="utf-8", newline="") as handle:
            rows = list(csv.DictReader(handle))
        stated: dict[str, tuple[int | None, str]] = {}
        extra: dict[str, tuple[str, str, int | None, bool]] = {}
        extended = directory / "spellfire_cards_extended.csv"
        if extended.exists():
            with open(extended, encoding="utf-8", newline="") as handle:
                for row in csv.DictReader(handle):
                    key = f"{row['set_code']}/{int(row['number'])}"
                    found = STATED_LIMIT_PATTERN.search(f"{row.get('blueline', '')} {row.get('text', '')}")
                    if found is not None:
                        word = (found.group(2) or "").lower()
                        limit = None if found.group(2) is None else _NUMBER_WORDS.get(word, _int_or_none(word))
                        stated[key] = (limit, f'{key} {row["name"]}: "{found.group(1)}"')
                    extra[key] = (
                        row.get("rarity", ""),
                        row.get("world_id", ""),
                        _int_or_none(row.get("chase_number", "")),
                        row.get("set_class", "") == "fan",
                    )
        cards: list[Card] = []
        for row in rows:
            key = f"{row['set_code']}/{int(row['number'])}"
            rarity, world_id, chase_number, is_fan = extra.get(key, ("", "", None, False))
            cards.append(
                Card(
                    set_code=row["set_code"],
                    number=int(row["number"]),
                    name=row["name"],
                    card_type=row["card_type"],
                    champion_type=row["champion_type"],
                    level=row["level"],
                    level_value=_int_or_none(row["level_value"]),
                    world=row["world"],
                    is_avatar=row["is_avatar"].strip() == "1",
                    multiples_allowed=row["multiples_allowed"].strip() == "1",
                    rarity=rarity,
                    world_id=world_id,
                    is_chase=chase_number is not None,
                    is_fan=is_fan,
                    chase_number=chase_number,
                )
            )
        cards = _apply_links(cards, map_printings(cards)) + _community_cards(directory / COMMUNITY_FILE)
        multiples: set[tuple[str, str]] = set()
        limits: dict[tuple[str, str], tuple[int, str]] = {}
        for card in cards:
            if card.multiples_allowed:
                multiples.add(card.identity)
            limit, text = stated.get(card.key, (None, ""))
            if limit is not None and card.identity not in limits:
                limits[card.identity] = (limit, text)
        cards = [
            replace(
                card,
                multiples_allowed=card.identity in multiples,
                stated_copy_limit=limits[card.identity][0] if card.identity in limits else None,
                stated_limit_text=limits[card.identity][1] if card.identity in limits else "",
            )
            for card in cards
        ]
        aliases: dict[tuple[str, int], str] = {}
        alias_file = directory / "spellfire_card_aliases.csv"
        if alias_file.exists():
            with open(alias_file, encoding="utf-8", newline="") as handle:
                for row in csv.DictReader(handle):
                    aliases[(row["alias_set"], int(row["alias_number"]))] = (
                        f"{row['set_code']}/{int(row['number'])}"
                    )
        return cls(cards, aliases)

    def printing_links(self) -> list[PrintingLink]:
        """Every decision :func:`map_printings` made for this catalogue (accepted and refused)."""
        return map_printings(self._cards)

    # ------------------------------------------------------------------ access
    def __iter__(self) -> Iterator[Card]:
        """Iterate over every printing in file order."""
        return iter(self._cards)

    def __len__(self) -> int:
        """Number of printings (6433 for the shared data)."""
        return len(self._cards)

    def __contains__(self, key: object) -> bool:
        """True when ``key`` is an exact catalogue key such as ``"3rd/54"``."""
        return key in self._by_key

    def get(self, key: str) -> Card:
        """Return the printing with exact key ``"<set_code>/<number>"`` (``"3rd/54"``).

        Raises KeyError for anything else (no padding, alias or name handling; use
        :meth:`resolve` for that).
        """
        return self._by_key[key]

    def by_identity(self, card: Card) -> list[Card]:
        """All printings that are the same card as ``card`` (same type and name), file order.

        Source: spellfire-tournament-rules-2.0.txt, paragraph "A card is considered the
        same if it has both the same icon and the same name".
        """
        return list(self._by_identity.get(card.identity, [card]))

    def lookup_key(self, set_code: str, number: int) -> Card | None:
        """Find a printing by set code (any case, chase ``FRc`` or alias set) and number.

        Returns None when nothing matches; never raises.
        """
        lowered = set_code.lower()
        canonical = self._set_codes.get(lowered)
        if canonical is not None:
            card = self._by_key.get(f"{canonical}/{number}")
            if card is not None:
                return card
        target = self._aliases.get((lowered, number))
        if target is not None:
            return self._by_key[target]
        return None

    def resolve(self, text: str) -> Card:
        """Find the card a person or file means by ``text``.

        Accepts keys (``"3rd/54"``, ``"3rd/054"``, ``"3rd 54"``), number-first keys
        (``"54/3rd"``, ``"13/DL Chase"``), chase short ids (``"FRc/18"``,
        ``"1stc/22"``), aliases (``"3rd/432"`` -> 1st/432) and names compared case-,
        accent- and punctuation-insensitively (``"war party"``, ``"War-Party"``).  A name
        with several printings gives the canonical one: the newest English TSR edition
        (4th, 3rd, 2nd, 1st) that has it, then boosters etc. (see
        ``CANONICAL_SET_ORDER``).  Raises :class:`UnknownCard` with suggestions.
        Source: SOURCES.md ("Numbering conventions").
        """
        query = " ".join(str(text).split())
        if not query:
            raise UnknownCard(str(text), [])
        card = self._resolve_key(query)
        if card is not None:
            return card
        canonical = self._canonical_exact.get(identity_name(query))
        if canonical is None:
            canonical = self._canonical.get(normalise_name(query))
        if canonical is not None:
            return canonical
        raise UnknownCard(query, self.suggest(query))

    def find_name(self, name: str) -> Card | None:
        """Return the canonical printing named ``name`` (compared as :meth:`resolve` does), else None.

        Names only (no keys), no suggestions, never raises: a cheap lookup for readers
        that build their own suggestions.  ``"war-party"`` -> 3rd/54.
        """
        canonical = self._canonical_exact.get(identity_name(name))
        if canonical is None:
            canonical = self._canonical.get(normalise_name(name))
        return canonical

    def _resolve_key(self, query: str) -> Card | None:
        match = _SET_FIRST.match(query)
        if match:
            card = self.lookup_key(match.group(1), int(match.group(2)))
            if card is not None:
                return card
        match = _NUMBER_FIRST.match(query)
        if match:
            number = int(match.group(1))
            set_code = match.group(2)
            if match.group(3):
                return self.lookup_key(set_code + "c", number)
            return self.lookup_key(set_code, number)
        return None

    def suggest(self, query: str, limit: int = _SUGGESTIONS) -> list[str]:
        """Return up to ``limit`` close matches for ``query``, best first.

        Key-like queries (``"3rd/999"``) get keys of the same set; other queries get card
        names (names containing the query first, then difflib matches).  Never raises.
        """
        query = " ".join(str(query).split())
        match = _KEYLIKE.match(query)
        if match:
            first, second = match.group(1), match.group(2)
            for set_part, number_part in ((first, second), (second, first)):
                set_code = self._set_codes.get(set_part.lower())
                if set_code is not None and number_part.isdigit():
                    keys = [c.key for c in self._cards if c.set_code == set_code]
                    wanted = f"{set_code}/{int(number_part)}"
                    return difflib.get_close_matches(wanted, keys, n=limit, cutoff=0.5)
        normal = normalise_name(query)
        if not normal:
            return []
        found: list[str] = []
        if len(normal) >= 3:
            contains = sorted((n for n in self._name_list if normal in n), key=lambda n: (len(n), n))
            found.extend(contains[:limit])
        for name in difflib.get_close_matches(normal, self._name_list, n=limit, cutoff=0.6):
            if name not in found:
                found.append(name)
        return [self._canonical[name].name for name in found[:limit]]


@functools.lru_cache(maxsize=8)
def _load_cached(cards_dir: Path) -> Catalogue:
    return Catalogue.load(cards_dir)


def load_default(cards_dir: Path | None = None) -> Catalogue:
    """Return a cached :class:`Catalogue` for ``cards_dir`` (default :func:`default_cards_dir`).

    The same object is returned for the same resolved path.  Errors as
    :meth:`Catalogue.load`.
    """
    directory = Path(cards_dir) if cards_dir is not None else default_cards_dir()
    return _load_cached(directory.resolve())
