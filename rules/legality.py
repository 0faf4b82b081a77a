"""Deck legality: does a decklist meet a deck format?

Terms used here:

* **violation** – one broken construction rule, as a code with parameters, the cards
  involved (``"3rd/54 War Party"`` labels), the rule citation and a plain-English
  message.  The web layer may translate from ``code`` and ``params``.
* **verdict** – the outcome of :func:`check_deck`: legal or not, the counts that were
  checked and every violation found (the checker never stops at the first).
* **check** – one construction rule as a function ``(DeckContents, DeckFormat) ->
  [Violation]``; :data:`CHECKS` lists them in the order their violations appear.
* **deck size / total cards** – cards excluding dungeon cards.
* **counted levels** – the sum of champion levels (first number in the icon, ``?`` =
  0) less the levels of the highest ``free_avatars`` avatars, which are free; a free
  avatar still counts as a champion and as a card (CrossFire's semantics, SOURCES.md
  "Deck-construction semantics used by CrossFire").

Violation codes: ``deck_size``, ``type_minimum``, ``type_maximum``,
``champion_type_minimum``, ``champion_type_maximum``, ``level_cap``,
``too_many_dungeon_cards``, ``chase_minimum``, ``chase_maximum``, ``group_minimum``,
``group_maximum`` (rarity, world, set or card-number digit; ``params["kind"]`` says
which), ``banned_card``, ``stated_limit`` (more copies than the card's own "Limit N per
deck." allows, in every format: the card text takes precedence over the rules),
``duplicate_card`` (more copies than the format allows), ``forbidden_pair`` (two
cards that may not share a deck, ``rules.card_pairs``), ``community_card`` (a Brazilian
community card where the format does not allow them, ``COMMUNITY_RULE``) and, only when a pool is
given (limited events), ``not_in_pool`` (a card the player's pool does not hold, or more copies of it
than the pool holds: ``POOL_RULE``).

Warnings (``Verdict.warnings``; they never make a deck illegal): ``discouraged_pair``
(``rules.card_pairs`` pairs of mode "warn") and ``side_cards_left_out`` (a file's side cards,
``Decklist.side_cards``, are not part of the deck: ``SIDE_CARDS_RULE``).

Citations: a limit the organiser set cites their change (``DeckFormat.amended_by``,
``DeckFormat.cite``); the copies and dungeon rules cite the format's own text
(``DeckFormat.copies_source``, ``dungeon_source``; the Brazilian ones for ``55-br``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.card_pairs import CARD_PAIRS, PRECEDENCE_RULE, CardPair
from rules.cards import Card, identity_name
from rules.decklists import Decklist
from rules.formats import RULES_FILE, DeckFormat

__all__ = [
    "CHECKS",
    "DUNGEON_RULE",
    "DUPLICATE_RULE",
    "POOL_RULE",
    "Check",
    "DeckContents",
    "DeckWarning",
    "Verdict",
    "Violation",
    "check_deck",
    "check_pool",
]

DUNGEON = "Dungeon"

#: Where the one-copy rule is written: the deck-construction preamble just before the
#: 55-card table.
DUPLICATE_RULE = (
    f'{RULES_FILE}, deck construction preamble before "55-Card Deck (Standard)", paragraph '
    '"No individual card can appear more than once in a deck, unless that card states that '
    'multiples are allowed in the same deck ... A card is considered the same if it has both '
    'the same icon and the same name."'
)

#: Where dungeon cards are made free and single: "each player gets to put his dungeon card
#: into play"; the paragraph before the heading gives deck sizes of 56, 76 or 111.
DUNGEON_RULE = (
    f'{RULES_FILE}, How Dungeon Cards Work ("each player gets to put his dungeon card into '
    'play"; the paragraph before it: "a free card in deck construction ... actual deck sizes '
    'of 56, 76, or 111 cards")'
)


@dataclass(frozen=True)
class Violation:
    """One broken deck-construction rule.

    ``code`` (see module docstring), ``params`` (JSON-safe details, e.g.
    ``{"expected": 55, "actual": 54}``), ``cards`` (labels ``"<key> <name>"`` of the
    cards involved, possibly empty), ``rule`` (citation "<file>, <section>") and
    ``message`` (plain English naming the cards and the limit).
    """

    code: str
    params: dict[str, Any]
    cards: tuple[str, ...]
    rule: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"code", "params", "cards": [str], "rule", "message"}`` (JSON-safe)."""
        return {
            "code": self.code,
            "params": dict(self.params),
            "cards": list(self.cards),
            "rule": self.rule,
            "message": self.message,
        }


