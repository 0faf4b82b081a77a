"""Pairing the next round for every tournament structure, and the organiser's changes to a round.

The decisions are ``rules.structures.next_round`` (which round comes next for the
tournament's structure, or that it is over) and ``rules.pairings`` (Swiss, single and
double elimination, round robin, multiplayer pods, elimination by tables, teams); this
module checks the workflow (who, when), feeds them the history and the settings
(``tournaments.adapters.structure_settings``: forbidden pairs, awarded byes, teams) without
late entrants still waiting for a deck, and stores the tables: every match is a set of seats
(``Seat``), one for a bye. Every manual change (a swap, a re-pair)
needs a reason and is written to the audit log.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext_lazy, ngettext_lazy
from rules.history import History
from rules.pairings import Pairing, PairingError
from rules.pairings.teams import validate_roster
from rules.structures import Finished, NextRound, StructureError, next_round

from tournaments.adapters import history_for, structure_settings
from tournaments.errors import Conflict, Text, UserError
from tournaments.models import (
    AuditEntry,
    ForbiddenPair,
    Match,
    Penalty,
    Registration,
    ResultSubmission,
    Round,
    Seat,
    Tournament,
)
from tournaments.services.idempotency import claim_key
from tournaments.services.permissions import require_not_finished, require_organiser
from tournaments.services.standings import queue_standings
from tournaments.signals import round_paired
from tournaments.services.english import english

S = Tournament.Structure

BYE_REASON = "Bye: scored as a 2-0 match win (Magic Tournament Rules, Appendix C)"


def _waiting(tournament: Tournament) -> set[str]:
    """Late entrants who have no legal deck registered yet: not paired until they have one."""
    return {str(pk) for pk in tournament.registrations.entered().filter(late_entry=True, has_legal_deck=False)
            .values_list("pk", flat=True)}


def _pairing_history(tournament: Tournament) -> History:
    """The confirmed history, without late entrants still waiting for a legal deck."""
    history = history_for(tournament)
    waiting = _waiting(tournament)
    if waiting:
        history = dataclasses.replace(history, players=tuple(p for p in history.players if p.id not in waiting))
    return history


def _roster(tournament: Tournament, history: History) -> dict[str, list[str]]:
    """Team name -> member registration ids (registration order) for a team event."""
    roster: dict[str, list[str]] = {}
    active = {p.id for p in history.players}
    for pk, team in tournament.registrations.entered().values_list("pk", "team"):
        if str(pk) in active:
            if not team.strip():
                raise UserError(gettext_lazy("In a team event every player needs a team: set the team of each "
                                             "registration."), code="team_missing", params={"registration": pk})
            roster.setdefault(team.strip(), []).append(str(pk))
    try:
        validate_roster(roster, sizes=(tournament.team_size,))
    except PairingError as exc:
        raise UserError.from_rules(exc) from exc
    return roster


def _check_round_finished(tournament: Tournament) -> Round | None:
    last = tournament.rounds.order_by("-number").first()
    if last is not None:
        open_tables = list(last.matches.exclude(status=Match.Status.CONFIRMED).values_list("table", flat=True))
        if open_tables:
            raise Conflict(
                ngettext_lazy("Round %(round)s still has %(count)s table without a confirmed result (table "
                              "%(table_numbers)s). Confirm or enter that result first.",
                              "Round %(round)s still has %(count)s tables without a confirmed result (tables "
                              "%(table_numbers)s). Confirm or enter those results first.", "count"),
                code="results_missing",
                params={"round": last.number, "tables": open_tables, "count": len(open_tables),
                        "table_numbers": ", ".join(map(str, open_tables))},
            )
    return last


def _next(tournament: Tournament, seed: int) -> tuple[NextRound | Finished, dict[str, list[str]] | None]:
    """What the structure says comes next (``rules.structures.next_round``) on the confirmed history, and the
    team roster of a team event. Raises UserError with what to do when nothing can be paired."""
    history = _pairing_history(tournament)
    roster = _roster(tournament, history) if tournament.team_size > 1 else None
    try:
        return next_round(structure_settings(tournament, roster=roster), history, random.Random(seed)), roster
    except PairingError as exc:
        raise UserError(_explain(exc), code=exc.code, params=exc.params) from exc
    except StructureError as exc:
        raise UserError.from_rules(exc) from exc


def next_step(tournament: Tournament) -> NextRound | Finished:
    """What the structure says comes after the latest round (reads only; nothing stored, no lock): the next
    round (``rules.structures.NextRound``: its number and kind) or ``Finished`` with the winner. For the
    organiser's manage page (``tournaments.services.event_state``); call it once the latest round is complete.
    Raises UserError when the rules cannot pair the next round (too few players, forbidden pairs, teams)."""
    return _next(tournament, 0)[0]


@transaction.atomic
def round_pair_next(*, tournament: Tournament, actor, seed: int | None = None) -> Round:
    """Pair and store the next round and return it.

    Refuses (UserError/Conflict with what to do; nothing stored) when: the tournament is not
    running; the latest round has tables without a confirmed result; fewer than two players
    are left; the forbidden pairs leave no possible pairing; a team event has players
    without a team; the last round has been played (a Swiss or pods phase without a top cut, a
    complete bracket or round robin): Conflict with code ``complete`` -- the organiser then finishes
    the tournament explicitly (:func:`tournament_finish`). ``seed`` fixes the pairing randomness
    (stored on the round so a judge can reproduce it).
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_organiser(actor, tournament)
    require_not_finished(tournament)
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(gettext_lazy("Start the tournament before pairing rounds."), code="status")
    last = _check_round_finished(tournament)
    number = (last.number if last else 0) + 1
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    result, roster = _next(tournament, seed)
    if isinstance(result, Finished):
        raise Conflict(Text((gettext_lazy("%(tournament)s is complete:"), {"tournament": tournament.name}), " ",
                            _finished_text(tournament, result, number - 1, roster), " ",
                            gettext_lazy("Finish the tournament to make its standings final.")),
                       code="complete", params={"rounds": number - 1, "tournament": tournament.name})
    pairing, kind = result.pairing, result.kind
    rnd = _store(tournament, pairing, number, kind, seed, actor)
    round_paired.send(sender=Tournament, tournament=tournament, number=number, actor=actor)
    return rnd


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
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_organiser(actor, tournament)
    claim = claim_key(actor, idempotency_key, "tournament_finish")
    if claim.repeated:
        return claim.first(Tournament)
    require_not_finished(tournament)
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(gettext_lazy("Only a running tournament can be finished: start it and play its rounds "
                                    "first."), code="status")
    last = _check_round_finished(tournament)
    result, roster = _next(tournament, 0)
    if isinstance(result, NextRound):
        top_cut = result.kind == Round.Kind.ELIMINATION and last is not None and not last.is_elimination
        raise Conflict(
            gettext_lazy("%(tournament)s is not complete: the top cut is still to be played. Pair it, or change "
                         "the structure before round 1 is paired.") if top_cut else
            gettext_lazy("%(tournament)s is not complete: round %(next_round)s is still to be played. Pair it, or "
                         "change the structure before round 1 is paired."),
            code="rounds_remain", params={"next_round": result.number, "tournament": tournament.name})
    if result.winner is None:
        raise UserError(gettext_lazy("The tournament is over but no player is left to win it; reinstate a "
                                     "player."), code="no_winner")
    reason_code, reason_params = _finished_reason(tournament, result, tournament.rounds.count(), roster)
    _finish(tournament, result.winner, roster)
    tournament.refresh_from_db()
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.TOURNAMENT_FINISHED,
                              reason=result.message, reason_code=reason_code, reason_params=reason_params,
                              before={"status": english(Tournament.Status.RUNNING.label), "winner": ""},
                              after={"status": english(tournament.get_status_display),
                                     "winner": tournament.winner.display_name if tournament.winner else ""})
    claim.done(tournament)
    return tournament


