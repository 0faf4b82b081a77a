"""Penalties the organiser issues: warning, game loss, match loss, disqualification.

Terms
-----
warning
    Recorded and logged; changes no result.
game loss
    The penalised player loses a game of a match: a game won by their opponent, placed
    before the games played at the table (``tournaments.services.results.penalty_games``).
    A confirmed result is re-scored at once (the change is an ``AuditEntry`` with the result
    before and after); a match not yet confirmed includes it when it is reported, and a
    report already waiting for confirmation is superseded (the players report again, so
    nobody confirms a score that no longer holds). A game loss the match cannot take (it
    was already decided) is refused: issue it for the player's next match.
match loss
    The match becomes a loss for the penalised player: their opponent wins it by as many
    games as take the match (2-0 in a best of 3), whatever was reported before (logged with
    the result before and after).
disqualification
    The player is dropped (never paired again) and leaves the standings, while the matches
    they played still count for their opponents (``rules.history.History.disqualified``).
    Their match of the current round, if it has no confirmed result, becomes a match loss.

Scores are ``rules.results.score_match``'s. Every penalty is a ``Penalty`` row and an
``AuditEntry`` (who, when, why, before, after).
"""

from __future__ import annotations

from django.db import transaction

from tournaments.adapters import normalised_game
from tournaments.errors import Conflict, UserError
from tournaments.models import AuditEntry, Match, Penalty, Registration, ResultReport, Round, Tournament
from tournaments.services.permissions import require_organiser
from tournaments.services.results import (
    confirm_scored,
    locked_match,
    played_games,
    result_dict,
    score_games,
)
from tournaments.services.standings import queue_standings


def _latest_round(tournament: Tournament) -> Round | None:
    return tournament.rounds.order_by("-number").first()


def _target_match(tournament: Tournament, registration: Registration, match: Match | None,
                  kind: str) -> Match | None:
    """The match a penalty applies to: the one given (checked) or, for a game or match loss, the
    player's match in the latest round."""
    if match is not None:
        match = locked_match(match)
        if match.round.tournament_id != tournament.pk:
            raise UserError("That match is not part of this tournament.", code="wrong_match")
        if registration.pk not in (match.player_a_id, match.player_b_id):
            raise UserError(
                f"{registration.display_name} does not play at round {match.round.number}, table {match.table}.",
                code="wrong_match",
            )
    elif kind in (Penalty.Kind.GAME_LOSS, Penalty.Kind.MATCH_LOSS):
        latest = _latest_round(tournament)
        found = None
        if latest is not None:
            found = latest.matches.filter(player_a=registration).first() or latest.matches.filter(
                player_b=registration).first()
        if found is None:
            raise UserError(
                f"{registration.display_name} has no match in the current round; choose the match the "
                f"{'game' if kind == Penalty.Kind.GAME_LOSS else 'match'} loss applies to.",
                code="no_match",
            )
        match = locked_match(found)
    if match is not None and match.is_bye and kind in (Penalty.Kind.GAME_LOSS, Penalty.Kind.MATCH_LOSS):
        raise UserError("A bye has no games to lose; choose a match against an opponent.", code="bye")
    return match


def _supersede_pending(match: Match) -> None:
    """Reports waiting for confirmation no longer hold: the players report again."""
    match.reports.filter(status=ResultReport.Status.PENDING).update(status=ResultReport.Status.SUPERSEDED)
    if match.status == Match.Status.REPORTED:
        match.status = Match.Status.PENDING
        match.save(update_fields=["status"])


def _apply_game_loss(match: Match) -> None:
    if match.is_confirmed:
        try:
            scored = score_games(match, played_games(match))
        except UserError as exc:
            raise UserError(
                f"The game loss cannot be added to the result of round {match.round.number}, table "
                f"{match.table}: {exc.message} Issue it for the player's next match.",
                code="game_loss_refused", params=exc.params,
            ) from exc
        confirm_scored(match, scored)
        return
    scored = score_games(match, [])  # the game losses alone must still be a possible match
    _supersede_pending(match)
    if scored.decided:  # the game losses alone decide the match: nothing is left to play
        confirm_scored(match, scored)


