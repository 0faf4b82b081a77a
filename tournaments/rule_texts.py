"""Rule violations and rule errors in the reader's language, made from their code and parameters (issue 14).

Where the translations live (the decision): here, in the Django layer, as one ``gettext`` template per code,
in the project's ``locale/<lang>/LC_MESSAGES/django.po`` catalogues. ``rules/`` stays as it is: pure Python,
producing ``code`` + ``params`` (+ its English ``message`` for the command line and the API's ``message``).
Why not a catalogue shipped by ``rules/`` and read with the standard library's ``gettext``: the command line's
output is a stable English JSON interface (ARCHITECTURE.md, "Stable command-line interface") that no user
reads in Portuguese; one set of catalogues means one ``makemessages`` / ``compilemessages`` run, one
completeness check (``scripts/check_messages``), one glossary and one place for a translator; and the words
of a verdict (card types, format names, the sections of the rules texts) are shared with the pages, which are
translated here anyway. ``rules/`` keeps owning its codes and parameters; a test
(``tests/i18n/test_rule_texts.py``) fails when ``rules/`` raises or reports a code this module cannot say.

Functions (all answer in the active language, ``django.utils.translation``):

* :func:`violation_text` (``Violation`` or ``DeckWarning`` -> str): what is wrong, naming the cards as printed
  (their ``"<key> <name>"`` labels, never translated) and the limit; :func:`violation_rule` its citation.
* :func:`error_text` (``RulesError`` -> str) for the API's ``detail`` and form errors.
* :func:`cite` (a citation ``"<file>, <section> ..."`` -> str): the section of
  ``spellfire-tournament-rules-2.0.txt`` named in the reader's language with the English heading after it (the
  text exists only in English); a citation of ``spellfire-regras-pt-br.txt`` (the ``55-br`` format) is already
  the Portuguese text and section name as written there, and stays so in every language.
* :func:`pairing_reason_text` (a match's ``pairing_reason_code`` + ``pairing_reason_params`` -> str): why the
  players of a table were paired (``rules.pairings.REASON_CODES``), the stored English sentence when the code
  is unknown or blank (matches paired before the codes were stored).
* :func:`card_type_name`, :func:`format_name`: the game's terms (glossaries: ``locale/glossary.*.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext, pgettext_lazy
from rules.card_pairs import EDITOR_SOURCE, PRECEDENCE_RULE
from rules.errors import RulesError
from rules.formats import BRAZIL_DUNGEON_RULE, BRAZIL_FILE, RULES_FILE
from rules.legality import DUNGEON_RULE, DUPLICATE_RULE, Violation

__all__ = ["card_type_name", "cite", "error_text", "format_name", "pairing_reason_text", "violation_rule",
           "violation_text"]

#: Card types (rules.formats.CARD_TYPES) and champion types, as the printed cards and the rules texts name them.
CARD_TYPES: dict[str, Any] = {
    "Ally": pgettext_lazy("card type", "Ally"),
    "Artifact": pgettext_lazy("card type", "Artifact"),
    "Blood Ability": pgettext_lazy("card type", "Blood Ability"),
    "Champion": pgettext_lazy("card type", "Champion"),
    "Cleric Spell": pgettext_lazy("card type", "Cleric Spell"),
    "Dungeon": pgettext_lazy("card type", "Dungeon"),
    "Event": pgettext_lazy("card type", "Event"),
    "Holding": pgettext_lazy("card type", "Holding"),
    "Magical Item": pgettext_lazy("card type", "Magical Item"),
    "Psionic Power": pgettext_lazy("card type", "Psionic Power"),
    "Realm": pgettext_lazy("card type", "Realm"),
    "Rule": pgettext_lazy("card type", "Rule"),
    "Thief Ability": pgettext_lazy("card type", "Thief Ability"),
    "Unarmed Combat": pgettext_lazy("card type", "Unarmed Combat"),
    "Wizard Spell": pgettext_lazy("card type", "Wizard Spell"),
    # champion types
    "Cleric": pgettext_lazy("champion type", "Cleric"),
    "Hero": pgettext_lazy("champion type", "Hero"),
    "Monster": pgettext_lazy("champion type", "Monster"),
    "Psionicist": pgettext_lazy("champion type", "Psionicist"),
    "Regent": pgettext_lazy("champion type", "Regent"),
    "Thief": pgettext_lazy("champion type", "Thief"),
    "Wizard": pgettext_lazy("champion type", "Wizard"),
}

#: The built-in formats' names (rules.formats.BUILTIN_FORMATS).
FORMAT_NAMES: dict[str, Any] = {
    "55": gettext_lazy("55-card deck (Standard)"),
    "75": gettext_lazy("75-card deck"),
    "110": gettext_lazy("110-card deck"),
    "55-br": gettext_lazy("55-card deck (Brazilian rules)"),
    "75-modern": gettext_lazy("75-card deck (modern)"),
    "110-modern": gettext_lazy("110-card deck (modern)"),
}

#: Sections of spellfire-tournament-rules-2.0.txt (headings as written there, longest first when matched).
SECTIONS: dict[str, Any] = {
    "55-Card Deck (Standard)": gettext_lazy("55-Card Deck (Standard)"),
    "75-Card Deck": gettext_lazy("75-Card Deck"),
    "110-Card Deck": gettext_lazy("110-Card Deck"),
    "55-Card Game Drawing & Hand Size": gettext_lazy("55-Card Game Drawing & Hand Size"),
    "75-Card Game Drawing & Hand Size": gettext_lazy("75-Card Game Drawing & Hand Size"),
    "110-Card Game Drawing & Hand Size": gettext_lazy("110-Card Game Drawing & Hand Size"),
    "How Dungeon Cards Work": gettext_lazy("How Dungeon Cards Work"),
    "Two-Draw Mulligan": gettext_lazy("Two-Draw Mulligan"),
    "introduction": gettext_lazy("introduction"),
    "opening section": gettext_lazy("opening section"),
    "victory conditions": gettext_lazy("victory conditions"),
    "deck construction preamble": gettext_lazy("deck construction preamble"),
}


def card_type_name(card_type: str) -> str:
    """The card (or champion) type in the active language ("Realm" -> "Reino" in pt-br); unknown ones as given."""
    name = CARD_TYPES.get(card_type)
    return str(name) if name is not None else card_type


def format_name(format_id: str, default: str = "") -> str:
    """A built-in format's name in the active language; another format's ``default`` (its own name) or its id."""
    name = FORMAT_NAMES.get(format_id)
    return str(name) if name is not None else (default or format_id)


def format_label(value: Any) -> str:
    """A tournament's deck format (its ``deck_format`` dict or a ``DeckFormat``) by name in the active language: a
    built-in format under its own name is translated (``format_name``); a renamed one keeps its name."""
    get = value.get if isinstance(value, dict) else (lambda key, default="": getattr(value, key, default))
    format_id, name = str(get("id", "") or ""), str(get("name", "") or "")
    builtin = FORMAT_NAMES.get(format_id)
    if builtin is None:
        return name or format_id
    with translation.override("en"):
        english = str(builtin)
    return format_name(format_id) if name == english else name


def _cards(labels: Any) -> str:
    """Card labels as printed ("3rd/54 War Party"), joined; never translated."""
    return ", ".join(str(label) for label in labels or ())


def _join(values: Any) -> str:
    return ", ".join(str(v) for v in values or ())


# --------------------------------------------------------------------------- citations
def _cite_part(part: str) -> str:
    if part == DUPLICATE_RULE:
        return _('%(file)s, deck construction preamble before "55-Card Deck (Standard)": no card may appear more '
                 "than once in a deck unless the card says so; a card is the same when it has the same icon and "
                 "the same name") % {"file": RULES_FILE}
    if part == DUNGEON_RULE:
        return _("%(file)s, %(section)s: each player may add a dungeon card, a free card in deck construction "
                 "(decks of 56, 76 or 111 cards)") % {"file": RULES_FILE,
                                                      "section": SECTIONS["How Dungeon Cards Work"]}
    if part == BRAZIL_DUNGEON_RULE:
        # the Portuguese text, cited as written; only the project's reading of it is translated
        return _('%(file)s, LIMITAÇÃO DE BARALHOS PARA TORNEIOS ("Total de cartas: 55"; O BARALHO: "Um baralho '
                 'normal de SPELLFIRE contém 55 cartas"): the text predates dungeon cards and allows none') % {
            "file": BRAZIL_FILE}
    if part == PRECEDENCE_RULE:
        return _("%(file)s, %(section)s: the special power on the card takes precedence over the rules") % {
            "file": RULES_FILE, "section": SECTIONS["introduction"]}
    if part.startswith(EDITOR_SOURCE):
        return _("CrossFire deck editor (Editor.tcl, the cards that may not share a deck)") + part[len(EDITOR_SOURCE):]
    if part.startswith("card text of "):
        return _("card text of %(card)s") % {"card": part[len("card text of "):]}
    prefix = f"{RULES_FILE}, "
    if part.startswith(prefix):
        rest = part[len(prefix):]
        for english in sorted(SECTIONS, key=len, reverse=True):
            if rest.startswith(english):
                translated = str(SECTIONS[english])
                tail = rest[len(english):]
                if translated == english:
                    return part
                return _("%(file)s, %(section)s (“%(heading)s”)%(tail)s") % {
                    "file": RULES_FILE, "section": translated, "heading": english, "tail": tail}
    return part


def cite(rule: str) -> str:
    """A citation in the active language (see the module doc); parts separated by "; " are mapped one by one.

    ``"spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard)"`` reads in pt-br
    ``"spellfire-tournament-rules-2.0.txt, Baralho de 55 cartas (padrão) (“55-Card Deck (Standard)”)"``; a
    citation of ``spellfire-regras-pt-br.txt`` is kept as written there; an organiser's provenance or a
    CrossFire format file is kept as given."""
    if rule in (DUPLICATE_RULE, DUNGEON_RULE, BRAZIL_DUNGEON_RULE, PRECEDENCE_RULE):
        return _cite_part(rule)
    return "; ".join(_cite_part(part) for part in rule.split("; "))


def violation_rule(violation: Violation) -> str:
    """The violation's citation (``violation.rule``) in the active language (:func:`cite`)."""
    return cite(violation.rule)


