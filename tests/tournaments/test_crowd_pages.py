"""Issue #12, item 3: the standings and pairings pages hold a crowd. 100 rows (tables) a page, a search by
player name, a "find me" link for a logged-in player, each page rendered once per version (then served from the
cache), ETag/304 kept on the standings, and the CSV export keeps every row."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.urls import reverse

from tournaments import services
from tournaments.models import Match, Registration, Round, Seat, StandingsSnapshot, Tournament
from tournaments.pages import live_views as views

pytestmark = pytest.mark.django_db

PLAYERS = 250


@pytest.fixture
def crowd_event(tournament, organiser):
    """A running event of 250 players (``player000``...) with a snapshot ranking them in name order and a round
    of 125 duels (table n: players 2n-2 and 2n-1)."""
    users = User.objects.bulk_create([User(username=f"player{n:03d}") for n in range(PLAYERS)])
    Registration.objects.bulk_create([Registration(tournament=tournament, player=u) for u in users])
    regs = list(Registration.objects.filter(tournament=tournament).select_related("player").order_by("player__username"))
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING, results_version=1)
    rows = [{"player": str(r.pk), "name": r.display_name, "rank": n, "points": 3, "wins": 1, "losses": 0,
             "draws": 0, "dropped": False} for n, r in enumerate(regs, start=1)]
    StandingsSnapshot.objects.create(tournament=tournament, version=1, rows=rows, tiebreakers="mtg")
    rnd = Round.objects.create(tournament=tournament, number=1, kind=Round.Kind.SWISS, seed=1, created_by=organiser)
    matches = Match.objects.bulk_create([Match(round=rnd, table=n) for n in range(1, PLAYERS // 2 + 1)])
    Seat.objects.bulk_create([Seat(match=m, registration=regs[2 * i + k], number=k + 1)
                              for i, m in enumerate(matches) for k in (0, 1)])
    tournament.refresh_from_db()
    return tournament, regs


@pytest.fixture
def renders(monkeypatch):
    """How many page fragments were rendered (``render_to_string`` in the page views)."""
    calls = []
    real = views.render_to_string

    def counting(template, context=None, *args, **kwargs):
        calls.append(template)
        return real(template, context, *args, **kwargs)

    monkeypatch.setattr(views, "render_to_string", counting)
    return calls


def test_the_standings_come_100_rows_a_page_and_the_csv_keeps_every_row(crowd_event, client):
    t, regs = crowd_event
    url = reverse("tournaments:standings", args=[t.pk])
    first = client.get(url).content.decode()
    assert first.count('<tr id="p') == 100 and "Page 1 of 3" in first and f'id="p{regs[0].pk}"' in first
    last = client.get(url, {"page": 3}).content.decode()
    assert last.count('<tr id="p') == 50 and f'id="p{regs[-1].pk}"' in last
    assert client.get(url, {"page": 99}).content.decode().count('<tr id="p') == 50  # clamped to the last page
    assert client.get(url, {"page": "x"}).status_code == 200
    exported = list(csv.DictReader(io.StringIO(
        client.get(reverse("tournaments:export-standings", args=[t.pk])).content.decode())))
    assert len(exported) == PLAYERS


def test_the_standings_search_by_name_and_find_me_jumps_to_the_players_page(crowd_event, client):
    t, regs = crowd_event
    url = reverse("tournaments:standings", args=[t.pk])
    found = client.get(url, {"q": "PLAYER17"}).content.decode()  # player170..player179
    assert found.count('<tr id="p') == 10 and "10 matches" in found
    assert "No player matches" in client.get(url, {"q": "nobody"}).content.decode()
    me = regs[150]
    client.force_login(me.player)
    page = client.get(url).content.decode()
    assert f'href="{url}?page=2#p{me.pk}">Find me</a>' in page
    assert f'id="p{me.pk}"' in client.get(url, {"page": 2}).content.decode()


def test_a_standings_page_is_rendered_once_per_snapshot_version(crowd_event, client, renders):
    t, _ = crowd_event
    url = reverse("tournaments:standings", args=[t.pk])
    for _ in range(3):
        assert client.get(url).status_code == 200
    client.get(url, {"page": 2})
    assert len(renders) == 2  # page 1 once, page 2 once
    first = client.get(url)
    assert client.get(url, HTTP_IF_NONE_MATCH=first.headers["ETag"]).status_code == 304
    snapshot = StandingsSnapshot.objects.get(tournament=t)
    with transaction.atomic():  # its own transaction, as the standings job's (the test's never commits: page_state)
        StandingsSnapshot.objects.create(tournament=t, version=2, rows=snapshot.rows[::-1], tiebreakers="mtg")
        Tournament.objects.filter(pk=t.pk).update(results_version=2)
    page = client.get(url).content.decode()
    assert len(renders) == 3  # a new version renders again, never the old page (issue #13: no "results version N")
    assert page.index("player249") < page.index("player200")


def test_the_pairings_come_100_tables_a_page_with_a_search_and_the_players_own_table(crowd_event, client):
    t, regs = crowd_event
    url = reverse("tournaments:round", args=[t.pk, 1])
    first = client.get(url).content.decode()
    assert first.count('<tr id="m') == 100 and "Page 1 of 2" in first and "your match slip" not in first
    assert client.get(url, {"page": 2}).content.decode().count('<tr id="m') == 25
    found = client.get(url, {"q": "player201"}).content.decode()
    assert found.count('<tr id="m') == 1 and "player200" in found  # the whole table is shown
    me = regs[230]  # table 116, on page 2
    match = Match.objects.get(seats__registration=me)
    client.force_login(me.player)
    page = client.get(url).content.decode()
    assert f'href="{url}?page=2#m{match.pk}">Find me</a>' in page
    mine = client.get(url, {"page": 2}).content.decode()
    assert f'<tr id="m{match.pk}" class="mine">' in mine and mine.count("your match slip") == 1
    assert reverse("tournaments:match", args=[t.pk, match.pk]) in mine


def test_a_pairings_page_is_rendered_once_per_state_of_the_round(crowd_event, client, renders):
    t, _ = crowd_event
    url = reverse("tournaments:round", args=[t.pk, 1])
    for _ in range(3):
        client.get(url)
    assert len(renders) == 1
    match = Match.objects.get(round__tournament=t, table=1)
    services.result_report(match=match, actor=match.seats.get(number=1).registration.player,
                           games=[{"winner": "a"}, {"winner": "a"}])  # through the service: it retires the page
    page = client.get(url).content.decode()
    assert len(renders) == 2 and "Reported, awaiting confirmation" in page
