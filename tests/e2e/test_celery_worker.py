"""Against PostgreSQL, Redis and a real Celery worker process (.ci/run's second pass).

Skipped unless DATABASE_URL and REDIS_URL are set: the embedded default has no worker.
"""

from __future__ import annotations

import os
import time

import pytest
from django.test import Client
from django.urls import reverse

from config.celery import app as celery_app
from tournaments.models import Match, StandingsSnapshot, Tournament

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
    """Start, pair, report and confirm through the pages (HTTP); the worker stores the snapshot."""
    org = Client()
    org.force_login(organiser)
    assert org.post(reverse("tournaments:manage-action", args=[tournament.pk, "start"])).status_code == 302
    assert org.post(reverse("tournaments:manage-action", args=[tournament.pk, "pair"])).status_code == 302
    match = Match.objects.get(round__tournament=tournament)
    seat_a, seat_b = [s.registration.player for s in match.seats.select_related("registration__player")
                      .order_by("number")]
    reporter, confirmer = Client(), Client()
    reporter.force_login(seat_a)
    confirmer.force_login(seat_b)
    slip = reverse("tournaments:match", args=[tournament.pk, match.pk])
    assert reporter.post(slip, {"game-1": "me", "game-2": "me"}).status_code == 302
    report = match.submissions.get()
    answer = reverse("tournaments:report-answer", args=[tournament.pk, match.pk, report.pk, "confirm"])
    assert confirmer.post(answer).status_code == 302
    version = Tournament.objects.get(pk=tournament.pk).results_version
    deadline = time.monotonic() + 30
    while not StandingsSnapshot.objects.filter(tournament=tournament, version=version).exists():
        assert time.monotonic() < deadline, "the worker did not store the standings snapshot within 30 s"
        time.sleep(0.2)
    rows = StandingsSnapshot.objects.get(tournament=tournament, version=version).rows
    assert rows[0]["name"] == seat_a.username and rows[0]["points"] == 3
    page = Client().get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert f"results version {version}" in page and seat_a.username in page
