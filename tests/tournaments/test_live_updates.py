"""Issue #13, item 2: the public pairings and standings pages update live. Their table polls the same URL (htmx);
a poll (``HX-Request: true``) is answered with only the table, kept cheap by the cache and the ETag (a 304 while
nothing changed), for the page and search asked for; polling stops once the round is complete or the event
finished. And what the public sees carries no internals: no "results version", no ``python -m``, no seat 0, no
command-line flags; the organiser keeps the line that reproduces the round."""

from __future__ import annotations

import re

import pytest
from django.db import transaction
from django.urls import reverse

from tests.markup import squash
from tests.tournaments.test_multiplayer_tables import make_event
from tournaments import services
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def running(organiser, django_capture_on_commit_callbacks):
    """A Swiss event of 6 players, round 1 paired, one table confirmed: (tournament, round)."""
    t, _ = make_event(organiser, 6, structure="swiss", legal_decks=False, swiss_rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=4)
        first = rnd.matches.order_by("table").first()
        services.result_settle(match=first, actor=organiser, games=[{"winner": "a"}] * 2, reason="result slip")
    t.refresh_from_db()
    return t, rnd


def _finish_round(rnd, organiser, capture) -> None:
    with capture(execute=True):
        for match in rnd.matches.filter(status=Match.Status.PENDING):
            services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="slip")


# --------------------------------------------------------------------------- the pairings


def test_the_pairings_poll_while_a_table_is_open_and_a_poll_gets_only_the_table(client, running):
    t, rnd = running
    url = reverse("tournaments:round", args=[t.pk, 1])
    page = client.get(url).content.decode()
    assert f'<div id="pairings-live" hx-get="{url}?page=1" hx-trigger="every 20s' in page
    poll = client.get(url, **HX)
    html = poll.content.decode()
    assert html.startswith('<div id="pairings-live"') and "<html" not in html and "navbar" not in html
    assert html.count('<tr id="m') == rnd.matches.count() and "hx-trigger" in html
    assert "HX-Request" in poll.headers["Vary"]


def test_a_poll_keeps_the_page_and_search_asked_for(client, running):
    t, _ = running
    url = reverse("tournaments:round", args=[t.pk, 1])
    html = client.get(url, {"page": "2", "q": "ab c"}, **HX).content.decode()
    assert f'hx-get="{url}?page=2&amp;q=ab+c"' in html


def test_the_pairings_stop_polling_once_every_table_is_confirmed(client, running, organiser,
                                                                 django_capture_on_commit_callbacks):
    t, rnd = running
    _finish_round(rnd, organiser, django_capture_on_commit_callbacks)
    url = reverse("tournaments:round", args=[t.pk, 1])
    assert "hx-trigger" not in client.get(url).content.decode()
    poll = client.get(url, **HX).content.decode()
    assert poll.startswith('<div id="pairings-live">') and "hx-trigger" not in poll


def test_the_pairings_answer_304_while_the_round_is_unchanged(client, running, organiser,
                                                             django_capture_on_commit_callbacks):
    t, rnd = running
    url = reverse("tournaments:round", args=[t.pk, 1])
    page, poll = client.get(url), client.get(url, **HX)
    assert page.headers["ETag"] != poll.headers["ETag"]  # the page and its table are two representations
    assert client.get(url, HTTP_IF_NONE_MATCH=page.headers["ETag"]).status_code == 304
    assert client.get(url, HTTP_IF_NONE_MATCH=poll.headers["ETag"], **HX).status_code == 304
    assert client.get(url, HTTP_IF_NONE_MATCH=page.headers["ETag"], **HX).status_code == 200
    _finish_round(rnd, organiser, django_capture_on_commit_callbacks)
    again = client.get(url, HTTP_IF_NONE_MATCH=poll.headers["ETag"], **HX)
    assert again.status_code == 200 and "hx-trigger" not in again.content.decode()


def test_the_organisers_page_carries_no_etag(client, running, organiser):
    t, _ = running
    client.force_login(organiser)
    assert "ETag" not in client.get(reverse("tournaments:round", args=[t.pk, 1])).headers  # its forms carry tokens


# --------------------------------------------------------------------------- the standings


