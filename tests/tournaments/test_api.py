"""The REST API: same actions and permissions as the pages; 4xx with a clear message on bad input."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.conftest import LEGAL_55
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_an_organiser_creates_a_tournament_and_a_player_cannot(organiser, alice):
    body = {"name": "Winter Cup", "date": "2026-12-12", "deck_format_id": "75", "best_of": 3, "swiss_rounds": 4,
            "top_cut": 4}
    response = client_for(organiser).post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["deck_format_id"] == "75" and response.json()["status"] == "draft"
    assert client_for(alice).post("/api/v1/tournaments/", body, format="json").status_code == 403
    assert client_for().post("/api/v1/tournaments/", body, format="json").status_code in (401, 403)


def test_an_unknown_format_is_a_400_naming_it(organiser):
    response = client_for(organiser).post(
        "/api/v1/tournaments/", {"name": "X", "date": "2026-12-12", "deck_format_id": "56"}, format="json")
    assert response.status_code == 400
    assert "56" in response.json()["detail"]


def test_anyone_can_list_tournaments(tournament):
    response = client_for().get("/api/v1/tournaments/")
    assert response.status_code == 200
    assert response.json()["results"][0]["name"] == "Spellfire Open"


def test_a_player_registers_and_submits_a_cfd_file_and_gets_the_verdict(tournament, alice):
    api = client_for(alice)
    reg = api.post(f"/api/v1/tournaments/{tournament.pk}/registrations/").json()
    with LEGAL_55.open("rb") as fh:
        response = api.post(f"/api/v1/tournaments/{tournament.pk}/registrations/{reg['id']}/deck/",
                            {"file": fh}, format="multipart")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["legal"] is True and body["source_format"] == "cfd"
    assert body["verdict"]["total_cards"] == 55


def test_pasted_text_with_an_unknown_card_is_a_400(tournament, alice):
    api = client_for(alice)
    reg = api.post(f"/api/v1/tournaments/{tournament.pk}/registrations/").json()
    response = api.post(f"/api/v1/tournaments/{tournament.pk}/registrations/{reg['id']}/deck/",
                        {"text": "2x War Party\nNo Such Card Anywhere"}, format="json")
    assert response.status_code == 400
    assert "No Such Card Anywhere" in response.json()["detail"]


def test_a_decklist_is_visible_to_its_owner_and_the_organiser_only(registered, tournament, alice, bob, organiser):
    alice_reg, _ = registered
    url = f"/api/v1/tournaments/{tournament.pk}/registrations/{alice_reg.pk}/deck/"
    assert client_for(alice).get(url).status_code == 200
    assert client_for(organiser).get(url).json()["registered"]["legal"] is True
    assert client_for(bob).get(url).status_code == 403
    assert client_for().get(url).status_code in (401, 403)
    public = client_for().get(f"/api/v1/tournaments/{tournament.pk}/registrations/").json()
    assert "cards" not in str(public) and "text" not in public["results"][0]


def test_the_full_round_over_the_api(registered, tournament, organiser, alice, bob,
                                     django_capture_on_commit_callbacks):
    org = client_for(organiser)
    assert org.post(f"/api/v1/tournaments/{tournament.pk}/start/").status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        rnd = org.post(f"/api/v1/tournaments/{tournament.pk}/rounds/").json()
    match = rnd["matches"][0]
    assert match["table"] == 1
    seat_a_user = alice if match["player_a"] == "alice" else bob
    seat_b_user = bob if seat_a_user is alice else alice
    games = [{"winner": "a"}, {"mulligan_by": "b"}, {"winner": "b"}, {"winner": "a"}]
    report = client_for(seat_a_user).post(f"/api/v1/matches/{match['id']}/reports/", {"games": games},
                                          format="json")
    assert report.status_code == 201, report.content
    assert (report.json()["wins_a"], report.json()["wins_b"]) == (2, 1)
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = client_for(seat_b_user).post(f"/api/v1/reports/{report.json()['id']}/confirm/")
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "confirmed"
    standings = client_for().get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()
    assert standings["version"] == standings["results_version"] >= 1
    top = standings["rows"][0]
    assert top["name"] == seat_a_user.username and top["points"] == 3
    assert top["gwp"] == pytest.approx(2 / 3)


@pytest.mark.parametrize(
    "games, code",
    [
        ([{"winner": "a"}, {"winner": "a"}, {"winner": "a"}], "game_after_decision"),
        ([{"mulligan_by": "a"}] * 3 + [{"winner": "a"}, {"winner": "a"}], "mulligan_limit"),
        ([{"winner": "c"}], None),
        ([], None),
    ],
)
def test_impossible_results_are_a_400_and_store_nothing(round_one, alice, games, code):
    match = round_one.matches.get()
    response = client_for(alice).post(f"/api/v1/matches/{match.pk}/reports/", {"games": games}, format="json")
    assert response.status_code == 400
    if code:
        assert response.json()["code"] == code
    assert not match.reports.exists()


def test_a_report_by_someone_not_at_the_table_is_a_403(round_one, carol):
    match = round_one.matches.get()
    response = client_for(carol).post(f"/api/v1/matches/{match.pk}/reports/", {"games": [{"winner": "a"}]},
                                      format="json")
    assert response.status_code == 403


def test_pairing_while_results_are_missing_is_a_409(round_one, tournament, organiser):
    response = client_for(organiser).post(f"/api/v1/tournaments/{tournament.pk}/rounds/")
    assert response.status_code == 409
    assert response.json()["code"] == "results_missing"
    assert tournament.rounds.count() == 1


def test_the_organiser_override_needs_a_reason(round_one, organiser):
    match = round_one.matches.get()
    response = client_for(organiser).post(f"/api/v1/matches/{match.pk}/override/",
                                          {"games": [{"winner": "a"}]}, format="json")
    assert response.status_code == 400
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING


def test_the_schema_and_docs_are_served(db):
    assert client_for().get("/api/schema/").status_code == 200
    assert client_for().get("/api/docs/").status_code == 200


def test_starting_a_tournament_with_too_few_players_is_a_400(tournament, organiser):
    response = client_for(organiser).post(f"/api/v1/tournaments/{tournament.pk}/start/")
    assert response.status_code == 400
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION
