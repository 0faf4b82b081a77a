"""Decklists and the readers that turn uploaded files into them.

Terms used here:

* **decklist** – the cards a player registers, one entry per physical copy, in file
  order.  A dungeon card is simply a card of type "Dungeon" in the list.
* **card line** – one line of a plain-text decklist naming a card, optionally with a
  count: ``War Party``, ``3rd/54``, ``2x War Party``, ``2 War Party``,
  ``War Party x2``, ``2x War Party (3rd/54)``.  Blank lines and lines starting with
  ``#`` or ``//`` are ignored, except the metadata comments ``# title: ...``,
  ``# author: ...`` and ``# notes: ...`` that :meth:`Decklist.to_text` writes.
* **.cfd** – a CrossFire deck file: Tcl ``set`` statements, the cards in
  ``set tempDeck { {4th 120} {FR 3} ... }`` (one ``{SET NUMBER}`` per copy; older files
  hold whole card records of which only the first two elements matter), metadata in
  ``tempDeckTitle``, ``tempAuthorName``, ``tempNotes``, the CrossFire format id in
  ``tempDeckSize``; ``tempAltCards`` (side cards) is ignored.  See SOURCES.md in the
  cards directory, "Deck file formats found".

The reader is chosen by content, not by file name.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from rules.cards import Card, Catalogue, UnknownCard

__all__ = [
    "Decklist",
    "DecklistError",
    "MAX_BYTES",
    "MAX_CARD_LINES",
    "read_decklist",
]

#: Largest accepted upload, in bytes (2 MB).
MAX_BYTES = 2 * 1024 * 1024
#: Most card lines (text) or card entries (.cfd) accepted; also the most copies in total.
MAX_CARD_LINES = 1000
#: Unknown lines beyond this many are still listed, but without suggestions (cost).
_MAX_SUGGESTED = 50


class DecklistError(ValueError):
    """A decklist cannot be turned into cards; the user should see why.

    Attributes: ``code`` – one of ``"empty"`` (no cards), ``"unreadable"`` (binary,
    malformed .cfd, bad count), ``"unknown_cards"`` (some lines match no card),
    ``"too_large"`` (over 2 MB or over 1,000 card lines/copies); ``params`` – a dict
    with the details (for ``unknown_cards``: ``{"unknown": [{"line": int, "text": str,
    "suggestions": [str]}]}``, every unresolved line).  ``str()`` is a plain-English
    message.
    """

    def __init__(self, code: str, message: str, params: dict[str, Any] | None = None) -> None:
        self.code = code
        self.params = dict(params or {})
        self.message = message
        super().__init__(message)

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Decklist:
    """A registered deck: ``cards`` has one :class:`~rules.cards.Card` per copy, in file order.

    ``title``, ``author``, ``notes`` come from the file when it has them;
    ``source_format`` is ``"text"`` or ``"cfd"``; ``declared_format`` is the format id
    a .cfd file names in ``tempDeckSize`` ("55", "551ES", ...), "" otherwise.
    """

    cards: tuple[Card, ...]
    title: str = ""
    author: str = ""
    notes: str = ""
    source_format: str = "text"
    declared_format: str = ""

    def counts(self) -> dict[str, int]:
        """Return ``{card key: copies}`` in order of first appearance, e.g. ``{"3rd/54": 2}``."""
        result: dict[str, int] = {}
        for card in self.cards:
            result[card.key] = result.get(card.key, 0) + 1
        return result

    def to_text(self) -> str:
        """Render as a plain-text decklist that :func:`read_decklist` reads back to the same cards.

        Lines look like ``2x War Party (3rd/54)``; consecutive copies of one printing are
        grouped so the card order survives the round trip.  Title, author and notes
        become ``# title: ...``, ``# author: ...`` and ``# notes: ...`` comment lines.
        """
        lines: list[str] = []
        if self.title:
            lines.append(f"# title: {_one_line(self.title)}")
        if self.author:
            lines.append(f"# author: {_one_line(self.author)}")
        if self.notes:
            lines.extend(f"# notes: {line}" for line in self.notes.splitlines())
        run_card: Card | None = None
        run = 0
        for card in self.cards:
            if card == run_card:
                run += 1
                continue
            if run_card is not None:
                lines.append(f"{run}x {_one_line(run_card.name)} ({run_card.key})")
            run_card, run = card, 1
        if run_card is not None:
            lines.append(f"{run}x {_one_line(run_card.name)} ({run_card.key})")
        return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    return " ".join(text.split())


# --------------------------------------------------------------------------- decoding
def _decode(data: bytes | str) -> str:
    if isinstance(data, str):
        if len(data.encode("utf-8", "surrogatepass")) > MAX_BYTES:
            raise DecklistError("too_large", f"The decklist is larger than {MAX_BYTES // (1024 * 1024)} MB.",
                                {"max_bytes": MAX_BYTES})
        text = data
    else:
        if len(data) > MAX_BYTES:
            raise DecklistError("too_large", f"The decklist is larger than {MAX_BYTES // (1024 * 1024)} MB.",
                                {"max_bytes": MAX_BYTES, "bytes": len(data)})
        if b"\x00" in data:
            raise DecklistError("unreadable", "The file is binary (it contains NUL bytes), not a decklist.",
                                {"reason": "binary"})
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    text = text.lstrip("\ufeff")
    if "\x00" in text:
        raise DecklistError("unreadable", "The file is binary (it contains NUL bytes), not a decklist.",
                            {"reason": "binary"})
    controls = sum(1 for ch in text if unicodedata.category(ch) in ("Cc", "Cs") and ch not in "\t\n\r\f\v")
    if text and controls * 20 > len(text):
        raise DecklistError("unreadable",
                            "The file looks binary (too many control characters), not a decklist.",
                            {"reason": "binary"})
    return text


# --------------------------------------------------------------------------- Tcl words
def _tcl_words(text: str, first_line: int, *, commands: bool) -> list[list[tuple[str, int]]]:
    """Split Tcl text into words: a list of commands (or one list) of (word, line) pairs.

    Braced words keep their content verbatim (nested braces allowed), quoted words
    drop the quotes.  Raises DecklistError("unreadable") on unbalanced braces/quotes.
    """
    result: list[list[tuple[str, int]]] = []
    current: list[tuple[str, int]] = []
    i, n, line = 0, len(text), first_line
    while i < n:
        ch = text[i]
        if ch == "\n" or (ch == ";" and commands):
            if ch == "\n":
                line += 1
            if commands and current:
                result.append(current)
                current = []
            i += 1
            continue
        if ch in " \t\r\f\v":
            i += 1
            continue
        if ch == "\\" and i + 1 < n and text[i + 1] == "\n":
            line += 1
            i += 2
            continue
        if ch == "#" and commands and not current:
            while i < n and text[i] != "\n":
                i += 1
            continue
        start_line = line
        if ch == "{":
            depth, j = 1, i + 1
            while j < n and depth:
                c = text[j]
                if c == "\\":
                    j += 2
                    continue
                if c == "{":
                    depth += 1
                elif c == "}":
                    depth -= 1
                j += 1
            if depth:
                raise DecklistError("unreadable", f"Unbalanced braces starting at line {start_line}.",
                                    {"reason": "unbalanced_braces", "line": start_line})
            word = text[i + 1:j - 1]
            i = j
        elif ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if j >= n:
                raise DecklistError("unreadable", f"Unterminated quote starting at line {start_line}.",
                                    {"reason": "unterminated_quote", "line": start_line})
            word = text[i + 1:j]
            i = j + 1
        else:
            j = i
            while j < n and text[j] not in " \t\r\n\f\v" and not (commands and text[j] == ";"):
                j += 1
            word = text[i:j]
            i = j
        line += word.count("\n")
        current.append((word, start_line))
    if current:
        result.append(current)
    return result


_CFD_MARKER = re.compile(r"(?m)^[ \t]*set[ \t]+temp(?:Deck|DeckSize|DeckTitle)\b")


def _looks_like_cfd(text: str) -> bool:
    return bool(_CFD_MARKER.search(text))


# --------------------------------------------------------------------------- readers
def read_decklist(data: bytes | str, catalogue: Catalogue, *, filename: str = "") -> Decklist:
    """Read a decklist upload into a :class:`Decklist`, choosing the reader by content.

    ``data`` is the file's bytes (UTF-8, else Latin-1) or text; ``filename`` is only
    used in messages.  CrossFire ``.cfd`` content (``set tempDeck {...}``) goes to the
    .cfd reader, anything else to the plain-text reader (see the module docstring for
    both shapes).  Raises :class:`DecklistError` with code ``"empty"``,
    ``"unreadable"``, ``"unknown_cards"`` (listing every unresolved line with line
    number and suggestions) or ``"too_large"`` (over 2 MB, over 1,000 card lines or
    copies).  Never raises anything else for any input.  Source: SOURCES.md in the
    cards directory, "Deck file formats found"; a dungeon card rides along as an
    ordinary entry (spellfire-tournament-rules-2.0.txt, dungeon-card paragraph before
    "How Dungeon Cards Work").
    """
    text = _decode(data)
    stripped = text.lstrip()
    if stripped.startswith("<?xml") or stripped.startswith("<deck"):
        raise DecklistError(
            "unreadable",
            f"{filename or 'The file'} looks like a LackeyCCG .dek deck, which is not supported yet; "
            "upload a CrossFire .cfd or a plain-text list.",
            {"reason": "unsupported_format", "format": "dek"},
        )
    if _looks_like_cfd(text):
        return _read_cfd(text, catalogue)
    return _read_text(text, catalogue)


_COUNT_PREFIX = re.compile(r"^(\d+)\s*[xX×]\s*(\S.*)$")
_COUNT_PREFIX_BARE = re.compile(r"^(\d+)\s+(\S.*)$")
_COUNT_SUFFIX = re.compile(r"^(.*\S)\s+[xX×]\s*(\d+)$")
_PAREN_SUFFIX = re.compile(r"^(.*?)\s*\(([^()]*)\)$")
_META = re.compile(r"^#\s*(title|author|notes)\s*:\s?(.*)$", re.IGNORECASE)


def _split_count(line: str) -> tuple[int | None, str]:
    for pattern in (_COUNT_PREFIX, _COUNT_PREFIX_BARE):
        match = pattern.match(line)
        if match:
            return int(match.group(1)), match.group(2).strip()
    match = _COUNT_SUFFIX.match(line)
    if match:
        return int(match.group(2)), match.group(1).strip()
    return None, line


class _Resolver:
    """Resolves card texts with a per-read cache and collects the unknown ones."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.cache: dict[str, Card | None] = {}
        self.unknown: list[dict[str, Any]] = []

    def resolve(self, candidates: list[str]) -> Card | None:
        for candidate in candidates:
            if candidate in self.cache:
                card = self.cache[candidate]
            else:
                try:
                    card = self.catalogue.resolve(candidate)
                except UnknownCard:
                    card = None
                self.cache[candidate] = card
            if card is not None:
                return card
        return None

    def missing(self, line: int, text: str, query: str) -> None:
        suggestions = self.catalogue.suggest(query) if len(self.unknown) < _MAX_SUGGESTED else []
        self.unknown.append({"line": line, "text": text, "suggestions": suggestions})

    def raise_if_missing(self, filename_hint: str = "") -> None:
        if not self.unknown:
            return
        count = len(self.unknown)
        parts = [f"{count} card line{'s' if count != 1 else ''} could not be matched to a card:"]
        for item in self.unknown:
            hint = f" - did you mean: {', '.join(item['suggestions'])}?" if item["suggestions"] else ""
            parts.append(f'  line {item["line"]}: "{item["text"]}"{hint}')
        raise DecklistError("unknown_cards", "\n".join(parts), {"unknown": self.unknown})


def _too_many(what: str, count: int) -> DecklistError:
    return DecklistError("too_large", f"The decklist has more than {MAX_CARD_LINES:,} {what} ({count:,}).",
                         {"max_cards": MAX_CARD_LINES, "count": count, "what": what})


def _read_text(text: str, catalogue: Catalogue) -> Decklist:
    resolver = _Resolver(catalogue)
    cards: list[Card] = []
    title = author = ""
    notes: list[str] = []
    card_lines = 0
    total = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = " ".join(raw.split())
        if not line:
            continue
        if line.startswith("#") or line.startswith("//"):
            meta = _META.match(raw.strip())
            if meta:
                field, value = meta.group(1).lower(), meta.group(2).strip()
                if field == "title":
                    title = value
                elif field == "author":
                    author = value
                else:
                    notes.append(meta.group(2).rstrip())
            continue
        card_lines += 1
        if card_lines > MAX_CARD_LINES:
            raise _too_many("card lines", card_lines)
        count, rest = _split_count(line)
        paren_key = ""
        name_part = rest
        match = _PAREN_SUFFIX.match(rest)
        if match and match.group(1):
            name_part, paren_key = match.group(1).strip(), match.group(2).strip()
            if count is None:
                count, name_part = _split_count(name_part)
        if count is None:
            count = 1
        if count < 1:
            raise DecklistError("unreadable", f'Line {number}: a count of {count} is not allowed ("{line}").',
                                {"reason": "bad_count", "line": number, "text": line})
        total += count
        if total > MAX_CARD_LINES:
            raise _too_many("cards", total)
        first_token = rest.split(" ", 1)[0]
        leading_key = first_token if "/" in first_token and first_token != rest else ""
        candidates = [c for c in (paren_key, rest, name_part, leading_key) if c]
        card = resolver.resolve(candidates)
        if card is None:
            resolver.missing(number, line, paren_key or name_part)
            continue
        cards.extend([card] * count)
    resolver.raise_if_missing()
    if not cards:
        raise DecklistError("empty", "The decklist names no cards.", {})
    return Decklist(
        cards=tuple(cards), title=title, author=author, notes="\n".join(notes), source_format="text"
    )


