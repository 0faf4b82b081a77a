"""Check-in, the no-shows, walk-ins and claiming a walk-in's entry.

Terms:

* *check-in*: a registered player says they are at the venue, before round 1 is paired. The *check-in
  window* is open while the tournament takes or has closed registration, or has started, and no round is
  paired yet (``check_in_open``). A player checks themself in (``registration_check_in`` with their own entry);
  the organiser checks anyone in or out (logged: ``AuditEntry.Action.CHECK_IN``). A self check-in is recorded on
  the registration (``checked_in_at``, ``checked_in_by``) and not in the audit log, like a player's own drop.
* *closing check-in*: at its deadline (``Tournament.check_in_deadline``) or when the organiser closes it
  (``check_in_close``, logged: ``AuditEntry.Action.CHECK_IN_CLOSED``); ``tournaments.event_rules.check_in_closed``.
  Players can no longer check themselves in; the organiser still checks a late arrival in.
* *required check-in* (``Tournament.check_in_required``): round 1 is not paired while an active player has not
  checked in (``require_checked_in``, called by ``tournaments.services.pairing``); the organiser drops them as
  no-shows or waits for them.
* *no-show*: an active registration (not withdrawn, not dropped) that has not checked in when the organiser drops
  the no-shows (``no_shows_drop``): once check-in is closed, in one step before round 1 is paired, each is withdrawn as a drop by the
  organiser (they never played, so they leave the pairings and standings; ``player_reinstate`` brings one back),
  each logged with the reason "no-show".
* *walk-in*: a player the organiser registers by name only, with no account (``walk_in_register``):
  ``Registration.player`` is None and ``walk_in_name`` holds the name; checked in at once. The organiser enters the
  walk-in's decklist (``decks.services.deck_submit`` lets the organiser submit for an unclaimed walk-in).
* *claim*: a walk-in's entry carries a random ``claim_code`` (10 characters of a 32-letter alphabet without
  look-alikes: 50 bits), shown to the organiser to hand over on a slip. A logged-in user with no entry in the
  tournament enters it (``walk_in_claim``) and the entry becomes theirs: ``player`` is set, the code is spent, the
  walk-in's name stays (``Registration.display_name``) so pairings and standings read the same. Codes are compared
  in constant time (``hmac.compare_digest``, every candidate compared) and a user gets ``CLAIM_ATTEMPTS`` wrong
  codes per tournament per ``CLAIM_WINDOW_SECONDS``, counted in the database (``ClaimAttempts``) with one
  conditional UPDATE per try.
"""

from __future__ import annotations

import datetime
import hmac
import logging
import secrets

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry, ClaimAttempts, Registration, Round, Tournament
from tournaments.services.late_losses import opponentless_loss_create
from tournaments.services.organiser import locked_tournament, organiser_action
from tournaments.services.permissions import is_tournament_organiser, require_not_finished
from tournaments.services.standings import queue_standings
from tournaments.event_rules import (  # noqa: F401 (re-exported)
    CHECK_IN_STATUSES,
    check_in_closed,
    check_in_open,
    late_entry_open,
)

#: The claim code's letters: digits and capitals without 0/O, 1/I/L (a code is read off a paper slip).
CLAIM_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CLAIM_CODE_LENGTH = 10
#: Wrong claim codes a user may enter per tournament in ``CLAIM_WINDOW_SECONDS``.
CLAIM_ATTEMPTS = 10
CLAIM_WINDOW_SECONDS = 3600
WALK_IN_NAME_MAX = Registration._meta.get_field("walk_in_name").max_length or 80

logger = logging.getLogger(__name__)


def new_claim_code() -> str:
    """A random claim code (``CLAIM_CODE_LENGTH`` letters of ``CLAIM_ALPHABET``, ``secrets``)."""
    return "".join(secrets.choice(CLAIM_ALPHABET) for _ in range(CLAIM_CODE_LENGTH))


def normalise_claim_code(code: str) -> str:
    """What a user typed as a code, capitals without spaces or dashes ("ab3d-ef ..." -> "AB3DEF...")."""
    return "".join(ch for ch in (code or "").upper() if ch not in " -\t")


