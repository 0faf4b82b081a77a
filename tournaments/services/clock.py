"""The round clock: the organiser starts (or restarts), pauses, resumes and extends it, for the whole round or for one
table (a *time extension* after a deck check or a judge call). Every action is an ``AuditEntry`` (who, when, why,
the clock before and after) and bumps ``Round.clock_version`` (the cached round page's key).

The clock's fields are ``Round.started_at`` (set when the round is paired, ``round_clock_start_at_pairing``, if
the event's clocks start at pairing, ``Tournament.clock_start``; else the organiser starts it by hand),
``clock_paused_at``, ``clock_paused_seconds``, ``clock_extra_minutes`` and ``Match.extra_minutes``; what they mean at
an instant is ``tournaments.selectors.clock_at``. When a table's time is up, the tournament's end-of-round procedure
applies to its unfinished games (``Tournament.end_of_round``; rules/results.py ``END_OF_ROUND_RULE``).

Notifications (issue 25): a clock that starts (at pairing or publication, by hand, a restart) announces
``round.started`` (:func:`round_clock_started`); every action that gives the clock a new end (a start, a resume, an
extension of the round) sends ``signals.round_clock_running`` on commit, and ``tournaments.tasks`` schedules
``call_round_time`` at that end; :func:`round_time_call` then announces ``round.time`` if the time is really up.

Reasons: required to restart a running clock, to extend it and for a table's time extension; optional to start a
clock that never ran, to pause and to resume. Only the tournament's current (latest) round has a clock to change,
never once every table has a confirmed result (the clock ended: ``Round.ended_at``, set by
``round_clock_end_if_complete``) and never once the tournament is finished.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.errors import Conflict, UserError
from tournaments.models import AuditEntry, Match, Round, Tournament
from tournaments.notifications import events
from tournaments.services.idempotency import claim_key
from tournaments.services.impartiality import require_not_own_match
from tournaments.services.organiser import organiser_action
from tournaments.signals import round_clock_running

#: The most minutes one extension adds (round or table).
MAX_EXTENSION_MINUTES = 60


def _clock(rnd: Round) -> dict:
    """The round's clock fields as the audit log keeps them (times in ISO 8601, UTC)."""
    return {
        "round": rnd.number,
        "started_at": rnd.started_at.isoformat() if rnd.started_at else None,
        "paused_at": rnd.clock_paused_at.isoformat() if rnd.clock_paused_at else None,
        "paused_seconds": rnd.clock_paused_seconds,
        "extra_minutes": rnd.clock_extra_minutes,
    }


def _locked_round(rnd: Round, actor) -> Round:
    """The round locked for update with its tournament, after the checks every clock action shares: the organiser,
    a tournament not finished, the current round, a round still playing. Raises NotAllowed, Conflict (code
    ``finished``, ``not_current_round`` or ``round_ended``)."""
    locked = Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=rnd.pk)
    tournament = organiser_action(locked.tournament, actor, lock=False).tournament  # the round is the lock
    latest = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    if latest != locked.number:
        raise Conflict(_("Round %(round)s is over: only the current round (%(current)s) has a clock to change."),
                       code="not_current_round", params={"round": locked.number, "current": latest})
    if locked.ended_at is not None:
        raise Conflict(_("Every table of round %(round)s has a confirmed result: its clock has ended."),
                       code="round_ended", params={"round": locked.number})
    return locked


def round_clock_start_at_pairing(rnd: Round, *, now: datetime.datetime | None = None) -> Round:
    """The clock of a round just paired (or published): started at ``now`` when the event's clocks start at
    pairing (``Tournament.clock_start`` "at_pairing"), else left not started for the organiser's "Start the clock"
    (``round_clock_start``). Sets ``rnd.started_at`` and saves it when the round is already stored (an unsaved
    round is saved by the caller); reads ``rnd.tournament``. Not logged: the pairing (or publication) is the act.
    Returns the round."""
    at_pairing = rnd.tournament.clock_start == Tournament.ClockStart.AT_PAIRING
    rnd.started_at = (now or timezone.now()) if at_pairing else None
    if rnd.pk is not None:
        rnd.save(update_fields=["started_at"])
    return rnd


def round_clock_running_sent(rnd: Round) -> None:
    """Once the current transaction commits, send ``signals.round_clock_running`` for ``rnd`` (saved) with the end
    its clock now runs towards (``Round.ends_at``), so the time call is scheduled; nothing while the clock is not
    started, paused or ended."""
    if rnd.started_at is None or rnd.clock_paused_at is not None or rnd.ended_at is not None:
        return
    ends_at = rnd.ends_at(rnd.tournament.round_minutes)
    round_id = rnd.pk
    transaction.on_commit(
        lambda: round_clock_running.send(sender=Round, round_id=round_id, ends_at=ends_at), robust=True
    )


def round_clock_started(rnd: Round) -> None:
    """Announce ``round.started`` for ``rnd`` (saved, its clock just started or restarted) and schedule its time
    call (:func:`round_clock_running_sent`); nothing when its clock has not started (the organiser starts it by
    hand, or a draft). Called by the pairing and publication services and :func:`round_clock_start`."""
    if rnd.started_at is None:
        return
    events.announce(events.ROUND_STARTED, rnd.tournament_id, round_id=rnd.pk)
    round_clock_running_sent(rnd)


