"""Built-in deck formats follow the tables of spellfire-tournament-rules-2.0.txt."""

from __future__ import annotations

import json

import pytest

from rules.formats import BUILTIN_FORMATS, DeckFormat, TypeLimit, UnknownFormat, get_format

ANY_NUMBER = (
    "Ally",
    "Blood Ability",
    "Cleric Spell",
    "Psionic Power",
    "Thief Ability",
    "Unarmed Combat",
    "Wizard Spell",
)

# (rule, realm, holding, champion, artifact, magical item, event) straight from the tables.
TABLES = {
    "55": (55, 90, 1, [(0, 3), (8, 15), (0, 6), (1, 20), (0, 10), (0, 12), (0, 10)]),
    "75": (75, 115, 1, [(0, 4), (10, 20), (0, 7), (3, 27), (0, 12), (0, 15), (0, 13)]),
    "110": (110, 180, 2, [(0, 5), (15, 30), (0, 10), (4, 40), (0, 15), (0, 20), (0, 17)]),
}
LIMITED = ("Rule", "Realm", "Holding", "Champion", "Artifact", "Magical Item", "Event")


def test_there_are_exactly_three_builtin_formats() -> None:
    assert list(BUILTIN_FORMATS) == ["55", "75", "110"]


@pytest.mark.parametrize("format_id", ["55", "75", "110"])
def test_builtin_format_matches_the_rules_table(format_id: str) -> None:
    total, cap, free, limits = TABLES[format_id]
    fmt = get_format(format_id)
    assert fmt.id == format_id
    assert fmt.total == total
    assert fmt.champion_level_cap == cap
    assert fmt.free_avatars == free
    assert fmt.max_dungeon_cards == 1
    assert fmt.max_copies == 1
    for card_type, (low, high) in zip(LIMITED, limits):
        assert fmt.limit_for(card_type) == TypeLimit(card_type, low, high)
    for card_type in ANY_NUMBER:
        assert fmt.limit_for(card_type) == TypeLimit(card_type, 0, None)
    assert fmt.limit_for("Dungeon") is None
    assert fmt.source.startswith("spellfire-tournament-rules-2.0.txt, ")


def test_75_card_cap_follows_the_text_not_crossfire() -> None:
    # The rules text says 115; CrossFire's 75.cff says 125.
    assert get_format("75").champion_level_cap == 115


def test_sources_name_the_sections() -> None:
    assert get_format("55").source == "spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard)"
    assert get_format("75").source == "spellfire-tournament-rules-2.0.txt, 75-Card Deck"
    assert get_format("110").source == "spellfire-tournament-rules-2.0.txt, 110-Card Deck"


@pytest.mark.parametrize("format_id", ["55", "75", "110"])
def test_a_format_survives_a_json_round_trip(format_id: str) -> None:
    fmt = get_format(format_id)
    data = json.loads(json.dumps(fmt.to_dict()))
    assert DeckFormat.from_dict(data) == fmt


def test_from_dict_fills_optional_fields() -> None:
    data = get_format("55").to_dict()
    del data["max_copies"], data["max_dungeon_cards"], data["source"]
    fmt = DeckFormat.from_dict(data)
    assert (fmt.max_copies, fmt.max_dungeon_cards, fmt.source) == (1, 1, "")


def test_unknown_format_lists_the_valid_ids() -> None:
    with pytest.raises(UnknownFormat) as caught:
        get_format("60")
    assert isinstance(caught.value, KeyError)
    assert caught.value.valid_ids == ["55", "75", "110"]
    assert str(caught.value) == 'Unknown deck format "60"; valid formats: 55, 75, 110.'
