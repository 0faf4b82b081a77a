"""The REST API: same actions and permissions as the pages; 4xx with a clear message on bad input."""

from __future__ import annotations

import datetime

import pytest
from rest_framework.test import APIClient

from tests.conftest import deck_of
from decks.services import deck_submit, register_deck
from tests.conftest import LEGAL_55
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import AuditEntry, Match, ResultSubmission, Tournament

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
    assert match["table"] == 1 and [seat["seat"] for seat in match["seats"]] == [1, 2]
    assert "player_a" not in match and match["is_bye"] is False and match["draws"] is None
    seat_a_user = alice if match["seats"][0]["player"] == "alice" else bob
    seat_b_user = bob if seat_a_user is alice else alice
    games = [{"winner": "a"}, {"mulligan_by": "b"}, {"winner": "b"}, {"winner": "a"}]
    report = client_for(seat_a_user).post(f"/api/v1/matches/{match['id']}/reports/", {"games": games},
                                          format="json")
    assert report.status_code == 201, report.content
    assert report.json()["outcome"] == {"wins": [2, 1], "placements": [1, 2], "draws": 0}
    assert report.json()["state"] == "pending" and report.json()["source"] == "player"
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = client_for(seat_b_user).post(f"/api/v1/reports/{report.json()['id']}/confirm/")
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "confirmed"
    assert [(seat["wins"], seat["placement"]) for seat in confirmed.json()["seats"]] == [(2, 1), (1, 2)]
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
    assert set(response.json()) == {"code", "detail", "params"} and response.json()["detail"]
    if code:
        assert response.json()["code"] == code
    assert not match.submissions.exists()


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
    assert response.status_code == 400 and response.json()["code"] == "reason_required"
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


def test_opening_and_closing_registration_are_explicit_endpoints(organiser, alice):
    created = client_for(organiser).post("/api/v1/tournaments/", {"name": "X", "date": "2026-12-12"},
                                         format="json").json()
    base = f"/api/v1/tournaments/{created['id']}"
    assert client_for(alice).post(f"{base}/open-registration/").status_code == 403
    opened = client_for(organiser).post(f"{base}/open-registration/")
    assert opened.status_code == 200 and opened.json()["status"] == "registration"
    closed = client_for(organiser).post(f"{base}/close-registration/")
    assert closed.status_code == 200 and closed.json()["status"] == "closed"
    not_finished = client_for(organiser).post(f"{base}/reopen/", {"reason": "x"}, format="json")
    assert not_finished.status_code == 409  # reopen is for a finished tournament (issue #11)
    unknown = client_for(organiser).post(f"{base}/restart/")
    assert unknown.status_code == 404


# --------------------------------------------------------------------------- results of any match


def make_event(organiser, players: int, **options):
    """A started tournament of ``players`` players with legal decks (the first submits the sample deck, the
    others share it: the deck is not what is tested). Returns (tournament, [users in registration order])."""
    t = services.tournament_create(actor=organiser, name="API Night", date=datetime.date(2026, 12, 5),
                                   deck_format_id="55", **options)
    services.tournament_open_registration(tournament=t, actor=organiser)
    users, deck = [], None
    for _ in range(players):
        user = UserFactory()
        reg = services.player_register(tournament=t, actor=user)
        if deck is None:
            deck_submit(registration=reg, actor=user, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)
            reg.refresh_from_db()
            deck = deck_of(reg)
        else:
            register_deck(reg, deck)
        users.append(user)
    services.tournament_start(tournament=t, actor=organiser)
    t.refresh_from_db()
    return t, users


def pair_over_api(organiser, tournament, capture) -> list[dict]:
    with capture(execute=True):
        response = client_for(organiser).post(f"/api/v1/tournaments/{tournament.pk}/rounds/")
    assert response.status_code == 201, response.content
    return response.json()["matches"]


def seat_users(match: dict) -> list:
    """The users at an API match in seat order."""
    from django.contrib.auth.models import User

    return [User.objects.get(username=seat["player"]) for seat in match["seats"]]