@transaction.atomic
def round_time_call(*, round_id: int, now: datetime.datetime | None = None) -> bool:
    """Call time in round ``round_id`` if its clock ran out: announce ``round.time`` (``round_id``, ``called_at``)
    and note it (``Round.time_called_at`` = ``now``). Does nothing (returns False) when the round is gone (re-paired),
    a draft, its tournament not running, its clock not started, paused or ended (every table confirmed), its end
    (``Round.ends_at``, with the pauses and the round's extensions) not reached yet, or its time already called for
    this end (a later end, after an extension or a restart, is called again). So a task scheduled for an end that
    has since moved is harmless. The round is locked: two runs call time once. Returns whether time was called."""
    now = now or timezone.now()
    rnd = Round.objects.select_for_update(of=("self",)).select_related("tournament").filter(pk=round_id).first()
    if rnd is None or rnd.is_draft or rnd.tournament.status != Tournament.Status.RUNNING:
        return False
    if rnd.started_at is None or rnd.clock_paused_at is not None or rnd.ended_at is not None:
        return False
    end = rnd.ends_at(rnd.tournament.round_minutes)
    if now < end or (rnd.time_called_at is not None and rnd.time_called_at >= end):
        return False
    rnd.time_called_at = now
    rnd.save(update_fields=["time_called_at"])
    events.announce(events.ROUND_TIME, rnd.tournament_id, round_id=rnd.pk, called_at=now.isoformat())
    return True


def round_clock_end_if_complete(rnd: Round, *, now: datetime.datetime | None = None) -> bool:
    """Stop the round's clock if every table now has a confirmed result: ``Round.ended_at`` set to ``now`` (once;
    ``clock_version`` bumped, the cached round page's key). Called by the results service after each confirmation
    (2 queries). Returns whether it ended now."""
    if rnd.matches.exclude(status=Match.Status.CONFIRMED).exists():
        return False
    return bool(Round.objects.filter(pk=rnd.pk, ended_at__isnull=True).update(
        ended_at=now or timezone.now(), clock_version=F("clock_version") + 1))


def _minutes(minutes: object) -> int:
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= MAX_EXTENSION_MINUTES:
        raise UserError(_("An extension is a whole number of minutes from 1 to %(max)s."),
                        code="minutes", params={"max": MAX_EXTENSION_MINUTES})
    return minutes


#: What a missing reason says, by the action that needs one.
_REASON_REQUIRED = {
    "restart": _("Give a reason to restart the round clock (it is logged)."),
    "extend": _("Give a reason to extend the round (it is logged)."),
    "table": _("Give a reason to give a time extension (it is logged)."),
}


def _reason(reason: str, action: str) -> str:
    """``reason`` stripped; raises UserError (``reason``) when it is empty (``action``: a key of
    ``_REASON_REQUIRED``)."""
    reason = (reason or "").strip()
    if not reason:
        raise UserError(_REASON_REQUIRED[action], code="reason")
    return reason


def _save(rnd: Round, actor, action: str, reason: str, before: dict, *, match: Match | None = None,
          after: dict | None = None, reason_code: str = "") -> Round:
    rnd.clock_version += 1
    rnd.save(update_fields=["started_at", "clock_paused_at", "clock_paused_seconds", "clock_extra_minutes",
                            "clock_version"])
    AuditEntry.objects.create(tournament=rnd.tournament, match=match, actor=actor, action=action, reason=reason,
                              reason_code=reason_code,
                              before=before, after=after if after is not None else _clock(rnd))
    return rnd


@transaction.atomic
def round_clock_start(*, rnd: Round, actor, reason: str = "", idempotency_key: str = "",
                      now: datetime.datetime | None = None) -> Round:
    """Start the round's clock now, or restart it: the full ``round_minutes`` from now, not paused, the round's
    extension cleared (a table's own extension stays: it makes up for time that table lost). A restart of a clock
    that already ran needs a reason. Logged (``clock_started``). Returns the round.
    Raises NotAllowed (not the organiser), Conflict (finished tournament, not the current round), UserError
    (``reason``)."""
    claim = claim_key(actor, idempotency_key, "round_clock_start", target=rnd, payload={"reason": reason})
    if claim.repeated:
        return claim.first(Round)
    rnd = _locked_round(rnd, actor)
    if rnd.started_at is not None:
        reason = _reason(reason, "restart")
    before = _clock(rnd)
    rnd.started_at = now or timezone.now()
    rnd.clock_paused_at = None
    rnd.clock_paused_seconds = 0
    rnd.clock_extra_minutes = 0
    _save(rnd, actor, AuditEntry.Action.CLOCK_STARTED, reason.strip() or "Round clock started", before,
          reason_code="" if reason.strip() else "clock_started")
    round_clock_started(rnd)
    claim.done(rnd)
    return rnd


