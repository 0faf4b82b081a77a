"""Issue #12, item 3: a visitor's standings or pairings page costs no database query once cached.

With a cache shared by every process (Redis on the scaled path; ``CROWD_CACHE_SHARED`` forces it here over the
test's in-memory cache), ``tournaments.pages.crowd.CrowdPageMiddleware`` answers a GET from a visitor without a
session from the whole response stored under the tournament's page state. Every write that changes what the page
shows replaces the state, so the next visitor sees the new data; logged-in users, visitors with a session or a
message waiting take the normal path.
"""

from __future__ import annotations

import contextlib

import pytest
from django.contrib import messages
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.test_structures import make_event
from tournaments import page_state, services, tasks
from tournaments.models import Match, Round, Tournament
from tournaments.pages import crowd

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("shared_cache")]


@pytest.fixture
def shared_cache():
    with override_settings(CROWD_CACHE_SHARED=True):
        yield


@pytest.fixture
def event(organiser, django_capture_on_commit_callbacks):
    """8 players, round 1 paired (4 duels), nothing reported yet."""
    t, regs = make_event(organiser, 8, swiss_rounds=3)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=5)
    return Tournament.objects.get(pk=t.pk), rnd


def visit(path: str, **headers) -> tuple[object, int]:
    """A visitor's GET (a fresh client: no cookie at all) and the queries it cost."""
    with CaptureQueriesContext(connection) as queries:
        response = Client().get(path, headers=headers)
    return response, len(queries)


def round_url(t: Tournament, number: int) -> str:
    return reverse("tournaments:round", args=[t.pk, number])


def standings_url(t: Tournament) -> str:
    return reverse("tournaments:standings", args=[t.pk])


def test_a_cached_visitor_page_costs_no_query_and_keeps_its_headers(event):
    t, _ = event
    for url in (standings_url(t), round_url(t, 1), round_url(t, 1) + "?page=1&q=p0"):
        first, first_queries = visit(url)
        second, queries = visit(url)
        assert first.status_code == second.status_code == 200
        assert first_queries > 0 and queries == 0, url
        assert second.content == first.content
        assert "Cookie" in second.headers["Vary"] and second.headers["X-Frame-Options"] == "DENY"
        assert second.headers["Content-Type"] == "text/html; charset=utf-8"
        assert "Set-Cookie" not in second.headers


def test_a_cached_visitor_page_costs_one_cache_round_trip(event, monkeypatch):
    t, _ = event
    url = round_url(t, 1)
    visit(url)
    calls: list[str] = []
    depth = [0]

    def counted(name, real):
        def call(*args, **kwargs):  # the outermost call only (the in-memory get_many calls get per key)
            if not depth[0]:
                calls.append(name)
            depth[0] += 1
            try:
                return real(*args, **kwargs)
            finally:
                depth[0] -= 1
        return call

    for name in ("get", "get_many", "set", "add", "set_many", "delete"):
        monkeypatch.setattr(crowd.cache, name, counted(name, getattr(crowd.cache, name)))
    page, queries = visit(url)
    assert page.status_code == 200 and queries == 0 and calls == ["get_many"]


def test_the_query_string_and_htmx_are_part_of_the_key(event):
    t, _ = event
    url = round_url(t, 1)
    visit(url)
    assert visit(url + "?q=p01")[1] > 0  # another search: rendered
    assert visit(url, HX_Request="true")[1] > 0  # an htmx request: its own answer
    assert visit(url, HX_Request="true")[1] == 0
    searched, queries = visit(url + "?q=p01")
    assert queries == 0 and searched.content.decode().count('<tr id="m') == 1


def test_the_etag_and_304_hold_on_the_fast_path(event, organiser, django_capture_on_commit_callbacks):
    t, rnd = event
    with django_capture_on_commit_callbacks(execute=True):
        for match in rnd.matches.all():
            services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="slip")
    first, _ = visit(standings_url(t))
    etag = first.headers["ETag"]
    assert visit(standings_url(t))[0].headers["ETag"] == etag
    not_modified, queries = visit(standings_url(t), If_None_Match=etag)
    assert not_modified.status_code == 304 and queries == 0 and not_modified.headers["ETag"] == etag
    other, queries = visit(standings_url(t), If_None_Match='"standings-0-v0-r0"')
    assert other.status_code == 200 and queries == 0


def test_a_confirmed_result_shows_on_the_next_visit(event, django_capture_on_commit_callbacks):
    t, rnd = event
    url = round_url(t, 1)
    assert "Reported, awaiting confirmation" not in visit(url)[0].content.decode()
    assert visit(url)[1] == 0
    match = rnd.matches.order_by("table").first()
    a, b = (s.registration.player for s in match.seats.order_by("number"))
    with django_capture_on_commit_callbacks(execute=True):
        report = services.result_report(match=match, actor=a, games=[{"winner": "a"}, {"winner": "a"}])
    page, queries = visit(url)
    assert queries > 0 and "Reported, awaiting confirmation" in page.content.decode()
    assert "No results confirmed yet" in visit(standings_url(t))[0].content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        services.result_confirm(submission=report, actor=b)
    page = visit(url)[0].content.decode()
    assert "Reported, awaiting confirmation" not in page and "2–0" in page  # the confirmed result
    standings = visit(standings_url(t))[0].content.decode()
    assert "No results confirmed yet" not in standings and "with the round 1 results so far" in standings
    assert visit(standings_url(t))[1] == 0


