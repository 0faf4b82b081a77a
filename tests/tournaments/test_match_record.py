"""The match record: won, drawn, unfinished at time, decked-out and mulligan games with end-of-game counts;
the tournament's end-of-round procedure; the match slip's victory condition and round clock; bad reports
refused with nothing changed (API 4xx, page form errors)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tournaments import services
from tournaments.errors import UserError
from tests.conftest import call_time, confirmed_submission, score_text, seat_users
from tournaments.models import Match, ResultSubmission, Tournament

pytestmark = pytest.mark.django_db


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def counts(a_realms: int, b_realms: int, **overrides) -> dict:
    """Both players' six end-of-game counts; only the unrazed realms differ unless told."""
    base = {"unrazed_realms": 0, "razed_realms": 1, "holdings": 2, "champions": 3, "champion_levels": 9,
            "draw_pile": 20}
    seat_a = {**base, "unrazed_realms": a_realms, **overrides}
    return {"a": seat_a, "b": {**base, "unrazed_realms": b_realms}}


def count_fields(game: int, a: dict, b: dict) -> dict:
    fields = {f"counts-{game}-a-{k}": str(v) for k, v in a.items()}
    fields.update({f"counts-{game}-b-{k}": str(v) for k, v in b.items()})
    return fields


@pytest.fixture(autouse=True)
def _time_is_called(request):
    """These games are reported at the end of the round: time has been called (a player reports a game unfinished
    at time only then; tests/tournaments/test_round_clock.py checks the refusal before)."""
    if "round_one" in request.fixturenames:
        call_time(request.getfixturevalue("round_one"))


def seats(match: Match, alice=None, bob=None):
    """(the user at seat 1 ("a" on the slip), the user at seat 2 ("b"))."""
    return tuple(seat_users(match))


def decide_by_counts(tournament: Tournament) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(end_of_round=Tournament.EndOfRound.DECIDE_BY_COUNTS)


def deck_out_ends_the_game(tournament: Tournament) -> None:
    """The special-circumstances guide's rule (rules.results.DECK_OUT_RULES["game_ends"]): a deck-out ends the
    game and the counts decide it (the default, Tournament Rules 2.0, reshuffles and refuses deck-out games)."""
    Tournament.objects.filter(pk=tournament.pk).update(deck_out=Tournament.DeckOut.GAME_ENDS)


def nothing_stored(match: Match) -> bool:
    match.refresh_from_db()
    return not match.submissions.exists() and match.status == Match.Status.PENDING


# --- scoring with the tournament's end-of-round procedure -------------------------------------------


