"""Results of any match, whatever its number of seats: report, confirm, dispute, settle.

Every result is a ``ResultSubmission``: who submitted it (a player, the organiser, a penalty, the
pairing for a bye), when, the full record (``tournaments.services.scoring``), the reason where one
is given, and its state. Nothing is overwritten: a correction is a new submission that supersedes
the confirmed one, and exactly one confirmed submission per match is its result. On confirmation
each ``Seat`` gets its games won and placement, ``Match.draws`` the drawn games, the tournament's
results version goes up and the standings are queued.

The workflow (the same for a duel and a multiplayer table):

* a player at the table *reports* (``result_report``); their own earlier pending report is
  superseded. When another player already reported, the same outcome confirms it and a
  different one sends both to the organiser as disputed;
* another player at the table *confirms* (``result_confirm``) or *disputes* with a reason that is
  kept (``result_dispute``); nobody confirms their own report;
* the organiser *settles* (``result_settle``): picks one of the match's submissions, or enters a
  new record, always with a reason; logged in the audit log with the result before and after.

Scoring is ``rules.results.score_match`` for a duel (best of N, the two-draw mulligan,
spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan; the tournament's end-of-round procedure;
an elimination match is played until one player has won the games needed) and games won for a
table; game losses and match losses (``Penalty``) are applied when a result is scored
(``tournaments.services.penalties``).
"""

from __future__ import annotations

import functools
from typing import Any

from django.db import transaction
from django.utils import timezone, translation
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from tournaments.clock import clock_at
from tournaments.errors import Conflict, NotAllowed, Text, UserError
from tournaments.models import AuditEntry, Match, Penalty, ResultSubmission, Round, Seat
from tournaments.notifications import events
from tournaments.presentation import DIFFERENT_RESULT, describe_record, outcome_text
from tournaments.services.clock import round_clock_end_if_complete
from tournaments.services.impartiality import require_not_own_match
from tournaments.services.organiser import organiser_action
from tournaments.services.permissions import require_not_finished
from tournaments.services.scoring import Outcome, PenaltyEffect, normalised_record, score
from tournaments.services.standings import queue_standings
from tournaments.services.english import english

State = ResultSubmission.State

#: A choice label in lower case, in the language active when it is read ("confirmed", "confirmada").
_lower = lazy(lambda label: str(label).lower(), str)


def locked_match(match: Match | int, *, lean: bool = False) -> Match:
    """The match (or the match of that id), locked for update, with its round, tournament and seats
    (``match.seat_list``). ``lean``: only the tournament's :data:`RESULT_TOURNAMENT_FIELDS` are read (a player's
    report, confirmation or dispute); another of its fields read later costs a query. Raises Match.DoesNotExist."""
    return _locked(lean=lean, pk=match if isinstance(match, int) else match.pk)


#: The tournament's fields a player's result write reads through its locked match (``lean``): whether it is
#: finished, how a match is scored (``score_record``) and its round clock (``_check_time_called``). Issue 27: the lock
#: read all 49 of the tournament's columns, and building their SQL and objects was a good part of the write's CPU.
RESULT_TOURNAMENT_FIELDS = ("status", "best_of", "end_of_round", "deck_out", "round_minutes", "time_zone")


@functools.cache
def _lean_columns() -> tuple[str, ...]:
    """``Match.objects.only()`` paths of a lean lock: every column of the match and its round, and
    :data:`RESULT_TOURNAMENT_FIELDS` of the tournament."""
    return (*(field.name for field in Match._meta.concrete_fields),
            *("round__" + field.name for field in Round._meta.concrete_fields),
            *("round__tournament__" + name for name in RESULT_TOURNAMENT_FIELDS))


def _locked(*, lean: bool = False, **lookup: Any) -> Match:
    """The one match found by ``lookup`` (``pk=...``, or ``submissions=...``: the match of a submission), locked as
    :func:`locked_match` says; 2 queries. The seats are read once the match is locked, by a statement of their own:
    one that waited for the lock sees what the transaction it waited for committed (a swap of seats), where rows
    joined to the locked one would be as they were when it began waiting. Raises Match.DoesNotExist."""
    matches = Match.objects.select_for_update(of=("self",)).select_related("round__tournament")
    match = (matches.only(*_lean_columns()) if lean else matches).get(**lookup)
    match.seat_list = list(match.seats.select_related("registration__player").order_by("number"))
    return match


