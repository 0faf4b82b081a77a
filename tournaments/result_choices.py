"""The results a match can end with, as one-tap choices: the buttons of the match slip and the results desk, the
scores the desk's keyboard entry and the API accept. One module, so the slip, the desk and the API offer the same.

Terms: a *score choice* is a duel's result as a score in seat order (``wins`` = games won by seat 1 and seat 2,
``draws`` = drawn games), stored as a score-only record (``tournaments.services.scoring``: the games' order is
not recorded). A score that does not decide the match (1-0 in a best of 3) is a result *at time*: it ends a
match only when time is called (``rules.results.score_match``: "A match cut short by time is won by the player
with more game wins; equal game wins is a drawn match"). A *placement choice* is a multiplayer table's result
of one game: one seat won (place 1, the others share place 2), or the game was drawn (every seat place 1).

The rules decide what is possible: every candidate passes ``rules.results.check_match_score`` (best of N, no
impossible score, no tied score in an elimination match: ``rules.results.ELIMINATION_RULE``) and then the same
scoring as a report (``tournaments.services.scoring.score``), so a score the rules refuse is never offered.
Which possible scores get a button is this module's choice: every score without a drawn game, and a single
drawn game in a best of 1 (a game drawn at time). Any other possible score (2-1-1 ...) is typed at the desk
("12 2-1-1"), sent to the API, or reported game by game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import gettext_lazy as _

from rules.errors import RulesError
from rules.results import check_match_score

from tournaments.errors import UserError
from tournaments.result_input import ResultInputError
from tournaments.services.scoring import normalised_score, parse_score_text, score

__all__ = ["DeskEntry", "PlacementChoice", "ScoreChoice", "duel_choices", "parse_desk_entry", "read_score",
           "score_choice", "table_choices"]


@dataclass(frozen=True)
class ScoreChoice:
    """A duel's score in seat order: ``wins`` (seat 1, seat 2), ``draws``; ``at_time``: it does not decide the
    match (only when time is called)."""

    wins: tuple[int, int]
    draws: int = 0
    at_time: bool = False

    @property
    def key(self) -> str:
        """"2-1", or "0-0-1" with drawn games: what the forms post and the desk's keyboard entry reads."""
        return f"{self.wins[0]}-{self.wins[1]}" + (f"-{self.draws}" if self.draws else "")

    def flipped(self) -> ScoreChoice:
        """The same result from seat 2's side (the slip shows a player their own games first)."""
        return ScoreChoice(wins=(self.wins[1], self.wins[0]), draws=self.draws, at_time=self.at_time)

    def as_score(self) -> dict:
        """The score as the results service takes it: ``{"wins": [a, b], "draws": d}``."""
        return {"wins": list(self.wins), "draws": self.draws}

    @property
    def outcome(self) -> str:
        """"won", "lost" or "drawn" for seat 1."""
        return "won" if self.wins[0] > self.wins[1] else "lost" if self.wins[0] < self.wins[1] else "drawn"


@dataclass(frozen=True)
class PlacementChoice:
    """A multiplayer table's one-game result: ``placements`` in seat order; ``winner`` the winning seat (None:
    the game was drawn)."""

    placements: tuple[int, ...]
    winner: int | None

    @property
    def key(self) -> str:
        """"1 2 2 2": what the forms post."""
        return " ".join(str(p) for p in self.placements)


def _accepted(record: dict, seats: int, best_of: int, elimination: bool) -> bool:
    try:
        score(record, seats=seats, best_of=best_of, elimination=elimination)
    except UserError:
        return False
    return True


@lru_cache(maxsize=32)
def _duel_choices(best_of: int, elimination: bool) -> tuple[ScoreChoice, ...]:
    needed = best_of // 2 + 1
    candidates = [(a, b, 0) for a in range(needed, -1, -1) for b in range(needed + 1)]
    if best_of == 1:
        candidates.append((0, 0, 1))
    choices = []
    for a, b, draws in candidates:
        try:
            check_match_score((a, b), draws, best_of, elimination=elimination)
        except RulesError:
            continue
        if _accepted({"score": {"wins": [a, b], "draws": draws}}, 2, best_of, elimination):
            choices.append(ScoreChoice(wins=(a, b), draws=draws, at_time=max(a, b) < needed))
    decided = sorted((c for c in choices if not c.at_time), key=lambda c: (-c.wins[0], c.wins[1]))
    at_time = sorted((c for c in choices if c.at_time), key=lambda c: (c.outcome != "won", c.outcome == "drawn",
                                                                      -c.wins[0], c.wins[1]))
    return tuple(decided + at_time)


