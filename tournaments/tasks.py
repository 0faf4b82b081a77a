"""Celery tasks: take ids, call one service, safe to run twice."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import django.db
import kombu.exceptions
import redis.exceptions
from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.dispatch import receiver
from django.utils import timezone
from kombu.exceptions import OperationalError

from tournaments import webhook_tasks  # noqa: F401 (the webhooks' task and receiver, issue 25)
from tournaments.models import Round, Tournament
from tournaments.notifications.events import event_happened
from tournaments.notifications.reach import anyone_reachable
from tournaments.services.clock import round_time_call
from tournaments.services.notifications import notification_chunks, notification_of, notifications_deliver
from tournaments.services.standings import standings_are_stale, stale_tournament_ids, standings_recompute
from tournaments.signals import round_clock_running, standings_stale

logger = logging.getLogger(__name__)

#: What ``recompute_standings`` retries on: the broker or the database being unreachable or
#: failing for the moment (a lost connection, a deadlock, a lock or statement timeout). Anything
#: else (a ValueError, an IntegrityError, a KeyError...) is a bug and propagates at once: retrying
#: it would only repeat it, and hide it for minutes.
TRANSIENT_ERRORS: tuple[type[BaseException], ...] = (
    kombu.exceptions.OperationalError,  # the broker (Celery/kombu) cannot be reached
    redis.exceptions.ConnectionError,  # Redis (broker, result backend, cache) connection lost or refused
    redis.exceptions.TimeoutError,
    ConnectionError,  # a socket-level connection refused/reset/aborted (builtin, an OSError)
    django.db.OperationalError,  # database unreachable, connection lost, deadlock, lock/statement timeout
    django.db.InterfaceError,  # the connection to the database is closed or unusable
)

#: Retries are bounded: at most STANDINGS_MAX_RETRIES more runs, waiting an exponential, jittered
#: 1, 2, 4, 8, 16 s (never more than STANDINGS_RETRY_BACKOFF_MAX s). After that the error
#: propagates; ``requeue_stale_standings`` queues the tournament again on its next beat.
STANDINGS_MAX_RETRIES = 5
STANDINGS_RETRY_BACKOFF_MAX = 60


@shared_task(acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT_ERRORS,
             max_retries=STANDINGS_MAX_RETRIES, retry_backoff=True, retry_backoff_max=STANDINGS_RETRY_BACKOFF_MAX,
             retry_jitter=True)
def recompute_standings(tournament_id: int) -> int | None:
    """Recompute the standings snapshot of one tournament; returns the version stored (None if up to date).

    Retried (bounded, with backoff) only on :data:`TRANSIENT_ERRORS`; any other exception propagates.

    Coalescing: the job first clears the tournament's "queued" marker (so a result confirmed from now
    on queues one more job, which will wait), then computes the *latest* results version; a job that
    finds the standings already up to date (a newer job did its work) exits at once, before any lock.
    Every job notes when it started (:func:`ran_key`), before it clears the marker: the next one is held
    back until ``STANDINGS_JOB_INTERVAL_SECONDS`` later (:func:`send_recompute`).
    """
    _note_run(tournament_id)  # first: a job queued once the marker is cleared waits for the interval
    _unmark(queued_key(tournament_id))
    if not standings_are_stale(tournament_id):
        return None
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


def _mark(key: str, timeout: float, value: float = 1) -> bool:
    """Set a coalescing marker (``cache.add``: atomic) to ``value``; True when it was not set, or when the cache
    cannot be reached (Redis down): the job is then sent or run anyway, coalescing never loses a job."""
    try:
        return bool(cache.add(key, value, timeout=timeout))
    except (redis.exceptions.RedisError, OSError) as exc:
        logger.warning("The cache could not be reached (%s); standings jobs are not coalesced meanwhile.", exc)
        return True


def _unmark(key: str) -> None:
    try:
        cache.delete(key)
    except (redis.exceptions.RedisError, OSError) as exc:
        logger.warning("The cache could not be reached (%s) to clear %s; it expires by itself.", exc, key)


def _note_run(tournament_id: int) -> None:
    """Remember when this tournament's standings job started (for ``STANDINGS_JOB_INTERVAL_SECONDS``)."""
    interval = settings.STANDINGS_JOB_INTERVAL_SECONDS
    if interval <= 0 or settings.CELERY_TASK_ALWAYS_EAGER:
        return
    try:
        # the stored time decides (job_countdown); the expiry only cleans up, with room for clock skew
        cache.set(ran_key(tournament_id), time.time(), timeout=interval + 60)
    except (redis.exceptions.RedisError, OSError) as exc:
        logger.warning("The cache could not be reached (%s); standings jobs are not spaced meanwhile.", exc)


