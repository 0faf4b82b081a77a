"""The rules texts as people name them: one mapping from file name to document title and sections.

The rules texts are plain files in ``../shared/rules-texts/`` (``spellfire-tournament-rules-2.0.txt``, ...).
The code cites them precisely by file and section (``"spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan"``:
``rules.results.MULLIGAN_RULE``, ``Violation.rule``, ``StructureSpec.source``); people read the document's
title and the section instead (``"Spellfire Tournament Rules 2.0, Two-Draw Mulligan"``), and on the pages a link
to the in-app rules page, one anchor per section (``/rules/<document slug>/#<section slug>``).

This module is that one mapping, used by the pages, the API and the command line's human text:

* ``DOCUMENTS``: every rules text by file name -> ``RulesDocument`` (``file``, ``slug``, ``title``,
  ``language``, ``sections``); ``document_by_slug(slug)`` the other way.
* ``Section``: ``slug`` (the anchor), ``heading`` (as the code cites it) and ``starts`` (the start of the line of
  the text where the section begins: the heading itself where the text has one, the first words of the paragraph
  where it has none, as for "victory conditions").
* ``titled(text)``: a citation with every file name replaced by its document's title (the rest unchanged).
* ``parse_citation(part)``: one citation (no ``"; "``) -> ``Citation(document, section, rest)`` or None when it
  cites no rules text (a card's text, an organiser's change, a CrossFire file).
* ``section_starts(document, lines)``: which line opens which section, for the rules page.

Pure Python: no file is read here (the Django layer reads ``../shared/rules-texts`` where its settings say).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["DOCUMENTS", "Citation", "RulesDocument", "Section", "document_by_slug", "parse_citation",
           "section_starts", "titled"]


@dataclass(frozen=True)
class Section:
    """A section of a rules text: ``slug`` its anchor (unique in the document), ``heading`` its name as the code
    cites it, ``starts`` the start of the text's line where it begins (first such line)."""

    slug: str
    heading: str
    starts: str

    @property
    def is_heading(self) -> bool:
        """True when the text has the heading as a line of its own (shown as a heading on the rules page)."""
        return self.starts == self.heading


@dataclass(frozen=True)
class RulesDocument:
    """A rules text: ``file`` its name in ../shared/rules-texts, ``slug`` its address on the rules page
    (``/rules/<slug>/``), ``title`` its name for people, ``language`` the text's language (BCP 47),
    ``sections`` in the order of the text."""

    file: str
    slug: str
    title: str
    language: str
    sections: tuple[Section, ...] = ()

    def section(self, heading: str) -> Section | None:
        """The section cited by ``heading`` (exact, then case-insensitive), or None."""
        for section in self.sections:
            if section.heading == heading:
                return section
        folded = heading.casefold()
        return next((s for s in self.sections if s.heading.casefold() == folded), None)


def _heading(slug: str, heading: str) -> Section:
    return Section(slug, heading, heading)


DOCUMENTS: dict[str, RulesDocument] = {d.file: d for d in (
    RulesDocument(
        "spellfire-tournament-rules-2.0.txt", "tournament-rules-2-0", "Spellfire Tournament Rules 2.0", "en", (
            Section("introduction", "introduction", "SPELLFIRE is a collectible card game"),
            Section("major-changes", "the list of major changes", "These rules are slightly different"),
            Section("opening-section", "opening section", "There’s no such thing as an ante"),
            Section("deck-construction", "deck construction preamble", "A standard SPELLFIRE deck contains"),
            _heading("55-card-deck", "55-Card Deck (Standard)"),
            _heading("75-card-deck", "75-Card Deck"),
            _heading("110-card-deck", "110-Card Deck"),
            _heading("dungeon-cards", "How Dungeon Cards Work"),
            Section("who-goes-first", "who goes first", "To find out who goes first"),
            _heading("55-card-drawing", "55-Card Game Drawing & Hand Size"),
            _heading("75-card-drawing", "75-Card Game Drawing & Hand Size"),
            _heading("110-card-drawing", "110-Card Game Drawing & Hand Size"),
            _heading("two-draw-mulligan", "Two-Draw Mulligan"),
            Section("victory-conditions", "victory conditions", "A SPELLFIRE game ends when the victory conditions"),
        )),
    RulesDocument(
        "spell-battle-rules.txt", "spell-battle", "Spell Battle Rules", "en", (
            _heading("introduction", "1. Introduction"),
            _heading("basic-rules", "2. Basic Rules"),
            _heading("taking-turns", "3. Taking turns"),
            _heading("card-types", "4. Card types"),
            _heading("clarifications", "5. Clarifications for certain elements of the game"),
            _heading("your-own-deck", "6. How to make your own deck"),
            _heading("teams", "7. Teams"),
            _heading("tournaments", "8. Tournaments"),
        )),
    RulesDocument(
        "spellfire-special-circumstances-guide.txt", "special-circumstances", "Spellfire Special Circumstances Guide",
        "en", (
            _heading("borrowing-cards", "Borrowing cards"),
            _heading("copying-powers", "Copying powers"),
            _heading("all-or-any", 'Using "all" or "any" cards'),
            _heading("order-of-play", "Order of play"),
            _heading("running-out-of-cards", "Running out of cards"),
            _heading("avatars", "Bringing Avatars into Play"),
            _heading("flyers-swimmers-earthwalkers", "Flyers, Swimmers, and Earthwalkers"),
            _heading("counter-effect-cards", "Counter-Effect Cards"),
            _heading("once-per-turn-items", "Once-per-Turn Items"),
        )),
    RulesDocument(
        "spellfire-regras-pt-br.txt", "regras-pt-br", "Regras do Spellfire (Brasil)", "pt-BR", (
            _heading("o-baralho", "O BARALHO"),
            _heading("termos-de-jogo", "TERMOS DE JOGO"),
            _heading("vencendo", "VENCENDO"),
            _heading("preparacao-do-jogo", "PREPARAÇÃO DO JOGO"),
            _heading("o-turno", "O TURNO"),
            _heading("reinos", "REINOS"),
            _heading("a-formacao", "A FORMAÇÃO"),
            _heading("reinos-destruidos", "REINOS DESTRUIDOS"),
            _heading("fortaleza", "FORTALEZA"),
            _heading("itens-magicos-e-artefatos", "ITENS MÁGICOS E ARTEFATOS"),
            _heading("atacando-e-defendendo", "ATACANDO E DEFENDENDO"),
            _heading("niveis", "NIVEIS"),
            _heading("reino-fortificado", "REINO FORTIFICADO"),
            _heading("terminando-a-batalha", "TERMINANDO A BATALHA"),
            _heading("imunidade", "IMUNIDADE"),
            _heading("cartas-regras", "CARTAS REGRAS"),
            _heading("limitacao-de-baralhos", "LIMITAÇÃO DE BARALHOS PARA TORNEIOS"),
        )),
    RulesDocument("spellfire-5th-edition-realms.txt", "5th-edition-realms", "Spellfire 5th Edition Rules: Realms", "en"),
)}