def _finished_reason(tournament: Tournament, result: Finished, rounds: int,
                     roster: dict[str, list[str]] | None) -> tuple[str, dict[str, Any]]:
    """Why the event is over as the audit entry of the finish keeps it: a code of
    ``tournaments.pages.presenters.AUDIT_REASONS`` (``finished_swiss``, ``finished_pods``,
    ``finished_round_robin``, ``finished_bracket``) and its params, the sentence :func:`_finished_text` says."""
    if tournament.structure in (S.SWISS, S.PODS) and not tournament.top_cut:
        return ("finished_pods" if tournament.structure == S.PODS else "finished_swiss"), {
            "count": tournament.swiss_rounds}
    if tournament.structure == S.ROUND_ROBIN:
        return "finished_round_robin", {"rounds": rounds}
    return "finished_bracket", {"winner": _winner_name(tournament, result.winner, roster)}


#: Why no round comes next, by the code :func:`_finished_reason` gives (the audit entry of the finish keeps it).
FINISHED_TEXTS = {
    "finished_swiss": ngettext_lazy("%(count)s Swiss round has been played and there is no top cut: the event is "
                                    "over.", "The %(count)s Swiss rounds have been played and there is no top cut: "
                                    "the event is over.", "count"),
    "finished_pods": ngettext_lazy("%(count)s pods round has been played and there is no top cut: the event is "
                                   "over.", "The %(count)s pods rounds have been played and there is no top cut: "
                                   "the event is over.", "count"),
    "finished_round_robin": gettext_lazy("The round robin is complete: all %(rounds)s rounds have been played. "
                                         "There is no further round to pair."),
    "finished_bracket": gettext_lazy("The bracket is complete: %(winner)s has won. There is no further round to "
                                     "pair."),
}