@pytest.mark.web
def test_an_unfinished_game_is_a_drawn_game_by_default(round_one, alice, bob):
    match = round_one.matches.get()
    player_a, player_b = seats(match, alice, bob)
    games = [{"winner": "a"}, {"winner": "b"}, {"unfinished": True}]
    response = api(player_a).post(f"/api/v1/matches/{match.pk}/reports/", {"games": games}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["outcome"] == {"wins": [1, 1], "placements": [1, 1], "draws": 1}
    assert response.json()["game_lines"][2] == "Game 3: unfinished at time"


def test_under_decide_by_counts_the_counts_decide_an_unfinished_game(round_one, tournament, alice, bob):
    decide_by_counts(tournament)
    match = round_one.matches.get()
    player_a, player_b = seats(match, alice, bob)
    games = [{"winner": "a"}, {"winner": "b"}, {"unfinished": True, "counts": counts(4, 3)}]
    report = services.result_report(match=match, actor=player_a, games=games)
    assert report.outcome == {"wins": [2, 1], "placements": [1, 2], "draws": 0}
    services.result_confirm(submission=report, actor=player_b)
    assert score_text(match) == "2-1"
    game = confirmed_submission(match).record["games"][2]
    assert game["unfinished"] is True and game["counts"]["1"]["unrazed_realms"] == 4  # seat 1 ("a")


def test_equal_counts_make_the_unfinished_game_a_draw_under_decide_by_counts(round_one, tournament, alice, bob):
    decide_by_counts(tournament)
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    report = services.result_report(match=match, actor=player_a,
                                    games=[{"winner": "a"}, {"unfinished": True, "counts": counts(3, 3)}])
    assert report.outcome["wins"] == [1, 0] and report.outcome["draws"] == 1


def test_a_deck_out_is_decided_by_the_counts_whatever_the_procedure(round_one, tournament, alice, bob):
    deck_out_ends_the_game(tournament)
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    report = services.result_report(match=match, actor=player_a, games=[
        {"winner": "a"}, {"deck_out": True, "counts": counts(2, 5)}, {"winner": "a"}])
    assert report.outcome["wins"] == [2, 1]


@pytest.mark.web
def test_the_organiser_override_takes_unfinished_games_and_counts(round_one, tournament, organiser):
    decide_by_counts(tournament)
    match = round_one.matches.get()
    response = api(organiser).post(f"/api/v1/matches/{match.pk}/override/", {
        "games": [{"unfinished": True, "counts": counts(1, 6)}], "reason": "Time called, counted at the table"},
        format="json")
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "confirmed"
    assert [(seat["wins"], seat["placement"]) for seat in response.json()["seats"]] == [(0, 2), (1, 1)]
    [entered] = api(organiser).get(f"/api/v1/matches/{match.pk}/submissions/").json()
    assert entered["state"] == "confirmed" and entered["source"] == "organiser"
    game = entered["record"]["games"][0]
    assert game["unfinished"] is True and game["counts"]["2"]["unrazed_realms"] == 6  # seat 2 ("b")


# --- bad reports: 4xx, nothing stored -----------------------------------------------------------------


@pytest.mark.web
def test_an_unfinished_game_without_counts_under_decide_by_counts_is_a_400(round_one, tournament, alice, bob):
    decide_by_counts(tournament)
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    response = api(player_a).post(f"/api/v1/matches/{match.pk}/reports/",
                                  {"games": [{"winner": "a"}, {"unfinished": True}]}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "counts_missing" and "counts" in response.json()["detail"]
    assert nothing_stored(match)


@pytest.mark.web
def test_a_deck_out_without_counts_is_a_400(round_one, tournament, alice, bob):
    deck_out_ends_the_game(tournament)
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    response = api(player_a).post(f"/api/v1/matches/{match.pk}/reports/",
                                  {"games": [{"deck_out": True}]}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "counts_missing"
    assert nothing_stored(match)


@pytest.mark.web
def test_negative_counts_are_a_400(round_one, tournament, alice, bob):
    decide_by_counts(tournament)
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    response = api(player_a).post(f"/api/v1/matches/{match.pk}/reports/", {
        "games": [{"unfinished": True, "counts": counts(2, 1, holdings=-1)}]}, format="json")
    assert response.status_code == 400
    assert "holdings" in response.content.decode()
    assert nothing_stored(match)


def test_negative_counts_are_refused_by_the_service_too(round_one, tournament, alice, bob):
    decide_by_counts(tournament)
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    with pytest.raises(UserError) as exc:
        services.result_report(match=match, actor=player_a,
                               games=[{"unfinished": True, "counts": counts(2, 1, holdings=-1)}])
    assert exc.value.code == "bad_counts"
    assert nothing_stored(match)


@pytest.mark.web
def test_counts_missing_one_of_the_six_are_a_400(round_one, tournament, alice, bob):
    decide_by_counts(tournament)
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    partial = counts(2, 1)
    del partial["b"]["draw_pile"]
    response = api(player_a).post(f"/api/v1/matches/{match.pk}/reports/",
                                  {"games": [{"unfinished": True, "counts": partial}]}, format="json")
    assert response.status_code == 400 and "draw_pile" in response.content.decode()
    assert nothing_stored(match)


@pytest.mark.web
@pytest.mark.parametrize("games, code", [
    ([{"winner": "a"}, {"winner": "b"}, {"drawn": True}, {"drawn": True}], "too_many_games"),
    ([{"winner": "b"}, {"winner": "b"}, {"winner": "a"}], "game_after_decision"),
    ([{"winner": "a", "drawn": True}], "game_outcome"),
    ([{"mulligan_by": "b"}], "no_games"),
    ([{"mulligan_by": "b"}, {"mulligan_by": "b"}, {"mulligan_by": "b"}, {"winner": "a"}], "mulligan_limit"),
])
def test_a_score_impossible_in_a_best_of_3_is_a_400(round_one, alice, bob, games, code):
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    response = api(player_a).post(f"/api/v1/matches/{match.pk}/reports/", {"games": games}, format="json")
    assert response.status_code == 400 and response.json()["code"] == code, response.content
    assert nothing_stored(match)


@pytest.mark.web
def test_a_report_naming_another_round_or_table_is_a_400(round_one, alice, bob):
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    for slip in ({"round": 2}, {"table": 5}):
        response = api(player_a).post(f"/api/v1/matches/{match.pk}/reports/",
                                      {"games": [{"winner": "a"}, {"winner": "a"}], **slip}, format="json")
        assert response.status_code == 400 and response.json()["code"] == "wrong_match"
        assert "round 1, table 1" in response.json()["detail"]
    assert nothing_stored(match)
    ok = api(player_a).post(f"/api/v1/matches/{match.pk}/reports/",
                            {"games": [{"winner": "a"}, {"winner": "a"}], "round": 1, "table": 1}, format="json")
    assert ok.status_code == 201


@pytest.mark.web
def test_a_report_for_a_match_you_do_not_play_is_a_403(round_one, carol):
    match = round_one.matches.get()
    response = api(carol).post(f"/api/v1/matches/{match.pk}/reports/", {"games": [{"winner": "a"}]},
                               format="json")
    assert response.status_code == 403
    assert nothing_stored(match)


@pytest.mark.web
def test_confirming_your_own_report_is_a_403_and_the_report_stays_pending(round_one, alice, bob):
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    report = api(player_a).post(f"/api/v1/matches/{match.pk}/reports/",
                                {"games": [{"winner": "a"}, {"winner": "a"}]}, format="json").json()
    response = api(player_a).post(f"/api/v1/reports/{report['id']}/confirm/")
    assert response.status_code == 403 and response.json()["code"] == "own_report"
    assert ResultSubmission.objects.get(pk=report["id"]).state == ResultSubmission.State.PENDING
    match.refresh_from_db()
    assert match.status == Match.Status.REPORTED


# --- the same refusals through the services (no URLconf needed) -----------------------------------------


def test_an_unfinished_game_is_a_drawn_game_by_default_in_the_service(round_one, alice, bob):
    match = round_one.matches.get()
    player_a, _ = seats(match)
    report = services.result_report(match=match, actor=player_a,
                                    games=[{"winner": "a"}, {"winner": "b"}, {"unfinished": True}])
    assert report.outcome["wins"] == [1, 1] and report.outcome["draws"] == 1


def test_the_organiser_settles_with_unfinished_games_and_counts(round_one, tournament, organiser):
    decide_by_counts(tournament)
    match = round_one.matches.get()
    services.result_settle(match=match, actor=organiser, games=[{"unfinished": True, "counts": counts(1, 6)}],
                           reason="Time called, counted at the table")
    assert score_text(match) == "0-1"
    assert confirmed_submission(match).record["games"][0]["counts"]["2"]["unrazed_realms"] == 6


@pytest.mark.parametrize("games, code", [
    ([{"winner": "a"}, {"unfinished": True}], "counts_missing"),
    ([{"deck_out": True}], "counts_missing"),
    ([{"winner": "a"}, {"winner": "b"}, {"drawn": True}, {"drawn": True}], "too_many_games"),
    ([{"winner": "b"}, {"winner": "b"}, {"winner": "a"}], "game_after_decision"),
    ([{"winner": "a", "drawn": True}], "game_outcome"),
    ([{"mulligan_by": "b"}], "no_games"),
    ([{"mulligan_by": "b"}, {"mulligan_by": "b"}, {"mulligan_by": "b"}, {"winner": "a"}], "mulligan_limit"),
])
def test_a_score_impossible_in_a_best_of_3_is_refused_by_the_service(round_one, tournament, games, code):
    if code == "counts_missing" and "unfinished" in games[-1]:
        decide_by_counts(tournament)
    if any("deck_out" in game for game in games):
        deck_out_ends_the_game(tournament)
    match = round_one.matches.get()
    player_a, _ = seats(match)
    with pytest.raises(UserError) as exc:
        services.result_report(match=match, actor=player_a, games=games)
    assert exc.value.code == code, exc.value.message
    assert nothing_stored(match)


def test_counts_missing_one_of_the_six_are_refused_by_the_service(round_one, tournament):
    decide_by_counts(tournament)
    match = round_one.matches.get()
    partial = counts(2, 1)
    del partial["b"]["draw_pile"]
    with pytest.raises(UserError, match="draw_pile"):
        services.result_report(match=match, actor=seats(match)[0], games=[{"unfinished": True, "counts": partial}])
    assert nothing_stored(match)


def test_a_report_naming_another_round_or_table_is_refused_by_the_service(round_one):
    match = round_one.matches.get()
    player_a, _ = seats(match)
    for slip in ({"round_number": 2}, {"table": 5}):
        with pytest.raises(UserError, match="round 1, table 1") as exc:
            services.result_report(match=match, actor=player_a, games=[{"winner": "a"}] * 2, **slip)
        assert exc.value.code == "wrong_match"
    assert nothing_stored(match)
    services.result_report(match=match, actor=player_a, games=[{"winner": "a"}] * 2, round_number=1, table=1)
    match.refresh_from_db()
    assert match.status == Match.Status.REPORTED


def test_confirming_your_own_report_is_refused_by_the_service_and_it_stays_pending(round_one):
    from tournaments.errors import NotAllowed

    match = round_one.matches.get()
    player_a, _ = seats(match)
    report = services.result_report(match=match, actor=player_a, games=[{"winner": "a"}] * 2)
    with pytest.raises(NotAllowed) as exc:
        services.result_confirm(submission=report, actor=player_a)
    assert exc.value.code == "own_report"
    report.refresh_from_db()
    match.refresh_from_db()
    assert report.state == ResultSubmission.State.PENDING and match.status == Match.Status.REPORTED


# --- the match slip page ------------------------------------------------------------------------------


def slip_url(match: Match) -> str:
    return reverse("tournaments:match", args=[match.round.tournament_id, match.pk])


def form_errors(response) -> str:
    """The text of the slip's error box (empty when there is none)."""
    page = response.content.decode()
    start = page.find('<div class="alert alert-danger errors" role="alert">')
    return "" if start < 0 else page[start:page.index("</div>", start)]


def test_the_slip_shows_the_victory_condition_and_the_round_clock(client, organiser, alice, bob):
    from decks.services import deck_submit
    from tests.conftest import LEGAL_55, LEGAL_55_OTHER

    t = services.tournament_create(actor=organiser, name="Ten Realms Night", date=datetime.date(2026, 12, 5),
                                   victory_condition=Tournament.Victory.TEN_REALMS, round_minutes=35)
    services.tournament_open_registration(tournament=t, actor=organiser)
    for user, path in ((alice, LEGAL_55), (bob, LEGAL_55_OTHER)):
        reg = services.player_register(tournament=t, actor=user)
        deck_submit(registration=reg, actor=user, data=path.read_bytes(), filename=path.name)
    services.tournament_start(tournament=t, actor=organiser)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    match = rnd.matches.get()
    client.force_login(alice)
    page = client.get(slip_url(match)).content.decode()
    assert "Ten unrazed realms (10 realms)" in page
    ends = rnd.started_at + datetime.timedelta(minutes=35)
    assert "Table 1 clock (35 minutes)" in page
    assert f'datetime="{ends.isoformat()}"' in page  # the countdown's end, for round_clock.js
    assert "ends at " in page and "round_clock.js" in page  # without JavaScript: the end time


def test_the_round_starts_when_it_is_paired(round_one):
    assert round_one.started_at is not None
    assert round_one.ends_at(50) - round_one.started_at == datetime.timedelta(minutes=50)


def test_a_player_reports_an_unfinished_game_with_counts_from_the_slip(client, round_one, tournament, alice, bob):
    decide_by_counts(tournament)
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    client.force_login(player_a)
    c = counts(5, 2)
    response = client.post(slip_url(match), {"game-1": "me", "game-2": "opponent", "game-3": "unfinished",
                                             **count_fields(3, c["a"], c["b"])})
    assert response.status_code == 302
    report = match.submissions.get()
    assert report.outcome["wins"] == [2, 1]
    assert report.record["games"][2]["counts"] == {"1": c["a"], "2": c["b"]}


@pytest.mark.parametrize("extra, message", [
    ({"counts-1-a-unrazed_realms": "3"}, "all six end-of-game counts"),
    ({**count_fields(1, counts(3, 2)["a"], counts(3, 2)["b"]), "counts-1-a-holdings": "many"}, "whole number"),
])
def test_incomplete_or_unreadable_counts_are_a_form_error(client, round_one, alice, bob, extra, message):
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    client.force_login(player_a)
    response = client.post(slip_url(match), {"game-1": "unfinished", "game-2": "me", **extra})
    assert response.status_code == 400 and message in form_errors(response)
    assert nothing_stored(match)


def test_negative_counts_on_the_slip_are_a_form_error(client, round_one, tournament, alice, bob):
    decide_by_counts(tournament)
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    client.force_login(player_a)
    c = counts(2, 1, draw_pile=-3)
    response = client.post(slip_url(match), {"game-1": "unfinished", **count_fields(1, c["a"], c["b"])})
    assert response.status_code == 400 and "0 or more" in form_errors(response)
    assert nothing_stored(match)


def test_an_unfinished_game_without_counts_on_the_slip_is_a_form_error(client, round_one, tournament, alice, bob):
    decide_by_counts(tournament)
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    client.force_login(player_a)
    response = client.post(slip_url(match), {"game-1": "me", "game-2": "unfinished"})
    assert response.status_code == 400 and "end-of-game counts" in form_errors(response)
    assert nothing_stored(match)


def test_an_impossible_score_on_the_slip_is_a_form_error(client, round_one, alice, bob):
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    client.force_login(player_a)
    response = client.post(slip_url(match), {"game-1": "me", "game-2": "me", "game-3": "me"})
    assert response.status_code == 400 and "already won the match" in form_errors(response)
    assert nothing_stored(match)


def test_a_slip_posted_for_another_round_or_table_is_a_form_error(client, round_one, alice, bob):
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    client.force_login(player_a)
    response = client.post(slip_url(match), {"game-1": "me", "game-2": "me", "slip_round": "2", "slip_table": "1"})
    assert response.status_code == 400 and "This is the slip of round 1, table 1" in form_errors(response)
    assert nothing_stored(match)


def test_a_slip_of_another_tournament_is_not_found(client, round_one, organiser, alice):
    other = services.tournament_create(actor=organiser, name="Other", date=datetime.date(2026, 12, 6))
    match = round_one.matches.get()
    client.force_login(alice)
    response = client.post(reverse("tournaments:match", args=[other.pk, match.pk]), {"game-1": "me"})
    assert response.status_code == 404
    assert nothing_stored(match)


def test_confirming_your_own_report_on_the_page_is_refused(client, round_one, alice, bob):
    match = round_one.matches.get()
    player_a, _ = seats(match, alice, bob)
    client.force_login(player_a)
    client.post(slip_url(match), {"game-1": "me", "game-2": "me"})
    report = match.submissions.get()
    response = client.post(reverse("tournaments:report-answer",
                                   args=[match.round.tournament_id, match.pk, report.pk, "confirm"]))
    assert response.status_code == 403
    report.refresh_from_db()
    assert report.state == ResultSubmission.State.PENDING


def test_a_confirmed_slip_lists_every_game_with_its_counts(client, round_one, tournament, alice, bob):
    decide_by_counts(tournament)
    match = round_one.matches.get()
    player_a, player_b = seats(match, alice, bob)
    report = services.result_report(match=match, actor=player_a, games=[
        {"mulligan_by": "b"}, {"winner": "a"}, {"unfinished": True, "counts": counts(6, 2)}])
    services.result_confirm(submission=report, actor=player_b)
    client.force_login(player_b)
    page = client.get(slip_url(match)).content.decode()
    # a two-draw mulligan restarts game 1: told with it, not numbered as a game of its own
    assert f"Game 1: {player_a.username} won" in page
    assert f"two-draw mulligan declared by {player_b.username}" in page
    assert f"Game 2: {player_a.username} won (unfinished when time was called)" in page  # the counts decided it
    assert '<th scope="row" class="fw-normal">Unrazed realms</th><td>6</td><td>2</td>' in page
    assert '<th scope="row" class="fw-normal">Cards left in the draw pile</th><td>20</td>' in page
