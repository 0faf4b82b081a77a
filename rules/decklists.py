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
  ``tempDeckSize``; ``tempAltCards`` (side cards) is left out of the deck (``Decklist.side_cards``).  See SOURCES.md in the
  cards directory, "Deck file formats found".
* **.dek** – a LackeyCCG deck file: XML ``<deck><meta>[title, author, note ...]</meta>
  <superzone name="Deck"><card><name id="090">Fortification Breastwork</name>
  <set>4th-Ed</set></card> ... </superzone>[<superzone name="Dungeon">...]</deck>``,
  one ``<card>`` per copy.  Sets are Lackey labels (``4th-Ed``, ``Runes&Ruins``, ...,
  see :data:`LACKEY_SETS`); real files hold raw ``&`` (not well-formed XML),
  misspelt names and wrong ids, so cards are matched by set plus name first (see
  :func:`_read_dek`).  SOURCES.md in the cards directory, "Deck file formats found",
  item 2.

The reader is chosen by content, not by file name.
"""

from __future__ import annotations

import difflib
import re
import weakref
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from typing import Any

from rules.cards import Card, Catalogue, normalise_name
from rules.errors import RulesError

__all__ = [
    "LACKEY_SETS",
    "Decklist",
    "DecklistError",
    "MAX_BYTES",
    "MAX_CARD_LINES",
    "MAX_LINES",
    "MAX_NESTING",
    "MAX_TAGS",
    "MAX_WORDS",
    "read_decklist",
]

#: Largest accepted upload, in bytes (2 MB).
MAX_BYTES = 2 * 1024 * 1024
#: Most card lines (text) or card entries (.cfd, .dek) accepted; also the most copies in total.
MAX_CARD_LINES = 1000
#: Unknown lines beyond this many are still listed, but without suggestions (cost).
_MAX_SUGGESTED = 50
#: Work bounds checked before a file is parsed (``DecklistError("too_large")`` with ``params["limit"]``
#: naming the bound).  Real files are far below them: the 46 CrossFire sample decks have at most 85
#: lines and brace depth 2, the 30 LackeyCCG decks at most 242 lines, 360 "<" and element depth 4;
#: 1,000 card lines or copies (MAX_CARD_LINES) at about 4 tags a copy stay well under MAX_TAGS.
#: Most lines in any upload (text lines, or lines of a .cfd / .dek file).
MAX_LINES = 10_000
#: Most ``<`` (tags, comments, declarations) in a LackeyCCG .dek file.
MAX_TAGS = 10_000
#: Deepest nesting of XML elements (.dek) or Tcl braces (.cfd).
MAX_NESTING = 32
#: Most Tcl words in a .cfd file (all commands together).
MAX_WORDS = 50_000
#: Distinct LackeyCCG cards (set, id, name) per read that may be matched by difflib (the close-name
#: steps of :func:`_resolve_dek_card`, ~20 ms each); later ones are matched exactly only.  A real deck
#: has at most ~110 distinct cards; 1,000 distinct unknown names took 20 s without this bound.
_MAX_FUZZY = 200
#: Only this many characters of an unknown card line are used to look for suggestions (card names
#: are far shorter), so the suggestions of one line cost the same whatever its length.
_SUGGEST_CHARS = 100


class DecklistError(RulesError):
    """A decklist cannot be turned into cards; the user should see why.

    Attributes: ``code`` – one of ``"empty"`` (no cards), ``"unreadable"`` (binary,
    malformed .cfd, malformed or non-deck XML, bad count), ``"unknown_cards"`` (some
    lines match no card),
    ``"too_large"`` (over 2 MB, over 1,000 card lines/copies, or over a work bound checked before
    parsing: ``params["limit"]`` is ``"lines"`` (MAX_LINES), ``"tags"`` (MAX_TAGS), ``"nesting"``
    (MAX_NESTING) or ``"words"`` (MAX_WORDS), with ``"max"`` and ``"count"``); ``params`` – a dict
    with the details (for ``unknown_cards``: ``{"unknown": [{"line": int, "text": str,
    "suggestions": [str]}]}``, every unresolved line).  ``str()`` is a plain-English
    message.
    """

    def __init__(self, code: str, message: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(code, message, params)


@dataclass(frozen=True)
class Decklist:
    """A registered deck: ``cards`` has one :class:`~rules.cards.Card` per copy, in file order.

    ``title``, ``author``, ``notes`` come from the file when it has them;
    ``source_format`` is ``"text"``, ``"cfd"`` or ``"dek"``; ``declared_format`` is the format id
    a .cfd file names in ``tempDeckSize`` ("55", "551ES", ...), "" otherwise.  ``side_cards``: the
    cards the file holds beside the deck, left out of it (one entry per copy, as written: ``"DU/27"``
    from a .cfd's ``tempAltCards``, ``"Sideboard: War Party"`` from a .dek's other superzones);
    ``rules.legality.check_deck`` reports them (``side_cards_left_out``).
    """

    cards: tuple[Card, ...]
    title: str = ""
    author: str = ""
    notes: str = ""
    source_format: str = "text"
    declared_format: str = ""
    side_cards: tuple[str, ...] = ()

    def counts(self) -> dict[str, int]:
        """Return ``{card key: copies}`` in order of first appearance, e.g. ``{"3rd/54": 2}``."""
        result: dict[str, int] = {}
        for card in self.cards:
            result[card.key] = result.get(card.key, 0) + 1
        return result

    def header_lines(self) -> list[str]:
        """``# title: ...``, ``# author: ...`` and one ``# notes: ...`` per notes line (trailing spaces dropped,
        as the text reader drops them), for the text writers."""
        lines: list[str] = []
        if self.title:
            lines.append(f"# title: {_one_line(self.title)}")
        if self.author:
            lines.append(f"# author: {_one_line(self.author)}")
        if self.notes:
            lines.extend(f"# notes: {line.rstrip()}" for line in self.notes.splitlines())
        return lines

    def to_text(self) -> str:
        """Render as a plain-text decklist that :func:`read_decklist` reads back to the same cards.

        Lines look like ``2x War Party (3rd/54)``; consecutive copies of one printing are
        grouped so the card order survives the round trip.  Title, author and notes
        become ``# title: ...``, ``# author: ...`` and ``# notes: ...`` comment lines.
        """
        lines = self.header_lines()
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


# --------------------------------------------------------------------------- work bounds
class _Meter:
    """The work one read does, in units of characters scanned or entries handled (every pass over
    the text adds its length; each catalogue look-up adds the length of its query).

    Only for tests and the bench (``tests/rules/test_reader_work.py``): every reader must do work
    linear in its input, so doubling an input roughly doubles ``units``.  Also counts Tcl words
    against MAX_WORDS.
    """

    def __init__(self) -> None:
        self.units = 0
        self.words = 0

    def add(self, units: int) -> None:
        self.units += units

    def word(self) -> None:
        self.words += 1
        if self.words > MAX_WORDS:
            raise _over_limit("words", MAX_WORDS, self.words, "Tcl words")


def _over_limit(limit: str, maximum: int, count: int, what: str) -> DecklistError:
    return DecklistError(
        "too_large",
        f"The decklist has more than {maximum:,} {what} ({count:,}{'+' if limit == 'lines' else ''}); "
        "no real deck file comes near that.",
        {"limit": limit, "max": maximum, "count": count},
    )


def _check_lines(text: str, meter: _Meter) -> None:
    """Refuse more than MAX_LINES lines ("\n" or a lone "\r" ends one), before any reader runs."""
    meter.add(2 * len(text))
    lines = max(text.count("\n"), text.count("\r")) + 1
    if lines > MAX_LINES:
        raise _over_limit("lines", MAX_LINES, lines, "lines")


_XML_TOKEN = re.compile(r"<[^<>]*>?")


def _check_xml_shape(text: str, meter: _Meter) -> None:
    """Refuse more than MAX_TAGS ``<`` or elements nested deeper than MAX_NESTING, before the XML parser runs.

    The depth comes from a rough scan of the tags (``</x>`` closes, ``<x/>``, ``<!...>`` and ``<?...?>``
    do not open); the parser checks the real structure afterwards.
    """
    meter.add(len(text))
    tags = text.count("<")
    if tags > MAX_TAGS:
        raise _over_limit("tags", MAX_TAGS, tags, "tags (<)")
    depth = deepest = 0
    for match in _XML_TOKEN.finditer(text):
        token = match.group()
        meter.add(len(token))
        if token.startswith("</"):
            depth -= 1
        elif token.startswith(("<!", "<?")) or token.endswith("/>"):
            continue
        else:
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_NESTING:
                    raise _over_limit("nesting", MAX_NESTING, deepest, "levels of nested XML elements")


# --------------------------------------------------------------------------- decoding
_CONTROL = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


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
    # Characters of category Cc or Cs other than \t \n \r \f \v (one C-speed pass).
    controls = len(text) - len(_CONTROL.sub("", text))
    if text and controls * 20 > len(text):
        raise DecklistError("unreadable",
                            "The file looks binary (too many control characters), not a decklist.",
                            {"reason": "binary"})
    return text


# --------------------------------------------------------------------------- Tcl words
_TCL_SPACE = re.compile(r"[ \t\r\f\v]+")
_TCL_BRACE = re.compile(r"[{}\\]")
_TCL_QUOTE = re.compile(r'["\\]')
_TCL_BARE_END = re.compile(r"[ \t\r\n\f\v]")
_TCL_BARE_END_COMMAND = re.compile(r"[ \t\r\n\f\v;]")


def _tcl_words(text: str, first_line: int, *, commands: bool, meter: _Meter | None = None,
               max_depth: int = MAX_NESTING) -> list[list[tuple[str, int]]]:
    """Split Tcl text into words: a list of commands (or one list) of (word, line) pairs.

    Braced words keep their content verbatim (nested braces allowed, at most ``max_depth``
    deep), quoted words drop the quotes.  Raises DecklistError("unreadable") on unbalanced
    braces/quotes and DecklistError("too_large") for braces nested deeper than ``max_depth``
    (``params["limit"] == "nesting"``) or, with a ``meter``, more than MAX_WORDS words in all.
    One pass: every character is looked at a bounded number of times (the scans jump between
    special characters with regular expressions), so the work is linear in ``len(text)``.
    """
    result: list[list[tuple[str, int]]] = []
    current: list[tuple[str, int]] = []
    i, n, line = 0, len(text), first_line
    bare_end = _TCL_BARE_END_COMMAND if commands else _TCL_BARE_END
    if meter is not None:
        meter.add(n)
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
            space = _TCL_SPACE.match(text, i)
            i = space.end() if space else i + 1
            continue
        if ch == "\\" and i + 1 < n and text[i + 1] == "\n":
            line += 1
            i += 2
            continue
        if ch == "#" and commands and not current:
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        start_line = line
        if ch == "{":
            depth, j = 1, i + 1
            while depth:
                special = _TCL_BRACE.search(text, j)
                if special is None:
                    raise DecklistError("unreadable", f"Unbalanced braces starting at line {start_line}.",
                                        {"reason": "unbalanced_braces", "line": start_line})
                c = special.group()
                j = special.end()
                if c == "\\":
                    j += 1
                elif c == "{":
                    depth += 1
                    if depth > max_depth:
                        raise _over_limit("nesting", max_depth, depth, "levels of nested braces")
                else:
                    depth -= 1
            word = text[i + 1:j - 1]
            i = j
        elif ch == '"':
            j = i + 1
            while True:
                special = _TCL_QUOTE.search(text, j)
                if special is None:
                    raise DecklistError("unreadable", f"Unterminated quote starting at line {start_line}.",
                                        {"reason": "unterminated_quote", "line": start_line})
                if special.group() == '"':
                    j = special.start()
                    break
                j = special.end() + 1
            word = text[i + 1:j]
            i = j + 1
        else:
            end_match = bare_end.search(text, i)
            j = n if end_match is None else end_match.start()
            word = text[i:j]
            i = j
        line += word.count("\n")
        if meter is not None:
            meter.word()
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
    .cfd reader, LackeyCCG ``.dek`` XML (a ``<deck>`` root with ``<superzone>``s) to
    the .dek reader, other XML is refused as ``"unreadable"``, anything else goes to
    the plain-text reader (see the module docstring for the shapes).  Raises
    :class:`DecklistError` with code ``"empty"``,
    ``"unreadable"``, ``"unknown_cards"`` (listing every unresolved line with line
    number and suggestions) or ``"too_large"`` (over 2 MB, over 1,000 card lines or
    copies).  Never raises anything else for any input.  Source: SOURCES.md in the
    cards directory, "Deck file formats found"; a dungeon card rides along as an
    ordinary entry (spellfire-tournament-rules-2.0.txt, dungeon-card paragraph before
    "How Dungeon Cards Work").

    The work is linear in the input and bounded before parsing: over MAX_LINES lines, MAX_TAGS
    ``<`` (.dek), MAX_NESTING levels of nesting (.dek elements, .cfd braces) or MAX_WORDS Tcl words
    (.cfd) raise ``"too_large"`` with ``params["limit"]`` naming the bound.
    """
    return _read(data, catalogue, filename, _Meter())


