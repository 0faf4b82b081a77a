"""The round's clock told (issue 25): ``round.started`` when the clock starts (at pairing, at publication, by hand),
and ``round.time`` when it runs out, called by a task scheduled at the round's end each time the clock starts,
resumes or is extended. The task reads the round's state when it runs, so a task whose end moved (a pause, an
extension, a restart), a round re-paired or ended, or a time already called, does nothing.

On the embedded default (eager Celery, the test settings) the call waits in a timer thread (``tasks.run_later``):
recorded here instead (``scheduled``). Rule: spell-battle-rules.txt, 8. Tournaments (the round's time limit)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from tests.conftest import make_event
from tournaments import services, tasks
from tournaments.models import Match, Round, Tournament
from tournaments.notifications.events import event_happened
from tournaments.services import clock
from tournaments.services.round_changes import round_publish, round_repair

pytestmark = pytest.mark.django_db


@pytest.fixture
def announced():
    """The events announced (after their commit): a list of (event, data)."""
    got: list[tuple[str, dict]] = []

    def listen(sender, *, event, tournament_id, data, **kwargs):
        got.append((event, data))

    event_happened.connect(listen, dispatch_uid="test-round-time")
    yield got
    event_happened.disconnect(dispatch_uid="test-round-time")


@pytest.fixture
def scheduled(monkeypatch):
    """The time calls scheduled on the embedded default: a list of (delay in seconds, the call)."""
    got: list[tuple[float, object]] = []
    monkeypatch.setattr(tasks, "run_later", lambda delay, run: got.append((delay, run)))
    return got


def _event(organiser, **options) -> tuple[Tournament, dict]:
    """A started 4-player Swiss of 50-minute rounds."""
    return make_event(organiser, 4, structure="swiss", swiss_rounds=3, round_minutes=50, **options)


def _later(rnd: Round, minutes: float) -> datetime.datetime:
    """``minutes`` after the round's clock started."""
    return rnd.started_at + datetime.timedelta(minutes=minutes)


