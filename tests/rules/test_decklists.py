"""Decklist readers: plain text, CrossFire .cfd and LackeyCCG .dek, limits and error reporting."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.cards import Catalogue, default_cards_dir
from rules.decklists import MAX_BYTES, Decklist, DecklistError, read_decklist
from rules.errors import RulesError

SAMPLES = default_cards_dir() / "decks" / "crossfire"
GENCON = SAMPLES / "55 Card" / "Standard" / "Sample_gencon.cfd"


def keys(decklist: Decklist) -> list[str]:
    return [card.key for card in decklist.cards]


# ----------------------------------------------------------------- plain text
def test_text_reader_accepts_every_line_shape(catalogue: Catalogue) -> None:
    text = "\n".join(
        [
            "# a comment",
            "// another comment",
            "",
            "3rd/54",
            "2x War Party",
            "2 War Party",
            "War Party x2",
            "3 x war-party (3rd/54)",
            "Elminster the Mage (1st/44)",
            "54/3rd",
            "FRc/18",
            "   elminster's evasion   ",
        ]
    )
    deck = read_decklist(text, catalogue)
    assert deck.source_format == "text"
    assert keys(deck) == ["3rd/54"] * 10 + ["1st/44", "3rd/54", "FR/118", "4th/387"]
    assert deck.counts() == {"3rd/54": 11, "1st/44": 1, "FR/118": 1, "4th/387": 1}


def test_a_trailing_key_picks_the_printing(catalogue: Catalogue) -> None:
    deck = read_decklist("Elminster the Mage (3rd/44)\nElminster the Mage", catalogue)
    assert keys(deck) == ["3rd/44", "4th/271"]


def test_a_leading_key_before_the_name_is_used(catalogue: Catalogue) -> None:
    assert keys(read_decklist("1st/44 Elminster the Mage", catalogue)) == ["1st/44"]


def test_windows_line_endings_and_bom_are_fine(catalogue: Catalogue) -> None:
    data = "\ufeff2x War Party\r\n3rd/44\r\n".encode("utf-8")
    assert keys(read_decklist(data, catalogue)) == ["3rd/54", "3rd/54", "3rd/44"]


def test_latin1_bytes_are_decoded(catalogue: Catalogue) -> None:
    data = "Scarabées de Shaqat\n".encode("latin-1")
    assert keys(read_decklist(data, catalogue)) == ["FRN/329"]


def test_unknown_cards_are_all_listed_with_line_numbers_and_suggestions(catalogue: Catalogue) -> None:
    text = "War Party\nWar Prty\n# comment\nElminstr the Mage\n3rd/999\n"
    with pytest.raises(DecklistError) as caught:
        read_decklist(text, catalogue)
    error = caught.value
    assert error.code == "unknown_cards"
    unknown = error.params["unknown"]
    assert [item["line"] for item in unknown] == [2, 4, 5]
    assert unknown[0]["text"] == "War Prty"
    assert "War Party" in unknown[0]["suggestions"]
    assert "Elminster the Mage" in unknown[1]["suggestions"]
    message = str(error)
    assert message.startswith("3 card lines could not be matched to a card:")
    assert 'line 2: "War Prty" - did you mean: War Party' in message
    assert "line 4" in message and "line 5" in message
    assert isinstance(error, RulesError) and not isinstance(error, ValueError)


def test_metadata_comments_are_read(catalogue: Catalogue) -> None:
    text = "# title: Beetles\n# author: alice\n# notes: one\n# notes: two\nShaqat Beetles\n"
    deck = read_decklist(text, catalogue)
    assert (deck.title, deck.author, deck.notes) == ("Beetles", "alice", "one\ntwo")


@pytest.mark.parametrize("data", [b"", "", "\n\n  \n", "# only a comment\n// and another\n"])
def test_empty_input_is_rejected(catalogue: Catalogue, data: bytes | str) -> None:
    with pytest.raises(DecklistError) as caught:
        read_decklist(data, catalogue)
    assert caught.value.code == "empty"


def test_binary_garbage_is_unreadable(catalogue: Catalogue) -> None:
    garbage = bytes(range(256)) * 4
    with pytest.raises(DecklistError) as caught:
        read_decklist(garbage, catalogue)
    assert caught.value.code == "unreadable"
    assert "binary" in str(caught.value)


def test_random_bytes_without_nul_are_unreadable(catalogue: Catalogue) -> None:
    data = bytes(b for b in os.urandom(4096) if b) or b"\x01"
    with pytest.raises(DecklistError) as caught:
        read_decklist(data, catalogue)
    assert caught.value.code in {"unreadable", "unknown_cards"}


def test_a_png_is_unreadable(catalogue: Catalogue) -> None:
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(64)
    with pytest.raises(DecklistError) as caught:
        read_decklist(png, catalogue)
    assert caught.value.code == "unreadable"


def test_more_than_1000_card_lines_is_too_large(catalogue: Catalogue) -> None:
    with pytest.raises(DecklistError) as caught:
        read_decklist("War Party\n" * 1001, catalogue)
    assert caught.value.code == "too_large"
    assert len(read_decklist("War Party\n" * 1000, catalogue).cards) == 1000


def test_a_huge_count_is_too_large(catalogue: Catalogue) -> None:
    with pytest.raises(DecklistError) as caught:
        read_decklist("999999x War Party", catalogue)
    assert caught.value.code == "too_large"


def test_more_than_2_mb_is_too_large(catalogue: Catalogue) -> None:
    with pytest.raises(DecklistError) as caught:
        read_decklist(b"#" * (MAX_BYTES + 1), catalogue)
    assert caught.value.code == "too_large"


def test_a_zero_count_is_unreadable(catalogue: Catalogue) -> None:
    with pytest.raises(DecklistError) as caught:
        read_decklist("0x War Party", catalogue)
    assert caught.value.code == "unreadable"
    assert caught.value.params["line"] == 1


def test_lackey_dek_is_read_by_content(catalogue: Catalogue) -> None:
    path = default_cards_dir() / "decks" / "lackeyccg" / "Sample_gencon.dek"
    deck = read_decklist(path.read_bytes(), catalogue, filename="renamed.txt")
    assert deck.source_format == "dek"
    assert len(deck.cards) == 56
    crossfire = read_decklist(GENCON.read_bytes(), catalogue)
    assert sorted(keys(deck)) == sorted(keys(crossfire))


def test_xml_that_is_not_a_lackey_deck_is_unreadable(catalogue: Catalogue) -> None:
    with pytest.raises(DecklistError) as caught:
        read_decklist('<?xml version="1.0"?>\n<decklist><card>War Party</card></decklist>', catalogue)
    assert caught.value.code == "unreadable"
    assert caught.value.params["format"] == "xml"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.text(max_size=60), max_size=8))
def test_random_lines_raise_nothing_but_decklist_error(catalogue: Catalogue, lines: list[str]) -> None:
    try:
        deck = read_decklist("\n".join(lines), catalogue)
    except DecklistError as error:
        assert error.code in {"empty", "unreadable", "unknown_cards", "too_large"}
        assert str(error)
    else:
        assert deck.cards


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300))
def test_random_bytes_raise_nothing_but_decklist_error(catalogue: Catalogue, data: bytes) -> None:
    try:
        read_decklist(data, catalogue)
    except DecklistError:
        pass


# ----------------------------------------------------------------- CrossFire .cfd
def test_cfd_reader_reads_a_real_file(catalogue: Catalogue) -> None:
    deck = read_decklist(GENCON.read_bytes(), catalogue, filename=GENCON.name)
    assert deck.source_format == "cfd"
    assert deck.title == "GenCon's Most Wanted"
    assert deck.author == "1999 GenCon Spellfire World Championship Players"
    assert deck.notes == ""
    assert deck.declared_format == "55"
    assert len(deck.cards) == 56
    assert keys(deck)[:3] == ["4th/120", "4th/17", "4th/140"]
    assert keys(deck)[-1] == "4th/1"
    assert sum(1 for card in deck.cards if card.card_type == "Dungeon") == 1


def test_cfd_is_detected_by_content_not_extension(catalogue: Catalogue) -> None:
    text = GENCON.read_text(encoding="utf-8")
    assert read_decklist(text, catalogue, filename="deck.txt").source_format == "cfd"


def test_cfd_with_full_records_padding_crlf_and_alt_cards(catalogue: Catalogue) -> None:
    text = (
        "set tempDeckSize 75\r\n"
        "set tempAuthorName {Old Timer}\r\n"
        "set tempNotes {line one\r\nline {two}}\r\n"
        "set tempDeckTitle Oldies\r\n"
        "set tempDeck {\r\n"
        "   {3rd 054} {3rd   54 +4 6 0 0 {War Party} {Text with {braces}} 1 {} {} {} 0}\r\n"
        "   {1st  44}\r\n"
        "}\r\n"
        "set tempAltCards {\r\n   {4th 271}\r\n}\r\n"
    )
    deck = read_decklist(text.encode("latin-1"), catalogue)
    assert keys(deck) == ["3rd/54", "3rd/54", "1st/44"]
    assert deck.title == "Oldies"
    assert deck.author == "Old Timer"
    assert deck.notes.replace("\r", "") == "line one\nline {two}"
    assert deck.declared_format == "75"


def test_cfd_aliases_resolve(catalogue: Catalogue) -> None:
    deck = read_decklist("set tempDeck {\n {3rd 432} {FRc 18}\n}\n", catalogue)
    assert keys(deck) == ["1st/432", "FR/118"]


def test_cfd_unknown_cards_name_their_lines(catalogue: Catalogue) -> None:
    text = "set tempDeckTitle X\nset tempDeck {\n {3rd 54}\n {3rd 999} {ZZ 1}\n {bogus}\n}\n"
    with pytest.raises(DecklistError) as caught:
        read_decklist(text, catalogue)
    assert caught.value.code == "unknown_cards"
    unknown = caught.value.params["unknown"]
    listed = [(item["line"], item["text"]) for item in unknown]
    assert listed == [(4, "{3rd 999}"), (4, "{ZZ 1}"), (5, "{bogus}")]
    assert unknown[0]["suggestions"]


def test_cfd_with_unbalanced_braces_is_unreadable(catalogue: Catalogue) -> None:
    with pytest.raises(DecklistError) as caught:
        read_decklist("set tempDeck {\n {3rd 54}\n", catalogue)
    assert caught.value.code == "unreadable"


def test_cfd_with_an_empty_deck_is_empty(catalogue: Catalogue) -> None:
    with pytest.raises(DecklistError) as caught:
        read_decklist("set tempDeckTitle {Nothing}\nset tempDeck {\n  \n}\n", catalogue)
    assert caught.value.code == "empty"


# ----------------------------------------------------------------- round trip
def test_to_text_writes_counted_lines(catalogue: Catalogue) -> None:
    deck = read_decklist("2x War Party\n1st/44\n", catalogue)
    assert deck.to_text() == "2x War Party (3rd/54)\n1x Elminster the Mage (1st/44)\n"


@pytest.mark.parametrize("path", sorted(SAMPLES.rglob("*.cfd"))[::5], ids=lambda p: p.name)
def test_to_text_round_trips_real_decks(catalogue: Catalogue, path: Path) -> None:
    deck = read_decklist(path.read_bytes(), catalogue)
    again = read_decklist(deck.to_text(), catalogue)
    assert again.cards == deck.cards
    assert (again.title, again.author) == (deck.title, deck.author)
    assert again.notes == deck.notes.replace("\r", "")


def test_to_text_round_trip_keeps_order_of_separated_copies(catalogue: Catalogue) -> None:
    deck = read_decklist("War Party\n1st/44\nWar Party\n", catalogue)
    assert read_decklist(deck.to_text(), catalogue).cards == deck.cards
