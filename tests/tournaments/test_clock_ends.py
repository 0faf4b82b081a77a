"""Clocks that mean it (issue 20, item 4): a round's clock stops when every table has a confirmed result and says
when it ended; it says "Time" when it runs out; a past round or any round of a finished event shows its end, never
a countdown; the organiser chooses whether clocks start at pairing or by hand; the projector shows the same state."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.conftest import call_time
from tests.markup import squash
from tournaments import selectors, services
from tournaments.errors import Conflict
from tournaments.models import Round, Tournament
from tournaments.services import clock

pytestmark = pytest.mark.django_db

UTC = datetime.timezone.utc
T0 = datetime.datetime(2026, 12, 5, 14, 0, tzinfo=UTC)


def at(minutes: float) -> datetime.datetime:
    return T0 + datetime.timedelta(minutes=minutes)


def settle(rnd: Round, organiser) -> None:
    for match in rnd.matches.exclude(status="confirmed"):
        services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="slip")


# --------------------------------------------------------------------------- the arithmetic
def test_an_ended_round_says_when_it_ended_and_counts_nothing():
    state = selectors.clock_at(Round(started_at=T0, ended_at=at(32)), 50, now=at(40))
    assert (state.state, state.ended_at, state.remaining_seconds, state.counting) == ("ended", at(32), None, False)


def test_a_round_of_a_finished_event_has_ended_even_without_a_recorded_end():
    state = selectors.clock_at(Round(started_at=T0), 50, now=at(400), over=True)
    assert (state.state, state.ended_at) == ("ended", at(50))


def test_a_running_round_is_not_ended():
    assert selectors.clock_at(Round(started_at=T0), 50, now=at(10)).counting


# --------------------------------------------------------------------------- the services
def test_the_clock_stops_when_the_last_table_is_confirmed(round_one, organiser, tournament):
    assert round_one.ended_at is None
    settle(round_one, organiser)
    round_one.refresh_from_db()
    assert round_one.ended_at is not None
    state = selectors.clock_at(round_one, tournament.round_minutes, now=round_one.ended_at + datetime.timedelta(hours=1))
    assert (state.state, state.ended_at) == ("ended", round_one.ended_at)


def test_an_ended_clock_cannot_be_changed(round_one, organiser):
    settle(round_one, organiser)
    with pytest.raises(Conflict) as refused:
        clock.round_clock_pause(rnd=round_one, actor=organiser)
    assert refused.value.code == "round_ended"


def test_the_clock_runs_on_while_a_table_is_still_playing(organiser, pods_four):
    t, _regs, table = pods_four
    assert table.round.ended_at is None  # a single table of four, not confirmed yet: the clock runs
    assert selectors.clock_at(table.round, t.round_minutes, now=table.round.started_at).state == "running"


def test_a_by_hand_event_pairs_with_the_clock_stopped_and_starts_it_without_a_reason(
        tournament, registered, organiser):
    services.tournament_update(tournament=tournament, actor=organiser, changes={"clock_start": "by_hand"})
    services.tournament_start(tournament=tournament, actor=organiser)
    rnd = services.round_pair_next(tournament=tournament, actor=organiser, seed=1)
    assert rnd.started_at is None
    assert selectors.clock_at(rnd, 50, now=T0).state == "not_started"
    started = clock.round_clock_start(rnd=rnd, actor=organiser, now=T0)
    assert started.started_at == T0


def test_the_start_at_pairing_function_starts_a_stored_round_only_when_the_event_says_so(round_one, tournament):
    """The one function a publish step calls: the event's choice decides."""
    Round.objects.filter(pk=round_one.pk).update(started_at=None)
    round_one.refresh_from_db()
    clock.round_clock_start_at_pairing(round_one, now=T0)
    assert Round.objects.get(pk=round_one.pk).started_at == T0
    Tournament.objects.filter(pk=tournament.pk).update(clock_start="by_hand")
    rnd = Round.objects.select_related("tournament").get(pk=round_one.pk)
    clock.round_clock_start_at_pairing(rnd, now=at(5))
    assert Round.objects.get(pk=round_one.pk).started_at is None


def test_the_clock_start_is_one_of_two_choices(organiser):
    from tournaments.errors import UserError

    with pytest.raises(UserError) as refused:
        services.tournament_create(actor=organiser, name="X", date=datetime.date(2026, 12, 5), clock_start="soon")
    assert refused.value.code == "clock_start"


