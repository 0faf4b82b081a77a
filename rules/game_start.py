"""Starting a game: who goes first, and the hand sizes of each deck format.

Terms used here:

* **first-player draw** – each player draws (or cuts to) one card at random and notes
  the last digit of its card number; the highest digit goes first; the players tied
  for the highest draw again, until one of them is higher.  Done again whenever a game
  is restarted after a two-draw mulligan.
* **hand sizes** – ``DeckFormat.starting_hand``, ``draws_per_turn`` and ``hand_limit``
  (``rules.formats``): 5/3/8 for 55 cards, 6/4/10 for 75, 7/5/12 for 110
  (spellfire-tournament-rules-2.0.txt, "55-Card Game Drawing & Hand Size" and the 75-
  and 110-card paragraphs after it); the Brazilian rules give 5/3/8 for their 55-card
  deck (spellfire-regras-pt-br.txt, PREPARAÇÃO DO JOGO and O TURNO).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.results import ResultError

__all__ = ["FIRST_PLAYER_RULE", "FIRST_PLAYER_TEXT", "first_player", "tied_for_first"]

FIRST_PLAYER_RULE = (
    'spellfire-tournament-rules-2.0.txt, the paragraph after "How Dungeon Cards Work" ("To find out who goes first '
    'in a game, each player randomly draws (or cuts to) one card, noting the last digit of the card number. The '
    'player with the highest number goes first. In case of a tie, the players who tied draw again until one of '
    'them draws a higher card."); Two-Draw Mulligan ("When starting a new game as a result of a mulligan, players '
    'need to determine again who goes first."). The Brazilian rules do not say how (spellfire-regras-pt-br.txt, '
    'PREPARAÇÃO DO JOGO: "O jogo começa com um dos jogadores fazendo seu primeiro turno"), so the 2.0 draw applies.'
)

FIRST_PLAYER_TEXT = (
    "Each player draws (or cuts to) one card at random and notes the last digit of its card number. "
    "The highest digit goes first; players tied for the highest draw again until one of them is higher. "
    "Play then proceeds clockwise. After a two-draw mulligan the game starts over and the draw is made again."
)


def tied_for_first(draw: Mapping[str, int]) -> list[str]:
    """The players of one draw (player -> card number drawn) whose last digit is the highest, in draw order.

    One player: that player goes first; several: they draw again.  Raises
    ``ResultError("first_player_draw")`` for an empty draw or a card number that is not
    a whole number of 0 or more.
    """
    if not draw:
        raise ResultError("first_player_draw", "A first-player draw needs at least one player's card.")
    for player, number in draw.items():
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise ResultError("first_player_draw", f"{player} drew {number!r}: give the card number drawn.",
                              player=player)
    best = max(number % 10 for number in draw.values())
    return [player for player, number in draw.items() if number % 10 == best]


def first_player(draws: Sequence[Mapping[str, int]]) -> str:
    """Who goes first, from the draws made in order (``FIRST_PLAYER_RULE``).

    ``draws[0]`` has every player's card number; each later draw must hold exactly the
    players tied for the highest last digit in the draw before.  Returns the player
    who goes first.  Raises ``ResultError`` "first_player_draw" (a malformed draw, or a
    later draw by players who were not tied, or a draw after the question was settled)
    or "first_player_tied" (the last draw is still tied: ``params["players"]`` must draw
    again).
    """
    if not draws:
        raise ResultError("first_player_draw", "No draw was made: every player draws one card.")
    tied: list[str] = []
    for index, draw in enumerate(draws):
        if index and sorted(draw) != sorted(tied):
            raise ResultError(
                "first_player_draw",
                f"Draw {index + 1} must be made by exactly the players tied before: {', '.join(tied)}.",
                players=tied,
            )
        if index and len(tied) == 1:
            raise ResultError("first_player_draw", f"{tied[0]} already goes first; no further draw is made.")
        tied = tied_for_first(draw)
        if len(tied) == 1 and index < len(draws) - 1:
            raise ResultError("first_player_draw", f"{tied[0]} already goes first after draw {index + 1}; "
                              "no further draw is made.", players=tied)
    if len(tied) > 1:
        raise ResultError("first_player_tied", f"{', '.join(tied)} tied for the highest last digit: they draw "
                          "again.", players=tied, rule=FIRST_PLAYER_RULE)
    return tied[0]