def job_countdown(tournament_id: int) -> float:
    """Seconds a standings job queued now waits: what is left of ``STANDINGS_JOB_INTERVAL_SECONDS`` since the
    tournament's last job started (0 if none did within it, or if the cache cannot be reached)."""
    interval = settings.STANDINGS_JOB_INTERVAL_SECONDS
    if interval <= 0:
        return 0.0
    try:
        ran = cache.get(ran_key(tournament_id))
    except (redis.exceptions.RedisError, OSError):
        return 0.0
    if ran is None:
        return 0.0
    return min(interval, max(0.0, float(ran) + interval - time.time()))


def ran_key(tournament_id: int) -> str:
    """The cache key of "this tournament's last standings job started at" (a Unix time, in seconds)."""
    return f"standings:ran:{tournament_id}"


def queued_key(tournament_id: int) -> str:
    """The cache key of a tournament's "a standings job is waiting" marker."""
    return f"standings:queued:{tournament_id}"


def eager_window_key(tournament_id: int) -> str:
    """The cache key of a tournament's "standings were just computed eagerly" marker (the embedded default)."""
    return f"standings:eager-window:{tournament_id}"


def eager_deferred_key(tournament_id: int) -> str:
    """The cache key of a tournament's "a deferred eager standings run is waiting" marker (the embedded default)."""
    return f"standings:eager-deferred:{tournament_id}"


#: The embedded default's first retry of a standings run that failed (a locked SQLite database), in seconds;
#: each further one waits twice as long, at most ``STANDINGS_MAX_RETRIES`` of them.
EAGER_RETRY_SECONDS = 1.0


def in_a_timer_thread(delay: float, run: Callable[[], None]) -> threading.Timer:
    """Run ``run()`` in ``delay`` seconds on a daemon thread of this process (the embedded default has no worker),
    then close that thread's database connections; returns the started timer."""
    def in_thread() -> None:
        try:
            run()
        finally:
            django.db.connections.close_all()  # this thread's own connections only

    timer = threading.Timer(delay, in_thread)
    timer.daemon = True
    timer.start()
    return timer


#: How the embedded default defers a standings run (:func:`in_a_timer_thread`); the tests record the runs instead.
run_later: Callable[[float, Callable[[], None]], object] = in_a_timer_thread


