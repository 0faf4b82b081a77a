"""Issue #11, item 13: with eager standings (the embedded default), a standings run that fails after the
result was committed is logged; the confirmation still answers 200 and the result stays saved, and the
catch-up task finds the tournament behind."""

from __future__ import annotations

import logging

import django.db
import pytest
from rest_framework.test import APIClient

from tournaments import tasks
from tournaments.models import ResultSubmission

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("error", [RuntimeError("a bug"), django.db.OperationalError("database is locked")],
                         ids=["bug", "locked"])
def test_a_failing_eager_standings_run_never_turns_a_saved_result_into_a_500(
        round_one, monkeypatch, caplog, django_capture_on_commit_callbacks, error):
    from tournaments.services import result_report
    from tournaments.services.standings import stale_tournament_ids

    match = round_one.matches.get()
    first, second = (s.registration.player for s in match.seats.order_by("number"))
    report = result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "a"}])

    def fail(**kwargs):
        raise error

    monkeypatch.setattr(tasks, "standings_recompute", fail)
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(second)
    with caplog.at_level(logging.ERROR, logger="tournaments.tasks"), \
            django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/api/v1/reports/{report.pk}/confirm/")
    assert response.status_code == 200, response.content
    assert ResultSubmission.objects.get(pk=report.pk).state == ResultSubmission.State.CONFIRMED
    assert "could not be recomputed" in caplog.text
    assert round_one.tournament_id in stale_tournament_ids()