def format_claim_code(code: str) -> str:
    """A code as printed on a slip: two groups of five ("ABCDE-FGHJK")."""
    return f"{code[:5]}-{code[5:]}" if len(code) > 5 else code


def _yes_no(value: bool) -> str:
    """An audit entry's before/after reads as words ("Checked in: yes")."""
    return "yes" if value else "no"


def _require_window(tournament: Tournament) -> None:
    if tournament.status not in CHECK_IN_STATUSES:
        raise Conflict(_("Check-in opens with registration and closes when round 1 is paired."),
                       code="check_in_closed")
    if tournament.rounds.exists():
        raise Conflict(_("Round 1 is paired: check-in is over."), code="check_in_closed")


@transaction.atomic
def registration_check_in(*, registration: Registration, actor, checked_in: bool = True,
                          idempotency_key: str = "") -> Registration:
    """Check ``registration`` in (or, the organiser only, out) before round 1 is paired.

    The player checks themself in; the organiser checks anyone in or out (logged, ``AuditEntry.Action.CHECK_IN``).
    Checking in a player already checked in changes nothing. Raises NotAllowed (someone else's entry, or a
    player checking out), Conflict (the tournament finished: ``finished``; the window is closed: no registration
    yet, or round 1 paired, or, for a player, closed by the organiser or its deadline; a withdrawn or dropped
    entry).
    """
    tournament = locked_tournament(registration.tournament_id)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    organiser = is_tournament_organiser(actor, tournament)
    if not registration.belongs_to(actor) and not organiser:
        raise NotAllowed(_("Only the player or the tournament's organiser may check a player in."))
    if not checked_in and not organiser:
        raise NotAllowed(_("Only the organiser may check a player out."))
    if not organiser and check_in_closed(tournament):
        raise Conflict(_("Check-in is closed: ask the organiser to check you in."), code="check_in_closed")
    # the player or the organiser (checked above)
    act = organiser_action(tournament, actor, lock=False, who=None, action="registration_check_in",
                           idempotency_key=idempotency_key,
                           payload={"registration": registration, "checked_in": checked_in})
    if act.repeated:
        return act.first(Registration)
    _require_window(tournament)
    if registration.withdrawn or registration.dropped:
        raise Conflict(_("%(player)s has left the tournament; reinstate them first."), code="not_active",
                       params={"player": registration.display_name})
    if registration.checked_in == checked_in:
        return act.done(registration)
    before = {"player": registration.display_name, "checked_in": _yes_no(registration.checked_in)}
    registration.checked_in_at = timezone.now() if checked_in else None
    registration.checked_in_by = actor if checked_in else None
    registration.save(update_fields=["checked_in_at", "checked_in_by"])
    if not registration.belongs_to(actor):
        AuditEntry.objects.create(
            tournament=tournament, actor=actor, action=AuditEntry.Action.CHECK_IN,
            reason="Checked in by the organiser" if checked_in else "Checked out by the organiser",
            reason_code="checked_in" if checked_in else "checked_out",
            before=before, after={"player": registration.display_name, "checked_in": _yes_no(checked_in)})
    return act.done(registration)


def _not_checked_in(tournament: Tournament):
    """The active registrations (not withdrawn, not dropped) that have not checked in, registration order."""
    return Registration.objects.filter(tournament=tournament, withdrawn=False, dropped_after_round__isnull=True,
                                       checked_in_at__isnull=True).select_related("player").order_by(
                                           "registered_at", "id")


def require_checked_in(tournament: Tournament) -> None:
    """Before round 1 of an event whose check-in is required (``Tournament.check_in_required``): every active
    player has checked in (1 query; none when check-in is not required). Raises Conflict (``not_checked_in``,
    ``params["players"]``: their names, registration order, ``count``, and ``anyone_checked_in``: False when
    nobody has, so dropping them all is not offered): drop them as no-shows (``no_shows_drop`` with
    ``close=True``) or wait for them."""
    if not tournament.check_in_required:
        return
    names = [r.display_name for r in _not_checked_in(tournament)]
    if names:
        raise Conflict(ngettext_lazy(
            "%(count)s player has not checked in: %(names)s. Drop them as a no-show, or wait for them to check in "
            "before pairing round 1.",
            "%(count)s players have not checked in: %(names)s. Drop them as no-shows, or wait for them to check in "
            "before pairing round 1.", "count"),
            code="not_checked_in", params={
                "count": len(names), "players": names, "names": ", ".join(names),
                "anyone_checked_in": Registration.objects.filter(
                    tournament=tournament, withdrawn=False, dropped_after_round__isnull=True,
                    checked_in_at__isnull=False).exists()})