def seats_of(match: Match) -> list[Seat]:
    seats = getattr(match, "seat_list", None)
    if seats is None:
        seats = list(match.seats.select_related("registration__player").order_by("number"))
        match.seat_list = seats
    return seats


def seat_number_of(match: Match, user) -> int | None:
    """The seat (1..n) ``user`` plays at this match, else None."""
    if not getattr(user, "is_authenticated", False):
        return None
    return next((s.number for s in seats_of(match) if s.registration.belongs_to(user)), None)


def penalty_effects(match: Match) -> list[PenaltyEffect]:
    """The game and match losses issued for this match, in the order issued, as seat effects. A penalty
    follows its player: the seat is looked up now, so a swap of seats never moves it to another player."""
    seat_by_registration = {s.registration_id: s.number for s in seats_of(match)}
    # A disqualification issued for a match is a match loss there (tournaments.services.penalties).
    return [PenaltyEffect(kind="game_loss" if kind == Penalty.Kind.GAME_LOSS else "match_loss",
                          seat=seat_by_registration[registration_id])
            for kind, registration_id in Penalty.objects.filter(
                match=match, kind__in=(Penalty.Kind.GAME_LOSS, Penalty.Kind.MATCH_LOSS,
                                       Penalty.Kind.DISQUALIFICATION))
            .order_by("issued_at", "id").values_list("kind", "registration_id")
            if registration_id in seat_by_registration]


def score_record(match: Match, record: dict[str, Any]) -> Outcome:
    """The outcome of ``record`` at this match with its penalties (``tournaments.services.scoring.score``)."""
    tournament = match.round.tournament
    return score(record, seats=len(seats_of(match)), penalties=penalty_effects(match), best_of=tournament.best_of,
                 end_of_round=tournament.end_of_round, elimination=match.round.is_elimination,
                 deck_out=tournament.deck_out)


def parse_record(match: Match, *, games: Any = None, placements: Any = None,
                 score: Any = None) -> tuple[dict[str, Any], Outcome]:
    """A submitted result (``games``, ``placements`` or a duel's ``score``: ``scoring.normalised_record``) in
    stored form and its outcome; raises UserError."""
    record = normalised_record(seats=len(seats_of(match)), games=games, placements=placements, score=score,
                               best_of=match.round.tournament.best_of, elimination=match.round.is_elimination)
    return record, score_record(match, record)


def result_summary(match: Match) -> dict[str, Any]:
    """The match's current result for the audit log, as readable text: ``{"status", "result", "games",
    "result_data"}``.

    Stored, so in English whatever the language of the person who acted (``presentation.outcome_text`` and
    ``presentation.describe_record`` under ``translation.override("en")``). ``result_data`` keeps what the pages
    need to say the result again in the reader's language (``tournaments.pages.presenters.audit_lines``):
    ``{"seats": [[seat number, name], ...] in seat order, "outcome": Outcome.to_json(), "record": the record}``."""
    seats = seats_of(match)
    confirmed = match.submissions.filter(state=State.CONFIRMED).first()
    with translation.override("en"):
        if confirmed is None:
            return {"status": english(match.get_status_display), "result": "no confirmed result"}
        names = {s.number: s.registration.display_name for s in seats}
        return {"status": english(match.get_status_display),
                "result": outcome_text(seats, Outcome.from_json(confirmed.outcome)),
                "games": describe_record(confirmed.record, names),
                "result_data": {"seats": [[number, name] for number, name in names.items()],
                                "outcome": confirmed.outcome, "record": confirmed.record}}


def _check_slip(match: Match, round_number: int | None, table: int | None) -> None:
    """Refuse a report whose round or table (as written on the slip) is not this match's."""
    if (round_number is not None and round_number != match.round.number) or (
        table is not None and table != match.table
    ):
        raise UserError(
            _("This is the slip of round %(round)s, table %(table)s; you reported round %(reported_round)s, "
              "table %(reported_table)s. Open your own match slip."),
            code="wrong_match",
            params={"round": match.round.number, "table": match.table,
                    "reported_round": round_number if round_number is not None else match.round.number,
                    "reported_table": table if table is not None else match.table},
        )


