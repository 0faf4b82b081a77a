"""Against PostgreSQL, Redis and a real Celery worker process (.ci/run's second pass).

Skipped unless DATABASE_URL and REDIS_URL are set: the embedded default has no worker.
"""

from __future__ import annotations

import os
import time

import pytest
from rest_framework.test import APIClient

from config.celery import app as celery_app
from tournaments.models import StandingsSnapshot, Tournament

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(not (os.environ.get("REDIS_URL") and os.environ.get("DATABASE_URL")),
                       reason="needs DATABASE_URL, REDIS_URL and a running Celery worker"),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def live_worker():
    """Hand tasks to the broker instead of running them in-process."""
    celery_app.conf.task_always_eager = False
    reply = celery_app.control.ping(timeout=5.0)
    assert reply, "no Celery worker answered the ping: start one (see .ci/run)"
    yield
    celery_app.conf.task_always_eager = True


def test_a_result_confirmed_over_http_is_recomputed_by_the_worker(live_worker, registered, tournament,
                                                                   organiser, alice, bob):
    org = APIClient()
    org.force_authenticate(organiser)
    assert org.post(f"/api/v1/tournaments/{tournament.pk}/start/").status_code == 200
    match = org.post(f"/api/v1/tournaments/{tournament.pk}/rounds/").json()["matches"][0]
    seat_a = alice if match["seats"][0]["player"] == "alice" else bob
    seat_b = bob if seat_a is alice else alice
    reporter, confirmer = APIClient(), APIClient()
    reporter.force_authenticate(seat_a)
    confirmer.force_authenticate(seat_b)
    report = reporter.post(f"/api/v1/matches/{match['id']}/reports/",
                           {"games": [{"winner": "a"}, {"winner": "a"}]}, format="json").json()
    assert confirmer.post(f"/api/v1/reports/{report['id']}/confirm/").status_code == 200
    version = Tournament.objects.get(pk=tournament.pk).results_version
    deadline = time.monotonic() + 30
    while not StandingsSnapshot.objects.filter(tournament=tournament, version=version).exists():
        assert time.monotonic() < deadline, "the worker did not store the standings snapshot within 30 s"
        time.sleep(0.2)
    body = APIClient().get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    assert body["version"] == version
    assert body["rows"][0]["name"] == seat_a.username and body["rows"][0]["points"] == 3
