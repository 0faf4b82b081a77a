"""Penalties the organiser issues: warning, game loss, match loss, disqualification.

A penalty belongs to a player (``Penalty.registration``) and, for a game or match loss, to one
match; it works the same at any number of seats (``tournaments.services.scoring``):

warning
    Recorded and logged; changes no result.
game loss
    The penalised player loses a game: in a duel a game won by their opponent, at a multiplayer
    table a game won by every other seat (a shared win), placed before the games played. A
    confirmed result is re-scored at once: a new submission (source: penalty) with the same games
    supersedes it. A match not yet confirmed includes it when it is reported; a report waiting for
    confirmation is superseded (the players report again, so nobody confirms a score that no longer
    holds); if the game losses alone decide a duel it is confirmed. A game loss the match cannot take
    (it was already decided) is refused: issue it for the player's next match.
match loss
    The match becomes a loss for the penalised player. In a duel the opponent wins it by as many
    games as take the match (2-0 in a best of 3), whatever was reported before; at a multiplayer
    table the player is placed last, below every other seat, and the other seats keep the places
    their games give them (the table is confirmed when its result is, or re-scored if it already
    was). The Magic Tournament Rules (Appendix B) define game and match losses for two players only;
    placing the penalised player last is this project's reading for tables, the same as a player
    who leaves a multiplayer game first.
disqualification
    The player is dropped (never paired again) and leaves the standings, while the matches
    they played still count for their opponents (``rules.history.History.disqualified``).
    Their match of the current round, if it has no confirmed result, becomes a match loss.

Every penalty is a ``Penalty`` row and an ``AuditEntry`` (who, when, why, before, after).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from tournaments.errors import Conflict, Text, UserError
from tournaments.models import AuditEntry, Match, Penalty, Registration, Round, Tournament
from tournaments.services.impartiality import require_not_own_opponent
from tournaments.services.organiser import organiser_action
from tournaments.services.results import (
    confirm_by_penalty,
    locked_match,
    rescore_confirmed,
    result_summary,
    seats_of,
    supersede_open,
)
from tournaments.services.standings import queue_standings
from tournaments.services.english import english

#: A lazy label in lower case, in the language active when it is read ("game loss" inside a sentence).
_lower = lazy(lambda label: str(label).lower(), str)

#: What a game or match loss without a match in the current round says, by kind.
_NO_MATCH = {
    Penalty.Kind.GAME_LOSS: _("%(player)s has no match in the current round; choose the match the game loss "
                              "applies to."),
    Penalty.Kind.MATCH_LOSS: _("%(player)s has no match in the current round; choose the match the match loss "
                               "applies to."),
}


def _latest_round(tournament: Tournament) -> Round | None:
    return tournament.rounds.order_by("-number").first()


def _match_in(rnd: Round | None, registration: Registration) -> Match | None:
    if rnd is None:
        return None
    return rnd.matches.filter(seats__registration=registration).first()


def _target_match(tournament: Tournament, registration: Registration, match: Match | None,
                  kind: str) -> Match | None:
    """The match a penalty applies to: the one given (checked) or, for a game or match loss, the
    player's match in the latest round."""
    if match is not None:
        match = locked_match(match)
        if match.round.tournament_id != tournament.pk:
            raise UserError(_("That match is not part of this tournament."), code="wrong_match")
        if registration.pk not in {s.registration_id for s in seats_of(match)}:
            raise UserError(
                _("%(player)s does not play at round %(round)s, table %(table)s."), code="wrong_match",
                params={"player": registration.display_name, "round": match.round.number, "table": match.table},
            )
    elif kind in (Penalty.Kind.GAME_LOSS, Penalty.Kind.MATCH_LOSS):
        found = _match_in(_latest_round(tournament), registration)
        if found is None:
            raise UserError(_NO_MATCH[Penalty.Kind(kind)], code="no_match",
                            params={"player": registration.display_name})
        match = locked_match(found)
    if match is not None and len(seats_of(match)) == 1 and kind in (Penalty.Kind.GAME_LOSS,
                                                                     Penalty.Kind.MATCH_LOSS):
        raise UserError(_("A bye has no games to lose; choose a match against an opponent."), code="bye")
    return match


def _apply(match: Match, penalty: Penalty, actor) -> None:
    """Re-score the match with the new penalty (module docstring)."""
    text = f"{english(penalty.get_kind_display)} for {penalty.registration.display_name}: {penalty.reason}"
    if match.is_confirmed:
        try:
            rescore_confirmed(match, actor=actor, reason=text)
        except UserError as exc:
            refusal = Text(
                (_("The %(kind)s cannot be added to the result of round %(round)s, table %(table)s:"),
                 {"kind": _lower(Penalty.Kind(penalty.kind).label), "round": match.round.number,
                  "table": match.table}),
                " ", exc.text, " ", _("Issue it for the player's next match."))
            raise UserError(refusal, code="game_loss_refused", params=exc.params) from exc
        return
    if not confirm_by_penalty(match, actor=actor, reason=text):
        supersede_open(match)
        if match.status in (Match.Status.REPORTED, Match.Status.DISPUTED):
            match.status = Match.Status.PENDING
            match.save(update_fields=["status"])


def _check_match_loss(match: Match, registration: Registration) -> None:
    if len(seats_of(match)) != 2:
        return
    earlier = match.penalties.filter(kind=Penalty.Kind.MATCH_LOSS).exclude(
        registration=registration).select_related("registration__player").first()
    if earlier is not None:
        raise Conflict(
            _("This match is already a match loss for %(player)s; the organiser can correct its result with an "
              "override."),
            code="match_loss_exists", params={"player": earlier.registration.display_name},
        )


