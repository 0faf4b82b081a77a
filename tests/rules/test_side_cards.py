"""Side cards are reported, not silently dropped (issue 22, item 4).

Source: rules.legality.SIDE_CARDS_RULE: /work/shared/rules-texts/spellfire-tournament-rules-2.0.txt, the opening
section: "There's no such thing as an ante or sideboard in sanctioned tournaments". A .cfd's ``tempAltCards`` and a
.dek's superzones other than Deck and Dungeon are left out of the deck, and the verdict says so (a warning).
"""

from __future__ import annotations

from pathlib import Path

from rules.cards import Catalogue
from rules.decklists import read_decklist
from rules.formats import get_format
from rules.legality import SIDE_CARDS_RULE, check_deck

THIEVES = Path(__file__).parents[3] / "shared" / "cards" / "decks" / "crossfire" / "55 Card" / "Standard" / \
    "Sample_Thieves.cfd"
DEK = """<deck version="0.8"><meta><game>spellfire</game></meta>
<superzone name="Deck"><card><name id="090">Fortification Breastwork</name><set>4th-Ed</set></card></superzone>
<superzone name="Sideboard"><card><name id="090">Fortification Breastwork</name><set>4th-Ed</set></card>
<card><name id="090">Fortification Breastwork</name><set>4th-Ed</set></card></superzone>
</deck>"""


def side_warning(verdict):  # type: ignore[no-untyped-def]
    found = [w for w in verdict.warnings if w.code == "side_cards_left_out"]
    assert len(found) <= 1
    return found[0] if found else None


def test_the_sample_decks_side_cards_are_reported_as_left_out(catalogue: Catalogue) -> None:
    deck = read_decklist(THIEVES.read_bytes(), catalogue, filename=THIEVES.name)
    assert len(deck.side_cards) == 51 and deck.side_cards[0] == "DU/27"
    verdict = check_deck(deck, get_format("55"))
    warning = side_warning(verdict)
    assert verdict.legal and warning is not None
    assert warning.params == {"count": 51, "zones": ["tempAltCards"]}
    assert warning.rule == SIDE_CARDS_RULE and "no such thing as an ante or sideboard" in SIDE_CARDS_RULE
    assert "spellfire-tournament-rules-2.0.txt" in SIDE_CARDS_RULE
    assert "51 side cards" in warning.message


def test_a_dek_sideboard_zone_is_reported_as_left_out(catalogue: Catalogue) -> None:
    deck = read_decklist(DEK.encode(), catalogue, filename="side.dek")
    assert len(deck.cards) == 1 and deck.side_cards == ("Sideboard: Fortification Breastwork",) * 2
    warning = side_warning(check_deck(deck, get_format("55")))
    assert warning is not None and warning.params == {"count": 2, "zones": ["Sideboard"]}


def test_a_deck_without_side_cards_has_no_such_warning(catalogue: Catalogue) -> None:
    deck = read_decklist(b"1 Fortification Breastwork\n", catalogue)
    assert deck.side_cards == () and side_warning(check_deck(deck, get_format("55"))) is None
