"""Results at multiplayer tables (three or more seats): report, confirm, dispute, override.

A player at the table reports its result in one of two forms:

* ``games``: per game, the winning seat(s) or a drawn game, e.g. ``[{"winners": [1]},
  {"winners": [2, 3]}, {"drawn": true}]`` (seats 1..n as paired; several winners are a
  shared win, each of them wins that game). The finishing places follow from the games won
  (``rules.history.derived_placements``: most games won first, equal wins share the place);
* ``placements``: each seat's finishing place in seat order, 1 = won, equal numbers share
  (standard competition form ``[1, 1, 3, 4]``, checked by ``rules.history.validate_history``).
  The table played one game: the seats placed first won it (every seat first: a drawn game).

Another player at the same table confirms or disputes (the reporter never confirms their
own report); the same result reported by a second player confirms it, a different one
sends the table to the organiser, who settles it (or enters / corrects any result) with a
logged override (``AuditEntry``). On confirmation each ``MatchSeat`` gets its placement and
games won, the match is confirmed and the standings are queued.

In an elimination round (elimination by tables, a pods top cut) the table needs a single
winner (``rules.pairings.elimination.table_winner``); a result without one is refused.

Reports are ``ResultReport`` rows whose ``games`` holds the table result
(``{"kind": "table", "placements": [...], "wins": [...], "draws": n, "games": [...] | null}``);
``wins_a``/``wins_b`` are 0 and ``draws`` the drawn games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from rules.history import (
    History,
    HistoryError,
    MatchRecord,
    PlayerEntry,
    RoundRecord,
    derived_placements,
    validate_history,
)
from rules.pairings.elimination import table_winner

from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry, Match, MatchSeat, ResultReport
from tournaments.services.permissions import require_organiser
from tournaments.services.results import mark_disputed
from tournaments.services.standings import queue_standings

TABLE_KIND = "table"


@dataclass(frozen=True)
class TableResult:
    """A table's result: per seat (seat order) the finishing place and games won, the drawn games,
    and the games as reported (None when the placements were given directly)."""

    placements: tuple[int, ...]
    wins: tuple[int, ...]
    draws: int
    games: tuple[dict, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": TABLE_KIND, "placements": list(self.placements), "wins": list(self.wins),
                "draws": self.draws, "games": None if self.games is None else [dict(g) for g in self.games]}

    @classmethod
    def from_json(cls, data: Any) -> TableResult | None:
        """The result stored in a report's ``games``; None when the report is not a table report."""
        if not isinstance(data, dict) or data.get("kind") != TABLE_KIND:
            return None
        games = data.get("games")
        return cls(placements=tuple(data["placements"]), wins=tuple(data["wins"]), draws=int(data["draws"]),
                   games=None if games is None else tuple(games))

    def same_as(self, other: TableResult) -> bool:
        """Two reports agree when every seat's place and games won and the drawn games are the same."""
        return (self.placements, self.wins, self.draws) == (other.placements, other.wins, other.draws)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _record(seats: int, result_wins: tuple[int, ...], draws: int, placements: tuple[int, ...] = ()) -> MatchRecord:
    return MatchRecord(players=tuple(str(n) for n in range(1, seats + 1)), wins=result_wins, draws=draws,
                       placements=placements)


def _check_with_rules(record: MatchRecord) -> None:
    """Validate one table the way ``rules`` validates a history (placements in competition form, counts)."""
    history = History(players=tuple(PlayerEntry(p, p) for p in record.players),
                      rounds=(RoundRecord(number=1, matches=(record,)),))
    try:
        validate_history(history)
    except HistoryError as exc:
        message = exc.message.replace("rounds[0].matches[0].", "")
        raise UserError(f"Not a valid result for {len(record.players)} seats: {message}",
                        code="placements" if exc.code == "bad_placements" else "table_result",
                        params={"seats": len(record.players), "placements": list(record.placements)}) from exc


