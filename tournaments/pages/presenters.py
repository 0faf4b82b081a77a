"""What the pages show of a match, computed once in the view instead of set as attributes on the model.

``MatchRow`` is a match (``row.match``) with its seats in seat order (``row.seats``) and the text and
flags the templates need: the round, manage, bracket and match pages read these, never ad-hoc
attributes of ``Match``.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext, pgettext, pgettext_lazy

from rules.formats import HAND_SIZES, DeckFormat
from rules.game_start import FIRST_PLAYER_RULE, FIRST_PLAYER_TEXT
from rules.errors import RulesError
from rules.standings import SYSTEMS
from rules.results import COUNT_ORDER, VICTORY_RULE, Game, GameCounts, resolve_game

from tournaments.models import AuditEntry, Match, Penalty, Registration, ResultSubmission, Seat, Tournament
from tournaments.pages.forms import COUNT_LABELS, TournamentForm, organiser_game_choices
from tournaments.services.english import english
from tournaments.services.rounds import FINISHED_TEXTS
from tournaments.presentation import describe_record, outcome_text, outcome_text_of
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


def report_of(record: dict, names: dict[int, str], *, end_of_round: str) -> Report:
    """``record`` (a ``ResultSubmission.record``, seats numbered from 1) as the match slip tells it: the winner of
    each game by name (a decked-out or unfinished game decided by the counts names its winner, worked out by
    ``rules.results.resolve_game`` as scoring does: spellfire-special-circumstances-guide.txt, Running out of
    cards), the two-draw mulligans each player declared (spellfire-tournament-rules-2.0.txt, Two-Draw
    Mulligan) and the end-of-game counts. ``names``: seat number -> name; ``end_of_round``: the tournament's
    procedure for games unfinished at time."""
    seat_count = max(names) if names else 2
    if "placements" in record:
        order = sorted(enumerate(record["placements"], start=1), key=lambda item: (item[1], item[0]))
        return Report(games=[], placements=[f"{place}. {names.get(seat, seat)}" for seat, place in order],
                      mulligans=[])
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
                ended = (_("%(name)s ran out of cards") % {"name": out[0]} if len(out) == 1
                         else _("a draw pile ran out"))
            else:
                ended = _("unfinished when time was called")
        if winners:
            result = ngettext("%(names)s won", "%(names)s won", len(winners)) % {"names": _and(winners)}
        elif game.get("drawn") or game.get("unfinished") or game.get("deck_out"):
            result = pgettext("game result", "drawn")
        else:
            result = _("no outcome")
        if ended:
            text = _("Game %(n)s: %(result)s (%(ended)s)") % {"n": len(games) + 1, "result": result, "ended": ended}
        else:
            text = _("Game %(n)s: %(result)s") % {"n": len(games) + 1, "result": result}
        games.append(ReportGame(number=len(games) + 1, text=text, winner=_and(winners),
                                mulligans=waiting, ended=ended,
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


# --------------------------------------------------------------------------- the player's "your match now" panel
@dataclass(frozen=True)
class NowPanel:
    """What the "your match now" panel says of one ``selectors.MatchNow`` (``/me/`` and the event page).

    ``event``: the ``MatchNow``; ``phase``: "upcoming", "running" or "finished"; ``line``: where the player is,
    in one line ("Round 3, table 12, against carol", "Round 3: bye this round", "Waiting for round 2 to be
    paired", "Dropped after round 2"); ``report``: the state of the match's result in words ("carol reported
    2-1: confirm or dispute", "Waiting for carol to confirm your report (2-1)", "Disputed by carol: …");
    ``act``: the player must confirm or dispute the opponent's report; ``disputed``: the report is disputed;
    ``ends_at``: the end of the round clock while the player's match is open (else None);
    ``slip``: the match has a slip to open (a table, not a bye)."""

    event: object
    phase: str
    line: str
    report: str = ""
    act: bool = False
    disputed: bool = False
    ends_at: object = None
    slip: bool = False


def _and(names: list[str]) -> str:
    """Names joined in the active language: "ana", "ana and bia", "ana, bia and caio"."""
    if len(names) <= 1:
        return "".join(names)
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def _names(seats: list[Seat]) -> str:
    return _and([s.registration.display_name for s in seats])


def now_panel(event) -> NowPanel:
    """The ``NowPanel`` of a ``tournaments.selectors.MatchNow``."""
    t, reg = event.tournament, event.registration
    phase = {Tournament.Status.RUNNING: "running", Tournament.Status.FINISHED: "finished"}.get(t.status, "upcoming")
    if phase != "running":
        return NowPanel(event=event, phase=phase, line="")
    if reg.disqualified:
        return NowPanel(event=event, phase=phase, line=_("Disqualified"))
    if event.match is None and reg.dropped:
        after = reg.dropped_after_round
        return NowPanel(event=event, phase=phase,
                        line=(_("Dropped after round %(n)s") % {"n": after} if after
                              else _("Dropped before round 1")))
    if event.round is None:
        return NowPanel(event=event, phase=phase, line=_("Waiting for round 1 to be paired"))
    if event.match is None:
        return NowPanel(event=event, phase=phase, line=_("Waiting for round %(n)s to be paired") % {"n": event.round.number + 1})
    number, match = event.round.number, event.match
    others = [s for s in event.seats if s.number != event.seat]
    if not others:
        return NowPanel(event=event, phase=phase, line=_("Round %(n)s: bye this round") % {"n": number})
    line = _("Round %(n)s, table %(table)s, against %(names)s") % {
        "n": number, "table": match.table, "names": _names(others)}
    report, act, disputed = "", False, False
    if match.status == Match.Status.CONFIRMED:
        mine = next((s for s in event.seats if s.number == event.seat), None)
        if mine is not None and mine.placement is not None:
            score = score_for({"wins": [s.wins or 0 for s in event.seats], "draws": match.draws or 0},
                              event.seat, len(event.seats))
            won = "won" if mine.placement == 1 and not any(s.placement == 1 for s in others) else (
                "drew" if mine.placement == 1 else "lost")
            report = {"won": _("Result confirmed: you won %(score)s"), "drew": _("Result confirmed: you drew %(score)s"),
                      "lost": _("Result confirmed: you lost %(score)s")}[won] % {"score": score}
            report = report.strip()
            if len(event.seats) > 2:
                report = _("Result confirmed: you placed %(place)s") % {"place": mine.placement}
        else:
            report = _("Result confirmed")
    elif event.report is not None:
        sub = event.report
        by_seat = next((s for s in event.seats if s.registration.player_id == sub.submitted_by_id), None)
        by = by_seat.registration.display_name if by_seat else sub.submitted_by.get_username()
        score = score_for(sub.outcome, by_seat.number, len(event.seats)) if by_seat else ""
        reported = _("reported %(score)s") % {"score": score} if score else _("reported the result")
        if sub.state == ResultSubmission.State.DISPUTED:
            disputed = True
            responder = sub.responded_by.get_username() if sub.responded_by else _("a player")
            report = _("Disputed by %(name)s: the organiser will settle it") % {"name": responder}
        elif by_seat is not None and by_seat.number == event.seat:
            if score:
                report = _("Waiting for %(names)s to confirm your report (%(score)s)") % {
                    "names": _names(others), "score": score}
            else:
                report = _("Waiting for %(names)s to confirm your report") % {"names": _names(others)}
        else:
            act = True
            report = _("%(name)s %(reported)s: confirm or dispute") % {"name": by, "reported": reported}
    elif match.status == Match.Status.DISPUTED:
        disputed, report = True, _("Disputed: the organiser will settle it")
    else:
        report = _("No result reported yet")
    ends_at = event.round.ends_at(t.round_minutes) if match.status != Match.Status.CONFIRMED else None
    return NowPanel(event=event, phase=phase, line=line, report=report, act=act, disputed=disputed,
                    ends_at=ends_at, slip=True)


_FLAG = re.compile(r"(,\s*)?--[a-z][a-z-]*(,\s*)?")


#: tiebreaker_text's English texts of the built-in systems, to be translated (a changed text stays English).
_TIEBREAKER_TEXTS = frozenset((
    gettext_noop("match points, then OMW%, GW%, OGW% (Magic Tournament Rules, Appendix C; floors at 1/3)"),
    gettext_noop("as the Magic Tournament Rules, Appendix C, but a drawn game counts as played and earns no game "
                 "points (Melee.gg GW%)"),
    gettext_noop("match points, then OWP (resistance, floor 25%, dropped capped 75%), OOWP, head to head"),
    gettext_noop("chess score 1/0.5/0, then Buchholz, Buchholz cut 1, median Buchholz, Sonneborn-Berger, "
                 "progressive score (FIDE Tie-Break Regulations)"),
    gettext_noop("multiplayer tables: placement points (default 5,3,2,1), then opponents' points %, game-win %, "
                 "opponents' game-win % over every seat at the table"),
))


def tiebreaker_text(name: str) -> str:
    """What a tiebreaker system (``rules.standings.SYSTEMS``) ranks by, for players: its description without the
    command-line flags it mentions ("match points, then OMW%, GW%, OGW% (Magic Tournament Rules, Appendix C;
    floors at 1/3)"); the name itself for a system no longer registered."""
    system = SYSTEMS.get(name)
    if system is None:
        return name
    text = _FLAG.sub("", system.description).replace("()", "").strip()
    # "as mtg, but ...": another system by its id -> by the rules it follows
    text = re.sub(r"\bas (\w+),", lambda m: f"as the {SYSTEMS[m.group(1)].source}," if m.group(1) in SYSTEMS
                  else m.group(0), text)
    return _(text) if text in _TIEBREAKER_TEXTS else text


# --------------------------------------------------------------------------- what the public sees of the standings

#: What each tiebreaker column heading of ``rules.standings.SYSTEMS`` means, for its ``<abbr title>``.
COLUMN_TITLES: dict[str, Promise] = {
    "OMW%": gettext_lazy("Opponents' match-win percentage: the average match-win rate of the player's opponents"),
    "GW%": gettext_lazy("Game-win percentage: the share of games the player won"),
    "GW% (draws worth 0)": gettext_lazy("Game-win percentage, a drawn game counting as played and not won"),
    "OGW%": gettext_lazy("Opponents' game-win percentage: the average game-win rate of the player's opponents"),
    "OWP (resistance)": gettext_lazy("Opponents' win percentage (resistance)"),
    "OOWP": gettext_lazy("Opponents' opponents' win percentage"),
    "Head to head": gettext_lazy("The result between tied players who met"),
    "Score": gettext_lazy("Chess score: 1 a win, ½ a draw"),
    "Buchholz": gettext_lazy("The sum of the opponents' scores"),
    "Buchholz cut 1": gettext_lazy("Buchholz without the lowest opponent's score"),
    "Median Buchholz": gettext_lazy("Buchholz without the highest and lowest opponents' scores"),
    "Sonneborn-Berger": gettext_lazy("The scores of the opponents beaten, plus half those drawn"),
    "Progressive": gettext_lazy("The sum of the running score after each round"),
    "Opponents' points %": gettext_lazy("Opponents' share of the placement points available to them"),
}


#: The tiebreaker column headings of ``rules.standings.SYSTEMS`` (English, keyed as there) as the pages show
#: them: the words translated; abbreviations (OMW%, GW%, OGW%, OOWP) and names (Buchholz, Sonneborn-Berger)
#: kept as the player communities write them. A heading not listed is shown as ``rules`` gives it.
COLUMN_HEADINGS: dict[str, Promise] = {
    "GW% (draws worth 0)": gettext_lazy("GW% (draws worth 0)"),
    "OWP (resistance)": gettext_lazy("OWP (resistance)"),
    "Head to head": gettext_lazy("Head to head"),
    "Score": gettext_lazy("Score"),
    "Buchholz cut 1": gettext_lazy("Buchholz cut 1"),
    "Median Buchholz": gettext_lazy("Median Buchholz"),
    "Progressive": gettext_lazy("Progressive"),
    "Opponents' points %": gettext_lazy("Opponents' points %"),
}


@dataclass(frozen=True)
class StandingsColumn:
    """A tiebreaker column as the standings table shows it: the row ``key``, the ``heading`` (a human name,
    never a command-line flag), its ``title`` (what it means), ``percent`` (a fraction shown as a percentage)
    and ``primary`` (the first tiebreaker: the one column kept on a phone)."""

    key: str
    heading: str
    title: str
    percent: bool
    primary: bool


def standings_columns(columns: Iterable[tuple[str, str, bool]]) -> list[StandingsColumn]:
    """``StandingsSnapshot.columns`` ((key, heading, percent) from ``rules.standings.SYSTEMS``, the heading in
    English) with the heading and its title in the active language (``COLUMN_HEADINGS``, ``COLUMN_TITLES``)."""
    return [StandingsColumn(key=key, heading=str(COLUMN_HEADINGS.get(heading, heading)),
                            title=str(COLUMN_TITLES.get(heading, heading)),
                            percent=pct,
                            primary=i == 0) for i, (key, heading, pct) in enumerate(columns)]


# --------------------------------------------------------------------------- the bracket

_SEEDS = re.compile(r"seed (\d+) vs seed (\d+)")
_TABLE_SEEDS = re.compile(r"seeds ((?:\d+, )*\d+)")
_WINNERS = re.compile(r"winners' bracket (?:round (\d+)|(final))")
_LOSERS = re.compile(r"losers' bracket round (\d+)")


@dataclass(frozen=True)
class Stage:
    """Where a match of an elimination round sits in the bracket, read from its pairing reason's params (or, for a
    match stored before those, its English text; ``rules.pairings.elimination`` and
    ``rules.pairings.double_elimination`` write both): ``section`` ("main", "winners", "losers", "grand",
    "third"), ``number`` (the round within a double-elimination section, 99 for the winners' final; 0 elsewhere)
    and ``final`` (a multiplayer elimination table that is the final)."""

    section: str
    number: int = 0
    final: bool = False


def _bracket_params(params: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """The params that place a match in the bracket: a team table's own (``"teams"`` wraps them), else as given."""
    params = params or {}
    inner = params.get("table") if "teams" in params else None
    return (inner.get("params") or {}) if isinstance(inner, Mapping) else params


def stage_of(reason: str, params: Mapping[str, Any] | None = None) -> Stage:
    """The ``Stage`` of a match from its ``pairing_reason_params`` (``"stage"``, ``"bracket_round"``,
    ``"final"``; ``rules.pairings.REASON_CODES``), else from its English ``pairing_reason``."""
    found_params = _bracket_params(params)
    stage = found_params.get("stage")
    if isinstance(stage, str) and stage:
        number = int(found_params.get("bracket_round") or 0)
        final = bool(found_params.get("final"))
        if stage == "winners" and final:
            return Stage("winners", 99)
        return Stage(stage, number if stage in ("winners", "losers", "grand") else 0,
                     final=final and stage == "main")
    if reason.startswith("third-place match"):
        return Stage("third")
    if reason.startswith("grand final reset"):
        return Stage("grand", 2)
    if reason.startswith("grand final"):
        return Stage("grand", 1)
    found = _WINNERS.match(reason)
    if found:
        return Stage("winners", int(found.group(1)) if found.group(1) else 99)
    found = _LOSERS.match(reason)
    if found:
        return Stage("losers", int(found.group(1)))
    return Stage("main", final="(final)" in reason)


def seeds_in(reason: str, params: Mapping[str, Any] | None = None) -> list[int]:
    """The seeds of a match in seat order: its ``pairing_reason_params["seeds"]``, else those its English
    ``pairing_reason`` names ("seed 1 vs seed 8"; "seeds 1, 8, 9, 16"), or []."""
    seeds = _bracket_params(params).get("seeds")
    if isinstance(seeds, list):
        return [int(s) for s in seeds]
    found = _SEEDS.search(reason)
    if found:
        return [int(found.group(1)), int(found.group(2))]
    found = _TABLE_SEEDS.search(reason)
    return [int(s) for s in found.group(1).split(", ")] if found else []


def main_round_name(players: int, final: bool = False) -> str:
    """The name of a single-elimination round by the players it starts with (rounded up to a bracket size):
    2 "final", 4 "semi-final", 8 "quarter-final", else "round of N" (16, 32, ...)."""
    if final or players <= 2:
        return pgettext("elimination round", "final")
    size = 1 << (players - 1).bit_length()
    if size == 4:
        return pgettext("elimination round", "semi-final")
    if size == 8:
        return pgettext("elimination round", "quarter-final")
    return pgettext("elimination round", "round of %(n)s") % {"n": size}


def _main_players(stages_and_seats: Iterable[tuple[Stage, int]]) -> tuple[int, bool]:
    """(players in the main bracket of one round, is it a final by tables)."""
    pairs = [(stage, seats) for stage, seats in stages_and_seats if stage.section == "main"]
    return sum(seats for _, seats in pairs), any(stage.final for stage, _ in pairs)


def stage_name(stage: Stage, main_players: int = 0, main_final: bool = False, losers_rounds: int = 0) -> str:
    """The name of a stage in words: "quarter-final", "third-place match", "winners' round 2",
    "losers' final", "grand final", "grand final (reset)"."""
    if stage.section == "third":
        return _("third-place match")
    if stage.section == "grand":
        return _("grand final") if stage.number == 1 else _("grand final (reset)")
    if stage.section == "winners":
        return _("winners' final") if stage.number == 99 else _("winners' round %(n)s") % {"n": stage.number}
    if stage.section == "losers":
        if losers_rounds and stage.number == losers_rounds:
            return _("losers' final")
        return _("losers' round %(n)s") % {"n": stage.number}
    return main_round_name(main_players, main_final)


def elimination_round_title(tournament: Tournament, matches: Iterable[tuple[Any, ...]]) -> str:
    """The title of an elimination round from its matches' (pairing reason, seats) or (pairing reason, seats,
    pairing reason params): "Top 8 — quarter-final", "Single elimination — final and third-place match",
    "Double elimination — winners' round 2, losers' round 1".
    """
    stages = [(stage_of(match[0], match[2] if len(match) > 2 else None), match[1]) for match in matches]
    players, final = _main_players(stages)
    names: list[str] = []
    for stage, _seats in stages:
        name = stage_name(stage, players, final)
        if name not in names:
            names.append(name)
    if tournament.top_cut and tournament.structure in (Tournament.Structure.SWISS, Tournament.Structure.PODS):
        prefix = _("Top %(n)s") % {"n": tournament.top_cut}
    elif tournament.structure == Tournament.Structure.DOUBLE_ELIMINATION:
        prefix = _("Double elimination")
    else:
        prefix = _("Single elimination")
    if not names:
        return prefix
    return f"{prefix} — {_and(names)}"


@dataclass(frozen=True)
class BracketSlot:
    """One player in a bracket box: ``name``, ``seed`` (None when unknown), ``wins`` (games won once the result
    is confirmed) and ``won`` (they advance)."""

    name: str
    seed: int | None
    wins: int | None
    won: bool


@dataclass
class BracketMatch:
    """A box of the bracket: the match (``row``), its players (``slots``), the round it was played in
    (``round_number``), ``status`` in words until it is confirmed, ``is_bye``."""

    row: MatchRow
    slots: list[BracketSlot]
    round_number: int
    status: str = ""

    @property
    def is_bye(self) -> bool:
        return self.row.is_bye


@dataclass
class BracketColumn:
    """One round of a bracket section, named ("quarter-final"); ``pairs``: the boxes in bracket order, two
    by two when every box of the next column is fed by two of them (``joined``: draw the connectors), else one
    by one."""

    name: str
    pairs: list[list[BracketMatch]]
    joined: bool = False


@dataclass
class BracketSection:
    """A bracket (the single-elimination tree, or the winners' bracket, the losers' bracket and the grand
    final of a double elimination), its ``columns`` left to right, and the ``extra`` boxes (the third-place
    match) shown under the last column."""

    name: str
    columns: list[BracketColumn]
    extra: list[tuple[str, BracketMatch]] = field(default_factory=list)


def _slots(row: MatchRow, seed_of: dict[int, int]) -> list[BracketSlot]:
    confirmed = row.match.is_confirmed
    return [BracketSlot(name=s.registration.display_name, seed=seed_of.get(s.registration_id),
                        wins=s.wins if confirmed else None,
                        won=row.advances is not None and row.advances.pk == s.registration_id)
            for s in row.seats]


def _best_seeds(columns: list[list[BracketMatch]]) -> dict[int, float]:
    """The best (lowest) seed in each box's part of the bracket (the box and every box that fed it), by
    ``id(box)``, left to right; an unseeded player counts as no seed."""
    best: dict[int, float] = {}
    winner_of: dict[int, float] = {}  # registration id -> best seed of the part of the bracket it came through
    for column in columns:
        for box in column:
            seeds = [s.seed if s.seed is not None else math.inf for s in box.slots]
            came = [winner_of.get(s.registration_id, math.inf) for s in box.row.seats]
            best[id(box)] = min([*seeds, *came], default=math.inf)
        for box in column:
            if box.row.advances is not None:
                winner_of[box.row.advances.pk] = best[id(box)]
    return best


def _order(columns: list[list[BracketMatch]]) -> list[BracketColumn]:
    """Bracket order, right to left: the last column by best seed; each earlier column ordered by the box its
    winner moves on to, then by best seed (so the top seed's path runs along the top, 1 v 8 above 4 v 5), and
    connectors join a box to the two that fed it."""
    best = _best_seeds(columns)
    ordered: list[list[BracketMatch]] = [list(c) for c in columns]
    if ordered:
        ordered[-1].sort(key=lambda b: best[id(b)])
    joined = [False] * len(columns)
    for i in range(len(columns) - 2, -1, -1):
        later = ordered[i + 1]
        position = {s.registration_id: k for k, box in enumerate(later) for s in box.row.seats}
        fed = {id(box): position.get(box.row.advances.pk) if box.row.advances else None for box in ordered[i]}
        known = sorted((box for box in ordered[i] if fed[id(box)] is not None),
                       key=lambda b: (fed[id(b)] or 0, best[id(b)]))
        rest = [box for box in ordered[i] if fed[id(box)] is None]
        ordered[i] = known + rest
        joined[i] = not rest and len(later) * 2 == len(ordered[i]) and all(
            sum(1 for v in fed.values() if v == k) == 2 for k in range(len(later)))
    result = []
    for boxes, join in zip(ordered, joined):
        pairs = [boxes[k:k + 2] for k in range(0, len(boxes), 2)] if join else [[b] for b in boxes]
        result.append(BracketColumn(name="", pairs=pairs, joined=join))
    return result


def _stage(row: MatchRow) -> Stage:
    return stage_of(row.match.pairing_reason, row.match.pairing_reason_params)


def bracket_sections(tournament: Tournament, rounds: Iterable[tuple[int, list[MatchRow]]]) -> list[BracketSection]:
    """The bracket of a tournament drawn as brackets, from its elimination rounds ((round number, match rows)
    in order): one section for single elimination (columns "quarter-final", "semi-final", "final", the
    third-place match under the final), or the winners' bracket, losers' bracket and grand final of a double
    elimination (``rules.pairings.double_elimination``; PAIRINGS.md §3.1-3.2). Seeds come from the pairing
    reasons (the Swiss rank for a top cut, else the bracket's seeding); a player's seed holds for the whole
    bracket."""
    rounds = list(rounds)
    seed_of: dict[int, int] = {}
    for _number, rows in rounds:
        for row in rows:
            for seat, seed in zip(row.seats, seeds_in(row.match.pairing_reason, row.match.pairing_reason_params)):
                seed_of.setdefault(seat.registration_id, seed)
    # (section, key) -> (name, boxes); keys sort the columns left to right
    columns: dict[str, dict[int, tuple[str, list[BracketMatch]]]] = {}
    extra: list[tuple[str, BracketMatch]] = []
    losers_rounds = max((_stage(r).number for _n, rows in rounds for r in rows
                         if _stage(r).section == "losers"), default=0)
    for number, rows in rounds:
        stages = [(_stage(r), r) for r in rows]
        players, final = _main_players((s, len(r.seats)) for s, r in stages)
        for stage, row in stages:
            box = BracketMatch(row=row, slots=_slots(row, seed_of), round_number=number,
                               status="" if row.match.is_confirmed else row.match.get_status_display())
            name = stage_name(stage, players, final, losers_rounds)
            if stage.section == "third":
                extra.append((name, box))
                continue
            section = "winners" if stage.section == "main" else stage.section
            key = number if stage.section == "main" else stage.number
            columns.setdefault(section, {}).setdefault(key, (name, []))[1].append(box)
    titles = {"winners": _("Winners' bracket") if "losers" in columns else "", "losers": _("Losers' bracket"),
              "grand": _("Grand final")}
    sections = []
    for section in ("winners", "losers", "grand"):
        if section not in columns:
            continue
        keyed = sorted(columns[section].items())
        drawn = _order([boxes for _key, (_name, boxes) in keyed])
        for column, (_key, (name, _boxes)) in zip(drawn, keyed):
            column.name = name
        sections.append(BracketSection(name=titles[section], columns=drawn))
    if extra and sections:
        sections[0].extra = extra
    return sections


# --------------------------------------------------------------------------- the audit log
#: The keys the services write in an audit entry's ``before``/``after`` (tournaments/services/*.py,
#: decks/services.py), as the pages name them. A key of the event's settings (``tournament_update``) is named as
#: the event's form names it; any other key by its words ("some_key": "Some key").
AUDIT_KEYS: dict[str, Promise] = {
    "status": gettext_lazy("Status"),
    "result": gettext_lazy("Result"),
    "games": gettext_lazy("Games"),
    "player": gettext_lazy("Player"),
    "players": gettext_lazy("Players"),
    "checked_in": gettext_lazy("Checked in"),
    "state": pgettext_lazy("audit log: a player's state", "State"),
    "account": gettext_lazy("Account"),
    "round": gettext_lazy("Round"),
    "started_at": gettext_lazy("Started at"),
    "paused_at": gettext_lazy("Paused at"),
    "paused_seconds": gettext_lazy("Paused seconds"),
    "extra_minutes": gettext_lazy("Extra minutes"),
    "table": gettext_lazy("Table"),
    "tables": gettext_lazy("Tables"),
    "version": gettext_lazy("Version"),
    "format": gettext_lazy("Format"),
    "penalty": gettext_lazy("Penalty"),
    "penalties": gettext_lazy("Penalties"),
    "seed": gettext_lazy("Seed"),
    "reason": gettext_lazy("Reason"),
    "until_round": gettext_lazy("Until round"),
    "byes": gettext_lazy("Byes"),
    "rounds_paired": gettext_lazy("Rounds paired"),
    "dropped": gettext_lazy("Dropped"),
    "dropped_after_round": gettext_lazy("Dropped after round"),
    "winner": gettext_lazy("Winner"),
    "co_organisers": gettext_lazy("Co-organisers"),
    "deck": gettext_lazy("Deck"),
    "card": gettext_lazy("Card"),
    "timing": gettext_lazy("Timing"),
    "in force": gettext_lazy("In force"),
}

#: Words the services store as values (English), in the reader's language.
_AUDIT_WORDS: dict[str, Promise] = {
    "yes": gettext_lazy("yes"),
    "no": gettext_lazy("no"),
    "none": pgettext_lazy("audit log: no value", "none"),
    "no confirmed result": gettext_lazy("no confirmed result"),
    "active": pgettext_lazy("audit log: a player's state", "active"),
    "registered": pgettext_lazy("audit log: a player's state", "registered"),
    "waiting list": pgettext_lazy("audit log: a player's state", "waiting list"),
    "withdrawn": pgettext_lazy("audit log: a player's state", "withdrawn"),
    "withdrawn (no-show)": pgettext_lazy("audit log: a player's state", "withdrawn (no-show)"),
    "disqualified": pgettext_lazy("audit log: a player's state", "disqualified"),
    "now": pgettext_lazy("audit log: a deck replacement in force", "now"),
    "when the next round is paired": gettext_lazy("when the next round is paired"),
    "no change": gettext_lazy("no change"),
    # a deck replacement's status and timing (decks.models.DeckReplacement), stored as their values
    "approved": pgettext_lazy("audit log: a deck replacement", "approved"),
    "rejected": pgettext_lazy("audit log: a deck replacement", "rejected"),
    "end_of_game": pgettext_lazy("audit log: a deck replacement", "at the end of the game (the same card)"),
    "end_of_round": pgettext_lazy("audit log: a deck replacement", "at the end of the round (a different card)"),
}
_DROPPED_AFTER = re.compile(r"dropped after round (\d+)")

#: Reasons a service composes itself (``AuditEntry.reason_code``), filled from ``reason_params``. The finish
#: reasons are ``services.rounds.FINISHED_TEXTS``.
AUDIT_REASONS: dict[str, Promise] = {
    "checked_in": gettext_lazy("Checked in by the organiser"),
    "checked_out": gettext_lazy("Checked out by the organiser"),
    "no_show": gettext_lazy("no-show"),
    "walk_in": gettext_lazy("Walk-in registered by the organiser (no account)"),
    "walk_in_late": gettext_lazy("Walk-in registered by the organiser (no account); late entry: joins the next "
                                 "round with no points"),
    "walk_in_claimed": gettext_lazy("Walk-in entry claimed with its code"),
    "late_entry": gettext_lazy("Late entry: joins the next round with no points"),
    "clock_started": gettext_lazy("Round clock started"),
    "clock_paused": gettext_lazy("Round clock paused"),
    "clock_resumed": gettext_lazy("Round clock resumed"),
    "penalty": gettext_lazy("%(kind)s for %(player)s: %(reason)s"),
    **FINISHED_TEXTS,
    "place_freed_withdrew": gettext_lazy("A place freed up: %(player)s withdrew"),
    "place_freed_capacity": gettext_lazy("A place freed up: the capacity was raised"),
    "event_edited": gettext_lazy("Event details edited"),
    "co_organiser_added": gettext_lazy("%(username)s added as a co-organiser"),
    "co_organiser_removed": gettext_lazy("%(username)s removed as a co-organiser"),
    "replacement_approved": gettext_lazy("Approved (Enter Darkness Together)"),
    "replacement_in_force": gettext_lazy("Enter Darkness Together: the replacement takes effect at the end of "
                                         "round %(round)s"),
}

#: Reason params that hold a choice's value, shown as its label.
_REASON_CHOICES = {"kind": Penalty.Kind}


@functools.cache
def _choice_words() -> dict[str, str | Promise]:
    """The choice labels the services store in English (``english(label)``: a match's or the event's status, a
    penalty's kind, a report's state), by their English text."""
    choices = (Match.Status, Tournament.Status, Penalty.Kind, ResultSubmission.State)
    return {english(label): label for choice in choices for label in choice.labels}


def _key(key: object) -> str:
    """An audit key as the pages name it (see ``AUDIT_KEYS``)."""
    name = str(key)
    if name in AUDIT_KEYS:
        return str(AUDIT_KEYS[name])
    field_ = TournamentForm.base_fields.get(name)
    if field_ is not None and field_.label:
        return str(field_.label)
    return name.replace("_", " ").capitalize()


def _value(value: object) -> str:
    """A stored value in the reader's language: yes/no, none, a known word or choice label; else as it is."""
    if isinstance(value, bool):
        return str(_AUDIT_WORDS["yes" if value else "no"])
    if value is None or value == "":
        return str(_AUDIT_WORDS["none"])
    if isinstance(value, list):
        return " / ".join(_value(v) for v in value) if value else str(_AUDIT_WORDS["none"])
    if isinstance(value, dict):
        return ", ".join(f"{_key(k).lower()} {_value(v)}" for k, v in value.items())
    if isinstance(value, str):
        if value in _AUDIT_WORDS:
            return str(_AUDIT_WORDS[value])
        words = _choice_words()
        if value in words:
            return str(words[value])
        dropped = _DROPPED_AFTER.fullmatch(value)
        if dropped:
            return pgettext("audit log: a player's state", "dropped after round %(round)s") % {
                "round": dropped.group(1)}
    return str(value)


def _result_lines(raw: object) -> tuple[str, list[str]] | None:
    """The result and the games lines said again from ``result_data`` (``services.results.result_summary``),
    in the active language; None when the entry has none (older entries: their stored English is shown)."""
    if not isinstance(raw, dict):
        return None
    try:
        seats = [(int(number), str(name)) for number, name in raw["seats"]]
        outcome = Outcome.from_json(raw["outcome"])
        return (outcome_text_of([name for _n, name in seats], outcome),
                describe_record(raw["record"], dict(seats)))
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def _line(key: str, value: str) -> str:
    """"Key: value" in the active language (French puts a no-break space before the colon)."""
    return pgettext("audit log: a line", "%(key)s: %(value)s") % {"key": key, "value": value}


def audit_lines(data: object) -> list[str]:
    """An audit entry's ``before``/``after`` as lines of text in the reader's language ("Result: alice 2-1 bob",
    "Status: Confirmed", "Checked in: yes"): keys named by ``AUDIT_KEYS``, values by :func:`_value`, a list of
    dicts one line each; the result and the games said again from ``result_data`` when the entry has it."""
    if not isinstance(data, dict):
        return [_value(data)] if data not in (None, "", [], {}) else []
    result = _result_lines(data.get("result_data"))
    lines = []
    for key, value in data.items():
        if key in AuditEntry.RAW_KEYS:
            continue
        label = _key(key)
        if result is not None and key == "result":
            value = result[0]
        elif result is not None and key == "games":
            value = result[1]
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            lines += [_line(label, _value(item)) for item in value]
        elif isinstance(value, list):
            lines.append(_line(label, "; ".join(_value(v) for v in value) if value else _value(None)))
        else:
            lines.append(_line(label, _value(value)))
    return lines


def audit_reason(entry: AuditEntry) -> str:
    """The entry's reason in the reader's language: a service's own reason (``reason_code``, see
    ``AUDIT_REASONS``) said from its params; an organiser's typed reason (or an unknown code) as stored."""
    message = AUDIT_REASONS.get(entry.reason_code)
    if message is None:
        return entry.reason
    params = dict(entry.reason_params or {})
    for name, choice in _REASON_CHOICES.items():
        if name in params and params[name] in choice.values:
            params[name] = choice(params[name]).label
    try:
        return str(message % params)
    except (KeyError, TypeError, ValueError):
        return entry.reason


@dataclass
class AuditRow:
    """An audit entry as the manage and match pages show it: ``entry`` (its date, actor, action, match), its
    ``reason`` and its ``before_lines``/``after_lines`` in the reader's language."""

    entry: AuditEntry
    reason: str
    before_lines: list[str]
    after_lines: list[str]


def audit_rows(entries: Iterable[AuditEntry]) -> list[AuditRow]:
    """The :class:`AuditRow` of each entry, in order."""
    return [AuditRow(entry=e, reason=audit_reason(e), before_lines=audit_lines(e.before),
                     after_lines=audit_lines(e.after)) for e in entries]
