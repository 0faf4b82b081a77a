"""Check-in (issue 13): players check in themselves or the organiser checks them in or out before round 1 is
paired; the no-shows are dropped in one step (``tournaments.services.check_in``)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from decks.services import register_deck
from tests.conftest import deck_of
from tests.markup import squash
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry, Registration, Seat
from tournaments.services import player_register, round_pair_next, tournament_start
from tournaments.services.check_in import check_in_close, no_shows_drop, registration_check_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(tournament, registered, carol):
    """alice and bob with legal decks, and carol with alice's deck: (alice's, bob's, carol's) entries."""
    reg_c = player_register(tournament=tournament, actor=carol)
    register_deck(reg_c, deck_of(registered[0]))
    reg_c.refresh_from_db()
    return (*registered, reg_c)


def _checked(reg: Registration) -> bool:
    reg.refresh_from_db()
    return reg.checked_in


# --------------------------------------------------------------------------- the service
def test_a_player_checks_themself_in(registered, alice):
    reg = registration_check_in(registration=registered[0], actor=alice)
    assert reg.checked_in and reg.checked_in_by == alice
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.CHECK_IN).exists()  # like a player's own drop


def test_a_player_cannot_check_someone_else_in(registered, bob):
    with pytest.raises(NotAllowed):
        registration_check_in(registration=registered[0], actor=bob)
    assert not _checked(registered[0])


def test_a_player_cannot_check_themself_out(registered, alice):
    registration_check_in(registration=registered[0], actor=alice)
    with pytest.raises(NotAllowed):
        registration_check_in(registration=registered[0], actor=alice, checked_in=False)
    assert _checked(registered[0])


def test_the_organiser_checks_a_player_in_and_out_and_it_is_logged(registered, organiser):
    registration_check_in(registration=registered[1], actor=organiser)
    assert _checked(registered[1])
    registration_check_in(registration=registered[1], actor=organiser, checked_in=False)
    assert not _checked(registered[1])
    entries = list(AuditEntry.objects.filter(action=AuditEntry.Action.CHECK_IN).order_by("id"))
    assert [(e.actor, e.before["checked_in"], e.after["checked_in"], e.after["player"]) for e in entries] == [
        (organiser, "no", "yes", "bob"), (organiser, "yes", "no", "bob")]


def test_check_in_also_works_after_the_start_until_round_1_is_paired(tournament, registered, organiser, alice):
    tournament_start(tournament=tournament, actor=organiser)
    registration_check_in(registration=registered[0], actor=alice)
    round_pair_next(tournament=tournament, actor=organiser, seed=1)
    with pytest.raises(Conflict) as exc:
        registration_check_in(registration=registered[1], actor=organiser)
    assert exc.value.code == "check_in_closed"
    assert not _checked(registered[1])


def test_a_withdrawn_player_cannot_check_in(registered, organiser, alice):
    from tournaments.services import player_drop

    player_drop(registration=registered[0], actor=alice)
    with pytest.raises(Conflict):
        registration_check_in(registration=registered[0], actor=organiser)


def test_the_no_shows_are_dropped_in_one_step_and_logged(tournament, three, organiser, alice, bob):
    registration_check_in(registration=three[0], actor=alice)
    registration_check_in(registration=three[1], actor=bob)
    dropped = no_shows_drop(tournament=tournament, actor=organiser, close=True)
    assert [r.display_name for r in dropped] == ["carol"]
    carol_reg = Registration.objects.get(pk=three[2].pk)
    assert carol_reg.withdrawn and carol_reg.removed_by_organiser
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PLAYER_DROPPED)
    assert (entry.actor, entry.reason, entry.before, entry.after) == (
        organiser, "no-show", {"player": "carol", "checked_in": "no", "state": "active"},
        {"player": "carol", "state": "withdrawn (no-show)"})


def test_dropped_no_shows_are_not_paired_in_round_1(tournament, three, organiser, alice, bob):
    registration_check_in(registration=three[0], actor=alice)
    registration_check_in(registration=three[1], actor=organiser)
    no_shows_drop(tournament=tournament, actor=organiser, close=True)
    tournament_start(tournament=tournament, actor=organiser)
    rnd = round_pair_next(tournament=tournament, actor=organiser, seed=3)
    seated = set(Seat.objects.filter(match__round=rnd).values_list("registration__player__username", flat=True))
    assert seated == {"alice", "bob"}  # a table of two, no bye for carol


def test_no_shows_can_be_dropped_after_the_start_before_round_1(tournament, three, organiser, alice, bob):
    tournament_start(tournament=tournament, actor=organiser)
    registration_check_in(registration=three[0], actor=alice)
    registration_check_in(registration=three[1], actor=bob)
    assert [r.pk for r in no_shows_drop(tournament=tournament, actor=organiser, close=True)] == [three[2].pk]
    rnd = round_pair_next(tournament=tournament, actor=organiser, seed=3)
    assert rnd.matches.count() == 1


def test_dropping_the_no_shows_is_refused_once_round_1_exists(tournament, three, organiser, alice):
    registration_check_in(registration=three[0], actor=alice)
    tournament_start(tournament=tournament, actor=organiser)
    round_pair_next(tournament=tournament, actor=organiser, seed=3)
    with pytest.raises(Conflict) as exc:
        no_shows_drop(tournament=tournament, actor=organiser, close=True)
    assert exc.value.code == "round_paired"
    assert Registration.objects.filter(tournament=tournament, withdrawn=True).count() == 0


def test_dropping_the_no_shows_is_refused_when_nobody_checked_in(tournament, three, organiser):
    with pytest.raises(Conflict) as exc:
        no_shows_drop(tournament=tournament, actor=organiser, close=True)
    assert exc.value.code == "nobody_checked_in"
    assert Registration.objects.filter(tournament=tournament, withdrawn=True).count() == 0


def test_dropping_the_no_shows_when_everyone_is_here_says_so(tournament, registered, organiser, alice, bob):
    registration_check_in(registration=registered[0], actor=alice)
    registration_check_in(registration=registered[1], actor=bob)
    with pytest.raises(UserError) as exc:
        no_shows_drop(tournament=tournament, actor=organiser, close=True)
    assert exc.value.code == "no_no_shows"


def test_only_the_organiser_drops_the_no_shows(tournament, three, alice):
    registration_check_in(registration=three[0], actor=alice)
    with pytest.raises(NotAllowed):
        no_shows_drop(tournament=tournament, actor=alice, close=True)


# --------------------------------------------------------------------------- the pages
def test_the_player_checks_in_from_the_event_page(client, tournament, registered, alice):
    client.force_login(alice)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert f'action="{reverse("tournaments:check-in", args=[tournament.pk])}"' in page
    assert "You have not checked in yet." in page
    response = client.post(reverse("tournaments:check-in", args=[tournament.pk]), follow=True)
    assert "You are checked in." in response.content.decode()
    assert _checked(registered[0])
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "Checked in" in page and "You have not checked in yet." not in page


def test_a_visitor_who_is_not_registered_sees_no_check_in_button(client, tournament, registered, carol):
    client.force_login(carol)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert reverse("tournaments:check-in", args=[tournament.pk]) not in page
    response = client.post(reverse("tournaments:check-in", args=[tournament.pk]), follow=True)
    assert "You are not registered for this tournament." in response.content.decode()


def test_a_stranger_cannot_check_someone_in_from_the_manage_url(client, tournament, registered, carol):
    client.force_login(carol)
    response = client.post(reverse("tournaments:manage-check-in", args=[tournament.pk, registered[0].pk]))
    assert response.status_code == 403
    assert not _checked(registered[0])


def test_the_organiser_checks_players_in_from_the_manage_page(client, tournament, registered, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:manage-players", args=[tournament.pk])).content.decode()
    assert "0 of 2 checked in" in page
    assert 'aria-label="Check in alice"' in page and 'aria-label="Check in bob"' in page
    response = client.post(reverse("tournaments:manage-check-in", args=[tournament.pk, registered[0].pk]),
                           {"checked_in": "1"})
    assert response.status_code == 302 and response["Location"] == reverse(
        "tournaments:manage-players", args=[tournament.pk]) + "#check-in"
    assert _checked(registered[0])
    page = client.get(reverse("tournaments:manage-players", args=[tournament.pk])).content.decode()
    assert "1 of 2 checked in" in page and 'aria-label="Check out alice"' in page


def test_the_check_in_toggle_answers_htmx_with_the_panel(client, tournament, registered, organiser):
    client.force_login(organiser)
    url = reverse("tournaments:manage-check-in", args=[tournament.pk, registered[1].pk])
    response = client.post(url, {"checked_in": "1"}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200 and body.lstrip().startswith('<section id="check-in"')
    assert "1 of 2 checked in" in body and 'aria-label="Check out bob"' in body
    response = client.post(url, {"checked_in": "0"}, HTTP_HX_REQUEST="true")
    assert "0 of 2 checked in" in response.content.decode()
    assert not _checked(registered[1])


def test_the_no_show_button_names_how_many_and_asks_first(client, tournament, three, organiser, alice):
    registration_check_in(registration=three[0], actor=alice)
    check_in_close(tournament=tournament, actor=organiser)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:manage-players", args=[tournament.pk])).content.decode()
    assert ('data-confirm="Drop the 2 players who have not checked in? They are withdrawn from the tournament '
            '(logged as no-shows); you can reinstate one later."') in page
    assert "Drop 2 no-shows" in page
    response = client.post(reverse("tournaments:manage-no-shows", args=[tournament.pk]), follow=True)
    assert "2 no-shows dropped: bob, carol." in response.content.decode()
    assert set(Registration.objects.filter(withdrawn=True).values_list("player__username", flat=True)) == {
        "bob", "carol"}


def test_the_no_show_button_after_round_1_is_a_red_message(client, tournament, registered, organiser, alice):
    registration_check_in(registration=registered[0], actor=alice)
    tournament_start(tournament=tournament, actor=organiser)
    round_pair_next(tournament=tournament, actor=organiser, seed=1)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:manage-players", args=[tournament.pk])).content.decode()
    assert "Check-in is over: round 1 is paired." in page and "no-show" not in page
    response = client.post(reverse("tournaments:manage-no-shows", args=[tournament.pk]), follow=True)
    assert '<div class="alert alert-danger" role="alert">Round 1 is paired' in squash(response.content.decode())


# --------------------------------------------------------------------------- the API
def test_api_registrations_say_who_checked_in(tournament, registered, alice):
    registration_check_in(registration=registered[0], actor=alice)
    rows = APIClient().get(f"/api/v1/tournaments/{tournament.pk}/registrations/").json()["results"]
    assert [(r["player"], r["checked_in"], r["walk_in"], r["account"]) for r in rows] == [
        ("alice", True, False, "alice"), ("bob", False, False, "bob")]


def test_api_a_player_checks_themself_in_but_not_someone_else(tournament, registered, alice):
    api = APIClient()
    api.force_authenticate(alice)
    mine = api.post(f"/api/v1/tournaments/{tournament.pk}/registrations/{registered[0].pk}/check-in/", {},
                    format="json")
    assert mine.status_code == 200 and mine.json()["checked_in"] is True
    theirs = api.post(f"/api/v1/tournaments/{tournament.pk}/registrations/{registered[1].pk}/check-in/", {},
                      format="json")
    assert theirs.status_code == 403 and theirs.json()["code"] == "not_allowed"
    assert not _checked(registered[1])


def test_api_the_organiser_checks_out_and_drops_the_no_shows(tournament, registered, organiser):
    api = APIClient()
    api.force_authenticate(organiser)
    url = f"/api/v1/tournaments/{tournament.pk}/registrations/{registered[0].pk}/check-in/"
    assert api.post(url, {"checked_in": True}, format="json").json()["checked_in"] is True
    closed = api.post(f"/api/v1/tournaments/{tournament.pk}/check-in/close/", format="json")
    assert closed.status_code == 200 and closed.json()["check_in_closed_at"]
    response = api.post(f"/api/v1/tournaments/{tournament.pk}/no-shows/drop/", format="json")
    assert response.status_code == 200
    assert [(r["player"], r["withdrawn"]) for r in response.json()["dropped"]] == [("bob", True)]
    assert api.post(url, {"checked_in": False}, format="json").json()["checked_in"] is False


def test_api_no_shows_refused_after_round_1_with_a_409(tournament, round_one, organiser):
    api = APIClient()
    api.force_authenticate(organiser)
    response = api.post(f"/api/v1/tournaments/{tournament.pk}/no-shows/drop/", format="json")
    assert response.status_code == 409 and response.json()["code"] == "round_paired"