def _from_placements(placements: Any, seats: int) -> TableResult:
    if not isinstance(placements, (list, tuple)) or not all(_is_int(p) for p in placements):
        raise UserError("Give the placements as a list of whole numbers, one per seat in seat order "
                        "(1 = won; equal numbers share a place, e.g. [1, 1, 3, 4]).", code="placements",
                        params={"seats": seats})
    if len(placements) != seats:
        raise UserError(f"This table has {seats} seats: give {seats} placements in seat order, not "
                        f"{len(placements)}.", code="seat_count", params={"seats": seats, "given": len(placements)})
    places = tuple(placements)
    drawn = all(p == 1 for p in places)
    wins = tuple(0 if drawn else int(p == 1) for p in places)
    record = _record(seats, wins, 1 if drawn else 0, places)
    _check_with_rules(record)
    return TableResult(placements=places, wins=wins, draws=record.draws)


def _from_games(games: Any, seats: int, best_of: int) -> TableResult:
    if not isinstance(games, (list, tuple)) or not games or not all(isinstance(g, dict) for g in games):
        raise UserError("Give the games as a list, one entry per game: {\"winners\": [seat, ...]} or "
                        "{\"drawn\": true}.", code="games", params={"seats": seats})
    if len(games) > best_of:
        raise UserError(f"A best of {best_of} has at most {best_of} games, not {len(games)}.", code="games",
                        params={"best_of": best_of, "given": len(games)})
    wins = [0] * seats
    draws = 0
    stored: list[dict] = []
    for number, game in enumerate(games, start=1):
        winners = game.get("winners") or []
        drawn = game.get("drawn", False)
        if not isinstance(drawn, bool):
            raise UserError(f"Game {number}: \"drawn\" must be true or false.", code="games",
                            params={"game": number})
        unknown = sorted(set(game) - {"winners", "drawn"})
        if unknown:
            raise UserError(f"Game {number}: unknown field(s) {', '.join(unknown)}; give \"winners\" or "
                            "\"drawn\".", code="games", params={"game": number})
        if not isinstance(winners, list) or not all(_is_int(w) for w in winners):
            raise UserError(f"Game {number}: \"winners\" must be a list of seat numbers (1 to {seats}).",
                            code="games", params={"game": number})
        if drawn == bool(winners):
            raise UserError(f"Game {number} needs exactly one outcome: its winner seat(s) or a draw.",
                            code="games", params={"game": number})
        bad = [w for w in winners if not 1 <= w <= seats]
        if bad:
            raise UserError(f"Game {number}: seat {bad[0]} is not at this table (seats 1 to {seats}).",
                            code="seat", params={"game": number, "seat": bad[0], "seats": seats})
        if len(set(winners)) != len(winners):
            raise UserError(f"Game {number}: a seat is listed twice among the winners.", code="games",
                            params={"game": number})
        for seat in winners:
            wins[seat - 1] += 1
        draws += drawn
        stored.append({"winners": sorted(winners), "drawn": drawn})
    record = _record(seats, tuple(wins), draws)
    _check_with_rules(record)
    return TableResult(placements=derived_placements(record), wins=tuple(wins), draws=draws, games=tuple(stored))


def table_result_parse(match: Match, *, placements: Any = None, games: Any = None) -> TableResult:
    """The result of a multiplayer table from ``placements`` or ``games`` (module docstring), checked.

    Raises UserError: both or neither given ("table_result"), wrong number of placements
    ("seat_count"), placements not a valid ranking ("placements"), malformed games or a
    seat that is not at the table ("games", "seat"), no single winner in an elimination
    round ("elimination_draw").
    """
    seats = len(match._seat_list) if hasattr(match, "_seat_list") else match.seats.count()
    if (placements is None) == (games is None):
        raise UserError("Give the table's result either as placements or as games, not both (and not neither).",
                        code="table_result")
    if placements is not None:
        result = _from_placements(placements, seats)
    else:
        result = _from_games(games, seats, match.round.tournament.best_of)
    if match.round.is_elimination:
        record = _record(seats, result.wins, result.draws, result.placements)
        if table_winner(record) is None:
            raise UserError("An elimination table needs a single winner (the winner advances): this result has "
                            "a shared first place. Play on until one player has won, then report that.",
                            code="elimination_draw", params={"placements": list(result.placements)})
    return result


# --------------------------------------------------------------------------- helpers