def _read(data: bytes | str, catalogue: Catalogue, filename: str, meter: _Meter) -> Decklist:
    text = _decode(data)
    meter.add(len(text))
    _check_lines(text, meter)
    if _looks_like_dek(text):
        return _read_dek(text, catalogue, meter)
    if text.lstrip().startswith(("<?xml", "<!DOCTYPE", "<!doctype")) or _dek_root(text):
        raise DecklistError(
            "unreadable",
            f"{filename or 'The file'} is XML but not a LackeyCCG deck (no <deck> with <superzone>); "
            "upload a LackeyCCG .dek, a CrossFire .cfd or a plain-text list.",
            {"reason": "not_a_deck", "format": "xml"},
        )
    if _looks_like_cfd(text):
        return _read_cfd(text, catalogue, meter)
    return _read_text(text, catalogue, meter)


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

    def __init__(self, catalogue: Catalogue, meter: _Meter) -> None:
        self.catalogue = catalogue
        self.meter = meter
        self.cache: dict[str, Card | None] = {}
        self.unknown: list[dict[str, Any]] = []

    def resolve(self, candidates: list[str]) -> Card | None:
        for candidate in candidates:
            if candidate in self.cache:
                card = self.cache[candidate]
            else:
                self.meter.add(len(candidate))
                card = _lookup(self.catalogue, candidate)
                self.cache[candidate] = card
            if card is not None:
                return card
        return None

    def missing(self, line: int, text: str, query: str) -> None:
        suggestions: list[str] = []
        if len(self.unknown) < _MAX_SUGGESTED:
            self.meter.add(min(len(query), _SUGGEST_CHARS))
            suggestions = self.catalogue.suggest(query[:_SUGGEST_CHARS])
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