def send_recompute(tournament_id: int) -> bool:
    """Queue ``recompute_standings`` for one tournament, unless one is already waiting; False (logged) when
    the broker cannot take it.

    Jobs coalesce: a per-tournament marker (``cache.add``, atomic in Redis; it expires after
    ``STANDINGS_QUEUED_MARKER_SECONDS`` in case a job is lost) is set when a job is sent, and the job
    clears it when it starts. While it is set, a further confirmation sends nothing: the waiting job
    will compute the latest version. So a burst costs at most one running and one waiting job. And jobs are
    spaced: one queued less than ``STANDINGS_JOB_INTERVAL_SECONDS`` after the last one started waits
    the rest of the interval (a countdown), so a burst of T seconds costs at most about T / interval + 2
    recomputes, however fast the results come (``bench/confirmation_burst.py``: 500 confirmations, two workers).

    Eagerly (the embedded default) see :func:`recompute_eagerly`."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return recompute_eagerly(tournament_id)
    if not _mark(queued_key(tournament_id), settings.STANDINGS_QUEUED_MARKER_SECONDS):
        return True  # a job is already waiting; it will compute the latest version
    countdown = job_countdown(tournament_id)
    try:
        if countdown > 0:  # the last job started less than STANDINGS_JOB_INTERVAL_SECONDS ago: this one waits
            recompute_standings.apply_async((tournament_id,), countdown=countdown)
        else:
            recompute_standings.delay(tournament_id)
    except (OperationalError, OSError) as exc:
        _unmark(queued_key(tournament_id))
        logger.warning("Could not queue the standings of tournament %s (%s); the periodic catch-up will.",
                       tournament_id, exc)
        return False
    return True


def recompute_eagerly(tournament_id: int) -> bool:
    """The embedded default's standings run (no worker, no beat): after the result was committed, in this
    process. False (logged) when the run failed.

    At most once per ``STANDINGS_EAGER_WINDOW_SECONDS`` per tournament: the first result runs at once and opens
    the window; results confirmed inside it defer to one run at the window's end (:func:`run_later`, coalesced by
    :func:`eager_deferred_key`), which opens the next window. So a burst costs about one run per window, and the
    last result of a burst is in the standings a window later at most, without anyone reading them. Whatever a
    run raises (a locked SQLite database, a bug) is logged and never turns the saved result into a 500; the
    run is tried again later (``EAGER_RETRY_SECONDS``, doubling, ``STANDINGS_MAX_RETRIES`` times), and the next
    result recomputes anything still behind. Reads never compute standings."""
    window = settings.STANDINGS_EAGER_WINDOW_SECONDS
    if window > 0 and not _mark(eager_window_key(tournament_id), window, value=time.time()):
        _defer_eager(tournament_id, _window_left(tournament_id, window))  # computed a moment ago
        return True
    return _run_eager(tournament_id, attempt=0)


def _window_left(tournament_id: int, window: float) -> float:
    """Seconds left of the tournament's eager window (the whole window if the cache cannot tell)."""
    try:
        opened = cache.get(eager_window_key(tournament_id))
    except (redis.exceptions.RedisError, OSError):
        opened = None
    if opened is None:
        return window
    return min(window, max(0.0, float(opened) + window - time.time()))


def _run_eager(tournament_id: int, *, attempt: int) -> bool:
    try:
        recompute_standings.delay(tournament_id)
    except Exception:
        logger.exception("The standings of tournament %s could not be recomputed now; they will be retried.",
                         tournament_id)
        if attempt < STANDINGS_MAX_RETRIES:
            _defer_eager(tournament_id, EAGER_RETRY_SECONDS * 2 ** attempt, attempt=attempt + 1)
        return False
    return True


def _defer_eager(tournament_id: int, delay: float, *, attempt: int = 0) -> None:
    """One eager run of the tournament's standings in ``delay`` seconds, unless one is already waiting."""
    if not _mark(eager_deferred_key(tournament_id), delay + 60):
        return  # a deferred run is waiting; it computes the latest version

    def deferred() -> None:
        _unmark(eager_deferred_key(tournament_id))
        window = settings.STANDINGS_EAGER_WINDOW_SECONDS
        if window > 0:  # this run opens the next window: results confirmed meanwhile wait for its end
            _open_window(tournament_id, window)
        _run_eager(tournament_id, attempt=attempt)

    run_later(delay, deferred)


def _open_window(tournament_id: int, window: float) -> None:
    try:
        cache.set(eager_window_key(tournament_id), time.time(), timeout=window)
    except (redis.exceptions.RedisError, OSError) as exc:
        logger.warning("The cache could not be reached (%s); eager standings runs are not spaced meanwhile.", exc)


@receiver(standings_stale, sender=Tournament, dispatch_uid="tournaments.queue_standings_job")
def queue_standings_job(sender, *, tournament_id: int, **kwargs) -> None:
    """``tournaments.services.standings.queue_standings`` committed a new results version: queue the job."""
    send_recompute(tournament_id)


