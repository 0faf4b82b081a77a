"""Where the cache lives when the Celery broker is Redis (issue 21): not in the broker's database.

The broker's queues must never be evicted (``noeviction``), while the page cache should be (``allkeys-lru`` or
``volatile-lru`` with a ``maxmemory``; docs/operations.md, "Redis"). By default the cache takes the other database
of the broker's pair: 0↔1, 2↔3, …, 14↔15 (the broker on ``redis://host:6379/0`` puts the cache on ``/1``; the CI's
``/15`` puts it on ``/14``), always one of Redis's 16 default databases. ``CACHE_REDIS_URL`` names another place
(another instance, for an eviction policy of its own)."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from django.core.exceptions import ImproperlyConfigured

REDIS_SCHEMES = ("redis", "rediss", "unix")


def redis_database(url: str) -> int:
    """The database number a Redis URL names (``redis://host/3``, ``unix:///run/redis.sock?db=3``; none: 0).
    Raises ImproperlyConfigured for a URL that is not Redis's or a database that is not a whole number."""
    parts = urlsplit(url)
    if parts.scheme not in REDIS_SCHEMES:
        raise ImproperlyConfigured(f"Not a Redis URL (redis://, rediss:// or unix://): {parts.scheme}://...")
    query = dict(parse_qsl(parts.query))
    raw = query.get("db", parts.path.strip("/") if parts.scheme != "unix" else "") or "0"
    if not (raw.isascii() and raw.isdigit()):
        raise ImproperlyConfigured(f"The Redis database must be a whole number, not {raw!r}; or set CACHE_REDIS_URL.")
    return int(raw)


def paired_database_url(url: str) -> str:
    """``url`` with the other database of its pair (``db ^ 1``: 0↔1, …, 14↔15); the rest (host, password, TLS,
    options) kept. Raises ImproperlyConfigured as :func:`redis_database` does."""
    other = redis_database(url) ^ 1
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    if "db" in query or parts.scheme == "unix":
        query["db"] = str(other)
        return f"{url.partition('?')[0]}?{urlencode(query)}"  # (urlunsplit drops the "//" of unix:///path)
    return urlunsplit(parts._replace(path=f"/{other}"))


def cache_redis_url(broker_url: str, cache_url: str = "") -> str:
    """Where the cache lives: ``cache_url`` (``CACHE_REDIS_URL``) when given, else the database paired with the
    broker's (``REDIS_URL``), else "" (no Redis: the process's memory)."""
    if cache_url:
        return cache_url
    return paired_database_url(broker_url) if broker_url else ""