def test_the_standings_poll_until_the_event_is_finished_and_a_poll_gets_only_the_table(client, running):
    t, _ = running
    url = reverse("tournaments:standings", args=[t.pk])
    page = client.get(url).content.decode()
    assert f'<div id="standings-live" hx-get="{url}?page=1" hx-trigger="every 20s' in page
    poll = client.get(url, **HX)
    html = poll.content.decode()
    assert html.startswith('<div id="standings-live"') and "<html" not in html and html.count('<tr id="p') == 6
    assert "HX-Request" in poll.headers["Vary"]
    t.status = Tournament.Status.FINISHED  # saved as the finish service saves it (a visitor's cached page retires)
    with transaction.atomic():  # its own transaction, as a request's (the test's own never commits: page_state)
        t.save(update_fields=["status"])
    assert "hx-trigger" not in client.get(url).content.decode()
    assert "hx-trigger" not in client.get(url, **HX).content.decode()


def test_the_standings_poll_answers_304_with_its_own_etag(client, running):
    t, _ = running
    url = reverse("tournaments:standings", args=[t.pk])
    page, poll = client.get(url), client.get(url, **HX)
    assert poll.headers["ETag"] != page.headers["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=poll.headers["ETag"], **HX).status_code == 304
    assert client.get(url, HTTP_IF_NONE_MATCH=page.headers["ETag"], **HX).status_code == 200


def test_the_standings_say_after_which_round_they_are(client, running, organiser, django_capture_on_commit_callbacks):
    t, rnd = running
    url = reverse("tournaments:standings", args=[t.pk])
    assert "Standings with the round 1 results so far · updated" in client.get(url).content.decode()
    _finish_round(rnd, organiser, django_capture_on_commit_callbacks)
    assert "Standings after round 1 · updated" in client.get(url).content.decode()


def test_the_tiebreaker_columns_have_human_names_explained_and_one_is_kept_on_a_phone(client, running):
    t, _ = running
    html = squash(client.get(reverse("tournaments:standings", args=[t.pk])).content.decode())
    head = html.split("<thead>", 1)[1].split("</thead>", 1)[0]
    assert '<th scope="col" class="text-end text-nowrap"><abbr title="Opponents&#x27; match-win percentage' in head
    assert '<th scope="col" class="text-end text-nowrap d-none d-md-table-cell"><abbr title="Game-win percentage' in head
    assert "text-nowrap d-none d-md-table-cell\"><abbr title=\"Matches won, lost and drawn\">W-L-D" in head


# --------------------------------------------------------------------------- no internals for the public

FLAG = re.compile(r"(?<![!<-])--[a-z]")


def _public_pages(client, t) -> dict[str, str]:
    return {name: client.get(reverse(f"tournaments:{name}", args=args)).content.decode()
            for name, args in (("round", [t.pk, 1]), ("standings", [t.pk]), ("bracket", [t.pk]),
                               ("projector", [t.pk]), ("detail", [t.pk]))}


def test_a_visitor_sees_no_internals_and_the_organiser_keeps_the_reproduce_line(client, running, organiser):
    t, rnd = running
    url = reverse("tournaments:round", args=[t.pk, 1])
    client.force_login(organiser)
    assert f"python -m rules pair --seed {rnd.seed}" in client.get(url).content.decode()
    client.logout()
    for name, html in _public_pages(client, t).items():
        text = html.lower()
        assert "results version" not in text and "python -m" not in text, name
        assert "seat 0" not in text and not FLAG.search(html), name
        assert "tiebreaker system" not in text and ">mtg<" not in text, name
    assert "python -m" not in client.get(url).content.decode()  # the cached page is never the organiser's


def test_the_poll_intervals_are_settings_the_browser_tests_shorten(client, running, settings):
    """Production polls every 20 s (pairings, standings) and turns the projector's page every 12 s; the browser
    tests (tests/browser/test_journeys.py) set ``LIVE_POLL_SECONDS`` and ``PROJECTOR_CYCLE_SECONDS`` lower."""
    t, _ = running
    settings.LIVE_POLL_SECONDS, settings.PROJECTOR_CYCLE_SECONDS = 2, 3
    url = reverse("tournaments:round", args=[t.pk, 1])
    assert f'hx-get="{url}?page=1" hx-trigger="every 2s [' in client.get(url).content.decode()
    url = reverse("tournaments:standings", args=[t.pk])
    assert f'<div id="standings-live" hx-get="{url}?page=1" hx-trigger="every 2s [' in client.get(url).content.decode()
    projector = client.get(reverse("tournaments:projector", args=[t.pk])).content.decode()
    assert 'hx-trigger="every 3s"' in projector
