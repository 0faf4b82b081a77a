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


def test_a_failed_eager_run_is_retried_later_by_the_write_path_not_by_a_read(
        round_one, monkeypatch, caplog, django_capture_on_commit_callbacks):
    """The embedded default has no worker and no beat: the failed run is tried again (a timer of the confirming
    process, ``tasks.run_later``), with a doubling delay, a bounded number of times."""
    from tournaments.services import result_confirm, result_report
    from tournaments.services.standings import stale_tournament_ids

    match = round_one.matches.get()
    first, second = (s.registration.player for s in match.seats.order_by("number"))
    report = result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    later: list = []
    monkeypatch.setattr(tasks, "run_later", lambda delay, run: later.append((delay, run)))
    real = tasks.standings_recompute

    def locked(**kwargs):
        raise django.db.OperationalError("database is locked")

    monkeypatch.setattr(tasks, "standings_recompute", locked)
    with caplog.at_level(logging.ERROR, logger="tournaments.tasks"), \
            django_capture_on_commit_callbacks(execute=True):
        result_confirm(submission=report, actor=second)
    assert [delay for delay, _ in later] == [tasks.EAGER_RETRY_SECONDS]
    later.pop()[1]()  # still locked: retried again, twice as late
    assert [delay for delay, _ in later] == [2 * tasks.EAGER_RETRY_SECONDS]
    assert round_one.tournament_id in stale_tournament_ids()
    monkeypatch.setattr(tasks, "standings_recompute", real)
    later.pop()[1]()
    assert later == [] and round_one.tournament_id not in stale_tournament_ids()


def test_the_retries_of_a_failing_eager_run_are_bounded(round_one, monkeypatch, django_capture_on_commit_callbacks):
    from tournaments.services import result_confirm, result_report

    match = round_one.matches.get()
    first, second = (s.registration.player for s in match.seats.order_by("number"))
    report = result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    later: list = []
    monkeypatch.setattr(tasks, "run_later", lambda delay, run: later.append((delay, run)))

    def bug(**kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(tasks, "standings_recompute", bug)
    with django_capture_on_commit_callbacks(execute=True):
        result_confirm(submission=report, actor=second)
    runs = 0
    while later:
        later.pop()[1]()
        runs += 1
    assert runs == tasks.STANDINGS_MAX_RETRIES
