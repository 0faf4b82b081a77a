"""Pages that hold a crowd (issue #12): the standings and pairings tables are paginated, searchable by player
name, and each page of a table is rendered once per version of what it shows, then served from the cache
(Redis on the scaled path, the process's memory on the embedded default).

The cache key holds the tournament, the version (the standings snapshot's and the results version, or the
round's state), the page and a digest of the search, so a new result never serves an old page and a search
never poisons another one. What depends on the viewer (the "find me" link, the player's own table) is added per
request, outside the cached fragment.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from urllib.parse import urlencode

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers

#: Rows (standings) or tables (pairings) per page.
PAGE_SIZE = 100
#: How long a rendered fragment stays cached; a new version changes the key long before.
FRAGMENT_SECONDS = 600
#: The longest search kept (characters).
QUERY_MAX = 100


@dataclass(frozen=True)
class Paging:
    """The page asked for (1-based; out-of-range numbers are clamped once the total is known) and the search."""

    page: int
    q: str

    @classmethod
    def of(cls, request: HttpRequest) -> Paging:
        raw = request.GET.get("page", "1")
        page = int(raw) if raw.isdigit() and len(raw) < 7 else 1
        return cls(page=max(page, 1), q=request.GET.get("q", "").strip()[:QUERY_MAX])

    def key(self, *parts: object) -> str:
        return ":".join(str(p) for p in ("crowd", *parts, f"p{self.page}", f"q{digest(self.q.casefold())}"))


def digest(text: str) -> str:
    """A short digest of free text for a cache key."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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


def cached(key: str, build):
    """``build()`` once per key; a cache that cannot be reached (Redis down) costs a render, never an error."""
    try:
        value = cache.get(key)
    except Exception:  # noqa: BLE001 - the cache is an optimisation
        return build()
    if value is None:
        value = build()
        try:
            cache.set(key, value, FRAGMENT_SECONDS)
        except Exception:  # noqa: BLE001
            pass
    return value


def whole_page(request: HttpRequest, key: str, template: str, context) -> HttpResponse:
    """The page for a visitor (not logged in, no message waiting: nothing on it depends on who asks) rendered once
    per ``key`` and served from the cache; anyone else gets it rendered. ``context`` is a function (lazy)."""
    if request.user.is_authenticated or len(get_messages(request)):  # type: ignore[arg-type]
        return HttpResponse(render_to_string(template, context(), request))
    return HttpResponse(cached(key, lambda: render_to_string(template, context(), request)))


def wants_fragment(request: HttpRequest) -> bool:
    """An htmx poll (``HX-Request: true``, the live pairings, standings and projector): answer with only the part
    that refreshes, never the whole page."""
    return request.headers.get("HX-Request") == "true"


def vary_on_fragment(response: HttpResponse) -> HttpResponse:
    """Mark a response whose body depends on ``HX-Request`` (the whole page or its live part), so no browser or
    proxy cache serves one for the other."""
    patch_vary_headers(response, ("HX-Request",))
    return response
