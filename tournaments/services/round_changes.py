"""The organiser's changes to a paired round before any result is reported: two players swapped between tables,
or the whole round thrown away and paired again. Each needs a reason and is written to the audit log with the
tables before and after; a penalty follows its player. A draft round (``Tournament.pairings_as_draft``) is
published here too (``round_publish``, logged): players and the public see it from then on.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext_lazy, ngettext_lazy

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
from tournaments.notifications import events
from tournaments.services.clock import round_clock_end_if_complete, round_clock_start_at_pairing, round_clock_started
from tournaments.services.english import english
from tournaments.services.impartiality import match_played_by, require_not_own_match
from tournaments.services.organiser import organiser_action
from tournaments.services.pairing import round_pair_next
from tournaments.services.standings import queue_standings


def _unstarted_last_round(tournament: Tournament) -> Round:
    last = tournament.rounds.order_by("-number").first()
    if last is None:
        raise Conflict(gettext_lazy("No round has been paired yet."), code="no_round")
    # a bye and a late player's loss with no opponent are confirmed at once: neither means the round has started
    started = ResultSubmission.objects.filter(match__round=last).exclude(
        source=ResultSubmission.Source.PAIRING).exclude(match__opponentless_loss=True).exists()
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
    required and logged with the tables before and after. Raises NotAllowed (``own_match``: a player moved into
    or out of the actor's own table), Conflict (no round,
    round started), UserError (no reason, the same player twice, a player not in the round, a bye
    involved, two players at the same table).
    """
    act = organiser_action(tournament, actor, action="round_swap_players", idempotency_key=idempotency_key,
                           payload={"first": first, "second": second, "reason": reason}, reason=reason, reason_required=gettext_lazy("Say why the pairing changes (it is logged)."),
                           reason_code="reason")
    if act.repeated:
        return act.first(Round)
    tournament, reason = act.tournament, act.reason
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
    for seat in (seat_1, seat_2):  # a player moved into or out of the actor's own table
        require_not_own_match(actor, seat.match, action="round_swap_players")
    if Seat.objects.filter(match__in=(seat_1.match_id, seat_2.match_id)).values("match").annotate(
            n=Count("id")).filter(n=1).exists():
        raise UserError(gettext_lazy("A bye cannot be swapped; re-pair the round instead."), code="bye")
    if seat_1.match_id == seat_2.match_id:
        raise UserError(gettext_lazy("Those two players already sit at the same table."), code="same_table")
    seat_1.registration, seat_2.registration = second, first
    Seat.objects.bulk_update([seat_1, seat_2], ["registration"])
    # the round's page state changes with its seats (selectors.round_state; the save retires the visitors' pages)
    rnd.pairing_version += 1
    rnd.save(update_fields=["pairing_version"])
    # A penalty follows its player: their game and match losses move with them to their new table.
    match_1, match_2 = seat_1.match_id, seat_2.match_id
    moved_first = list(Penalty.objects.filter(match_id=match_1, registration=first).values_list("pk", flat=True))
    Penalty.objects.filter(match_id=match_2, registration=second).update(match_id=match_1)
    Penalty.objects.filter(pk__in=moved_first).update(match_id=match_2)
    for match_id in (seat_1.match_id, seat_2.match_id):
        Match.objects.filter(pk=match_id).update(pairing_reason=f"Changed by the organiser: {reason}"[:300],
                                                 pairing_reason_code="changed_by_organiser",
                                                 pairing_reason_params={"reason": reason})
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.PAIRING_CHANGED,
                              reason=reason, before={"round": rnd.number, "tables": before},
                              after={"round": rnd.number, "tables": _round_snapshot(rnd)})
    if not rnd.is_draft:  # the new tables (a draft is announced when published); only their players are told
        events.announce(events.ROUND_PAIRED, tournament.pk, round_id=rnd.pk, matches=[match_1, match_2])
    return act.done(rnd)