def _lookup(catalogue: Catalogue, text: str) -> Card | None:
    """``catalogue.resolve(text)`` without its suggestions (None when nothing matches).

    ``Catalogue.resolve`` computes difflib suggestions for every miss, which costs milliseconds
    each: 1,000 unknown lines took 15 s.  Suggestions are made only for the first _MAX_SUGGESTED
    unknown lines (:meth:`_Resolver.missing`).
    """
    query = " ".join(text.split())
    if not query:
        return None
    card = catalogue._resolve_key(query)
    return card if card is not None else catalogue.find_name(query)


def _too_many(what: str, count: int) -> DecklistError:
    return DecklistError("too_large", f"The decklist has more than {MAX_CARD_LINES:,} {what} ({count:,}).",
                         {"max_cards": MAX_CARD_LINES, "count": count, "what": what})


def _read_text(text: str, catalogue: Catalogue, meter: _Meter) -> Decklist:
    resolver = _Resolver(catalogue, meter)
    cards: list[Card] = []
    title = author = ""
    notes: list[str] = []
    card_lines = 0
    total = 0
    meter.add(len(text))
    for number, raw in enumerate(text.splitlines(), start=1):
        if number > MAX_LINES:  # separators other than \n and \r (e.g. \x1c, \u2028) also end lines
            raise _over_limit("lines", MAX_LINES, number, "lines")
        meter.add(len(raw) + 1)
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


