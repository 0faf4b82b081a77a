"""Standings: versioned snapshots recomputed by a Celery job after every confirmed result."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from rules.standings import compute_standings

from tournaments.adapters import history_for
from tournaments.models import StandingsSnapshot, Tournament


def queue_standings(tournament: Tournament) -> None:
    """Bump the tournament's results version and queue the recomputation once the transaction commits."""
    from tournaments.tasks import recompute_standings

    Tournament.objects.filter(pk=tournament.pk).update(results_version=F("results_version") + 1)
    tournament_id = tournament.pk
    transaction.on_commit(lambda: recompute_standings.delay(tournament_id))


@transaction.atomic
def standings_recompute(*, tournament_id: int) -> StandingsSnapshot | None:
    """Compute and store the standings for the tournament's current results version.

    Idempotent: a duplicate or stale run (a snapshot for this version or a newer one
    exists) stores nothing and returns None. The tournament row is locked while the
    history is read, so a snapshot never mixes results of two versions.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    version = tournament.results_version
    if StandingsSnapshot.objects.filter(tournament=tournament, version__gte=version).exists():
        return None
    history = history_for(tournament)
    names = {p.id: p.name for p in history.players}
    rows = []
    for row in compute_standings(history):
        data = row.to_json()
        data["name"] = names[row.player]
        data["dropped"] = row.player in history.drops
        rows.append(data)
    return StandingsSnapshot.objects.create(tournament=tournament, version=version, rows=rows)
