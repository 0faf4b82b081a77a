"""check_deck: each violation code bites on a minimal hand-built deck."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace

import pytest

from rules.cards import Card, Catalogue
from rules.decklists import Decklist
from rules.formats import DeckFormat, get_format
from rules.legality import CHECKS, DUNGEON_RULE, DUPLICATE_RULE, Verdict, check_deck

Pick = Callable[..., list[Card]]


def deck(cards: list[Card]) -> Decklist:
    return Decklist(cards=tuple(cards))


def codes(verdict: Verdict) -> list[str]:
    return [violation.code for violation in verdict.violations]


def only(verdict: Verdict, code: str):  # type: ignore[no-untyped-def]
    found = [v for v in verdict.violations if v.code == code]
    assert len(found) == 1, verdict.violations
    return found[0]


def replace_type(cards: list[Card], card_type: str, new: list[Card], count: int) -> list[Card]:
    """Drop ``count`` cards of ``card_type`` and append ``new``."""
    out: list[Card] = []
    dropped = 0
    for card in cards:
        if card.card_type == card_type and dropped < count:
            dropped += 1
            continue
        out.append(card)
    return out + new


def test_the_hand_built_deck_is_legal(legal_55_cards: list[Card]) -> None:
    verdict = check_deck(deck(legal_55_cards), get_format("55"))
    assert verdict.legal, verdict.violations
    assert verdict.violations == ()
    assert verdict.format_id == "55"
    assert verdict.total_cards == 55
    assert verdict.champion_levels == sum(c.champion_level for c in legal_55_cards if c.is_champion)
    assert verdict.type_counts["Realm"] == 10
    assert verdict.type_counts["Ally"] == 13
    assert "Dungeon" not in verdict.type_counts


def test_deck_size_bites_when_a_card_is_missing(legal_55_cards: list[Card]) -> None:
    cards = replace_type(legal_55_cards, "Ally", [], 1)
    verdict = check_deck(deck(cards), get_format("55"))
    assert codes(verdict) == ["deck_size"]
    violation = only(verdict, "deck_size")
    assert violation.params == {"expected": 55, "actual": 54}
    assert violation.rule == "spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard)"
    assert "54 cards" in violation.message and "exactly 55" in violation.message
    assert not verdict.legal


def test_type_minimum_bites_with_too_few_realms(legal_55_cards: list[Card], pick: Pick) -> None:
    allies = pick("Ally", 3, legal_55_cards)
    cards = replace_type(legal_55_cards, "Realm", allies, 3)
    verdict = check_deck(deck(cards), get_format("55"))
    assert codes(verdict) == ["type_minimum"]
    violation = only(verdict, "type_minimum")
    assert violation.params == {"card_type": "Realm", "minimum": 8, "actual": 7}
    assert len(violation.cards) == 7
    assert "at least 8" in violation.message


def test_type_maximum_bites_with_too_many_holdings(legal_55_cards: list[Card], pick: Pick) -> None:
    holdings = pick("Holding", 2, legal_55_cards)
    cards = replace_type(legal_55_cards, "Ally", holdings, 2)
    verdict = check_deck(deck(cards), get_format("55"))
    assert codes(verdict) == ["type_maximum"]
    violation = only(verdict, "type_maximum")
    assert violation.params == {"card_type": "Holding", "maximum": 6, "actual": 7}
    assert set(violation.cards) == {c.label for c in cards if c.card_type == "Holding"}
    assert holdings[0].label in violation.message
    assert "at most 6" in violation.message


def test_any_number_types_have_no_maximum(legal_55_cards: list[Card], pick: Pick) -> None:
    spells = pick("Wizard Spell", 12, legal_55_cards)
    cards = replace_type(legal_55_cards, "Ally", spells, 12)
    assert check_deck(deck(cards), get_format("55")).legal


def test_champion_minimum_counts_avatars(legal_55_cards: list[Card], pick: Pick) -> None:
    avatar = pick("Champion", 1, legal_55_cards, avatar=True)
    allies = pick("Ally", 9, legal_55_cards)
    cards = replace_type(legal_55_cards, "Champion", avatar + allies, 10)
    verdict = check_deck(deck(cards), get_format("55"))
    assert verdict.legal, verdict.violations
    cards_without = replace_type(legal_55_cards, "Champion", pick("Ally", 10, legal_55_cards), 10)
    assert codes(check_deck(deck(cards_without), get_format("55"))) == ["type_minimum"]


def test_level_cap_bites_over_90(catalogue: Catalogue, legal_55_cards: list[Card], pick: Pick) -> None:
    strong = pick("Champion", 9, legal_55_cards, level=9) + pick("Champion", 1, legal_55_cards, level=10)
    cards = replace_type(legal_55_cards, "Champion", strong, 10)
    levels = sum(c.champion_level for c in strong)
    assert levels > 90
    verdict = check_deck(deck(cards), get_format("55"))
    assert codes(verdict) == ["level_cap"]
    violation = only(verdict, "level_cap")
    assert violation.params == {"cap": 90, "levels": levels, "free_avatars": []}
    assert set(violation.cards) == {c.label for c in strong}
    assert f"{levels} levels" in violation.message and "at most 90" in violation.message
    assert verdict.champion_levels == levels


def test_one_avatar_is_free_in_55_and_75(legal_55_cards: list[Card], pick: Pick) -> None:
    ordinary = [c for c in legal_55_cards if c.is_champion]
    base = sum(c.champion_level for c in ordinary)
    avatars = pick("Champion", 2, legal_55_cards, avatar=True)
    cards = replace_type(legal_55_cards, "Ally", avatars, 2)
    verdict = check_deck(deck(cards), get_format("55"))
    highest, other = sorted(avatars, key=lambda c: -c.champion_level)
    # The higher avatar is free; the other one counts.
    assert verdict.champion_levels == base + other.champion_level
    assert verdict.type_counts["Champion"] == 12
    assert verdict.total_cards == 55
    fmt75 = replace(get_format("75"), total=55)
    assert check_deck(deck(cards), fmt75).champion_levels == base + other.champion_level


def test_two_avatars_are_free_in_110(legal_55_cards: list[Card], pick: Pick) -> None:
    ordinary = sum(c.champion_level for c in legal_55_cards if c.is_champion)
    avatars = pick("Champion", 3, legal_55_cards, avatar=True)
    cards = replace_type(legal_55_cards, "Ally", avatars, 3)
    lowest = min(c.champion_level for c in avatars)
    fmt110 = get_format("110")
    verdict = check_deck(deck(cards), fmt110)
    assert verdict.champion_levels == ordinary + lowest
    assert verdict.type_counts["Champion"] == 13


def test_free_avatar_levels_decide_the_cap(legal_55_cards: list[Card], pick: Pick) -> None:
    strong = pick("Champion", 10, legal_55_cards, level=9)
    cards = replace_type(legal_55_cards, "Champion", strong, 10)
    avatar = pick("Champion", 1, cards, avatar=True)
    with_avatar = replace_type(cards, "Ally", avatar, 1)
    assert sum(c.champion_level for c in strong) == 90
    verdict = check_deck(deck(with_avatar), get_format("55"))
    assert verdict.legal, verdict.violations  # 90 levels plus a free avatar
    no_free = replace(get_format("55"), free_avatars=0)
    assert codes(check_deck(deck(with_avatar), no_free)) == ["level_cap"]


def test_a_dungeon_card_is_outside_the_count(catalogue: Catalogue, legal_55_cards: list[Card]) -> None:
    dungeon = catalogue.get("DU/1")
    assert dungeon.card_type == "Dungeon"
    verdict = check_deck(deck(legal_55_cards + [dungeon]), get_format("55"))
    assert verdict.legal, verdict.violations
    assert verdict.total_cards == 55
    assert verdict.type_counts["Dungeon"] == 1


def test_too_many_dungeon_cards_bites(catalogue: Catalogue, legal_55_cards: list[Card]) -> None:
    dungeons = [catalogue.get("DU/1"), catalogue.get("DU/2")]
    verdict = check_deck(deck(legal_55_cards + dungeons), get_format("55"))
    assert codes(verdict) == ["too_many_dungeon_cards"]
    violation = only(verdict, "too_many_dungeon_cards")
    assert violation.params == {"maximum": 1, "actual": 2}
    assert violation.cards == ("DU/1 Mausoleum of the Zombie Master", "DU/2 Dungeon of the King")
    assert violation.rule == DUNGEON_RULE
    assert "How Dungeon Cards Work" in violation.rule
    assert "Mausoleum of the Zombie Master" in violation.message


def test_war_party_may_appear_many_times(catalogue: Catalogue, legal_55_cards: list[Card]) -> None:
    war_parties = [catalogue.get(key) for key in ("3rd/54", "3rd/54", "1st/54", "2nd/54")]
    cards = replace_type(legal_55_cards, "Ally", war_parties, 4)
    verdict = check_deck(deck(cards), get_format("55"))
    assert verdict.legal, verdict.violations


def test_shaqat_beetles_of_3rd_edition_may_repeat(catalogue: Catalogue, legal_55_cards: list[Card]) -> None:
    beetles = [catalogue.get("3rd/329")] * 3
    cards = replace_type(legal_55_cards, "Ally", beetles, 3)
    assert check_deck(deck(cards), get_format("55")).legal


def test_nomad_mercenaries_are_limited_to_three(catalogue: Catalogue, legal_55_cards: list[Card]) -> None:
    three = replace_type(legal_55_cards, "Ally", [catalogue.get("3rd/256")] * 3, 3)
    assert check_deck(deck(three), get_format("55")).legal
    four = replace_type(legal_55_cards, "Ally", [catalogue.get("3rd/256")] * 4, 4)
    # the card's own "Limit 3 per deck." is broken: its own code, citing the card text
    violation = only(check_deck(deck(four), get_format("55")), "stated_limit")
    assert violation.params["max_copies"] == 3
    assert violation.rule.startswith('card text of 3rd/256 Nomad Mercenaries: "Limit 3 per deck."')


def test_elminster_from_two_editions_is_a_duplicate(catalogue: Catalogue, legal_55_cards: list[Card]) -> None:
    elminsters = [catalogue.get("1st/44"), catalogue.get("3rd/44")]
    assert elminsters[0].name == elminsters[1].name == "Elminster the Mage"
    cards = replace_type(legal_55_cards, "Champion", elminsters, 2)
    verdict = check_deck(deck(cards), get_format("55"))
    assert codes(verdict) == ["duplicate_card"]
    violation = only(verdict, "duplicate_card")
    assert violation.cards == ("1st/44 Elminster the Mage", "3rd/44 Elminster the Mage")
    assert violation.params == {
        "name": "Elminster the Mage", "card_type": "Champion", "copies": 2, "max_copies": 1,
    }
    assert violation.rule == DUPLICATE_RULE
    assert "No individual card can appear more than once" in violation.rule
    assert "Elminster the Mage" in violation.message and "2 times" in violation.message


def test_siege_and_siege_bang_are_different_cards(catalogue: Catalogue, legal_55_cards: list[Card]) -> None:
    sieges = [catalogue.get("1st/203"), catalogue.get("1st/150")]
    cards = replace_type(legal_55_cards, "Event", sieges, 2)
    assert "duplicate_card" not in codes(check_deck(deck(cards), get_format("55")))


def test_format_max_copies_is_respected(catalogue: Catalogue, legal_55_cards: list[Card]) -> None:
    two_each = replace(get_format("55"), max_copies=2)
    elminsters = [catalogue.get("1st/44"), catalogue.get("3rd/44")]
    cards = replace_type(legal_55_cards, "Champion", elminsters, 2)
    assert check_deck(deck(cards), two_each).legal


def test_every_violation_is_reported_together(catalogue: Catalogue, legal_55_cards: list[Card]) -> None:
    extras = [catalogue.get("DU/1"), catalogue.get("DU/2"), catalogue.get("4th/271")] * 2
    cards = legal_55_cards[12:20] + extras  # holdings and artifacts: no realms
    verdict = check_deck(deck(cards), get_format("55"))
    assert {"deck_size", "type_minimum", "too_many_dungeon_cards", "duplicate_card"} <= set(codes(verdict))


def test_verdict_to_dict_is_json_safe(legal_55_cards: list[Card]) -> None:
    verdict = check_deck(deck(legal_55_cards[:-1]), get_format("55"))
    data = json.loads(json.dumps(verdict.to_dict()))
    assert data["legal"] is False
    assert data["total_cards"] == 54
    assert data["violations"][0]["code"] == "deck_size"
    assert data["violations"][0]["params"] == {"expected": 55, "actual": 54}
    assert set(data) == {"legal", "format_id", "total_cards", "champion_levels", "type_counts", "violations",
                         "warnings"}


def test_a_custom_format_from_dict_is_checked(legal_55_cards: list[Card]) -> None:
    data = get_format("55").to_dict()
    data["total"] = 50
    fmt = DeckFormat.from_dict(data)
    assert only(check_deck(deck(legal_55_cards), fmt), "deck_size").params == {"expected": 50, "actual": 55}


@pytest.mark.parametrize("format_id", ["55", "75", "110"])
def test_an_empty_deck_breaks_size_and_minimums(format_id: str) -> None:
    verdict = check_deck(Decklist(cards=()), get_format(format_id))
    assert codes(verdict)[0] == "deck_size"
    short = {v.params["card_type"] for v in verdict.violations if v.code == "type_minimum"}
    assert short == {"Realm", "Champion"}


def test_each_construction_rule_is_one_check_that_cites_its_rule() -> None:
    assert [check.__name__ for check in CHECKS] == [
        "check_deck_size", "check_type_limits", "check_champion_type_limits", "check_level_cap",
        "check_dungeon_cards", "check_chase_limit", "check_group_limits", "check_banned_cards",
        "check_community_cards", "check_card_copies", "check_forbidden_pairs",
    ]
    for check in CHECKS:
        assert check.__doc__ and "Source" in check.__doc__, check.__name__
