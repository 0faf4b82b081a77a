"""Standings: versioned snapshots recomputed by a Celery job after every confirmed result."""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from django.db.models import F, JSONField, Max, Q, Value
from django.db.models.functions import Cast
from rules.history import History
from rules.standings import StandingRow, compute_phase_standings, compute_standings
from rules.standings.phases import phased_rows
from rules.standings.placings import band_label, final_placings

from tournaments.adapters import history_for, standings_options
from tournaments.models import StandingsSnapshot, Tournament
from tournaments.notifications import events
from tournaments.page_state import page_changed
from tournaments.signals import standings_stale


def queue_standings(tournament: Tournament) -> None:
    """Bump the tournament's results version and have the standings recomputed once the transaction commits.

    After the commit this sends ``tournaments.signals.standings_stale``; ``tournaments.tasks``
    queues the job. The public pages' state is replaced (``tournaments.page_state.page_changed``: now and at the
    commit, once per transaction, shared with the match saved beside it). The result is stored whatever happens to the broker: if the job cannot be
    queued (Redis down), the failure is logged and :func:`stale_tournament_ids`' periodic task
    brings the standings up to date later.
    """
    tournament_id = tournament.pk
    page_changed(tournament_id)  # the public pages show the results: now and at the commit, once per transaction
    transaction.on_commit(lambda: standings_stale.send(sender=Tournament, tournament_id=tournament_id))
    # Last: the UPDATE locks the tournament's row until the commit, and every confirmation of the round waits for it
    # (issue 27: nothing that can wait on the cache between the two)
    Tournament.objects.filter(pk=tournament.pk).update(results_version=F("results_version") + 1)


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
    with cyclic_gc_paused():
        history = history_for(tournament)
        rows = standings_rows(tournament, history)
        encoded = encode_rows(rows)
    snapshot = store_snapshot(tournament, version, rows, encoded)
    events.announce(events.STANDINGS_UPDATED, tournament.pk, version=version)
    return snapshot


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off inside the block, back on after (unless it was off already).

    Reading a history and ranking it makes hundreds of thousands of short-lived objects and no reference
    cycles (refcounting frees them all); the collector's passes over them cost as much CPU as the work itself
    (4,096 players x 12 rounds: 0.41 s with it, 0.20 s without; ``bench/standings_job.py``)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def standings_rows(tournament: Tournament, history: History) -> list[dict[str, Any]]:
    """The snapshot's rows (``StandingRow.to_json()`` plus ``name`` and ``dropped``; after an elimination phase
    also ``placing`` and ``placing_band``), in rank order, or in final placing order after an elimination phase.
    The tournament's tiebreaker system and options (``rules.standings.compute_standings``,
    ``rules.standings.placings.final_placings``). No query.

    An event run in phases (a day 2, ``tournaments.services.phases``): the rows are the overall standings of
    ``rules.standings.phases`` (day-2 players first, the others frozen at day 1) and each also has ``placing``,
    ``placing_band``, ``phase`` (the last phase the player reached) and ``by_phase``: one entry per phase they
    played (``phase``, ``rank`` among that phase's players, the row's values then and, before the last phase,
    ``advanced``); ``tournaments.selectors.phase_tables`` turns them into one table per phase."""
    names = {p.id: p.name for p in history.players}
    drops = history.drops
    options = standings_options(tournament)
    by_phase: dict[str, list[dict[str, Any]]] = {}
    ranked: list[StandingRow]
    if history.phased:
        phases = compute_phase_standings(history, tournament.tiebreakers, **options)
        for standing in phases:
            advanced = set(standing.advanced)
            for row in standing.rows:
                entry = row.to_json()
                del entry["player"]
                entry["phase"] = standing.phase
                if standing.phase < len(phases):
                    entry["advanced"] = row.player in advanced
                by_phase.setdefault(row.player, []).append(entry)
        ranked = phased_rows(phases)
    else:
        ranked = compute_standings(history, tournament.tiebreakers, **options)
    rows = {}
    for row in ranked:
        data = row.to_json()
        data["name"] = names[row.player]
        data["dropped"] = row.player in drops
        if history.phased:
            data["phase"], data["by_phase"] = row.phase, by_phase.get(row.player, [])
        rows[row.player] = data
    if not any(r.elimination for r in history.rounds):
        if history.phased:  # the overall rank is the final placing (shared ranks stay shared)
            counts: dict[int, int] = {}
            for data in rows.values():
                counts[data["rank"]] = counts.get(data["rank"], 0) + 1
            for data in rows.values():
                data["placing"], data["placing_band"] = data["rank"], band_label(data["rank"], counts[data["rank"]])
        return list(rows.values())
    # After an elimination phase the rows come in final placing order (rules.standings.placings).
    ordered = []
    for placing in final_placings(history, swiss_order=list(rows)):
        data = rows[placing.player]
        data["placing"], data["placing_band"] = placing.placing, placing.band
        ordered.append(data)
    return ordered


def encode_rows(rows: list[dict[str, Any]]) -> str:
    """The rows as compact JSON text (what ``StandingsSnapshot.rows`` stores; whitespace aside, the same text
    the JSON field would write)."""
    return json.dumps(rows, separators=(",", ":"))


def store_snapshot(tournament: Tournament, version: int, rows: list[dict[str, Any]], encoded: str
                   ) -> StandingsSnapshot:
    """Store the snapshot of ``version``: one INSERT, the rows sent as the JSON text ``encoded``
    (``encode_rows(rows)``), encoded once; the returned snapshot holds ``rows``. Raises ``IntegrityError``
    if a snapshot of that version exists (the caller holds the tournament's row lock, so it does not)."""
    snapshot = StandingsSnapshot.objects.create(tournament=tournament, version=version,
                                                rows=Cast(Value(encoded), JSONField()),
                                                tiebreakers=tournament.tiebreakers)
    snapshot.rows = rows
    return snapshot
