"""Celery tasks: take ids, call one service, safe to run twice."""

from __future__ import annotations

from celery import shared_task

from tournaments.services.standings import send_recompute, stale_tournament_ids, standings_recompute


@shared_task(acks_late=True, reject_on_worker_lost=True, autoretry_for=(Exception,), max_retries=5,
             retry_backoff=True)
def recompute_standings(tournament_id: int) -> int | None:
    """Recompute the standings snapshot of one tournament; returns the version stored (None if up to date)."""
    snapshot = standings_recompute(tournament_id=tournament_id)
    return snapshot.version if snapshot else None


@shared_task
def requeue_stale_standings() -> list[int]:
    """Periodic fan-out: queue one ``recompute_standings`` per tournament whose standings are behind.

    Catches up after a confirmation whose job could not be queued (broker down) or was
    lost. Returns the ids queued. Scheduled by ``CELERY_BEAT_SCHEDULE`` (``celery beat``).
    """
    queued = []
    for tournament_id in stale_tournament_ids():
        if send_recompute(tournament_id):
            queued.append(tournament_id)
    return queued
