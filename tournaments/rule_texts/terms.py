"""The game's terms and the rules texts' sections in the reader's language: card and champion types, the built-in
formats' names, and citations of the rules texts (:func:`cite`). Glossaries: ``locale/glossary.*.md``."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from rules.card_pairs import EDITOR_SOURCE, PRECEDENCE_RULE
from rules.formats import BRAZIL_DUNGEON_RULE, BRAZIL_FILE, RULES_FILE
from rules.game_start import FIRST_PLAYER_RULE
from rules.legality import DUNGEON_RULE, DUPLICATE_RULE
from rules.results import DECK_OUT_RULES, VICTORY_RULE
from rules.rule_documents import DOCUMENTS, titled

#: The documents' titles as citations name them (``rules.rule_documents``: never the file name).
RULES_TITLE = DOCUMENTS[RULES_FILE].title
BRAZIL_TITLE = DOCUMENTS[BRAZIL_FILE].title
GUIDE_TITLE = DOCUMENTS["spellfire-special-circumstances-guide.txt"].title
#: The placeholders of ``CITATION_TEXTS``: each document's title.
_TITLES = {"rules": RULES_TITLE, "brazil": BRAZIL_TITLE, "guide": GUIDE_TITLE}


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
    "30-sealed": gettext_lazy("30-card sealed deck (Spell Battle)"),
    "30-draft": gettext_lazy("30-card draft deck (Spell Battle)"),
    "40-pool": gettext_lazy("40-card deck from a collective pool (Spell Battle)"),
    "off-the-top": gettext_lazy("Off-the-top: a shared pool per match (Spell Battle)"),
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


def card_labels(labels: Any) -> str:
    """Card labels as printed ("3rd/54 War Party"), joined; never translated."""
    return ", ".join(str(label) for label in labels or ())


def joined(values: Any) -> str:
    return ", ".join(str(v) for v in values or ())


# --------------------------------------------------------------------------- citations
def cite_part(part: str) -> str:
    """One citation (no ``"; "`` split) in the active language: ``cite`` maps each part with it."""
    text = CITATION_TEXTS.get(part)
    if text is not None:
        return _cited_text(part, text)
    if part == DUPLICATE_RULE:
        return _('%(file)s, deck construction preamble before "55-Card Deck (Standard)": no card may appear more '
                 "than once in a deck unless the card says so; a card is the same when it has the same icon and "
                 "the same name") % {"file": RULES_TITLE}
    if part == DUNGEON_RULE:
        return _("%(file)s, %(section)s: each player may add a dungeon card, a free card in deck construction "
                 "(decks of 56, 76 or 111 cards)") % {"file": RULES_TITLE,
                                                      "section": SECTIONS["How Dungeon Cards Work"]}
    if part == BRAZIL_DUNGEON_RULE:
        # the Portuguese text, cited as written; only the project's reading of it is translated
        return _('%(file)s, LIMITAÇÃO DE BARALHOS PARA TORNEIOS ("Total de cartas: 55"; O BARALHO: "Um baralho '
                 'normal de SPELLFIRE contém 55 cartas"): the text predates dungeon cards and allows none') % {
            "file": BRAZIL_TITLE}
    if part == PRECEDENCE_RULE:
        return _("%(file)s, %(section)s: the special power on the card takes precedence over the rules") % {
            "file": RULES_TITLE, "section": SECTIONS["introduction"]}
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
                    return titled(part)
                return _("%(file)s, %(section)s (“%(heading)s”)%(tail)s") % {
                    "file": RULES_TITLE, "section": translated, "heading": english, "tail": titled(tail)}
    return titled(part)


def _cited_text(part: str, text: Any) -> str:
    """``text`` (a ``CITATION_TEXTS`` entry) in the active language while its English is still ``part`` as
    ``rules/`` writes it (the file names as titles); ``titled(part)`` once ``rules/`` has changed it."""
    with translation.override("en"):
        english = str(text) % _TITLES
    return str(text) % _TITLES if english == titled(part) else titled(part)


def clause_separator() -> str:
    """The "; " that joins two clauses, in the active language's typography: French puts a no-break space before
    the semicolon ("\u00a0; ", as its catalogue does before ; : ! ?), the other languages none."""
    return "\u00a0; " if (translation.get_language() or "").startswith("fr") else "; "


def label_separator() -> str:
    """The ": " between a label and its value (a player and their counts, a system and its description), in the
    active language's typography: French puts a no-break space before the colon ("\u00a0: "), the other languages
    none. For punctuation the code builds; a translated string carries its own."""
    return "\u00a0: " if (translation.get_language() or "").startswith("fr") else ": "


def cite(rule: str) -> str:
    """A citation in the active language (see the module doc); parts separated by "; " are mapped one by one and
    joined again with the language's separator (:func:`clause_separator`).

    The file names become the documents' titles (``rules.rule_documents.titled``): never a file name for people.
    ``"spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard)"`` reads in pt-br
    ``"Spellfire Tournament Rules 2.0, Baralho de 55 cartas (padrão) (“55-Card Deck (Standard)”)"``; a
    citation of ``spellfire-regras-pt-br.txt`` keeps its Portuguese section as written there; an organiser's
    provenance or a CrossFire format file is kept as given."""
    return clause_separator().join(cite_part(part) for part in citation_parts(rule))


def citation_parts(rule: str) -> list[str]:
    """The citations ``rule`` joins with ``"; "`` (the project's own readings of a rule are one part). A ``"; "``
    inside parentheses or double quotes belongs to its citation (a quotation, a list of passages), not between
    two: ``'a.txt, X ("p; q"); b.txt, Y (r; s)'`` -> ``['a.txt, X ("p; q")', 'b.txt, Y (r; s)']``."""
    if rule in (DUPLICATE_RULE, DUNGEON_RULE, BRAZIL_DUNGEON_RULE, PRECEDENCE_RULE):
        return [rule]
    parts: list[str] = []
    depth, quoted, start = 0, False, 0
    for index, char in enumerate(rule):
        if char == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif char == "(":
            depth += 1
        elif char == ")":
            depth = max(depth - 1, 0)
        elif char == ";" and depth == 0 and rule.startswith("; ", index):
            parts.append(rule[start:index])
            start = index + 2
    parts.append(rule[start:])
    return parts


_FIRST, _MULLIGAN = citation_parts(FIRST_PLAYER_RULE)
_RESHUFFLE, _SUPERSEDE = citation_parts(DECK_OUT_RULES["reshuffle"])
_GUIDE_ENDS, _BRAZIL_ENDS = citation_parts(DECK_OUT_RULES["game_ends"])

#: The parts of the citations of the game-start panel (who goes first, the victory condition, running out of cards)
#: that ``rules/`` writes in English with quotations of the English texts, said in the reader's language (issue 22:
#: no English rule text on a Portuguese or French page). Keyed by the part as ``rules/`` writes it; ``%(rules)s``,
#: ``%(brazil)s`` and ``%(guide)s`` are the documents' titles. Each English text is the part itself, titled: when
#: ``rules/`` changes a part, it is cited as written there, in English, until its text here follows it
#: (``_cited_text``; ``tests/i18n/test_rule_texts.py`` checks they agree).
CITATION_TEXTS: dict[str, Any] = {
    _FIRST: gettext_lazy(
        '%(rules)s, the paragraph after "How Dungeon Cards Work" ("To find out who goes first in a game, each player '
        "randomly draws (or cuts to) one card, noting the last digit of the card number. The player with the highest "
        "number goes first. In case of a tie, the players who tied draw again until one of them draws a higher "
        'card.")'),
    _MULLIGAN: gettext_lazy(
        'Two-Draw Mulligan ("When starting a new game as a result of a mulligan, players need to determine again who '
        'goes first."). The Brazilian rules do not say how (%(brazil)s, PREPARAÇÃO DO JOGO: "O jogo começa com um '
        'dos jogadores fazendo seu primeiro turno"), so the 2.0 draw applies.'),
    VICTORY_RULE: gettext_lazy(
        '%(rules)s, the victory conditions after Two-Draw Mulligan ("The standard victory conditions for 55- and '
        '75-card decks are when one player has six unrazed realms in his formation"; "Decks composed of 110 cards '
        'end when one player has 10 unrazed realms"; "Certain 75-card variants also require 10 realms to win, but '
        'these are clearly stated in the tournament guidelines")'),
    _RESHUFFLE: gettext_lazy(
        '%(rules)s, the list of major changes ("When a player runs out of cards, he reshuffles his discard pile to '
        'form a new draw pile at the end of the current turn") and the running-out-of-cards paragraph ("When a '
        "player's draw pile is depleted, the discard pile is reshuffled to form a new draw pile at the end of the "
        'current turn")'),
    _SUPERSEDE: gettext_lazy(
        'these rules "supersede any other published rules": play goes on, a game never ends because a draw pile '
        "ran out"),
    _GUIDE_ENDS: gettext_lazy(
        '%(guide)s, Running out of cards ("The game ends when the draw pile of a player is emptied"; the reshuffle '
        "is its optional rule)"),
    _BRAZIL_ENDS: gettext_lazy(
        '%(brazil)s, VENCENDO, "Exceção" (the game ends when a player plays their last card; "Vence o jogador com '
        'o maior numero de reinos não-destruidos": the most unrazed realms wins): the end-of-game counts decide '
        "the game"),
}