@transaction.atomic
def round_clock_pause(*, rnd: Round, actor, reason: str = "", idempotency_key: str = "",
                      now: datetime.datetime | None = None) -> Round:
    """Pause the round's clock (the time stands still for every table until it is resumed). Logged
    (``clock_paused``), the reason optional. Raises NotAllowed, Conflict (``finished``, ``not_started``,
    ``already_paused``: the clock's state, 409)."""
    claim = claim_key(actor, idempotency_key, "round_clock_pause", target=rnd, payload={"reason": reason})
    if claim.repeated:
        return claim.first(Round)
    rnd = _locked_round(rnd, actor)
    if rnd.started_at is None:
        raise Conflict(_("The round clock has not started: start it first."), code="not_started")
    if rnd.clock_paused_at is not None:
        raise Conflict(_("The round clock is already paused."), code="already_paused")
    before = _clock(rnd)
    rnd.clock_paused_at = now or timezone.now()
    _save(rnd, actor, AuditEntry.Action.CLOCK_PAUSED, (reason or "").strip() or "Round clock paused", before,
          reason_code="" if (reason or "").strip() else "clock_paused")
    claim.done(rnd)
    return rnd


@transaction.atomic
def round_clock_resume(*, rnd: Round, actor, reason: str = "", idempotency_key: str = "",
                       now: datetime.datetime | None = None) -> Round:
    """Resume a paused clock: the pause's length is added to ``clock_paused_seconds`` (every end moves by it).
    Logged (``clock_resumed``), the reason optional. Raises NotAllowed, Conflict (``finished``, ``not_paused``: the clock's state, 409)."""
    claim = claim_key(actor, idempotency_key, "round_clock_resume", target=rnd, payload={"reason": reason})
    if claim.repeated:
        return claim.first(Round)
    rnd = _locked_round(rnd, actor)
    if rnd.clock_paused_at is None:
        raise Conflict(_("The round clock is not paused."), code="not_paused")
    before = _clock(rnd)
    now = now or timezone.now()
    rnd.clock_paused_seconds += max(0, round((now - rnd.clock_paused_at).total_seconds()))
    rnd.clock_paused_at = None
    _save(rnd, actor, AuditEntry.Action.CLOCK_RESUMED, (reason or "").strip() or "Round clock resumed", before,
          reason_code="" if (reason or "").strip() else "clock_resumed")
    round_clock_running_sent(rnd)  # every end moved by the pause: the time call is scheduled again
    claim.done(rnd)
    return rnd


@transaction.atomic
def round_clock_extend(*, rnd: Round, actor, minutes: int, reason: str, idempotency_key: str = "") -> Round:
    """Add ``minutes`` (1 to 60) to the whole round's clock, with a reason. Logged (``clock_extended``).
    Raises NotAllowed, Conflict, UserError (``minutes``, ``reason``)."""
    claim = claim_key(actor, idempotency_key, "round_clock_extend", target=rnd, payload={"minutes": minutes, "reason": reason})
    if claim.repeated:
        return claim.first(Round)
    minutes = _minutes(minutes)
    reason = _reason(reason, "extend")
    rnd = _locked_round(rnd, actor)
    before = _clock(rnd)
    rnd.clock_extra_minutes += minutes
    _save(rnd, actor, AuditEntry.Action.CLOCK_EXTENDED, reason, before)
    round_clock_running_sent(rnd)  # a later end: the time call is scheduled again
    claim.done(rnd)
    return rnd


@transaction.atomic
def match_time_extend(*, match: Match, actor, minutes: int, reason: str, idempotency_key: str = "") -> Match:
    """A time extension of ``minutes`` (1 to 60) for one table of the current round (after a deck check or a judge
    call), with a reason: that table's time ends later than the round's. Logged (``time_extension``, with the
    match). Raises NotAllowed (``own_match``: the actor plays at the table), Conflict (finished tournament, not the current round, ``finished_match``: a
    confirmed result needs no time, ``bye``), UserError (``minutes``, ``reason``)."""
    claim = claim_key(actor, idempotency_key, "match_time_extend", target=match, payload={"minutes": minutes, "reason": reason})
    if claim.repeated:
        return claim.first(Match)
    minutes = _minutes(minutes)
    reason = _reason(reason, "table")
    rnd = _locked_round(match.round, actor)
    match = Match.objects.select_for_update().get(pk=match.pk)
    require_not_own_match(actor, match, action="match_time_extend")
    if match.seats.count() < 2:
        raise Conflict(_("Table %(table)s is a bye: there is no game to extend."), code="bye",
                       params={"table": match.table})
    if match.status == Match.Status.CONFIRMED:
        raise Conflict(_("Table %(table)s has finished (its result is confirmed): it needs no more time."),
                       code="finished_match", params={"table": match.table})
    before = {"table": match.table, "extra_minutes": match.extra_minutes}
    match.extra_minutes += minutes
    match.save(update_fields=["extra_minutes"])
    _save(rnd, actor, AuditEntry.Action.TIME_EXTENSION, reason, before, match=match,
          after={"table": match.table, "extra_minutes": match.extra_minutes})
    claim.done(match)
    return match
