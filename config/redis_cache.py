"""The Redis cache backend: Django's, keeping one ``redis.Redis`` client per connection pool (issue 27).

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` on every cache call. Each one copies redis-py's
table of about 170 response callbacks into a case-insensitive dict: with redis-py 8 that is most of the CPU of a
cache call (a result write makes 5 to 7 of them: the session, the API throttles, the page state, the standings
markers; measured with ``bench/result_write_cpu.py``). A ``redis.Redis`` holds no connection of its own (it takes
one from its pool for each command), so one per pool is safe to share between threads; Django keeps one cache
object per thread anyway. Everything else (pools, serializer, options, errors raised) is Django's."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class ReusedClientRedisCacheClient(RedisCacheClient):
    """``RedisCacheClient`` whose ``get_client`` returns the same ``redis.Redis`` for the same connection pool."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]  # (private: not in django-stubs)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)  # type: ignore[attr-defined]
        return client


class RedisCache(DjangoRedisCache):
    """``CACHES`` backend ``config.redis_cache.RedisCache``: Django's Redis cache with the reused client."""

    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = ReusedClientRedisCacheClient
