"""Check-in that gates (issue 20, item 6): when an event requires check-in, round 1 is not paired while an active
player has not checked in (the organiser drops them as no-shows or waits); the no-shows are dropped only once
check-in is closed, by the organiser (logged) or at its deadline; players cannot check themselves in after that."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from decks.services import register_deck
from tests.conftest import deck_of
from tests.markup import squash
from tournaments.errors import Conflict
from tournaments.models import AuditEntry, Registration, Round, Tournament
from tournaments.services import player_register, round_pair_next, tournament_start, tournament_update
from tournaments.services.check_in import check_in_close, no_shows_drop, registration_check_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def required(tournament, registered, organiser, carol):
    """alice, bob and carol (the last registered) with legal decks in an event that requires check-in, started,
    nobody checked in yet."""
    reg_c = player_register(tournament=tournament, actor=carol)
    register_deck(reg_c, deck_of(registered[0]))
    tournament_update(tournament=tournament, actor=organiser, changes={"check_in_required": True})
    tournament_start(tournament=tournament, actor=organiser)
    return Tournament.objects.get(pk=tournament.pk)


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


# --------------------------------------------------------------------------- pairing round 1
def test_round_1_is_refused_naming_the_players_not_checked_in(required, registered, organiser, alice):
    registration_check_in(registration=registered[0], actor=alice)
    with pytest.raises(Conflict) as refused:
        round_pair_next(tournament=required, actor=organiser, seed=1)
    assert refused.value.code == "not_checked_in" and refused.value.params["players"] == ["bob", "carol"]
    assert refused.value.params["anyone_checked_in"] is True
    assert "2 players have not checked in: bob, carol." in refused.value.message
    assert not Round.objects.filter(tournament=required).exists()


def test_round_1_is_paired_once_everyone_has_checked_in(required, registered, organiser, alice):
    for reg in Registration.objects.filter(tournament=required):
        registration_check_in(registration=reg, actor=organiser)
    assert round_pair_next(tournament=required, actor=organiser, seed=1).number == 1


def test_an_event_without_required_check_in_pairs_as_before(tournament, registered, organiser):
    tournament_start(tournament=tournament, actor=organiser)
    assert round_pair_next(tournament=tournament, actor=organiser, seed=1).number == 1


def test_dropping_the_players_not_checked_in_closes_check_in_and_lets_round_1_pair(
        required, registered, organiser, alice, bob):
    registration_check_in(registration=registered[0], actor=alice)
    registration_check_in(registration=registered[1], actor=bob)
    dropped = no_shows_drop(tournament=required, actor=organiser, close=True)
    assert [r.display_name for r in dropped] == ["carol"]
    actions = list(AuditEntry.objects.filter(tournament=required).exclude(
        action=AuditEntry.Action.TOURNAMENT_EDITED).order_by("id").values_list("action", "reason_code"))
    assert actions == [("check_in_closed", "check_in_closed"), ("player_dropped", "no_show")]
    assert round_pair_next(tournament=required, actor=organiser, seed=1).matches.count() == 1  # alice v bob


# --------------------------------------------------------------------------- closing check-in
def test_the_no_shows_wait_until_check_in_closes(tournament, registered, organiser, alice):
    registration_check_in(registration=registered[0], actor=alice)
    with pytest.raises(Conflict) as refused:
        no_shows_drop(tournament=tournament, actor=organiser)
    assert refused.value.code == "check_in_open"
    assert not Registration.objects.filter(withdrawn=True).exists()
    check_in_close(tournament=tournament, actor=organiser)
    assert [r.display_name for r in no_shows_drop(tournament=tournament, actor=organiser)] == ["bob"]


def test_closing_check_in_is_logged_once(tournament, registered, organiser):
    check_in_close(tournament=tournament, actor=organiser)
    check_in_close(tournament=tournament, actor=organiser)
    entry = AuditEntry.objects.get(action=AuditEntry.Action.CHECK_IN_CLOSED)
    assert (entry.actor, entry.before, entry.after) == (organiser, {"check_in": "open"}, {"check_in": "closed"})


def test_only_the_organiser_closes_check_in(tournament, registered, alice):
    from tournaments.errors import NotAllowed

    with pytest.raises(NotAllowed):
        check_in_close(tournament=tournament, actor=alice)


def test_after_closing_a_player_cannot_check_in_but_the_organiser_can(tournament, registered, organiser, alice):
    check_in_close(tournament=tournament, actor=organiser)
    with pytest.raises(Conflict) as refused:
        registration_check_in(registration=registered[0], actor=alice)
    assert refused.value.code == "check_in_closed"
    assert registration_check_in(registration=registered[0], actor=organiser).checked_in


def test_the_deadline_closes_check_in(tournament, registered, organiser, alice):
    past = datetime.datetime(2020, 1, 1, 12, 0, tzinfo=datetime.timezone.utc)
    tournament_update(tournament=tournament, actor=organiser, changes={"check_in_deadline": past})
    with pytest.raises(Conflict):
        registration_check_in(registration=registered[0], actor=alice)
    registration_check_in(registration=registered[0], actor=organiser)
    assert [r.display_name for r in no_shows_drop(tournament=tournament, actor=organiser)] == ["bob"]


# --------------------------------------------------------------------------- the pages
def test_the_manage_page_offers_drop_no_shows_only_after_check_in_closes(client, tournament, registered,
                                                                         organiser, alice):
    registration_check_in(registration=registered[0], actor=alice)
    client.force_login(organiser)
    url = reverse("tournaments:manage-players", args=[tournament.pk])
    page = client.get(url).content.decode()
    assert "Close check-in" in page and "Drop 1 no-show" not in page
    response = client.post(reverse("tournaments:manage-check-in-close", args=[tournament.pk]), follow=True)
    page = response.content.decode()
    assert "Check-in is closed." in page and 'data-check-in="closed"' in page
    assert "Drop 1 no-show" in page and ">Close check-in<" not in page


def test_pairing_round_1_from_the_page_names_them_and_asks_to_drop_or_wait(client, required, registered,
                                                                           organiser, alice, bob):
    registration_check_in(registration=registered[0], actor=alice)
    registration_check_in(registration=registered[1], actor=bob)
    client.force_login(organiser)
    response = client.post(reverse("tournaments:manage-pair", args=[required.pk]))
    page = squash(response.content.decode())
    assert response.status_code == 409
    assert '<ul class="mb-3" id="not-checked-in"><li>carol</li></ul>' in page
    assert "Drop 1 no-show and pair round 1" in page and "Wait for them" in page
    assert not Round.objects.filter(tournament=required).exists()
    response = client.post(reverse("tournaments:manage-no-shows", args=[required.pk]), {"close": "1", "pair": "1"})
    assert response.status_code == 302 and response["Location"] == reverse("tournaments:round", args=[required.pk, 1])
    assert Registration.objects.get(tournament=required, player__username="carol").withdrawn


def test_the_player_is_told_when_check_in_closed_without_them(client, tournament, registered, organiser, alice):
    check_in_close(tournament=tournament, actor=organiser)
    client.force_login(alice)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "Check-in is closed and you have not checked in" in page
    assert reverse("tournaments:check-in", args=[tournament.pk]) not in page


def test_the_create_form_sets_required_check_in_and_its_deadline(client, organiser):
    client.force_login(organiser)
    response = client.post(reverse("tournaments:new"), {
        "name": "Gate Night", "date": "2026-12-05", "deck_format_id": "55", "best_of": "3", "structure": "swiss",
        "swiss_rounds": "3", "top_cut": "0", "time_zone": "Europe/Paris", "check_in_required": "on",
        "check_in_deadline": "2026-12-05T13:45", "clock_start": "by_hand"})
    assert response.status_code == 302, squash(response.content.decode())[:2000]
    t = Tournament.objects.get(name="Gate Night")
    assert t.check_in_required and t.clock_start == "by_hand"
    assert t.check_in_deadline == datetime.datetime(2026, 12, 5, 12, 45, tzinfo=datetime.timezone.utc)


# --------------------------------------------------------------------------- the API
def test_api_pairing_round_1_answers_409_with_the_names(required, registered, organiser):
    response = api(organiser).post(f"/api/v1/tournaments/{required.pk}/rounds/", format="json")
    body = response.json()
    assert response.status_code == 409 and body["code"] == "not_checked_in"
    assert body["params"]["players"] == ["alice", "bob", "carol"] and "alice, bob, carol" in body["detail"]


def test_api_no_shows_wait_for_check_in_to_close_unless_asked_to_close(tournament, registered, organiser, alice):
    registration_check_in(registration=registered[0], actor=alice)
    url = f"/api/v1/tournaments/{tournament.pk}/no-shows/drop/"
    refused = api(organiser).post(url, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "check_in_open"
    response = api(organiser).post(url + "?close=1", format="json")
    assert response.status_code == 200 and [r["player"] for r in response.json()["dropped"]] == ["bob"]


def test_api_tournament_fields_carry_check_in_and_clock_start(organiser):
    response = api(organiser).post("/api/v1/tournaments/", {
        "name": "API Gate", "date": "2026-12-05", "check_in_required": True, "clock_start": "by_hand"},
        format="json")
    body = response.json()
    assert response.status_code == 201, body
    assert (body["check_in_required"], body["clock_start"], body["check_in_deadline"],
            body["check_in_closed_at"]) == (True, "by_hand", None, None)