def _finished_text(tournament: Tournament, result: Finished, rounds: int,
                   roster: dict[str, list[str]] | None) -> tuple[Any, dict[str, Any]]:
    """Why no round comes next, in the reader's language: a part of a :class:`Text`.

    ``rules.structures.Finished`` carries only the rules' English ``message`` (no code): the same sentence is
    said here from the tournament's structure (the Swiss or pods rounds played without a top cut, the round
    robin's ``rounds`` played, or the bracket won), naming the bracket's winner (a registration or a team)
    rather than its id. The stored text (``tournament_finish``'s audit entry) keeps ``result.message``."""
    code, params = _finished_reason(tournament, result, rounds, roster)
    return FINISHED_TEXTS[code], params


def _winner_name(tournament: Tournament, winner: str | None, roster: dict[str, list[str]] | None) -> str:
    """The name of the bracket's winner: a team's name, else the registration's display name."""
    if winner is None or (roster is not None and winner in roster) or not winner.isdigit():
        return winner or ""
    registration = tournament.registrations.select_related("player").filter(pk=int(winner)).first()
    return registration.display_name if registration is not None else winner


_PAIRING_HINTS = {
    "too_few_players": gettext_lazy("Register or reinstate players, or finish the tournament."),
    "no_pairing": gettext_lazy("Remove or shorten a forbidden pair on the manage page, then pair again."),
    "bad_forbidden": gettext_lazy("Check the forbidden pairs on the manage page."),
}


def _explain(exc: PairingError) -> Text:
    """The rules' message (in the reader's language), plus what the organiser can do about the common cases."""
    hint = _PAIRING_HINTS.get(exc.code)
    return Text(UserError.from_rules(exc).text, " ", hint) if hint else UserError.from_rules(exc).text


