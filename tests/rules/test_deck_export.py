"""Decklists export to plain text and CrossFire .cfd, and read back to the same cards."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.cards import default_cards_dir
from rules.deck_export import group_by_type, to_cfd, to_text
from rules.decklists import Decklist, read_decklist

CROSSFIRE = default_cards_dir() / "decks" / "crossfire"
LACKEY = default_cards_dir() / "decks" / "lackeyccg"
CFD_FILES = sorted(CROSSFIRE.rglob("*.cfd"))
DEK_FILES = sorted(LACKEY.glob("*.dek"))


def _lines(notes: str) -> str:
    return "\n".join(line.rstrip() for line in notes.splitlines())


def test_all_46_real_crossfire_files_are_found():
    assert len(CFD_FILES) == 46


@pytest.mark.parametrize("path", CFD_FILES, ids=lambda p: str(p.relative_to(CROSSFIRE)))
def test_a_real_cfd_exports_to_cfd_and_reads_back_to_the_same_cards(path: Path, catalogue):
    original = read_decklist(path.read_bytes(), catalogue, filename=path.name)
    again = read_decklist(to_cfd(original).encode("utf-8"), catalogue, filename="export.cfd")
    assert [card.key for card in again.cards] == [card.key for card in original.cards]
    assert again.title == original.title
    assert again.author == original.author
    assert again.notes == original.notes.replace("\r\n", "\n").replace("\r", "\n")
    assert again.declared_format == original.declared_format
    assert again.source_format == "cfd"


@pytest.mark.parametrize("path", CFD_FILES, ids=lambda p: str(p.relative_to(CROSSFIRE)))
def test_a_real_cfd_exports_to_text_and_reads_back_to_the_same_cards(path: Path, catalogue):
    original = read_decklist(path.read_bytes(), catalogue, filename=path.name)
    again = read_decklist(to_text(original), catalogue)
    assert Counter(card.key for card in again.cards) == Counter(card.key for card in original.cards)
    assert (again.title, again.author) == (original.title, original.author)
    assert again.notes == _lines(original.notes)  # the text reader drops trailing spaces of a line


@pytest.mark.parametrize("path", DEK_FILES, ids=lambda p: p.name)
def test_a_lackey_deck_exports_to_cfd_with_the_same_cards(path: Path, catalogue):
    original = read_decklist(path.read_bytes(), catalogue, filename=path.name)
    again = read_decklist(to_cfd(original, deck_size="55"), catalogue)
    assert [card.key for card in again.cards] == [card.key for card in original.cards]
    assert again.title == " ".join(original.title.split())


def test_text_export_has_one_line_per_card_with_its_count(catalogue):
    war_party = catalogue.get("3rd/54")
    elminster = catalogue.resolve("Elminster")
    deck = Decklist(cards=(war_party, elminster, war_party), title="Party time")
    text = to_text(deck)
    assert "2x War Party (3rd/54)" in text.splitlines()
    assert f"1x {elminster.name} ({elminster.key})" in text.splitlines()
    assert text.startswith("# title: Party time\n")
    assert "# Champion (1)" in text and "# Ally (2)" in text


def test_cfd_export_is_the_crossfire_shape_with_title_notes_and_the_dungeon_card(catalogue):
    path = CROSSFIRE / "55 Card" / "Standard" / "Sample_gencon.cfd"
    deck = read_decklist(path.read_bytes(), catalogue)
    dungeons = [card for card in deck.cards if card.card_type == "Dungeon"]
    assert dungeons, "the sample deck has a dungeon card"
    cfd = to_cfd(deck)
    for variable in ("tempDeckSize", "tempInInventory", "tempAuthorName", "tempAuthorEmail", "tempNotes",
                     "tempDeckTitle", "tempCheckInv", "tempInventory", "tempDeckDisplayMode", "tempDeck",
                     "tempAltCards"):
        assert f"set {variable} " in cfd
    assert f"set tempDeckTitle {{{deck.title}}}" in cfd or f"set tempDeckTitle {deck.title}" in cfd
    assert f"{{{dungeons[0].set_code} {dungeons[0].number:>4}}}" in cfd
    deck_lines = cfd.split("set tempDeck {\n", 1)[1].split("\n}", 1)[0].splitlines()
    assert all(line.count("{") <= 7 for line in deck_lines)  # seven entries a line, as CrossFire writes
    assert sum(line.count("{") for line in deck_lines) == len(deck.cards)


def test_braces_and_backslashes_in_metadata_cannot_break_the_file(catalogue):
    deck = Decklist(cards=(catalogue.get("3rd/54"),), title="Evil } title {{", author="a\\b",
                    notes="line one }\nline two \\")
    again = read_decklist(to_cfd(deck), catalogue)
    assert [c.key for c in again.cards] == ["3rd/54"]
    assert again.title == "Evil ) title (("
    assert again.author == "a/b"
    assert again.notes == "line one )\nline two /"


def test_group_by_type_follows_the_catalogue_order(catalogue):
    cards = (catalogue.get("3rd/54"), catalogue.resolve("Elminster"), catalogue.resolve("Cormyr"))
    assert [t for t, _ in group_by_type(cards)] == ["Realm", "Champion", "Ally"]


_PRINTABLE = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), title=st.text(_PRINTABLE, max_size=40), notes=st.text(_PRINTABLE | st.just("\n"), max_size=80))
def test_any_deck_round_trips_through_both_writers(catalogue, data, title, notes):
    cards_pool = list(catalogue)
    cards = tuple(data.draw(st.lists(st.sampled_from(cards_pool), min_size=1, max_size=60)))
    deck = Decklist(cards=cards, title=title, notes=notes)
    from_cfd = read_decklist(to_cfd(deck).encode("utf-8"), catalogue)
    assert [c.key for c in from_cfd.cards] == [c.key for c in cards]
    from_text = read_decklist(to_text(deck).encode("utf-8"), catalogue)
    assert Counter(c.key for c in from_text.cards) == Counter(c.key for c in cards)
    if not set("{}\\") & set(title):
        assert from_cfd.title == " ".join(title.split())
        assert from_text.title == " ".join(title.split())