def _read_cfd(text: str, catalogue: Catalogue, meter: _Meter) -> Decklist:
    variables: dict[str, tuple[str, int]] = {}
    for command in _tcl_words(text, 1, commands=True, meter=meter):
        if len(command) >= 3 and command[0][0] == "set":
            variables[command[1][0]] = command[2]
    if "tempDeck" not in variables:
        raise DecklistError("empty", "The CrossFire deck file has no tempDeck list.",
                            {"reason": "no_tempdeck"})
    deck_text, deck_line = variables["tempDeck"]
    entries = _tcl_words(deck_text, deck_line, commands=False, meter=meter)
    elements = entries[0] if entries else []
    if len(elements) > MAX_CARD_LINES:
        raise _too_many("cards", len(elements))
    resolver = _Resolver(catalogue, meter)
    cards: list[Card] = []
    for element, line in elements:
        parts = _tcl_words(element, line, commands=False, meter=meter)
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
        side_cards=_cfd_side_cards(variables.get("tempAltCards"), meter),
    )


def _cfd_side_cards(variable: tuple[str, int] | None, meter: _Meter) -> tuple[str, ...]:
    """The ``{SET NUMBER}`` entries of a .cfd's ``tempAltCards`` as ``"SET/NUMBER"`` (side cards, left out)."""
    if variable is None:
        return ()
    entries = _tcl_words(variable[0], variable[1], commands=False, meter=meter)
    elements = entries[0] if entries else []
    if len(elements) > MAX_CARD_LINES:
        raise _too_many("cards", len(elements))
    side: list[str] = []
    for element, line in elements:
        parts = _tcl_words(element, line, commands=False, meter=meter)
        fields = [word.strip() for word, _ in parts[0]] if parts else []
        if len(fields) >= 2 and fields[1].isdigit():
            side.append(f"{fields[0]}/{int(fields[1])}")
        elif fields:
            side.append(" ".join(fields)[:80])
    return tuple(side)