@dataclass(frozen=True)
class DeckWarning(Violation):
    """Something a deck builder should know that does not make the deck illegal.

    Same fields and ``to_dict`` as :class:`Violation`; ``code`` ``discouraged_pair``.
    """


@dataclass(frozen=True)
class Verdict:
    """Result of :func:`check_deck`.

    ``legal`` (no violations), ``format_id``, ``total_cards`` (dungeon cards excluded),
    ``champion_levels`` (counted toward the cap, free avatars excluded),
    ``type_counts`` (``{card type: count}`` for every type present, dungeon included),
    ``violations`` (tuple of :class:`Violation`, in check order), ``warnings`` (tuple of
    :class:`DeckWarning`; they do not affect ``legal``).
    """

    legal: bool
    format_id: str
    total_cards: int
    champion_levels: int
    type_counts: dict[str, int] = field(default_factory=dict)
    violations: tuple[Violation, ...] = ()
    warnings: tuple[DeckWarning, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-safe dict of all fields; violations as :meth:`Violation.to_dict`."""
        return {
            "legal": self.legal,
            "format_id": self.format_id,
            "total_cards": self.total_cards,
            "champion_levels": self.champion_levels,
            "type_counts": dict(self.type_counts),
            "violations": [violation.to_dict() for violation in self.violations],
            "warnings": [warning.to_dict() for warning in self.warnings],
        }


def _labels(cards: list[Card]) -> tuple[str, ...]:
    """Distinct ``"<key> <name>"`` labels in order of first appearance."""
    seen: dict[str, None] = {}
    for card in cards:
        seen.setdefault(card.label, None)
    return tuple(seen)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def counted_levels(cards: list[Card] | tuple[Card, ...], free_avatars: int) -> tuple[int, list[Card]]:
    """Return (levels counted toward the cap, the avatars that were free).

    Sums ``champion_level`` over champions, then subtracts the levels of the
    ``free_avatars`` highest-level avatars.  Source: spellfire-tournament-rules-2.0.txt,
    55-Card Deck (Standard) footnote "*" ("each player can include one avatar in his
    deck for free"), 110-Card Deck footnote (two avatars); CrossFire semantics in
    SOURCES.md.
    """
    champions = [card for card in cards if card.is_champion]
    avatars = sorted((card for card in champions if card.is_avatar), key=lambda c: (-c.champion_level, c.key))
    free = avatars[: max(free_avatars, 0)]
    total = sum(card.champion_level for card in champions) - sum(card.champion_level for card in free)
    return total, free


@dataclass(frozen=True)
class DeckContents:
    """A decklist sorted the ways the checks need it, built once by :func:`check_deck`.

    ``cards`` (every copy, file order), ``deck_cards`` / ``dungeon_cards`` (the cards
    without / with card type Dungeon), ``by_type`` (``{card type: [cards]}`` in order
    of first appearance), ``copies`` (``{card identity: [copies]}``, same order) and
    ``rule`` (the format's own citation: ``fmt.source``, else its name).
    """

    cards: list[Card]
    deck_cards: list[Card]
    dungeon_cards: list[Card]
    by_type: dict[str, list[Card]]
    copies: dict[tuple[str, str], list[Card]]
    rule: str

    @classmethod
    def of(cls, decklist: Decklist, fmt: DeckFormat) -> DeckContents:
        """Sort ``decklist``'s cards for checking against ``fmt``."""
        cards = list(decklist.cards)
        by_type: dict[str, list[Card]] = {}
        copies: dict[tuple[str, str], list[Card]] = {}
        for card in cards:
            by_type.setdefault(card.card_type, []).append(card)
            copies.setdefault(card.identity, []).append(card)
        return cls(
            cards=cards,
            deck_cards=[card for card in cards if card.card_type != DUNGEON],
            dungeon_cards=[card for card in cards if card.card_type == DUNGEON],
            by_type=by_type,
            copies=copies,
            rule=fmt.source or fmt.name,
        )


#: One construction rule: the deck's contents and the format -> the violations found, in order.
Check = Callable[[DeckContents, DeckFormat], list[Violation]]


def check_deck_size(deck: DeckContents, fmt: DeckFormat) -> list[Violation]:
    """``deck_size``: the cards, dungeon cards not counted, must number ``fmt.total`` (or lie in ``min_total``-``total``).

    Source: ``fmt.source``, e.g. spellfire-tournament-rules-2.0.txt, 55-Card Deck
    (Standard) ("Total: 55"); dungeon cards are extra: :data:`DUNGEON_RULE`.
    """
    total = len(deck.deck_cards)
    low = fmt.total if fmt.min_total is None else fmt.min_total
    if low <= total <= fmt.total:
        return []
    need = f"exactly {fmt.total}" if low == fmt.total else f"{low} to {fmt.total}"
    size_params = {"expected": fmt.total, "actual": total}
    if low != fmt.total:
        size_params["minimum"] = low
    return [Violation(
        code="deck_size",
        params=size_params,
        cards=(),
        rule=fmt.cite("total", fmt.cite("min_total", deck.rule)),
        message=(
            f"The deck has {_plural(total, 'card')} (dungeon cards not counted); "
            f"a {fmt.name} must have {need}."
        ),
    )]


def check_type_limits(deck: DeckContents, fmt: DeckFormat) -> list[Violation]:
    """``type_minimum`` / ``type_maximum``: cards of each type within its TypeLimit (champions include avatars).

    Types with no maximum are unlimited.  Source: ``fmt.source``, e.g.
    spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard) (the table of card
    types with their minimum and maximum).
    """
    found: list[Violation] = []
    for limit in fmt.type_limits:
        present = deck.by_type.get(limit.card_type, [])
        count = len(present)
        rule = fmt.cite(f"type_limits:{limit.card_type}", deck.rule)
        if count < limit.minimum:
            found.append(Violation(
                code="type_minimum",
                params={"card_type": limit.card_type, "minimum": limit.minimum, "actual": count},
                cards=_labels(present),
                rule=rule,
                message=(
                    f"The deck has {count} {limit.card_type} card{'s' if count != 1 else ''}; "
                    f"a {fmt.name} needs at least {limit.minimum}."
                ),
            ))
        if limit.maximum is not None and count > limit.maximum:
            labels = _labels(present)
            found.append(Violation(
                code="type_maximum",
                params={"card_type": limit.card_type, "maximum": limit.maximum, "actual": count},
                cards=labels,
                rule=rule,
                message=(
                    f"The deck has {count} {limit.card_type} cards ({', '.join(labels)}); "
                    f"a {fmt.name} allows at most {limit.maximum}."
                ),
            ))
    return found


def check_champion_type_limits(deck: DeckContents, fmt: DeckFormat) -> list[Violation]:
    """``champion_type_minimum`` / ``champion_type_maximum``: champions of each type within its limit.

    Only formats that set ``champion_type_limits`` (CrossFire .cff rows per champion
    type, or an organiser's change) have any.  Source: ``fmt.source`` (e.g. "CrossFire
    format 55OT.cff"); SOURCES.md, "CrossFire format files".
    """
    by_champion_type: dict[str, list[Card]] = {}
    for card in deck.by_type.get("Champion", []):
        by_champion_type.setdefault(card.champion_type, []).append(card)
    found: list[Violation] = []
    for limit in fmt.champion_type_limits:
        found.extend(_range_violations(
            "champion_type", by_champion_type.get(limit.card_type, []), limit.minimum, limit.maximum,
            fmt.cite(f"champion_type_limits:{limit.card_type}", deck.rule),
            f"{limit.card_type} champion", f"a {fmt.name}", {"champion_type": limit.card_type},
        ))
    return found


def check_level_cap(deck: DeckContents, fmt: DeckFormat) -> list[Violation]:
    """``level_cap``: the counted champion levels (see :func:`counted_levels`) at most ``fmt.champion_level_cap``.

    Source: ``fmt.source``, e.g. spellfire-tournament-rules-2.0.txt, 55-Card Deck
    (Standard) ("may not total to more than 90 levels") and its footnote "*" (one
    free avatar; two in the 110-Card Deck).
    """
    levels, free = counted_levels(deck.cards, fmt.free_avatars)
    if levels <= fmt.champion_level_cap:
        return []
    champions = [card for card in deck.cards if card.is_champion and card not in free]
    free_text = (
        f" (free avatar{'s' if len(free) != 1 else ''} not counted: {', '.join(c.label for c in free)})"
        if free
        else ""
    )
    return [Violation(
        code="level_cap",
        params={"cap": fmt.champion_level_cap, "levels": levels, "free_avatars": [card.label for card in free]},
        cards=_labels(champions),
        rule=fmt.cite("champion_level_cap", fmt.cite("free_avatars", deck.rule)),
        message=(
            f"The champions total {levels} levels{free_text}; "
            f"a {fmt.name} allows at most {fmt.champion_level_cap}."
        ),
    )]


def check_dungeon_cards(deck: DeckContents, fmt: DeckFormat) -> list[Violation]:
    """``too_many_dungeon_cards``: at most ``fmt.max_dungeon_cards`` dungeon cards added to the deck.

    Source: :data:`DUNGEON_RULE` (spellfire-tournament-rules-2.0.txt, How Dungeon Cards
    Work), or the format's own (``fmt.dungeon_source``; spellfire-regras-pt-br.txt for
    ``55-br``, which allows none).
    """
    dungeon_cards = deck.dungeon_cards
    if len(dungeon_cards) <= fmt.max_dungeon_cards:
        return []
    labels = _labels(dungeon_cards)
    return [Violation(
        code="too_many_dungeon_cards",
        params={"maximum": fmt.max_dungeon_cards, "actual": len(dungeon_cards)},
        cards=labels,
        rule=fmt.cite("max_dungeon_cards", fmt.dungeon_source or DUNGEON_RULE),
        message=(
            f"The deck has {len(dungeon_cards)} dungeon cards ({', '.join(labels)}); "
            f"at most {fmt.max_dungeon_cards} may be added to a deck."
        ),
    )]


def check_chase_limit(deck: DeckContents, fmt: DeckFormat) -> list[Violation]:
    """``chase_minimum`` / ``chase_maximum``: chase cards within ``fmt.chase_limit`` (None: any number).

    Source: ``fmt.source`` (a CrossFire .cff ``tempDeckFormatTotal`` "Chase" row or an
    organiser's change); SOURCES.md, "CrossFire format files".
    """
    if fmt.chase_limit is None:
        return []
    chase = [card for card in deck.cards if card.is_chase]
    return _range_violations(
        "chase", chase, fmt.chase_limit[0], fmt.chase_limit[1], fmt.cite("chase_limit", deck.rule), "chase card",
        f"a {fmt.name}", {},
    )


def check_group_limits(deck: DeckContents, fmt: DeckFormat) -> list[Violation]:
    """``group_minimum`` / ``group_maximum``: cards of each rarity, world, set or digit group within its limit.

    Card types in ``fmt.allowed_types`` and cards in ``fmt.allowed`` are exempt (how
    World War formats admit rule and dungeon cards).  Source: ``fmt.source`` (the
    ``tempDeckFormatRarity`` / ``World`` / ``Set`` / ``Digit`` rows of a CrossFire
    .cff, or an organiser's ``sets``); SOURCES.md, "CrossFire format files" and
    "Deck-construction semantics used by CrossFire".
    """
    if not fmt.group_limits:
        return []
    exempt_types = frozenset(fmt.allowed_types)
    exempt_keys = frozenset(fmt.allowed)
    members: dict[tuple[str, str], list[Card]] = {}
    kinds = {group.kind for group in fmt.group_limits}
    for card in deck.cards:
        if card.card_type in exempt_types or (card.is_champion and card.champion_type in exempt_types):
            continue
        if exempt_keys and card.key in exempt_keys:
            continue
        for kind in kinds:
            members.setdefault((kind, _group_key(card, kind)), []).append(card)
    found: list[Violation] = []
    for group in fmt.group_limits:
        found.extend(_range_violations(
            "group", members.get((group.kind, group.key), []), group.minimum, group.maximum,
            fmt.cite(f"group_limits:{group.kind}:{group.key}", deck.rule),
            f"card of {group.describe()}", f"a {fmt.name}",
            {"kind": group.kind, "key": group.key, "group": group.describe()},
        ))
    return found


def check_banned_cards(deck: DeckContents, fmt: DeckFormat) -> list[Violation]:
    """``banned_card``: no card of ``fmt.banned``; one violation per citation (the .cff, or each organiser's ban).

    Source: ``fmt.source`` (a CrossFire .cff ``tempDeckFormatBanned`` list) or the
    organiser's change that banned the card (``fmt.amended_by``).
    """
    banned_keys = frozenset(fmt.banned)
    if not banned_keys:
        return []
    by_citation: dict[str, list[Card]] = {}
    for card in deck.cards:
        if card.key in banned_keys:
            by_citation.setdefault(fmt.cite(f"banned:{card.key}", deck.rule), []).append(card)
    found: list[Violation] = []
    for citation, same_citation in by_citation.items():
        labels = _labels(same_citation)
        found.append(Violation(
            code="banned_card",
            params={"cards": list(labels)},
            cards=labels,
            rule=citation,
            message=f"{', '.join(labels)} {'is' if len(labels) == 1 else 'are'} banned in a {fmt.name}.",
        ))
    return found


def check_card_copies(deck: DeckContents, fmt: DeckFormat) -> list[Violation]:
    """``stated_limit`` / ``duplicate_card``: copies of each card (same icon and name) within what is allowed.

    Per card identity: more copies than the card's own "Limit N per deck." is
    ``stated_limit`` (whatever the format says); otherwise more than
    :func:`_copies_allowed`, lowered by an organiser's ``restricted`` cap, is
    ``duplicate_card``.  Sources: :data:`DUPLICATE_RULE` (spellfire-tournament-rules-2.0.txt,
    deck construction preamble), ``rules.card_pairs.PRECEDENCE_RULE`` (the card's text
    takes precedence), ``fmt.copies_source`` (spellfire-regras-pt-br.txt for ``55-br``).
    """
    restricted = dict(fmt.restricted)
    found: list[Violation] = []
    for copies in deck.copies.values():
        violation = _copies_violation(copies, fmt, restricted, deck.rule)
        if violation is not None:
            found.append(violation)
    return found


def _copies_violation(copies: list[Card], fmt: DeckFormat, restricted: dict[str, int], rule: str) -> Violation | None:
    """The ``stated_limit`` or ``duplicate_card`` violation of one card identity's ``copies``, if any.

    ``restricted`` is ``dict(fmt.restricted)`` (card key -> copies); ``rule`` the format's citation.
    """
    caps = [(restricted[card.key], card.key) for card in copies if card.key in restricted] if restricted else []
    if len(copies) == 1 and not caps:
        return None  # one copy is always allowed: every limit on copies is at least 1
    sample = copies[0]
    stated = sample.stated_copy_limit
    if stated is not None and len(copies) > stated:
        return _stated_limit_violation(sample, copies)
    allowed, source = _copies_allowed(sample, fmt)
    if caps:
        cap, cap_key = min(caps)
        if allowed is None or cap < allowed:
            allowed, source = cap, fmt.cite(f"restricted:{cap_key}", rule)
    if allowed is None or len(copies) <= allowed:
        return None
    labels = _labels(copies)
    return Violation(
        code="duplicate_card",
        params={"name": sample.name, "card_type": sample.card_type, "copies": len(copies), "max_copies": allowed},
        cards=labels,
        rule=source,
        message=(
            f"{sample.name} ({sample.card_type}) appears {len(copies)} times "
            f"({', '.join(labels)}); at most {allowed} "
            f"cop{'y' if allowed == 1 else 'ies'} of the same card (same icon and name) "
            f"may be in a deck."
        ),
    )


def check_forbidden_pairs(deck: DeckContents, fmt: DeckFormat) -> list[Violation]:
    """``forbidden_pair``: no two cards of a ``rules.card_pairs`` pair of mode "refuse" in one deck.

    Source: each pair's own (``rules.card_pairs.EDITOR_SOURCE``, CrossFire's
    Scripts/Editor.tcl, or the card's text with ``PRECEDENCE_RULE``,
    spellfire-tournament-rules-2.0.txt, introduction).
    """
    return [
        Violation(code="forbidden_pair", params=params, cards=labels, rule=pair.source,
                  message=f"{pair.message} The deck has {', '.join(labels)}.")
        for pair, labels, params in _pairs_found(deck, "refuse")
    ]


#: Why the Brazilian community cards are refused where the format does not allow them.
COMMUNITY_RULE = (
    "this project's choice (issue 22): the Brazilian community sets (cards/SOURCES.md, source 3, "
    "spellfire_cards_br_community_sets.csv) are fan-made sets played at Brazilian events: allowed in 55-br "
    "(spellfire-regras-pt-br.txt) and in a format whose organiser allows them, not in the formats of "
    "spellfire-tournament-rules-2.0.txt"
)


def check_community_cards(deck: DeckContents, fmt: DeckFormat) -> list[Violation]:
    """``community_card``: cards of the Brazilian community sets (``Card.community_set``) in a format that does
    not allow them (``fmt.community_cards`` False); params ``cards`` (labels) and ``sets`` (set names).  Source:
    ``COMMUNITY_RULE``, or the organiser's change (``fmt.cite("community_cards", ...)``)."""
    if fmt.community_cards:
        return []
    found = [card for card in deck.cards if card.community_set]
    if not found:
        return []
    labels = _labels(found)
    sets = sorted({card.community_set for card in found})
    return [Violation(
        code="community_card", params={"cards": list(labels), "sets": sets}, cards=labels,
        rule=fmt.cite("community_cards", COMMUNITY_RULE),
        message=f"{', '.join(labels)}: cards of the Brazilian community sets ({', '.join(sets)}) are not allowed in "
                "this format; the organiser may allow them.")]


def discouraged_pairs(deck: DeckContents) -> list[DeckWarning]:
    """``discouraged_pair`` warnings: both cards of a ``rules.card_pairs`` pair of mode "warn" (the deck stays legal).

    Source: each pair's own, as :func:`check_forbidden_pairs`.
    """
    return [
        DeckWarning(code="discouraged_pair", params=params, cards=labels, rule=pair.source,
                    message=f"{pair.message} The deck has {', '.join(labels)}; it is still legal.")
        for pair, labels, params in _pairs_found(deck, "warn")
    ]


#: Side cards in a deck file are not part of the registered deck.
SIDE_CARDS_RULE = (
    "spellfire-tournament-rules-2.0.txt, the opening section (\"There's no such thing as an ante or sideboard in "
    "sanctioned tournaments\")"
)


def side_cards_left_out(decklist: Decklist) -> list[DeckWarning]:
    """One ``side_cards_left_out`` warning when the file held side cards (``decklist.side_cards``): params
    ``count`` and ``zones`` (``["tempAltCards"]`` for a .cfd, the .dek superzone names); ``cards`` the side cards
    as written.  Source: ``SIDE_CARDS_RULE``."""
    side = decklist.side_cards
    if not side:
        return []
    zones = (["tempAltCards"] if decklist.source_format == "cfd"
             else sorted({entry.split(":", 1)[0] for entry in side}))
    return [DeckWarning(
        code="side_cards_left_out", params={"count": len(side), "zones": zones}, cards=tuple(side),
        rule=SIDE_CARDS_RULE,
        message=f"The file holds {len(side)} side cards ({', '.join(zones)}); they are not part of the deck "
                f"and were left out: there is no sideboard in sanctioned tournaments.")]


def _pairs_found(deck: DeckContents, mode: str) -> list[tuple[CardPair, tuple[str, ...], dict[str, Any]]]:
    """The pairs of ``mode`` the deck holds, each with its cards' labels and the violation params."""
    result: list[tuple[CardPair, tuple[str, ...], dict[str, Any]]] = []
    for pair in CARD_PAIRS:
        found = _pair_in_deck(pair, deck.copies) if pair.mode == mode else None
        if found is None:
            continue
        labels = _labels(found)
        names = sorted({card.name for card in found})
        result.append((pair, labels, {"cards": list(labels), "names": names, "mode": pair.mode}))
    return result


#: The construction rules :func:`check_deck` runs, in the order their violations are listed.
CHECKS: tuple[Check, ...] = (
    check_deck_size,
    check_type_limits,
    check_champion_type_limits,
    check_level_cap,
    check_dungeon_cards,
    check_chase_limit,
    check_group_limits,
    check_banned_cards,
    check_community_cards,
    check_card_copies,
    check_forbidden_pairs,
)


#: Where a limited deck's cards must come from: its player's own pool.
POOL_RULE = (
    'spell-battle-rules.txt, 6. How to make your own deck (Sealed: "Players can then look at the cards they got '
    'and make a 30-card deck from those cards"; Draft: "The players use those cards to make their own 30-card '
    'decks"; Constructed: "from the cards available in a collective card pool") and 8. Tournaments'
)


def check_pool(decklist: Decklist, pool: Sequence[Card]) -> list[Violation]:
    """``not_in_pool`` violations: one per card of ``decklist`` (dungeon cards too) of which the deck holds more
    copies than ``pool`` (one Card per copy the player got) does, in order of first appearance.

    Printings of one card count together (same icon and name, ``Card.identity``), so a text decklist that
    names the card resolves to it whatever printing the pool holds.  ``params``: ``{"card": label,
    "in_deck": int, "in_pool": int}``.  Source: :data:`POOL_RULE`.
    """
    in_pool: dict[tuple[str, str], int] = {}
    for card in pool:
        in_pool[card.identity] = in_pool.get(card.identity, 0) + 1
    in_deck: dict[tuple[str, str], list[Card]] = {}
    for card in decklist.cards:
        in_deck.setdefault(card.identity, []).append(card)
    violations: list[Violation] = []
    for identity, copies in in_deck.items():
        held = in_pool.get(identity, 0)
        if len(copies) <= held:
            continue
        label = copies[0].label
        message = (f"{label} is not in the player's pool." if held == 0 else
                   f"{label}: the deck holds {len(copies)} copies, the player's pool only {held}.")
        violations.append(Violation(
            code="not_in_pool",
            params={"card": label, "in_deck": len(copies), "in_pool": held},
            cards=(label,),
            rule=POOL_RULE,
            message=message,
        ))
    return violations


def check_deck(decklist: Decklist, fmt: DeckFormat, *, pool: Sequence[Card] | None = None) -> Verdict:
    """Check ``decklist`` against ``fmt`` and return a :class:`Verdict` with every violation.

    Runs every check of :data:`CHECKS` in order (deck size, type limits, champion type
    limits, level cap, dungeon cards, chase limit, group limits, banned cards, copies
    of a card, forbidden pairs; each function's docstring cites its rule) and collects
    all their violations, then, when ``pool`` is given (a limited event: the player's
    cards, one Card per copy), :func:`check_pool`'s ``not_in_pool`` violations, then the
    ``discouraged_pair`` and ``side_cards_left_out`` warnings.  Never raises for a
    well-formed Decklist.
    """
    deck = DeckContents.of(decklist, fmt)
    violations = [violation for check in CHECKS for violation in check(deck, fmt)]
    if pool is not None:
        violations += check_pool(decklist, pool)
    return Verdict(
        legal=not violations,
        format_id=fmt.id,
        total_cards=len(deck.deck_cards),
        champion_levels=counted_levels(deck.cards, fmt.free_avatars)[0],
        type_counts={card_type: len(cards) for card_type, cards in deck.by_type.items()},
        violations=tuple(violations),
        warnings=tuple(discouraged_pairs(deck) + side_cards_left_out(decklist)),
    )


def _pair_in_deck(pair: CardPair, groups: dict[tuple[str, str], list[Card]]) -> list[Card] | None:
    """The deck's cards of both sides of ``pair`` (one copy per identity), or None unless both sides are there."""
    sides: list[list[Card]] = []
    for side in (pair.first, pair.second):
        present = [groups[key][0] for key in ((t, identity_name(n)) for t, n in side) if key in groups]
        if not present:
            return None
        sides.append(present)
    return sides[0] + sides[1]


def _stated_limit_violation(sample: Card, copies: list[Card]) -> Violation:
    """``stated_limit``: more copies of ``sample``'s card than its own "Limit N per deck." allows."""
    limit = sample.stated_copy_limit
    assert limit is not None
    labels = _labels(copies)
    return Violation(
        code="stated_limit",
        params={
            "name": sample.name,
            "card_type": sample.card_type,
            "copies": len(copies),
            "max_copies": limit,
            "card_text": sample.stated_limit_text,
        },
        cards=labels,
        rule=f"card text of {sample.stated_limit_text}; {PRECEDENCE_RULE}",
        message=(
            f"{sample.name} ({sample.card_type}) appears {len(copies)} times ({', '.join(labels)}); "
            f"the card itself says {sample.stated_limit_text.split(': ', 1)[-1]} "
            f"(at most {limit} cop{'y' if limit == 1 else 'ies'}), whatever the format allows."
        ),
    )


def _group_key(card: Card, kind: str) -> str:
    """The key of ``card`` in a CrossFire group: its rarity, world id, set or last digit.

    Cards of fan-made sets are grouped under ``FAN`` for both world and set, as
    CrossFire's deck editor does.
    """
    if kind == "rarity":
        return card.rarity
    if kind == "world":
        return "FAN" if card.is_fan else card.world_id
    if kind == "set":
        return "FAN" if card.is_fan else card.set_code
    return str(card.last_digit)


def _copies_allowed(card: Card, fmt: DeckFormat) -> tuple[int | None, str]:
    """Copies of ``card``'s identity the format allows (None: no limit) and the rule behind it.

    A card that says "No limit per deck." is unlimited (but not in a format whose
    ``card_text_lifts_copies`` is False, ``55-br``: there it is held to the format's copies
    rule, cited as ``fmt.no_limit_source``) and "Limit N per deck." caps it at N; otherwise the format's ``max_copies``, lowered by the "copies" column of the
    card's type (and champion type) when that is smaller.  The copies columns of the
    rarity, world, set and digit rows are not applied: every real .cff file leaves them
    at 1 (or 99) even in 551ES and the *OT formats, whose whole point is two copies
    of a card through the card-type column, so CrossFire cannot enforce them either.
    """
    if card.multiples_allowed and fmt.card_text_lifts_copies:
        return card.stated_copy_limit, DUPLICATE_RULE
    allowed = fmt.max_copies
    source = fmt.cite("max_copies", (card.multiples_allowed and fmt.no_limit_source) or fmt.copies_source
                      or DUPLICATE_RULE)
    caps: list[tuple[int | None, str]] = []
    limit = fmt.limit_for(card.card_type)
    if limit is not None:
        caps.append((limit.max_copies, f"type_limits:{card.card_type}"))
    if card.is_champion:
        caps.extend((lim.max_copies, f"champion_type_limits:{lim.card_type}")
                    for lim in fmt.champion_type_limits if lim.card_type == card.champion_type)
    for cap, key in caps:
        if cap is not None and cap < allowed:
            allowed = cap
            source = fmt.cite(key, fmt.copies_source or fmt.source or fmt.name)
    if card.stated_copy_limit is not None:
        allowed = min(allowed, card.stated_copy_limit)
    return allowed, source


def _range_violations(
    prefix: str,
    present: list[Card],
    minimum: int,
    maximum: int | None,
    rule: str,
    noun: str,
    in_what: str,
    params: dict[str, Any],
) -> list[Violation]:
    """``<prefix>_minimum`` / ``<prefix>_maximum`` violations for ``present`` against a range."""
    count = len(present)
    found: list[Violation] = []
    if count < minimum:
        found.append(Violation(
            code=f"{prefix}_minimum",
            params={**params, "minimum": minimum, "actual": count},
            cards=_labels(present),
            rule=rule,
            message=f"The deck has {_plural(count, noun)}; {in_what} needs at least {minimum}.",
        ))
    if maximum is not None and count > maximum:
        labels = _labels(present)
        allowed = "none" if maximum == 0 else f"at most {maximum}"
        found.append(Violation(
            code=f"{prefix}_maximum",
            params={**params, "maximum": maximum, "actual": count},
            cards=labels,
            rule=rule,
            message=f"The deck has {_plural(count, noun)} ({', '.join(labels)}); {in_what} allows {allowed}.",
        ))
    return found
