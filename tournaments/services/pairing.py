"""Pairing the next round for every tournament structure.

The decisions are ``rules.structures.next_round`` (which round comes next for the
tournament's structure, or that it is over) and ``rules.pairings`` (Swiss, single and
double elimination, round robin, multiplayer pods, elimination by tables, teams); this
module checks the workflow (who, when), feeds them the history and the settings
(``tournaments.adapters.structure_settings``: forbidden pairs, awarded byes, teams) without
late entrants still waiting for a deck, and stores the tables: every match is a set of seats
(``Seat``), one for a bye. Finishing the event once nothing comes next: ``tournaments.services.lifecycle``;
the organiser's changes to a paired round: ``tournaments.services.round_changes``; what pairing takes into
account (forbidden pairs, awarded byes, teams): ``tournaments.services.pairing_setup``.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy, ngettext_lazy
from rules.history import History
from rules.pairings import Pairing, PairingError
from rules.pairings.teams import validate_roster
from rules.structures import Finished, NextRound, StructureError, next_round

from tournaments.adapters import history_for, structure_settings
from tournaments.errors import Conflict, Text, UserError
from tournaments.models import Match, ResultSubmission, Round, Seat, Tournament
from tournaments.notifications import events
from tournaments.services.check_in import require_checked_in
from tournaments.services.clock import round_clock_end_if_complete, round_clock_start_at_pairing, round_clock_started
from tournaments.services.off_the_top import match_pools_deal
from tournaments.services.organiser import organiser_action
from tournaments.services.standings import queue_standings
from tournaments.signals import round_paired

S = Tournament.Structure

BYE_REASON = "Bye: scored as a 2-0 match win (Magic Tournament Rules, Appendix C)"


def _waiting(tournament: Tournament) -> set[str]:
    """Late entrants who have no legal deck registered yet: not paired until they have one (none in an
    off-the-top event: nobody registers a deck)."""
    if tournament.is_off_the_top:
        return set()
    return {str(pk) for pk in tournament.registrations.entered().filter(late_entry=True, has_legal_deck=False)
            .values_list("pk", flat=True)}


def _pairing_history(tournament: Tournament) -> History:
    """The confirmed history, without late entrants still waiting for a legal deck (nor their opponentless
    losses)."""
    history = history_for(tournament)
    waiting = _waiting(tournament)
    if waiting:
        # a late entrant waiting for a deck has no match but the opponentless losses of the rounds they missed
        rounds = tuple(dataclasses.replace(r, matches=tuple(m for m in r.matches
                                                            if not (m.loss and m.players[0] in waiting)))
                       for r in history.rounds)
        history = dataclasses.replace(history, players=tuple(p for p in history.players if p.id not in waiting),
                                      rounds=rounds)
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


def require_round_finished(tournament: Tournament) -> Round | None:
    """The latest round (None before round 1) once every table of it has a confirmed result. Raises Conflict
    (``results_missing``, ``params["tables"]``) otherwise."""
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


def what_comes_next(tournament: Tournament, seed: int) -> tuple[NextRound | Finished, dict[str, list[str]] | None]:
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
    return what_comes_next(tournament, 0)[0]


@transaction.atomic
def round_pair_next(*, tournament: Tournament, actor, seed: int | None = None, tell_players: bool = True) -> Round:
    """Pair and store the next round and return it.

    Refuses (UserError/Conflict with what to do; nothing stored) when: the tournament is not
    running; the latest round has tables without a confirmed result; fewer than two players
    are left; the forbidden pairs leave no possible pairing; a team event has players
    without a team; the last round has been played (a Swiss or pods phase without a top cut, a
    complete bracket or round robin): Conflict with code ``complete`` -- the organiser then finishes
    the tournament explicitly
    (``tournaments.services.lifecycle.tournament_finish``); round 1 of an event whose check-in is required while
    an active player has not checked in: Conflict ``not_checked_in`` naming them
    (``tournaments.services.check_in.require_checked_in``). The round's clock starts now or waits for the
    organiser (``Tournament.clock_start``, ``tournaments.services.clock.round_clock_start_at_pairing``). ``seed`` fixes the pairing randomness
    (stored on the round so a judge can reproduce it). With ``Tournament.pairings_as_draft`` the round is a
    draft (``Round.published_at`` None, its clock not started) until ``round_publish``, whose publication starts it.
    A published round is announced (``round.paired``, then ``round.started`` when its clock started:
    ``tournaments.notifications.events``) unless ``tell_players`` is False (``round_repair`` announces it itself,
    naming the tables that changed).
    """
    tournament = organiser_action(tournament, actor).tournament
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(gettext_lazy("Start the tournament before pairing rounds."), code="status")
    last = require_round_finished(tournament)
    number = (last.number if last else 0) + 1
    if number == 1:
        require_checked_in(tournament)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    result, roster = what_comes_next(tournament, seed)
    if isinstance(result, Finished):
        raise Conflict(Text((gettext_lazy("%(tournament)s is complete:"), {"tournament": tournament.name}), " ",
                            _finished_text(tournament, result, number - 1, roster), " ",
                            gettext_lazy("Finish the tournament to make its standings final.")),
                       code="complete", params={"rounds": number - 1, "tournament": tournament.name})
    pairing, kind = result.pairing, result.kind
    rnd = _store(tournament, pairing, number, kind, seed, actor, phase=result.phase)
    round_paired.send(sender=Tournament, tournament=tournament, number=number, actor=actor)
    if not rnd.is_draft and tell_players:  # a draft is announced when it is published (round_publish)
        events.announce(events.ROUND_PAIRED, tournament.pk, round_id=rnd.pk)
        round_clock_started(rnd)  # when the event's clocks start at pairing
    return rnd


def finished_reason(tournament: Tournament, result: Finished, rounds: int,
                     roster: dict[str, list[str]] | None) -> tuple[str, dict[str, Any]]:
    """Why the event is over as the audit entry of the finish keeps it: a code of
    ``tournaments.pages.presenters.AUDIT_REASONS`` (``finished_swiss``, ``finished_pods``,
    ``finished_round_robin``, ``finished_bracket``) and its params, the sentence :func:`_finished_text` says."""
    if tournament.structure in (S.SWISS, S.PODS) and not tournament.top_cut:
        # with a day 2 (tournaments.services.phases), its rounds too
        count = sum(phase.get("rounds") or 0 for phase in tournament.phases) or tournament.swiss_rounds
        return ("finished_pods" if tournament.structure == S.PODS else "finished_swiss"), {"count": count}
    if tournament.structure == S.ROUND_ROBIN:
        return "finished_round_robin", {"rounds": rounds}
    return "finished_bracket", {"winner": _winner_name(tournament, result.winner, roster)}


#: Why no round comes next, by the code :func:`finished_reason` gives (the audit entry of the finish keeps it).
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
    code, params = finished_reason(tournament, result, rounds, roster)
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


def _store(tournament: Tournament, pairing: Pairing, number: int, kind: str, seed: int, actor, *,
           phase: int = 1) -> Round:
    """Store the round (of ``phase``: ``rules.structures.NextRound.phase``): one match per table with a seat per
    player (seat order as paired), and a match of one seat per bye, confirmed at once by a submission from the
    pairing (a 2-0 win)."""
    # a draft (``Tournament.pairings_as_draft``) is published later, and its clock starts then (``round_publish``)
    draft = tournament.pairings_as_draft
    rnd = Round(tournament=tournament, number=number, kind=kind, phase=phase, seed=seed, created_by=actor,
                published_at=None if draft else timezone.now(), started_at=None)
    if not draft:
        round_clock_start_at_pairing(rnd, now=rnd.published_at)
    rnd.save()
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
    if tournament.is_off_the_top:  # each table's shared pool, from the round's seed (spell-battle-rules.txt, 8.)
        match_pools_deal(rnd, [(match, len(table[1])) for match, table in zip(matches, tables) if not table[3]])
    byes = [match for match, table in zip(matches, tables) if table[3]]
    ResultSubmission.objects.bulk_create([
        ResultSubmission(match=match, source=ResultSubmission.Source.PAIRING, submitted_by=actor,
                         record={"games": []}, outcome={"wins": [bye_wins], "placements": [1], "draws": 0},
                         reason=BYE_REASON, state=ResultSubmission.State.CONFIRMED) for match in byes])
    if byes and not draft:
        queue_standings(tournament)  # a draft's byes count once it is published (adapters.history_for)
        round_clock_end_if_complete(rnd)  # a round of byes only has nothing to play
    return rnd