# --------------------------------------------------------------------------- LackeyCCG .dek
#: Lackey set label (compared by :func:`~rules.cards.normalise_name`, so case, spaces,
#: ``-`` and ``&`` do not matter) -> CrossFire set code.  Source: SOURCES.md in the
#: cards directory, "Deck file formats found", item 2, and the 30 real files.
LACKEY_SETS: dict[str, str] = {
    normalise_name(label): code
    for label, code in (
        ("1st-Ed", "1st"), ("1st Edition", "1st"), ("2nd-Ed", "2nd"), ("2nd Edition", "2nd"),
        ("3rd-Ed", "3rd"), ("3rd Edition", "3rd"), ("4th-Ed", "4th"), ("4th Edition", "4th"),
        ("Promo", "PR"), ("Ravenloft", "RL"), ("Dragonlance", "DL"), ("Forgotten", "FR"),
        ("Forgotten Realms", "FR"), ("Artifacts", "AR"), ("Powers", "PO"), ("Underdark", "UD"),
        ("Runes&Ruins", "RR"), ("Runes & Ruins", "RR"), ("Birthright", "BR"),
        ("Dracnomicon", "DR"), ("Draconomicon", "DR"), ("Nightstalkers", "NS"),
        ("Night Stalkers", "NS"), ("Dungeons", "DU"), ("Chaos", "CH"), ("Conquest", "CQ"),
        ("Inquisition", "IQ"), ("Millenium", "MI"), ("Millennium", "MI"),
    )
}

