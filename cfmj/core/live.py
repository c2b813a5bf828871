"""The push channel: a page learns "topic T is now at version V" within about a second.

- A writer calls `publish(topic, version)` once its change is committed (wrap it in
  `transaction.on_commit`); a topic is any short name ("table:42"), a version a number that only
  goes up.
- An async view under /live/ returns `await stream_response(topic, version=...)` with the version
  it has just read: a Server-Sent-Events stream, served by uvicorn (nginx sends /live/ there), that
  says that version first and then each one published, keeps itself alive with a comment every
  LIVE_KEEPALIVE_SECONDS and ends after LIVE_STREAM_SECONDS (the browser then reconnects).
- static/js/live.js on the page fetches the page's fresh fragment when told of a newer version,
  and polls when there is no stream.

A page that follows several topics at once (a class's tables) still has one stream:
`await stream_many_response({topic: version, ...})` says the sum of the topics' versions, first
as the view read them and then each time one of them moves on. Versions only go up, so their sum
does too, and the page compares it as it would one topic's version.

Only the version travels, never the content, so a lost message costs nothing the next check does
not repair: a stream starts with the version the view read, once Redis has confirmed its
subscription, and live.js asks for the fragment on every stream's first event. With Redis away
`publish` logs and returns, and a stream is refused (503) so the page polls.
"""

from __future__ import annotations

import asyncio
import datetime
import functools
import logging
from collections.abc import AsyncIterator, Mapping
from typing import Any
from urllib.parse import urlencode
from weakref import WeakKeyDictionary

import redis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core import signing
from django.db import connections
from django.http import StreamingHttpResponse
from redis.backoff import NoBackoff
from redis.retry import Retry

from cfmj.core.live_hub import Hub, Queue, channel

logger = logging.getLogger(__name__)

RETRY_MS = 2000  # how long EventSource waits before it reconnects
REFUSED_RETRY_SECONDS = 30  # Retry-After when a stream is refused: the page polls meanwhile

_hubs: WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = WeakKeyDictionary()


# A stream's token outlives a stream (LIVE_STREAM_SECONDS) and the reconnections of a page left open;
# the page gets a fresh one each time its part is drawn.
STREAM_TOKEN_AGE = datetime.timedelta(hours=12)


def stream_address(url: str, grant: Mapping[str, Any], *, salt: str) -> str:
    """`url` with a token signed for `grant` (what the page that was given it may hear): the stream
    checks the token alone, with no session and no database (stream_grant)."""
    return url + "?" + urlencode({"token": signing.dumps(dict(grant), salt=salt)})


def stream_grant(token: str, *, salt: str) -> dict[str, Any] | None:
    """What a token made by stream_address grants; None when it is forged, expired or not one."""
    try:
        granted = signing.loads(token, salt=salt, max_age=STREAM_TOKEN_AGE)
    except signing.BadSignature:  # SignatureExpired too
        return None
    return granted if isinstance(granted, dict) else None


def live_enabled() -> bool:
    """Streams are served: Redis is configured and LIVE_STREAMS is not turned off. Otherwise
    (`make dev`) pages poll."""
    return bool(settings.REDIS_URL) and bool(settings.LIVE_STREAMS)


def publish(topic: str, version: int) -> None:
    """Tells the streams on `topic` that it is now at `version`. Never raises for Redis: a lost
    message is repaired by the page's next check. Call it from synchronous code, after the commit."""
    if not live_enabled():
        return
    try:
        _publisher(settings.REDIS_URL, settings.REDIS_TIMEOUT).publish(channel(topic), str(int(version)))
    except (redis.RedisError, OSError) as error:
        logger.warning("live: could not publish %s at version %s: %s", topic, version, error)


@functools.lru_cache(maxsize=4)
def _publisher(url: str, timeout: float) -> redis.Redis:
    # One quick retry for a pooled connection Redis closed (a restart); none for a timeout.
    return redis.Redis.from_url(
        url,
        socket_timeout=timeout,
        socket_connect_timeout=timeout,
        retry=Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)),
    )


