"""One reading of a sent result (``tournaments.result_input``): the match slip's form and the API's JSON refuse the
same bad result with the same code and the same message, and nothing is stored."""

from __future__ import annotations

import html

import pytest
from django.http import QueryDict
from django.urls import reverse

from tests.conftest import call_time, seat_users
from tests.tournaments.test_match_record import api, count_fields, counts, form_errors, nothing_stored
from tournaments.models import Tournament
from tournaments.pages.result_form import result_from_post, slip_from_post
from tournaments.result_input import ResultInputError, check_counts, read_result, slip_number

pytestmark = pytest.mark.django_db

SIX = counts(3, 2)


def _form(fields: dict) -> QueryDict:
    post = QueryDict(mutable=True)
    post.update(fields)
    return post


def _page_code(fields: dict) -> str:
    """The code the slip's reading refuses ``fields`` with (seat 1's form of a best of 3 duel)."""
    with pytest.raises(ResultInputError) as refused:
        result_from_post(_form(fields), 2, 3, seat=1)
        slip_from_post(_form(fields))
    return refused.value.code


#: (the slip's fields, the same result as the API's JSON, the code both refuse it with)
SAME_MISTAKES = [
    pytest.param({"game-1": "unfinished", **count_fields(1, {**SIX["a"], "draw_pile": -3}, SIX["b"])},
                 {"games": [{"unfinished": True, "counts": {"a": {**SIX["a"], "draw_pile": -3}, "b": SIX["b"]}}]},
                 "counts", id="a negative count"),
    pytest.param({"game-1": "unfinished", **count_fields(1, {**SIX["a"], "holdings": "many"}, SIX["b"])},
                 {"games": [{"unfinished": True, "counts": {"a": {**SIX["a"], "holdings": "many"}, "b": SIX["b"]}}]},
                 "counts", id="a count that is no number"),
    pytest.param({"game-1": "me", "game-2": "me", "slip_table": "one"},
                 {"games": [{"winner": "a"}, {"winner": "a"}], "table": "one"}, "slip", id="a table that is no number"),
    pytest.param({"game-1": "me", "game-2": "me", "slip_round": "0"},
                 {"games": [{"winner": "a"}, {"winner": "a"}], "round": 0}, "slip", id="round 0"),
]


@pytest.mark.parametrize(("fields", "body", "code"), SAME_MISTAKES)
def test_the_slip_and_the_api_refuse_the_same_mistake_with_the_same_code_and_message(
        client, round_one, fields, body, code):
    Tournament.objects.filter(pk=round_one.tournament_id).update(end_of_round="decide_by_counts")
    call_time(round_one)
    match = round_one.matches.get()
    player_a, _player_b = seat_users(match)
    assert _page_code(fields) == code
    answer = api(player_a).post(f"/api/v1/matches/{match.pk}/reports/", body, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == code, answer.content
    client.force_login(player_a)
    page = client.post(reverse("tournaments:match", args=[round_one.tournament_id, match.pk]), fields)
    assert page.status_code == 400
    message = html.unescape(form_errors(page))
    assert answer.json()["detail"].split(": ", 1)[1] in message
    assert nothing_stored(match)


def test_counts_filled_in_only_in_part_are_refused_as_counts_on_the_slip_as_by_the_api(client, round_one):
    Tournament.objects.filter(pk=round_one.tournament_id).update(end_of_round="decide_by_counts")
    call_time(round_one)
    match = round_one.matches.get()
    player_a, _player_b = seat_users(match)
    partial = {k: v for k, v in count_fields(1, SIX["a"], SIX["b"]).items() if not k.endswith("b-draw_pile")}
    assert _page_code({"game-1": "unfinished", **partial}) == "counts"
    body = {"games": [{"unfinished": True, "counts": {"a": SIX["a"], "b": {
        k: v for k, v in SIX["b"].items() if k != "draw_pile"}}}]}
    answer = api(player_a).post(f"/api/v1/matches/{match.pk}/reports/", body, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "counts"
    assert nothing_stored(match)


@pytest.mark.parametrize(("fields", "code"), [
    ({"mode": "placements", "place-1": "first", "place-2": "2", "place-3": "3"}, "placements"),
    ({"mode": "games"}, "games"),
    ({}, "table_result"),
])
def test_a_tables_form_is_refused_with_the_code_the_api_gives(fields, code):
    with pytest.raises(ResultInputError) as refused:
        result_from_post(_form(fields), 3, 3, seat=1)
    assert refused.value.code == code


def test_the_shared_reading_checks_counts_and_slip_numbers_only():
    assert read_result({"games": [{"winner": "a"}], "round": 2, "table": 7}) == {
        "games": [{"winner": "a"}], "placements": None, "round_number": 2, "table": 7}
    assert slip_number(None, "round") is None
    for bad in ("3", 0, -1, True, 2.5):
        with pytest.raises(ResultInputError) as refused:
            slip_number(bad, "table")
        assert refused.value.code == "slip"
    check_counts([{"counts": {"a": {"holdings": 0}}}, {"winner": "b"}, "not a game"])  # the service judges the rest
    with pytest.raises(ResultInputError) as refused:
        check_counts([{"winner": "a"}, {"unfinished": True, "counts": {"b": {"holdings": True}}}])
    assert refused.value.code == "counts" and "Game 2" in refused.value.message and "holdings" in refused.value.message