@shared_task(acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT_ERRORS, max_retries=3,
             retry_backoff=True, retry_jitter=True)
def send_notifications(event: str, payload: dict) -> int:
    """Fan a notification out (issue 25): queue one ``send_notification_chunk`` per chunk of its recipients
    (``settings.NOTIFICATION_CHUNK_SIZE``). Returns the number of chunks queued."""
    chunks = notification_chunks(event=event, payload=payload)
    for user_ids in chunks:
        send_notification_chunk.delay(event, payload, user_ids)
    return len(chunks)


@shared_task(acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT_ERRORS, max_retries=3,
             retry_backoff=True, retry_jitter=True)
def send_notification_chunk(event: str, payload: dict, user_ids: list[int]) -> dict[str, int]:
    """Send one chunk of a notification by e-mail and web push (``notifications_deliver``: one mail connection
    for the chunk, every notification logged). Safe to run twice: who was already sent it is skipped."""
    return notifications_deliver(event=event, payload=payload, user_ids=user_ids)


@receiver(event_happened, dispatch_uid="tournaments.queue_notifications")
def queue_notifications(sender, *, event: str, tournament_id: int, data: dict, **kwargs) -> None:
    """The e-mail and push channel of an announced event (``tournaments.notifications.events``, after the commit):
    queue the fan-out of its notification (``notification_of``: nothing for an event told to nobody, nor when
    nobody of the tournament can be reached by e-mail or push: ``reach.anyone_reachable``, one cache read). A broker
    that cannot take it, or an eager run that fails, is logged: the write stands."""
    found = notification_of(event, tournament_id, data)
    if found is None or not anyone_reachable(tournament_id):
        return
    told_as, payload = found
    try:
        send_notifications.delay(told_as, payload)
    except Exception:
        logger.exception("The %s notification %s could not be queued", told_as, payload)


# --------------------------------------------------------------------------- the round's time (issue 25)

#: Seconds after a round's end its time is called: the task never runs before the end it was scheduled for.
ROUND_TIME_MARGIN_SECONDS = 1.0


@shared_task(acks_late=True, reject_on_worker_lost=True, autoretry_for=TRANSIENT_ERRORS, max_retries=3,
             retry_backoff=True, retry_jitter=True)
def call_round_time(round_id: int) -> bool:
    """Call time in a round whose clock ran out (``round.time``; ``clock.round_time_call``). Scheduled at the
    round's end each time its clock starts, resumes or is extended; a task whose end moved, whose clock is paused
    or ended, or whose time was already called, does nothing (returns False). Safe to run twice."""
    return round_time_call(round_id=round_id)


def _call_round_time_in_process(round_id: int) -> None:
    try:
        round_time_call(round_id=round_id)
    except Exception:  # a timer thread has nobody to raise to
        logger.exception("Time could not be called in round %s", round_id)


@receiver(round_clock_running, sender=Round, dispatch_uid="tournaments.schedule_round_time")
def schedule_round_time(sender, *, round_id: int, ends_at, **kwargs) -> None:
    """A round's clock runs towards ``ends_at`` (committed): schedule ``call_round_time`` then (a countdown, plus
    :data:`ROUND_TIME_MARGIN_SECONDS`). On the embedded default (eager Celery: a countdown would run it at once)
    the call waits in a timer thread of this process (:data:`run_later`): a restart of the process before the end
    forgets it, and the round's time is then not called (docs/operations.md). A broker that cannot take it is
    logged: the clock action stands."""
    delay = max(0.0, (ends_at - timezone.now()).total_seconds()) + ROUND_TIME_MARGIN_SECONDS
    try:
        if settings.CELERY_TASK_ALWAYS_EAGER:
            run_later(delay, lambda: _call_round_time_in_process(round_id))
        else:
            call_round_time.apply_async((round_id,), countdown=delay)
    except Exception:
        logger.exception("The time call of round %s could not be scheduled", round_id)