def _store(tournament: Tournament, pairing: Pairing, number: int, kind: str, seed: int, actor) -> Round:
    """Store the round: one match per table with a seat per player (seat order as paired), and a
    match of one seat per bye, confirmed at once by a submission from the pairing (a 2-0 win)."""
    rnd = Round.objects.create(tournament=tournament, number=number, kind=kind, seed=seed, created_by=actor)
    registrations = {str(r.pk): r for r in tournament.registrations.all()}
    tables = [(table.number, list(table.players), table.reason, False) for table in pairing.tables]
    codes = [(table.reason_code, dict(table.reason_params)) for table in pairing.tables]
    next_table = max((t.number for t in pairing.tables), default=0)
    reasons = list(pairing.bye_reasons) + [""] * len(pairing.byes)
    bye_codes = list(zip(pairing.bye_reason_codes, pairing.bye_reason_params)) + [("", {})] * len(pairing.byes)
    for offset, (player, why, (code, params)) in enumerate(zip(pairing.byes, reasons, bye_codes), start=1):
        tables.append((next_table + offset, [player], f"{BYE_REASON}; {why}" if why else BYE_REASON, True))
        # "bye": BYE_REASON, then the pairing's own reason for the bye when it gives one (rule_texts)
        codes.append(("bye", {"reason_code": code, "reason_params": dict(params)} if code else {}))
    matches = Match.objects.bulk_create([
        Match(round=rnd, table=number_, pairing_reason=reason[:300], pairing_reason_code=code,
              pairing_reason_params=params,
              status=Match.Status.CONFIRMED if bye else Match.Status.PENDING, draws=0 if bye else None)
        for (number_, _, reason, bye), (code, params) in zip(tables, codes)])
    bye_wins = tournament.best_of // 2 + 1
    Seat.objects.bulk_create([
        Seat(match=match, registration=registrations[player], number=n,
             placement=1 if bye else None, wins=bye_wins if bye else None)
        for match, (_, players, _, bye) in zip(matches, tables) for n, player in enumerate(players, start=1)])
    byes = [match for match, table in zip(matches, tables) if table[3]]
    ResultSubmission.objects.bulk_create([
        ResultSubmission(match=match, source=ResultSubmission.Source.PAIRING, submitted_by=actor,
                         record={"games": []}, outcome={"wins": [bye_wins], "placements": [1], "draws": 0},
                         reason=BYE_REASON, state=ResultSubmission.State.CONFIRMED) for match in byes])
    if byes:
        queue_standings(tournament)
    return rnd


def _finish(tournament: Tournament, winner_id: str, roster: dict[str, list[str]] | None = None) -> None:
    """Mark the tournament finished with its winner (a registration id as str; a team's first member)."""
    if roster is not None and winner_id in roster:
        winner_id = roster[winner_id][0]
    # saved (not a queryset update) so the post_save receivers see it: the public pages show the winner
    tournament.status, tournament.winner = Tournament.Status.FINISHED, Registration.objects.get(pk=int(winner_id))
    tournament.save(update_fields=["status", "winner"])


# --------------------------------------------------------------------------- the organiser's changes


def _unstarted_last_round(tournament: Tournament) -> Round:
    last = tournament.rounds.order_by("-number").first()
    if last is None:
        raise Conflict(gettext_lazy("No round has been paired yet."), code="no_round")
    started = ResultSubmission.objects.filter(match__round=last).exclude(
        source=ResultSubmission.Source.PAIRING).exists()
    if started:
        raise Conflict(gettext_lazy("Round %(round)s has started (results were reported); it can no longer be "
                                    "changed. Correct results from the match slips instead."),
                       code="round_started", params={"round": last.number})
    return last


def _round_snapshot(rnd: Round) -> list[dict]:
    return [{"table": m.table, "players": [s.registration.display_name for s in m.seats.all()],
             "reason": m.pairing_reason}
            for m in rnd.matches.prefetch_related("seats__registration__player").order_by("table")]