def _locked_table(match: Match) -> Match:
    match = Match.objects.select_for_update(of=("self",)).select_related("round__tournament").get(pk=match.pk)
    if not match.multiplayer:
        raise UserError("This is a duel, not a multiplayer table: report it game by game on its match slip.",
                        code="not_multiplayer")
    match._seat_list = list(match.seats.select_related("registration__player").order_by("seat"))
    return match


def seat_number_of(match: Match, user) -> int | None:
    """The seat (1..n) ``user`` plays at this multiplayer table, else None."""
    seats = getattr(match, "_seat_list", None)
    if seats is None:
        seats = list(match.seats.select_related("registration").order_by("seat"))
    if not getattr(user, "is_authenticated", False):
        return None
    return next((s.seat for s in seats if s.registration.player_id == user.pk), None)


def _require_seat(match: Match, actor, doing: str) -> int:
    seat = seat_number_of(match, actor)
    if seat is None:
        raise NotAllowed(f"Only the players at table {match.table} may {doing}.", code="not_at_table")
    return seat


def _check_slip(match: Match, round_number: int | None, table: int | None) -> None:
    if (round_number is not None and round_number != match.round.number) or (
        table is not None and table != match.table
    ):
        raise UserError(
            f"This is the slip of round {match.round.number}, table {match.table}; you reported round "
            f"{round_number if round_number is not None else match.round.number}, table "
            f"{table if table is not None else match.table}. Open your own match slip.",
            code="wrong_match", params={"round": match.round.number, "table": match.table},
        )


def table_result_dict(match: Match) -> dict[str, Any]:
    """The match's current result (for the audit log): status, each seat's place and games won, draws, games."""
    seats = getattr(match, "_seat_list", None) or list(match.seats.select_related("registration__player"))
    return {"status": match.status, "draws": match.draws, "games": match.games,
            "seats": [{"seat": s.seat, "player": s.registration.display_name, "placement": s.placement,
                       "wins": s.wins} for s in seats]}


def _confirm(match: Match, result: TableResult) -> None:
    """Store ``result`` as the table's confirmed result and queue the standings."""
    seats = match._seat_list
    for seat, place, wins in zip(seats, result.placements, result.wins):
        seat.placement, seat.wins = place, wins
    MatchSeat.objects.bulk_update(seats, ["placement", "wins"])
    match.wins_a = match.wins_b = None
    match.draws = result.draws
    match.games = [] if result.games is None else [dict(g) for g in result.games]
    match.status = Match.Status.CONFIRMED
    match.save(update_fields=["wins_a", "wins_b", "draws", "games", "status"])
    queue_standings(match.round.tournament)


def _pending(match: Match) -> ResultReport | None:
    return match.reports.select_for_update().filter(status=ResultReport.Status.PENDING).first()


# --------------------------------------------------------------------------- services


@transaction.atomic
def table_result_report(*, match: Match, actor, placements: Any = None, games: Any = None,
                        round_number: int | None = None, table: int | None = None) -> ResultReport:
    """A player at a multiplayer table reports its result (``placements`` or ``games``; module docstring).

    If another player at the table already reported the same result, this confirms it; a
    different result sends the table to the organiser as disputed. The reporter's own
    earlier pending report is superseded. Raises NotAllowed (not at this table), Conflict
    (already confirmed, disputed), UserError (a duel, wrong round or table, a bad result;
    see ``table_result_parse``).
    """
    match = _locked_table(match)
    _require_seat(match, actor, "report its result")
    if match.status == Match.Status.CONFIRMED:
        raise Conflict("This table already has a confirmed result; ask the organiser to correct it.",
                       code="already_confirmed")
    if match.status == Match.Status.DISPUTED:
        raise Conflict("This table's result is disputed; the organiser will settle it.", code="disputed")
    _check_slip(match, round_number, table)
    result = table_result_parse(match, placements=placements, games=games)
    report = ResultReport(match=match, reported_by=actor, games=result.to_json(), wins_a=0, wins_b=0,
                          draws=result.draws)
    pending = _pending(match)
    if pending is not None and (pending.reported_by_id == actor.pk or TableResult.from_json(pending.games) is None):
        pending.status = ResultReport.Status.SUPERSEDED
        pending.save(update_fields=["status"])
        pending = None
    if pending is None:
        report.save()
        match.status = Match.Status.REPORTED
        match.save(update_fields=["status"])
        return report
    # Another player reported first: the same result confirms it, a different one is a dispute.
    same = TableResult.from_json(pending.games).same_as(result)
    status = ResultReport.Status.CONFIRMED if same else ResultReport.Status.DISPUTED
    report.status = status
    report.save()
    pending.status, pending.responded_by, pending.responded_at = status, actor, timezone.now()
    if not same:
        pending.dispute_reason = "Two players at the table reported different results."
    pending.save(update_fields=["status", "responded_by", "responded_at", "dispute_reason"])
    if same:
        _confirm(match, result)
    else:
        match.status = Match.Status.DISPUTED
        match.save(update_fields=["status"])
    return report


