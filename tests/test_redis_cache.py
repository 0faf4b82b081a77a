"""The Redis cache backend builds one redis-py client per connection pool, not one per cache call (issue 27: building
a ``redis.Redis`` cost most of a cache call's CPU, and a result write makes 5 to 7 cache calls). No Redis is needed:
a client connects only when it runs a command."""

from __future__ import annotations

import redis

from config.redis_cache import RedisCache


def test_every_cache_call_of_a_server_shares_one_client_and_its_pool():
    cache = RedisCache("redis://127.0.0.1:6379/9", {})
    client = cache._cache.get_client("a")
    assert isinstance(client, redis.Redis)
    assert cache._cache.get_client("b") is client
    assert cache._cache.get_client("c", write=True) is client
    assert client.connection_pool is cache._cache._get_connection_pool(write=True)


def test_reads_go_to_a_replica_client_and_writes_to_the_first_servers():
    cache = RedisCache("redis://127.0.0.1:6379/9,redis://127.0.0.1:6380/9", {})
    writer = cache._cache.get_client(write=True)
    reader = cache._cache.get_client()
    assert writer.connection_pool.connection_kwargs["port"] == 6379
    assert reader.connection_pool.connection_kwargs["port"] == 6380
    assert cache._cache.get_client() is reader and cache._cache.get_client(write=True) is writer

