"""The round clock (issue 13): the organiser starts (or restarts), pauses, resumes and extends it, for the round and
for one table; a finished match shows "finished"; every action is logged; time is up per table for the end-of-round
procedure. The arithmetic (``selectors.clock_at``) is checked at fixed instants."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.conftest import seat_users
from tests.markup import squash
from tournaments import selectors, services
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry, Match, Round
from tournaments.services import clock

pytestmark = pytest.mark.django_db

UTC = datetime.timezone.utc
T0 = datetime.datetime(2026, 12, 5, 14, 0, tzinfo=UTC)


def at(minutes: float) -> datetime.datetime:
    """``minutes`` after 14:00 UTC."""
    return T0 + datetime.timedelta(minutes=minutes)


# --------------------------------------------------------------------------- the arithmetic, at fixed instants


def test_a_round_not_started_has_no_clock():
    state = selectors.clock_at(Round(started_at=None), 50, now=at(0))
    assert (state.state, state.ends_at, state.remaining_seconds, state.remaining_text) == ("not_started", None, None, "")


def test_a_running_clock_counts_down_from_the_start():
    state = selectors.clock_at(Round(started_at=T0), 50, now=at(12.5))
    assert state.state == "running"
    assert state.ends_at == at(50)
    assert state.remaining_seconds == 37 * 60 + 30 and state.remaining_text == "37:30"
    assert state.minutes == 50


def test_time_is_up_at_the_end_and_stays_up():
    assert selectors.clock_at(Round(started_at=T0), 50, now=at(50)).state == "time_up"
    late = selectors.clock_at(Round(started_at=T0), 50, now=at(75))
    assert (late.state, late.remaining_seconds, late.ends_at) == ("time_up", 0, at(50))


def test_a_paused_clock_stands_still():
    rnd = Round(started_at=T0, clock_paused_at=at(10))
    for now in (at(10), at(20), at(45)):
        state = selectors.clock_at(rnd, 50, now=now)
        assert state.state == "paused" and state.paused
        assert state.remaining_seconds == 40 * 60 and state.remaining_text == "40:00"
    # while paused, the end is where it would be if resumed now
    assert selectors.clock_at(rnd, 50, now=at(20)).ends_at == at(60)


def test_a_resumed_clock_ends_later_by_the_pause():
    rnd = Round(started_at=T0, clock_paused_seconds=5 * 60)  # paused 14:10-14:15, then resumed
    state = selectors.clock_at(rnd, 50, now=at(30))
    assert state.state == "running" and state.ends_at == at(55) and state.remaining_seconds == 25 * 60


def test_an_extended_round_ends_later_for_every_table():
    rnd = Round(started_at=T0, clock_extra_minutes=10)
    state = selectors.clock_at(rnd, 50, now=at(50))
    assert (state.state, state.ends_at, state.minutes, state.extra_minutes) == ("running", at(60), 60, 10)
    table = selectors.clock_at(rnd, 50, now=at(50), match=Match(table=3, extra_minutes=0))
    assert table.ends_at == at(60)


def test_a_table_extension_moves_only_that_tables_end():
    rnd = Round(started_at=T0, clock_paused_seconds=5 * 60)
    extended = Match(table=4, extra_minutes=5, status=Match.Status.PENDING)
    other = Match(table=5, extra_minutes=0, status=Match.Status.PENDING)
    assert selectors.clock_at(rnd, 50, now=at(57), match=other).state == "time_up"
    state = selectors.clock_at(rnd, 50, now=at(57), match=extended)
    assert (state.state, state.ends_at, state.remaining_text, state.table_extra_minutes) == (
        "running", at(60), "3:00", 5)
    assert selectors.clock_at(rnd, 50, now=at(57)).state == "time_up"  # the round's own clock


def test_a_finished_match_shows_finished_not_a_countdown():
    state = selectors.clock_at(Round(started_at=T0), 50, now=at(10),
                               match=Match(table=1, status=Match.Status.CONFIRMED))
    assert state.state == "finished" and state.finished and state.ends_at is None


def test_a_long_clock_shows_hours():
    assert selectors.clock_at(Round(started_at=T0), 120, now=at(0)).remaining_text == "2:00:00"


# --------------------------------------------------------------------------- the services


def test_pairing_starts_the_clock_and_the_organiser_restarts_it_with_a_reason(round_one, organiser):
    assert round_one.started_at is not None  # pairing starts it, as before
    with pytest.raises(UserError) as refused:
        clock.round_clock_start(rnd=round_one, actor=organiser, now=at(0))
    assert refused.value.code == "reason"
    clock.round_clock_extend(rnd=round_one, actor=organiser, minutes=5, reason="Late seating")
    rnd = clock.round_clock_start(rnd=round_one, actor=organiser, reason="Players seated late", now=at(0))
    rnd.refresh_from_db()
    assert (rnd.started_at, rnd.clock_extra_minutes, rnd.clock_paused_at) == (at(0), 0, None)
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.CLOCK_STARTED).get()
    assert (entry.actor, entry.reason, entry.after["started_at"]) == (organiser, "Players seated late",
                                                                      at(0).isoformat())
    assert entry.before["extra_minutes"] == 5


def test_a_round_paired_without_a_clock_is_started_without_a_reason(round_one, organiser):
    Round.objects.filter(pk=round_one.pk).update(started_at=None)
    round_one.refresh_from_db()
    clock.round_clock_start(rnd=round_one, actor=organiser, now=at(0))
    round_one.refresh_from_db()
    assert round_one.started_at == at(0)
    assert AuditEntry.objects.get(action=AuditEntry.Action.CLOCK_STARTED).reason == "Round clock started"


def test_pause_and_resume_are_logged_and_move_the_end(round_one, organiser, tournament):
    clock.round_clock_start(rnd=round_one, actor=organiser, reason="restart", now=at(0))
    clock.round_clock_pause(rnd=round_one, actor=organiser, now=at(10))
    with pytest.raises(UserError) as twice:
        clock.round_clock_pause(rnd=round_one, actor=organiser, now=at(11))
    assert (twice.value.code, twice.value.status) == ("already_paused", 409)
    round_one.refresh_from_db()
    assert selectors.clock_at(round_one, tournament.round_minutes, now=at(30)).remaining_text == "40:00"
    clock.round_clock_resume(rnd=round_one, actor=organiser, reason="Fire drill over", now=at(15))
    round_one.refresh_from_db()
    assert (round_one.clock_paused_at, round_one.clock_paused_seconds) == (None, 300)
    assert selectors.clock_at(round_one, tournament.round_minutes, now=at(30)).ends_at == at(55)
    with pytest.raises(UserError) as not_paused:
        clock.round_clock_resume(rnd=round_one, actor=organiser, now=at(16))
    assert (not_paused.value.code, not_paused.value.status) == ("not_paused", 409)
    actions = list(AuditEntry.objects.order_by("id").values_list("action", "reason"))
    assert actions == [("clock_started", "restart"), ("clock_paused", "Round clock paused"),
                       ("clock_resumed", "Fire drill over")]


def test_an_extension_needs_minutes_and_a_reason(round_one, organiser):
    for minutes, reason, code in ((0, "x", "minutes"), (61, "x", "minutes"), (True, "x", "minutes"),
                                  (5, "  ", "reason")):
        with pytest.raises(UserError) as refused:
            clock.round_clock_extend(rnd=round_one, actor=organiser, minutes=minutes, reason=reason)
        assert refused.value.code == code
    clock.round_clock_extend(rnd=round_one, actor=organiser, minutes=10, reason="Venue power cut")
    round_one.refresh_from_db()
    assert round_one.clock_extra_minutes == 10
    entry = AuditEntry.objects.get(action=AuditEntry.Action.CLOCK_EXTENDED)
    assert (entry.before["extra_minutes"], entry.after["extra_minutes"], entry.reason) == (0, 10, "Venue power cut")


def test_a_repeated_extension_is_done_once(round_one, organiser):
    for _ in range(2):
        clock.round_clock_extend(rnd=round_one, actor=organiser, minutes=5, reason="Late", idempotency_key="k1")
    round_one.refresh_from_db()
    assert round_one.clock_extra_minutes == 5


def test_a_table_extension_is_logged_with_the_match(round_one, organiser, tournament):
    match = round_one.matches.get()
    clock.match_time_extend(match=match, actor=organiser, minutes=4, reason="Deck check")
    match.refresh_from_db()
    assert match.extra_minutes == 4
    entry = AuditEntry.objects.get(action=AuditEntry.Action.TIME_EXTENSION)
    assert (entry.match, entry.reason, entry.before, entry.after) == (
        match, "Deck check", {"table": 1, "extra_minutes": 0}, {"table": 1, "extra_minutes": 4})
    round_one.refresh_from_db()
    state = selectors.clock_at(round_one, tournament.round_minutes, now=round_one.started_at, match=match)
    assert state.minutes == tournament.round_minutes + 4


def test_a_finished_match_gets_no_extension(round_one, organiser):
    match = round_one.matches.get()
    services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="slip")
    Round.objects.filter(pk=round_one.pk).update(ended_at=None)  # another table still playing: the round runs on
    with pytest.raises(Conflict) as refused:
        clock.match_time_extend(match=match, actor=organiser, minutes=5, reason="Judge call")
    assert refused.value.code == "finished_match"


def test_only_the_organiser_changes_the_clock(round_one, alice):
    for action in (lambda: clock.round_clock_pause(rnd=round_one, actor=alice),
                   lambda: clock.round_clock_extend(rnd=round_one, actor=alice, minutes=5, reason="x"),
                   lambda: clock.match_time_extend(match=round_one.matches.get(), actor=alice, minutes=5,
                                                   reason="x")):
        with pytest.raises(NotAllowed):
            action()
    assert not AuditEntry.objects.exists()


def test_an_earlier_rounds_clock_cannot_change(round_one, organiser, tournament):
    services.result_settle(match=round_one.matches.get(), actor=organiser, games=[{"winner": "a"}] * 2,
                           reason="slip")
    services.round_pair_next(tournament=tournament, actor=organiser, seed=3)
    with pytest.raises(Conflict) as refused:
        clock.round_clock_pause(rnd=round_one, actor=organiser)
    assert refused.value.code == "not_current_round"


# --------------------------------------------------------------------------- time is up, per table


def test_a_player_reports_a_game_unfinished_at_time_only_once_time_is_up(round_one, organiser, tournament):
    match = round_one.matches.get()
    player_a = seat_users(match)[0]
    games = [{"winner": "a"}, {"unfinished": True}]
    with pytest.raises(UserError) as early:
        services.result_report(match=match, actor=player_a, games=games)
    assert early.value.code == "time_not_called" and "Time has not been called at table 1" in early.value.message
    long_ago = datetime.datetime(2026, 1, 1, tzinfo=UTC)
    Round.objects.filter(pk=round_one.pk).update(started_at=long_ago)
    Match.objects.filter(pk=match.pk).update(extra_minutes=5)
    assert selectors.table_time_up(Match.objects.select_related("round__tournament").get(pk=match.pk),
                                   now=long_ago + datetime.timedelta(minutes=tournament.round_minutes + 1)) is False
    services.result_report(match=match, actor=player_a, games=games)  # hours later: time is up
    assert Match.objects.get(pk=match.pk).status == Match.Status.REPORTED


def test_a_paused_clock_has_not_called_time(round_one, organiser):
    Round.objects.filter(pk=round_one.pk).update(started_at=datetime.datetime(2026, 1, 1, tzinfo=UTC),
                                                 clock_paused_at=datetime.datetime(2026, 1, 1, 0, 10, tzinfo=UTC))
    match = round_one.matches.get()
    with pytest.raises(UserError) as refused:
        services.result_report(match=match, actor=seat_users(match)[0], games=[{"unfinished": True}])
    assert "paused with 40:00 left" in refused.value.message


def test_the_organiser_enters_a_game_unfinished_at_time_whenever(round_one, organiser):
    match = round_one.matches.get()
    services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}, {"unfinished": True}],
                           reason="Judge called time")
    assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED


# --------------------------------------------------------------------------- the pages


def test_the_round_page_shows_the_clock_and_the_organiser_its_controls(client, round_one, organiser, tournament):
    url = reverse("tournaments:round", args=[tournament.pk, 1])
    page = client.get(url).content.decode()
    assert "Round 1 clock (50 minutes)" in page and "data-round-clock" in page and 'data-state="running"' in page
    assert "clock-controls" not in page
    client.force_login(organiser)
    page = client.get(url).content.decode()
    assert "clock-controls" in page
    for name in ("clock-start", "clock-pause", "clock-extend", "table-extend"):
        assert reverse(f"tournaments:{name}", args=[tournament.pk, 1]) in page
    assert 'data-confirm="Restart the round 1 clock?' in page


def test_a_visitor_sees_the_pause_at_once(client, round_one, organiser, tournament):
    url = reverse("tournaments:round", args=[tournament.pk, 1])
    assert 'data-state="running"' in client.get(url).content.decode()  # cached for visitors
    clock.round_clock_pause(rnd=round_one, actor=organiser)
    page = client.get(url).content.decode()
    assert 'data-state="paused"' in page and "paused, " in page


def test_the_organiser_pauses_extends_and_resumes_from_the_page(client, round_one, organiser, tournament):
    client.force_login(organiser)
    args = [tournament.pk, 1]
    round_page = reverse("tournaments:round", args=args)
    response = client.post(reverse("tournaments:clock-pause", args=args), {"next": round_page})
    assert response.status_code == 302 and response["Location"] == round_page
    assert "Resume clock" in client.get(round_page).content.decode()
    client.post(reverse("tournaments:clock-extend", args=args), {"minutes": "10", "reason": "Fire alarm"})
    client.post(reverse("tournaments:clock-resume", args=args))
    client.post(reverse("tournaments:table-extend", args=args), {"table": "1", "minutes": "5", "reason": "Deck check"})
    round_one.refresh_from_db()
    assert round_one.clock_paused_at is None and round_one.clock_extra_minutes == 10
    assert round_one.matches.get().extra_minutes == 5
    page = squash(client.get(round_page).content.decode())
    assert "Time extensions: table 1 +5 min" in page
    assert list(AuditEntry.objects.order_by("id").values_list("action", flat=True)) == [
        "clock_paused", "clock_extended", "clock_resumed", "time_extension"]


def test_bad_clock_input_is_a_message_not_a_500(client, round_one, organiser, tournament):
    client.force_login(organiser)
    args = [tournament.pk, 1]
    for name, data in (("clock-extend", {"minutes": "lots", "reason": "x"}),
                       ("clock-extend", {"minutes": "5", "reason": ""}),
                       ("table-extend", {"table": "99", "minutes": "5", "reason": "x"}),
                       ("table-extend", {"table": "٣", "minutes": "5", "reason": "x"}),
                       ("clock-resume", {})):
        response = client.post(reverse(f"tournaments:{name}", args=args), data, follow=True)
        assert response.status_code == 200
        assert "alert-danger" in response.content.decode()
    assert not AuditEntry.objects.exists()
    # a "next" off the site goes to the round page instead
    response = client.post(reverse("tournaments:clock-pause", args=args), {"next": "https://evil.example/"})
    assert response["Location"] == reverse("tournaments:round", args=args)


def test_only_the_organiser_may_use_the_clock_pages(client, round_one, alice, tournament):
    url = reverse("tournaments:clock-pause", args=[tournament.pk, 1])
    assert client.post(url).status_code == 302  # to the login page
    client.force_login(alice)
    assert client.post(url).status_code == 403
    round_one.refresh_from_db()
    assert round_one.clock_paused_at is None


def test_the_match_slip_shows_the_tables_clock_and_finished(client, round_one, organiser, tournament):
    match = round_one.matches.get()
    clock.match_time_extend(match=match, actor=organiser, minutes=5, reason="Judge call")
    client.force_login(organiser)
    url = reverse("tournaments:match", args=[tournament.pk, match.pk])
    page = client.get(url).content.decode()
    assert "Table 1 clock (55 minutes)" in page and "time extension of 5 min at this table" in page
    services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="slip")
    page = client.get(url).content.decode()
    assert 'data-clock-state="finished"' in page and "data-round-clock" not in page


# --------------------------------------------------------------------------- the API


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_the_api_shows_the_clock_on_the_round(round_one, organiser, tournament):
    body = api().get(f"/api/v1/tournaments/{tournament.pk}/rounds/1/").json()
    assert body["clock"]["state"] == "running" and body["clock"]["minutes"] == 50
    assert body["clock"]["tables"] == [] and body["matches"][0]["extra_minutes"] == 0
    assert api().get(f"/api/v1/tournaments/{tournament.pk}/rounds/1/clock/").json()["round"] == 1


def test_the_api_changes_the_clock_for_the_organiser_only(round_one, organiser, alice, tournament):
    url = f"/api/v1/tournaments/{tournament.pk}/rounds/1/clock/"
    assert api(alice).post(url, {"action": "pause"}, format="json").status_code == 403
    assert api().post(url, {"action": "pause"}, format="json").status_code in (401, 403)
    body = api(organiser).post(url, {"action": "pause"}, format="json").json()
    assert body["state"] == "paused" and body["paused"] is True
    assert api(organiser).post(url, {"action": "extend", "reason": "x"}, format="json").json()["code"] == "minutes"
    body = api(organiser).post(url, {"action": "extend", "minutes": 5, "reason": "Fire alarm"}, format="json").json()
    assert body["extra_minutes"] == 5 and body["minutes"] == 55
    match = round_one.matches.get()
    response = api(organiser).post(f"/api/v1/matches/{match.pk}/time-extension/",
                                   {"minutes": 3, "reason": "Deck check"}, format="json")
    assert response.status_code == 200
    assert response.json()["tables"][0]["table"] == 1 and response.json()["tables"][0]["extra_minutes"] == 3
    assert api(alice).post(f"/api/v1/matches/{match.pk}/time-extension/", {"minutes": 3, "reason": "x"},
                           format="json").status_code == 403
    assert AuditEntry.objects.filter(action__in=["clock_paused", "clock_extended", "time_extension"]).count() == 3