def hub() -> Hub:
    """This process's hub (one per event loop: uvicorn runs one; each test its own)."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        found = _hubs[loop] = Hub(settings.REDIS_URL, timeout=settings.REDIS_TIMEOUT)
    return found


async def stream_response(topic: str, *, version: int) -> StreamingHttpResponse:
    """The stream of `topic`'s versions, starting with `version` (what the view has just read).
    503 with Retry-After when streams are off, Redis does not answer or this process already
    serves LIVE_MAX_STREAMS streams: the page polls instead."""
    if not live_enabled():
        return _refused("Live updates are off here.")
    shared = hub()
    if shared.streams >= settings.LIVE_MAX_STREAMS:
        logger.warning("live: %d streams open, the most this process serves: refused one", shared.streams)
        return _refused("Too many live updates at once.")
    try:
        await shared.connect()
    except (redis.RedisError, OSError) as error:
        logger.warning("live: refused a stream on %s, Redis did not answer: %s", topic, error)
        return _refused("Live updates are unavailable.")
    response = StreamingHttpResponse(_events(shared, topic, int(version)), content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx passes each event on at once
    return response


MANY_MAX = 16  # topics one stream follows at most


async def stream_many_response(versions: Mapping[str, int]) -> StreamingHttpResponse:
    """One stream over several topics (at most MANY_MAX), starting with the sum of `versions` (what
    the view read of each) and then the sum each time one of them is published at a newer version.
    Refused as stream_response is; each topic counts as a stream towards LIVE_MAX_STREAMS."""
    if not versions or len(versions) > MANY_MAX:
        raise ValueError(f"A stream follows 1 to {MANY_MAX} topics.")
    if not live_enabled():
        return _refused("Live updates are off here.")
    shared = hub()
    if shared.streams + len(versions) > settings.LIVE_MAX_STREAMS:
        logger.warning("live: %d streams open, the most this process serves: refused one", shared.streams)
        return _refused("Too many live updates at once.")
    try:
        await shared.connect()
    except (redis.RedisError, OSError) as error:
        logger.warning("live: refused a stream on %d topics, Redis did not answer: %s", len(versions), error)
        return _refused("Live updates are unavailable.")
    known = {topic: int(version) for topic, version in versions.items()}
    response = StreamingHttpResponse(_many_events(shared, known), content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"
    return response


async def _many_events(shared: Hub, known: dict[str, int]) -> AsyncIterator[str]:
    """The body of a stream over several topics: joined here, left in `finally` (as _events)."""
    await sync_to_async(_close_idle_connections)()
    queues: dict[str, Queue] = {}
    try:
        for topic in known:
            queues[topic] = await shared.join(topic)
    except (redis.RedisError, OSError) as error:
        logger.warning(
            "live: ended a stream on %d topics before it began, Redis failed: %s", len(known), error
        )
        for topic, queue in queues.items():
            await shared.leave(topic, queue)
        return
    try:
        yield event(sum(known.values()), retry_ms=RETRY_MS)
        async for total in _sums(queues, known):
            yield event(total) if total is not None else ": keep-alive\n\n"
    finally:
        for topic, queue in queues.items():
            await shared.leave(topic, queue)


async def _sums(queues: dict[str, Queue], known: dict[str, int]) -> AsyncIterator[int | None]:
    """The sum of the topics' newest versions each time one moves on (a version no newer than the
    one known changes nothing), None as a keep-alive; ends as _versions does, or when any topic's
    queue says END."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + float(settings.LIVE_STREAM_SECONDS)
    quiet = float(settings.LIVE_KEEPALIVE_SECONDS)
    getters = {asyncio.ensure_future(queue.get()): topic for topic, queue in queues.items()}
    try:
        while (left := deadline - loop.time()) > 0:
            done, _ = await asyncio.wait(
                getters, timeout=min(quiet, left), return_when=asyncio.FIRST_COMPLETED
            )
            if not done:
                if loop.time() < deadline:
                    yield None
                continue
            before = sum(known.values())
            for getter in done:
                topic = getters.pop(getter)
                newest = _newest(queues[topic], getter.result())
                if newest is None:  # END: the hub lost Redis
                    return
                known[topic] = max(known[topic], newest)
                getters[asyncio.ensure_future(queues[topic].get())] = topic
            if sum(known.values()) > before:
                yield sum(known.values())
    finally:
        for getter in getters:
            getter.cancel()


def _refused(reason: str) -> StreamingHttpResponse:
    async def text() -> AsyncIterator[str]:
        yield f"{reason} The page checks every few seconds instead.\n"

    response = StreamingHttpResponse(text(), status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(REFUSED_RETRY_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


async def _events(shared: Hub, topic: str, version: int) -> AsyncIterator[str]:
    """The stream's body. Joining happens here, not in the view: only a body that has started is
    sure to be closed (Django cancels it when the client goes), and closing is what leaves."""
    await sync_to_async(_close_idle_connections)()
    try:
        queue = await shared.join(topic)
    except (redis.RedisError, OSError) as error:
        logger.warning("live: ended a stream on %s before it began, Redis failed: %s", topic, error)
        return
    try:
        yield event(version, retry_ms=RETRY_MS)
        async for newer in _versions(queue):
            yield event(newer) if newer is not None else ": keep-alive\n\n"
    finally:
        await shared.leave(topic, queue)


def _close_idle_connections() -> None:
    """The view's database connections would otherwise stay open, idle, as long as its stream (and
    PostgreSQL has a hundred). One inside a transaction (a test's) is left alone."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


async def _versions(queue: Queue) -> AsyncIterator[int | None]:
    """Each newer version from the queue (the newest of those waiting), None as a keep-alive
    after LIVE_KEEPALIVE_SECONDS of quiet; ends after LIVE_STREAM_SECONDS or when the hub ends it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + float(settings.LIVE_STREAM_SECONDS)
    quiet = float(settings.LIVE_KEEPALIVE_SECONDS)
    while (left := deadline - loop.time()) > 0:
        try:
            item = await asyncio.wait_for(queue.get(), min(quiet, left))
        except TimeoutError:
            if loop.time() < deadline:
                yield None
            continue
        newest = _newest(queue, item)
        if newest is None:  # END: the hub lost Redis
            return
        yield newest


def _newest(queue: Queue, item: int | None) -> int | None:
    """The newest of `item` and the versions waiting behind it; END (None) wins."""
    newest = item
    while newest is not None and not queue.empty():
        waiting = queue.get_nowait()
        newest = None if waiting is None else max(newest, waiting)
    return newest


def event(version: int, *, retry_ms: int | None = None) -> str:
    """One `version` event, as EventSource reads it."""
    head = f"retry: {retry_ms}\n" if retry_ms is not None else ""
    return f"{head}event: version\ndata: {version}\n\n"
