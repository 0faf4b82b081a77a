"""The match slip as the players use it: the opponent sees the whole report (each game's winner by name, each
player's two-draw mulligans, the end-of-game counts, how each game ended) before confirming; the reporter sees
their pending report, not a blank form; a disputed report says who disputed it and why; no internals."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.markup import squash
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _seats(match):
    return [s.registration.player for s in match.seats.select_related("registration__player").order_by("number")]


def _slip(client, user, match) -> str:
    client.force_login(user)
    response = client.get(reverse("tournaments:match", args=[match.round.tournament_id, match.pk]))
    assert response.status_code == 200
    return response.content.decode()


def _counts(a_pile: int, b_pile: int) -> dict:
    base = {"unrazed_realms": 4, "razed_realms": 1, "holdings": 2, "champions": 3, "champion_levels": 9}
    return {"a": {**base, "draw_pile": a_pile}, "b": {**base, "unrazed_realms": 3, "draw_pile": b_pile}}


def test_the_opponent_sees_each_games_winner_and_the_mulligans_before_confirming(client, round_one):
    match = round_one.matches.get()
    first, second = _seats(match)
    services.result_report(match=match, actor=first, games=[
        {"winner": "a"}, {"mulligan_by": "b"}, {"mulligan_by": "b"}, {"winner": "b"}, {"winner": "a"}])
    page = squash(_slip(client, second, match))
    assert f"{first.username} reported: {first.username} 2-1 {second.username}" in page
    assert f"Game 1: {first.username} won" in page
    assert f"Game 2: {second.username} won" in page
    assert f"Restarted first by a two-draw mulligan declared by {second.username}, then {second.username}" in page
    assert f"Game 3: {first.username} won" in page
    assert f"Two-draw mulligans: {first.username} 0, {second.username} 2" in page
    assert ">Confirm</button>" in page and ">Dispute</button>" in page
    assert 'name="game-1"' not in page  # confirm or dispute, not a blank form
    assert 'data-confirm="Confirm' in page


def test_a_decked_out_game_names_its_winner_and_who_ran_out(client, round_one, tournament):
    Tournament.objects.filter(pk=tournament.pk).update(deck_out=Tournament.DeckOut.GAME_ENDS)
    match = round_one.matches.get()
    first, second = _seats(match)
    services.result_report(match=match, actor=first, games=[
        {"winner": "a"}, {"deck_out": True, "counts": _counts(5, 0)}])
    page = _slip(client, second, match)
    assert f"Game 2: {first.username} won ({second.username} ran out of cards)" in page
    assert '<th scope="row" class="fw-normal">Unrazed realms</th><td>4</td><td>3</td>' in page


def test_the_reporter_sees_the_pending_report_and_may_correct_it(client, round_one):
    match = round_one.matches.get()
    first, second = _seats(match)
    slip = reverse("tournaments:match", args=[match.round.tournament_id, match.pk])
    client.force_login(first)
    response = client.post(slip, {"game-1": "me", "game-2": "opponent", "game-3": "me"})
    assert response.status_code == 302
    page = _slip(client, first, match)
    assert f"Your report: {first.username} 2-1 {second.username}" in page
    assert f"Waiting for {second.username} to confirm." in page
    assert f"Game 2: {second.username} won" in page
    assert "Correct your report" in page and "Send the corrected report" in page
    assert ">Confirm</button>" not in page
    client.post(slip, {"game-1": "me", "game-2": "me"})  # the correction: a new version, the first superseded
    assert [s.state for s in match.submissions.order_by("id")] == ["superseded", "pending"]
    assert f"Your report: {first.username} 2-0 {second.username}" in _slip(client, first, match)


def test_a_disputed_report_says_who_disputed_it_and_why(client, round_one):
    match = round_one.matches.get()
    first, second = _seats(match)
    report = services.result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    services.result_dispute(submission=report, actor=second, reason="I won game 2")
    for user in (first, second):
        page = _slip(client, user, match)
        assert "alert alert-danger" in page
        assert (f"Disputed by {second.username}: <q>I won game 2</q> — the organiser will settle it.") in page
        assert f"The report in dispute, by {first.username}: <strong>{first.username} 2-0 {second.username}" in page
        assert 'name="game-1"' not in page


def test_a_confirmed_result_shows_the_final_result(client, round_one):
    match = round_one.matches.get()
    first, second = _seats(match)
    report = services.result_report(match=match, actor=first, games=[{"winner": "a"}, {"winner": "b"},
                                                                     {"winner": "a"}])
    services.result_confirm(submission=report, actor=second)
    page = _slip(client, first, match)
    assert "Result confirmed" in page and f"{first.username} 2-1 {second.username}" in page
    assert f"Game 3: {first.username} won" in page
    assert 'name="game-1"' not in page and "alert alert-success" in page


def test_the_report_form_has_a_labelled_row_per_game(client, round_one):
    match = round_one.matches.get()
    first, second = _seats(match)
    page = squash(_slip(client, first, match))
    assert f'<label class="form-label fw-semibold mb-0" for="m{match.pk}-game-1">Game 1</label>' in page
    assert f'id="m{match.pk}-game-2"' not in page  # one game row at a time, not 9 empty ones
    assert f'aria-label="Game 1: Unrazed realms, {second.username}"' in page


def test_add_a_game_adds_one_row_server_side_keeping_what_was_chosen(client, round_one):
    match = round_one.matches.get()
    first, _second = _seats(match)
    client.force_login(first)
    url = reverse("tournaments:match", args=[match.round.tournament_id, match.pk])
    response = client.post(url, {"rows": "1", "game-1": "me", "first-1": "opponent", "add_game": "1"})
    page = squash(response.content.decode())
    assert response.status_code == 200 and match.submissions.count() == 0  # nothing reported yet
    assert f'id="m{match.pk}-game-2"' in page and f'id="m{match.pk}-game-3"' not in page
    assert '<option value="me" selected>' in page and 'id="first-1-opponent" checked' in page


def test_the_rows_stop_at_the_longest_legal_sequence(client, round_one):
    match = round_one.matches.get()
    first, _second = _seats(match)
    client.force_login(first)
    url = reverse("tournaments:match", args=[match.round.tournament_id, match.pk])
    page = client.post(url, {"rows": "9", "add_game": "1"}).content.decode()
    assert f'id="m{match.pk}-game-9"' in page and f'id="m{match.pk}-game-10"' not in page  # best of 3: 3 × 3
    assert 'name="add_game"' not in page


def test_no_internals_on_the_slip(client, round_one):
    match = round_one.matches.get()
    first, second = _seats(match)
    services.result_report(match=match, actor=first, games=[{"winner": "a"}, {"mulligan_by": "b"}, {"winner": "a"}])
    page = _slip(client, second, match)
    for internal in ("seat 0", "Seat 0", "seat 1", "(A)", "(B)", "player A", "version", "python -m", "--"):
        assert internal not in page.split("<main", 1)[1], internal
