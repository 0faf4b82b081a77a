"""Issue 20, item 9: the player's own record on /me/ (standing or final placing, W-L-D and match points, every
match with its round, table, opponent and result, the decklist link) and the public player page (finished events
with placings, nothing private)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import app_queries
from tests.markup import squash
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _alice_wins(match, django_capture_on_commit_callbacks):
    seats = {s.registration.player.username: s.number for s in match.seats.select_related("registration__player")}
    winner = "ab"[seats["alice"] - 1]
    with django_capture_on_commit_callbacks(execute=True):
        report = services.result_report(match=match, actor=match.seats.get(number=seats["alice"]).registration.player,
                                        games=[{"winner": winner}, {"winner": winner}])
        bob_seat = match.seats.get(number=seats["bob"])
        services.result_confirm(submission=report, actor=bob_seat.registration.player)


def _finish(tournament, organiser) -> None:
    """Finish after round 1 (the fixture plans 3 Swiss rounds)."""
    Tournament.objects.filter(pk=tournament.pk).update(swiss_rounds=1)
    services.tournament_finish(tournament=tournament, actor=organiser)


def _me(client, user) -> str:
    client.force_login(user)
    response = client.get("/me/")
    assert response.status_code == 200
    return squash(response.content.decode())


def test_me_shows_the_current_standing_record_and_matches_during_the_event(
        client, alice, round_one, django_capture_on_commit_callbacks):
    match = round_one.matches.get()
    _alice_wins(match, django_capture_on_commit_callbacks)
    page = _me(client, alice)
    assert "Current standing: <strong>1</strong> · 1-0-0, 3 match points" in page
    assert f"<td>1</td> <td class=\"text-end\">{match.table}</td> <td class=\"text-break\">bob</td> " \
           "<td class=\"text-nowrap\">Won 2-0</td>" in page
    assert "Your decklist" in page


def test_me_shows_the_match_being_played_before_its_result(client, bob, round_one):
    page = _me(client, bob)
    assert "Playing</td>" in page and "alice</td>" in page


def test_me_shows_the_final_placing_after_the_event(
        client, alice, bob, round_one, tournament, organiser, django_capture_on_commit_callbacks):
    _alice_wins(round_one.matches.get(), django_capture_on_commit_callbacks)
    _finish(tournament, organiser)
    assert "Final placing: <strong>1</strong> · 1-0-0, 3 match points" in _me(client, alice)
    assert "Final placing: <strong>2</strong> · 0-1-0, 0 match points" in _me(client, bob)
    assert "Lost 0-2" in _me(client, bob)


def test_the_player_page_lists_finished_events_only_and_nothing_private(
        client, alice, round_one, tournament, organiser, django_capture_on_commit_callbacks):
    alice.first_name, alice.email = "Alys Marwen", "alice@example.org"
    alice.save()
    running = client.get(f"/players/{alice.pk}/").content.decode()
    assert "Alys Marwen" in running and tournament.name not in running and "No finished event yet." in running
    _alice_wins(round_one.matches.get(), django_capture_on_commit_callbacks)
    _finish(tournament, organiser)
    page = squash(client.get(f"/players/{alice.pk}/").content.decode())
    assert tournament.name in page and "1-0-0" in page
    assert "alice@example.org" not in page and ">alice<" not in page
    assert "/deck/" not in page  # decklists are private unless the event published them
    Tournament.objects.filter(pk=tournament.pk).update(decklists_published=Tournament.Publication.ALL)
    assert "/deck/" in client.get(f"/players/{alice.pk}/").content.decode()


def test_an_unknown_player_is_the_404_page(client, db):
    assert client.get("/players/999999/").status_code == 404


def _finished_events(organiser, player, count, django_capture_on_commit_callbacks):
    import datetime

    from django.contrib.auth.models import User

    for n in range(count):
        t = services.tournament_create(actor=organiser, name=f"Night {player.pk}-{n}",
                                       date=datetime.date(2026, 12, 5), deck_format_id="55", swiss_rounds=1)
        services.tournament_open_registration(tournament=t, actor=organiser)
        opponent = User.objects.create_user(f"opp-{player.pk}-{n}")
        for user in (player, opponent):
            services.player_register(tournament=t, actor=user)
        Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.RUNNING)
        t.refresh_from_db()
        match = services.round_pair_next(tournament=t, actor=organiser, seed=1).matches.get()
        with django_capture_on_commit_callbacks(execute=True):
            services.result_settle(match=match, actor=organiser, reason="entered at the desk",
                                   games=[{"winner": "a"}, {"winner": "a"}])
        services.tournament_finish(tournament=t, actor=organiser)


# /players/<id>/: the session's user, the player, the entries with their tournaments, the newest snapshots; flat in
# the number of events
PLAYER_PAGE_QUERIES = 4
# /me/ of finished events: the session's user, player_events' registrations, then player_records' snapshots, seats
# and every seat of those matches (no running event: no round, seat or report query of player_events)
ME_FINISHED_QUERIES = 5


def test_the_player_page_and_me_cost_a_fixed_number_of_queries(
        client, organiser, alice, bob, django_capture_on_commit_callbacks):
    counts = []
    for player, events in ((alice, 1), (bob, 3)):
        _finished_events(organiser, player, events, django_capture_on_commit_callbacks)
        client.force_login(player)
        for url in (f"/players/{player.pk}/", "/me/"):
            client.get(url)
            with CaptureQueriesContext(connection) as queries:
                page = client.get(url).content.decode()
            assert page.count("Night") == events
            counts.append(len(app_queries(queries)))
    assert counts == [PLAYER_PAGE_QUERIES, ME_FINISHED_QUERIES] * 2