def _pending_for_other_player(report: ResultReport, actor, doing: str) -> tuple[ResultReport, Match, TableResult]:
    match = _locked_table(report.match)
    report = ResultReport.objects.select_for_update().get(pk=report.pk)
    _require_seat(match, actor, doing)
    if report.reported_by_id == actor.pk:
        raise NotAllowed("Another player at the table must confirm your report; you cannot confirm or dispute "
                         "it yourself.", code="own_report")
    if report.status != ResultReport.Status.PENDING:
        raise Conflict(f"This report is already {report.get_status_display().lower()}.", code="not_pending")
    result = TableResult.from_json(report.games)
    if result is None:
        raise UserError("This report is not a multiplayer table result; report the table again.",
                        code="not_a_table_report")
    return report, match, result


@transaction.atomic
def table_result_confirm(*, report: ResultReport, actor) -> Match:
    """Another player at the table confirms a pending report: the result counts, standings are queued.

    Raises NotAllowed (not at the table, your own report), Conflict (not pending).
    """
    report, match, result = _pending_for_other_player(report, actor, "confirm its result")
    report.status, report.responded_by, report.responded_at = ResultReport.Status.CONFIRMED, actor, timezone.now()
    report.save(update_fields=["status", "responded_by", "responded_at"])
    _confirm(match, result)
    return match


@transaction.atomic
def table_result_dispute(*, report: ResultReport, actor, reason: str) -> Match:
    """Another player at the table disputes a pending report; the organiser settles it.

    Raises UserError (no reason), NotAllowed (not at the table, your own report), Conflict (not pending).
    """
    if not (reason or "").strip():
        raise UserError("Say what is wrong with the report.", code="reason_required")
    report, match, _ = _pending_for_other_player(report, actor, "dispute its result")
    return mark_disputed(report, match, actor, reason)


@transaction.atomic
def table_result_override(*, match: Match, actor, reason: str, placements: Any = None,
                          games: Any = None) -> AuditEntry:
    """The organiser enters, corrects or settles a multiplayer table's result; logged (who, when, why,
    before and after). Any pending report is superseded.

    Raises NotAllowed (not the organiser), UserError (no reason, a duel, a bad result).
    """
    match = _locked_table(match)
    tournament = match.round.tournament
    require_organiser(actor, tournament)
    if not (reason or "").strip():
        raise UserError("Give a reason for the change; it is logged.", code="reason_required")
    result = table_result_parse(match, placements=placements, games=games)
    before = table_result_dict(match)
    action = (AuditEntry.Action.DISPUTE_SETTLED if match.status == Match.Status.DISPUTED
              else AuditEntry.Action.RESULT_ENTERED)
    match.reports.filter(status=ResultReport.Status.PENDING).update(status=ResultReport.Status.SUPERSEDED)
    _confirm(match, result)
    return AuditEntry.objects.create(tournament=tournament, match=match, actor=actor, action=action,
                                     reason=reason.strip(), before=before, after=table_result_dict(match))


def pending_table_report(match: Match) -> tuple[ResultReport | None, TableResult | None]:
    """The table's pending report and its result (for pages and the API), or (None, None)."""
    report = match.reports.filter(status=ResultReport.Status.PENDING).select_related("reported_by").first()
    if report is None:
        return None, None
    return report, TableResult.from_json(report.games)