#: What :func:`confirm` changes in a stored submission.
_CONFIRMED_FIELDS = ["state", "outcome", "responded_by", "responded_at", "supersedes"]


def confirm(match: Match, submission: ResultSubmission, outcome: Outcome, *, by=None) -> None:
    """Make ``submission`` the match's result: the confirmed one before it is superseded (and named in
    ``submission.supersedes``), seats and drawn games stored, the standings queued; the round's clock ends when
    this was its last table without a confirmed result (``round_clock_end_if_complete``)."""
    # Only a confirmed match has a confirmed submission (every service sets the status with it, and the constraint
    # one_confirmed_submission_per_match refuses a second): a player's confirmation looks for none.
    previous = (match.submissions.filter(state=State.CONFIRMED).exclude(pk=submission.pk).first()
                if match.status == Match.Status.CONFIRMED else None)
    if previous is not None:
        previous.state = State.SUPERSEDED
        previous.save(update_fields=["state"])
        if submission.supersedes_id is None:
            submission.supersedes = previous
    submission.state, submission.outcome = State.CONFIRMED, outcome.to_json()
    if by is not None and submission.responded_by_id is None:
        submission.responded_by, submission.responded_at = by, timezone.now()
    # a stored submission: only what a confirmation changes (its record and submitter are never rewritten)
    submission.save(update_fields=_CONFIRMED_FIELDS if submission.pk is not None else None)
    # One plain UPDATE a seat (issue 27: Django builds a duel's two with about 1,000 Python calls, bulk_update's one
    # CASE WHEN with 3,600).
    for seat, wins, place in zip(seats_of(match), outcome.wins, outcome.placements):
        seat.wins, seat.placement = wins, place
        Seat.objects.filter(pk=seat.pk).update(wins=wins, placement=place)
    match.draws = outcome.draws
    match.status = Match.Status.CONFIRMED
    match.save(update_fields=["draws", "status"])
    events.announce(events.RESULT_CONFIRMED, match.round.tournament_id, match_id=match.pk)
    # The results version, then only the round's clock before the commit: the version's UPDATE locks the tournament's
    # row until the commit and every confirmation of the round waits for it (issue 27: nothing else in between). Of
    # two last tables confirmed at once the second waits for the first's commit and then sees its match confirmed:
    # the round's clock ends (checked before the version, neither saw the other's uncommitted result: it ran on).
    queue_standings(match.round.tournament)
    round_clock_end_if_complete(match.round)


def supersede_open(match: Match) -> None:
    """Pending and disputed submissions no longer hold (a settlement or a penalty changed the match)."""
    match.submissions.filter(state__in=(State.PENDING, State.DISPUTED)).update(state=State.SUPERSEDED)