def _close(tournament: Tournament, actor) -> None:
    """Close ``tournament``'s check-in now (locked by the caller), logged (``check_in_closed``)."""
    tournament.check_in_closed_at = timezone.now()
    tournament.save(update_fields=["check_in_closed_at"])
    AuditEntry.objects.create(
        tournament=tournament, actor=actor, action=AuditEntry.Action.CHECK_IN_CLOSED,
        reason="Check-in closed by the organiser", reason_code="check_in_closed",
        before={"check_in": "open"}, after={"check_in": "closed"})


@transaction.atomic
def check_in_close(*, tournament: Tournament, actor, idempotency_key: str = "") -> Tournament:
    """Close check-in now, before round 1 is paired (its deadline, ``check_in_deadline``, closes it by itself):
    players can no longer check themselves in (the organiser still checks a late arrival in) and the no-shows can
    be dropped (``no_shows_drop``). Logged (``AuditEntry.Action.CHECK_IN_CLOSED``). Closing a closed check-in
    changes nothing. Returns the tournament.

    Raises NotAllowed (not the organiser), Conflict (the tournament finished: ``finished``; no registration yet or
    round 1 paired: ``check_in_closed``)."""
    act = organiser_action(tournament, actor, action="check_in_close", idempotency_key=idempotency_key)
    if act.repeated:
        return act.first(Tournament)
    tournament = act.tournament
    _require_window(tournament)
    if not check_in_closed(tournament):
        _close(tournament, actor)
    return act.done(tournament)


@transaction.atomic
def no_shows_drop(*, tournament: Tournament, actor, close: bool = False,
                  idempotency_key: str = "") -> list[Registration]:
    """Drop every no-show in one step, once check-in is closed and before round 1 is paired: each active
    registration that has not checked in is withdrawn as removed by the organiser (never paired, out of the
    standings; ``player_reinstate`` undoes one), each logged as ``AuditEntry.Action.PLAYER_DROPPED`` with the
    reason "no-show". ``close``: close check-in first if it is open (logged as ``check_in_close`` logs it: what the
    organiser chooses when round 1 was refused for players not checked in). Returns the entries dropped
    (registration order).

    Raises NotAllowed (not the organiser), Conflict (round 1 is paired, the tournament is finished, check-in is
    still open: ``check_in_open``, or nobody has checked in yet: that would drop everyone), UserError (everyone
    has checked in: no no-shows).
    """
    act = organiser_action(tournament, actor, action="no_shows_drop", idempotency_key=idempotency_key,
                           payload={"close": close})
    if act.repeated:
        return []
    tournament = act.tournament
    if tournament.rounds.exists():
        raise Conflict(_("Round 1 is paired: the no-shows can only be dropped in one step before it. Drop a player "
                         "who left from the players list instead."), code="round_paired")
    _require_window(tournament)
    if not check_in_closed(tournament):
        if not close:
            raise Conflict(_("Check-in is still open: close it first, then drop the players who have not checked "
                             "in."), code="check_in_open")
        _close(tournament, actor)
    # of=("self",): a walk-in has no player, a nullable join PostgreSQL cannot lock
    active = Registration.objects.select_for_update(of=("self",)).filter(
        tournament=tournament, withdrawn=False, dropped_after_round__isnull=True).select_related("player")
    if not active.filter(checked_in_at__isnull=False).exists():
        raise Conflict(_("Nobody has checked in yet: check the players in first (dropping the no-shows now would "
                         "drop everyone)."), code="nobody_checked_in")
    no_shows = list(active.filter(checked_in_at__isnull=True).order_by("registered_at", "id"))
    if not no_shows:
        raise UserError(_("Everyone has checked in: there are no no-shows to drop."), code="no_no_shows")
    Registration.objects.filter(pk__in=[r.pk for r in no_shows]).update(withdrawn=True, removed_by_organiser=True)
    AuditEntry.objects.bulk_create([
        AuditEntry(tournament=tournament, actor=actor, action=AuditEntry.Action.PLAYER_DROPPED, reason="no-show",
                   reason_code="no_show",
                   before={"player": r.display_name, "checked_in": "no", "state": "active"},
                   after={"player": r.display_name, "state": "withdrawn (no-show)"})
        for r in no_shows])
    for r in no_shows:
        r.withdrawn = r.removed_by_organiser = True
    return no_shows


