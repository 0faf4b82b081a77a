"""What the pages show of a match, computed once in the view instead of set as attributes on the model.

``MatchRow`` is a match (``row.match``) with its seats in seat order (``row.seats``) and the text and
flags the templates need: the round, manage, bracket and match pages read these, never ad-hoc
attributes of ``Match``. Also what the rules say at the start of a game (``GameStart``) and a result report
told game by game (``Report``, the match slip).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext

from rules.formats import HAND_SIZES, DeckFormat
from rules.game_start import FIRST_PLAYER_RULE, FIRST_PLAYER_TEXT
from rules.errors import RulesError
from rules.results import COUNT_ORDER, VICTORY_RULE, Game, GameCounts, resolve_game

from tournaments.models import Match, Registration, Seat, Tournament
from tournaments.pages.forms import COUNT_LABELS, organiser_game_choices
from tournaments.presentation import outcome_text, score_only_text
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
        """One seat: no game to play, no slip (a bye, or a late player's loss with no opponent: ``is_late_loss``)."""
        return len(self.seats) == 1

    @property
    def is_late_loss(self) -> bool:
        """One seat lost with no opponent (``Match.opponentless_loss``: a late player's, TOM's "LATE")."""
        return len(self.seats) == 1 and self.match.opponentless_loss

    @property
    def is_duel(self) -> bool:
        """Two seats: the duel forms (players A and B); any other count gets the table forms."""
        return len(self.seats) == 2


def match_row(match: Match, *, mine_id: int | None = None, deck_out: str = "game_ends",
              last_card: bool = False) -> MatchRow:
    """The row of one match whose seats are prefetched in seat order (``selectors.round_matches``);
    ``mine_id``: the viewing player's registration, for ``is_mine``; ``deck_out``: the tournament's
    running-out-of-cards setting (no deck-out choice under ``reshuffle``); ``last_card``: its game ends at a
    player's last card (``Tournament.deck_out_at_last_card``), as its deck-out choice says."""
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
        organiser_choices=organiser_game_choices([s.registration.display_name for s in seats], deck_out,
                                                 last_card=last_card),
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


#: rules.game_start.FIRST_PLAYER_TEXT, to be translated (the English text when rules/ changes it).
_FIRST_PLAYER_TEXT = gettext_noop(
    "Each player draws (or cuts to) one card at random and notes the last digit of its card number. "
    "The highest digit goes first; players tied for the highest draw again until one of them is higher. "
    "Play then proceeds clockwise. After a two-draw mulligan the game starts over and the draw is made again.")


def game_start(tournament: Tournament) -> GameStart:
    """The ``GameStart`` of ``tournament``: hand sizes from its frozen format; a format stored without them
    shows the 2.0 numbers of its deck size (``rules.formats.HAND_SIZES``), or none."""
    fmt = DeckFormat.from_dict(tournament.deck_format)
    hands: tuple[int | None, int | None, int | None, str] = (
        fmt.starting_hand, fmt.draws_per_turn, fmt.hand_limit, fmt.hand_source)
    if fmt.starting_hand is None:
        hands = HAND_SIZES.get(fmt.total, (None, None, None, ""))
    first = _(_FIRST_PLAYER_TEXT) if FIRST_PLAYER_TEXT == _FIRST_PLAYER_TEXT else FIRST_PLAYER_TEXT
    return GameStart(first_player_text=first, first_player_rule=FIRST_PLAYER_RULE, deck_size=fmt.total,
                     starting_hand=hands[0], draws_per_turn=hands[1], hand_limit=hands[2], hand_source=hands[3],
                     victory_rule=VICTORY_RULE)



# --------------------------------------------------------------------------- a report, game by game
@dataclass
class ReportGame:
    """One game of a result report as the match slip shows it (a two-draw mulligan restarts a game, so it is
    told with the game it restarted, never numbered as a game of its own).

    ``number``: 1.. (games actually played); ``text``: "Game 2: carol won (bob ran out of cards)";
    ``winner``: the winner's name ("" for a drawn or undecided game); ``mulligans``: the names of the players
    who declared a two-draw mulligan before it, in order; ``ended``: how it ended when not simply won
    ("unfinished when time was called", "bob ran out of cards", ...); ``counts``: the end-of-game counts as
    rows ``(label, [value per seat in seat order])``, empty when none were recorded."""

    number: int
    text: str
    winner: str = ""
    mulligans: list[str] = field(default_factory=list)
    ended: str = ""
    counts: list[tuple[str | Promise, list[object]]] = field(default_factory=list)
    #: who went first (the first-player draw, again after a two-draw mulligan: rules.game_start), "" if not recorded
    first: str = ""


@dataclass
class Report:
    """A whole report (``ResultSubmission.record``): ``games`` (``ReportGame``), ``placements`` (text lines of a
    table reported by places), ``mulligans`` (each player's two-draw mulligans: ``[(name, count)]``) and
    ``trailing_mulligans`` (mulligans after the last game, no game followed)."""

    games: list[ReportGame]
    placements: list[str]
    mulligans: list[tuple[str, int]]
    trailing_mulligans: list[str] = field(default_factory=list)


def _counts_rows(counts: dict | None, seat_count: int) -> list[tuple[str | Promise, list[object]]]:
    if not counts:
        return []
    return [(COUNT_LABELS.get(name, name), [counts.get(str(n), {}).get(name, "–") for n in range(1, seat_count + 1)])
            for name in COUNT_ORDER]


def _decided_by_counts(game: dict, end_of_round: str) -> int | None:
    """The seat (1..) the counts give a stopped game to (``rules.results.resolve_game``), None for a draw or when
    the counts are missing or malformed."""
    counts = game.get("counts")
    if not counts or set(counts) != {"1", "2"}:
        return None
    try:
        rules_game = Game(unfinished=bool(game.get("unfinished")), deck_out=bool(game.get("deck_out")),
                          counts=(GameCounts(**counts["1"]), GameCounts(**counts["2"])))
        resolved = resolve_game(rules_game, end_of_round)
    except (RulesError, TypeError):
        return None
    return None if resolved.winner is None else resolved.winner + 1


def report_of(record: dict, names: dict[int, str], *, end_of_round: str, last_card: bool = False) -> Report:
    """``record`` (a ``ResultSubmission.record``, seats numbered from 1) as the match slip tells it: the winner of
    each game by name (a decked-out or unfinished game decided by the counts names its winner, worked out by
    ``rules.results.resolve_game`` as scoring does: spellfire-special-circumstances-guide.txt, Running out of
    cards), the two-draw mulligans each player declared (spellfire-tournament-rules-2.0.txt, Two-Draw
    Mulligan) and the end-of-game counts. ``names``: seat number -> name; ``end_of_round``: the tournament's
    procedure for games unfinished at time; ``last_card``: the game ends when a player puts down their last card (the
    Brazilian rules, ``Tournament.deck_out_at_last_card``: spellfire-regras-pt-br.txt, VENCENDO), so a deck-out says
    so rather than "ran out of cards"."""
    seat_count = max(names) if names else 2
    if "placements" in record:
        order = sorted(enumerate(record["placements"], start=1), key=lambda item: (item[1], item[0]))
        return Report(games=[], placements=[f"{place}. {names.get(seat, seat)}" for seat, place in order],
                      mulligans=[])
    if "score" in record:
        return Report(games=[], placements=[score_only_text(record["score"], names)], mulligans=[])
    games: list[ReportGame] = []
    waiting: list[str] = []
    declared: dict[int, int] = {}
    for game in record.get("games", []):
        if game.get("mulligan_by"):
            declared[game["mulligan_by"]] = declared.get(game["mulligan_by"], 0) + 1
            waiting.append(names.get(game["mulligan_by"], str(game["mulligan_by"])))
            continue
        winners = [names.get(s, str(s)) for s in game.get("winners") or []]
        ended = ""
        if game.get("deck_out") or game.get("unfinished"):
            seat = _decided_by_counts(game, end_of_round) if not winners else None
            if seat is not None:
                winners = [names.get(seat, str(seat))]
            counts = game.get("counts") or {}
            if game.get("deck_out"):
                out = [names.get(int(s), s) for s, values in sorted(counts.items()) if values.get("draw_pile") == 0]
                if last_card:
                    ended = (_("%(name)s put down their last card") % {"name": out[0]} if len(out) == 1
                             else _("a player put down their last card"))
                else:
                    ended = (_("%(name)s ran out of cards") % {"name": out[0]} if len(out) == 1
                             else _("a draw pile ran out"))
            else:
                ended = _("unfinished when time was called")
        if winners:
            result = ngettext("%(names)s won", "%(names)s won", len(winners)) % {"names": join_names(winners)}
        elif game.get("drawn") or game.get("unfinished") or game.get("deck_out"):
            result = pgettext("game result", "drawn")
        else:
            result = _("no outcome")
        if ended:
            text = _("Game %(n)s: %(result)s (%(ended)s)") % {"n": len(games) + 1, "result": result, "ended": ended}
        else:
            text = _("Game %(n)s: %(result)s") % {"n": len(games) + 1, "result": result}
        games.append(ReportGame(number=len(games) + 1, text=text, winner=join_names(winners),
                                mulligans=waiting, ended=ended,
                                first=names.get(game["first"], str(game["first"])) if game.get("first") else "",
                                counts=_counts_rows(game.get("counts"), seat_count)))
        waiting = []
    return Report(games=games, placements=[], trailing_mulligans=waiting,
                  mulligans=[(names[n], declared.get(n, 0)) for n in sorted(names)])


def score_for(outcome: dict, seat: int, seat_count: int) -> str:
    """A duel's score from one seat's side: "2-1" (with "-1" drawn games); "" at a table of three or more."""
    if seat_count != 2 or not outcome.get("wins"):
        return ""
    wins = outcome["wins"]
    text = f"{wins[seat - 1]}-{wins[2 - seat]}"
    return f"{text}-{outcome['draws']}" if outcome.get("draws") else text


def join_names(names: list[str]) -> str:
    """Names joined in the active language: "ana", "ana and bia", "ana, bia and caio"."""
    if len(names) <= 1:
        return "".join(names)
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}
