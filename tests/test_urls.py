"""The URL configuration does not depend on the order of its route lists: no route catches another's paths, the
API's JSON 404 is appended after every API route (``config.urls.API_ROUTES``), and any other unknown path, under
every prefix the site serves, is the site's HTML 404 page (no page route catches all)."""

from __future__ import annotations

import pytest
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve
from django.urls.resolvers import RoutePattern

from config.urls import API_ROUTES
from tests.test_no_server_error import _fill, _numeric, _word

pytestmark = pytest.mark.django_db

UNKNOWN = "no-such-page/"


def _patterns(resolver: URLResolver | None = None, prefix: str = "", namespace: str = ""):
    """(route with placeholders, view name, the URLPattern) of every route outside the admin."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if route.startswith("admin/"):
            continue
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from _patterns(entry, route, inner)
        elif isinstance(entry, URLPattern):
            yield route, f"{namespace}{entry.name}" if entry.name else "", entry


#: Routes whose last segments take any word (Django's password reset link: ``reset/<uidb64>/<token>/``): a path
#: under their prefix is theirs, not unknown.
ANY_WORD = {"password_reset_confirm"}


def _sample(route: str) -> str | None:
    """The route with sample values (1 for an id); None for a regular expression route (the API's 404)."""
    if "^" in route:
        return None
    return _fill(route, lambda conv, name: "1" if _numeric(conv) else _word(conv))


def _is_the_sites_404(response) -> bool:
    html = response.content.decode()
    return (response.status_code == 404 and "There is no such page" in html and "bootstrap.min.css" in html)


def test_the_api_json_404_comes_after_every_api_route_of_both_apps():
    assert API_ROUTES[-1].name == "not-found"
    assert [r for r in API_ROUTES if r.name == "not-found"] == [API_ROUTES[-1]]


def test_every_named_route_answers_its_own_path_and_no_other_route_matches_it():
    """So the order of the route lists (the two apps' pages, the two apps' API routes) does not matter."""
    patterns = list(_patterns())
    assert len(patterns) > 100
    problems = []
    for route, name, _ in patterns:
        url = _sample(route)
        if url is None or not name or name == "api:not-found":
            continue
        if resolve(url).view_name != name:
            problems.append(f"{url}: {resolve(url).view_name}, not {name}")
        others = [other for other_route, other, entry in patterns if other != name and other != "api:not-found"
                  and _matches(other_route, url)]
        if others:
            problems.append(f"{url} ({name}) also matches {others}")
    assert problems == []


def _matches(route: str, url: str) -> bool:
    """True if ``route`` (a whole route, placeholders and all) matches ``url`` on its own, wherever it is listed."""
    if "^" in route:
        return False
    return RoutePattern(route, is_endpoint=True).match(url.lstrip("/")) is not None


def _unknown_under_every_prefix() -> list[str]:
    """An unknown path under every route's path (``/t/1/standings/no-such-page/``) and under every literal
    prefix (``/t/no-such-page/``), the site's root included."""
    urls = {"/" + UNKNOWN}
    for route, _, _ in _patterns():
        url = _sample(route)
        if url is None:
            continue
        urls.add((url if url.endswith("/") else url + "/") + UNKNOWN)
        parts = url.strip("/").split("/")
        for depth in range(1, len(parts)):
            urls.add("/" + "/".join(parts[:depth]) + "/" + UNKNOWN)
    return sorted(urls)


def test_an_unknown_path_under_every_prefix_of_the_site_is_its_404_page(client):
    problems = []
    urls = [url for url in _unknown_under_every_prefix() if not url.startswith("/api/v1/")]
    assert len(urls) > 50
    for url in urls:
        try:
            name = resolve(url).view_name
        except Resolver404:
            name = None
        if name in ANY_WORD:
            continue
        if name is not None:
            problems.append(f"{url}: routed to {name}")
        elif not _is_the_sites_404(response := client.get(url)):
            problems.append(f"{url}: {response.status_code}, not the site's 404 page")
    assert problems == []


def test_an_unknown_path_under_the_api_is_its_json_404(client):
    urls = [url for url in _unknown_under_every_prefix() if url.startswith("/api/v1/")]
    assert len(urls) > 20
    problems = []
    for url in urls:
        response = client.get(url)
        if response.status_code != 404 or response.json().get("code") != "not_found":
            problems.append(f"{url}: {response.status_code} {response.content[:80]!r}")
    assert problems == []
