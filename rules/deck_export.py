"""Decklist writers: plain text and CrossFire ``.cfd``, both readable again by :mod:`rules.decklists`.

Terms used here:

* **text export** – one line per printing with its count, ``2x War Party (3rd/54)``,
  grouped by card type under ``# Realm (10)`` comment headings (comments are ignored by
  the text reader), after the ``# title:``, ``# author:`` and ``# notes:`` metadata lines
  that the text reader reads back.
* **.cfd export** – the Tcl ``set`` statements CrossFire writes (SOURCES.md in the cards
  directory, "Deck file formats found", item 1): ``tempDeckSize`` (the format id),
  ``tempInInventory``, ``tempAuthorName``, ``tempAuthorEmail``, ``tempNotes`` (braced,
  multi-line), ``tempDeckTitle``, ``tempCheckInv``, ``tempInventory``,
  ``tempDeckDisplayMode``, ``tempDeck`` (one ``{SET NUMBER}`` per copy, seven a line,
  the dungeon card included) and an empty ``tempAltCards``.

Pure Python: no Django, no I/O.  Both writers return ``str``; encode it as UTF-8.
"""

from __future__ import annotations

import re

from rules.cards import Card
from rules.decklists import Decklist

__all__ = ["CARD_TYPE_ORDER", "group_by_type", "to_cfd", "to_text"]

#: The order card types are listed in (the catalogue's order, SOURCES.md "Columns");
#: types not named here follow, alphabetically.
CARD_TYPE_ORDER: tuple[str, ...] = (
    "Realm", "Holding", "Champion", "Ally", "Artifact", "Magical Item", "Event", "Rule", "Dungeon",
    "Blood Ability", "Cleric Spell", "Wizard Spell", "Psionic Power", "Thief Ability", "Unarmed Combat",
)

_CFD_PER_LINE = 7
_BARE_WORD = re.compile(r"^[A-Za-z0-9_.@:/+-]+$")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _type_rank(card_type: str) -> tuple[int, str]:
    try:
        return CARD_TYPE_ORDER.index(card_type), card_type
    except ValueError:
        return len(CARD_TYPE_ORDER), card_type


def group_by_type(cards: tuple[Card, ...] | list[Card]) -> list[tuple[str, list[tuple[Card, int]]]]:
    """Group cards as ``[(card type, [(card, copies), ...]), ...]``.

    Types follow :data:`CARD_TYPE_ORDER`; printings within a type keep the order of their
    first appearance.  ``group_by_type([war_party, war_party])`` ->
    ``[("Ally", [(war_party, 2)])]``.
    """
    groups: dict[str, dict[Card, int]] = {}
    for card in cards:
        bucket = groups.setdefault(card.card_type, {})
        bucket[card] = bucket.get(card, 0) + 1
    return [(card_type, list(groups[card_type].items())) for card_type in sorted(groups, key=_type_rank)]


def card_line(card: Card, copies: int) -> str:
    """``2x War Party (3rd/54)``: a text-reader line naming exactly this printing."""
    return f"{copies}x {_one_line(card.name)} ({card.key})"


def to_text(decklist: Decklist) -> str:
    """Render ``decklist`` as plain text that :func:`rules.decklists.read_decklist` reads back.

    Metadata first (``# title: ...``, ``# author: ...``, one ``# notes: ...`` per notes
    line), then per card type a ``# Realm (10)`` heading and one ``2x Name (SET/N)`` line
    per printing.  Reading it back gives the same printings with the same counts (the
    order is by type, not the file's order) and the same title, author and notes.
    """
    lines = decklist.header_lines()
    for card_type, entries in group_by_type(decklist.cards):
        if lines:
            lines.append("")
        lines.append(f"# {card_type} ({sum(copies for _, copies in entries)})")
        lines.extend(card_line(card, copies) for card, copies in entries)
    return "\n".join(lines) + "\n"


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def _tcl_value(text: str, *, multiline: bool = False) -> str:
    """Quote ``text`` as one Tcl word that both Tcl and the .cfd reader take verbatim.

    Simple tokens stay bare (``55``, ``SimonDorfman``); everything else is brace-quoted.
    A braced word cannot hold a backslash or unbalanced braces verbatim, so backslashes
    become ``/`` and, when braces do not balance, braces become parentheses.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not multiline:
        text = _one_line(text)
    text = text.replace("\\", "/")
    if not _balanced(text):
        text = text.replace("{", "(").replace("}", ")")
    if _BARE_WORD.match(text):
        return text
    return "{" + text + "}"


def to_cfd(decklist: Decklist, *, deck_size: str = "", author_email: str = "") -> str:
    """Render ``decklist`` as a CrossFire ``.cfd`` file (Tcl ``set`` statements).

    ``deck_size`` is the CrossFire format id written to ``tempDeckSize`` ("55", "75",
    "110", "551ES", ...; default: the decklist's declared format, else "55").  Every copy
    is one ``{SET NUMBER}`` entry in ``tempDeck``, in the decklist's order, dungeon card
    included.  :func:`rules.decklists.read_decklist` reads the result back to the same
    card keys, title, author and notes (notes with CRLF come back with LF).
    Source: SOURCES.md in the cards directory, "Deck file formats found", item 1.
    """
    size = deck_size or decklist.declared_format or "55"
    entries = [f"{{{card.set_code} {card.number:>4}}}" for card in decklist.cards]
    rows = [" ".join(entries[i:i + _CFD_PER_LINE]) for i in range(0, len(entries), _CFD_PER_LINE)]
    deck_body = "".join(f"   {row}\n" for row in rows)
    lines = [
        f"set tempDeckSize {_tcl_value(size)}",
        "set tempInInventory false",
        f"set tempAuthorName {_tcl_value(decklist.author) if decklist.author else '{}'}",
        f"set tempAuthorEmail {_tcl_value(author_email) if author_email else '{}'}",
        f"set tempNotes {_tcl_value(decklist.notes, multiline=True) if decklist.notes else '{}'}",
        f"set tempDeckTitle {_tcl_value(decklist.title) if decklist.title else '{}'}",
        "set tempCheckInv No",
        "set tempInventory {}",
        "set tempDeckDisplayMode Type",
        "set tempDeck {\n" + deck_body + "}",
        "set tempAltCards {\n}",
    ]
    return "\n".join(lines) + "\n"