#: Superzones whose cards are part of the registered deck (others, e.g. a sideboard,
#: are left out: ``Decklist.side_cards``).
_DEK_ZONES = frozenset({"deck", "dungeon"})
#: difflib ratio two normalised names need to count as the same card within one set.
_CLOSE_NAME = 0.85
_DEK_ID = re.compile(r"[0-9]{1,6}")
_DEK_TAG = re.compile(r"<deck[\s>/]")
_RAW_AMPERSAND = re.compile(r"&(?!#?\w+;)")
_XML_DECLARATION = re.compile(r"\A\s*<\?xml[^>]*\?>")
_TRAILING_ARTICLE = re.compile(r"^(.*\S)\s*,\s*(the|a|an)$", re.IGNORECASE)
_LEADING_ARTICLE = re.compile(r"^(the|a|an)\s+(\S.*)$", re.IGNORECASE)
_CARD_TAG = re.compile(r"<card[\s>/]")

_SET_INDEX: weakref.WeakKeyDictionary[Catalogue, dict[str, dict[str, list[Card]]]] = (
    weakref.WeakKeyDictionary()
)


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


def _dek_root(text: str) -> bool:
    """Whether ``text`` starts with a ``<deck`` element: after white space, an optional
    ``<?xml ...?>`` declaration, and any comments and ``<!DOCTYPE ...>`` (without an internal subset).

    A forward scan, linear in the text.  (It replaces the regular expression
    ``\\A\\s*(?:<\\?xml[^>]*\\?>\\s*)?(?:(?:<!--.*?-->|<!DOCTYPE[^>\\[]*>)\\s*)*<deck[\\s>/]``, whose lazy
    comment inside a repetition backtracked exponentially: 24 empty comments ``<!---->`` took 4 s,
    each one more doubled it.)
    """
    pos = _skip_space(text, 0)
    if text.startswith("<?xml", pos):
        end = text.find(">", pos)
        if end < 0 or text[end - 1] != "?" or end - 1 < pos + 5:
            return False
        pos = _skip_space(text, end + 1)
    while True:
        if text.startswith("<!--", pos):
            end = text.find("-->", pos + 4)
            if end < 0:
                return False
            pos = _skip_space(text, end + 3)
        elif text.startswith("<!DOCTYPE", pos):
            end = pos + 9
            while end < len(text) and text[end] not in ">[":
                end += 1
            if end >= len(text) or text[end] != ">":
                return False
            pos = _skip_space(text, end + 1)
        else:
            break
    after = pos + 5
    return text.startswith("<deck", pos) and after < len(text) and (text[after].isspace() or text[after] in ">/")


def _looks_like_dek(text: str) -> bool:
    """A ``<deck`` root (after an optional declaration, comments, DOCTYPE) and a ``<superzone``."""
    return "<superzone" in text and (_dek_root(text) or (
        text.lstrip().startswith("<") and _DEK_TAG.search(text) is not None))


def _set_index(catalogue: Catalogue) -> dict[str, dict[str, list[Card]]]:
    """``{set_code: {normalised name: [cards, lowest number first]}}``, built once per catalogue."""
    index = _SET_INDEX.get(catalogue)
    if index is None:
        index = {}
        for card in catalogue:
            index.setdefault(card.set_code, {}).setdefault(normalise_name(card.name), []).append(card)
        for names in index.values():
            for group in names.values():
                group.sort(key=lambda card: card.number)
        _SET_INDEX[catalogue] = index
    return index


