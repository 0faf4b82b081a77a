"""Issue 21, finding 1: a write that changes who sits where changes the round's page state, so no one is shown the
old tables afterwards: not a visitor (the whole page cached, or answered by the visitor's fast path), not a player
or the organiser (the cached table fragment), and not an htmx poll carrying the old ETag (a 200, never a 304).

Each test reads the round page and its poll as a visitor and as the organiser, makes one write, then asks again
with the ETag it was given, and compares the tables it gets with the tables rendered afresh (no cache)."""

from __future__ import annotations

import re
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_multiplayer_tables import make_event
from tournaments import services
from tournaments.models import Match, Registration, Seat
from tournaments.pages import crowd
from tournaments.services.check_in import walk_in_register
from tournaments.services.round_changes import round_repair

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def paired(organiser, settings, django_capture_on_commit_callbacks):
    """A Swiss event of 8 players taking late entries, round 1 paired, nothing reported: (tournament, round).
    The visitor's fast path is on (as on Redis), so the whole stack of caches is in play."""
    settings.CROWD_CACHE_SHARED = True
    t, _ = make_event(organiser, 8, structure="swiss", legal_decks=False, swiss_rounds=3, late_entry_rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=4)
    t.refresh_from_db()
    return t, rnd


def _tables(response) -> list[str]:
    """The rows of the pairings table (what a swap changes), without the rest of the page."""
    return re.findall(r'<tr id="m\d+".*?</tr>', response.content.decode(), re.S)


def _viewers(organiser) -> dict[str, tuple[Client, dict]]:
    staff = Client()
    staff.force_login(organiser)
    return {"visitor page": (Client(), {}), "visitor poll": (Client(), HX), "organiser poll": (staff, HX),
            "organiser page": (staff, {})}


def _fresh(client: Client, url: str, headers: dict):
    """The page rendered from the database, every cache bypassed."""
    with mock.patch.object(crowd, "cached", lambda key, build, *args, **kwargs: build()), \
            mock.patch.object(crowd, "stored_response", lambda request, tournament_id: (None, None)):
        return client.get(url, **headers)


def _seen_after(write, t, organiser, capture) -> dict[str, tuple]:
    """{viewer: (the answer to the old ETag, the tables rendered afresh, the tables seen before)} around ``write``."""
    url = reverse("tournaments:round", args=[t.pk, 1])
    viewers = _viewers(organiser)
    before = {}
    for name, (client, headers) in viewers.items():
        client.get(url, **headers)  # rendered and stored once
        response = client.get(url, **headers)  # served from the caches
        assert response.status_code == 200
        before[name] = (response.headers.get("ETag"), _tables(response))
    with capture(execute=True):
        write()
    seen = {}
    for name, (client, headers) in viewers.items():
        etag, tables = before[name]
        again = client.get(url, **headers, **({"HTTP_IF_NONE_MATCH": etag} if etag else {}))
        seen[name] = (again, _tables(_fresh(client, url, headers)), tables)
    return seen


def _assert_never_stale(seen: dict[str, tuple]) -> None:
    for name, (again, truth, _) in seen.items():
        if again.status_code == 304:
            assert truth == seen[name][2], f"{name}: a 304 for tables that changed"
        else:
            assert again.status_code == 200 and _tables(again) == truth, f"{name}: stale tables"


def _duel_players(rnd) -> tuple[Registration, Registration]:
    """A player of the first table and one of the second (two duels, no bye)."""
    first, second = (Match.objects.filter(round=rnd, pk__in=Seat.objects.values("match")).order_by("table")[:2])
    return (first.seats.order_by("number").first().registration,
            second.seats.order_by("number").first().registration)


def test_a_swap_through_the_api_is_seen_at_once_by_visitors_players_and_the_organiser_and_a_poll_gets_a_200(
        paired, organiser, django_capture_on_commit_callbacks):
    t, rnd = paired
    x, y = _duel_players(rnd)
    api = Client()
    api.force_login(organiser)

    def swap():
        response = api.post(reverse("api:round-swap", args=[t.pk]),
                            {"first": x.pk, "second": y.pk, "reason": "seated at the wrong table"},
                            content_type="application/json")
        assert response.status_code == 200

    seen = _seen_after(swap, t, organiser, django_capture_on_commit_callbacks)
    for name, (again, truth, old) in seen.items():
        assert truth != old, f"{name}: the swap changed the tables"
        assert again.status_code == 200, f"{name}: the old ETag still matched after a swap"
    _assert_never_stale(seen)


def test_a_re_pairing_is_seen_at_once_by_everyone(paired, organiser, django_capture_on_commit_callbacks):
    t, _ = paired

    def repair():
        round_repair(tournament=t, actor=organiser, reason="a player was missing", seed=99)

    seen = _seen_after(repair, t, organiser, django_capture_on_commit_callbacks)
    assert any(truth != old for _, truth, old in seen.values())
    _assert_never_stale(seen)


def test_a_drop_during_the_round_never_leaves_a_stale_round_page(paired, organiser, django_capture_on_commit_callbacks):
    """A player dropped during a round keeps their seat in it (``dropped_after_round``), so the tables may stay as
    they are; whatever the page shows afterwards is what the database holds."""
    t, rnd = paired
    x, _ = _duel_players(rnd)

    def drop():
        services.player_drop(registration=x, actor=organiser, reason="left the venue")

    _assert_never_stale(_seen_after(drop, t, organiser, django_capture_on_commit_callbacks))


def test_a_late_entry_never_leaves_a_stale_round_page(paired, organiser, django_capture_on_commit_callbacks):
    """A late entrant joins the next round; the paired round's page stays true."""
    t, _ = paired

    def late_entry():
        walk_in_register(tournament=t, actor=organiser, name="Late Larry")

    _assert_never_stale(_seen_after(late_entry, t, organiser, django_capture_on_commit_callbacks))


def test_a_disqualification_during_the_round_is_seen_at_once(paired, organiser, django_capture_on_commit_callbacks):
    t, rnd = paired
    x, _ = _duel_players(rnd)

    def disqualify():
        services.penalty_issue(tournament=t, actor=organiser, registration=x, kind="disqualification",
                               reason="cheating")

    seen = _seen_after(disqualify, t, organiser, django_capture_on_commit_callbacks)
    assert any(truth != old for _, truth, old in seen.values())
    _assert_never_stale(seen)

