"""Cards that may not share a deck, and pairs a deck builder is warned about, as data.

Terms used here:

* **card pair** – two groups of cards (``first`` and ``second``, each a tuple of card
  identities ``(card type, name)``, see ``rules.cards.Card.identity``): a deck holding
  a card of one group and a card of the other is refused (``mode`` "refuse", the
  ``forbidden_pair`` violation) or warned (``mode`` "warn", a ``discouraged_pair``
  warning in ``Verdict.warnings``).  Cards are named by identity, so every printing
  counts (the translations and renamed reprints ``rules.cards.map_printings`` links
  too), in every format.
* **source** – where the pair is written: CrossFire's DeckIt! editor
  (``spellfire/CrossFire`` ``Scripts/Editor.tcl``, ``Editor::AddCardToDeck``, the list
  after "Check for cards that are not allowed to be in a deck together", commit
  5215d0e3525c22b98b0b15b6afe74c6892760464) and the card's own text, which takes
  precedence over the rules (spellfire-tournament-rules-2.0.txt, introduction:
  "In all cases, the special power on the card takes precedence over the rules
  presented here").

CrossFire names its cards by key (``NO/393 1st/393 2nd/393`` for Disintegrate); the
identities below are those keys' card type and name.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CARD_PAIRS", "CardPair", "EDITOR_SOURCE", "PRECEDENCE_RULE"]

#: Where CrossFire's deck editor keeps its pair list.
EDITOR_SOURCE = (
    "spellfire/CrossFire Scripts/Editor.tcl, Editor::AddCardToDeck "
    '("Check for cards that are not allowed to be in a deck together")'
)

#: The 2.0 sentence that makes a card's own text override the construction rules.
PRECEDENCE_RULE = (
    "spellfire-tournament-rules-2.0.txt, introduction (paragraph \"SPELLFIRE is a collectible card game\"): "
    '"In all cases, the special power on the card takes precedence over the rules presented here."'
)


@dataclass(frozen=True)
class CardPair:
    """Two groups of cards that may not (``mode="refuse"``) or should not (``mode="warn"``) share a deck.

    ``first`` / ``second``: card identities ``(card type, name)``; ``crossfire_keys``:
    the keys CrossFire lists (provenance, not used to match); ``message``: the
    editor's words; ``source``: the citation.
    """

    first: tuple[tuple[str, str], ...]
    second: tuple[tuple[str, str], ...]
    mode: str
    message: str
    source: str
    crossfire_keys: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())


_CARAVAN = ("Event", "The Caravan")
_GOOD_FORTUNE = ("Event", "Good Fortune")
_NOT_SO_FAST = ("Holding", "Not So Fast")

#: Every pair, in CrossFire's order, then the pairs only card text states.
CARD_PAIRS: tuple[CardPair, ...] = (
    CardPair(
        first=(("Wizard Spell", "Disintegrate"),),
        second=(("Psionic Power", "Psionic Disintegration"),),
        mode="refuse",
        message="Disintegrate and Psionic Disintegration cannot be in a deck together.",
        source=f'{EDITOR_SOURCE}; card text of DU/73 Psionic Disintegration: "Cannot be used in a deck '
               f'containing Disintegrate (393/2nd)."; {PRECEDENCE_RULE}',
        crossfire_keys=(("NO/393", "1st/393", "2nd/393"), ("DU/073",)),
    ),
    CardPair(
        first=(_CARAVAN,),
        second=(_NOT_SO_FAST,),
        mode="refuse",
        message="The Caravan and Not So Fast cannot be in a deck together.",
        source=f'{EDITOR_SOURCE}; card text of CH/72 Not So Fast: "This card cannot be included in a deck '
               f'that includes The Caravan or Good Fortune."; {PRECEDENCE_RULE}',
        crossfire_keys=(("NO/319", "1st/319", "2nd/319", "3rd/319", "4th/131"), ("CH/072",)),
    ),
    CardPair(
        first=(_GOOD_FORTUNE,),
        second=(_NOT_SO_FAST,),
        mode="refuse",
        message="Good Fortune and Not So Fast cannot be in a deck together.",
        source=f'{EDITOR_SOURCE}; card text of CH/72 Not So Fast: "This card cannot be included in a deck '
               f'that includes The Caravan or Good Fortune."; {PRECEDENCE_RULE}',
        crossfire_keys=(("NO/100", "1st/100", "2nd/100", "3rd/100", "4th/120"), ("CH/072",)),
    ),
    CardPair(
        first=(("Dungeon", "The Azure Tower of Onad the Fallen"),),
        second=(("Event", "A Good Defense"),),
        mode="warn",
        message="The Azure Tower of Onad the Fallen and A Good Defense do not work well together.",
        source=f"{EDITOR_SOURCE} (mode warn: the editor adds the card and shows a warning)",
        crossfire_keys=(("DU/024",), ("IQ/048",)),
    ),
    CardPair(
        first=(("Event", "Desert Cave"),),
        second=(_CARAVAN, ("Event", "Sea Caravan")),
        mode="refuse",
        message="Desert Cave cannot be in a deck with The Caravan or Sea Caravan.",
        source=f'card text of AB/21 Desert Cave: "Cannot be in a deck containing Caravan or Sea Caravan."; '
               f"{PRECEDENCE_RULE}",
    ),
    CardPair(
        first=(("Event", "Sea Caravan"),),
        second=(_CARAVAN,),
        mode="refuse",
        message="Sea Caravan cannot be in a deck with The Caravan.",
        source=f'card text of AB/30 Sea Caravan: "Cannot be in a deck containing Caravan or Desert Cave."; '
               f"{PRECEDENCE_RULE}",
    ),
)