def test_the_same_report_endpoint_records_a_duel_and_a_four_seat_table(
        round_one, organiser, django_capture_on_commit_callbacks):
    duel = client_for(organiser).get(f"/api/v1/matches/{round_one.matches.get().pk}/").json()
    first, second = seat_users(duel)
    report = client_for(first).post(f"/api/v1/matches/{duel['id']}/reports/",
                                    {"games": [{"winner": 1}, {"winner": "a"}], "round": 1, "table": 1},
                                    format="json")
    assert report.status_code == 201, report.content
    body = report.json()
    assert body["record"]["games"][0]["winners"] == [1] and body["outcome"]["wins"] == [2, 0]
    assert body["game_lines"] == [f"Game 1: {first.username} won", f"Game 2: {first.username} won"]
    with django_capture_on_commit_callbacks(execute=True):
        assert client_for(second).post(f"/api/v1/reports/{body['id']}/confirm/").json()["status"] == "confirmed"

    pods, users = make_event(organiser, 4, structure="pods", table_size=4)
    [table] = pair_over_api(organiser, pods, django_capture_on_commit_callbacks)
    assert len(table["seats"]) == 4 and table["multiplayer"] is True
    at_table = seat_users(table)
    report = client_for(at_table[0]).post(f"/api/v1/matches/{table['id']}/reports/",
                                          {"placements": [2, 1, 4, 3]}, format="json")
    assert report.status_code == 201, report.content
    assert report.json()["outcome"]["placements"] == [2, 1, 4, 3] and report.json()["state"] == "pending"
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = client_for(at_table[3]).post(f"/api/v1/reports/{report.json()['id']}/confirm/")
    assert confirmed.status_code == 200, confirmed.content
    assert [seat["placement"] for seat in confirmed.json()["seats"]] == [2, 1, 4, 3]


def test_a_duel_is_reported_confirmed_and_overridden_at_the_same_endpoints_as_a_table(
        round_one, organiser, django_capture_on_commit_callbacks):
    match = client_for(organiser).get(f"/api/v1/matches/{round_one.matches.get().pk}/").json()
    first, second = seat_users(match)
    report = client_for(first).post(f"/api/v1/matches/{match['id']}/reports/",
                                    {"games": [{"winner": "b"}, {"winner": "b"}]}, format="json")
    assert report.status_code == 201, report.content
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = client_for(second).post(f"/api/v1/reports/{report.json()['id']}/confirm/")
    assert [seat["wins"] for seat in confirmed.json()["seats"]] == [0, 2]
    corrected = client_for(organiser).post(f"/api/v1/matches/{match['id']}/override/",
                                           {"games": [{"winner": "a"}, {"winner": "a"}], "reason": "slip misread"},
                                           format="json")
    assert corrected.status_code == 200, corrected.content
    assert [seat["wins"] for seat in corrected.json()["seats"]] == [2, 0]


@pytest.mark.parametrize("path", ["matches/{match}/table-reports/", "table-reports/{report}/confirm/",
                                  "table-reports/{report}/dispute/", "matches/{match}/table-override/"])
def test_the_former_multiplayer_paths_are_gone(round_one, organiser, path):
    """The table-* aliases of the result endpoints were removed (CHANGELOG): they answer the API's JSON 404."""
    match = round_one.matches.get()
    first = match.seats.order_by("number").first().registration.player
    report = client_for(first).post(f"/api/v1/matches/{match.pk}/reports/",
                                    {"games": [{"winner": "a"}, {"winner": "a"}]}, format="json")
    url = "/api/v1/" + path.format(match=match.pk, report=report.json()["id"])
    response = client_for(organiser).post(url, {"games": [{"winner": "b"}, {"winner": "b"}], "reason": "x"},
                                          format="json")
    assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert ResultSubmission.objects.get().state == ResultSubmission.State.PENDING  # nothing answered or overridden


