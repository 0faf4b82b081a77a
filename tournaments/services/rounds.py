"""Pairing the next round: Swiss, then the top cut; or single elimination throughout.

The decisions are ``rules.pairings``; this module checks the workflow (who, when),
feeds it the history and stores the tables.
"""

from __future__ import annotations

import random

from django.db import transaction
from rules.pairings import PairingError, pair_single_elimination, pair_swiss
from rules.standings import compute_standings

from tournaments.adapters import history_for
from tournaments.errors import Conflict, UserError
from tournaments.models import Match, Registration, Round, Tournament
from tournaments.services.permissions import require_organiser
from tournaments.services.standings import queue_standings


def _elimination_seeds(tournament: Tournament, history) -> list[str]:
    """Seeds, best first: the top cut by final Swiss rank, or a seeded random order of all players."""
    if tournament.structure == Tournament.Structure.SWISS:
        rows = compute_standings(history)
        dropped = set(history.drops)
        ranked = [row.player for row in rows if row.player not in dropped]
        return ranked[: tournament.top_cut]
    # Single elimination from the start: random seeding, reproducible from the tournament id
    # (spell-battle-rules.txt, tournament section: players are paired at random).
    order = [p.id for p in history.players]
    random.Random(tournament.pk).shuffle(order)
    return order


@transaction.atomic
def round_pair_next(*, tournament: Tournament, actor, seed: int | None = None) -> Round | None:
    """Pair and store the next round and return it; or, when the last round has been
    played (Swiss without a top cut, or a complete bracket), mark the tournament finished
    with its winner and return None.

    Refuses (UserError/Conflict, nothing stored) when: the tournament is not running;
    the latest round has tables without a confirmed result; fewer than two players are left.
    ``seed`` fixes the pairing randomness (stored on the round so a judge can reproduce it).
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_organiser(actor, tournament)
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict("Start the tournament before pairing rounds.", code="status")
    last = tournament.rounds.order_by("-number").first()
    if last is not None:
        open_tables = list(
            last.matches.exclude(status=Match.Status.CONFIRMED).values_list("table", flat=True)
        )
        if open_tables:
            raise Conflict(
                f"Round {last.number} still has {len(open_tables)} table(s) without a confirmed result "
                f"(table {', '.join(map(str, open_tables))}). Confirm or enter those results first.",
                code="results_missing",
                params={"round": last.number, "tables": open_tables},
            )
    number = (last.number if last else 0) + 1
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    history = history_for(tournament)
    swiss_played = tournament.rounds.filter(kind=Round.Kind.SWISS).count()
    is_swiss = tournament.structure == Tournament.Structure.SWISS and swiss_played < tournament.swiss_rounds
    if not is_swiss and tournament.structure == Tournament.Structure.SWISS and tournament.top_cut == 0:
        _finish(tournament, compute_standings(history)[0].player)
        return None
    try:
        if is_swiss:
            pairing = pair_swiss(history, random.Random(seed))
            kind = Round.Kind.SWISS
        else:
            seeds = _elimination_seeds(tournament, history)
            elimination_rounds = [r for r in history.rounds if r.elimination]
            pairing = pair_single_elimination(seeds, elimination_rounds)
            kind = Round.Kind.ELIMINATION
    except PairingError as exc:
        if exc.code == "bracket_complete":
            _finish(tournament, exc.params["winner"])
            return None
        raise UserError(str(exc), code=exc.code, params=exc.params) from exc

    rnd = Round.objects.create(tournament=tournament, number=number, kind=kind, seed=seed, created_by=actor)
    registrations = {str(r.pk): r for r in tournament.registrations.all()}
    matches = [
        Match(
            round=rnd, table=table.number, player_a=registrations[table.players[0]],
            player_b=registrations[table.players[1]], pairing_reason=table.reason[:300],
        )
        for table in pairing.tables
    ]
    next_table = max((t.number for t in pairing.tables), default=0)
    for offset, player in enumerate(pairing.byes, start=1):
        matches.append(
            Match(
                round=rnd, table=next_table + offset, player_a=registrations[player], player_b=None,
                status=Match.Status.CONFIRMED, wins_a=2, wins_b=0, draws=0,
                pairing_reason="Bye: scored as a 2-0 match win (Magic Tournament Rules, Appendix C)",
            )
        )
    Match.objects.bulk_create(matches)
    if pairing.byes:
        queue_standings(tournament)
    return rnd


def _finish(tournament: Tournament, winner_id: str) -> None:
    """Mark the tournament finished with its winner (a registration id as str)."""
    Tournament.objects.filter(pk=tournament.pk).update(
        status=Tournament.Status.FINISHED, winner=Registration.objects.get(pk=int(winner_id))
    )
