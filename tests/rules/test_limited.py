"""Limited pools (rules/limited.py) and the pool check (rules/legality.py ``not_in_pool``).

Sources: spell-battle-rules.txt, 6. How to make your own deck (Sealed, Draft) and 8. Tournaments (off the top).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.cards import Catalogue
from rules.decklists import Decklist
from rules.formats import get_format
from rules.legality import POOL_RULE, check_deck, check_pool
from rules.limited import (
    CatalogueSource,
    ListSource,
    PoolError,
    build_deck,
    default_composition,
    draft_pools,
    draft_simulate,
    first_new_card,
    off_the_top_pools,
    pool_for_player,
    resolve_pool,
    sealed_pools,
)


def test_the_default_composition_follows_the_sets_own_rarity_shares(catalogue: Catalogue) -> None:
    # DL: 50 C, 25 UC, 25 R, 25 VR -> a 15-card pack of 6 C, 3 UC, 3 R, 3 VR; the source says it is a default.
    composition = default_composition(catalogue, "DL")
    assert dict(composition.slots) == {"C": 6, "UC": 3, "R": 3, "VR": 3}
    assert composition.size == 15
    assert "stated default" in composition.source


def test_a_pack_follows_its_composition_and_repeats_no_printing(catalogue: Catalogue) -> None:
    source = CatalogueSource(catalogue, ["DL"])
    pack = source.pack(random.Random(3))
    assert len(pack) == len(set(pack)) == 15
    rarities = Counter(catalogue.get(key).rarity for key in pack)
    assert rarities == {"C": 6, "UC": 3, "R": 3, "VR": 3}


def test_sealed_pools_are_90_cards_in_rotating_sets_and_reproducible(catalogue: Catalogue) -> None:
    # Sealed: "three piles of 90 random face-down cards" read as 90 cards in three piles of 30.
    def make(seed: int) -> list[list[str]]:
        return sealed_pools(CatalogueSource(catalogue, ["4th", "DL"]), random.Random(seed), players=3)

    pools = make(7)
    assert [len(pool) for pool in pools] == [90, 90, 90]
    assert {key.split("/")[0] for key in pools[0][:15]} == {"4th"}
    assert {key.split("/")[0] for key in pools[0][15:30]} == {"DL"}
    assert make(7) == pools
    assert make(8) != pools


def test_draft_gives_each_player_three_packs_of_15(catalogue: Catalogue) -> None:
    # Draft: "Give each player three piles of 15 random face-down cards".
    packs = draft_pools(CatalogueSource(catalogue, ["RL"]), random.Random(1), players=8)
    assert len(packs) == 8
    assert all(len(player) == 3 and all(len(pack) == 15 for pack in player) for player in packs)


def test_off_the_top_shares_50_cards_per_player_per_table(catalogue: Catalogue) -> None:
    # 8. Tournaments: "(100 cards would be used for a two player game.)"
    pools = off_the_top_pools(CatalogueSource(catalogue, ["4th"]), random.Random(2), players=5)
    assert [len(pool) for pool in pools] == [100, 100, 50]


def test_the_organisers_list_is_dealt_without_replacement(catalogue: Catalogue) -> None:
    keys = [card.key for card in list(catalogue)[:60]]
    pools = sealed_pools(
        ListSource(keys, random.Random(4), pack_size=10), random.Random(4), players=2, packs=3
    )
    assert sorted(pools[0] + pools[1]) == sorted(keys)
    again = sealed_pools(
        ListSource(keys, random.Random(4), pack_size=10), random.Random(4), players=2, packs=3
    )
    assert again == pools


def test_a_list_too_short_for_the_pools_is_refused(catalogue: Catalogue) -> None:
    source = ListSource(["4th/1"] * 20, random.Random(0))
    with pytest.raises(PoolError) as error:
        draft_pools(source, random.Random(0), players=2)
    assert error.value.code == "too_few_cards"


def test_an_unknown_set_is_refused_with_the_valid_ones(catalogue: Catalogue) -> None:
    with pytest.raises(PoolError) as error:
        CatalogueSource(catalogue, ["5th"])
    assert error.value.code == "unknown_set"
    assert "4th" in error.value.params["valid"]


def test_a_pool_file_gives_a_players_cards_and_refuses_a_drafts_packs() -> None:
    assert pool_for_player({"kind": "sealed", "pools": [{"player": 2, "cards": ["4th/1"]}]}, 2) == ["4th/1"]
    assert pool_for_player(
        {"kind": "sealed", "pools": [{"player": 1, "packs": [["4th/1"], ["4th/2"]]}]}, 1
    ) == ["4th/1", "4th/2"]
    with pytest.raises(PoolError) as error:
        pool_for_player({"kind": "draft", "pools": [{"player": 1, "packs": [["4th/1"]]}]}, 1)
    assert error.value.code == "bad_pool_file"
    with pytest.raises(PoolError) as missing:
        pool_for_player({"kind": "sealed", "pools": []}, 3)
    assert missing.value.code == "no_pool"


def test_a_card_not_in_the_pool_or_one_copy_too_many_is_not_in_pool(catalogue: Catalogue) -> None:
    # spell-battle-rules.txt, 6. How to make your own deck: "make a 30-card deck from those cards".
    war_party, realm, other = catalogue.get("3rd/54"), catalogue.get("4th/1"), catalogue.get("4th/2")
    pool = resolve_pool(["3rd/54", "4th/1"], catalogue)
    deck = Decklist(cards=(war_party, war_party, realm, other))
    violations = check_pool(deck, pool)
    assert [v.params for v in violations] == [
        {"card": "3rd/54 War Party", "in_deck": 2, "in_pool": 1},
        {"card": other.label, "in_deck": 1, "in_pool": 0},
    ]
    assert {v.code for v in violations} == {"not_in_pool"}
    assert violations[0].rule == POOL_RULE and "spell-battle-rules.txt" in POOL_RULE


def test_another_printing_of_a_pool_card_is_in_the_pool(catalogue: Catalogue) -> None:
    first, reprint = catalogue.get("1st/1"), catalogue.get("NO/1")
    assert first.identity == reprint.identity
    assert check_pool(Decklist(cards=(reprint,)), [first]) == []


def test_check_deck_adds_the_pool_check_only_when_given_a_pool(catalogue: Catalogue) -> None:
    deck = Decklist(cards=(catalogue.get("4th/2"),))
    codes = [v.code for v in check_deck(deck, get_format("55")).violations]
    assert "not_in_pool" not in codes
    with_pool = [v.code for v in check_deck(deck, get_format("55"), pool=[]).violations]
    assert with_pool[-1] == "not_in_pool"


def test_unknown_keys_in_a_pool_are_refused(catalogue: Catalogue) -> None:
    with pytest.raises(PoolError) as error:
        resolve_pool(["4th/1", "ZZ/9", "nonsense"], catalogue)
    assert error.value.params["cards"] == ["ZZ/9", "nonsense"]


def test_a_number_out_of_range_is_a_bad_pool_setting(catalogue: Catalogue) -> None:
    with pytest.raises(PoolError) as error:
        sealed_pools(CatalogueSource(catalogue, ["4th"]), random.Random(0), players=0)
    assert error.value.code == "bad_pool_setting"
    assert error.value.params == {"what": "number of players", "value": 0, "minimum": 1, "maximum": 1024}


# --------------------------------------------------------------------------- simulations: the automatic draft and deck
def test_a_simulated_draft_passes_left_then_right_then_left() -> None:
    # spell-battle-rules.txt, 6. How to make your own deck, Draft: "pick one and pass left, then right, then left".
    # Three drafters, packs of 3 named by owner and pack round; everyone takes the first card in hand.
    packs = [[[f"p{p}r{r}c{c}" for c in range(3)] for r in range(3)] for p in range(1, 4)]
    picks = draft_simulate(packs, lambda pack, picked: 0)
    assert [len(own) for own in picks] == [9, 9, 9]
    # round 0 passes left (player 1 -> 2): player 2's second pick comes from player 1's pack
    assert picks[1][:3] == ["p2r0c0", "p1r0c1", "p3r0c2"]
    # round 1 passes right (player 3 -> 2): player 2's second pick comes from player 3's pack
    assert picks[1][3:6] == ["p2r1c0", "p3r1c1", "p1r1c2"]
    # round 2 passes left again
    assert picks[1][6:] == ["p2r2c0", "p1r2c1", "p3r2c2"]
    # every card is taken exactly once
    assert Counter(key for own in picks for key in own) == Counter(
        key for own in packs for pack in own for key in pack)


def test_the_automatic_pick_takes_the_first_new_card_of_a_type_still_wanted(catalogue: Catalogue) -> None:
    cards = list(catalogue)
    realm = next(card for card in cards if card.card_type == "Realm")
    other_realm = next(card for card in cards if card.card_type == "Realm" and card.name != realm.name)
    ally = next(card for card in cards if card.card_type == "Ally")
    pack = [ally.key, realm.key, other_realm.key]
    assert first_new_card(pack, [], catalogue) == 1  # a realm is wanted first
    assert first_new_card(pack, [realm.key], catalogue) == 2  # not the same realm again
    # realms and champions picked enough: the first new card
    assert first_new_card(pack, [], catalogue, wanted=()) == 0
    assert first_new_card([realm.key], [realm.key], catalogue) == 0  # nothing new: the first card


@pytest.mark.parametrize("format_id", ["30-sealed", "30-draft"])
def test_the_greedy_builder_makes_a_legal_deck_from_a_sealed_pool(catalogue: Catalogue, format_id: str) -> None:
    # spell-battle-rules.txt, 6. How to make your own deck (a 30-card deck from the pool); the 30-card table.
    fmt = get_format(format_id)
    pool = resolve_pool(sealed_pools(CatalogueSource(catalogue), random.Random(5), players=1)[0], catalogue)
    deck = build_deck(pool, fmt)
    verdict = check_deck(Decklist(cards=tuple(deck)), fmt, pool=pool)
    assert verdict.legal, verdict.violations
    assert len(deck) == 30
    assert sum(card.card_type == "Realm" for card in deck) >= 7  # a quarter of the deck, above the minimum


def test_the_greedy_builder_makes_a_legal_deck_from_drafted_picks(catalogue: Catalogue) -> None:
    fmt = get_format("30-draft")
    packs = draft_pools(CatalogueSource(catalogue), random.Random(2), players=4)
    picks = draft_simulate(packs, lambda pack, picked: first_new_card(pack, picked, catalogue))
    for own in picks:
        pool = resolve_pool(own, catalogue)
        assert check_deck(Decklist(cards=tuple(build_deck(pool, fmt))), fmt, pool=pool).legal


def test_the_greedy_builder_returns_a_short_deck_when_the_pool_is_too_small(catalogue: Catalogue) -> None:
    fmt = get_format("30-sealed")
    pool = resolve_pool(sealed_pools(CatalogueSource(catalogue), random.Random(5), players=1, packs=1)[0],
                        catalogue)
    deck = build_deck(pool, fmt)
    assert len(deck) < 30
    codes = {violation.code for violation in check_deck(Decklist(cards=tuple(deck)), fmt, pool=pool).violations}
    assert codes <= {"deck_size", "type_minimum"}
