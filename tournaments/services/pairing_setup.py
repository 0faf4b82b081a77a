"""What the organiser sets up for pairing: forbidden pairs (two players kept apart), byes awarded at registration
(e.g. to an invited player) and the teams of a team event. Each is read by ``tournaments.adapters.structure_settings``
when a round is paired (``tournaments.services.pairing``).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy, ngettext_lazy

from tournaments.errors import Conflict, UserError
from tournaments.models import AuditEntry, ForbiddenPair, Registration, Tournament
from tournaments.services.impartiality import require_not_own_entry
from tournaments.services.organiser import organiser_action

S = Tournament.Structure


@transaction.atomic
def forbidden_pair_set(*, tournament: Tournament, actor, first: Registration, second: Registration,
                       reason: str, until_round: int | None = None, idempotency_key: str = "") -> ForbiddenPair:
    """Keep two players apart (in rounds 1..``until_round``, or always). Organiser only; logged.

    Raises NotAllowed (``own_entry``: staff keeping themself apart), UserError (no reason, the same player twice, a
    player of another
    tournament, a bad round number), Conflict (the two are already kept apart -- in either order; the
    tournament finished).
    """
    act = organiser_action(tournament, actor, action="forbidden_pair_set", idempotency_key=idempotency_key,
                           payload={"first": first, "second": second, "reason": reason, "until_round": until_round},
                           reason=reason, reason_code="reason",
                           reason_required=gettext_lazy("Say why these players must not meet (it is logged)."))
    if act.repeated:
        return act.first(ForbiddenPair)
    tournament, reason = act.tournament, act.reason
    for player in (first, second):
        require_not_own_entry(actor, player, action="forbidden_pair_set")
    if first.pk == second.pk:
        raise UserError(gettext_lazy("Choose two different players."), code="same_player")
    if first.tournament_id != tournament.pk or second.tournament_id != tournament.pk:
        raise UserError(gettext_lazy("Both players must be registered for this tournament."), code="not_registered")
    if until_round is not None and until_round < 1:
        raise UserError(gettext_lazy("The last round must be 1 or later (or blank for the whole tournament)."),
                        code="until_round")
    if ForbiddenPair.objects.filter(Q(player_a=first, player_b=second) | Q(player_a=second, player_b=first),
                                    tournament=tournament).exists():
        raise Conflict(gettext_lazy("%(first)s and %(second)s are already kept apart; remove that forbidden pair "
                                    "first to change it."), code="forbidden_pair_exists",
                       params={"first": first.display_name, "second": second.display_name})
    pair = ForbiddenPair.objects.create(tournament=tournament, player_a=first, player_b=second,
                                        until_round=until_round, reason=reason, created_by=actor)
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.FORBIDDEN_PAIR,
                              reason=reason, before={},
                              after={"players": [first.display_name, second.display_name],
                                     "until_round": until_round})
    return act.done(pair)


@transaction.atomic
def forbidden_pair_remove(*, pair: ForbiddenPair, actor, reason: str, idempotency_key: str = "") -> None:
    """Remove a forbidden pair. Organiser only; logged. Conflict once the tournament is finished."""
    act = organiser_action(pair.tournament_id, actor, action="forbidden_pair_remove",
                           idempotency_key=idempotency_key, reason=reason, reason_code="reason",
                           # the two players, not the pair's id (gone once it is removed, for the repeat)
                           payload={"players": [pair.player_a_id, pair.player_b_id], "reason": reason},
                           reason_required=gettext_lazy("Say why the forbidden pair is removed (it is logged)."))
    if act.repeated:
        return
    reason = act.reason
    AuditEntry.objects.create(tournament=pair.tournament, actor=actor, action=AuditEntry.Action.FORBIDDEN_PAIR,
                              reason=reason,
                              before={"players": [pair.player_a.display_name, pair.player_b.display_name],
                                      "until_round": pair.until_round}, after={})
    pair.delete()


@transaction.atomic
def byes_award(*, registration: Registration, actor, rounds: int, reason: str,
               idempotency_key: str = "") -> Registration:
    """Grant byes for rounds 1..``rounds`` (0 removes them), e.g. for an invited player. Organiser only; logged.

    Only before the first round is paired. Raises NotAllowed (``own_entry``: byes for oneself), Conflict (round 1
    paired),
    UserError (no reason, more byes than Swiss rounds, not a Swiss tournament).
    """
    act = organiser_action(registration.tournament_id, actor, action="byes_award", idempotency_key=idempotency_key,
                           payload={"registration": registration, "rounds": rounds, "reason": reason}, reason=reason, reason_code="reason",
                           reason_required=gettext_lazy("Say why the byes are granted (it is logged)."))
    if act.repeated:
        return act.first(Registration)
    tournament, reason = act.tournament, act.reason
    require_not_own_entry(actor, registration, action="byes_award")
    if tournament.structure != S.SWISS:
        raise UserError(gettext_lazy("Byes at registration are for Swiss tournaments."), code="structure")
    if not 0 <= rounds < max(tournament.swiss_rounds, 1):
        raise UserError(ngettext_lazy("Grant between 0 and %(max)s byes (the tournament has %(count)s Swiss round).",
                                      "Grant between 0 and %(max)s byes (the tournament has %(count)s Swiss rounds).",
                                      "count"),
                        code="rounds", params={"max": tournament.swiss_rounds - 1, "count": tournament.swiss_rounds})
    if tournament.rounds.exists():
        raise Conflict(gettext_lazy("Byes at registration are set before round 1 is paired."), code="round_paired")
    before = registration.awarded_byes
    registration.awarded_byes = rounds
    registration.save(update_fields=["awarded_byes"])
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.BYE_AWARDED,
                              reason=reason, before={"player": registration.display_name, "byes": before},
                              after={"player": registration.display_name, "byes": rounds})
    return act.done(registration)


@transaction.atomic
def registration_team_set(*, registration: Registration, actor, team: str) -> Registration:
    """Put a player in a team (team events; before the tournament starts). Organiser only.

    Raises NotAllowed, Conflict (started; ``finished``), UserError (not a team event, a full team).
    """
    tournament = organiser_action(registration.tournament_id, actor).tournament
    if tournament.team_size <= 1:
        raise UserError(gettext_lazy("This is not a team event."), code="not_team_event")
    if tournament.status in (Tournament.Status.RUNNING, Tournament.Status.FINISHED):
        raise Conflict(gettext_lazy("Teams are fixed once the tournament starts."), code="status")
    team = " ".join(team.split())[:80]
    if team and tournament.registrations.entered().filter(team=team).exclude(pk=registration.pk).count() \
            >= tournament.team_size:
        raise UserError(gettext_lazy("Team '%(team)s' already has %(size)s players."), code="team_full",
                        params={"team": team, "size": tournament.team_size})
    registration.team = team
    registration.save(update_fields=["team"])
    return registration
