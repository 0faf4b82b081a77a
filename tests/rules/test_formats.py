"""Built-in deck formats follow the tables of spellfire-tournament-rules-2.0.txt."""

from __future__ import annotations

from dataclasses import replace

import json

import pytest

from rules.errors import RulesError
from rules.formats import BUILTIN_FORMATS, DeckFormat, TypeLimit, UnknownFormat, get_format, limited_kind

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


def test_the_builtin_formats_and_their_order() -> None:
    assert list(BUILTIN_FORMATS) == [
        "55", "75", "110", "55-br", "75-modern", "110-modern", "30-sealed", "30-draft", "40-pool", "off-the-top",
    ]


@pytest.mark.parametrize(("format_id", "total", "cap", "limits"), [
    # the 55-card table scaled by 30/55 and 40/55: minimums rounded down, maximums up, at least one champion
    ("30-sealed", 30, 49, [(0, 2), (4, 9), (0, 4), (1, 11), (0, 6), (0, 7), (0, 6)]),
    ("30-draft", 30, 49, [(0, 2), (4, 9), (0, 4), (1, 11), (0, 6), (0, 7), (0, 6)]),
    ("40-pool", 40, 65, [(0, 3), (5, 11), (0, 5), (1, 15), (0, 8), (0, 9), (0, 8)]),
])
def test_the_limited_formats_are_spell_battles_deck_sizes_with_the_55_table_scaled(
    format_id: str, total: int, cap: int, limits: list[tuple[int, int]]
) -> None:
    # spell-battle-rules.txt, 6. How to make your own deck: a 30-card sealed or draft deck, a 40-card constructed
    # deck "from the cards available in a collective card pool".
    fmt = get_format(format_id)
    assert (fmt.total, fmt.champion_level_cap, fmt.max_copies, fmt.free_avatars) == (total, cap, 1, 1)
    assert [(fmt.limit_for(t).minimum, fmt.limit_for(t).maximum) for t in LIMITED] == limits
    assert fmt.source.startswith("spell-battle-rules.txt, 6. How to make your own deck")
    assert limited_kind(format_id) in format_id


def test_only_the_limited_formats_have_a_limited_kind() -> None:
    assert [limited_kind(k) for k in BUILTIN_FORMATS if limited_kind(k)] == ["sealed", "draft", "pool", "off-the-top"]


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
    assert isinstance(caught.value, RulesError) and not isinstance(caught.value, KeyError)
    assert caught.value.valid_ids == list(BUILTIN_FORMATS)
    assert caught.value.valid_ids[:6] == ["55", "75", "110", "55-br", "75-modern", "110-modern"]
    assert str(caught.value) == 'Unknown deck format "60"; valid formats: 55, 75, 110, 55-br, 75-modern, 110-modern, 30-sealed, 30-draft, 40-pool, off-the-top.'


def test_the_brazilian_55_card_format_follows_its_table() -> None:
    """spellfire-regras-pt-br.txt, LIMITAÇÃO DE BARALHOS PARA TORNEIOS."""
    fmt = get_format("55-br")
    expected = {
        "Realm": (8, 15), "Holding": (0, 5), "Event": (0, 10), "Champion": (1, 20), "Rule": (0, 2),
        "Wizard Spell": (0, 18), "Cleric Spell": (0, 18), "Magical Item": (0, 10), "Artifact": (0, 5),
        "Ally": (0, None),
    }
    for card_type, (minimum, maximum) in expected.items():
        limit = fmt.limit_for(card_type)
        assert (limit.minimum, limit.maximum) == (minimum, maximum), card_type
    assert (fmt.total, fmt.champion_level_cap, fmt.max_copies) == (55, 90, 2)
    assert fmt.limit_for("Event").max_copies == 1
    assert fmt.free_avatars == 0 and fmt.max_dungeon_cards == 0
    assert fmt.source == "spellfire-regras-pt-br.txt, LIMITAÇÃO DE BARALHOS PARA TORNEIOS"


@pytest.mark.parametrize(
    ("format_id", "total", "cap", "free", "limits"),
    [
        ("75-modern", 75, 125, 1, [(0, 4), (10, 20), (0, 7), (3, 27), (0, 12), (0, 15), (0, 13)]),
        ("110-modern", 110, 180, 2, [(0, 5), (15, 30), (0, 10), (4, 40), (0, 15), (0, 20), (0, 17)]),
    ],
)
def test_the_modern_formats(format_id: str, total: int, cap: int, free: int, limits: list) -> None:
    fmt = get_format(format_id)
    assert (fmt.total, fmt.champion_level_cap, fmt.free_avatars, fmt.max_dungeon_cards) == (total, cap, free, 1)
    assert [(fmt.limit_for(t).minimum, fmt.limit_for(t).maximum) for t in LIMITED] == limits


