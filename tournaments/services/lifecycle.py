"""A tournament's life after it is created: registration opened and closed, the start (the decks lock), the
finish once its structure is complete, and the reopening of a finished event to correct it.

draft -> registration <-> closed -> running -> finished (-> running again when reopened). Creating and editing
the event: ``tournaments.services.tournaments``; pairing its rounds: ``tournaments.services.pairing``.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy
from rules.structures import NextRound

from tournaments.errors import Conflict, UserError
from tournaments.models import AuditEntry, Registration, Round, Tournament
from tournaments.notifications import events
from tournaments.services.english import english
from tournaments.services.organiser import organiser_action
from tournaments.services.pairing import finished_reason, require_round_finished, what_comes_next


@transaction.atomic
def tournament_open_registration(*, tournament: Tournament, actor) -> Tournament:
    """Open registration (from draft or closed). Raises NotAllowed / Conflict (``status``; ``finished``)."""
    tournament = organiser_action(tournament, actor).tournament
    if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.CLOSED):
        raise Conflict(_("Registration can only be opened before the tournament starts."), code="status")
    tournament.status = Tournament.Status.REGISTRATION
    tournament.save(update_fields=["status"])
    return tournament


@transaction.atomic
def tournament_close_registration(*, tournament: Tournament, actor) -> Tournament:
    """Close registration. Raises NotAllowed / Conflict (``status``; ``finished``)."""
    tournament = organiser_action(tournament, actor).tournament
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict(_("Registration is not open."), code="status")
    tournament.status = Tournament.Status.CLOSED
    tournament.save(update_fields=["status"])
    return tournament


@transaction.atomic
def tournament_start(*, tournament: Tournament, actor) -> Tournament:
    """Start the tournament: registration closes and decklists lock (no later edit).

    Every registered player must have a legal deck (but in an off-the-top event, which has no decks);
    otherwise UserError names them (drop them, or have them submit one). At least two players are needed to pair anything.
    Raises NotAllowed, Conflict (``status``: not open or closed; ``finished``), UserError (``too_few_players``,
    ``decks_missing``).
    """
    tournament = organiser_action(tournament, actor).tournament
    if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.CLOSED):
        raise Conflict(_("Only a tournament whose registration is open or closed can be started."), code="status")
    registrations = list(tournament.registrations.entered().select_related("player"))
    if len(registrations) < 2:
        raise UserError(ngettext_lazy("A tournament needs at least 2 players to pair; %(count)s registered.",
                                      "A tournament needs at least 2 players to pair; %(count)s registered.",
                                      "count"), code="too_few_players", params={"count": len(registrations)})
    # off the top, nobody registers a deck (spell-battle-rules.txt, 8. Tournaments)
    missing = [] if tournament.is_off_the_top else [r.display_name for r in registrations if not r.has_legal_deck]
    if missing:
        raise UserError(
            ngettext_lazy("This player has no legal deck registered: %(names)s. Have them submit one, or drop "
                          "them, before starting.",
                          "These players have no legal deck registered: %(names)s. Have them submit one, or drop "
                          "them, before starting.", "count"),
            code="decks_missing",
            params={"players": missing, "names": ", ".join(sorted(missing)), "count": len(missing)},
        )
    tournament.status = Tournament.Status.RUNNING
    tournament.decks_locked_at = timezone.now()
    tournament.save(update_fields=["status", "decks_locked_at"])
    return tournament


@transaction.atomic
def tournament_finish(*, tournament: Tournament, actor, idempotency_key: str = "") -> Tournament:
    """Finish the tournament once its structure is complete (the last Swiss or pods round played without a top
    cut, the bracket or round robin complete): it becomes ``finished`` with its winner (the bracket's, else the
    standings leader: ``rules.structures.next_round``) and is read-only until reopened
    (``tournament_reopen``). Logged (``AuditEntry``, ``tournament_finished``: status and winner before and after).

    Raises NotAllowed (not an organiser), Conflict (not running: ``status``; tables of the latest round without a
    confirmed result: ``results_missing`` with ``params["tables"]``; rounds remain to be played: ``rounds_remain``
    with the next round's number), UserError (nobody left to win: ``no_winner``).
    """
    act = organiser_action(tournament, actor, action="tournament_finish", idempotency_key=idempotency_key)
    if act.repeated:
        return act.first(Tournament)
    tournament = act.tournament
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(_("Only a running tournament can be finished: start it and play its rounds first."),
                       code="status")
    last = require_round_finished(tournament)
    result, roster = what_comes_next(tournament, 0)
    if isinstance(result, NextRound):
        top_cut = result.kind == Round.Kind.ELIMINATION and last is not None and not last.is_elimination
        raise Conflict(
            _("%(tournament)s is not complete: the top cut is still to be played. Pair it, or change "
              "the structure before round 1 is paired.") if top_cut else
            _("%(tournament)s is not complete: round %(next_round)s is still to be played. Pair it, or "
              "change the structure before round 1 is paired."),
            code="rounds_remain", params={"next_round": result.number, "tournament": tournament.name})
    if result.winner is None:
        raise UserError(_("The tournament is over but no player is left to win it; reinstate a player."),
                        code="no_winner")
    reason_code, reason_params = finished_reason(tournament, result, tournament.rounds.count(), roster)
    _finish(tournament, result.winner, roster)
    tournament.refresh_from_db()
    # stamp: a finish after a reopen is told again
    events.announce(events.EVENT_FINISHED, tournament.pk, stamp=timezone.now().isoformat())
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.TOURNAMENT_FINISHED,
                              reason=result.message, reason_code=reason_code, reason_params=reason_params,
                              before={"status": english(Tournament.Status.RUNNING.label), "winner": ""},
                              after={"status": english(tournament.get_status_display),
                                     "winner": tournament.winner.display_name if tournament.winner else ""})
    return act.done(tournament)


def _finish(tournament: Tournament, winner_id: str, roster: dict[str, list[str]] | None = None) -> None:
    """Mark the tournament finished with its winner (a registration id as str; a team's first member)."""
    if roster is not None and winner_id in roster:
        winner_id = roster[winner_id][0]
    # saved (not a queryset update) so the post_save receivers see it: the public pages show the winner
    tournament.status, tournament.winner = Tournament.Status.FINISHED, Registration.objects.get(pk=int(winner_id))
    tournament.save(update_fields=["status", "winner"])


@transaction.atomic
def tournament_reopen(*, tournament: Tournament, actor, reason: str, idempotency_key: str = "") -> Tournament:
    """The organiser reopens a finished tournament to correct it (e.g. disqualify the winner): it is running
    again with no winner until the organiser finishes it again (``tournament_finish``). Logged with the reason.

    Raises NotAllowed (not the organiser), Conflict (not finished: ``status``), UserError (no reason:
    ``reason_required``).
    """
    act = organiser_action(tournament, actor, action="tournament_reopen", idempotency_key=idempotency_key,
                           reason=reason, payload={"reason": reason}, allow_finished=True)
    if act.repeated:
        return act.first(Tournament)
    tournament = act.tournament
    if tournament.status != Tournament.Status.FINISHED:
        raise Conflict(_("Only a finished tournament can be reopened."), code="status")
    act.require_reason(_("Say why the tournament is reopened; the reason is logged."))
    winner = tournament.winner.display_name if tournament.winner is not None else ""
    tournament.status, tournament.winner = Tournament.Status.RUNNING, None
    tournament.save(update_fields=["status", "winner"])
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.TOURNAMENT_REOPENED,
                              reason=act.reason,
                              before={"status": english(Tournament.Status.FINISHED.label), "winner": winner},
                              after={"status": english(tournament.get_status_display), "winner": ""})
    return act.done(tournament)
