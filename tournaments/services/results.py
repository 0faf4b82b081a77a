"""Result reports, confirmations, disputes and organiser overrides.

Players report game by game; the opponent confirms or disputes; the organiser settles
a dispute or enters/corrects any result, each time with a reason that is logged
(``AuditEntry``: who, when, why, before and after). Scoring and the two-draw mulligan
limit are ``rules.results.score_match`` (spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan),
with the tournament's end-of-round procedure for games unfinished at time
(``Tournament.end_of_round``: a drawn game, or decided by the end-of-game counts).

Reports and overrides give the games played at the table. A *game loss* penalty
(``tournaments.services.penalties``) is a game won by the opponent, placed before them:
every score of the match includes it, and the stored ``Match.games`` carry it with a
``penalty`` key.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from rules.results import ResultError, score_match

from tournaments.adapters import games_to_rules, normalised_game
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry, Match, Penalty, ResultReport
from tournaments.services.permissions import require_organiser
from tournaments.services.standings import queue_standings


def penalty_games(match: Match) -> list[dict]:
    """The game losses issued for this match, in order, as games won by the penalised player's opponent."""
    games = []
    for penalty in Penalty.objects.filter(match=match, kind=Penalty.Kind.GAME_LOSS).order_by("issued_at", "id"):
        winner = "b" if penalty.registration_id == match.player_a_id else "a"
        games.append(normalised_game({"winner": winner, "penalty": penalty.pk}))
    return games


def played_games(match: Match) -> list[dict]:
    """The stored games of the match that were played at the table (game losses left out)."""
    return [g for g in match.games if not g.get("penalty")]


@dataclass(frozen=True)
class Scored:
    """A match scored by ``rules.results.score_match``: game wins, drawn games, every game in stored form
    (game losses included) and whether a player reached the game wins that take the match."""

    wins_a: int
    wins_b: int
    draws: int
    games: list[dict]
    decided: bool


def score_games(match: Match, games: list[dict], *, with_penalties: bool = True) -> Scored:
    """Score ``games`` (the games played) for this match.

    Game losses issued for the match come first (``penalty_games``) unless ``with_penalties``
    is False. Raises UserError (impossible games, a draw in an elimination round).
    """
    if not isinstance(games, list) or not all(isinstance(g, dict) for g in games):
        raise UserError("Give the games as a list, one entry per game.", code="games")
    tournament = match.round.tournament
    every = (penalty_games(match) if with_penalties else []) + [normalised_game(g) for g in games]
    try:
        score = score_match(games_to_rules(every), tournament.best_of, end_of_round=tournament.end_of_round)
    except (ResultError, ValueError) as exc:
        raise UserError(str(exc), code=getattr(exc, "code", "games"), params=_json_params(exc)) from exc
    if match.round.is_elimination and score.winner is None:
        raise UserError(
            "An elimination match cannot end in a draw: play on until one player has won more games.",
            code="elimination_draw",
        )
    return Scored(score.wins[0], score.wins[1], score.draws, every, score.decided)


def _json_params(exc: Exception) -> dict:
    params = getattr(exc, "params", None) or {}
    return {k: v for k, v in params.items() if isinstance(v, (str, int, float, bool, list, type(None)))}


def _check_slip(match: Match, round_number: int | None, table: int | None) -> None:
    """Refuse a report whose round or table (as written on the slip) is not this match's."""
    if (round_number is not None and round_number != match.round.number) or (
        table is not None and table != match.table
    ):
        raise UserError(
            f"This is the slip of round {match.round.number}, table {match.table}; you reported "
            f"round {round_number if round_number is not None else match.round.number}, "
            f"table {table if table is not None else match.table}. Open your own match slip.",
            code="wrong_match",
            params={"round": match.round.number, "table": match.table},
        )


def locked_match(match: Match) -> Match:
    return Match.objects.select_for_update(of=("self",)).select_related(
        "round__tournament", "player_a__player", "player_b__player"
    ).get(pk=match.pk)


def result_dict(match: Match) -> dict:
    return {"status": match.status, "wins_a": match.wins_a, "wins_b": match.wins_b, "draws": match.draws,
            "games": match.games}