@transaction.atomic
def walk_in_register(*, tournament: Tournament, actor, name: str, late_entry_losses: bool = False,
                     idempotency_key: str = "") -> Registration:
    """The organiser registers a walk-in by name only (no account): ``player`` None, ``walk_in_name`` the name,
    checked in at once, with a new ``claim_code`` for the player to claim the entry later. While registration is
    open or closed, or as a late entry while a running tournament takes them (``late_entry_open``). Logged
    (``AuditEntry.Action.WALK_IN``). The walk-in still needs a legal decklist to start or be paired, which the
    organiser enters (``decks.services.deck_submit``).

    A late entry (a running Swiss) joins in one of two ways, the organiser's choice: ``late_entry_losses`` False
    (the default, as before): with zero points and no losses, paired from the next round into the bracket their
    points put them in; True: with an opponentless loss for each Swiss round already paired
    (``tournaments.services.late_losses``; TOM's "LATE"), counted by each tiebreaker system as its source says.

    Raises NotAllowed (not the organiser), UserError (no name, longer than 80 characters, or the name of another
    player of the tournament, case-insensitively; ``team_event``: losses asked for in a team event, where teams are
    paired as units), Conflict (the tournament takes no entries now; finished: ``finished``).
    """
    act = organiser_action(tournament, actor, action="walk_in_register", idempotency_key=idempotency_key,
                           payload={"name": name, "late_entry_losses": late_entry_losses})
    if act.repeated:
        return act.first(Registration)
    tournament = act.tournament
    name = " ".join((name or "").split())
    if not name:
        raise UserError(_("Enter the walk-in's name."), code="name_required")
    if len(name) > WALK_IN_NAME_MAX:
        raise UserError(_("A name has at most %(max)s characters."), code="name_too_long",
                        params={"max": WALK_IN_NAME_MAX})
    late = tournament.status == Tournament.Status.RUNNING and late_entry_open(tournament)
    if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.CLOSED) and not late:
        raise Conflict(_("Walk-ins are registered before the tournament starts (or as late entries while it takes "
                         "them)."), code="registration_closed")
    taken = {r.display_name.casefold() for r in tournament.registrations.select_related("player")}
    if name.casefold() in taken:
        raise UserError(_("There is already a player named %(name)s in this tournament: add a surname or an "
                          "initial."), code="name_taken", params={"name": name})
    now = timezone.now()
    registration = Registration.objects.create(
        tournament=tournament, player=None, walk_in_name=name, claim_code=new_claim_code(), late_entry=late,
        checked_in_at=now, checked_in_by=actor)
    if late and late_entry_losses and tournament.team_size > 1:
        raise UserError(_("A team event pairs teams: a late entry joins a team, with no losses of their own."),
                        code="team_event")
    missed = list(tournament.rounds.filter(kind__in=(Round.Kind.SWISS, Round.Kind.PODS)).order_by("number")) if (
        late and late_entry_losses) else []
    for rnd in missed:
        opponentless_loss_create(rnd=rnd, registration=registration, actor=actor)
    if missed:
        reason = ("Walk-in registered by the organiser (no account); late entry: a loss with no opponent for each "
                  f"round missed ({len(missed)})")
        code, params = "walk_in_late_losses", {"rounds": len(missed)}
    else:
        reason = "Walk-in registered by the organiser (no account)" + (
            "; late entry: joins the next round with no points" if late else "")
        code, params = ("walk_in_late" if late else "walk_in"), {}
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.WALK_IN,
                              reason=reason, reason_code=code, reason_params=params,
                              before={}, after={"player": name, "checked_in": "yes",
                                                **({"late_losses": [r.number for r in missed]} if missed else {})})
    if missed:
        queue_standings(tournament)
    return act.done(registration)