def test_a_new_round_and_a_new_name_show_on_the_next_visit(event, organiser, django_capture_on_commit_callbacks):
    t, rnd = event
    for url in (standings_url(t), round_url(t, 1)):
        visit(url)
        assert "Round 2" not in visit(url)[0].content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        for match in rnd.matches.all():
            services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="slip")
        services.round_pair_next(tournament=t, actor=organiser, seed=6)
    for url in (standings_url(t), round_url(t, 1)):
        assert f'href="{round_url(t, 2)}">Round 2</a>' in visit(url)[0].content.decode()
    t.name = "Spellfire Grand Final"
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():  # a write, committed
        t.save(update_fields=["name"])
    for url in (standings_url(t), round_url(t, 1), round_url(t, 2)):
        page = visit(url)[0].content.decode()
        assert "<h1>Spellfire Grand Final:" in page, url


def test_a_change_replaces_the_page_state_now_and_again_on_commit(event, django_capture_on_commit_callbacks):
    """A visitor who read the old data inside the writer's transaction stored their page under the state of the
    moment; the commit replaces it once more, so that page is never served."""
    t, _ = event
    visit(standings_url(t))
    before = cache.get(crowd.state_key(t.pk))
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        Round.objects.filter(tournament=t).first().save()
        during = cache.get(crowd.state_key(t.pk))
    after = cache.get(crowd.state_key(t.pk))
    assert len({before, during, after}) == 3 and None not in {before, during, after}


@pytest.fixture
def replacements(monkeypatch):
    """The tournament ids whose page state is replaced, in order."""
    replaced: list[int] = []
    original = page_state._replace_state
    monkeypatch.setattr(page_state, "_replace_state", lambda pk: (replaced.append(pk), original(pk)))
    return replaced


def test_a_report_and_a_confirmation_each_replace_the_page_state_twice(event, replacements, monkeypatch,
                                                                      django_capture_on_commit_callbacks):
    """Issue 27: once during the write's transaction and once at its commit; the confirmation saves the match and
    bumps the results version, which share them (it replaced the state three times). The standings job (a worker's,
    which replaces the state when it stores the snapshot) is only queued here."""
    jobs: list[int] = []
    monkeypatch.setattr(tasks, "send_recompute", jobs.append)
    t, rnd = event
    match = rnd.matches.order_by("table").first()
    a, b = (s.registration.player for s in match.seats.order_by("number"))
    with django_capture_on_commit_callbacks(execute=True):
        report = services.result_report(match=match, actor=a, games=[{"winner": "a"}, {"winner": "a"}])
        assert replacements == [t.pk]
    assert replacements == [t.pk] * 2
    replacements.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.result_confirm(submission=report, actor=b)
        assert replacements == [t.pk]
    assert replacements == [t.pk] * 2 and jobs == [t.pk]


def test_a_change_undone_with_its_savepoint_leaves_the_next_change_its_own_replacements(
        event, replacements, django_capture_on_commit_callbacks):
    t, _ = event
    with django_capture_on_commit_callbacks(execute=True) as hooks, transaction.atomic():
        with contextlib.suppress(RuntimeError), transaction.atomic():
            Round.objects.filter(tournament=t).first().save()
            raise RuntimeError("rolled back with its commit hook")
        assert replacements == [t.pk]
        Round.objects.filter(tournament=t).first().save()
        Round.objects.filter(tournament=t).first().save()
        assert replacements == [t.pk] * 2
    assert replacements == [t.pk] * 3 and len(hooks) == 1


def test_anyone_with_a_session_or_a_message_takes_the_normal_path(event, alice):
    t, _ = event
    url = standings_url(t)
    visit(url)
    assert visit(url)[1] == 0
    client = Client()
    client.force_login(alice)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url).content.decode()
    assert len(queries) > 0 and "alice" in page and "Log out" in page
    client = Client()
    client.cookies["sessionid"] = "not-a-session"
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    assert len(queries) > 0
    client = Client()
    request = client.get(url).wsgi_request  # a message for this visitor, in the messages cookie
    storage = messages.storage.cookie.CookieStorage(request)
    storage.add(messages.ERROR, "That did not work.")
    response = client.get(url)
    storage.update(response)
    client.cookies.update(response.cookies)
    assert "That did not work." in client.get(url).content.decode()


def test_a_page_outside_the_fast_path_is_untouched(event):
    t, _ = event
    detail = reverse("tournaments:detail", args=[t.pk])
    visit(detail)
    assert visit(detail)[1] > 0  # only the pages marked crowd.anonymous_page are served from the cache


def test_an_unreachable_cache_costs_a_render_never_an_error(event, monkeypatch):
    t, _ = event

    def down(*args, **kwargs):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(crowd.cache, "get_many", down)
    monkeypatch.setattr(crowd.cache, "get", down)
    monkeypatch.setattr(crowd.cache, "set", down)
    monkeypatch.setattr(crowd.cache, "add", down)
    page, queries = visit(standings_url(t))
    assert page.status_code == 200 and queries > 0
    match = Match.objects.filter(round__tournament=t).select_related("round").first()
    match.save()  # a write whose page state cannot be replaced still succeeds


@override_settings(CROWD_CACHE_SHARED=False)
def test_a_process_local_cache_reads_the_versions_from_the_database(event):
    """The embedded default: another web process's write could not replace this process's page state."""
    t, _ = event
    visit(standings_url(t))
    assert visit(standings_url(t))[1] > 0