def test_a_dispute_keeps_its_reason_and_the_submissions_show_both_reports_game_by_game(
        round_one, organiser, carol):
    match = client_for(organiser).get(f"/api/v1/matches/{round_one.matches.get().pk}/").json()
    first, second = seat_users(match)
    report = client_for(first).post(f"/api/v1/matches/{match['id']}/reports/",
                                    {"games": [{"winner": "a"}, {"winner": "b"}, {"winner": "a"}]},
                                    format="json").json()
    missing = client_for(second).post(f"/api/v1/reports/{report['id']}/dispute/", {}, format="json")
    assert missing.status_code == 400 and missing.json()["code"] == "reason_required"
    disputed = client_for(second).post(f"/api/v1/reports/{report['id']}/dispute/",
                                       {"reason": "I won game 3"}, format="json")
    assert disputed.status_code == 200 and disputed.json()["status"] == "disputed"
    # the second player's own version cannot be reported any more: the organiser settles
    again = client_for(second).post(f"/api/v1/matches/{match['id']}/reports/",
                                    {"games": [{"winner": "b"}, {"winner": "b"}]}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "disputed"
    entered = client_for(organiser).post(f"/api/v1/matches/{match['id']}/override/", {
        "games": [{"winner": "a"}, {"winner": "b"}, {"winner": "b"}], "reason": "Second opinion: bob's version"},
        format="json")
    assert entered.status_code == 200, entered.content

    url = f"/api/v1/matches/{match['id']}/submissions/"
    assert client_for(carol).get(url).status_code == 403
    assert client_for().get(url).status_code in (401, 403)
    rows = client_for(second).get(url)
    assert rows.status_code == 200, rows.content
    assert rows.json() == client_for(organiser).get(url).json()
    newest, oldest = rows.json()
    assert (oldest["state"], oldest["dispute_reason"], oldest["submitted_by"]) == (
        "superseded", "I won game 3", first.username)
    assert oldest["responded_by"] == second.username and oldest["source"] == "player"
    assert oldest["game_lines"] == [f"Game 1: {first.username} won", f"Game 2: {second.username} won",
                                    f"Game 3: {first.username} won"]
    assert [g["winners"] for g in oldest["record"]["games"]] == [[1], [2], [1]]
    assert (newest["state"], newest["source"], newest["reason"]) == (
        "confirmed", "organiser", "Second opinion: bob's version")
    assert newest["game_lines"][2] == f"Game 3: {second.username} won"
    assert newest["outcome"] == {"wins": [1, 2], "placements": [2, 1], "draws": 0}
    assert newest["submitted_at"] and oldest["responded_at"]


def test_the_organiser_settles_a_dispute_by_picking_a_submission(round_one, organiser):
    match = client_for(organiser).get(f"/api/v1/matches/{round_one.matches.get().pk}/").json()
    first, second = seat_users(match)
    mine = client_for(first).post(f"/api/v1/matches/{match['id']}/reports/",
                                  {"games": [{"winner": "a"}, {"winner": "a"}]}, format="json").json()
    theirs = client_for(second).post(f"/api/v1/matches/{match['id']}/reports/",
                                     {"games": [{"winner": "b"}, {"winner": "b"}]}, format="json").json()
    assert theirs["state"] == "disputed"
    url = f"/api/v1/matches/{match['id']}/override/"
    assert client_for(first).post(url, {"submission": mine["id"], "reason": "x"}, format="json").status_code == 403
    both = client_for(organiser).post(url, {"submission": theirs["id"], "games": [{"winner": "a"}],
                                            "reason": "x"}, format="json")
    assert both.status_code == 400 and set(both.json()) == {"code", "detail", "params"}
    stranger = client_for(organiser).post(url, {"submission": 999999, "reason": "x"}, format="json")
    assert stranger.status_code == 400 and stranger.json()["code"] == "wrong_submission"
    settled = client_for(organiser).post(url, {"submission": theirs["id"], "reason": "Both players agree now"},
                                         format="json")
    assert settled.status_code == 200, settled.content
    assert settled.json()["status"] == "confirmed"
    assert [seat["wins"] for seat in settled.json()["seats"]] == [0, 2]
    assert ResultSubmission.objects.get(pk=theirs["id"]).state == ResultSubmission.State.CONFIRMED
    assert ResultSubmission.objects.get(pk=mine["id"]).state == ResultSubmission.State.SUPERSEDED
    entry = AuditEntry.objects.get(match_id=match["id"])
    assert entry.action == AuditEntry.Action.DISPUTE_SETTLED and entry.reason == "Both players agree now"


def test_an_elimination_best_of_three_with_a_drawn_game_is_accepted(
        organiser, django_capture_on_commit_callbacks):
    t, _ = make_event(organiser, 2, structure="single_elimination", best_of=3)
    [match] = pair_over_api(organiser, t, django_capture_on_commit_callbacks)
    first, second = seat_users(match)
    games = [{"winner": "a"}, {"winner": "b"}, {"drawn": True}, {"winner": "a"}]
    report = client_for(first).post(f"/api/v1/matches/{match['id']}/reports/", {"games": games}, format="json")
    assert report.status_code == 201, report.content
    assert report.json()["outcome"] == {"wins": [2, 1], "placements": [1, 2], "draws": 1}
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = client_for(second).post(f"/api/v1/reports/{report.json()['id']}/confirm/")
    assert confirmed.status_code == 200 and confirmed.json()["draws"] == 1
    assert [seat["placement"] for seat in confirmed.json()["seats"]] == [1, 2]
    # level after the drawn game: an elimination match cannot end drawn, play on
    t2, _ = make_event(organiser, 2, structure="single_elimination", best_of=3)
    [other] = pair_over_api(organiser, t2, django_capture_on_commit_callbacks)
    undecided = client_for(seat_users(other)[0]).post(
        f"/api/v1/matches/{other['id']}/reports/", {"games": games[:3]}, format="json")
    assert undecided.status_code == 400 and undecided.json()["code"] == "elimination_undecided"
    assert set(undecided.json()) == {"code", "detail", "params"}


def test_a_match_loss_at_a_pods_table_places_the_player_last_once_the_table_reports(
        organiser, django_capture_on_commit_callbacks):
    t, _ = make_event(organiser, 4, structure="pods", table_size=4)
    [table] = pair_over_api(organiser, t, django_capture_on_commit_callbacks)
    at_table = seat_users(table)
    penalised = table["seats"][0]["registration"]
    with django_capture_on_commit_callbacks(execute=True):
        penalty = client_for(organiser).post(f"/api/v1/tournaments/{t.pk}/penalties/", {
            "registration": penalised, "kind": "match_loss", "reason": "Slow play, third warning",
            "match": table["id"]}, format="json")
    assert penalty.status_code == 201, penalty.content
    after_penalty = client_for(organiser).get(f"/api/v1/matches/{table['id']}/").json()
    assert after_penalty["status"] == "pending"
    assert [seat["placement"] for seat in after_penalty["seats"]] == [None] * 4
    report = client_for(at_table[1]).post(f"/api/v1/matches/{table['id']}/reports/",
                                          {"placements": [1, 2, 3, 4]}, format="json")
    assert report.status_code == 201, report.content
    assert report.json()["outcome"]["placements"] == [4, 1, 2, 3]
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = client_for(at_table[2]).post(f"/api/v1/reports/{report.json()['id']}/confirm/")
    assert confirmed.status_code == 200, confirmed.content
    assert [seat["placement"] for seat in confirmed.json()["seats"]] == [4, 1, 2, 3]
    listed = client_for(organiser).get(f"/api/v1/tournaments/{t.pk}/penalties/").json()
    assert [(p["kind"], p["registration"], p["match"]) for p in listed] == [("match_loss", penalised, table["id"])]


def test_unknown_ids_are_404_and_unknown_fields_400_with_code_detail_params(round_one, alice):
    response = client_for(alice).post("/api/v1/matches/999999/reports/", {"games": [{"winner": "a"}]},
                                      format="json")
    assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert client_for(alice).post("/api/v1/reports/999999/confirm/").json()["code"] == "not_found"
    match = round_one.matches.get()
    for body, code in (({"games": [{"winner": "a"}, {"winner": "a"}], "winner": "a"}, "unknown_field"),
                       ({"games": [{"winner": "a"}, {"winner": "a"}], "table": "one"}, "slip"),
                       ({"games": [{"unfinished": True, "counts": {
                           "a": dict.fromkeys(("unrazed_realms", "razed_realms", "holdings", "champions",
                                               "champion_levels", "draw_pile"), 1),
                           "b": {"unrazed_realms": 1, "razed_realms": 0, "holdings": -1, "champions": 0,
                                 "champion_levels": 0, "draw_pile": 3}}}]}, "counts"),
                       ({"placements": [1, 2]}, "games")):
        response = client_for(alice).post(f"/api/v1/matches/{match.pk}/reports/", body, format="json")
        assert response.status_code == 400, response.content
        assert set(response.json()) == {"code", "detail", "params"} and response.json()["code"] == code
        if code == "counts":
            assert "holdings" in response.json()["detail"]
    assert not match.submissions.exists()


def test_a_rules_error_reaching_a_view_is_a_400_with_its_code():
    from rest_framework.views import APIView
    from rules.errors import RulesError

    from tournaments.api.errors import exception_handler

    response = exception_handler(RulesError("mulligan_limit", "A third mulligan in a row.", {"game": 3}),
                                 {"view": APIView()})
    assert response.status_code == 400
    # issue 14: ``detail`` is in the reader's language (in English the rule's own message); the rule's English
    # ``message`` is kept beside it
    assert response.data == {"code": "mulligan_limit", "detail": "A third mulligan in a row.", "params": {"game": 3},
                             "message": "A third mulligan in a row."}