# --------------------------------------------------------------------------- deck violations
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
    return f"{has}; {need}"


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
            "most %(cap)s.", len(free)) % {"levels": p["levels"], "free": _cards(free),
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
    "discouraged_pair": _discouraged_pair,
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
        return render(violation.params, _cards(violation.cards), format_name)
    except (KeyError, TypeError, ValueError):
        return violation.message


# --------------------------------------------------------------------------- rule errors
_P = Mapping[str, Any]


def _field(p: _P) -> str:
    return str(p.get("field", ""))


#: Every RulesError code raised under rules/, keyed by code, with its text: params -> str. Where a code names
#: different problems in different modules, the params tell them apart.
ERROR_TEXTS: dict[str, Callable[[_P], str]] = {
    # decklists (rules.decklists.DecklistError)
    "empty": lambda p: _("The decklist names no cards."),
    "unreadable": lambda p: (
        _("The file is binary, not a decklist.") if p.get("reason") == "binary" else
        _("Line %(line)s: this count of copies is not allowed.") % {"line": p.get("line")}
        if p.get("reason") == "bad_count" else
        _("Unbalanced braces starting at line %(line)s.") % {"line": p.get("line")}
        if p.get("reason") == "unbalanced_braces" else
        _("Unterminated quote starting at line %(line)s.") % {"line": p.get("line")}
        if p.get("reason") == "unterminated_quote" else
        _("The file cannot be read: upload a LackeyCCG .dek, a CrossFire .cfd or a plain-text list.")),
    "unknown_cards": lambda p: ngettext(
        "%(count)s line names no known card: %(lines)s.", "%(count)s lines name no known card: %(lines)s.",
        len(p.get("unknown") or ())) % {
            "count": len(p.get("unknown") or ()),
            "lines": "; ".join(
                (_("line %(line)s “%(text)s” (did you mean: %(suggestions)s?)") if u.get("suggestions") else
                 _("line %(line)s “%(text)s”")) % {"line": u.get("line"), "text": u.get("text"),
                                                   "suggestions": _join(u.get("suggestions"))}
                for u in p.get("unknown") or ())},
    "too_large": lambda p: (
        _("The decklist is too large (over %(max)s MB).") % {"max": p["max_bytes"] // (1024 * 1024)}
        if "max_bytes" in p else
        _("The decklist is too long (more than %(max)s card lines or copies).") % {"max": p["max_cards"]}
        if "max_cards" in p else
        _("The decklist is too large (more than %(max)s %(limit)s); no real deck file comes near that.") % {
            "max": p["max"], "limit": p["limit"]} if "limit" in p else
        _("Too many players to pair in one round (round %(round)s).") % {"round": p["round"]}
        if "round" in p or "bits" in p else
        _("The format file is too large.")),
    "unknown_card": lambda p: (
        (_("No card matches “%(query)s”; did you mean: %(suggestions)s?") if p.get("suggestions") else
         _("No card matches “%(query)s” and no similar card was found.")) % {
            "query": p["query"], "suggestions": _join(p.get("suggestions"))}
        if "query" in p else _("The format names a card that does not exist.")),
    "unknown_format": lambda p: _("Unknown deck format “%(format)s”; valid formats: %(valid)s.") % {
        "format": p.get("format_id", ""), "valid": _join(p.get("valid_ids"))},
    # formats (rules.formats.FormatError: its params hold only the English problems)
    "bad_value": lambda p: (
        _("%(field)s: a value is not a whole number.") % {"field": _field(p)} if "field" in p else
        _("The format has a value that is not allowed: %(problems)s") % {"problems": " ".join(p.get("problems", []))}),
    "nonsense_limits": lambda p: _("The format's limits contradict each other: %(problems)s") % {
        "problems": " ".join(p.get("problems", []))},
    # replacements
    "not_in_deck": lambda p: _("%(card)s is not in the registered decklist.") % {"card": p.get("card", "")},
    # results (rules.results.ResultError, rules.game_start)
    "bad_counts": lambda p: _("Game %(game)s: the end-of-game card counts must be whole numbers of 0 or more.") % {
        "game": p.get("game")},
    "bad_number": lambda p: (_("%(field)s must be a whole number of 0 or more.") % {"field": _field(p)}
                             if "field" in p else _("A number in the result is not right.")),
    "best_of": lambda p: _("A match is best of 1, 3 or 5 games, not %(best_of)s.") % {"best_of": p.get("best_of")},
    "both_won": lambda p: _("Both players cannot win the match (games won: %(wins)s).") % {"wins": _join(p.get("wins"))},
    "counts_missing": lambda p: _("Game %(game)s: give the card counts to decide it.") % {"game": p.get("game")},
    "deck_out": lambda p: _("Unknown rule for running out of cards: “%(value)s”.") % {"value": p.get("deck_out")},
    "deck_out_not_allowed": lambda p: _("Game %(game)s cannot end because a draw pile ran out: in this tournament "
                                        "the player reshuffles their discard pile to form a new draw pile at the "
                                        "end of the turn and play goes on. Report how the game ended.") % {
        "game": p.get("game")},
    "elimination_undecided": lambda p: _("An elimination match needs a winner (games won: %(wins)s, draws: "
                                         "%(draws)s).") % {"wins": _join(p.get("wins")), "draws": p.get("draws")},
    "end_of_round": lambda p: _("Unknown end-of-round procedure: “%(value)s”.") % {"value": p.get("end_of_round")},
    "first_player_draw": lambda p: _("The draw for the first player is not right: every player draws one card "
                                     "and gives its number."),
    "first_player_tied": lambda p: _("The draw is tied: %(players)s draw again.") % {"players": _join(p.get("players"))},
    "game_after_decision": lambda p: _("Game %(game)s was reported after the match was decided.") % {
        "game": p.get("game")},
    "game_outcome": lambda p: _("Game %(game)s: give exactly one outcome (a winner, a draw, a mulligan, "
                                "unfinished or out of cards).") % {"game": p.get("game")},
    "mulligan_limit": lambda p: _("A player may declare a two-draw mulligan only twice in a row; the third game "
                                  "must be played (game %(game)s).") % {"game": p.get("game")},
    "no_games": lambda p: _("No game was reported."),
    "seat": lambda p: _("That player is not at this table."),
    "seats": lambda p: _("A table has two or more players."),
    "too_many_games": lambda p: _("More games were reported than a best of %(best_of)s allows.") % {
        "best_of": p.get("best_of")},
    "too_many_games_reported": lambda p: _("%(count)s games were reported; at most %(max)s are allowed.") % {
        "count": p.get("count"), "max": p.get("max")},
    "too_many_wins": lambda p: _("More games won than a best of %(best_of)s allows (%(wins)s).") % {
        "best_of": p.get("best_of"), "wins": _join(p.get("wins"))},
    # histories (rules.history.HistoryError, command-line input)
    "bad_awarded_byes": lambda p: _("%(field)s: the awarded byes are not right.") % {"field": _field(p)},
    "bad_bye": lambda p: _("%(field)s: a bye has exactly one player.") % {"field": _field(p)},
    "bad_disqualified": lambda p: _("%(field)s: the disqualified players are not right.") % {"field": _field(p)},
    "bad_drops": lambda p: _("%(field)s: the drops are not right.") % {"field": _field(p)},
    "bad_elimination": lambda p: _("%(field)s: “elimination” is true or false.") % {"field": _field(p)},
    "bad_forbidden": lambda p: _("A forbidden pair is not right: it names two different registered players."),
    "bad_id": lambda p: _("%(field)s: a player id is a non-empty text.") % {"field": _field(p)},
    "bad_json": lambda p: _("The input is not valid JSON."),
    "bad_matches": lambda p: _("%(field)s: the matches are not right.") % {"field": _field(p)},
    "bad_name": lambda p: _("%(field)s: a player name is a text.") % {"field": _field(p)},
    "bad_placements": lambda p: _("%(field)s: the placements are not right.") % {"field": _field(p)},
    "bad_players": lambda p: _("%(field)s: the players are not right.") % {"field": _field(p)},
    "bad_rounds": lambda p: _("%(field)s: the rounds are not right.") % {"field": _field(p)},
    "bad_teams": lambda p: _("%(field)s: the teams are not right.") % {"field": _field(p)},
    "bad_wins": lambda p: _("%(field)s: the games won are not right.") % {"field": _field(p)},
    "duplicate_player": lambda p: _("%(player)s is listed twice.") % {"player": p.get("player")},
    "missing_field": lambda p: _("%(field)s is missing; add it.") % {"field": _field(p)},
    "not_an_object": lambda p: _("%(field)s must be a JSON object.") % {"field": _field(p)},
    "played_after_drop": lambda p: _("%(player)s played after dropping.") % {"player": p.get("player")},
    "player_twice": lambda p: _("%(player)s plays twice in round %(round)s.") % {
        "player": p.get("player"), "round": p.get("round")},
    "round_order": lambda p: _("%(field)s: the rounds are not in order.") % {"field": _field(p)},
    "unknown_player": lambda p: _("%(field)s: unknown player %(player)s.") % {
        "field": _field(p), "player": p.get("player", "")},
    "wins_length": lambda p: _("%(field)s: give the games won by each player of the match.") % {"field": _field(p)},
    # pairings (rules.pairings.PairingError)
    "bad_pod_size": lambda p: _("A pod of %(size)s players is not allowed.") % {"size": p.get("size")},
    "bad_size": lambda p: _("The number of players does not fit this round robin."),
    "bad_table_size": lambda p: _("The table size of an elimination is not allowed."),
    "bad_team": lambda p: _("Team %(team)s is not right.") % {"team": p.get("team")},
    "bracket_complete": lambda p: _("The bracket is complete: %(winner)s won.") % {"winner": p.get("winner")},
    "bracket_size": lambda p: _("A bracket of %(size)s players is not allowed.") % {"size": p.get("size")},
    "duplicate_seed": lambda p: _("A player is seeded twice."),
    "elimination_draw": lambda p: _("Round %(round)s: an elimination match cannot end in a draw.") % {
        "round": p.get("round")},
    "no_pairing": lambda p: _("Round %(round)s cannot be paired without a rematch or a forbidden pair.") % {
        "round": p.get("round")},
    "results_missing": lambda p: _("Round %(round)s still has matches without a result.") % {"round": p.get("round")},
    "round_robin_complete": lambda p: _("Every round of the round robin has been played (%(rounds)s).") % {
        "rounds": p.get("rounds")},
    "rounds_after_final": lambda p: _("Round %(round)s comes after the final.") % {"round": p.get("round")},
    "too_few_players": lambda p: _("Too few players to pair a round."),
    "unknown_team": lambda p: _("Unknown team %(team)s.") % {"team": p.get("team")},
    # standings (rules.standings.StandingsError)
    "bad_option": lambda p: _("The tiebreaker option “%(option)s” has a value that is not allowed.") % {
        "option": p.get("option")},
    "duplicate_system": lambda p: _("A tiebreaker system named %(name)s exists already.") % {
        "name": p.get("tiebreakers")},
    "multiplayer_not_supported": lambda p: _("Round %(round)s has a table of more than two players; this "
                                             "tiebreaker system ranks duels only.") % {"round": p.get("round")},
    "unknown_tiebreakers": lambda p: _("Unknown tiebreaker system %(name)s.") % {"name": p.get("tiebreakers")},
    "unused_option": lambda p: _("The %(name)s system does not use %(options)s; remove it.") % {
        "name": p.get("tiebreakers"), "options": _join(p.get("options"))},
    # event structures (rules.structures.StructureError)
    "bad_setting": lambda p: _("The setting %(field)s is not right.") % {"field": _field(p)},
    "unknown_setting": lambda p: _("Unknown setting %(field)s.") % {"field": _field(p)},
    "unknown_structure": lambda p: _("Unknown event structure."),
}


def error_text(error: RulesError) -> str:
    """What the rule error says, in the active language, from its ``code`` and ``params``.

    In English it is the rule's own ``message`` (the wording ``rules/`` owns, with its rule citation, as the
    command line prints it); in another language the code's template filled with the params. The English
    ``message`` too when a code is unknown or its params are not the expected ones."""
    render = ERROR_TEXTS.get(error.code)
    if render is None or (get_language() or "en").split("-")[0] == "en":
        return error.message
    try:
        return render(error.params)
    except (KeyError, TypeError, ValueError, AttributeError):
        return error.message


# --------------------------------------------------------------------------- pairing reasons
def _then(first: str, then: str) -> str:
    """Two parts of a pairing reason, the second adding to the first."""
    # Translators: joins two parts of why players were paired ("both on 3 match points; REMATCH (...)")
    return _("%(first)s; %(then)s") % {"first": first, "then": then}


def _two_seeds(p: _P) -> dict[str, Any]:
    a, b = p["seeds"]
    return {"a": a, "b": b}


def _rematch(p: _P, text: str) -> str:
    rematch = p.get("rematch")
    if not rematch:
        return text
    return _then(text, ngettext(
        "REMATCH (met %(met)s time before): no rematch-free pairing of all %(players)s players exists, this "
        "round has the fewest rematches possible (%(rematches)s)",
        "REMATCH (met %(met)s times before): no rematch-free pairing of all %(players)s players exists, this "
        "round has the fewest rematches possible (%(rematches)s)",
        rematch["met"]) % {"met": rematch["met"], "players": rematch["players"], "rematches": rematch["rematches"]})


def _swiss_same_points(p: _P) -> str:
    if p["points"] == 0:  # its own sentence: the plural rule of pt_BR and fr says "0 ponto" / "0 point"
        return _rematch(p, _("both on 0 match points"))
    return _rematch(p, ngettext("both on %(points)s match point", "both on %(points)s match points",
                                p["points"]) % {"points": p["points"]})


def _swiss_paired_down(p: _P) -> str:
    parts = [_("paired down from %(from)s to %(to)s match points: no unplayed opponent left at %(from)s") % {
        "from": p["from"], "to": p["to"]}]
    if "odd" in p:
        parts.append(ngettext("(%(count)s player on %(points)s: an odd number)",
                              "(%(count)s players on %(points)s: an odd number)", p["odd"]) % {
            "count": p["odd"], "points": p["from"]})
    else:
        parts.append(_("(each unplayed opponent on %(points)s is needed elsewhere)") % {"points": p["from"]})
    if "floated_again" in p:
        parts.append(_("(%(player)s was also paired down last round: unavoidable)") % {"player": p["floated_again"]})
    return _rematch(p, " ".join(parts))


def _elimination_table(p: _P) -> str:
    values = {"size": p["size"], "seeds": _join(p["seeds"])}
    if p.get("final"):
        return _("elimination table of %(size)s (final): seeds %(seeds)s; the winner advances") % values
    return _("elimination table of %(size)s: seeds %(seeds)s; the winner advances") % values


def _winners_bracket(p: _P) -> str:
    if p.get("final"):
        return _("winners' bracket final: seed %(a)s vs seed %(b)s") % _two_seeds(p)
    return _("winners' bracket round %(round)s: seed %(a)s vs seed %(b)s") % {
        "round": p["bracket_round"], **_two_seeds(p)}


def _losers_bracket(p: _P) -> str:
    values = {"round": p["bracket_round"], "from": p.get("from_winners_round"), **_two_seeds(p)}
    if p["bracket_round"] == 1:
        return _("losers' bracket round 1: losers of winners' round 1: seed %(a)s vs seed %(b)s") % values
    if p.get("swap") == "flipped":
        return _("losers' bracket round %(round)s: survivor vs a player dropped from winners' round %(from)s "
                 "(flipped to avoid a rematch): seed %(a)s vs seed %(b)s") % values
    if p.get("swap") == "halves_swapped":
        return _("losers' bracket round %(round)s: survivor vs a player dropped from winners' round %(from)s "
                 "(halves swapped to avoid a rematch): seed %(a)s vs seed %(b)s") % values
    return _("losers' bracket round %(round)s: seed %(a)s vs seed %(b)s") % values


def _round_robin(p: _P) -> str:
    a, b = p["pairing_numbers"]
    values = {"round": p["berger_round"], "a": a, "b": b}
    if p.get("second_cycle"):
        return _("round robin (second cycle, Berger table round %(round)s): pairing numbers %(a)s vs %(b)s") % values
    return _("round robin (Berger table round %(round)s): pairing numbers %(a)s vs %(b)s") % values


def _pod(p: _P) -> str:
    text = _("pod of %(size)s by standings (points %(points)s); seats drawn at random") % {
        "size": p["size"], "points": "-".join(str(v) for v in p["points"])}
    short = p.get("short")
    if short:
        text = _then(text, _("a pod of %(size)s because %(players)s players do not fill pods of %(full)s") % {
            "size": p["size"], "players": short["players"], "full": short["full"]})
    repeats = p.get("repeats", 0)
    return _then(text, ngettext("%(count)s repeat pairing could not be avoided",
                                "%(count)s repeat pairings could not be avoided", repeats) % {"count": repeats}
                 if repeats else _("no repeat opponents"))


def _teams(p: _P) -> str:
    teams = f" {_('vs')} ".join(str(team) for team in p["teams"])
    inner = p.get("table")
    if inner and inner.get("code") in PAIRING_REASON_TEXTS:
        return _("teams %(teams)s: %(reason)s") % {
            "teams": teams, "reason": PAIRING_REASON_TEXTS[inner["code"]](inner.get("params") or {})}
    return _("teams %(teams)s") % {"teams": teams}


def _bye(p: _P) -> str:
    text = _("Bye: scored as a 2-0 match win (Magic Tournament Rules, Appendix C)")
    code = p.get("reason_code")
    if code in PAIRING_REASON_TEXTS:
        return _then(text, PAIRING_REASON_TEXTS[code](p.get("reason_params") or {}))
    return text


#: Every pairing reason code (``rules.pairings.REASON_CODES``, plus the service's "bye" and
#: "changed_by_organiser"), with its text: params -> str.
PAIRING_REASON_TEXTS: dict[str, Callable[[_P], str]] = {
    # Swiss (rules.pairings.swiss)
    "swiss_same_points": _swiss_same_points,
    "swiss_paired_down": _swiss_paired_down,
    "bye_awarded": lambda p: _("bye awarded at registration for round %(round)s") % {"round": p["round"]},
    "swiss_bye": lambda p: _("pairing bye to %(player)s: the lowest-ranked player without a previous bye "
                             "(%(points)s match points, rank %(rank)s)") % {
        "player": p["player"], "points": p["points"], "rank": p["rank"]},
    "swiss_bye_repeat": lambda p: _("pairing bye to %(player)s on %(points)s match points: every player who could "
                                    "take it has had a bye already (%(byes)s before)") % {
        "player": p["player"], "points": p["points"], "byes": p["byes_before"]},
    "bye_no_opponent": lambda p: _("pairing bye: no other player to pair this round"),
    # single elimination, elimination by tables (rules.pairings.elimination)
    "bracket": lambda p: _("bracket: seed %(a)s vs seed %(b)s") % _two_seeds(p),
    "third_place": lambda p: _("third-place match: the losing semi-finalists (seed %(a)s vs seed %(b)s)") % (
        _two_seeds(p)),
    "elimination_table": _elimination_table,
    "random_draw": lambda p: _("random draw among the players still in (spell-battle-rules.txt, 8. Tournaments)"),
    "random_draw_bye": lambda p: _("left over in the random draw (uneven number of players): the bye counts as a "
                                   "win"),
    # double elimination (rules.pairings.double_elimination)
    "winners_bracket": _winners_bracket,
    "losers_bracket": _losers_bracket,
    "grand_final": lambda p: _("grand final: winners' bracket champion vs losers' bracket champion: seed %(a)s vs "
                               "seed %(b)s") % _two_seeds(p),
    "grand_final_reset": lambda p: _("grand final reset: the losers' bracket champion won the first grand final: "
                                     "seed %(a)s vs seed %(b)s") % _two_seeds(p),
    # round robin, pods, teams
    "round_robin": _round_robin,
    "round_robin_bye": lambda p: _("bye: meets the dummy player of an odd round robin"),
    "pod": _pod,
    "pod_bye": lambda p: _("bye: %(players)s players cannot be split into pods of %(min)s-%(max)s; lowest-ranked "
                           "player with the fewest byes") % {"players": p["players"], "min": p["min"],
                                                            "max": p["max"]},
    "teams": _teams,
    # the service (tournaments.services.rounds)
    "bye": _bye,
    "changed_by_organiser": lambda p: pgettext("pairing reason", "Changed by the organiser: %(reason)s") % {
        "reason": p["reason"]},
}


#: The params of a pairing reason that name a player (by the id the pairing used: a registration's id).
_PLAYER_PARAMS = ("player", "floated_again")


def _named(params: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """``params`` with each player id of ``_PLAYER_PARAMS`` replaced by the player's name, nested params (a bye's
    own reason, a team table's) too."""
    values = dict(params)
    for key, value in values.items():
        if key in _PLAYER_PARAMS and str(value) in names:
            values[key] = names[str(value)]
        elif isinstance(value, Mapping):
            values[key] = _named(value, names)
    return values


def pairing_reason_text(code: str, params: Mapping[str, Any] | None, fallback: str = "",
                        names: Mapping[str, str] | None = None) -> str:
    """Why the players of a match were paired, in the active language, from its ``pairing_reason_code`` and
    ``pairing_reason_params`` (``PAIRING_REASON_TEXTS``).

    ``fallback``: the stored English ``pairing_reason``, returned as it is in English (the wording ``rules/``
    owns), and in every language when the code is blank or unknown (a match stored before the codes were) or
    its params are not the expected ones. ``names``: the players' names by the ids the pairing used (a bye's
    player, a player paired down twice); given, the sentence names them, in English too; else the ids."""
    render = PAIRING_REASON_TEXTS.get(code or "")
    english = (get_language() or "en").split("-")[0] == "en"
    if render is None or (fallback and english and not names):
        return fallback
    try:
        return render(_named(params or {}, names or {}))
    except (KeyError, TypeError, ValueError, AttributeError):
        return fallback