def _disqualify(tournament: Tournament, registration: Registration) -> None:
    if registration.disqualified:
        raise Conflict(_("%(player)s is already disqualified."), code="already_disqualified",
                       params={"player": registration.display_name})
    registration.disqualified = registration.removed_by_organiser = True
    fields = ["disqualified", "removed_by_organiser"]
    if not registration.withdrawn and not registration.dropped:
        if tournament.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION,
                                 Tournament.Status.CLOSED):
            registration.withdrawn = True
            fields.append("withdrawn")
        else:
            latest = _latest_round(tournament)
            registration.dropped_after_round = latest.number if latest else 0
            fields.append("dropped_after_round")
    registration.save(update_fields=fields)


def _penalised_match(tournament: Tournament, registration: Registration, match: Match | None,
                     kind: str) -> Match | None:
    """The match (locked) the penalty applies to (:func:`_target_match`); a disqualification without one takes
    the player's unconfirmed match of the latest round. A match loss or disqualification is refused on a duel that is
    already a match loss for the opponent (:func:`_check_match_loss`)."""
    target = _target_match(tournament, registration, match, kind)
    if target is None and kind == Penalty.Kind.DISQUALIFICATION:
        current = _match_in(_latest_round(tournament), registration)
        if current is not None and current.seats.count() > 1 and current.status != Match.Status.CONFIRMED:
            target = locked_match(current)
    if target is not None and kind in (Penalty.Kind.MATCH_LOSS, Penalty.Kind.DISQUALIFICATION):
        _check_match_loss(target, registration)
    return target


@transaction.atomic
def penalty_issue(*, tournament: Tournament, actor, registration: Registration, kind: str, reason: str,
                  match: Match | None = None, idempotency_key: str = "") -> Penalty:
    """The organiser penalises a player of the tournament (see the module docstring for each kind).

    ``match``: the match a game or match loss applies to (default: the player's match in the
    latest round); for a warning or disqualification it is only recorded (a disqualification
    without one takes the player's unconfirmed match of the latest round as a match loss).
    Raises NotAllowed (not the organiser; staff who play: ``own_entry`` for themself, ``own_match`` for their
    opponent or a match they play: ``tournaments.services.impartiality``), UserError (unknown kind, no reason, a
    player not in
    the tournament, a match that is not theirs, a bye, a game loss the match cannot take),
    Conflict (already disqualified, the match already a match loss for the opponent, the tournament
    finished). Nothing is stored when it raises. ``idempotency_key``: a repeat of the same submit returns
    the first penalty (``tournaments.services.idempotency``).
    """
    act = organiser_action(tournament, actor, action="penalty_issue", idempotency_key=idempotency_key,
                           reason=reason, payload={"registration": registration, "kind": kind, "reason": reason,
                                                   "match": match})
    if act.repeated:
        return act.first(Penalty)
    tournament = act.tournament
    if kind not in Penalty.Kind.values:
        raise UserError(_("Unknown penalty %(kind)r; choose one of: %(choices)s."), code="kind",
                        params={"kind": kind, "choices": ", ".join(Penalty.Kind.values),
                                "valid": list(Penalty.Kind.values)})
    reason = act.require_reason(_("Say why the penalty is issued; the reason is logged."))
    registration = Registration.objects.select_for_update(of=("self",)).select_related("player").get(pk=registration.pk)
    if registration.tournament_id != tournament.pk or registration.withdrawn:
        raise UserError(_("%(player)s is not a player in this tournament."), code="not_a_player",
                        params={"player": registration.display_name})
    target = _penalised_match(tournament, registration, match, kind)
    latest = _latest_round(tournament)
    require_not_own_opponent(actor, registration, match=target, latest=latest, action="penalty_issue")
    round_number = target.round.number if target is not None else (latest.number if latest else 0)
    before = {"player": registration.display_name, "penalty": "none"}
    if target is not None:
        before.update(result_summary(target))
    penalty = Penalty.objects.create(
        tournament=tournament, registration=registration, round_number=round_number, kind=kind,
        reason=reason, issued_by=actor, match=target,
    )
    if kind == Penalty.Kind.DISQUALIFICATION:
        _disqualify(tournament, registration)
        if target is not None:  # their unconfirmed match becomes a match loss
            _apply(target, penalty, actor)
        elif tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION,
                                       Tournament.Status.CLOSED):
            queue_standings(tournament)  # the player leaves the standings
    elif kind in (Penalty.Kind.GAME_LOSS, Penalty.Kind.MATCH_LOSS):
        assert target is not None
        _apply(target, penalty, actor)
    after = {"player": registration.display_name, "penalty": english(penalty.get_kind_display), "round": round_number}
    if target is not None:
        target.refresh_from_db()
        after.update(result_summary(target))
    AuditEntry.objects.create(
        tournament=tournament, match=target, actor=actor, action=AuditEntry.Action.PENALTY,
        reason=f"{english(penalty.get_kind_display)} for {registration.display_name}: {penalty.reason}",
        reason_code="penalty",
        reason_params={"kind": penalty.kind, "player": registration.display_name, "reason": penalty.reason},
        before=before, after=after,
    )
    return act.done(penalty)


def penalties_of(tournament: Tournament):
    """The tournament's penalties, newest first, with the player, the organiser and the match (3 joins)."""
    return Penalty.objects.filter(tournament=tournament).select_related(
        "registration__player", "issued_by", "match__round")


def public_penalty_reason(reason: str) -> str:
    """What the public and the players see of a penalty submission's reason (penalties are the organiser's
    business): "game loss (penalty)" or "match loss (penalty)" (a disqualification is a match loss at the
    table), never the penalty's own reason. ``reason`` is the submission's, as ``_apply`` writes it."""
    return "game loss (penalty)" if reason.startswith(f"{english(Penalty.Kind.GAME_LOSS.label)} for ") else \
        "match loss (penalty)"
