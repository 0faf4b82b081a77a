"""Query counts of the two writes of a round's end are pinned: a player's report and the opponent's confirmation
through the API (issue 27: at the end of a round every table writes at once).

Each is measured for a 4-player and a 12-player event in the same state (round 1 paired): the count must be the
pinned number for both, so a query per match, seat or player fails here. The standings job that a confirmation
queues runs after the commit (on a Celery worker on the scaled path): it is not part of the request's count.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.conftest import app_queries, make_event
from tournaments import services
from tournaments.models import Match, ResultSubmission

pytestmark = pytest.mark.django_db

# 13 before issue 27: -1 the session read from the cache (cached_db sessions), -2 the answer built from the rows
# the service wrote (the seats and every submission of the match were read again), -1 the match read once, locked
# by the service (the view looked it up first)
REPORT_QUERIES = 9
# 17 before issue 27: -1 the session from the cache, -1 the match locked by id (it was read once unlocked first),
# -2 the answer serialised from the locked match and its seats (they were read again), -1 no earlier confirmed
# submission looked for when the match is not confirmed; +1 (issue 20) whether the round has a table left without a
# confirmed result (the last one stops the round's clock: one UPDATE more then)
CONFIRM_QUERIES = 13


def _first_duel(organiser, players: int):
    t, _ = make_event(organiser, players, structure="swiss", swiss_rounds=3)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=5)
    match = next(m for m in rnd.matches.order_by("table") if m.seats.count() == 2)
    first, second = (s.registration.player for s in match.seats.order_by("number"))
    return match, first, second


def _client(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    client.get("/api/v1/tournaments/")  # the session and per-process caches (content types) are warm
    return client


def _report_and_confirm(organiser, players: int) -> tuple[int, int]:
    match, first, second = _first_duel(organiser, players)
    reporter, confirmer = _client(first), _client(second)
    with CaptureQueriesContext(connection) as report_queries:
        answer = reporter.post(f"/api/v1/matches/{match.pk}/reports/",
                               {"games": [{"winner": "a"}, {"winner": "b"}, {"winner": "a"}]}, format="json")
    assert answer.status_code == 201, answer.content
    with CaptureQueriesContext(connection) as confirm_queries:
        answer = confirmer.post(f"/api/v1/reports/{answer.json()['id']}/confirm/")
    assert answer.status_code == 200, answer.content
    assert ResultSubmission.objects.filter(match=match, state=ResultSubmission.State.CONFIRMED).count() == 1
    assert Match.objects.get(pk=match.pk).status == Match.Status.CONFIRMED
    return len(app_queries(report_queries)), len(app_queries(confirm_queries))


def test_a_report_and_its_confirmation_cost_a_fixed_number_of_queries(organiser):
    counts = [_report_and_confirm(organiser, players) for players in (4, 12)]
    assert counts == [(REPORT_QUERIES, CONFIRM_QUERIES)] * 2


@pytest.mark.parametrize("body", [{"games": [{"winner": "a"}]}, {"games": "not a list"}, {"placements": [1, 1]}])
def test_a_report_of_a_missing_match_is_a_404_whatever_its_body(alice, body):
    """The view no longer looks the match up before the service locks it; a missing match still answers 404,
    before its input is validated, as it did."""
    answer = _client(alice).post("/api/v1/matches/999999/reports/", body, format="json")
    assert answer.status_code == 404 and answer.json()["code"] == "not_found", answer.content
