"""The Brazilian community cards (issue 22, item 5).

Source: /work/shared/cards/SOURCES.md, source 3 (gilsouza's database): 344 cards in 11 Brazilian community sets,
``spellfire_cards_br_community_sets.csv``, with no set codes. They are loaded as their own sets (named as in the
file, ``rules.cards.COMMUNITY_SETS`` gives each a code), allowed in ``55-br`` and in a format whose organiser allows
them (``DeckFormat.community_cards``), refused elsewhere (``community_card``, citing ``COMMUNITY_RULE``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.__main__ import main
from rules.cards import COMMUNITY_SETS, Catalogue
from rules.decklists import Decklist
from rules.formats import amend_format, get_format
from rules.legality import COMMUNITY_RULE, check_deck


def test_the_344_community_cards_load_as_their_own_eleven_sets(catalogue: Catalogue) -> None:
    community = [card for card in catalogue if card.community_set]
    assert len(community) == 344 and len(catalogue) == 6089 + 344
    assert {card.community_set for card in community} == set(COMMUNITY_SETS) and len(COMMUNITY_SETS) == 11
    assert "Myths and Legends" in COMMUNITY_SETS and "Insquisition BR" in COMMUNITY_SETS  # as the file names it
    card = catalogue.get(f"{COMMUNITY_SETS['Carioca 2017']}/1")
    assert (card.name, card.card_type, card.community_set) == ("Aberração Mental", "Psionic Power", "Carioca 2017")
    assert all(card.set_code in COMMUNITY_SETS.values() for card in community)


def test_a_community_card_is_found_by_its_portuguese_name(catalogue: Catalogue) -> None:
    assert catalogue.resolve("Aberração Mental").community_set == "Carioca 2017"
    assert catalogue.resolve("aberracao mental").name == "Aberração Mental"


def one_card(card) -> Decklist:  # type: ignore[no-untyped-def]
    return Decklist(cards=(card,))


def community_codes(verdict) -> list[str]:  # type: ignore[no-untyped-def]
    return [v.code for v in verdict.violations if v.code == "community_card"]


def test_community_cards_are_allowed_in_55_br_and_where_the_organiser_allows_them(catalogue: Catalogue) -> None:
    card = catalogue.resolve("Aberração Mental")
    assert community_codes(check_deck(one_card(card), get_format("55-br"))) == []
    refused = check_deck(one_card(card), get_format("55"))
    (violation,) = [v for v in refused.violations if v.code == "community_card"]
    assert violation.rule == COMMUNITY_RULE and "SOURCES.md" in COMMUNITY_RULE
    assert violation.params == {"cards": [card.label], "sets": ["Carioca 2017"]}
    allowed = amend_format(get_format("55"), {"community_cards": True}, catalogue, provenance="a Rio league")
    assert allowed.community_cards and community_codes(check_deck(one_card(card), allowed)) == []
    assert not amend_format(get_format("55-br"), {"community_cards": False}, catalogue).community_cards


def test_the_command_line_agrees(catalogue: Catalogue, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("1 Aberração Mental\n", encoding="utf-8")
    main(["validate-deck", "--format", "55", str(path)])
    assert "community_card" in [v["code"] for v in json.loads(capsys.readouterr().out)["violations"]]
    main(["validate-deck", "--format", "55-br", str(path)])
    assert "community_card" not in [v["code"] for v in json.loads(capsys.readouterr().out)["violations"]]