def _take_attempt(tournament: Tournament, actor) -> int:
    """Take one of ``actor``'s claim attempts in ``tournament`` (its own transaction, committed before the code is
    compared): one conditional ``UPDATE ... SET attempts = attempts + 1 WHERE attempts < CLAIM_ATTEMPTS``, so
    parallel tries never pass the limit (the row count says whether it was taken). A window over starts again
    (an UPDATE conditional on the old start, so two tries never both reset it). Returns the counter's pk.
    Raises Conflict (``too_many_attempts``)."""
    now = timezone.now()
    with transaction.atomic():
        counter, _created = ClaimAttempts.objects.get_or_create(tournament=tournament, user=actor,
                                                                defaults={"window_started": now})
    ClaimAttempts.objects.filter(
        pk=counter.pk, window_started__lte=now - datetime.timedelta(seconds=CLAIM_WINDOW_SECONDS)).update(
        attempts=0, window_started=now)
    taken = ClaimAttempts.objects.filter(pk=counter.pk, attempts__lt=CLAIM_ATTEMPTS).update(
        attempts=F("attempts") + 1)
    if not taken:
        logger.warning("claim refused: too many wrong codes (tournament %s, user %s)", tournament.pk, actor.pk)
        raise Conflict(_("Too many wrong codes: try again in an hour, or ask the organiser."),
                       code="too_many_attempts")
    return counter.pk


def walk_in_claim(*, tournament: Tournament, actor, code: str) -> Registration:
    """``actor`` claims a walk-in's entry with its claim code: the entry becomes theirs (``player`` set; the code
    is spent; the walk-in's name stays as it was) and the claim is logged (``AuditEntry.Action.WALK_IN_CLAIMED``).
    Each try takes an attempt first (:func:`_take_attempt`); only a wrong code keeps it.

    Raises NotAllowed (not logged in), Conflict (``actor`` already has an entry in this tournament; too many
    wrong codes: ``CLAIM_ATTEMPTS`` per ``CLAIM_WINDOW_SECONDS``; the tournament is finished), UserError (a wrong
    or spent code).
    """
    if not getattr(actor, "is_authenticated", False):
        raise NotAllowed(_("Log in to claim an entry."))
    require_not_finished(tournament)
    counter = _take_attempt(tournament, actor)
    try:
        return _claim(tournament=tournament, actor=actor, code=normalise_claim_code(code))
    except UserError as exc:
        if exc.code != "wrong_code":  # only a wrong code counts: give the attempt back
            ClaimAttempts.objects.filter(pk=counter, attempts__gt=0).update(attempts=F("attempts") - 1)
        raise


@transaction.atomic
def _claim(*, tournament: Tournament, actor, code: str) -> Registration:
    tournament = locked_tournament(tournament.pk)
    if Registration.objects.filter(tournament=tournament, player=actor).exists():
        raise Conflict(_("You already have an entry in this tournament; a walk-in's entry is claimed by an account "
                         "without one."), code="already_registered")
    candidates = list(Registration.objects.select_for_update().filter(
        tournament=tournament, player__isnull=True).exclude(claim_code="").order_by("pk"))
    found = None
    for candidate in candidates:  # compare with every one, in constant time: the time says nothing of the code
        if hmac.compare_digest(candidate.claim_code.encode(), code.encode()) and found is None:
            found = candidate
    if found is None or len(code) != CLAIM_CODE_LENGTH:
        raise UserError(_("That code does not match any walk-in entry of this tournament (or it was already "
                          "claimed). Check the slip the organiser gave you."), code="wrong_code")
    found.player, found.claim_code = actor, ""
    try:
        with transaction.atomic():
            found.save(update_fields=["player", "claim_code"])
    except IntegrityError as exc:  # the same account claimed another entry at the same moment
        raise Conflict(_("You already have an entry in this tournament."), code="already_registered") from exc
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.WALK_IN_CLAIMED,
                              reason="Walk-in entry claimed with its code", reason_code="walk_in_claimed",
                              before={"player": found.walk_in_name, "account": ""},
                              after={"player": found.walk_in_name, "account": actor.get_username()})
    return found
