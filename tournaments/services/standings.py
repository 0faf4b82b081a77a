"""Standings: versioned snapshots recomputed by a Celery job after every confirmed result."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, Max, Q
from rules.standings.placings import final_placings
from rules.standings import compute_standings

from tournaments.adapters import history_for, standings_options
from tournaments.models import StandingsSnapshot, Tournament
from tournaments.signals import standings_stale


def queue_standings(tournament: Tournament) -> None:
    """Bump the tournament's results version and have the standings recomputed once the transaction commits.

    After the commit this sends ``tournaments.signals.standings_stale``; ``tournaments.tasks``
    queues the job. The result is stored whatever happens to the broker: if the job cannot be
    queued (Redis down), the failure is logged and :func:`stale_tournament_ids`' periodic task
    brings the standings up to date later.
    """
    Tournament.objects.filter(pk=tournament.pk).update(results_version=F("results_version") + 1)
    tournament_id = tournament.pk
    transaction.on_commit(lambda: standings_stale.send(sender=Tournament, tournament_id=tournament_id))


def stale_tournament_ids() -> list[int]:
    """Tournaments whose newest standings snapshot is older than their results version (one query)."""
    return list(
        Tournament.objects.annotate(latest=Max("snapshots__version"))
        .filter(Q(latest__isnull=True, results_version__gt=0) | Q(latest__lt=F("results_version")))
        .values_list("pk", flat=True)
    )


def standings_are_stale(tournament_id: int) -> bool:
    """True when the tournament's newest snapshot is older than its results version (one query, no lock):
    a standings job that finds them up to date exits at once."""
    row = (Tournament.objects.filter(pk=tournament_id).annotate(latest=Max("snapshots__version"))
           .values_list("results_version", "latest").first())
    if row is None:
        return False
    results_version, latest = row
    return latest is None and results_version > 0 or latest is not None and latest < results_version


@transaction.atomic
def standings_recompute(*, tournament_id: int) -> StandingsSnapshot | None:
    """Compute and store the standings for the tournament's current results version.

    Idempotent: a duplicate or stale run (a snapshot for this version or a newer one
    exists) stores nothing and returns None. The tournament row is locked while the
    history is read, so a snapshot never mixes results of two versions. The ranking is the
    tournament's tiebreaker system with its options (``Tournament.tiebreakers``,
    ``tiebreaker_floor``, ``placement_points``); the snapshot names the system. When the event had
    an elimination phase (a top cut, a bracket), every row also has ``placing`` (1-based, shared
    inside a band) and ``placing_band`` ("1st", "3rd-4th", "5th-8th"), and the rows come in placing
    order (``rules.standings.placings.final_placings``; players who did not make the cut follow in Swiss order).
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    version = tournament.results_version
    if StandingsSnapshot.objects.filter(tournament=tournament, version__gte=version).exists():
        return None
    history = history_for(tournament)
    names = {p.id: p.name for p in history.players}
    rows = {}
    for row in compute_standings(history, tournament.tiebreakers, **standings_options(tournament)):
        data = row.to_json()
        data["name"] = names[row.player]
        data["dropped"] = row.player in history.drops
        rows[row.player] = data
    ordered = list(rows.values())
    if any(r.elimination for r in history.rounds):
        # After an elimination phase the rows come in final placing order (rules.standings.placings).
        ordered = []
        for placing in final_placings(history, swiss_order=list(rows)):
            data = rows[placing.player]
            data["placing"], data["placing_band"] = placing.placing, placing.band
            ordered.append(data)
    return StandingsSnapshot.objects.create(tournament=tournament, version=version, rows=ordered,
                                            tiebreakers=tournament.tiebreakers)