_BY_SLUG = {d.slug: d for d in DOCUMENTS.values()}
_FILE_NAMES = re.compile("|".join(re.escape(name) for name in sorted(DOCUMENTS, key=len, reverse=True)))
#: A file name as the docstrings sometimes write it: with its directory.
_DIRECTORY = re.compile(r"(?:/work/shared/|\.\./shared/)?rules-texts/")


def document_by_slug(slug: str) -> RulesDocument | None:
    """The document at ``/rules/<slug>/``, or None."""
    return _BY_SLUG.get(slug)


def titled(text: str) -> str:
    """``text`` with every rules-text file name (and its directory, if written) replaced by the document's title:
    ``"spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan"`` -> ``"Spellfire Tournament Rules 2.0, Two-Draw
    Mulligan"``. Any other text is unchanged."""
    return _FILE_NAMES.sub(lambda m: DOCUMENTS[m.group(0)].title, _DIRECTORY.sub("", text))


@dataclass(frozen=True)
class Citation:
    """One citation of a rules text: its ``document``, the ``section`` it names (None: the whole document or a
    passage the mapping does not name) and ``rest``: the citation after the file name and ``", "`` (the section's
    heading as cited and anything after it), unchanged."""

    document: RulesDocument
    section: Section | None
    rest: str

    @property
    def anchor(self) -> str:
        """``"<document slug>"`` or ``"<document slug>#<section slug>"``: the rules page's address after
        ``/rules/`` (the caller adds the prefix and the trailing slash before ``#``)."""
        return self.document.slug if self.section is None else f"{self.document.slug}#{self.section.slug}"


def parse_citation(part: str) -> Citation | None:
    """The document and section that one citation (``"<file>, <section> ..."``; ``"; "``-separated parts are cited
    one by one) names, or None when it names no rules text. The section is the longest heading the rest starts
    with, else the first heading quoted or named in it (``the paragraph after "How Dungeon Cards Work"``), else
    None."""
    text = _DIRECTORY.sub("", part.strip())
    match = _FILE_NAMES.match(text)
    if match is None:
        return None
    document = DOCUMENTS[match.group(0)]
    rest = text[match.end():].lstrip(" ,:")
    folded = rest.casefold()
    by_length = sorted(document.sections, key=lambda s: len(s.heading), reverse=True)
    section = next((s for s in by_length if folded.startswith(s.heading.casefold())), None)
    if section is None:
        section = next((s for s in by_length if s.heading.casefold() in folded), None)
    return Citation(document, section, rest)


def section_starts(document: RulesDocument, lines: Sequence[str]) -> dict[int, Section]:
    """The line (index into ``lines``) where each of ``document``'s sections begins: the first line, stripped, that
    starts with ``Section.starts`` (a heading: the whole line). A section the text lacks is left out."""
    found: dict[int, Section] = {}
    for section in document.sections:
        for index, line in enumerate(lines):
            stripped = line.strip()
            if index in found:
                continue
            if (stripped == section.starts) if section.is_heading else stripped.startswith(section.starts):
                found[index] = section
                break
    return found
