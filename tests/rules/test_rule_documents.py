"""One mapping from the rules texts' file names to the documents' titles and sections (rules.rule_documents):
people read "Spellfire Tournament Rules 2.0, Two-Draw Mulligan", never a file name."""

from __future__ import annotations

from pathlib import Path

import pytest
from rules import results, structures
from rules.game_start import FIRST_PLAYER_RULE
from rules.legality import DUNGEON_RULE, DUPLICATE_RULE
from rules.replacements import RULE as REPLACEMENT_RULE
from rules.rule_documents import DOCUMENTS, document_by_slug, parse_citation, section_starts, titled

TEXTS = Path(__file__).resolve().parents[2].parent / "shared" / "rules-texts"


def test_every_rules_text_has_a_document_title_and_every_document_a_file():
    assert {p.name for p in TEXTS.glob("*.txt")} == set(DOCUMENTS)
    assert all(document_by_slug(d.slug) is d for d in DOCUMENTS.values())


@pytest.mark.parametrize("document", list(DOCUMENTS.values()), ids=lambda d: d.slug)
def test_every_section_begins_on_a_line_of_its_text_and_has_a_unique_anchor(document):
    lines = (TEXTS / document.file).read_text(encoding="utf-8").splitlines()
    assert sorted(section_starts(document, lines).values(), key=lambda s: s.slug) == sorted(
        document.sections, key=lambda s: s.slug)
    assert len({s.slug for s in document.sections}) == len(document.sections)


def test_a_citation_names_the_document_by_its_title():
    assert titled("spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan") == (
        "Spellfire Tournament Rules 2.0, Two-Draw Mulligan")
    assert titled("/work/shared/rules-texts/spell-battle-rules.txt, 8. Tournaments") == (
        "Spell Battle Rules, 8. Tournaments")
    assert titled("card text of War Party") == "card text of War Party"


def test_a_citation_finds_its_section_by_heading_or_by_the_heading_it_names():
    mulligan = parse_citation("spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan")
    assert mulligan is not None and mulligan.anchor == "tournament-rules-2-0#two-draw-mulligan"
    deck = parse_citation("spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard), footnote")
    assert deck is not None and deck.anchor == "tournament-rules-2-0#55-card-deck"
    assert parse_citation("spellfire-regras-pt-br.txt, VENCENDO, \"Exceção\"").anchor == "regras-pt-br#vencendo"
    assert parse_citation("CrossFire deck editor (Editor.tcl)") is None


@pytest.mark.parametrize("rule", [
    results.MULLIGAN_RULE, results.VICTORY_RULE, results.ELIMINATION_RULE, *results.DECK_OUT_RULES.values(),
    FIRST_PLAYER_RULE, REPLACEMENT_RULE, DUNGEON_RULE, DUPLICATE_RULE,
    *(s.source for s in structures.STRUCTURE_REGISTRY.values() if ".txt" in s.source)])
def test_every_citation_of_the_rules_module_names_a_section_of_a_known_document(rule):
    cited = [part for part in rule.split("; ") if part.startswith(tuple(DOCUMENTS))]
    assert cited
    for part in cited:
        if part:
            citation = parse_citation(part)
            assert citation is not None and citation.section is not None, part


def test_the_slugs_are_letters_digits_and_hyphens():
    """They are the rules page's addresses and anchors (and a URL converter's regular expression, unescaped)."""
    import re

    slugs = [d.slug for d in DOCUMENTS.values()] + [s.slug for d in DOCUMENTS.values() for s in d.sections]
    assert all(re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", slug) for slug in slugs)
