"""Query counts of the busiest reads are pinned, and do not grow with the event.

Each page or endpoint is read for a 4-player and a 12-player event in the same state (round 1 played, round 2
paired with one result reported and one disputed): the count must be the pinned number for both, so an N+1 query
(one more query per match, seat or player) fails here before it reaches an event day.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.conftest import app_queries
from tests.tournaments.test_structures import make_event
from tournaments import services
from tournaments.models import Match

pytestmark = pytest.mark.django_db

# path template -> queries (who reads it: "anon", "organiser")
PINNED = {
    ("/t/{t}/rounds/2/", "anon"): 4,  # 5 before issue #12: the rendered tables are cached per round state
    ("/t/{t}/standings/", "anon"): 3,  # 4 before issue #12: the rendered table is cached per snapshot version
    # 18 before issue 13: +2 the check-in panel (whether a round exists, the walk-ins), +2 the round clock controls
    # (the current round, its tables with a time extension), +2 the event state (the latest round's open tables) and
    # the staff (co-organisers); all flat in the number of players. 23 since issue 27: the session comes from the
    # cache (cached_db sessions). 13 since issue 20: the manage page is in tabs, this is the Round tab (the players,
    # penalties, staff, audit log and decks moved to their own tabs: tests/tournaments/test_manage_tabs.py)
    # 14 with the results desk on the Round tab (issue 20: the round's live reports in one prefetch, flat)
    ("/t/{t}/manage/", "organiser"): 14,
    # +1 (issue 13): the co-organisers of the listed tournaments, prefetched in one query
    ("/api/v1/tournaments/", "anon"): 3,
    ("/api/v1/tournaments/{t}/registrations/", "anon"): 2,
    ("/api/v1/tournaments/{t}/rounds/", "anon"): 3,
    ("/api/v1/tournaments/{t}/rounds/2/", "anon"): 3,
    ("/api/v1/tournaments/{t}/standings/", "anon"): 3,
}
# A visitor (no session) with a cache shared by every process (Redis): the whole page comes from the cache
# (tournaments.pages.crowd.CrowdPageMiddleware). The pins above are the embedded default's (process-local cache).
VISITOR_CACHED = {
    "/t/{t}/rounds/2/": 0,  # 4 without a shared cache (issue #12 item 3: no query for a cached visitor page)
    "/t/{t}/rounds/2/?page=1&q=p0": 0,
    "/t/{t}/standings/": 0,  # 3 without a shared cache
    "/t/{t}/standings/?page=1&q=p1": 0,
}


def _event(organiser, players: int, django_capture_on_commit_callbacks):
    t, regs = make_event(organiser, players, swiss_rounds=3)
    with django_capture_on_commit_callbacks(execute=True):
        one = services.round_pair_next(tournament=t, actor=organiser, seed=5)
        for match in one.matches.filter(status=Match.Status.PENDING):
            services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="slip")
        two = services.round_pair_next(tournament=t, actor=organiser, seed=6)
        duels = [m for m in two.matches.order_by("table") if m.seats.count() == 2]
        first, second = duels[0], duels[1]
        a, b = (s.registration.player for s in first.seats.order_by("number"))
        services.result_report(match=first, actor=a, games=[{"winner": "a"}, {"winner": "a"}])
        c, d = (s.registration.player for s in second.seats.order_by("number"))
        report = services.result_report(match=second, actor=c, games=[{"winner": "a"}, {"winner": "a"}])
        services.result_dispute(submission=report, actor=d, reason="I won game 2")
    return t


def _count(client, path: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return len(app_queries(queries))


@pytest.mark.parametrize(("path", "who"), list(PINNED))
@override_settings(CROWD_CACHE_SHARED=False)
def test_reads_cost_a_fixed_number_of_queries(path, who, organiser, django_capture_on_commit_callbacks):
    counts = []
    for players in (4, 12):
        t = _event(organiser, players, django_capture_on_commit_callbacks)
        client = APIClient()
        if who == "organiser":
            client.force_login(organiser)
        client.get(path.format(t=t.pk))  # warm the per-process caches (catalogue, content types)
        counts.append(_count(client, path.format(t=t.pk)))
    assert counts == [PINNED[(path, who)]] * 2, f"{path}: {counts} queries for 4 and 12 players"


@pytest.mark.parametrize("path", list(VISITOR_CACHED))
@override_settings(CROWD_CACHE_SHARED=True)
def test_a_cached_visitor_page_costs_no_query(path, organiser, django_capture_on_commit_callbacks):
    counts = []
    for players in (4, 12):
        t = _event(organiser, players, django_capture_on_commit_callbacks)
        Client().get(path.format(t=t.pk))  # the first visitor renders it
        counts.append(_count(Client(), path.format(t=t.pk)))
    assert counts == [VISITOR_CACHED[path]] * 2, f"{path}: {counts} queries for 4 and 12 players"