@transaction.atomic
def result_report(*, match: Match, actor, games: Any = None, placements: Any = None, score: Any = None,
                  round_number: int | None = None, table: int | None = None) -> ResultSubmission:
    """A player at the table reports its result: ``games`` (game by game), a duel's ``score`` only
    (``{"wins": [a, b], "draws": d}`` in seat order: the games' order is not recorded) or, at a multiplayer
    table, ``placements`` (``tournaments.services.scoring``). A score that does not decide the match (1-0 in a
    best of 3) is a result at time: like a game unfinished at time, only once time is called. ``round_number`` and ``table``, when given, must be
    this match's (the slip the player filled in).

    If another player already reported the same outcome, this confirms it; a different one sends the
    match to the organiser as disputed (both submissions kept). Raises NotAllowed (not at this table),
    Conflict (a bye, ``late_loss``: a late player's loss with no opponent, already confirmed, disputed,
    ``round_draft``: the round is not published yet), UserError (wrong round or table, impossible games,
    counts missing or negative, third mulligan in a row, an elimination match not decided).
    """
    match = locked_match(match, lean=True)
    require_not_finished(match.round.tournament)
    require_published(match)
    seat = seat_number_of(match, actor)
    if seat is None:
        raise NotAllowed(_("Only the players at table %(table)s may report its result."), code="not_at_table",
                         params={"table": match.table})
    if len(seats_of(match)) == 1 and match.opponentless_loss:
        raise Conflict(_("A late player's loss with no opponent needs no report."), code="late_loss")
    if len(seats_of(match)) == 1:
        raise Conflict(_("A bye needs no report."), code="bye")
    if match.status == Match.Status.CONFIRMED:
        raise Conflict(_("This match already has a confirmed result; ask the organiser to correct it."),
                       code="already_confirmed")
    if match.status == Match.Status.DISPUTED:
        raise Conflict(_("This match is disputed; the organiser will settle it."), code="disputed")
    _check_slip(match, round_number, table)
    record, outcome = parse_record(match, games=games, placements=placements, score=score)
    _check_time_called(match, record, outcome)
    submission = ResultSubmission(match=match, source=ResultSubmission.Source.PLAYER, submitted_by=actor,
                                  record=record, outcome=outcome.to_json())
    # A pending report exists only while the match is "reported": this service sets both, and whatever supersedes
    # one moves the match on (confirmed, disputed, or back to pending after a penalty: ``supersede_open``). The
    # match is locked, so a first report looks for none (issue 27: one query less for half the round's writes).
    pending = (match.submissions.select_for_update().filter(state=State.PENDING).first()
               if match.status == Match.Status.REPORTED else None)
    if pending is not None and pending.submitted_by_id == actor.pk:
        pending.state = State.SUPERSEDED
        pending.save(update_fields=["state"])
        submission.supersedes = pending
        pending = None
    if pending is None:
        submission.save()
        match.status = Match.Status.REPORTED
        match.save(update_fields=["status"])
        events.announce(events.RESULT_REPORTED, match.round.tournament_id, match_id=match.pk,
                        submission_id=submission.pk)  # the opponents: confirm or dispute
        return submission
    # Another player reported first: the same outcome confirms it, a different one is a dispute.
    now = timezone.now()
    if Outcome.from_json(pending.outcome).same_as(outcome):
        submission.state = State.SUPERSEDED
        submission.supersedes = pending
        submission.save()
        pending.responded_by, pending.responded_at = actor, now
        confirm(match, pending, score_record(match, pending.record))  # announces result.confirmed
        return submission
    submission.state = State.DISPUTED
    submission.save()
    pending.state, pending.responded_by, pending.responded_at = State.DISPUTED, actor, now
    pending.dispute_reason = DIFFERENT_RESULT % {"name": actor.get_username()}
    pending.save(update_fields=["state", "responded_by", "responded_at", "dispute_reason"])
    match.status = Match.Status.DISPUTED
    match.save(update_fields=["status"])
    events.announce(events.RESULT_DISPUTED, match.round.tournament_id, match_id=match.pk)  # the staff settles it
    return submission


def require_published(match: Match) -> None:
    """Raises Conflict (``round_draft``) while the match's round is a draft (``Round.published_at`` None): nobody
    reports or enters a result of pairings the players have not seen."""
    if match.round.is_draft:
        raise Conflict(_("Round %(round)s is being paired: results can be reported once it is published."),
                       code="round_draft", params={"round": match.round.number})


def _check_time_called(match: Match, record: dict, outcome: Outcome | None = None) -> None:
    """A player reports a game "unfinished at time" only once time is up at the table: its round clock with the
    pauses, the round's extension and the table's own (``tournaments.clock.clock_at``); before that the game is
    still being played. The end-of-round procedure then decides it (``Tournament.end_of_round``; rules/results.py,
    ``END_OF_ROUND_RULE``). The organiser may enter such a game at any time (a judge calls time). Raises UserError
    (``time_not_called``)."""
    at_time = "score" in record and outcome is not None and not outcome.decided
    if not at_time and not any(isinstance(g, dict) and g.get("unfinished") for g in record.get("games") or []):
        return
    now = timezone.now()
    state = clock_at(match.round, match.round.tournament.round_minutes, now=now, match=match)
    if state.state == "time_up":
        return
    if state.state == "not_started":
        when = Text(_("the round clock has not started"))
    elif state.paused:
        when = Text((_("the round clock is paused with %(remaining)s left"), {"remaining": state.remaining_text}))
    else:
        when = Text((_("%(remaining)s left (time ends at %(ends)s)"), {
            "remaining": state.remaining_text,
            "ends": f"{timezone.localtime(state.ends_at, match.round.tournament.zone):%H:%M}"}))
    raise UserError(_("Time has not been called at table %(table)s yet: %(when)s. Report a game as unfinished "
                      "at time only once time is up, or ask the organiser."), code="time_not_called",
                    params={"remaining_seconds": state.remaining_seconds, "table": match.table, "when": when})


