"""A player's entry in a tournament: registration with a capacity and a waiting list, late entries into a
running event, drops (by the player or the organiser) and the organiser's reinstatement of a removed player.

Walk-ins and check-in: ``tournaments.services.check_in``; the deck a player registers: ``decks.services``.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.errors import Conflict, NotAllowed, local_datetime
from tournaments.event_rules import late_entry_open  # noqa: F401 (re-exported)
from tournaments.models import AuditEntry, Registration, Tournament
from tournaments.notifications import events
from tournaments.services.impartiality import require_not_own_entry
from tournaments.services.organiser import locked_tournament, organiser_action
from tournaments.services.permissions import require_not_finished
from tournaments.services.standings import queue_standings


@transaction.atomic
def player_register(*, tournament: Tournament, actor) -> Registration:
    """Register ``actor`` for an open tournament, or as a late entry while a running one takes them.

    A late entrant joins with no points: they submit a decklist (their deck locks once they are
    paired) and are paired from the next round on. A player who withdrew may register again; one the
    organiser dropped or disqualified may not (the organiser reinstates them: ``player_reinstate``).
    When the event is full (``Tournament.capacity`` players entered) the player joins the waiting list
    (``Registration.waitlisted_at`` set; see :func:`waitlist_position`): never paired, not counted as a player,
    moved into the event when a place frees up (:func:`waitlist_promote`).
    Raises Conflict when closed, past the ``registration_deadline`` (code ``registration_deadline``; late
    entries into a running event follow ``late_entry_rounds`` instead), already registered or removed by the
    organiser, or finished (``finished``).
    """
    if not actor.is_authenticated:
        raise NotAllowed(_("Log in to register."))
    tournament = locked_tournament(tournament.pk)
    require_not_finished(tournament)
    existing = Registration.objects.filter(tournament=tournament, player=actor).first()
    if existing is not None and existing.removed_by_organiser:
        raise Conflict(_("The organiser disqualified you from this tournament; only the organiser can reinstate "
                         "you. Ask them if you think it is a mistake.") if existing.disqualified else
                       _("The organiser removed you from this tournament; only the organiser can reinstate you. "
                         "Ask them if you think it is a mistake."), code="removed_by_organiser")
    late = tournament.status == Tournament.Status.RUNNING and late_entry_open(tournament)
    if tournament.status != Tournament.Status.REGISTRATION and not late:
        raise Conflict(_("Registration for this tournament is not open."), code="registration_closed")
    deadline = tournament.registration_deadline
    if not late and deadline is not None and timezone.now() > deadline:
        when = local_datetime(timezone.localtime(deadline, tournament.zone))
        raise Conflict(_("Registration closed at the deadline, %(when)s (%(zone)s)."), code="registration_deadline",
                       params={"deadline": deadline.isoformat(), "when": when, "zone": tournament.time_zone})
    if existing is not None and not existing.withdrawn:
        raise Conflict(_("You are already registered for this tournament."), code="already_registered")
    full = tournament.capacity is not None and (
        tournament.registrations.entered().count() >= tournament.capacity)
    waitlisted_at = timezone.now() if full else None
    if existing is not None:
        existing.withdrawn, existing.waitlisted_at = False, waitlisted_at
        existing.save(update_fields=["withdrawn", "waitlisted_at"])
        return existing
    registration = Registration.objects.create(tournament=tournament, player=actor, late_entry=late,
                                               waitlisted_at=waitlisted_at)
    if late and not full:
        AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.LATE_ENTRY,
                                  reason="Late entry: joins the next round with no points", reason_code="late_entry",
                                  before={}, after={"player": registration.display_name,
                                                    "rounds_paired": tournament.rounds.count()})
    return registration


def waitlist_position(registration: Registration) -> int | None:
    """The registration's place on its tournament's waiting list (1 = next in), or None when it is not on it
    (one query)."""
    if not registration.waitlisted:
        return None
    assert registration.waitlisted_at is not None
    ahead = Registration.objects.filter(tournament_id=registration.tournament_id).waitlisted().filter(
        Q(waitlisted_at__lt=registration.waitlisted_at)
        | Q(waitlisted_at=registration.waitlisted_at, pk__lt=registration.pk)).count()
    return ahead + 1


def waitlist_promote(*, tournament: Tournament, actor, reason: str, reason_code: str = "",
                     reason_params: dict | None = None) -> list[Registration]:
    """Move the first players of the waiting list into the event while there are places (``capacity``; all of
    them when it is unlimited). Called inside a service's transaction with the tournament locked, when a
    registered player withdraws or the organiser raises the capacity. Each promotion is an ``AuditEntry``
    (``waitlist_promoted``) by ``actor`` with ``reason`` (English; ``reason_code``/``reason_params``: see
    ``AuditEntry.reason_code``). Returns the promoted registrations in order. Only
    before the tournament starts: a place freed by a drop during the event stays free."""
    if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION,
                                 Tournament.Status.CLOSED):
        return []
    waiting = tournament.registrations.waitlisted().select_related("player")
    if tournament.capacity is not None:
        free = tournament.capacity - tournament.registrations.entered().count()
        if free <= 0:
            return []
        waiting = waiting[:free]
    promoted = list(waiting)
    for registration in promoted:
        registration.waitlisted_at = None
        registration.save(update_fields=["waitlisted_at"])
        AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.WAITLIST_PROMOTED,
                                  reason=reason, reason_code=reason_code, reason_params=reason_params or {},
                                  before={"player": registration.display_name, "state": "waiting list"},
                                  after={"player": registration.display_name, "state": "registered"})
    return promoted


@transaction.atomic
def player_drop(*, registration: Registration, actor, reason: str = "", idempotency_key: str = "") -> Registration:
    """Drop a player: the player themself or the organiser (logged with a reason).

    Before the tournament starts this withdraws the registration; after, the player keeps
    their record and is never paired again (``dropped_after_round`` = the last round that
    has been paired). A drop by the organiser stands until the organiser reinstates the player
    (``player_reinstate``). Raises NotAllowed, UserError (the organiser gave no reason: ``reason_required``),
    or Conflict if already dropped or the tournament is finished. ``idempotency_key``: a repeat of the same
    submit returns the first result.
    """
    tournament = locked_tournament(registration.tournament_id)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    is_self = registration.belongs_to(actor)
    act = organiser_action(tournament, actor, lock=False, who=None if is_self else "organiser",
                           action="player_drop", idempotency_key=idempotency_key, reason=reason,
                           payload={"registration": registration, "reason": reason},
                           reason_required=None if is_self else _("Say why the player is dropped; the reason is "
                                                                  "logged."))
    if act.repeated:
        return act.first(Registration)
    if registration.withdrawn or registration.dropped:
        raise Conflict(_("This player has already dropped."), code="already_dropped")
    was_waitlisted = registration.waitlisted
    if was_waitlisted or tournament.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION,
                                               Tournament.Status.CLOSED):
        registration.withdrawn = True
        registration.waitlisted_at = None
    else:
        last = tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0
        registration.dropped_after_round = last
    registration.removed_by_organiser = not is_self
    registration.save(update_fields=["withdrawn", "dropped_after_round", "removed_by_organiser", "waitlisted_at"])
    # the webhooks hear every drop; the player is told when the organiser dropped them (notification_texts)
    events.announce(events.PLAYER_DROPPED, tournament.pk, registration_id=registration.pk)
    if registration.withdrawn and not was_waitlisted:
        waitlist_promote(tournament=tournament, actor=actor,
                         reason=f"A place freed up: {registration.display_name} withdrew",
                         reason_code="place_freed_withdrew", reason_params={"player": registration.display_name})
    if not is_self:
        AuditEntry.objects.create(
            tournament=tournament,
            actor=actor,
            action=AuditEntry.Action.PLAYER_DROPPED,
            reason=act.reason,
            before={"player": registration.display_name, "dropped": False},
            after={"player": registration.display_name, "dropped": True,
                   "dropped_after_round": registration.dropped_after_round},
        )
    return act.done(registration)


def _removal(registration: Registration) -> str:
    if registration.disqualified:
        return "disqualified"
    if registration.withdrawn:
        return "withdrawn"
    if registration.dropped:
        return f"dropped after round {registration.dropped_after_round}"
    return "active"


@transaction.atomic
def player_reinstate(*, registration: Registration, actor, reason: str, idempotency_key: str = "") -> Registration:
    """The organiser lifts a drop, withdrawal or disqualification: the player is active again (paired
    from the next round on; a disqualification's ``Penalty`` row stays on record). Logged with the reason.

    Raises NotAllowed (not the organiser; ``own_entry``: staff reinstating themself), UserError (no reason),
    Conflict (the player is not removed,
    the tournament is finished).
    """
    act = organiser_action(registration.tournament_id, actor, action="player_reinstate",
                           idempotency_key=idempotency_key, reason=reason,
                           payload={"registration": registration, "reason": reason})
    if act.repeated:
        return act.first(Registration)
    tournament = act.tournament
    registration = Registration.objects.select_for_update(of=("self",)).select_related("player").get(
        pk=registration.pk)
    require_not_own_entry(actor, registration, action="player_reinstate")
    if not (registration.withdrawn or registration.dropped or registration.disqualified):
        raise Conflict(_("%(player)s is not removed from the tournament; nothing to reinstate."),
                       code="not_removed", params={"player": registration.display_name})
    act.require_reason(_("Say why the player is reinstated; the reason is logged."))
    before = {"player": registration.display_name, "state": _removal(registration)}
    registration.withdrawn = registration.disqualified = registration.removed_by_organiser = False
    registration.dropped_after_round = None
    registration.save(update_fields=["withdrawn", "disqualified", "removed_by_organiser", "dropped_after_round"])
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.PLAYER_REINSTATED,
                              reason=act.reason, before=before,
                              after={"player": registration.display_name, "state": _removal(registration)})
    if tournament.status == Tournament.Status.RUNNING:
        queue_standings(tournament)  # a disqualified player returns to the standings
    return act.done(registration)
