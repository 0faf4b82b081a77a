"""Issue #13, item 3: the projector view ``/t/<pk>/projector/``: no login, no navigation; while a round is playing
its pairings by player name (name, table, opponent) a screen at a time, cycling by itself, with the round clock;
when the round is over, the standings. It polls itself (htmx) for the next page, so it updates without a
reload."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.markup import squash
from tests.tournaments.test_multiplayer_tables import make_event
from tournaments import services
from tournaments.models import Match, Tournament
from tournaments.pages.projector_views import PAIRINGS_PER_PAGE

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def _names(html: str) -> list[str]:
    return re.findall(r'<tr><td class="fw-semibold" title="[^"]*">([^<]+)</td>', html)


@pytest.fixture
def paired(organiser, django_capture_on_commit_callbacks):
    """A Swiss event of 41 players (20 duels and a bye), round 1 paired: (tournament, round)."""
    t, _ = make_event(organiser, 41, structure="swiss", legal_decks=False, swiss_rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=9)
    t.refresh_from_db()
    return t, rnd


def test_anyone_opens_the_projector_without_a_login_and_without_navigation(client, paired):
    t, _ = paired
    response = client.get(reverse("tournaments:projector", args=[t.pk]))
    html = response.content.decode()
    assert response.status_code == 200 and "navbar" not in html and "tournament-tabs" not in html
    assert "projector.css" in html and "django_htmx/htmx-2.min.js" in html


def test_the_pairings_are_listed_by_player_name_with_table_and_opponent(client, paired):
    t, rnd = paired
    url = reverse("tournaments:projector", args=[t.pk])
    first, second = client.get(url).content.decode(), client.get(url, {"page": 2}).content.decode()
    names = _names(first) + _names(second)
    everyone = sorted((s.registration.display_name for m in rnd.matches.all() for s in m.seats.all()), key=str.casefold)
    assert names == everyone and len(_names(first)) == PAIRINGS_PER_PAGE
    duel = rnd.matches.filter(seats__number=2).order_by("table").first()
    a, b = (s.registration.display_name for s in duel.seats.order_by("number"))
    html = squash(first + second)
    assert re.search(rf'<td class="fw-semibold" title="{a}">{a}</td><td class="text-end projector-table-number">{duel.table}'
                     rf'</td><td>{b}</td>', html)
    assert '<span class="badge text-bg-dark">Bye</span>' in html
    assert "Pairings by name: " in first and "<h1 class=\"projector-title mb-0\">Round 1</h1>" in first


def test_the_screen_cycles_through_its_pages_by_itself(client, paired):
    t, _ = paired
    url = reverse("tournaments:projector", args=[t.pk])
    first = client.get(url).content.decode()
    assert f'hx-get="{url}?page=2" hx-trigger="every 12s" hx-swap="outerHTML"' in first
    assert "Page 1 of 2" in first
    last = client.get(url, {"page": 2}, **HX).content.decode()
    assert last.startswith('<div id="projector"') and "<html" not in last
    assert f'hx-get="{url}?page=1"' in last and "Page 2 of 2" in last  # after the last page, the first again
    assert _names(client.get(url, {"page": 3}).content.decode()) == _names(first)  # out of range wraps round


def test_the_round_clock_is_shown_in_large_type(client, paired):
    t, rnd = paired
    html = client.get(reverse("tournaments:projector", args=[t.pk])).content.decode()
    ends = rnd.ends_at(t.round_minutes)
    assert (f'<p class="projector-clock mb-0" data-clock-state="running"><time data-round-clock '
            f'datetime="{ends.isoformat()}"') in squash(html)
    assert "projector.js" in html


def test_the_standings_follow_once_every_table_is_confirmed(client, paired, organiser,
                                                            django_capture_on_commit_callbacks):
    t, rnd = paired
    url = reverse("tournaments:projector", args=[t.pk])
    with django_capture_on_commit_callbacks(execute=True):
        for match in rnd.matches.filter(status=Match.Status.PENDING):
            services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="slip")
    html = squash(client.get(url, **HX).content.decode())
    assert "Standings after round 1</h1>" in html and "data-round-clock" not in html
    assert html.count('<td class="fw-semibold" title=') == 16 and "Page 1 of 3" in html  # the top 41 (at most 64), 16 a page
    assert '<abbr title="Opponents&#x27; match-win percentage' in html
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    assert "Final standings</h1>" in client.get(url).content.decode()


def test_before_the_first_round_the_screen_waits_for_the_pairings(client, organiser):
    t, _ = make_event(organiser, 2, structure="swiss", legal_decks=False, swiss_rounds=1)
    html = client.get(reverse("tournaments:projector", args=[t.pk])).content.decode()
    assert "The pairings appear here as soon as the round is paired." in html


def test_the_round_and_standings_pages_link_the_projector(client, paired):
    t, _ = paired
    link = f'href="{reverse("tournaments:projector", args=[t.pk])}"'
    assert link in client.get(reverse("tournaments:round", args=[t.pk, 1])).content.decode()
    assert link in client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
