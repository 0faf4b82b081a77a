"""Shared fixtures for the pure rules tests: the real card catalogue, loaded once."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from rules.cards import Card, Catalogue
from rules.decklists import Decklist

ENGLISH_EDITIONS = ("1st", "2nd", "3rd", "4th")


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    """The shared catalogue from ../shared/cards (6433 printings)."""
    return Catalogue.load()


def _pick(
    catalogue: Catalogue,
    card_type: str,
    count: int,
    used: set[tuple[str, str]],
    *,
    avatar: bool = False,
    max_level: int | None = None,
    level: int | None = None,
) -> list[Card]:
    chosen: list[Card] = []
    for card in catalogue:
        if len(chosen) == count:
            break
        if card.set_code not in ENGLISH_EDITIONS or card.card_type != card_type:
            continue
        if card.identity in used or card.multiples_allowed or card.is_avatar != avatar:
            continue
        if max_level is not None and not (1 <= card.champion_level <= max_level):
            continue
        if level is not None and card.champion_level != level:
            continue
        used.add(card.identity)
        chosen.append(card)
    assert len(chosen) == count, f"not enough {card_type} cards in the catalogue"
    return chosen


DeckFactory = Callable[..., Decklist]


@pytest.fixture(scope="session")
def legal_55_cards(catalogue: Catalogue) -> list[Card]:
    """A hand-built legal 55-card deck: 10 realms, 5 holdings, 10 champions (levels 1-5),
    5 artifacts, 5 magical items, 5 events, 2 rules and 13 allies, all different cards."""
    used: set[tuple[str, str]] = set()
    cards: list[Card] = []
    for card_type, count in (
        ("Realm", 10),
        ("Holding", 5),
        ("Artifact", 5),
        ("Magical Item", 5),
        ("Event", 5),
        ("Rule", 2),
        ("Ally", 13),
    ):
        cards.extend(_pick(catalogue, card_type, count, used))
    cards.extend(_pick(catalogue, "Champion", 10, used, max_level=5))
    assert len(cards) == 55
    return cards


@pytest.fixture(scope="session")
def pick(catalogue: Catalogue) -> Callable[..., list[Card]]:
    """``pick(card_type, count, avoid=cards, avatar=False, max_level=None, level=None)``: distinct
    English-edition cards of a type whose identities differ from ``avoid``."""

    def _factory(
        card_type: str,
        count: int,
        avoid: Iterable[Card] = (),
        *,
        avatar: bool = False,
        max_level: int | None = None,
        level: int | None = None,
    ) -> list[Card]:
        used = {card.identity for card in avoid}
        return _pick(catalogue, card_type, count, used, avatar=avatar, max_level=max_level, level=level)

    return _factory
