"""Pages that hold a crowd (issue #12): the standings and pairings tables are paginated, searchable by player
name, and each page of a table is rendered once per version of what it shows, then served from the cache
(Redis on the scaled path, the process's memory on the embedded default).

The cache key holds the tournament, the version (the standings snapshot's and the results version, or the
round's state), the page and a digest of the search, so a new result never serves an old page and a search
never poisons another one. What depends on the viewer (the "find me" link, the player's own table) is added per
request, outside the cached fragment.

The visitor's fast path (no database query, one cache round trip): when the cache is shared by every process that
writes (:func:`shared_cache`: Redis on the scaled path), a GET of a page marked :func:`anonymous_page` from a
visitor without a session (no session or messages cookie) is answered by :class:`CrowdPageMiddleware` from the
whole response stored the last time, if it was stored under the tournament's current *page state*. The page state
is a random token per tournament in the cache (:func:`state_key`), replaced by :func:`page_changed` whenever
anything a public page shows may have changed: a tournament, round, registration, match, penalty, audit entry or
standings snapshot saved, a round paired or deleted, a results version bumped (``queue_standings``): at once, and
again when the transaction commits, so a page rendered from data read before the commit is never served
afterwards. A write that bypasses the model signals (``QuerySet.update``, ``bulk_create``) must go with
one of them (every organiser change writes an ``AuditEntry``). A miss takes the normal view, which reads the
database (and its own cache of fragments), and the middleware stores its answer under the token it read first.
On the process-local cache (the embedded default) the fast path is off: a write in one web process could not
reach another's memory, so every request reads the versions from the database instead.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.messages import get_messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, QueryDict
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.urls import Resolver404, resolve
from django.utils.cache import get_conditional_response

# the page state and what retires it live in tournaments.page_state (connected when the app is ready, in web and
# Celery processes alike); re-exported here for the pages
from tournaments.ids import parse_int
from tournaments.page_state import STATE_SECONDS, digest, namespace, new_state, page_changed, state_key  # noqa: F401


#: Rows (standings) or tables (pairings) per page.
PAGE_SIZE = 100
#: How long a rendered fragment stays cached; a new version changes the key long before.
FRAGMENT_SECONDS = 600
#: The longest search kept (characters).
QUERY_MAX = 100
#: The highest page number read from ``?page=`` (a larger one, or anything but ASCII digits, is page 1).
PAGE_MAX = 999_999


@dataclass(frozen=True)
class Paging:
    """The page asked for (1-based; out-of-range numbers are clamped once the total is known) and the search."""

    page: int
    q: str

    @classmethod
    def of(cls, request: HttpRequest) -> Paging:
        page = parse_int(request.GET.get("page", "1"), minimum=1, maximum=PAGE_MAX) or 1
        return cls(page=page, q=request.GET.get("q", "").strip()[:QUERY_MAX])

    def key(self, *parts: object) -> str:
        return ":".join(str(p) for p in ("crowd", namespace(), *parts, f"p{self.page}",
                                          f"q{digest(self.q.casefold())}"))

    def query(self) -> str:
        """The query string a crowd page reads, normalised: ``page`` (when not 1) and ``q`` (when given), nothing
        else (``?utm=``, ``?page=01`` and ``?q=%20x`` read as the same page as without them)."""
        return urlencode(({"page": self.page} if self.page > 1 else {}) | ({"q": self.q} if self.q else {}))


def page_count(total: int) -> int:
    return max(1, math.ceil(total / PAGE_SIZE))


def page_url(path: str, page: int, q: str = "", anchor: str = "") -> str:
    params = {"page": page} | ({"q": q} if q else {})
    return f"{path}?{urlencode(params)}{anchor}"


def nav(path: str, page: int, pages: int, q: str, total: int) -> dict:
    """What the pagination bar shows."""
    return {"page": page, "pages": pages, "q": q, "total": total,
            "previous": page_url(path, page - 1, q) if page > 1 else "",
            "next": page_url(path, page + 1, q) if page < pages else ""}


def matches_name(name: str, q: str) -> bool:
    return q.casefold() in name.casefold()


def variants_max() -> int:
    """How many variants of one page (a page number, a search, a language, a poll or not) are stored per state
    of what it shows: the ``CROWD_CACHE_VARIANTS`` setting (default 100); the next ones are rendered each time."""
    return int(getattr(settings, "CROWD_CACHE_VARIANTS", 100))


def within_budget(scope: str) -> bool:
    """Count one more stored variant of the page ``scope`` names (a page and the state it shows); False once
    :func:`variants_max` are stored, or when the cache cannot be reached. The count lives as long as the
    entries it counts (``FRAGMENT_SECONDS``), under a key of its own: a new state starts a new count."""
    key = f"crowd:{namespace()}:variants:{digest(scope)}"
    try:
        if cache.add(key, 1, FRAGMENT_SECONDS):
            return True
        return cache.incr(key) <= variants_max()
    except ValueError:  # the count expired between add and incr
        return True
    except Exception:  # noqa: BLE001 - the cache is an optimisation
        return False


def cached(key: str, build, budget: str | None = None):
    """``build()`` once per key and language (the same table in another language is another fragment); a cache
    that cannot be reached (Redis down) costs a render, never an error. ``budget``: the page (and state) the key
    is a variant of (a search, a page number): stored only :func:`within_budget` of it."""
    key = f"{key}:{translation.get_language()}"
    try:
        value = cache.get(key)
    except Exception:  # noqa: BLE001 - the cache is an optimisation
        return build()
    if value is None:
        value = build()
        if budget is not None and not within_budget(budget):
            return value
        try:
            cache.set(key, value, FRAGMENT_SECONDS)
        except Exception:  # noqa: BLE001
            pass
    return value


def whole_page(request: HttpRequest, key: str, template: str, context, budget: str | None = None) -> HttpResponse:
    """The page for a visitor (not logged in, no message waiting: nothing on it depends on who asks) rendered once
    per ``key`` (within ``budget``: :func:`cached`) and served from the cache; anyone else gets it rendered.
    ``context`` is a function (lazy)."""
    if request.user.is_authenticated or len(get_messages(request)):  # type: ignore[arg-type]
        return HttpResponse(render_to_string(template, context(), request))
    return HttpResponse(cached(key, lambda: render_to_string(template, context(), request), budget))


def wants_fragment(request: HttpRequest) -> bool:
    """An htmx poll (``HX-Request: true``, the live pairings, standings and projector): answer with only the part
    that refreshes, never the whole page."""
    return request.headers.get("HX-Request") == "true"


def vary_on_fragment(response: HttpResponse) -> HttpResponse:
    """Mark a response whose body depends on ``HX-Request`` (the whole page or its live part), so no browser or
    proxy cache serves one for the other."""
    patch_vary_headers(response, ("HX-Request",))
    return response


# --------------------------------------------------------------------------- the visitor's fast path

#: How long a stored visitor response lives; a change of page state retires it long before.
RESPONSE_SECONDS = FRAGMENT_SECONDS


def anonymous_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Mark a public page view under ``/t/<pk>/`` whose answer to a visitor (no session) depends only on the path,
    the page and search asked for (:class:`Paging`), whether it is an htmx request, the language and the
    tournament's page state: :class:`CrowdPageMiddleware` then serves it from the cache without running it. The
    view sees only the normalised query (:meth:`Paging.query`), so nothing it renders (the language switch's way
    back) carries a parameter the cache key leaves out. Put it outermost (above ``@condition``/``@tournament_view``)."""

    @functools.wraps(view)
    def page(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        normalise_query(request)
        return view(request, *args, **kwargs)

    page.crowd_page = True  # type: ignore[attr-defined]
    return page


def normalise_query(request: HttpRequest) -> str:
    """Leave on ``request`` only the query a crowd page reads (:meth:`Paging.query`); returns it."""
    query = Paging.of(request).query()
    if request.META.get("QUERY_STRING", "") != query:
        request.META["QUERY_STRING"] = query
        request.GET = QueryDict(query)
    return query


def shared_cache() -> bool:
    """Whether every process that writes (web and Celery) shares the cache, so a page state replaced by one is seen
    by all: the ``CROWD_CACHE_SHARED`` setting, by default true unless the cache is process-local (``LocMemCache``,
    ``DummyCache``: the embedded default)."""
    value = getattr(settings, "CROWD_CACHE_SHARED", None)
    if value is None:
        return not settings.CACHES["default"]["BACKEND"].endswith(("LocMemCache", "DummyCache"))
    return bool(value)


def response_key(request: HttpRequest, tournament_id: int) -> str:
    """The cache key of a visitor's response: the tournament, the path, the page and search asked for, normalised
    (:meth:`Paging.query`: no other parameter, issue 21), whether it is an htmx poll (answered with a fragment;
    ``HX-Target`` and the other htmx headers change nothing) and the visitor's language (the language cookie,
    else ``Accept-Language``: issue 14)."""
    variant = "|".join((request.path, Paging.of(request).query(), "hx" if wants_fragment(request) else "",
                        translation.get_language_from_request(request)))
    return f"crowd:{namespace()}:response:{tournament_id}:{digest(variant)}"


def visitor_request(request: HttpRequest) -> int | None:
    """The tournament id of a request the fast path may answer, else None: a GET from a visitor without a session
    (no session cookie, no messages cookie) of a page marked :func:`anonymous_page`, with a shared cache."""
    if request.method != "GET":
        return None
    cookies = request.COOKIES
    if settings.SESSION_COOKIE_NAME in cookies or CookieStorage.cookie_name in cookies or not shared_cache():
        return None
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    if not getattr(match.func, "crowd_page", False):
        return None
    return match.kwargs.get("pk")


def stored_response(request: HttpRequest, tournament_id: int) -> tuple[HttpResponse | None, str | None]:
    """(the stored response, or a 304 when the request's ``If-None-Match`` names its ETag; or None on a miss,
    the current page state to store the fresh response under; None when the cache cannot be reached). One cache
    round trip (``get_many`` of the state and the response); a missing state costs two more."""
    skey, rkey = state_key(tournament_id), response_key(request, tournament_id)
    try:
        found = cache.get_many([skey, rkey])
        state = found.get(skey)
        if state is None:
            fresh = new_state()
            state = fresh if cache.add(skey, fresh, STATE_SECONDS) else cache.get(skey)
    except Exception:  # noqa: BLE001 - the cache is an optimisation
        return None, None
    stored = found.get(rkey)
    if state is None or not isinstance(stored, dict) or stored.get("state") != state:
        return None, state
    response = HttpResponse(stored["content"], status=stored["status"])
    for name, value in stored["headers"]:
        response.headers[name] = value
    etag = response.get("ETag")
    if etag:
        return get_conditional_response(request, etag=etag, response=response), state
    return response, state


def store_response(request: HttpRequest, tournament_id: int, state: str, response: HttpResponse) -> None:
    """Keep a visitor's answer under ``state`` when nothing in it is personal: a 200, not streamed, no cookie set
    (a CSRF token rendered into the page sets one), not marked private or no-store; at most :func:`variants_max`
    answers per page (path) and state."""
    if response.status_code != 200 or response.streaming or response.cookies:
        return
    control = response.get("Cache-Control", "")
    if "private" in control or "no-store" in control:
        return
    if not within_budget(f"response|{tournament_id}|{state}|{request.path}"):
        return
    value: dict[str, Any] = {"state": state, "status": response.status_code, "content": response.content,
                             "headers": list(response.items())}
    try:
        cache.set(response_key(request, tournament_id), value, RESPONSE_SECONDS)
    except Exception:  # noqa: BLE001
        pass


class CrowdPageMiddleware:
    """Answers a visitor's GET of a crowd page from the cache before sessions, authentication, CSRF or the view
    run (:func:`visitor_request`, :func:`stored_response`); on a miss runs the rest of the stack and stores the
    answer (:func:`store_response`). Sits after ``SecurityMiddleware`` (its headers are still added) and before
    ``SessionMiddleware``; the stored headers are those the later middleware set (``Vary: Cookie``,
    ``X-Frame-Options``, ``ETag``...). Anyone with a session takes the normal path."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        tournament_id = visitor_request(request)
        if tournament_id is None:
            return self.get_response(request)
        request.get_host()  # ALLOWED_HOSTS still holds (DisallowedHost is a 400)
        response, state = stored_response(request, tournament_id)
        if response is not None:
            return response
        response = self.get_response(request)
        if state is not None:
            store_response(request, tournament_id, state, response)
        return response
