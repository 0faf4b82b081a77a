"""Issue #12, item 2: standings jobs coalesce. A burst of results costs a bounded number of recomputes per
tournament (at most one job running and one waiting, each computing the latest results version; a stale job
exits at once), on the scaled path (a queued marker per tournament) and on the embedded default (at most one
eager run per window; the results confirmed inside it are computed by one run at its end, not by a read).

Counts, not times: ``compute_standings`` (the rules call of ``standings_recompute``) is counted, and the jobs sent
to the broker are recorded instead of sent.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.test_structures import make_event
from tournaments import services, tasks
from tournaments.models import StandingsSnapshot, Tournament
from tournaments.services import standings as standings_service

pytestmark = pytest.mark.django_db

BURST = 50


@pytest.fixture
def counter(monkeypatch):
    """``counter.computes``: how many times the standings were computed (``compute_standings`` calls)."""
    class Counter:
        computes = 0

    real = standings_service.compute_standings

    def counting(*args, **kwargs):
        Counter.computes += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(standings_service, "compute_standings", counting)
    return Counter


@pytest.fixture
def event(organiser, django_capture_on_commit_callbacks):
    """A running 4-player event with round 1 paired; returns (tournament, a duel of round 1)."""
    t, _ = make_event(organiser, 4, swiss_rounds=3)
    with django_capture_on_commit_callbacks(execute=True):
        one = services.round_pair_next(tournament=t, actor=organiser, seed=5)
    duel = next(m for m in one.matches.order_by("table") if m.seats.count() == 2)
    return t, duel


def settle(match, organiser, n: int, capture) -> None:
    """One result committed (the organiser enters or corrects the duel), its on-commit jobs run as after a request."""
    with capture(execute=True):
        services.result_settle(match=match, actor=organiser, games=[{"winner": "ab"[n % 2]}] * 2,
                               reason=f"slip {n}")


def latest(t: Tournament) -> StandingsSnapshot:
    return StandingsSnapshot.objects.filter(tournament=t).order_by("-version").first()


@pytest.fixture
def later(monkeypatch):
    """The embedded default's deferred standings runs (``tasks.run_later``) recorded instead of timed:
    ``later.runs`` holds (delay, run) pairs; ``later.run_all()`` runs them as their timer would."""
    class Later:
        runs: list = []

        @classmethod
        def run_all(cls) -> None:
            while cls.runs:
                cls.runs.pop(0)[1]()

    monkeypatch.setattr(tasks, "run_later", lambda delay, run: Later.runs.append((delay, run)))
    return Later


def test_a_burst_on_the_embedded_default_costs_at_most_two_recomputes_the_last_at_the_window_end(
        event, organiser, counter, settings, client, later, django_capture_on_commit_callbacks):
    t, duel = event
    settings.STANDINGS_EAGER_WINDOW_SECONDS = 60
    before = counter.computes
    for n in range(BURST):
        settle(duel, organiser, n, django_capture_on_commit_callbacks)
    assert counter.computes - before == 1  # the first result of the burst; the others wait for the window's end
    assert len(later.runs) == 1 and 0 < later.runs[0][0] <= 60  # one deferred run for all of them
    t.refresh_from_db()
    assert latest(t).version < t.results_version
    page = client.get(reverse("tournaments:standings", args=[t.pk]))
    assert page.status_code == 200
    assert counter.computes - before == 1  # reading computes nothing: the page shows the older snapshot
    later.run_all()  # the window ends
    assert counter.computes - before == 2
    assert latest(t).version == t.results_version
    client.get(reverse("tournaments:standings", args=[t.pk]))
    assert counter.computes - before == 2


def test_the_run_at_the_window_end_opens_the_next_window(
        event, organiser, counter, settings, later, django_capture_on_commit_callbacks):
    t, duel = event
    settings.STANDINGS_EAGER_WINDOW_SECONDS = 60
    before = counter.computes
    settle(duel, organiser, 0, django_capture_on_commit_callbacks)
    settle(duel, organiser, 1, django_capture_on_commit_callbacks)
    later.run_all()
    assert counter.computes - before == 2
    settle(duel, organiser, 2, django_capture_on_commit_callbacks)  # right after the deferred run: waits again
    assert counter.computes - before == 2 and len(later.runs) == 1
    later.run_all()
    assert counter.computes - before == 3
    t.refresh_from_db()
    assert latest(t).version == t.results_version


def test_results_committed_before_the_job_runs_cost_one_recompute_eagerly(
        event, organiser, counter, django_capture_on_commit_callbacks):
    t, duel = event
    before = counter.computes
    with django_capture_on_commit_callbacks(execute=True):  # the jobs run after the whole burst committed
        for n in range(BURST):
            services.result_settle(match=duel, actor=organiser, games=[{"winner": "ab"[n % 2]}] * 2,
                                   reason=f"slip {n}")
    assert counter.computes - before == 1  # 49 stale jobs exited at once
    t.refresh_from_db()
    assert latest(t).version == t.results_version


@pytest.fixture
def broker(settings, monkeypatch):
    """The scaled path with the broker replaced by a list: ``broker.sent`` holds the queued tournament ids,
    ``broker.countdowns`` the seconds each job was held back (0: sent at once)."""
    settings.CELERY_TASK_ALWAYS_EAGER = False

    class Broker:
        sent: list[int] = []
        countdowns: list[float] = []

        @classmethod
        def run_next(cls) -> None:
            tasks.recompute_standings.apply(args=[cls.sent.pop(0)])

        @classmethod
        def send(cls, tid: int, countdown: float = 0) -> None:
            cls.sent.append(tid)
            cls.countdowns.append(countdown)

    monkeypatch.setattr(tasks.recompute_standings, "delay", Broker.send)
    monkeypatch.setattr(tasks.recompute_standings, "apply_async",
                        lambda args, countdown=0: Broker.send(*args, countdown=countdown))
    return Broker


@pytest.fixture
def clock(monkeypatch):
    """The clock ``tournaments.tasks`` reads (``clock.now``, seconds), moved by hand."""
    class Clock:
        now = 1_000_000.0

        @classmethod
        def time(cls) -> float:
            return cls.now

    monkeypatch.setattr(tasks, "time", Clock)
    return Clock


def test_a_burst_on_the_scaled_path_queues_one_job_that_computes_the_latest_version(
        event, organiser, counter, broker, django_capture_on_commit_callbacks):
    t, duel = event
    before = counter.computes
    for n in range(BURST):
        settle(duel, organiser, n, django_capture_on_commit_callbacks)
    assert broker.sent == [t.pk]  # one job waiting for the whole burst
    broker.run_next()
    assert counter.computes - before == 1
    t.refresh_from_db()
    assert latest(t).version == t.results_version
    settle(duel, organiser, BURST, django_capture_on_commit_callbacks)  # the job cleared its marker: a new one
    assert broker.sent == [t.pk]


def test_results_arriving_while_a_job_runs_queue_one_more_and_the_stale_one_exits_at_once(
        event, organiser, counter, broker, monkeypatch, django_capture_on_commit_callbacks):
    t, duel = event
    settle(duel, organiser, 0, django_capture_on_commit_callbacks)
    assert broker.sent == [t.pk]
    real = tasks.standings_recompute
    calls = []

    def while_running(*, tournament_id):
        calls.append(tournament_id)
        if len(calls) == 1:  # the running job has cleared its marker: a burst arrives before it reads the version
            for n in range(1, BURST):
                settle(duel, organiser, n, django_capture_on_commit_callbacks)
            assert broker.sent == [t.pk]  # exactly one more job waits
        return real(tournament_id=tournament_id)

    monkeypatch.setattr(tasks, "standings_recompute", while_running)
    before = counter.computes
    broker.run_next()  # the running job computes the latest version, burst included
    t.refresh_from_db()
    assert latest(t).version == t.results_version
    broker.run_next()  # the waiting job finds nothing to do
    assert calls == [t.pk] and counter.computes - before == 1 and broker.sent == []


def test_a_job_the_broker_refused_does_not_block_the_next_one(
        event, organiser, broker, monkeypatch, django_capture_on_commit_callbacks):
    from kombu.exceptions import OperationalError

    t, duel = event

    def down(tid):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(tasks.recompute_standings, "delay", down)
    settle(duel, organiser, 0, django_capture_on_commit_callbacks)
    monkeypatch.setattr(tasks.recompute_standings, "delay", lambda tid: broker.sent.append(tid))
    settle(duel, organiser, 1, django_capture_on_commit_callbacks)
    assert broker.sent == [t.pk]
    assert tasks.requeue_stale_standings() == [t.pk]  # the catch-up is coalesced too: the waiting job counts
    assert broker.sent == [t.pk]


def test_a_job_queued_right_after_the_last_one_started_waits_out_the_interval(
        event, organiser, broker, clock, settings, django_capture_on_commit_callbacks):
    t, duel = event
    settings.STANDINGS_JOB_INTERVAL_SECONDS = 60
    settle(duel, organiser, 0, django_capture_on_commit_callbacks)
    assert broker.sent == [t.pk] and broker.countdowns == [0]  # no job ran lately: sent at once
    broker.run_next()  # starts at clock.now
    clock.now += 15
    settle(duel, organiser, 1, django_capture_on_commit_callbacks)
    assert broker.sent == [t.pk] and broker.countdowns == [0, 45]  # waits the 45 s left of the interval
    for n in range(2, BURST):
        settle(duel, organiser, n, django_capture_on_commit_callbacks)
    assert broker.sent == [t.pk]  # the burst joins the waiting job
    clock.now += 45
    broker.run_next()
    t.refresh_from_db()
    assert latest(t).version == t.results_version


def test_a_long_burst_costs_one_recompute_per_interval_and_ends_on_the_final_version(
        event, organiser, counter, broker, clock, settings, django_capture_on_commit_callbacks):
    """200 results, one every 0.1 s (20 s), with jobs honouring their countdown: at most 20 / 2 + 2 recomputes."""
    t, duel = event
    settings.STANDINGS_JOB_INTERVAL_SECONDS = 2
    due: list[float] = []  # when each job in broker.sent may run
    before = counter.computes

    def run_due() -> None:
        while broker.sent and due[0] <= clock.now:
            due.pop(0)
            broker.run_next()

    for n in range(200):
        queued = len(broker.countdowns)
        settle(duel, organiser, n, django_capture_on_commit_callbacks)
        due += [clock.now + countdown for countdown in broker.countdowns[queued:]]
        assert len(broker.sent) <= 1  # at most one waiting (a job runs at once here)
        clock.now += 0.1
        run_due()
    clock.now += 2
    run_due()
    assert broker.sent == []
    assert 8 <= counter.computes - before <= 20 / 2 + 2  # a recompute every 2 s of the burst, no more
    t.refresh_from_db()
    assert latest(t).version == t.results_version


def test_a_deferred_run_happens_on_a_timer_thread_of_the_process():
    import threading

    done = threading.Event()
    ran_on: list = []

    def run() -> None:
        ran_on.append(threading.current_thread())
        done.set()

    timer = tasks.in_a_timer_thread(0.01, run)
    assert timer.daemon  # never holds the process up at exit
    assert done.wait(5) and ran_on == [timer]