def confirm_scored(match: Match, scored: Scored) -> None:
    """Store a scored result as the match's confirmed result and queue the standings."""
    match.wins_a, match.wins_b, match.draws, match.games = scored.wins_a, scored.wins_b, scored.draws, scored.games
    match.status = Match.Status.CONFIRMED
    match.save(update_fields=["wins_a", "wins_b", "draws", "games", "status"])
    queue_standings(match.round.tournament)


@transaction.atomic
def result_report(
    *, match: Match, actor, games: list[dict], round_number: int | None = None, table: int | None = None
) -> ResultReport:
    """A player at the table reports the match game by game.

    ``games``: ``[{"winner": "a"|"b"|None, "drawn": bool, "mulligan_by": "a"|"b"|None,
    "unfinished": bool, "deck_out": bool, "counts": {"a": {...}, "b": {...}} | None}]``: the games
    played (game losses are added by the service). ``round_number`` and ``table``, when given,
    must be this match's (the slip the player filled in).
    If the opponent already reported the same score, this confirms it; a different score
    sends the match to the organiser as disputed. Raises NotAllowed (not at this table),
    Conflict (bye, already confirmed), UserError (wrong round or table, impossible games,
    counts missing or negative, third mulligan in a row).
    """
    match = locked_match(match)
    if match.multiplayer:
        raise Conflict("This is a multiplayer table: report its placements (tournaments.services.tables).",
                       code="multiplayer_table")
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
    _check_slip(match, round_number, table)
    scored = score_games(match, games)
    wins_a, wins_b, draws = scored.wins_a, scored.wins_b, scored.draws
    now = timezone.now()
    played = [normalised_game(g) for g in games]
    report = ResultReport(match=match, reported_by=actor, games=played, wins_a=wins_a, wins_b=wins_b, draws=draws)
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
        confirm_scored(match, score_games(match, pending.games))
    else:
        match.status = Match.Status.DISPUTED
        match.save(update_fields=["status"])
    return report


def _pending_report_for_opponent(report: ResultReport, actor) -> tuple[ResultReport, Match]:
    match = locked_match(report.match)
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
    confirm_scored(match, score_games(match, report.games))
    return match


@transaction.atomic
def result_dispute(*, report: ResultReport, actor, reason: str) -> Match:
    """The opponent disputes a pending report; the organiser settles it."""
    if not reason.strip():
        raise UserError("Say what is wrong with the report.", code="reason_required")
    report, match = _pending_report_for_opponent(report, actor)
    return mark_disputed(report, match, actor, reason)


def mark_disputed(report: ResultReport, match: Match, actor, reason: str) -> Match:
    """Record ``actor``'s dispute of a pending ``report``: the report and its match become disputed
    (the organiser's open tables list them first). Callers check who may dispute."""
    report.status, report.responded_by, report.responded_at = ResultReport.Status.DISPUTED, actor, timezone.now()
    report.dispute_reason = reason.strip()
    report.save(update_fields=["status", "responded_by", "responded_at", "dispute_reason"])
    match.status = Match.Status.DISPUTED
    match.save(update_fields=["status"])
    return match


@transaction.atomic
def result_override(*, match: Match, actor, games: list[dict], reason: str) -> AuditEntry:
    """The organiser enters, corrects or settles a match result; logged with who, when, why, before, after.

    ``games``: the games played, as for ``result_report``; game losses issued for the match
    are added first. Any pending report is superseded. Raises NotAllowed (not the organiser),
    UserError (no reason, impossible games).
    """
    match = locked_match(match)
    tournament = match.round.tournament
    require_organiser(actor, tournament)
    if not reason.strip():
        raise UserError("Give a reason for the change; it is logged.", code="reason_required")
    if match.multiplayer:
        raise Conflict("This is a multiplayer table: enter its placements with the table override.",
                       code="multiplayer_table")
    if match.is_bye:
        raise Conflict("A bye has no result to enter.", code="bye")
    scored = score_games(match, games)
    before = result_dict(match)
    action = (AuditEntry.Action.DISPUTE_SETTLED if match.status == Match.Status.DISPUTED
              else AuditEntry.Action.RESULT_ENTERED)
    match.reports.filter(status=ResultReport.Status.PENDING).update(status=ResultReport.Status.SUPERSEDED)
    confirm_scored(match, scored)
    return AuditEntry.objects.create(
        tournament=tournament, match=match, actor=actor, action=action, reason=reason.strip(),
        before=before, after=result_dict(match),
    )
