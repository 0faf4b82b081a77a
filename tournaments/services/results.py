"""Result reports, confirmations, disputes and organiser overrides.

Players report game by game; the opponent confirms or disputes; the organiser settles
a dispute or enters/corrects any result, each time with a reason that is logged
(``AuditEntry``: who, when, why, before and after). Scoring and the two-draw mulligan
limit are ``rules.results.score_match`` (spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from rules.results import ResultError, score_match

from tournaments.adapters import games_to_rules
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry, Match, ResultReport
from tournaments.services.permissions import require_organiser
from tournaments.services.standings import queue_standings


def _score(match: Match, games: list[dict]):
    """Validate ``games`` for this match and return (wins_a, wins_b, draws). Raises UserError."""
    if not isinstance(games, list) or not all(isinstance(g, dict) for g in games):
        raise UserError("Give the games as a list, one entry per game.", code="games")
    try:
        score = score_match(games_to_rules(games), match.round.tournament.best_of)
    except (ResultError, ValueError) as exc:
        raise UserError(str(exc), code=getattr(exc, "code", "games")) from exc
    if match.round.is_elimination and score.winner is None:
        raise UserError(
            "An elimination match cannot end in a draw: play on until one player has won more games.",
            code="elimination_draw",
        )
    return score.wins[0], score.wins[1], score.draws


def _locked_match(match: Match) -> Match:
    return Match.objects.select_for_update(of=("self",)).select_related(
        "round__tournament", "player_a__player", "player_b__player"
    ).get(pk=match.pk)


def _result_dict(match: Match) -> dict:
    return {"status": match.status, "wins_a": match.wins_a, "wins_b": match.wins_b, "draws": match.draws,
            "games": match.games}


def _confirm(match: Match, wins_a: int, wins_b: int, draws: int, games: list[dict]) -> None:
    match.wins_a, match.wins_b, match.draws, match.games = wins_a, wins_b, draws, games
    match.status = Match.Status.CONFIRMED
    match.save(update_fields=["wins_a", "wins_b", "draws", "games", "status"])
    queue_standings(match.round.tournament)


@transaction.atomic
def result_report(*, match: Match, actor, games: list[dict]) -> ResultReport:
    """A player at the table reports the match game by game.

    ``games``: ``[{"winner": "a"|"b"|None, "drawn": bool, "mulligan_by": "a"|"b"|None}]``.
    If the opponent already reported the same score, this confirms it; a different score
    sends the match to the organiser as disputed. Raises NotAllowed (not at this table),
    Conflict (bye, already confirmed), UserError (impossible games, third mulligan in a row).
    """
    match = _locked_match(match)
    seat = match.seat_of(actor)
    if seat is None:
        raise NotAllowed(f"Only the players at table {match.table} may report its result.", code="not_at_table")
    if match.is_bye:
        raise Conflict("A bye needs no report.", code="bye")
    if match.status == Match.Status.CONFIRMED:
        raise Conflict("This match already has a confirmed result; ask the organiser to correct it.",
                       code="already_confirmed")
    if match.status == Match.Status.DISPUTED:
        raise Conflict("This match is disputed; the organiser will settle it.", code="disputed")
    wins_a, wins_b, draws = _score(match, games)
    now = timezone.now()
    report = ResultReport(match=match, reported_by=actor, games=games, wins_a=wins_a, wins_b=wins_b, draws=draws)
    pending = match.reports.filter(status=ResultReport.Status.PENDING).first()
    if pending is not None and pending.reported_by_id == actor.pk:
        pending.status = ResultReport.Status.SUPERSEDED
        pending.save(update_fields=["status"])
        pending = None
    if pending is None:
        report.save()
        match.status = Match.Status.REPORTED
        match.save(update_fields=["status"])
        return report
    # The opponent reported first: matching scores confirm, different scores are a dispute.
    same = (pending.wins_a, pending.wins_b, pending.draws) == (wins_a, wins_b, draws)
    status = ResultReport.Status.CONFIRMED if same else ResultReport.Status.DISPUTED
    report.status = status
    report.save()
    pending.status, pending.responded_by, pending.responded_at = status, actor, now
    if not same:
        pending.dispute_reason = "The players reported different results."
    pending.save(update_fields=["status", "responded_by", "responded_at", "dispute_reason"])
    if same:
        _confirm(match, wins_a, wins_b, draws, pending.games)
    else:
        match.status = Match.Status.DISPUTED
        match.save(update_fields=["status"])
    return report


def _pending_report_for_opponent(report: ResultReport, actor) -> tuple[ResultReport, Match]:
    match = _locked_match(report.match)
    report = ResultReport.objects.select_for_update().get(pk=report.pk)
    seat = match.seat_of(actor)
    if seat is None:
        raise NotAllowed(f"Only the players at table {match.table} may answer its report.", code="not_at_table")
    if report.reported_by_id == actor.pk:
        raise NotAllowed("Your opponent must confirm your report; you cannot confirm it yourself.",
                         code="own_report")
    if report.status != ResultReport.Status.PENDING:
        raise Conflict(f"This report is already {report.get_status_display().lower()}.", code="not_pending")
    return report, match


@transaction.atomic
def result_confirm(*, report: ResultReport, actor) -> Match:
    """The opponent confirms a pending report; the result counts and standings are queued."""
    report, match = _pending_report_for_opponent(report, actor)
    report.status, report.responded_by, report.responded_at = ResultReport.Status.CONFIRMED, actor, timezone.now()
    report.save(update_fields=["status", "responded_by", "responded_at"])
    _confirm(match, report.wins_a, report.wins_b, report.draws, report.games)
    return match


@transaction.atomic
def result_dispute(*, report: ResultReport, actor, reason: str) -> Match:
    """The opponent disputes a pending report; the organiser settles it."""
    if not reason.strip():
        raise UserError("Say what is wrong with the report.", code="reason_required")
    report, match = _pending_report_for_opponent(report, actor)
    report.status, report.responded_by, report.responded_at = ResultReport.Status.DISPUTED, actor, timezone.now()
    report.dispute_reason = reason.strip()
    report.save(update_fields=["status", "responded_by", "responded_at", "dispute_reason"])
    match.status = Match.Status.DISPUTED
    match.save(update_fields=["status"])
    return match


@transaction.atomic
def result_override(*, match: Match, actor, games: list[dict], reason: str) -> AuditEntry:
    """The organiser enters, corrects or settles a match result; logged with who, when, why, before, after.

    Any pending report is superseded. Raises NotAllowed (not the organiser), UserError
    (no reason, impossible games).
    """
    match = _locked_match(match)
    tournament = match.round.tournament
    require_organiser(actor, tournament)
    if not reason.strip():
        raise UserError("Give a reason for the change; it is logged.", code="reason_required")
    if match.is_bye:
        raise Conflict("A bye has no result to enter.", code="bye")
    wins_a, wins_b, draws = _score(match, games)
    before = _result_dict(match)
    action = (AuditEntry.Action.DISPUTE_SETTLED if match.status == Match.Status.DISPUTED
              else AuditEntry.Action.RESULT_ENTERED)
    match.reports.filter(status=ResultReport.Status.PENDING).update(status=ResultReport.Status.SUPERSEDED)
    _confirm(match, wins_a, wins_b, draws, games)
    return AuditEntry.objects.create(
        tournament=tournament, match=match, actor=actor, action=action, reason=reason.strip(),
        before=before, after=_result_dict(match),
    )