def duel_choices(best_of: int, *, elimination: bool = False) -> list[ScoreChoice]:
    """The scores a duel of a best of ``best_of`` can end with, each a button: the scores that decide the match
    first (best of 3: 2-0, 2-1, 1-2, 0-2), then those at time (1-0, 0-1, 1-1; in a best of 1 a drawn game,
    0-0-1). An elimination match offers no tied score (``rules.results.ELIMINATION_RULE``), and a score at time
    only where the scoring decides it. A ``best_of`` other than 1, 3 or 5 has none."""
    if best_of not in (1, 3, 5):
        return []
    return list(_duel_choices(best_of, elimination))


def table_choices(seats: int, *, elimination: bool = False) -> list[PlacementChoice]:
    """A multiplayer table's one-game results, each a button: each seat's win (that seat 1, the others share
    2), then a drawn game (every seat 1), except in an elimination round, where a table needs a single winner.
    Each is checked by the same scoring as a report (``rules.history.validate_history``)."""
    choices = [PlacementChoice(placements=tuple(1 if s == w else 2 for s in range(1, seats + 1)), winner=w)
               for w in range(1, seats + 1)]
    choices.append(PlacementChoice(placements=(1,) * seats, winner=None))
    return [c for c in choices
            if _accepted({"placements": list(c.placements)}, seats, 3, elimination)]


def score_choice(key: str, best_of: int, *, elimination: bool = False, seat: int | None = None) -> ScoreChoice:
    """The score posted as ``key`` ("2-1", "2-1-1"): from the reporting player's side when ``seat`` is 2 (the
    slip shows a player their own games first), else in seat order. Any score the rules allow is read, not only
    the buttons' (``duel_choices``); the results service still scores it. Raises ``ResultInputError`` (code
    ``score``, a 400)."""
    parsed = parse_score_text(key or "")
    if parsed is None:
        raise ResultInputError(_("Choose the match result (for example 2-1)."), code="score")
    choice = ScoreChoice(wins=(parsed["wins"][0], parsed["wins"][1]), draws=parsed["draws"])
    if seat == 2:
        choice = choice.flipped()
    needed = best_of // 2 + 1
    return ScoreChoice(wins=choice.wins, draws=choice.draws, at_time=max(choice.wins) < needed)


@dataclass(frozen=True)
class DeskEntry:
    """One line of the results desk's keyboard entry: the ``table`` number and either a duel's ``score`` key in
    seat order ("2-1") or a multiplayer table's ``placements`` in seat order ((2, 1, 3, 4): seat 1 placed 2nd,
    seat 2 won, ...); the other is empty."""

    table: int
    score: str = ""
    placements: tuple[int, ...] = ()


def _desk_number(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) <= 5


def parse_desk_entry(text: str) -> DeskEntry:
    """A line typed at the results desk: the table number, then its result. A duel's score in seat order, e.g.
    "12 2-1", "12: 2-1", "t12 1-1", "12 2-1-1" (a drawn game); or a multiplayer table's places in seat order,
    one number per seat, e.g. "7 2 1 3 4" (seat 1 placed 2nd, seat 2 won, seat 3 3rd, seat 4 4th; equal numbers
    share a place, "7 1 1 3 4"). Whether the places fit the table (one per seat, places the rules allow, a single
    winner in an elimination round) is the results service's to say (``services.scoring.score``: the same
    check as a report). Raises UserError (code ``desk_entry``) saying what to type."""
    words = (text or "").replace(":", " ").replace(",", " ").split()
    if len(words) >= 2:
        table = words[0].lower().removeprefix("t").removeprefix("#")
        if _desk_number(table) and int(table) >= 1:
            if len(words) == 2 and parse_score_text(words[1]) is not None:
                return DeskEntry(table=int(table), score=words[1].replace("–", "-"))
            places = words[1:]
            if len(places) >= 3 and all(_desk_number(p) for p in places):
                return DeskEntry(table=int(table), placements=tuple(int(p) for p in places))
    raise UserError(_("Type the table number and its result: a duel's score, e.g. \"12 2-1\" (the first player's "
                      "games first), or a table's places in seat order, e.g. \"7 2 1 3 4\" (seat 1 placed 2nd, "
                      "seat 2 won ...); not \"%(text)s\"."), code="desk_entry",
                    params={"text": (text or "").strip()[:40]})


def read_score(value: object) -> dict:
    """A duel's score as the API sends it (``{"wins": [a, b], "draws": d}``, draws optional, or the text "2-1"),
    in seat order, as the results service takes it. Whether the score can happen is the service's to say (the
    rules: ``check_match_score``). Raises ``ResultInputError`` (code ``score``, a 400)."""
    try:
        return normalised_score(value)
    except UserError as exc:
        raise ResultInputError(_("Give the score as {\"wins\": [games won by seat 1, by seat 2], \"draws\": drawn "
                                 "games}, e.g. {\"wins\": [2, 1], \"draws\": 0}."), code="score") from exc
