"""Deck legality: does a decklist meet a deck format?

Terms used here:

* **violation** – one broken construction rule, as a code with parameters, the cards
  involved (``"3rd/54 War Party"`` labels), the rule citation and a plain-English
  message.  The web layer may translate from ``code`` and ``params``.
* **verdict** – the outcome of :func:`check_deck`: legal or not, the counts that were
  checked and every violation found (the checker never stops at the first).
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
``duplicate_card`` (more copies than the format allows) and ``forbidden_pair`` (two
cards that may not share a deck, ``rules.card_pairs``).

Warnings (``Verdict.warnings``; they never make a deck illegal): ``discouraged_pair``
(``rules.card_pairs`` pairs of mode "warn").

Citations: a limit the organiser set cites their change (``DeckFormat.amended_by``,
``DeckFormat.cite``); the copies and dungeon rules cite the format's own text
(``DeckFormat.copies_source``, ``dungeon_source``; the Brazilian ones for ``55-br``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.card_pairs import CARD_PAIRS, PRECEDENCE_RULE, CardPair
from rules.cards import Card, identity_name
from rules.decklists import Decklist
from rules.formats import RULES_FILE, DeckFormat

__all__ = [
    "DUNGEON_RULE",
    "DUPLICATE_RULE",
    "DeckWarning",
    "Verdict",
    "Violation",
    "check_deck",
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


def check_deck(decklist: Decklist, fmt: DeckFormat) -> Verdict:
    """Check ``decklist`` against ``fmt`` and return a :class:`Verdict` with every violation.

    Checks, in order: ``deck_size`` (non-dungeon cards must equal ``fmt.total``),
    ``type_minimum`` / ``type_maximum`` for each TypeLimit (champions include
    avatars; types with no maximum are unlimited), ``level_cap`` (counted levels, see
    :func:`counted_levels`, above ``fmt.champion_level_cap``),
    ``too_many_dungeon_cards`` (more than ``fmt.max_dungeon_cards``) and
    ``duplicate_card`` (one per card identity with more copies than allowed: the
    card's stated "Limit N per deck", unlimited for "No limit per deck", otherwise
    ``fmt.max_copies``).  Never raises for a well-formed Decklist.  Sources:
    ``fmt.source`` (e.g. spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard))
    for size, type and level limits; :data:`DUNGEON_RULE`; :data:`DUPLICATE_RULE`.
    """
    cards = list(decklist.cards)
    deck_cards = [card for card in cards if card.card_type != DUNGEON]
    dungeon_cards = [card for card in cards if card.card_type == DUNGEON]
    type_counts: dict[str, int] = {}
    by_type: dict[str, list[Card]] = {}
    for card in cards:
        type_counts[card.card_type] = type_counts.get(card.card_type, 0) + 1
        by_type.setdefault(card.card_type, []).append(card)
    violations: list[Violation] = []
    rule = fmt.source or fmt.name

    total = len(deck_cards)
    low = fmt.total if fmt.min_total is None else fmt.min_total
    if not low <= total <= fmt.total:
        need = f"exactly {fmt.total}" if low == fmt.total else f"{low} to {fmt.total}"
        size_params = {"expected": fmt.total, "actual": total}
        if low != fmt.total:
            size_params["minimum"] = low
        violations.append(
            Violation(
                code="deck_size",
                params=size_params,
                cards=(),
                rule=fmt.cite("total", fmt.cite("min_total", rule)),
                message=(
                    f"The deck has {_plural(total, 'card')} (dungeon cards not counted); "
                    f"a {fmt.name} must have {need}."
                ),
            )
        )

    for limit in fmt.type_limits:
        present = by_type.get(limit.card_type, [])
        count = len(present)
        if count < limit.minimum:
            violations.append(
                Violation(
                    code="type_minimum",
                    params={"card_type": limit.card_type, "minimum": limit.minimum, "actual": count},
                    cards=_labels(present),
                    rule=fmt.cite(f"type_limits:{limit.card_type}", rule),
                    message=(
                        f"The deck has {count} {limit.card_type} card{'s' if count != 1 else ''}; "
                        f"a {fmt.name} needs at least {limit.minimum}."
                    ),
                )
            )
        if limit.maximum is not None and count > limit.maximum:
            labels = _labels(present)
            violations.append(
                Violation(
                    code="type_maximum",
                    params={"card_type": limit.card_type, "maximum": limit.maximum, "actual": count},
                    cards=labels,
                    rule=fmt.cite(f"type_limits:{limit.card_type}", rule),
                    message=(
                        f"The deck has {count} {limit.card_type} cards ({', '.join(labels)}); "
                        f"a {fmt.name} allows at most {limit.maximum}."
                    ),
                )
            )

    by_champion_type: dict[str, list[Card]] = {}
    for card in by_type.get("Champion", []):
        by_champion_type.setdefault(card.champion_type, []).append(card)
    for limit in fmt.champion_type_limits:
        present = by_champion_type.get(limit.card_type, [])
        violations.extend(_range_violations(
            "champion_type", present, limit.minimum, limit.maximum,
            fmt.cite(f"champion_type_limits:{limit.card_type}", rule),
            f"{limit.card_type} champion", f"a {fmt.name}", {"champion_type": limit.card_type},
        ))

    levels, free = counted_levels(cards, fmt.free_avatars)
    if levels > fmt.champion_level_cap:
        champions = [card for card in cards if card.is_champion and card not in free]
        free_text = (
            f" (free avatar{'s' if len(free) != 1 else ''} not counted: {', '.join(c.label for c in free)})"
            if free
            else ""
        )
        violations.append(
            Violation(
                code="level_cap",
                params={
                    "cap": fmt.champion_level_cap,
                    "levels": levels,
                    "free_avatars": [card.label for card in free],
                },
                cards=_labels(champions),
                rule=fmt.cite("champion_level_cap", fmt.cite("free_avatars", rule)),
                message=(
                    f"The champions total {levels} levels{free_text}; "
                    f"a {fmt.name} allows at most {fmt.champion_level_cap}."
                ),
            )
        )

    if len(dungeon_cards) > fmt.max_dungeon_cards:
        labels = _labels(dungeon_cards)
        violations.append(
            Violation(
                code="too_many_dungeon_cards",
                params={"maximum": fmt.max_dungeon_cards, "actual": len(dungeon_cards)},
                cards=labels,
                rule=fmt.cite("max_dungeon_cards", fmt.dungeon_source or DUNGEON_RULE),
                message=(
                    f"The deck has {len(dungeon_cards)} dungeon cards ({', '.join(labels)}); "
                    f"at most {fmt.max_dungeon_cards} may be added to a deck."
                ),
            )
        )

    if fmt.chase_limit is not None:
        chase = [card for card in cards if card.is_chase]
        violations.extend(_range_violations(
            "chase", chase, fmt.chase_limit[0], fmt.chase_limit[1], fmt.cite("chase_limit", rule), "chase card",
            f"a {fmt.name}", {},
        ))

    exempt_types = frozenset(fmt.allowed_types)
    exempt_keys = frozenset(fmt.allowed)
    if fmt.group_limits:
        members: dict[tuple[str, str], list[Card]] = {}
        kinds = {group.kind for group in fmt.group_limits}
        for card in cards:
            if card.card_type in exempt_types or (card.is_champion and card.champion_type in exempt_types):
                continue
            if exempt_keys and card.key in exempt_keys:
                continue
            for kind in kinds:
                members.setdefault((kind, _group_key(card, kind)), []).append(card)
        for group in fmt.group_limits:
            violations.extend(_range_violations(
                "group", members.get((group.kind, group.key), []), group.minimum, group.maximum,
                fmt.cite(f"group_limits:{group.kind}:{group.key}", rule),
                f"card of {group.describe()}", f"a {fmt.name}",
                {"kind": group.kind, "key": group.key, "group": group.describe()},
            ))

    banned_keys = frozenset(fmt.banned)
    banned = [card for card in cards if card.key in banned_keys] if banned_keys else []
    by_citation: dict[str, list[Card]] = {}
    for card in banned:
        by_citation.setdefault(fmt.cite(f"banned:{card.key}", rule), []).append(card)
    for citation, same_citation in by_citation.items():
        labels = _labels(same_citation)
        violations.append(
            Violation(
                code="banned_card",
                params={"cards": list(labels)},
                cards=labels,
                rule=citation,
                message=f"{', '.join(labels)} {'is' if len(labels) == 1 else 'are'} banned in a {fmt.name}.",
            )
        )

    restricted = dict(fmt.restricted)
    groups: dict[tuple[str, str], list[Card]] = {}
    for card in cards:
        groups.setdefault(card.identity, []).append(card)
    for copies in groups.values():
        caps = [(restricted[card.key], card.key) for card in copies if card.key in restricted] if restricted else []
        if len(copies) == 1 and not caps:
            continue  # one copy is always allowed: every limit on copies is at least 1
        sample = copies[0]
        stated = sample.stated_copy_limit
        if stated is not None and len(copies) > stated:
            violations.append(_stated_limit_violation(sample, copies))
            continue
        allowed, source = _copies_allowed(sample, fmt)
        if caps:
            cap, cap_key = min(caps)
            if allowed is None or cap < allowed:
                allowed, source = cap, fmt.cite(f"restricted:{cap_key}", rule)
        if allowed is None or len(copies) <= allowed:
            continue
        labels = _labels(copies)
        violations.append(
            Violation(
                code="duplicate_card",
                params={
                    "name": sample.name,
                    "card_type": sample.card_type,
                    "copies": len(copies),
                    "max_copies": allowed,
                },
                cards=labels,
                rule=source,
                message=(
                    f"{sample.name} ({sample.card_type}) appears {len(copies)} times "
                    f"({', '.join(labels)}); at most {allowed} "
                    f"cop{'y' if allowed == 1 else 'ies'} of the same card (same icon and name) "
                    f"may be in a deck."
                ),
            )
        )

    warnings: list[DeckWarning] = []
    for pair in CARD_PAIRS:
        found = _pair_in_deck(pair, groups)
        if found is None:
            continue
        labels = _labels(found)
        names = sorted({card.name for card in found})
        params: dict[str, Any] = {"cards": list(labels), "names": names, "mode": pair.mode}
        if pair.mode == "refuse":
            violations.append(Violation(
                code="forbidden_pair", params=params, cards=labels, rule=pair.source,
                message=f"{pair.message} The deck has {', '.join(labels)}.",
            ))
        else:
            warnings.append(DeckWarning(
                code="discouraged_pair", params=params, cards=labels, rule=pair.source,
                message=f"{pair.message} The deck has {', '.join(labels)}; it is still legal.",
            ))

    return Verdict(
        legal=not violations,
        format_id=fmt.id,
        total_cards=total,
        champion_levels=levels,
        type_counts=type_counts,
        violations=tuple(violations),
        warnings=tuple(warnings),
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

    A card that says "No limit per deck." is unlimited and "Limit N per deck." caps it
    at N; otherwise the format's ``max_copies``, lowered by the "copies" column of the
    card's type (and champion type) when that is smaller.  The copies columns of the
    rarity, world, set and digit rows are not applied: every real .cff file leaves them
    at 1 (or 99) even in 551ES and the *OT formats, whose whole point is two copies
    of a card through the card-type column, so CrossFire cannot enforce them either.
    """
    if card.multiples_allowed:
        return card.stated_copy_limit, DUPLICATE_RULE
    allowed = fmt.max_copies
    source = fmt.cite("max_copies", fmt.copies_source or DUPLICATE_RULE)
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