# --------------------------------------------------------------------------- the pages
def test_a_finished_events_round_page_shows_its_end_in_the_event_time_zone_not_a_countdown(
        client, round_one, organiser, tournament):
    Tournament.objects.filter(pk=tournament.pk).update(time_zone="America/Sao_Paulo")
    settle(round_one, organiser)
    Round.objects.filter(pk=round_one.pk).update(ended_at=datetime.datetime(2026, 12, 5, 17, 32, tzinfo=UTC))
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    page = squash(client.get(reverse("tournaments:round", args=[tournament.pk, 1])).content.decode())
    assert 'data-clock-state="ended">Ended at 14:32</span>' in page  # 17:32 UTC in São Paulo
    assert "data-round-clock" not in page and " left" not in page


def test_the_round_page_shows_time_when_it_runs_out(client, round_one, tournament):
    call_time(round_one)
    page = squash(client.get(reverse("tournaments:round", args=[tournament.pk, 1])).content.decode())
    assert 'data-state="time_up"' in page and ">Time</time>" in page
    assert 'data-text-time-up="Time"' in page  # the countdown's own word at zero


def test_the_manage_page_offers_start_the_clock_when_it_starts_by_hand(client, tournament, registered, organiser):
    services.tournament_update(tournament=tournament, actor=organiser, changes={"clock_start": "by_hand"})
    services.tournament_start(tournament=tournament, actor=organiser)
    services.round_pair_next(tournament=tournament, actor=organiser, seed=1)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:round", args=[tournament.pk, 1])).content.decode()
    assert 'data-clock-state="not_started"' in page and "Start the clock</button>" in page
    response = client.post(reverse("tournaments:clock-start", args=[tournament.pk, 1]), follow=True)
    assert 'data-state="running"' in response.content.decode()


def test_the_clock_controls_go_once_the_round_ended(client, round_one, organiser, tournament):
    settle(round_one, organiser)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:round", args=[tournament.pk, 1])).content.decode()
    assert 'data-clock-state="ended">Ended at' in squash(page)
    assert reverse("tournaments:clock-pause", args=[tournament.pk, 1]) not in page


def test_a_finished_event_shows_no_countdown_even_for_a_round_with_no_recorded_end(client, round_one, tournament):
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    for name in ("round", "projector"):
        args = [tournament.pk, 1] if name == "round" else [tournament.pk]
        page = client.get(reverse(f"tournaments:{name}", args=args)).content.decode()
        assert "data-round-clock" not in page, name


def test_the_edit_form_changes_when_the_clock_starts(client, tournament, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:manage-edit", args=[tournament.pk])).content.decode()
    assert 'name="clock_start"' in page and 'name="check_in_required"' in page and 'name="check_in_deadline"' in page


# --------------------------------------------------------------------------- the projector
def test_the_projector_says_time_when_it_runs_out(client, round_one, tournament):
    call_time(round_one)
    page = squash(client.get(reverse("tournaments:projector", args=[tournament.pk])).content.decode())
    assert 'data-clock-state="time_up"><span class="over">Time</span>' in page and "data-round-clock" not in page


def test_the_projector_does_not_count_down_a_paused_or_unstarted_clock(client, round_one, organiser, tournament):
    url = reverse("tournaments:projector", args=[tournament.pk])
    assert "data-round-clock" in client.get(url).content.decode()
    clock.round_clock_pause(rnd=round_one, actor=organiser)
    page = client.get(url).content.decode()
    assert 'data-clock-state="paused"' in page and "data-round-clock" not in page
    Round.objects.filter(pk=round_one.pk).update(started_at=None, clock_paused_at=None)
    page = client.get(url).content.decode()
    assert 'data-clock-state="not_started"' in page and "Clock not started" in page


def test_the_projector_says_when_the_round_ended(client, round_one, organiser, tournament):
    settle(round_one, organiser)
    page = squash(client.get(reverse("tournaments:projector", args=[tournament.pk])).content.decode())
    assert "Round 1 ended at" in page and "data-round-clock" not in page


# --------------------------------------------------------------------------- the API
def test_the_api_says_the_round_ended_and_when(round_one, organiser, tournament):
    settle(round_one, organiser)
    round_one.refresh_from_db()
    body = APIClient().get(f"/api/v1/tournaments/{tournament.pk}/rounds/1/clock/").json()
    assert body["state"] == "ended" and body["remaining_seconds"] is None
    assert body["ended_at"].replace("Z", "+00:00") == round_one.ended_at.isoformat()
