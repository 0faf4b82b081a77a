"""Deck violations and warnings (``rules.legality``) in the reader's language, from their code and params: one
template per code (:data:`VIOLATION_TEXTS`), the cards named as printed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from rules.legality import Violation

from tournaments.rule_texts.terms import card_labels, card_type_name, cite, clause_separator


def violation_rule(violation: Violation) -> str:
    """The violation's citation (``violation.rule``) in the active language (:func:`cite`)."""
    return cite(violation.rule)


def _in_format(fmt: str) -> str:
    return _("a %(format)s") % {"format": fmt} if fmt else _("this format")


def _deck_size(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    actual = p.get("actual", 0)
    has = ngettext("The deck has %(count)s card (dungeon cards not counted)",
                   "The deck has %(count)s cards (dungeon cards not counted)", actual) % {"count": actual}
    if "minimum" in p:
        need = _("%(in_format)s must have %(minimum)s to %(expected)s.") % {
            "in_format": _in_format(fmt), "minimum": p["minimum"], "expected": p["expected"]}
    else:
        need = _("%(in_format)s must have exactly %(expected)s.") % {"in_format": _in_format(fmt),
                                                                      "expected": p["expected"]}
    return f"{has}{clause_separator()}{need}"


def _type_minimum(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    return ngettext("The deck has %(count)s %(type)s card; %(in_format)s needs at least %(minimum)s.",
                    "The deck has %(count)s %(type)s cards; %(in_format)s needs at least %(minimum)s.",
                    p["actual"]) % {"count": p["actual"], "type": card_type_name(p["card_type"]),
                                    "in_format": _in_format(fmt), "minimum": p["minimum"]}


def _type_maximum(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    return ngettext("The deck has %(count)s %(type)s card (%(cards)s); %(in_format)s allows at most %(maximum)s.",
                    "The deck has %(count)s %(type)s cards (%(cards)s); %(in_format)s allows at most %(maximum)s.",
                    p["actual"]) % {"count": p["actual"], "type": card_type_name(p["card_type"]), "cards": cards,
                                    "in_format": _in_format(fmt), "maximum": p["maximum"]}


def _champion_type_minimum(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    return ngettext("The deck has %(count)s %(type)s champion; %(in_format)s needs at least %(minimum)s.",
                    "The deck has %(count)s %(type)s champions; %(in_format)s needs at least %(minimum)s.",
                    p["actual"]) % {"count": p["actual"], "type": card_type_name(p["champion_type"]),
                                    "in_format": _in_format(fmt), "minimum": p["minimum"]}


def _champion_type_maximum(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    return ngettext(
        "The deck has %(count)s %(type)s champion (%(cards)s); %(in_format)s allows at most %(maximum)s.",
        "The deck has %(count)s %(type)s champions (%(cards)s); %(in_format)s allows at most %(maximum)s.",
        p["actual"]) % {"count": p["actual"], "type": card_type_name(p["champion_type"]), "cards": cards,
                        "in_format": _in_format(fmt), "maximum": p["maximum"]}


def _level_cap(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    free = p.get("free_avatars") or []
    if free:
        return ngettext(
            "The champions total %(levels)s levels (free avatar not counted: %(free)s); %(in_format)s allows at "
            "most %(cap)s.",
            "The champions total %(levels)s levels (free avatars not counted: %(free)s); %(in_format)s allows at "
            "most %(cap)s.", len(free)) % {"levels": p["levels"], "free": card_labels(free),
                                           "in_format": _in_format(fmt), "cap": p["cap"]}
    return _("The champions total %(levels)s levels; %(in_format)s allows at most %(cap)s.") % {
        "levels": p["levels"], "in_format": _in_format(fmt), "cap": p["cap"]}


def _too_many_dungeon_cards(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    return ngettext("The deck has %(count)s dungeon card (%(cards)s); at most %(maximum)s may be added to a deck.",
                    "The deck has %(count)s dungeon cards (%(cards)s); at most %(maximum)s may be added to a deck.",
                    p["actual"]) % {"count": p["actual"], "cards": cards, "maximum": p["maximum"]}


def _chase_minimum(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    return ngettext("The deck has %(count)s chase card; %(in_format)s needs at least %(minimum)s.",
                    "The deck has %(count)s chase cards; %(in_format)s needs at least %(minimum)s.",
                    p["actual"]) % {"count": p["actual"], "in_format": _in_format(fmt), "minimum": p["minimum"]}


def _chase_maximum(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    return ngettext("The deck has %(count)s chase card (%(cards)s); %(in_format)s allows at most %(maximum)s.",
                    "The deck has %(count)s chase cards (%(cards)s); %(in_format)s allows at most %(maximum)s.",
                    p["actual"]) % {"count": p["actual"], "cards": cards, "in_format": _in_format(fmt),
                                    "maximum": p["maximum"]}


def _group(p: Mapping[str, Any]) -> str:
    kind, key = p.get("kind", ""), p.get("key", "")
    if kind == "rarity":
        return _("rarity %(key)s") % {"key": key}
    if kind == "world":
        return _("world %(key)s") % {"key": key}
    if kind == "digit":
        return _("numbers ending in %(key)s") % {"key": key}
    return _("set %(key)s") % {"key": key}


def _group_minimum(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    return ngettext("The deck has %(count)s card of %(group)s; %(in_format)s needs at least %(minimum)s.",
                    "The deck has %(count)s cards of %(group)s; %(in_format)s needs at least %(minimum)s.",
                    p["actual"]) % {"count": p["actual"], "group": _group(p), "in_format": _in_format(fmt),
                                    "minimum": p["minimum"]}


def _group_maximum(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    if p["maximum"] == 0:
        return ngettext("The deck has %(count)s card of %(group)s (%(cards)s); %(in_format)s allows none.",
                        "The deck has %(count)s cards of %(group)s (%(cards)s); %(in_format)s allows none.",
                        p["actual"]) % {"count": p["actual"], "group": _group(p), "cards": cards,
                                        "in_format": _in_format(fmt)}
    return ngettext(
        "The deck has %(count)s card of %(group)s (%(cards)s); %(in_format)s allows at most %(maximum)s.",
        "The deck has %(count)s cards of %(group)s (%(cards)s); %(in_format)s allows at most %(maximum)s.",
        p["actual"]) % {"count": p["actual"], "group": _group(p), "cards": cards, "in_format": _in_format(fmt),
                        "maximum": p["maximum"]}


def _banned_card(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    return ngettext("%(cards)s is banned in %(in_format)s.", "%(cards)s are banned in %(in_format)s.",
                    len(p.get("cards") or ())) % {"cards": cards, "in_format": _in_format(fmt)}


def _duplicate_card(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    return ngettext(
        "%(name)s (%(type)s) appears %(copies)s times (%(cards)s); at most %(max)s copy of the same card (same "
        "icon and name) may be in a deck.",
        "%(name)s (%(type)s) appears %(copies)s times (%(cards)s); at most %(max)s copies of the same card (same "
        "icon and name) may be in a deck.",
        p["max_copies"]) % {"name": p["name"], "type": card_type_name(p["card_type"]), "copies": p["copies"],
                            "cards": cards, "max": p["max_copies"]}


def _stated_limit(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    return ngettext(
        "%(name)s (%(type)s) appears %(copies)s times (%(cards)s); the card itself allows at most %(max)s copy, "
        "whatever the format allows.",
        "%(name)s (%(type)s) appears %(copies)s times (%(cards)s); the card itself allows at most %(max)s "
        "copies, whatever the format allows.",
        p["max_copies"]) % {"name": p["name"], "type": card_type_name(p["card_type"]), "copies": p["copies"],
                            "cards": cards, "max": p["max_copies"]}


def _forbidden_pair(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    return _("These cards may not be in a deck together: %(cards)s.") % {"cards": cards}


def _discouraged_pair(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    return _("These cards do not work well together: %(cards)s; the deck is still legal.") % {"cards": cards}


def _community_card(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    return _("%(cards)s: cards of the Brazilian community sets (%(sets)s) are not allowed in %(in_format)s; the "
             "organiser may allow them.") % {"cards": cards, "sets": ", ".join(p.get("sets", [])),
                                            "in_format": _in_format(fmt)}


def _not_in_pool(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    if not p.get("in_pool"):
        return _("%(cards)s is not in the player's pool.") % {"cards": cards}
    return _("%(cards)s: the deck holds %(in_deck)s copies, the player's pool only %(in_pool)s.") % {
        "cards": cards, "in_deck": p["in_deck"], "in_pool": p["in_pool"]}


def _side_cards_left_out(p: Mapping[str, Any], cards: str, fmt: str) -> str:
    count = p.get("count", 0)
    return ngettext("The file holds %(count)s side card; it is not part of the deck and was left out (no "
                    "sideboard in sanctioned tournaments).",
                    "The file holds %(count)s side cards; they are not part of the deck and were left out (no "
                    "sideboard in sanctioned tournaments).", count) % {"count": count}


#: Every violation and warning code of rules.legality, with its text: (params, cards, format name) -> str.
VIOLATION_TEXTS: dict[str, Callable[[Mapping[str, Any], str, str], str]] = {
    "deck_size": _deck_size,
    "type_minimum": _type_minimum,
    "type_maximum": _type_maximum,
    "champion_type_minimum": _champion_type_minimum,
    "champion_type_maximum": _champion_type_maximum,
    "level_cap": _level_cap,
    "too_many_dungeon_cards": _too_many_dungeon_cards,
    "chase_minimum": _chase_minimum,
    "chase_maximum": _chase_maximum,
    "group_minimum": _group_minimum,
    "group_maximum": _group_maximum,
    "banned_card": _banned_card,
    "duplicate_card": _duplicate_card,
    "stated_limit": _stated_limit,
    "forbidden_pair": _forbidden_pair,
    "community_card": _community_card,
    "not_in_pool": _not_in_pool,
    "discouraged_pair": _discouraged_pair,
    "side_cards_left_out": _side_cards_left_out,
}


def violation_text(violation: Violation, format_name: str = "") -> str:
    """What ``violation`` (or a ``DeckWarning``) says, in the active language, from its code and params.

    ``format_name``: the format's name as the reader should see it (:func:`format_name`); "" says "this
    format". Cards are named by their labels as printed. An unknown code (never, a test checks) falls back to
    the English ``message``."""
    render = VIOLATION_TEXTS.get(violation.code)
    if render is None:
        return violation.message
    try:
        return render(violation.params, card_labels(violation.cards), format_name)
    except (KeyError, TypeError, ValueError):
        return violation.message