def _name_variants(name: str) -> list[str]:
    """Normalised forms of a Lackey name: as written, article moved to the front
    ("Labyrinth Map of Shucc, The" -> "The Labyrinth Map of Shucc"), article dropped
    and article added ("Great Kingdom" -> "The Great Kingdom")."""
    name = " ".join(name.split())
    forms = [name]
    match = _TRAILING_ARTICLE.match(name)
    if match:
        forms += [f"{match.group(2)} {match.group(1)}", match.group(1)]
    else:
        match = _LEADING_ARTICLE.match(name)
        if match:
            forms.append(match.group(2))
        else:
            forms.append(f"The {name}")
    result: list[str] = []
    for form in forms:
        normal = normalise_name(form)
        if normal and normal not in result:
            result.append(normal)
    return result


def _ratio(first: str, second: str) -> float:
    return difflib.SequenceMatcher(None, first, second).ratio()


def _pick(group: list[Card], number: int | None) -> Card:
    for card in group:
        if card.number == number:
            return card
    return group[0]


def _resolve_dek_card(
    catalogue: Catalogue, set_code: str | None, number: int | None, name: str, fuzzy: bool = True
) -> Card | None:
    """Find the printing a Lackey ``<card>`` means; None when nothing fits.

    Order: (1) the set and a name variant exactly (normalised); (2) the id within the
    set (aliases included, e.g. 3rd 401-440 filed under 1st/2nd) when the name there
    is close (difflib ratio >= 0.85 on normalised names); (3) the closest name in the
    set at ratio >= 0.85 ("Saphire", "Ressurection"); (4) the name alone, any set
    (canonical printing).  Source: SOURCES.md, "Deck file formats found", item 2
    ("match by set + normalized name, not by id alone").  ``fuzzy=False`` skips step (3) (cost bound).
    """
    variants = _name_variants(name)
    names = _set_index(catalogue).get(set_code, {}) if set_code else {}
    for variant in variants:
        if variant in names:
            return _pick(names[variant], number)
    if set_code and number is not None:
        card = catalogue.lookup_key(set_code, number)
        if card is not None:
            at_key = normalise_name(card.name)
            if not variants or any(_ratio(v, at_key) >= _CLOSE_NAME for v in variants):
                return card
    best: tuple[float, str] | None = None
    for variant in variants if fuzzy else []:
        for candidate in difflib.get_close_matches(variant, list(names), n=1, cutoff=_CLOSE_NAME):
            score = _ratio(variant, candidate)
            if best is None or score > best[0]:
                best = (score, candidate)
    if best is not None:
        return _pick(names[best[1]], number)
    for variant in variants:
        card = catalogue.find_name(variant)
        if card is not None:
            return card
    return None


def _dek_suggestions(catalogue: Catalogue, set_code: str | None, name: str) -> list[str]:
    found: list[str] = []
    names = _set_index(catalogue).get(set_code, {}) if set_code else {}
    variants = _name_variants(name)
    for variant in variants:
        for candidate in difflib.get_close_matches(variant, list(names), n=3, cutoff=0.6):
            shown = names[candidate][0].name
            if shown not in found:
                found.append(shown)
    for query in [name] + [v for v in variants if v != normalise_name(name)]:
        for shown in catalogue.suggest(query):
            if shown not in found:
                found.append(shown)
    return found[:5]