@transaction.atomic
def round_repair(*, tournament: Tournament, actor, reason: str, seed: int | None = None,
                 idempotency_key: str = "") -> Round:
    """Throw away the latest round (before any result is reported) and pair it again.

    A penalty issued for a match of the round follows its player: it moves to the player's match in
    the new pairing (a game loss still counts there), or, when the player has none there (a bye, or no
    longer paired), it stays on the player with no match. The audit entry lists what happened to each
    (``after["penalties"]``); the entries logged for the old tables stay in the log, no longer tied to
    a table. A late player's loss with no opponent recorded in the round goes with it (the new pairing seats every
    active player; record it again if they are still not there): ``after["late_losses_removed"]`` names them.
    Organiser only; ``reason`` is required and logged with the old and new tables and seeds. Raises NotAllowed (``own_match``: the actor plays in the round), Conflict (no round, round started,
    tournament finished), UserError (no
    reason, or the pairing errors of :func:`round_pair_next`); nothing changes on error.
    """
    act = organiser_action(tournament, actor, action="round_repair", idempotency_key=idempotency_key,
                           payload={"reason": reason, "seed": seed}, reason=reason, reason_code="reason",
                           reason_required=gettext_lazy("Say why the round is paired again (it is logged)."))
    if act.repeated:
        return act.first(Round)
    tournament, reason = act.tournament, act.reason
    rnd = _unstarted_last_round(tournament)
    require_not_own_match(actor, match_played_by(actor, rnd), action="round_repair")
    before = {"round": rnd.number, "seed": rnd.seed, "tables": _round_snapshot(rnd)}
    tables_before = _tables_by_player(rnd)
    had_byes = ResultSubmission.objects.filter(match__round=rnd, source=ResultSubmission.Source.PAIRING).exists()
    late_losses = sorted(r.display_name for r in Registration.objects.select_related("player").filter(
        seats__match__round=rnd, seats__match__opponentless_loss=True))
    # Penalties stay with their players (moved to their new match below); the audit log keeps every entry.
    penalties = list(Penalty.objects.filter(match__round=rnd).select_related("registration__player")
                     .order_by("issued_at", "id"))
    Penalty.objects.filter(pk__in=[p.pk for p in penalties]).update(match=None)
    AuditEntry.objects.filter(match__round=rnd).update(match=None)
    ResultSubmission.objects.filter(match__round=rnd).delete()
    rnd.delete()
    if had_byes or late_losses:
        queue_standings(tournament)  # the byes (and late losses) of the old round no longer count
    new = round_pair_next(tournament=tournament, actor=actor, seed=seed, tell_players=False)
    tables_after = _tables_by_player(new)
    changed = sorted({match_id for player, (match_id, table) in tables_after.items()
                      if tables_before.get(player, (None, None))[1] != table})
    if not new.is_draft:  # the new round; only the players whose table changed are told (none: nobody)
        events.announce(events.ROUND_PAIRED, tournament.pk, round_id=new.pk, matches=changed)
        round_clock_started(new)
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.PAIRING_CHANGED,
                              reason=reason, before=before,
                              after={"round": new.number, "seed": new.seed, "tables": _round_snapshot(new),
                                     "penalties": _move_penalties(penalties, new),
                                     **({"late_losses_removed": late_losses} if late_losses else {})})
    return act.done(new)


def _tables_by_player(rnd: Round) -> dict[int, tuple[int, tuple[int, frozenset[int]]]]:
    """Each registration of ``rnd`` (its id) -> (its match's id, (table number, the registrations at it))."""
    seats = list(Seat.objects.filter(match__round=rnd).values_list("registration_id", "match_id", "match__table"))
    at_table: dict[int, set[int]] = {}
    for registration_id, match_id, _ in seats:
        at_table.setdefault(match_id, set()).add(registration_id)
    return {registration_id: (match_id, (table, frozenset(at_table[match_id])))
            for registration_id, match_id, table in seats}


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
def round_publish(*, tournament: Tournament, actor, idempotency_key: str = "") -> Round:
    """Publish the latest round's draft pairings (``Tournament.pairings_as_draft``): from now on players and the
    public see its tables (``tournaments.selectors.round_visible``), players may report, its byes count in the
    standings, and its clock starts when the event's clocks start at pairing
    (``tournaments.services.clock.round_clock_start_at_pairing``: publication is the pairing players see). Logged (``pairing_published``) with the
    tables as published. Organiser or co-organiser. Returns the round.

    Raises NotAllowed (not the organiser), Conflict (``finished``; ``no_round``: nothing paired yet;
    ``already_published``: the latest round is not a draft)."""
    act = organiser_action(tournament, actor, action="round_publish", idempotency_key=idempotency_key,
                           payload={})
    if act.repeated:
        return act.first(Round)
    tournament = act.tournament
    rnd = tournament.rounds.select_for_update().order_by("-number").first()
    if rnd is None:
        raise Conflict(gettext_lazy("No round has been paired yet."), code="no_round")
    if not rnd.is_draft:
        raise Conflict(gettext_lazy("Round %(round)s is already published."), code="already_published",
                       params={"round": rnd.number})
    now = timezone.now()
    rnd.published_at = now
    rnd.save(update_fields=["published_at"])
    round_clock_start_at_pairing(rnd, now=now)  # saves started_at
    if ResultSubmission.objects.filter(match__round=rnd, source=ResultSubmission.Source.PAIRING).exists():
        queue_standings(tournament)  # the round's byes count from now on
        round_clock_end_if_complete(rnd, now=now)  # a round of byes only has nothing to play
    AuditEntry.objects.create(tournament=tournament, actor=actor, action=AuditEntry.Action.PAIRING_PUBLISHED,
                              reason=f"Round {rnd.number} published", reason_code="round_published",
                              reason_params={"round": rnd.number},
                              after={"round": rnd.number, "tables": _round_snapshot(rnd)})
    events.announce(events.ROUND_PUBLISHED, tournament.pk, round_id=rnd.pk)  # its players are told their tables
    round_clock_started(rnd)  # when the event's clocks start at pairing
    return act.done(rnd)
