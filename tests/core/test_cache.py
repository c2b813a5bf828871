"""The site's Redis cache backend (cfmj.core.cache) keeps one redis-py client per connection pool."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
import redis
from django.core.cache import caches

from tests.services import needs_redis

REDIS_CACHE_URL = "redis://127.0.0.1:6379/11"  # keys carry a per-test prefix and expire: never flushed


@pytest.fixture
def site_cache(settings: Any) -> Iterator[Any]:
    prefix = f"cache-test-{uuid.uuid4().hex}"
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "cfmj.core.cache.RedisCache",
            "LOCATION": REDIS_CACHE_URL,
            "KEY_PREFIX": prefix,
            "OPTIONS": {"socket_timeout": 2, "socket_connect_timeout": 2},
        },
    }
    yield caches["default"]
    client = redis.Redis.from_url(REDIS_CACHE_URL)
    for key in client.scan_iter(f"{prefix}:*"):
        client.delete(key)


@needs_redis
def test_every_operation_shares_one_client(site_cache: Any) -> None:
    with mock.patch.object(redis.Redis, "__init__", autospec=True, side_effect=redis.Redis.__init__) as made:
        site_cache.set("a", {"x": 1}, 30)
        assert site_cache.get("a") == {"x": 1}
        assert site_cache.incr(site_cache.add("n", 0, 30) and "n") == 1
        site_cache.delete("a")
        assert site_cache.get("a") is None
    assert made.call_count == 1  # Django's own backend makes one for each of the six
    assert site_cache._cache.get_client() is site_cache._cache.get_client(write=True)


def test_without_redis_an_operation_fails_as_before(settings: Any) -> None:
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "cfmj.core.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
            "OPTIONS": {"socket_timeout": 1, "socket_connect_timeout": 1},
        },
    }
    with pytest.raises(redis.exceptions.ConnectionError):
        caches["default"].get("a")
