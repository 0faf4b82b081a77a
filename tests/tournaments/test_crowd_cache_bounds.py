"""Issue 21, finding 9: the anonymous page cache keys only on what a page reads (the page number and the search,
normalised; whether it is an htmx poll; the language), never on the raw query string or the raw ``HX-Target``:
300 unique ``?utm=`` values made 300 stored pages. And what one page may store is bounded
(``CROWD_CACHE_VARIANTS`` variants per page and state), so unique searches cannot fill the cache either."""

from __future__ import annotations

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.urls import reverse

from tournaments.pages import crowd

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def fast_path(settings):
    """The visitor's fast path on (as on Redis), whatever the test cache."""
    settings.CROWD_CACHE_SHARED = True
    return settings


def _stored(tournament_id: int, kind: str = "response") -> int:
    """How many entries of ``kind`` (``response``: whole visitor responses) the cache holds for the tournament."""
    marker = f"crowd:{crowd.namespace()}:{kind}:{tournament_id}:"
    if isinstance(caches["default"], LocMemCache):
        return sum(marker in key for key in cache._cache)  # type: ignore[attr-defined]
    client = caches["default"]._cache.get_client()  # type: ignore[attr-defined]
    return sum(1 for _ in client.scan_iter(match=caches["default"].make_key(f"{marker}*")))


def test_unread_query_parameters_and_htmx_targets_share_one_stored_page(client, round_one, fast_path):
    t = round_one.tournament
    for url in (reverse("tournaments:standings", args=[t.pk]), reverse("tournaments:round", args=[t.pk, 1])):
        before = _stored(t.pk)
        first = client.get(url, {"utm": "a"})
        for n in range(20):
            again = client.get(url, {"utm": f"campaign-{n}", "fbclid": str(n)})
            assert again.status_code == 200 and again.content == first.content
        client.get(url, {"page": "01"})
        client.get(url, {"page": "1", "q": ""})
        for target in ("pairings-live", "standings-live", "x" * 50, ""):
            client.get(url, HTTP_HX_TARGET=target, **HX)
        assert _stored(t.pk) - before <= 2, url  # the page and its poll


def test_a_search_is_keyed_on_what_the_page_reads(client, round_one, fast_path):
    t = round_one.tournament
    url = reverse("tournaments:round", args=[t.pk, 1])
    client.get(url, {"q": "alice"})
    stored = _stored(t.pk)
    client.get(url, {"q": "  alice "})
    client.get(url, {"q": "alice", "page": "1"})
    assert _stored(t.pk) == stored


def test_one_page_stores_at_most_the_configured_number_of_variants(client, round_one, fast_path):
    fast_path.CROWD_CACHE_VARIANTS = 3
    t = round_one.tournament
    url = reverse("tournaments:round", args=[t.pk, 1])
    before = _stored(t.pk)
    for n in range(8):
        assert client.get(url, {"q": f"search {n}"}).status_code == 200
    assert _stored(t.pk) - before == 3
    assert b"search 7" in client.get(url, {"q": "search 7"}).content  # still answered, rendered each time


def test_the_fragments_of_one_page_are_bounded_too(client, round_one, settings):
    """Without the fast path (the embedded default) the rendered tables and visitor pages are cached per
    search and page number: bounded the same way."""
    settings.CROWD_CACHE_VARIANTS = 2
    t = round_one.tournament
    url = reverse("tournaments:round", args=[t.pk, 1])
    for n in range(6):
        assert client.get(url, {"q": f"nobody {n}"}).status_code == 200
    if isinstance(caches["default"], LocMemCache):
        fragments = sum(":round:" in key for key in cache._cache)  # type: ignore[attr-defined]
        pages = sum(":round-page:" in key for key in cache._cache)  # type: ignore[attr-defined]
        assert fragments <= 2 and pages <= 2