@transaction.atomic
def round_swap_players(*, tournament: Tournament, actor, first: Registration, second: Registration,
                       reason: str, idempotency_key: str = "") -> Round:
    """Swap two players between tables of the latest round, before any result is reported.

    Each takes the other's seat; penalties stay with the player. Organiser only; ``reason`` is
    required and logged with the tables before and after. Raises NotAllowed, Conflict (no round,
    round started), UserError (no reason, the same player twice, a player not in the round, a bye
    involved, two players at the same table).
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_organiser(actor, tournament)
    claim = claim_key(actor, idempotency_key, "round_swap_players")
    if claim.repeated:
        return claim.first(Round)
    require_not_finished(tournament)
    if not reason.strip():
        raise UserError(gettext_lazy("Say why the pairing changes (it is logged)."), code="reason")
    rnd = _unstarted_last_round(tournament)
    if first.pk == second.pk:
        raise UserError(gettext_lazy("Choose two different players to swap."), code="same_player")
    before = _round_snapshot(rnd)
    seats = {s.registration_id: s for s in Seat.objects.select_for_update().select_related("match")
             .filter(match__round=rnd, registration__in=(first, second))}
    missing = [reg.display_name for reg in (first, second) if reg.pk not in seats]
    if missing:
        raise UserError(ngettext_lazy("%(players)s is not paired in round %(round)s.",
                                      "%(players)s are not paired in round %(round)s.", "count"),
                        code="not_in_round",
                        params={"players": ", ".join(missing), "count": len(missing), "round": rnd.number})
    seat_1, seat_2 = seats[first.pk], seats[second.pk]
    if Seat.objects.filter(match__in=(seat_1.match_id, seat_2.match_id)).values("match").annotate(
            n=Count("id")).filter(n=1).exists():
        raise UserError(gettext_lazy("A bye cannot be swapped; re-pair the round instead."), code="bye")
    if seat_1.match_id == seat_2.match_id:
        raise UserError(gettext_lazy("Those two players already sit at the same table."), code="same_table")
    seat_1.registration, seat_2.registration = second, first
    Seat.objects.bulk_update([seat_1, seat_2], ["registration"])
    # A penalty follows its player: their game and match losses move with them to their new table.
    match_1, match_2 = seat_1.match_id, seat_2.match_id
    moved_first = list(Penalty.objects.filter(match_id=match_1, registration=first).values_list("pk", flat=True))
    Penalty.objects.filter(match_id=match_2, registration=second).update(match_id=match_1)
    Penalty.objects.filter(pk__in=moved_first).update(match_id=match_2)
    for match_id in (seat_1.match_id, seat_2.match_id):
        Match.objects.filter(pk=match_id).update(pairing_reason=f"Changed by the organiser: {reason.strip()}"[:300],
                                                 pairing_reason_code="changed_by_organiser",
                                                 pairing_reason_params={"reason": reason.strip()})
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.PAIRING_CHANGED,
                              reason=reason.strip(), before={"round": rnd.number, "tables": before},
                              after={"round": rnd.number, "tables": _round_snapshot(rnd)})
    claim.done(rnd)
    return rnd


@transaction.atomic
def round_repair(*, tournament: Tournament, actor, reason: str, seed: int | None = None,
                 idempotency_key: str = "") -> Round:
    """Throw away the latest round (before any result is reported) and pair it again.

    A penalty issued for a match of the round follows its player: it moves to the player's match in
    the new pairing (a game loss still counts there), or, when the player has none there (a bye, or no
    longer paired), it stays on the player with no match. The audit entry lists what happened to each
    (``after["penalties"]``); the entries logged for the old tables stay in the log, no longer tied to
    a table. Organiser only; ``reason`` is required and logged with the old and new tables and
    seeds. Raises NotAllowed, Conflict (no round, round started, tournament finished), UserError (no
    reason, or the pairing errors of :func:`round_pair_next`); nothing changes on error.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_organiser(actor, tournament)
    claim = claim_key(actor, idempotency_key, "round_repair")
    if claim.repeated:
        return claim.first(Round)
    require_not_finished(tournament)
    if not reason.strip():
        raise UserError(gettext_lazy("Say why the round is paired again (it is logged)."), code="reason")
    rnd = _unstarted_last_round(tournament)
    before = {"round": rnd.number, "seed": rnd.seed, "tables": _round_snapshot(rnd)}
    had_byes = ResultSubmission.objects.filter(match__round=rnd, source=ResultSubmission.Source.PAIRING).exists()
    # Penalties stay with their players (moved to their new match below); the audit log keeps every entry.
    penalties = list(Penalty.objects.filter(match__round=rnd).select_related("registration__player")
                     .order_by("issued_at", "id"))
    Penalty.objects.filter(pk__in=[p.pk for p in penalties]).update(match=None)
    AuditEntry.objects.filter(match__round=rnd).update(match=None)
    ResultSubmission.objects.filter(match__round=rnd).delete()
    rnd.delete()
    if had_byes:
        queue_standings(tournament)  # the byes of the old round no longer count
    new = round_pair_next(tournament=tournament, actor=actor, seed=seed)
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.PAIRING_CHANGED,
                              reason=reason.strip(), before=before,
                              after={"round": new.number, "seed": new.seed, "tables": _round_snapshot(new),
                                     "penalties": _move_penalties(penalties, new)})
    claim.done(new)
    return new


