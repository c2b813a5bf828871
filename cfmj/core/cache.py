"""The Redis cache backend the site runs on (settings.CACHES with REDIS_URL): Django's, keeping one
redis-py client per connection pool.

Django's RedisCacheClient makes a new redis.Redis for every cache operation, and redis-py fills
each new one's table of about 170 response callbacks: with the session read, the rate limit's
count and the pages' own reads, that was a few tenths of a millisecond a request on this
project's machines. A redis.Redis only borrows connections from its pool, so one per pool is
shared by every operation (and, as the pool is, by threads)."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class _Client(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, tuple[Any, Any]] = {}  # id(pool) -> (pool, its client)

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        # Both private to RedisCacheClient (unchanged since Django 4.0); tests/core/test_cache.py.
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        kept = self._clients.get(id(pool))
        if kept is None or kept[0] is not pool:
            kept = self._clients[id(pool)] = (pool, self._client(connection_pool=pool))  # type: ignore[attr-defined]
        return kept[1]


class RedisCache(DjangoRedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _Client