def _pending_for_other_player(submission: ResultSubmission, actor, refusal: Any) -> tuple[ResultSubmission, Match]:
    """The pending ``submission`` (locked) and its match, for another player at the table to answer; ``refusal``:
    the message (``%(table)s``) for an actor not at the table.

    ``submission`` may be only an id (``ResultSubmission(pk=...)``, as the API passes it): its match is then locked
    through it, so the submission is never read before its match is locked (the order every result service keeps:
    the match, then its submissions). Raises ResultSubmission.DoesNotExist when there is no such submission."""
    try:  # by id: the unlocked match is never read
        match = (locked_match(submission.match_id, lean=True) if submission.match_id is not None
                 else _locked(lean=True, submissions=submission.pk))
    except Match.DoesNotExist:
        raise ResultSubmission.DoesNotExist(f"No result submission {submission.pk}") from None
    require_not_finished(match.round.tournament)
    submission = ResultSubmission.objects.select_for_update().get(pk=submission.pk)
    if seat_number_of(match, actor) is None:
        raise NotAllowed(refusal, code="not_at_table", params={"table": match.table})
    if submission.submitted_by_id == actor.pk:
        raise NotAllowed(_("Another player at the table must answer your report; you cannot confirm or dispute "
                           "it yourself."), code="own_report")
    if submission.state != State.PENDING:
        raise Conflict(_("This report is already %(state)s."), code="not_pending",
                       params={"state": _lower(State(submission.state).label)})
    return submission, match


@transaction.atomic
def result_confirm(*, submission: ResultSubmission, actor) -> Match:
    """Another player at the table confirms a pending report: it becomes the result, standings are queued.
    ``submission``: the report, or only its id (``ResultSubmission(pk=...)``: no read before the lock).

    Raises NotAllowed (not at the table, your own report), Conflict (not pending), UserError (the
    report no longer scores, e.g. after a game loss was issued), ResultSubmission.DoesNotExist (no such report).
    """
    submission, match = _pending_for_other_player(
        submission, actor, _("Only the players at table %(table)s may confirm its result."))
    confirm(match, submission, score_record(match, submission.record), by=actor)  # announces result.confirmed
    return match


@transaction.atomic
def result_dispute(*, submission: ResultSubmission, actor, reason: str) -> Match:
    """Another player at the table disputes a pending report, saying why; the reason is kept with the
    report and the organiser settles the match. Raises UserError (no reason), NotAllowed, Conflict."""
    if not (reason or "").strip():
        raise UserError(_("Say what is wrong with the report."), code="reason_required")
    submission, match = _pending_for_other_player(
        submission, actor, _("Only the players at table %(table)s may dispute its result."))
    submission.state, submission.responded_by, submission.responded_at = State.DISPUTED, actor, timezone.now()
    submission.dispute_reason = reason.strip()
    submission.save(update_fields=["state", "responded_by", "responded_at", "dispute_reason"])
    match.status = Match.Status.DISPUTED
    match.save(update_fields=["status"])
    events.announce(events.RESULT_DISPUTED, match.round.tournament_id, match_id=match.pk)  # the staff settles it
    return match


