import pytest

from rules.decklists import Decklist
from rules.replacements import END_OF_GAME, END_OF_ROUND, ReplacementError, apply_replacement, replacement_timing


def test_the_same_card_may_come_back_at_the_end_of_the_game(catalogue):
    assert replacement_timing(catalogue.get("1st/44"), catalogue.get("3rd/44")) == END_OF_GAME


def test_a_different_card_waits_for_the_end_of_the_round(catalogue):
    assert replacement_timing(catalogue.get("3rd/44"), catalogue.get("3rd/54")) == END_OF_ROUND


def test_one_copy_of_the_destroyed_card_is_swapped(catalogue):
    war_party, elminster = catalogue.get("3rd/54"), catalogue.get("3rd/44")
    deck = Decklist(cards=(war_party, war_party, elminster))
    after = apply_replacement(deck, war_party, catalogue.get("3rd/1"))
    assert [c.key for c in after.cards] == ["3rd/1", "3rd/54", "3rd/44"]


def test_a_card_not_in_the_deck_cannot_be_replaced(catalogue):
    deck = Decklist(cards=(catalogue.get("3rd/54"),))
    with pytest.raises(ReplacementError, match="not in the registered decklist"):
        apply_replacement(deck, catalogue.get("3rd/44"), catalogue.get("3rd/1"))
