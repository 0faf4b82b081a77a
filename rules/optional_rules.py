"""The optional rules variants a tournament posts.

"Tournaments should always post what optional rules variants and victory conditions are being used so as to allow
players to create decks that match the intent of the tournament. If no variants are listed, it assumes a standard,
6-realm game is being played" (spellfire-tournament-rules-2.0.txt, the section before 55-Card Deck (Standard):
``POSTING_RULE``). The texts name the variants of ``OPTIONAL_RULES`` (each with its citation); the victory condition
and running out of cards are settings of their own (``rules.results.VICTORY_RULE``, ``DECK_OUT_RULES``), and an
organiser may post any other variant as free text.
"""

from __future__ import annotations

__all__ = ["OPTIONAL_RULES", "POSTING_RULE", "MAX_OPTIONAL_RULES_TEXT"]

POSTING_RULE = (
    "spellfire-tournament-rules-2.0.txt, before 55-Card Deck (Standard) (\"Tournaments should always post what "
    "optional rules variants and victory conditions are being used\"; \"The tournament coordinator always decides "
    "optional rules\")"
)

#: Variant code -> where the rules texts name it.
OPTIONAL_RULES: dict[str, str] = {
    "barbarians_game": (
        "spellfire-tournament-rules-2.0.txt, 75-Card Deck (\"tournaments offering rules variants like the "
        "Barbarian's Game\")"
    ),
}

#: Longest free text of optional rules an organiser posts (characters).
MAX_OPTIONAL_RULES_TEXT = 1000
