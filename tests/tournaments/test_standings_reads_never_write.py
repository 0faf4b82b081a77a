"""Reads never write: a GET of the standings (page, live fragment, API, CSV, print view, projector) while they are
behind the results shows the newest stored snapshot and runs no INSERT, UPDATE or DELETE; the write path brings
them up to date (``tournaments.tasks.send_recompute``; ``test_standings_coalescing.py``)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.test_structures import make_event
from tournaments import services, tasks
from tournaments.models import StandingsSnapshot

pytestmark = pytest.mark.django_db

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


@pytest.fixture
def behind(organiser, settings, monkeypatch, django_capture_on_commit_callbacks):
    """A running event whose standings are behind its results: the second result was confirmed inside the eager
    window and its deferred run has not happened yet. Returns the tournament."""
    settings.STANDINGS_EAGER_WINDOW_SECONDS = 60
    monkeypatch.setattr(tasks, "run_later", lambda delay, run: None)  # the window never ends here
    t, _ = make_event(organiser, 4, swiss_rounds=3)
    with django_capture_on_commit_callbacks(execute=True):
        one = services.round_pair_next(tournament=t, actor=organiser, seed=5)
    duel = next(m for m in one.matches.order_by("table") if m.seats.count() == 2)
    for n in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            services.result_settle(match=duel, actor=organiser, games=[{"winner": "ab"[n]}] * 2, reason=f"slip {n}")
    t.refresh_from_db()
    newest = StandingsSnapshot.objects.filter(tournament=t).order_by("-version").first()
    assert newest is not None and newest.version < t.results_version
    return t


def _writes(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]


@pytest.mark.parametrize("name", ["tournaments:standings", "tournaments:print-standings",
                                  "tournaments:export-standings", "tournaments:projector", "api:standings"])
def test_a_get_of_standings_that_are_behind_writes_nothing(behind, client, name):
    url = reverse(name, args=[behind.pk])
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    assert _writes(queries) == []
    assert StandingsSnapshot.objects.filter(tournament=behind).count() == 1  # still the first snapshot only


def test_the_live_fragment_of_standings_that_are_behind_writes_nothing_and_keeps_polling(behind, client):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("tournaments:standings", args=[behind.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and _writes(queries) == []
    assert "hx-get" in response.content.decode()  # marked as updating: it polls until the run at the window's end


def test_the_api_says_which_results_version_the_older_snapshot_reflects(behind, client):
    body = client.get(reverse("api:standings", args=[behind.pk])).json()
    assert body["version"] < body["results_version"] == behind.results_version


def test_a_logged_in_organiser_reading_standings_that_are_behind_writes_nothing(behind, client, organiser):
    client.force_login(organiser)
    client.get(reverse("tournaments:standings", args=[behind.pk]))  # the session is settled by the first request
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("tournaments:standings", args=[behind.pk]))
    assert response.status_code == 200 and _writes(queries) == []
