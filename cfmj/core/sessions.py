"""Sessions kept in the database and read from the cache (Django's cached_db), for a site whose
cache is shared by every process (Redis; settings.SESSION_ENGINE names this module only then): a
request then reads its session without a query.

Two differences from cached_db, both for Redis being away or coming back:
- the cache never fails a request: a read it cannot answer is a miss (the database answers), and
  a write or a deletion it cannot make is logged and skipped;
- a session is kept in the cache for CACHE_SECONDS at most (cached_db keeps it as long as the
  session lives), so a session ended (a log-out) while the cache could not be told is gone from
  it within minutes. The database stays the record: what is cached is only ever a copy of it."""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.sessions.backends.cached_db import SessionStore as CachedDBStore
from django.core.cache import BaseCache, caches

from cfmj.core.ratelimit import CACHE_DOWN

logger = logging.getLogger(__name__)

CACHE_SECONDS = 300


class _Guarded:
    """The cache as cached_db uses it (get, set, delete, `in`, and their async forms), never
    failing for Redis, and keeping nothing longer than CACHE_SECONDS."""

    def __init__(self, cache: BaseCache) -> None:
        self._cache = cache

    def get(self, key: str) -> Any:
        try:
            return self._cache.get(key)
        except CACHE_DOWN as error:
            logger.warning("A session was read from the database, the cache is unreachable: %s", error)
            return None

    def set(self, key: str, value: Any, timeout: int | None = None) -> None:
        seconds = CACHE_SECONDS if timeout is None else max(0, min(timeout, CACHE_SECONDS))
        try:
            self._cache.set(key, value, seconds)
        except CACHE_DOWN as error:
            logger.warning("A session was not cached, the cache is unreachable: %s", error)

    def delete(self, key: str) -> None:
        try:
            self._cache.delete(key)
        except CACHE_DOWN as error:  # its copy expires within CACHE_SECONDS
            logger.warning("A session ended was left in the cache, it is unreachable: %s", error)

    def __contains__(self, key: str) -> bool:
        try:
            return key in self._cache
        except CACHE_DOWN:
            return False  # then the database says whether the key is taken

    async def aget(self, key: str) -> Any:
        return await sync_to_async(self.get)(key)

    async def aset(self, key: str, value: Any, timeout: int | None = None) -> None:
        await sync_to_async(self.set)(key, value, timeout)

    async def adelete(self, key: str) -> None:
        await sync_to_async(self.delete)(key)


class SessionStore(CachedDBStore):
    def __init__(self, session_key: str | None = None) -> None:
        super().__init__(session_key)
        self._cache: _Guarded = _Guarded(caches[settings.SESSION_CACHE_ALIAS])
