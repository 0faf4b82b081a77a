"""Opponentless losses: a round a player lost with nobody paired against them.

Terms
-----
opponentless loss
    A match of one seat with ``Match.opponentless_loss`` set: the player lost the round without an opponent, as
    TOM records a late player ("LATE"): a player who arrived after the round was paired, or a late entry's loss
    for a round they missed (``tournaments.services.check_in.walk_in_register``, ``late_entry_losses``). It is
    confirmed at once (a submission from the organiser: 0 games won, placed second), gives nobody a win and adds
    no opponent. ``tournaments.adapters.history_for`` gives it to ``rules`` as ``MatchRecord(loss=True)``, and
    each tiebreaker system counts it as its source says (``rules.standings``; docs/rules.md, "Opponentless
    losses"). Swiss rounds only.

Not this: a player paired against an opponent who arrives late gets a match loss penalty at that table
(``tournaments.services.penalties``), which gives the opponent the win.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, Max
from django.utils.translation import gettext_lazy as _

from tournaments.errors import Conflict, UserError
from tournaments.models import (
    AuditEntry,
    Match,
    Penalty,
    Registration,
    ResultSubmission,
    Round,
    Seat,
    Tournament,
)
from tournaments.services.impartiality import require_not_own_entry
from tournaments.services.organiser import organiser_action
from tournaments.services.standings import queue_standings

#: The pairing reason (English; its code is ``late_loss``) and the submission's reason of an opponentless loss.
LATE_LOSS_REASON = "Late: a loss with no opponent (the player missed the round)"

#: Round kinds an opponentless loss may be recorded in (rules.history refuses one in an elimination round).
_SWISS_KINDS = (Round.Kind.SWISS, Round.Kind.PODS)


def opponentless_loss_create(*, rnd: Round, registration: Registration, actor, reason: str = "") -> Match:
    """Store an opponentless loss of ``registration`` in ``rnd`` (the next free table number), confirmed at once.

    No checks and no audit entry: the caller (:func:`late_loss_record`, a late entry) has made them, inside its
    transaction with the tournament locked; it queues the standings. Returns the new ``Match``.
    """
    table = (rnd.matches.aggregate(top=Max("table"))["top"] or 0) + 1
    match = Match.objects.create(
        round=rnd,
        table=table,
        pairing_reason=LATE_LOSS_REASON,
        pairing_reason_code="late_loss",
        status=Match.Status.CONFIRMED,
        draws=0,
        opponentless_loss=True,
    )
    Seat.objects.create(match=match, registration=registration, number=1, wins=0, placement=2)
    ResultSubmission.objects.create(
        match=match,
        source=ResultSubmission.Source.ORGANISER,
        submitted_by=actor,
        record={"games": []},
        outcome={"wins": [0], "placements": [2], "draws": 0},
        reason=reason or LATE_LOSS_REASON,
        state=ResultSubmission.State.CONFIRMED,
    )
    # the round's page state changes with its seats (selectors.round_state)
    Round.objects.filter(pk=rnd.pk).update(pairing_version=F("pairing_version") + 1)
    return match


@transaction.atomic
def late_loss_record(
    *, registration: Registration, actor, round_number: int, reason: str = "", idempotency_key: str = ""
) -> Match:
    """The organiser records an opponentless loss for ``registration`` in Swiss round ``round_number`` (a player
    who was not there when the round was paired: TOM's "LATE"). Logged (``AuditEntry.Action.OPPONENTLESS_LOSS``,
    with ``reason`` when given); the standings are recomputed.

    Raises NotAllowed (not the organiser; ``own_entry``), Conflict (``not_running``: the tournament is not
    running; ``not_active``: the player withdrew, dropped before that round or was disqualified;
    ``already_in_round``: the player has a match in that round, where a late arrival is a match loss penalty;
    ``not_swiss``: an elimination or round-robin round; ``team_event``: teams are paired as units; ``finished``),
    UserError (``no_round``: no such round).
    ``idempotency_key``: a repeat of the same submit returns the first match.
    """
    act = organiser_action(
        registration.tournament_id,
        actor,
        action="late_loss_record",
        idempotency_key=idempotency_key,
        reason=reason,
        payload={"registration": registration.pk, "round": round_number, "reason": reason},
    )
    if act.repeated:
        return act.first(Match)
    tournament = act.tournament
    registration = (
        Registration.objects.select_for_update(of=("self",)).select_related("player").get(pk=registration.pk)
    )
    require_not_own_entry(actor, registration, action="late_loss_record")
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(
            _("A loss with no opponent is recorded while the tournament is running."), code="not_running"
        )
    rnd = tournament.rounds.filter(number=round_number).first()
    if rnd is None:
        raise UserError(
            _("There is no round %(round)s yet."), code="no_round", params={"round": round_number}
        )
    name = registration.display_name
    if (
        registration.withdrawn
        or registration.waitlisted
        or registration.disqualified
        or (registration.dropped_after_round is not None and registration.dropped_after_round < rnd.number)
    ):
        raise Conflict(
            _("%(player)s does not play round %(round)s (withdrawn, dropped or disqualified)."),
            code="not_active",
            params={"player": name, "round": rnd.number},
        )
    if tournament.team_size > 1:
        raise Conflict(
            _("A team event pairs teams: a late player's team plays without them."), code="team_event"
        )
    if rnd.kind not in _SWISS_KINDS:
        raise Conflict(
            _("Round %(round)s is not a Swiss round: an elimination match needs an opponent."),
            code="not_swiss",
            params={"round": rnd.number},
        )
    if Seat.objects.filter(match__round=rnd, registration=registration).exists():
        raise Conflict(
            _(
                "%(player)s has a match in round %(round)s already; a player late for their match gets "
                "a match loss penalty there instead."
            ),
            code="already_in_round",
            params={"player": name, "round": rnd.number},
        )
    match = opponentless_loss_create(rnd=rnd, registration=registration, actor=actor, reason=act.reason)
    AuditEntry.objects.create(
        tournament=tournament,
        match=match,
        actor=actor,
        action=AuditEntry.Action.OPPONENTLESS_LOSS,
        reason=act.reason or f"Late: loss for round {rnd.number}",
        reason_code="" if act.reason else "late_loss",
        reason_params={} if act.reason else {"round": rnd.number},
        before={"player": name, "round": rnd.number, "result": "no match"},
        after={"player": name, "round": rnd.number, "table": match.table, "result": "loss (no opponent)"},
    )
    queue_standings(tournament)
    return act.done(match)


@transaction.atomic
def late_loss_remove(*, match: Match, actor, reason: str, idempotency_key: str = "") -> Registration:
    """The organiser removes an opponentless loss recorded by mistake (the player was there after all: pair them
    or enter their result at a table instead). Logged with the reason (``AuditEntry.Action.OPPONENTLESS_LOSS``,
    before: the loss, after: none); the entries logged for it stay in the log, no longer tied to a table; the
    standings are recomputed. Returns the player's registration.

    Raises NotAllowed (not the organiser; ``own_entry``), UserError (``reason_required``), Conflict
    (``not_a_late_loss``: the match is a table or a bye; ``finished``).
    """
    act = organiser_action(
        match.round.tournament_id,
        actor,
        action="late_loss_remove",
        idempotency_key=idempotency_key,
        reason=reason,
        payload={"match": match.pk, "reason": reason},
        reason_required=_("Say why the late loss is removed (it is logged)."),
    )
    if act.repeated:
        return act.first(Registration)
    tournament = act.tournament
    match = Match.objects.select_for_update(of=("self",)).select_related("round").get(pk=match.pk)
    seats = list(match.seats.select_related("registration__player"))
    if not match.opponentless_loss or len(seats) != 1:
        raise Conflict(_("This match is not a loss with no opponent."), code="not_a_late_loss")
    registration = seats[0].registration
    require_not_own_entry(actor, registration, action="late_loss_remove")
    rnd = match.round
    AuditEntry.objects.filter(match=match).update(match=None)
    Penalty.objects.filter(match=match).update(match=None)  # a warning given there stays on the player
    before = {
        "player": registration.display_name,
        "round": rnd.number,
        "table": match.table,
        "result": "loss (no opponent)",
    }
    ResultSubmission.objects.filter(match=match).delete()
    match.delete()
    Round.objects.filter(pk=rnd.pk).update(pairing_version=F("pairing_version") + 1)
    AuditEntry.objects.create(
        tournament=tournament,
        actor=actor,
        action=AuditEntry.Action.OPPONENTLESS_LOSS,
        reason=act.reason,
        before=before,
        after={"player": registration.display_name, "round": rnd.number, "result": "removed"},
    )
    queue_standings(tournament)
    return act.done(registration)
