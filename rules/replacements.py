"""Replacing a card destroyed by Enter Darkness Together after decklists are locked.

Source: spellfire-tournament-rules-2.0.txt, opening section (the paragraph beginning
"There's no such thing as an ante or sideboard"): "Players are not allowed to change
decks or add cards once the tournament has begun ... The only exception to this rule is
that a player may replace a card destroyed by the Enter Darkness Together event at the
end of the current round, unless the player replaces the destroyed card with the same
card. Then the player may do so at the end of the current game."

Terms: the *destroyed* card leaves the registered decklist; the *replacement* takes its
place. The same card means the same card type and name (``Card.identity``), any printing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.cards import Card
from rules.decklists import Decklist
from rules.errors import RulesError

RULE = ("spellfire-tournament-rules-2.0.txt, opening section: a card destroyed by Enter Darkness Together "
        "may be replaced at the end of the round, or at the end of the game with the same card")
END_OF_GAME = "end_of_game"
END_OF_ROUND = "end_of_round"


class ReplacementError(RulesError):
    """A replacement the rule does not allow. ``code``: "not_in_deck"."""

    def __init__(self, code: str, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(code, message, params)


def replacement_timing(destroyed: Card, replacement: Card) -> str:
    """When the swap may happen: ``END_OF_GAME`` for the same card (same type and name), else ``END_OF_ROUND``."""
    return END_OF_GAME if destroyed.identity == replacement.identity else END_OF_ROUND


def apply_replacement(decklist: Decklist, destroyed: Card, replacement: Card) -> Decklist:
    """The decklist with one copy of ``destroyed`` (matched by identity) replaced by ``replacement``.

    Raises ReplacementError("not_in_deck") when the registered deck has no copy of the destroyed card.
    The caller must check the result's legality again (the new list must still be legal).
    """
    cards = list(decklist.cards)
    for index, card in enumerate(cards):
        if card.identity == destroyed.identity:
            cards[index] = replacement
            return replace(decklist, cards=tuple(cards))
    raise ReplacementError("not_in_deck", f"{destroyed.label} is not in the registered decklist.",
                           {"card": destroyed.key})