def test_every_builtin_format_makes_sense_and_round_trips() -> None:
    from rules.formats import validate_format

    for fmt in BUILTIN_FORMATS.values():
        assert validate_format(fmt) is fmt
        assert DeckFormat.from_dict(json.loads(json.dumps(fmt.to_dict()))) == fmt


def test_a_format_stored_before_the_cff_fields_still_loads() -> None:
    old = {k: v for k, v in get_format("55").to_dict().items()
           if k in {"id", "name", "total", "type_limits", "champion_level_cap", "free_avatars", "source"}}
    for limit in old["type_limits"]:
        limit.pop("max_copies")
    # hand sizes were added later: a format stored without them has none
    assert DeckFormat.from_dict(old) == replace(get_format("55"), starting_hand=None, draws_per_turn=None,
                                                hand_limit=None, hand_source="")


def test_the_organiser_amends_a_format(catalogue) -> None:  # type: ignore[no-untyped-def]
    from rules.formats import allowed_sets, amend_format

    base = get_format("55")
    fmt = amend_format(base, {
        "name": "Club 55", "champion_level_cap": 80, "max_copies": 2,
        "type_limits": {"Realm": {"minimum": 9, "maximum": 14}},
        "ban": ["War Party"], "restrict": {"Elminster": 1}, "sets": ["1st", "2nd", "3rd", "4th"],
    }, catalogue)
    assert base == get_format("55")  # the built-in is never changed
    assert (fmt.name, fmt.champion_level_cap, fmt.max_copies) == ("Club 55", 80, 2)
    assert (fmt.limit_for("Realm").minimum, fmt.limit_for("Realm").maximum) == (9, 14)
    war_party = {card.key for card in catalogue if card.name == "War Party" and card.card_type == "Ally"}
    assert war_party and war_party <= set(fmt.banned)
    assert dict(fmt.restricted)["1st/1"] if "1st/1" in dict(fmt.restricted) else True
    assert allowed_sets(fmt, catalogue) == ["1st", "2nd", "3rd", "4th"]
    again = amend_format(fmt, {"unban": ["3rd/54"], "sets": None, "unrestrict": ["Elminster"]}, catalogue)
    assert not set(again.banned) & war_party
    assert again.restricted == ()
    assert allowed_sets(again, catalogue) is None


@pytest.mark.parametrize(
    ("changes", "code", "text"),
    [
        ({"total": -5}, "nonsense_limits", "The deck size must be between 1 and 10000, not -5."),
        ({"type_limits": {"Realm": {"minimum": 20, "maximum": 10}}}, "nonsense_limits",
         "Realm cards: the minimum 20 is above the maximum 10."),
        ({"type_limits": {"Dragons": {"minimum": 1}}}, "bad_value", '"Dragons" is not a card type'),
        ({"ban": ["Definitely Not A Card"]}, "unknown_card", "Definitely Not A Card"),
        ({"sets": ["ZZZ"]}, "bad_value", "Unknown sets: ZZZ"),
        ({"champion_level_cap": "lots"}, "bad_value", "'lots' is not a whole number"),
        ({"colour": "red"}, "bad_value", "Unknown fields: colour"),
    ],
)
def test_bad_amendments_are_refused(catalogue, changes, code, text) -> None:  # type: ignore[no-untyped-def]
    from rules.formats import FormatError, amend_format

    with pytest.raises(FormatError) as caught:
        amend_format(get_format("55"), changes, catalogue)
    assert caught.value.code == code
    assert text in str(caught.value)


def test_the_organiser_changes_champion_type_chase_and_group_limits(catalogue) -> None:  # type: ignore[no-untyped-def]
    from rules.decklists import Decklist
    from rules.formats import amend_format
    from rules.legality import check_deck

    fmt = amend_format(get_format("55"), {
        "champion_type_limits": {"Thief": {"minimum": 0, "maximum": 0}},
        "chase_limit": [0, 0],
        "group_limits": {"rarity": {"VR": {"minimum": 0, "maximum": 1}}, "world": {"3": {"maximum": 0}}},
    }, catalogue)
    assert [(l.card_type, l.maximum) for l in fmt.champion_type_limits] == [("Thief", 0)]
    assert fmt.chase_limit == (0, 0)
    thief = next(c for c in catalogue if c.champion_type == "Thief" and not c.is_chase)
    chase = next(c for c in catalogue if c.is_chase)
    ravenloft = next(c for c in catalogue if c.world_id == "3" and c.card_type == "Realm")
    codes = {v.code for v in check_deck(Decklist(cards=(thief, chase, ravenloft)), fmt).violations}
    assert {"champion_type_maximum", "chase_maximum", "group_maximum"} <= codes
    back = amend_format(fmt, {"chase_limit": None, "group_limits": {"world": {"3": None}}}, catalogue)
    assert back.chase_limit is None and [g.key for g in back.group_limits] == ["VR"]