@transaction.atomic
def result_settle(*, match: Match, actor, reason: str, submission: ResultSubmission | None = None,
                  games: Any = None, placements: Any = None, score: Any = None,
                  idempotency_key: str = "") -> AuditEntry:
    """The organiser settles a dispute, or enters or corrects any result: picks one of the match's
    ``submission``s (it becomes the result) or enters a new record (``games`` or ``placements``).

    Any other pending or disputed submission is superseded; a confirmed one is superseded by the new
    result. Logged (``AuditEntry``): who, when, why, the result before and after as text.
    Raises NotAllowed (not the organiser; ``own_match``: the actor plays at it, another staff member must:
    ``tournaments.services.impartiality``), Conflict (a bye, ``late_loss``, the tournament finished,
    ``round_draft``), UserError (no reason, a submission of another match, impossible games). ``idempotency_key``:
    a repeat of the same submit returns the first audit entry (``tournaments.services.idempotency``).
    """
    match = locked_match(match)  # the match is locked, not the tournament (the order every result service keeps)
    act = organiser_action(match.round.tournament, actor, lock=False, action="result_settle",
                           idempotency_key=idempotency_key, reason=reason,
                           payload={"match": match, "submission": submission, "games": games,
                                    "placements": placements, "reason": reason,
                                    **({"score": score} if score is not None else {})},
                           reason_required=_("Give a reason for the change; it is logged."))
    if act.repeated:
        return act.first(AuditEntry)
    tournament, reason = act.tournament, act.reason
    require_not_own_match(actor, match, action="result_settle")
    require_published(match)
    if len(seats_of(match)) == 1 and match.opponentless_loss:
        raise Conflict(_("A late player's loss with no opponent has no result to enter; if it was a mistake, remove "
                         "it on the Players tab."), code="late_loss")
    if len(seats_of(match)) == 1:
        raise Conflict(_("A bye has no result to enter."), code="bye")
    if submission is not None:
        if submission.match_id != match.pk:
            raise UserError(_("That report belongs to another match."), code="wrong_submission")
        chosen = ResultSubmission.objects.select_for_update().get(pk=submission.pk)
        outcome = score_record(match, chosen.record)
    else:
        record, outcome = parse_record(match, games=games, placements=placements, score=score)
        chosen = ResultSubmission(match=match, source=ResultSubmission.Source.ORGANISER, submitted_by=actor,
                                  record=record, outcome=outcome.to_json(), reason=reason)
    before = result_summary(match)
    action = (AuditEntry.Action.DISPUTE_SETTLED if match.status == Match.Status.DISPUTED
              else AuditEntry.Action.RESULT_ENTERED)
    match.submissions.filter(state__in=(State.PENDING, State.DISPUTED)).exclude(pk=chosen.pk).update(
        state=State.SUPERSEDED)
    if chosen.pk is not None and chosen.state != State.CONFIRMED:
        chosen.responded_by, chosen.responded_at = actor, timezone.now()
    confirm(match, chosen, outcome)
    entry = AuditEntry.objects.create(
        tournament=tournament, match=match, actor=actor, action=action, reason=reason,
        before=before, after=result_summary(match),
    )
    return act.done(entry)


def rescore_confirmed(match: Match, *, actor, reason: str) -> None:
    """A penalty changed a confirmed match: a new submission (source: penalty) with the same record,
    scored with the penalties now issued, supersedes the confirmed one. Raises UserError when the
    record cannot take the penalty."""
    current = match.submissions.get(state=State.CONFIRMED)
    outcome = score_record(match, current.record)
    new = ResultSubmission(match=match, source=ResultSubmission.Source.PENALTY, submitted_by=actor,
                           record=current.record, outcome=outcome.to_json(), reason=reason, supersedes=current)
    confirm(match, new, outcome, by=actor)


def confirm_by_penalty(match: Match, *, actor, reason: str) -> bool:
    """The penalties alone decide a match that has no confirmed result (e.g. a match loss, or game losses
    that reach the games needed): a penalty submission with no games played becomes its result.
    Returns whether the match was decided."""
    try:
        outcome = score_record(match, {"games": []})
    except UserError:  # e.g. an elimination match that game losses alone do not decide
        return False
    if not outcome.decided:
        return False
    supersede_open(match)
    confirm(match, ResultSubmission(match=match, source=ResultSubmission.Source.PENALTY, submitted_by=actor,
                                    record={"games": []}, outcome=outcome.to_json(), reason=reason),
            outcome, by=actor)
    return True