def test_a_round_paired_with_its_clock_running_announces_round_started_and_schedules_the_time_call(
    organiser, announced, scheduled, django_capture_on_commit_callbacks
):
    t, _ = _event(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    assert [e for e, _ in announced] == ["round.paired", "round.started"]
    assert announced[1][1] == {"round_id": rnd.pk}
    ((delay, _),) = scheduled
    assert 50 * 60 - 5 < delay <= 50 * 60 + 1  # at the end, plus a second's margin


def test_a_clock_started_by_hand_is_announced_when_started_not_at_pairing(
    organiser, announced, scheduled, django_capture_on_commit_callbacks
):
    t, _ = _event(organiser, clock_start="by_hand")
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    assert [e for e, _ in announced] == ["round.paired"] and not scheduled
    with django_capture_on_commit_callbacks(execute=True):
        clock.round_clock_start(rnd=rnd, actor=organiser)
    assert [e for e, _ in announced] == ["round.paired", "round.started"]
    assert len(scheduled) == 1


def test_a_draft_starts_its_clock_when_published(
    organiser, announced, scheduled, django_capture_on_commit_callbacks
):
    t, _ = _event(organiser, pairings_as_draft=True)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_pair_next(tournament=t, actor=organiser, seed=1)
    assert not announced and not scheduled
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(tournament=t, actor=organiser)
    assert [e for e, _ in announced] == ["round.published", "round.started"] and len(scheduled) == 1


def test_the_scheduled_call_announces_round_time_once_the_clock_ran_out(
    organiser, announced, scheduled, django_capture_on_commit_callbacks
):
    t, _ = _event(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    announced.clear()
    # the end comes: the clock started 51 minutes ago
    Round.objects.filter(pk=rnd.pk).update(started_at=timezone.now() - datetime.timedelta(minutes=51))
    ((_, run),) = scheduled
    with django_capture_on_commit_callbacks(execute=True):
        run()  # the timer thread's call
    ((event, data),) = announced
    assert event == "round.time" and data["round_id"] == rnd.pk and data["called_at"]
    assert Round.objects.get(pk=rnd.pk).time_called_at is not None


def test_a_stale_time_call_does_nothing(organiser, announced, django_capture_on_commit_callbacks):
    """Before the end, while paused, after an extension moved the end, twice, once every table is confirmed, and
    for a round re-paired: no round.time."""
    t, _ = _event(organiser)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    rnd.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        assert not clock.round_time_call(round_id=rnd.pk, now=_later(rnd, 49))  # not yet
        clock.round_clock_extend(rnd=rnd, actor=organiser, minutes=5, reason="a deck check")
        assert not clock.round_time_call(round_id=rnd.pk, now=_later(rnd, 51))  # the old end: moved
        assert clock.round_time_call(round_id=rnd.pk, now=_later(rnd, 55))  # the new end
        assert not clock.round_time_call(round_id=rnd.pk, now=_later(rnd, 56))  # already called
    assert [e for e, _ in announced] == ["round.time"]
    with django_capture_on_commit_callbacks(execute=True):
        clock.round_clock_extend(rnd=rnd, actor=organiser, minutes=10, reason="a judge call")
        assert clock.round_time_call(round_id=rnd.pk, now=_later(rnd, 66))  # a later end is called again
    with django_capture_on_commit_callbacks(execute=True):
        clock.round_clock_pause(rnd=rnd, actor=organiser)
        assert not clock.round_time_call(round_id=rnd.pk, now=_later(rnd, 200))  # paused
    Round.objects.filter(pk=rnd.pk).update(ended_at=timezone.now(), clock_paused_at=None)
    assert not clock.round_time_call(round_id=rnd.pk, now=_later(rnd, 300))  # every table confirmed
    Round.objects.filter(pk=rnd.pk).update(ended_at=None)
    round_repair(tournament=t, actor=organiser, reason="a mistake", seed=2)
    assert not clock.round_time_call(round_id=rnd.pk, now=_later(rnd, 300))  # the round is gone
    assert [e for e, _ in announced] == ["round.time", "round.time"]


def test_pausing_schedules_nothing_resuming_and_extending_schedule_again(
    organiser, scheduled, django_capture_on_commit_callbacks
):
    t, _ = _event(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    rnd.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        clock.round_clock_pause(rnd=rnd, actor=organiser)
    assert len(scheduled) == 1
    with django_capture_on_commit_callbacks(execute=True):
        clock.round_clock_resume(rnd=rnd, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        clock.round_clock_extend(rnd=rnd, actor=organiser, minutes=10, reason="a deck check")
    assert len(scheduled) == 3
    assert scheduled[2][0] > scheduled[1][0] + 9 * 60  # ten minutes later


def test_with_a_worker_the_time_call_is_a_task_with_a_countdown(
    organiser, settings, django_capture_on_commit_callbacks
):
    from unittest import mock

    t, _ = _event(organiser)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with mock.patch.object(tasks.call_round_time, "apply_async") as queued:
        with django_capture_on_commit_callbacks(execute=True):
            rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    (call,) = queued.call_args_list
    assert call.args == ((rnd.pk,),) and 50 * 60 - 5 < call.kwargs["countdown"] <= 50 * 60 + 1


def test_a_broker_down_never_fails_the_clock_action(organiser, settings, django_capture_on_commit_callbacks):
    from unittest import mock

    t, _ = _event(organiser, clock_start="by_hand")
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with mock.patch.object(tasks.call_round_time, "apply_async", side_effect=OSError("broker down")):
        with django_capture_on_commit_callbacks(execute=True):
            clock.round_clock_start(rnd=rnd, actor=organiser)
    assert Round.objects.get(pk=rnd.pk).started_at is not None


def test_time_is_told_to_the_players_of_tables_still_playing(
    organiser, settings, django_capture_on_commit_callbacks
):
    """By e-mail and push; a confirmed table and a table with its own time extension are not told "time"."""
    import json
    from unittest import mock

    from django.core import mail

    from tests.tournaments.test_notifications import VAPID, subscribe, verified

    for key, value in VAPID.items():
        setattr(settings, key, value)

    t, regs = make_event(organiser, 6, structure="swiss", swiss_rounds=3)
    for user in regs:
        verified(user)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    rnd.refresh_from_db()
    done, extended, playing = rnd.matches.order_by("table")
    services.result_settle(match=done, actor=organiser, reason="entered", score={"wins": [2, 0], "draws": 0})
    Match.objects.filter(pk=extended.pk).update(extra_minutes=5)
    mail.outbox.clear()
    for seat in [*done.seats.all(), *playing.seats.all()]:
        subscribe(seat.registration.player)
    with mock.patch("tournaments.services.notifications.pywebpush.webpush") as push:
        with django_capture_on_commit_callbacks(execute=True):
            assert clock.round_time_call(round_id=rnd.pk, now=_later(rnd, 51))
    pushed = sorted(c.kwargs["subscription_info"]["endpoint"].split("/")[3] for c in push.call_args_list)
    assert pushed == sorted(s.registration.player.username for s in playing.seats.all())
    assert "Time in round 1" in json.loads(push.call_args.kwargs["data"])["body"]
    told = sorted(m.to[0] for m in mail.outbox)
    assert told == sorted(s.registration.player.email for s in playing.seats.all())
    assert all(f"Time in round 1: finish your game at table {playing.table}." in m.body for m in mail.outbox)
