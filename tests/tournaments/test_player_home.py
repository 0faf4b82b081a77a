"""The player's home (/me/) and the "your match now" panel of the event page: where the player is now in one
line (round, table, opponent, or a bye, or waiting for the pairing, or dropped), the round clock, the deck status
with a link to the editor, the match slip, and a report to confirm flagged."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import LEGAL_55, app_queries
from tests.markup import squash
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

ME = "/me/"


def _seats(match):
    return [s.registration.player for s in match.seats.select_related("registration__player").order_by("number")]


def _page(client, user, url=ME) -> str:
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_an_anonymous_visitor_is_sent_to_log_in(client):
    response = client.get(ME)
    assert response.status_code == 302 and response["Location"] == f"{reverse('login')}?next={ME}"


def test_the_navigation_links_my_events_only_when_logged_in(client, alice):
    assert "My events" not in client.get("/").content.decode()
    assert f'href="{ME}">My events</a>' in _page(client, alice, "/")


def test_a_player_with_no_event_is_pointed_to_the_list(client, alice):
    page = _page(client, alice)
    assert "You have not registered for any tournament yet" in page


def test_the_current_match_in_one_line_with_the_clock_the_deck_and_the_slip(client, round_one, tournament):
    match = round_one.matches.get()
    first, second = _seats(match)
    page = _page(client, first)
    assert "Running now" in page
    assert f"Round 1, table {match.table}, against {second.username}" in page
    ends = round_one.started_at + datetime.timedelta(minutes=tournament.round_minutes)
    assert f'datetime="{ends.isoformat()}"' in page and "round_clock.js" in page
    assert '<span class="badge text-bg-success">legal</span>' in page
    assert reverse("decks:deck", args=[tournament.pk]) in page
    assert f'href="{reverse("tournaments:match", args=[tournament.pk, match.pk])}">Open your match slip' in page
    assert "No result reported yet" in page


def test_a_report_to_confirm_is_flagged_with_the_reporters_score(client, round_one, tournament):
    match = round_one.matches.get()
    first, second = _seats(match)
    services.result_report(match=match, actor=second, games=[{"winner": "b"}, {"winner": "a"}, {"winner": "b"}])
    page = _page(client, first)
    assert f"{second.username} reported 2-1: confirm or dispute" in page
    assert "Your turn" in page and "Confirm or dispute the result" in page
    reporter = _page(client, second)
    assert f"Waiting for {first.username} to confirm your report (2-1)" in reporter
    assert "Your turn" not in reporter


def test_a_disputed_report_says_so(client, round_one):
    match = round_one.matches.get()
    first, second = _seats(match)
    report = services.result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    services.result_dispute(submission=report, actor=second, reason="I won game 2")
    page = _page(client, first)
    assert f"Disputed by {second.username}: the organiser will settle it" in page


def test_a_confirmed_result_then_waiting_for_the_next_round(client, round_one):
    match = round_one.matches.get()
    first, second = _seats(match)
    report = services.result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    services.result_confirm(submission=report, actor=second)
    assert "Result confirmed: you won 2-0" in _page(client, first)
    assert "Result confirmed: you lost 0-2" in _page(client, second)
    assert "data-round-clock" not in _page(client, first)  # the clock is for open matches


def test_waiting_for_the_first_pairing_and_dropping(client, tournament, organiser, registered, alice, bob, carol):
    from decks.services import deck_submit

    carol_reg = services.player_register(tournament=tournament, actor=carol)
    deck_submit(registration=carol_reg, actor=carol, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
    services.tournament_start(tournament=tournament, actor=organiser)
    assert "Waiting for round 1 to be paired" in _page(client, alice)
    carol_reg.refresh_from_db()
    services.player_drop(registration=carol_reg, actor=carol)
    assert "Dropped before round 1" in _page(client, carol)
    services.round_pair_next(tournament=tournament, actor=organiser, seed=7)
    assert f"Round 1, table 1, against {bob.username}" in _page(client, alice)
    assert "Dropped before round 1" in _page(client, carol)  # never paired again


def test_a_bye_says_bye_this_round(client, organiser, carol):
    t = services.tournament_create(actor=organiser, name="Odd Night", date=datetime.date(2026, 12, 5),
                                   deck_format_id="55")
    services.tournament_open_registration(tournament=t, actor=organiser)
    from decks.services import deck_submit

    users = [carol] + [User.objects.create_user(f"odd{n}") for n in range(2)]
    for user in users:
        reg = services.player_register(tournament=t, actor=user)
        deck_submit(registration=reg, actor=user, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
    services.tournament_start(tournament=t, actor=organiser)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    bye = next(m for m in rnd.matches.all() if m.seats.count() == 1)
    player = bye.seats.get().registration.player
    page = _page(client, player)
    assert "Round 1: bye this round" in page and "Open your match slip" not in page


def test_upcoming_and_finished_events_and_the_deck_status(client, tournament, alice, organiser):
    from decks.services import deck_submit

    reg = services.player_register(tournament=tournament, actor=alice)
    page = _page(client, alice)
    assert "Upcoming" in page and "Spellfire Open" in page
    assert "none submitted" in page and "Fix it in the deck editor" in page
    deck_submit(registration=reg, actor=alice, data=b"War Party", filename="")
    assert '<span class="badge text-bg-danger">not legal</span>' in squash(_page(client, alice))
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    page = _page(client, alice)
    assert "Finished" in page and "Running now" not in page


def test_the_event_page_shows_the_same_panel(client, round_one, tournament):
    match = round_one.matches.get()
    first, second = _seats(match)
    services.result_report(match=match, actor=second, games=[{"winner": "b"}, {"winner": "b"}])
    page = _page(client, first, reverse("tournaments:detail", args=[tournament.pk]))
    assert "Your match now" in page
    assert f"Round 1, table {match.table}, against {second.username}" in page
    assert f"{second.username} reported 2-0: confirm or dispute" in page
    assert 'data-confirm="Drop from Spellfire Open?' in page
    anonymous = client.logout() or client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "Your match now" not in anonymous


def _events(organiser, player, count: int) -> None:
    """``count`` running events where ``player`` is at table 1 of round 1 and the opponent reported."""
    from decks.services import deck_submit

    for n in range(count):
        t = services.tournament_create(actor=organiser, name=f"Night {n}", date=datetime.date(2026, 12, 5),
                                       deck_format_id="55")
        services.tournament_open_registration(tournament=t, actor=organiser)
        opponent = User.objects.create_user(f"opp-{player.pk}-{n}")
        for user in (player, opponent):
            reg = services.player_register(tournament=t, actor=user)
            deck_submit(registration=reg, actor=user, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
        services.tournament_start(tournament=t, actor=organiser)
        match = services.round_pair_next(tournament=t, actor=organiser, seed=1).matches.get()
        seat = match.seats.get(registration__player=opponent).number
        services.result_report(match=match, actor=opponent, games=[{"winner": "ab"[seat - 1]}] * 2)


# /me/: the user (the session comes from the cache since issue 27: cached_db; 7 before), then player_events:
# registrations, latest rounds, the player's seats, every seat of those matches, their open reports; then
# player_records (issue 20): the newest snapshots, the player's seats with matches and rounds, every seat of those
# matches. Flat in the number of the player's events.
ME_QUERIES = 9


def test_my_events_costs_a_fixed_number_of_queries(client, organiser, alice, bob):
    counts = []
    for player, events in ((alice, 1), (bob, 4)):
        _events(organiser, player, events)
        client.force_login(player)
        client.get(ME)
        with CaptureQueriesContext(connection) as queries:
            page = client.get(ME).content.decode()
        assert page.count("confirm or dispute") == events
        counts.append(len(app_queries(queries)))
    assert counts == [ME_QUERIES, ME_QUERIES]