def _read_dek(text: str, catalogue: Catalogue, meter: _Meter) -> Decklist:
    """Read LackeyCCG .dek XML (shape in the module docstring) into a Decklist.

    Raw ``&`` that starts no entity is escaped first (11 of the 30 real files write
    ``Runes&Ruins``); DTD entity declarations are refused.  Every ``<card>`` in the
    ``Deck`` and ``Dungeon`` superzones is one copy; each is matched by
    :func:`_resolve_dek_card`.  Unresolved cards are all reported in one
    ``DecklistError("unknown_cards")`` whose ``line`` is the ``<card>`` tag's line.
    Before parsing, MAX_TAGS and MAX_NESTING are checked (:func:`_check_xml_shape`).
    """
    _check_xml_shape(text, meter)
    if re.search(r"<!ENTITY", text, re.IGNORECASE):
        raise DecklistError("unreadable", "The LackeyCCG deck declares XML entities, which are not accepted.",
                            {"reason": "xml_entities", "format": "dek"})
    repaired = _RAW_AMPERSAND.sub("&amp;", _XML_DECLARATION.sub("", text, count=1))
    try:
        root = ElementTree.fromstring(repaired)
    except (ElementTree.ParseError, ValueError, RecursionError) as error:
        raise DecklistError("unreadable", f"The LackeyCCG deck is not readable XML ({error}).",
                            {"reason": "bad_xml", "format": "dek"}) from None
    if root.tag != "deck":
        raise DecklistError("unreadable", f"The XML root is <{root.tag}>, not a LackeyCCG <deck>.",
                            {"reason": "bad_xml", "format": "dek"})
    meter.add(2 * len(repaired))
    all_cards = list(root.iter("card"))
    meter.add(len(all_cards))
    # Line of each "<card" tag, counting the newlines since the previous tag only (linear; counting
    # from the start for every tag was quadratic: 130,000 tags in 1 MB took 65 s).
    lines: list[int] = []
    line, previous = 1, 0
    for match in _CARD_TAG.finditer(text):
        line += text.count("\n", previous, match.start())
        previous = match.start()
        lines.append(line)
    meter.add(len(text) + len(lines))
    line_of: dict[int, int] = {}
    if len(lines) == len(all_cards):  # a "<card" inside a comment would shift them: use positions
        line_of = {id(element): line for element, line in zip(all_cards, lines)}
    entries: list[ElementTree.Element] = []
    side: list[str] = []
    for zone in root.findall("superzone"):
        zone_name = " ".join((zone.get("name") or "").split())
        if zone_name.lower() in _DEK_ZONES:
            entries.extend(zone.findall("card"))
        else:
            side.extend(f"{zone_name or '?'}: {' '.join((card.findtext('name') or '').split())}"
                        for card in zone.findall("card"))
    if len(side) > MAX_CARD_LINES:
        raise _too_many("cards", len(side))
    if len(entries) > MAX_CARD_LINES:
        raise _too_many("cards", len(entries))
    resolver = _Resolver(catalogue, meter)
    cache: dict[tuple[str, str, str], Card | None] = {}
    index = _set_index(catalogue)
    cards: list[Card] = []
    for position, element in enumerate(entries, start=1):
        name_element = element.find("name")
        name = " ".join((name_element.text or "").split()) if name_element is not None else ""
        raw_id = (name_element.get("id") or "").strip() if name_element is not None else ""
        label = " ".join((element.findtext("set") or "").split())
        cache_key = (label, raw_id, name)
        meter.add(1 + len(name) + len(label) + len(raw_id))
        if cache_key not in cache:
            set_code = LACKEY_SETS.get(normalise_name(label))
            number = int(raw_id) if _DEK_ID.fullmatch(raw_id) else None
            fuzzy = len(cache) < _MAX_FUZZY
            if fuzzy and name:
                meter.add(len(index.get(set_code, {})) if set_code else 0)
            cache[cache_key] = _resolve_dek_card(catalogue, set_code, number, name, fuzzy) if name else None
        card = cache[cache_key]
        if card is None:
            shown = f"{name or '(no name)'} ({label or 'no set'}{' #' + raw_id if raw_id else ''})"
            line = line_of.get(id(element), position)
            suggestions = (
                _dek_suggestions(catalogue, LACKEY_SETS.get(normalise_name(label)), name[:_SUGGEST_CHARS])
                if name and len(resolver.unknown) < _MAX_SUGGESTED else []
            )
            resolver.unknown.append({"line": line, "text": shown, "suggestions": suggestions})
            continue
        cards.append(card)
    resolver.raise_if_missing()
    if not cards:
        raise DecklistError("empty", "The LackeyCCG deck lists no cards.", {})
    meta = root.find("meta")

    def value(tag: str) -> str:
        return (meta.findtext(tag) or "").strip() if meta is not None else ""

    return Decklist(
        cards=tuple(cards),
        title=value("title"),
        author=value("author"),
        notes=value("note"),
        source_format="dek",
        side_cards=tuple(side),
    )
