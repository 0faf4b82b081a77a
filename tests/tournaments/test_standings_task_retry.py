"""The standings job retries (bounded, with backoff) on broker and database errors only; a bug propagates.

The task runs eagerly (the test settings) with its one service call replaced. With the project's
settings (eager, exceptions propagate) a retry surfaces as Celery's ``Retry`` carrying the error.
With propagation off, as in a worker, Celery runs each retry again at once, in-process, so the
number of service calls counts the retries and the final error is the task's result.
"""

from __future__ import annotations

from types import SimpleNamespace

import django.db
import kombu.exceptions
import pytest
import redis.exceptions
from celery import states
from celery.exceptions import Retry

from tournaments import tasks

TRANSIENT = [
    pytest.param(lambda: django.db.OperationalError("server closed the connection unexpectedly"), id="db-operational"),
    pytest.param(lambda: django.db.InterfaceError("connection already closed"), id="db-interface"),
    pytest.param(lambda: kombu.exceptions.OperationalError("Error 111 connecting to 127.0.0.1:6379."),
                 id="kombu-operational"),
    pytest.param(lambda: redis.exceptions.ConnectionError("Connection reset by peer"), id="redis-connection"),
    pytest.param(lambda: ConnectionRefusedError(111, "Connection refused"), id="connection-refused"),
]

BUGS = [
    pytest.param(lambda: ValueError("a bug"), id="value-error"),
    pytest.param(lambda: KeyError("player"), id="key-error"),
    pytest.param(lambda: django.db.IntegrityError("duplicate key"), id="db-integrity"),
    pytest.param(lambda: TypeError("a bug"), id="type-error"),
]


@pytest.fixture
def service(monkeypatch):
    """Replace ``standings_recompute`` in the task module: ``service.failures`` are raised in turn, then it
    returns a snapshot of version 7. ``service.calls`` counts the runs, ``service.countdowns`` the retries."""
    state = SimpleNamespace(failures=[], calls=0, countdowns=[])

    def fake_recompute(*, tournament_id):
        assert tournament_id == 42
        state.calls += 1
        if state.failures:
            raise state.failures.pop(0)
        return SimpleNamespace(version=7)

    original_retry = tasks.recompute_standings.retry

    def spy_retry(*args, **kwargs):
        state.countdowns.append(kwargs.get("countdown"))
        return original_retry(*args, **kwargs)

    monkeypatch.setattr(tasks, "standings_recompute", fake_recompute)
    monkeypatch.setattr(tasks, "standings_are_stale", lambda tournament_id: True)  # no database here
    monkeypatch.setattr(tasks.recompute_standings, "retry", spy_retry)
    return state


@pytest.fixture
def worker_like():
    """Eager runs that keep going through their retries instead of raising the first ``Retry``."""
    conf = tasks.recompute_standings.app.conf
    before = conf.task_eager_propagates
    conf.task_eager_propagates = False
    yield
    conf.task_eager_propagates = before


def test_the_task_runs_eagerly_and_propagates_here(settings):
    assert settings.CELERY_TASK_ALWAYS_EAGER and settings.CELERY_TASK_EAGER_PROPAGATES
    assert tasks.recompute_standings.app.conf.task_eager_propagates


@pytest.mark.parametrize("make_error", TRANSIENT)
def test_a_broker_or_database_error_asks_for_a_retry(service, make_error):
    error = make_error()
    service.failures = [error]
    with pytest.raises(Retry) as raised:
        tasks.recompute_standings.delay(42)
    assert raised.value.exc is error
    assert service.calls == 1
    assert len(service.countdowns) == 1 and 0 <= service.countdowns[0] <= tasks.STANDINGS_RETRY_BACKOFF_MAX


@pytest.mark.parametrize("make_error", BUGS)
def test_any_other_exception_propagates_at_once_without_a_retry(service, make_error):
    error = make_error()
    service.failures = [error]
    with pytest.raises(type(error)) as raised:
        tasks.recompute_standings.delay(42)
    assert raised.value is error
    assert service.calls == 1
    assert service.countdowns == []


@pytest.mark.parametrize("make_error", TRANSIENT)
def test_a_broker_or_database_error_is_retried_with_backoff_until_it_succeeds(service, worker_like, make_error):
    service.failures = [make_error(), make_error()]
    result = tasks.recompute_standings.apply(args=[42])
    assert result.state == states.SUCCESS and result.get() == 7
    assert service.calls == 3  # two failures, each retried, then the success
    assert len(service.countdowns) == 2
    assert all(0 <= c <= tasks.STANDINGS_RETRY_BACKOFF_MAX for c in service.countdowns)


@pytest.mark.parametrize("make_error", TRANSIENT)
def test_retries_are_bounded_then_the_error_is_the_result(service, worker_like, make_error):
    error = make_error()
    service.failures = [error] * 50
    result = tasks.recompute_standings.apply(args=[42])
    assert result.state == states.FAILURE and result.result is error
    assert service.calls == tasks.STANDINGS_MAX_RETRIES + 1
    assert len(service.countdowns) == tasks.STANDINGS_MAX_RETRIES + 1  # the last call gives up
    assert all(0 <= c <= tasks.STANDINGS_RETRY_BACKOFF_MAX for c in service.countdowns)


@pytest.mark.parametrize("make_error", BUGS)
def test_a_bug_is_not_retried_by_a_worker_either(service, worker_like, make_error):
    error = make_error()
    service.failures = [error]
    result = tasks.recompute_standings.apply(args=[42])
    assert result.state == states.FAILURE and result.result is error
    assert service.calls == 1 and service.countdowns == []


def test_the_backoff_grows_and_stays_under_the_cap():
    from celery.utils.time import get_exponential_backoff_interval

    bounds = [get_exponential_backoff_interval(factor=1, retries=n, maximum=tasks.STANDINGS_RETRY_BACKOFF_MAX,
                                               full_jitter=False) for n in range(10)]
    assert bounds[:5] == [1, 2, 4, 8, 16]
    assert max(bounds) == tasks.STANDINGS_RETRY_BACKOFF_MAX
    task = tasks.recompute_standings
    assert (task.max_retries, task.retry_backoff, task.retry_backoff_max) == (
        tasks.STANDINGS_MAX_RETRIES, True, tasks.STANDINGS_RETRY_BACKOFF_MAX)