def _read_cfd(text: str, catalogue: Catalogue) -> Decklist:
    variables: dict[str, tuple[str, int]] = {}
    for command in _tcl_words(text, 1, commands=True):
        if len(command) >= 3 and command[0][0] == "set":
            variables[command[1][0]] = command[2]
    if "tempDeck" not in variables:
        raise DecklistError("empty", "The CrossFire deck file has no tempDeck list.",
                            {"reason": "no_tempdeck"})
    deck_text, deck_line = variables["tempDeck"]
    entries = _tcl_words(deck_text, deck_line, commands=False)
    elements = entries[0] if entries else []
    if len(elements) > MAX_CARD_LINES:
        raise _too_many("cards", len(elements))
    resolver = _Resolver(catalogue)
    cards: list[Card] = []
    for element, line in elements:
        parts = _tcl_words(element, line, commands=False)
        fields = [word for word, _ in parts[0]] if parts else []
        shown = " ".join(element.split())[:80]
        if len(fields) < 2 or not fields[1].strip().isdigit():
            resolver.missing(line, "{" + shown + "}", shown)
            continue
        set_code, number = fields[0].strip(), int(fields[1].strip())
        card = catalogue.lookup_key(set_code, number)
        if card is None:
            resolver.missing(line, "{" + f"{set_code} {number}" + "}", f"{set_code}/{number}")
            continue
        cards.append(card)
    resolver.raise_if_missing()
    if not cards:
        raise DecklistError("empty", "The CrossFire deck file lists no cards.", {})

    def value(name: str) -> str:
        return variables[name][0].strip() if name in variables else ""

    return Decklist(
        cards=tuple(cards),
        title=value("tempDeckTitle"),
        author=value("tempAuthorName"),
        notes=value("tempNotes"),
        source_format="cfd",
        declared_format=value("tempDeckSize"),
    )