def _move_penalties(penalties: list[Penalty], rnd: Round) -> list[str]:
    """Move each penalty of the re-paired round to its player's match in ``rnd`` (not a bye); say what
    happened to each, one line per penalty. A game loss moved to a pending match decides nothing there
    that it did not decide before (it would have confirmed the old match), so no match is re-scored."""
    lines = []
    for penalty in penalties:
        what = f"{english(penalty.get_kind_display)} for {penalty.registration.display_name}"
        match = Match.objects.filter(round=rnd, seats__registration=penalty.registration_id).first()
        if match is None or match.seats.count() < 2:
            lines.append(f"{what}: kept on the player, no match (not at a table in round {rnd.number})")
            continue
        Penalty.objects.filter(pk=penalty.pk).update(match=match)
        lines.append(f"{what}: moved to round {rnd.number}, table {match.table}")
    return lines


@transaction.atomic
def forbidden_pair_set(*, tournament: Tournament, actor, first: Registration, second: Registration,
                       reason: str, until_round: int | None = None, idempotency_key: str = "") -> ForbiddenPair:
    """Keep two players apart (in rounds 1..``until_round``, or always). Organiser only; logged.

    Raises NotAllowed, UserError (no reason, the same player twice, a player of another
    tournament, a bad round number), Conflict (the two are already kept apart -- in either order; the
    tournament finished).
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_organiser(actor, tournament)
    claim = claim_key(actor, idempotency_key, "forbidden_pair_set")
    if claim.repeated:
        return claim.first(ForbiddenPair)
    require_not_finished(tournament)
    if not reason.strip():
        raise UserError(gettext_lazy("Say why these players must not meet (it is logged)."), code="reason")
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
                                        until_round=until_round, reason=reason.strip(), created_by=actor)
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.FORBIDDEN_PAIR,
                              reason=reason.strip(), before={},
                              after={"players": [first.display_name, second.display_name],
                                     "until_round": until_round})
    claim.done(pair)
    return pair


@transaction.atomic
def forbidden_pair_remove(*, pair: ForbiddenPair, actor, reason: str, idempotency_key: str = "") -> None:
    """Remove a forbidden pair. Organiser only; logged. Conflict once the tournament is finished."""
    tournament = Tournament.objects.select_for_update().get(pk=pair.tournament_id)
    require_organiser(actor, tournament)
    if claim_key(actor, idempotency_key, "forbidden_pair_remove").repeated:
        return
    require_not_finished(tournament)
    if not reason.strip():
        raise UserError(gettext_lazy("Say why the forbidden pair is removed (it is logged)."), code="reason")
    AuditEntry.objects.create(tournament=pair.tournament, actor=actor, action=AuditEntry.Action.FORBIDDEN_PAIR,
                              reason=reason.strip(),
                              before={"players": [pair.player_a.display_name, pair.player_b.display_name],
                                      "until_round": pair.until_round}, after={})
    pair.delete()


@transaction.atomic
def byes_award(*, registration: Registration, actor, rounds: int, reason: str,
               idempotency_key: str = "") -> Registration:
    """Grant byes for rounds 1..``rounds`` (0 removes them), e.g. for an invited player. Organiser only; logged.

    Only before the first round is paired. Raises NotAllowed, Conflict (round 1 paired),
    UserError (no reason, more byes than Swiss rounds, not a Swiss tournament).
    """
    tournament = Tournament.objects.select_for_update().get(pk=registration.tournament_id)
    require_organiser(actor, tournament)
    claim = claim_key(actor, idempotency_key, "byes_award")
    if claim.repeated:
        return claim.first(Registration)
    require_not_finished(tournament)
    if not reason.strip():
        raise UserError(gettext_lazy("Say why the byes are granted (it is logged)."), code="reason")
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
                              reason=reason.strip(), before={"player": registration.display_name, "byes": before},
                              after={"player": registration.display_name, "byes": rounds})
    claim.done(registration)
    return registration


@transaction.atomic
def registration_team_set(*, registration: Registration, actor, team: str) -> Registration:
    """Put a player in a team (team events; before the tournament starts). Organiser only.

    Raises NotAllowed, Conflict (started), UserError (not a team event, a full team).
    """
    tournament = Tournament.objects.select_for_update().get(pk=registration.tournament_id)
    require_organiser(actor, tournament)
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
