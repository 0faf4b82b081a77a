"""What the pages show of a match, computed once in the view instead of set as attributes on the model.

``MatchRow`` is a match (``row.match``) with its seats in seat order (``row.seats``) and the text and
flags the templates need: the round, manage, bracket and match pages read these, never ad-hoc
attributes of ``Match``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.functional import Promise

from rules.formats import HAND_SIZES, DeckFormat
from rules.game_start import FIRST_PLAYER_RULE, FIRST_PLAYER_TEXT
from rules.results import VICTORY_RULE

from tournaments.models import Match, Registration, Seat, Tournament
from tournaments.pages.forms import organiser_game_choices
from tournaments.services.results import outcome_text
from tournaments.services.scoring import Outcome


@dataclass
class MatchRow:
    """A match and its seats as the pages show them.

    ``result_text``: the confirmed result ("alice 2-1 bob", "1. carol (2 won), ..."; "" before);
    ``advances``: the single winner of a confirmed match (the one seat placed first), else None;
    ``organiser_choices``: the organiser's game choices with the players' names (a duel);
    ``is_mine``: the viewing player sits at this table (the round page);
    ``evidence``: every report side by side (``selectors.match_submissions``; the manage page, disputes only).
    """

    match: Match
    seats: list[Seat]
    result_text: str = ""
    advances: Registration | None = None
    organiser_choices: list[tuple[str, str | Promise]] = field(default_factory=list)
    is_mine: bool = False
    evidence: list[dict] = field(default_factory=list)

    @property
    def is_bye(self) -> bool:
        """One seat: a bye."""
        return len(self.seats) == 1

    @property
    def is_duel(self) -> bool:
        """Two seats: the duel forms (players A and B); any other count gets the table forms."""
        return len(self.seats) == 2


def match_row(match: Match, *, mine_id: int | None = None, deck_out: str = "game_ends") -> MatchRow:
    """The row of one match whose seats are prefetched in seat order (``selectors.round_matches``);
    ``mine_id``: the viewing player's registration, for ``is_mine``; ``deck_out``: the tournament's
    running-out-of-cards setting (no deck-out choice under ``reshuffle``)."""
    seats = list(match.seats.all())
    result_text = ""
    advances = None
    wins = tuple(s.wins for s in seats if s.wins is not None)
    placements = tuple(s.placement for s in seats if s.placement is not None)
    if match.is_confirmed and seats and len(wins) == len(placements) == len(seats):
        result_text = outcome_text(seats, Outcome(wins=wins, placements=placements, draws=match.draws or 0))
        firsts = [s for s in seats if s.placement == 1]
        if len(firsts) == 1:
            advances = firsts[0].registration
    return MatchRow(
        match=match, seats=seats, result_text=result_text, advances=advances,
        organiser_choices=organiser_game_choices([s.registration.display_name for s in seats], deck_out),
        is_mine=mine_id is not None and any(s.registration_id == mine_id for s in seats),
    )


def match_rows(matches: Iterable[Match], *, mine_id: int | None = None,
               deck_out: str = "game_ends") -> list[MatchRow]:
    """``match_row`` of each match, in order."""
    return [match_row(m, mine_id=mine_id, deck_out=deck_out) for m in matches]


@dataclass(frozen=True)
class GameStart:
    """What the rules say at the start of every game of a tournament, for the match slip and the format page:
    who goes first (``rules.game_start``), the hand sizes of the tournament's frozen format (``None`` when the
    format gives none and its size has no 2.0 numbers), the victory condition's rule."""

    first_player_text: str
    first_player_rule: str
    deck_size: int
    starting_hand: int | None
    draws_per_turn: int | None
    hand_limit: int | None
    hand_source: str
    victory_rule: str


def game_start(tournament: Tournament) -> GameStart:
    """The ``GameStart`` of ``tournament``: hand sizes from its frozen format; a format stored without them
    shows the 2.0 numbers of its deck size (``rules.formats.HAND_SIZES``), or none."""
    fmt = DeckFormat.from_dict(tournament.deck_format)
    hands: tuple[int | None, int | None, int | None, str] = (
        fmt.starting_hand, fmt.draws_per_turn, fmt.hand_limit, fmt.hand_source)
    if fmt.starting_hand is None:
        hands = HAND_SIZES.get(fmt.total, (None, None, None, ""))
    return GameStart(first_player_text=FIRST_PLAYER_TEXT, first_player_rule=FIRST_PLAYER_RULE, deck_size=fmt.total,
                     starting_hand=hands[0], draws_per_turn=hands[1], hand_limit=hands[2], hand_source=hands[3],
                     victory_rule=VICTORY_RULE)