def _apply_match_loss(match: Match, registration: Registration, penalty: Penalty) -> None:
    earlier = match.penalties.filter(kind=Penalty.Kind.MATCH_LOSS).exclude(pk=penalty.pk).exclude(
        registration=registration).select_related("registration__player").first()
    if earlier is not None:
        raise Conflict(
            f"This match is already a match loss for {earlier.registration.display_name}; the organiser "
            "can correct its result with an override.",
            code="match_loss_exists",
        )
    winner = "b" if registration.pk == match.player_a_id else "a"
    needed = match.round.tournament.best_of // 2 + 1
    forced = [{"winner": winner, "penalty": penalty.pk} for _ in range(needed)]
    scored = score_games(match, [normalised_game(g) for g in forced], with_penalties=False)
    match.reports.filter(status=ResultReport.Status.PENDING).update(status=ResultReport.Status.SUPERSEDED)
    confirm_scored(match, scored)


def _disqualify(tournament: Tournament, registration: Registration) -> None:
    if registration.disqualified:
        raise Conflict(f"{registration.display_name} is already disqualified.", code="already_disqualified")
    registration.disqualified = True
    fields = ["disqualified"]
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


@transaction.atomic
def penalty_issue(*, tournament: Tournament, actor, registration: Registration, kind: str, reason: str,
                  match: Match | None = None) -> Penalty:
    """The organiser penalises a player of the tournament (see the module docstring for each kind).

    ``match``: the match a game or match loss applies to (default: the player's match in the
    latest round); for a warning or disqualification it is only recorded (a disqualification
    without one takes the player's unconfirmed match of the latest round as a match loss).
    Raises NotAllowed (not the organiser), UserError (unknown kind, no reason, a player not in
    the tournament, a match that is not theirs, a bye, a game loss the match cannot take),
    Conflict (already disqualified, the match already a match loss for the opponent).
    Nothing is stored when it raises.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_organiser(actor, tournament)
    if kind not in Penalty.Kind.values:
        raise UserError(f"Unknown penalty {kind!r}; choose one of: {', '.join(Penalty.Kind.values)}.",
                        code="kind", params={"valid": list(Penalty.Kind.values)})
    if not (reason or "").strip():
        raise UserError("Say why the penalty is issued; the reason is logged.", code="reason_required")
    registration = Registration.objects.select_for_update(of=("self",)).select_related("player").get(pk=registration.pk)
    if registration.tournament_id != tournament.pk or registration.withdrawn:
        raise UserError(f"{registration.display_name} is not a player in this tournament.", code="not_a_player")
    target = _target_match(tournament, registration, match, kind)
    if target is None and kind == Penalty.Kind.DISQUALIFICATION:
        latest = _latest_round(tournament)
        current = None
        if latest is not None:
            current = (latest.matches.filter(player_a=registration).first()
                       or latest.matches.filter(player_b=registration).first())
        if current is not None and not current.is_bye and current.status != Match.Status.CONFIRMED:
            target = locked_match(current)
    latest = _latest_round(tournament)
    round_number = target.round.number if target is not None else (latest.number if latest else 0)
    before = {"player": registration.display_name, "penalty": None}
    if target is not None:
        before.update(result_dict(target))
    penalty = Penalty.objects.create(
        tournament=tournament, registration=registration, round_number=round_number, kind=kind,
        reason=reason.strip(), issued_by=actor, match=target,
    )
    if kind == Penalty.Kind.GAME_LOSS:
        assert target is not None
        _apply_game_loss(target)
    elif kind == Penalty.Kind.MATCH_LOSS:
        assert target is not None
        _apply_match_loss(target, registration, penalty)
    elif kind == Penalty.Kind.DISQUALIFICATION:
        _disqualify(tournament, registration)
        if target is not None and target.status != Match.Status.CONFIRMED:
            _apply_match_loss(target, registration, penalty)
        elif tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION,
                                       Tournament.Status.CLOSED):
            queue_standings(tournament)  # the player leaves the standings
    after = {"player": registration.display_name, "penalty": kind, "penalty_id": penalty.pk, "round": round_number}
    if target is not None:
        target.refresh_from_db()
        after.update(result_dict(target))
    AuditEntry.objects.create(
        tournament=tournament, match=target, actor=actor, action=AuditEntry.Action.PENALTY,
        reason=f"{penalty.get_kind_display()} for {registration.display_name}: {penalty.reason}",
        before=before, after=after,
    )
    return penalty


def penalties_of(tournament: Tournament):
    """The tournament's penalties, newest first, with the player, the organiser and the match (3 joins)."""
    return Penalty.objects.filter(tournament=tournament).select_related(
        "registration__player", "issued_by", "match__round")
