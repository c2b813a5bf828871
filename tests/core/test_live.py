"""The push channel (cfmj/core/live.py): a stream says first the version its view gave it, then
each version published on its topic and nothing published on another; it leaves its topic when
the client goes, ends by itself after its lifetime and when the hub loses Redis; past the cap, with
Redis away or with streams off it is refused with 503; publish with Redis away neither raises nor
hangs.

Streams are read with Django's AsyncClient through a URLconf of their own (tests/core/live_urls.py),
each test on an event loop of its own (async_to_sync); the client going away is played through
Django's ASGI handler, as uvicorn plays it. Streams live LIFETIME seconds here and the tests read
them to their end, so nothing is left open. Redis's channels are shared by all its databases and by
every test process: each test's topics are its own."""

from __future__ import annotations

import asyncio
import os
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, TypeVar, cast

import pytest
import redis
from asgiref.sync import async_to_sync
from django.core.handlers.asgi import ASGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.http import StreamingHttpResponse
from django.test import AsyncClient

from cfmj.core import live
from tests.services import needs_redis
from tests.stack import free_ports

pytestmark = pytest.mark.urls("tests.core.live_urls")

T = TypeVar("T")
REDIS_URL = "redis://127.0.0.1:6379/0"
LIFETIME = 1.0  # seconds


@pytest.fixture
def streams(settings: Any) -> None:
    settings.REDIS_URL = REDIS_URL
    settings.LIVE_STREAMS = True
    settings.LIVE_STREAM_SECONDS = LIFETIME
    settings.LIVE_KEEPALIVE_SECONDS = 60
    settings.LIVE_MAX_STREAMS = 100


def new_topic() -> str:
    return f"test:{uuid.uuid4().hex}"


def run(scenario: Callable[[], Awaitable[T]]) -> T:
    """Play an async scenario to its end on an event loop of its own, in a thread of its own: a
    browser test before it on the same worker leaves Playwright's loop running in this thread,
    where async_to_sync refuses to run."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(async_to_sync(scenario)).result()


async def open_stream(topic: str, version: int = 0) -> tuple[StreamingHttpResponse, AsyncIterator[bytes]]:
    response = cast(StreamingHttpResponse, await AsyncClient().get(f"/live/{topic}/?version={version}"))
    return response, aiter(cast(AsyncIterator[bytes], response.streaming_content))


async def read(chunks: AsyncIterator[bytes], timeout: float = 5.0) -> str:
    return (await asyncio.wait_for(anext(chunks), timeout)).decode()


async def rest(chunks: AsyncIterator[bytes]) -> list[str]:
    """Every chunk until the stream ends by itself (it must, within its lifetime and a margin)."""
    async with asyncio.timeout(LIFETIME + 5):
        return [chunk.decode() async for chunk in chunks]


def version_event(version: int) -> str:
    return f"event: version\ndata: {version}\n\n"


@needs_redis
def test_it_sends_the_version_it_was_given_first(streams: None) -> None:
    async def scenario() -> None:
        response, chunks = await open_stream(new_topic(), version=7)
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        assert response["Cache-Control"] == "no-store"
        assert response["X-Accel-Buffering"] == "no"
        assert await read(chunks) == "retry: 2000\n" + version_event(7)
        assert await rest(chunks) == []

    run(scenario)


@needs_redis
def test_it_passes_on_a_version_published_on_its_topic(streams: None) -> None:
    async def scenario() -> None:
        topic = new_topic()
        _, chunks = await open_stream(topic, version=3)
        await read(chunks)
        live.publish(topic, 4)
        assert await read(chunks) == version_event(4)
        assert await rest(chunks) == []

    run(scenario)


@needs_redis
def test_it_passes_on_nothing_published_on_another_topic(streams: None) -> None:
    async def scenario() -> None:
        topic, other = new_topic(), new_topic()
        _, chunks = await open_stream(topic, version=3)
        _, others = await open_stream(other, version=0)
        await read(chunks)
        await read(others)
        live.publish(other, 9)
        assert await read(others) == version_event(9)
        assert await rest(chunks) == []
        assert await rest(others) == []

    run(scenario)


@needs_redis
def test_it_sends_only_the_newest_of_versions_it_could_not_send_yet(streams: None) -> None:
    async def scenario() -> None:
        topic = new_topic()
        _, chunks = await open_stream(topic)
        await read(chunks)
        for version in range(1, 51):  # while the stream is not read: its queue overflows
            live.publish(topic, version)
        sent = [int(chunk.rpartition("data: ")[2]) for chunk in await rest(chunks)]
        assert sent[-1] == 50
        assert sent == sorted(set(sent)) and len(sent) <= 5

    run(scenario)


@needs_redis
def test_it_leaves_its_topic_when_the_client_goes(streams: None, settings: Any) -> None:
    settings.LIVE_STREAM_SECONDS = 60

    async def scenario() -> None:
        topic = new_topic()
        asked = [{"type": "http.request", "body": b"", "more_body": False}]
        gone, streaming = asyncio.Event(), asyncio.Event()

        async def receive() -> dict[str, Any]:
            if asked:
                return asked.pop()
            await gone.wait()
            return {"type": "http.disconnect"}

        async def send(message: Mapping[str, Any]) -> None:
            if message["type"] == "http.response.body" and message.get("body"):
                streaming.set()

        scope = {"type": "http", "method": "GET", "path": f"/live/{topic}/", "query_string": b"version=1"}
        scope["headers"] = [(b"host", b"testserver")]
        served = asyncio.create_task(ASGIHandler()(scope, receive, send))
        await asyncio.wait(
            [served, asyncio.create_task(streaming.wait())], timeout=5, return_when=asyncio.FIRST_COMPLETED
        )
        assert not served.done(), served.result()
        assert (live.hub().topics, live.hub().streams) == (1, 1)
        gone.set()
        await asyncio.wait_for(served, 5)
        assert (live.hub().topics, live.hub().streams) == (0, 0)

    with database_left_alone():
        run(scenario)


@contextmanager
def database_left_alone() -> Iterator[None]:
    """As Django's test clients do: the handler's signals would check the test database's connections."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@needs_redis
def test_it_ends_after_its_lifetime(streams: None, settings: Any) -> None:
    settings.LIVE_STREAM_SECONDS = 0.3

    async def scenario() -> None:
        started = time.monotonic()
        _, chunks = await open_stream(new_topic(), version=1)
        await read(chunks)
        assert await rest(chunks) == []
        assert 0.3 <= time.monotonic() - started < 3
        assert live.hub().topics == 0

    run(scenario)


@needs_redis
def test_it_keeps_a_quiet_stream_alive_with_comments(streams: None, settings: Any) -> None:
    settings.LIVE_KEEPALIVE_SECONDS = 0.3

    async def scenario() -> None:
        _, chunks = await open_stream(new_topic())
        await read(chunks)
        quiet = await rest(chunks)
        assert quiet and set(quiet) == {": keep-alive\n\n"}

    run(scenario)


@needs_redis
def test_it_refuses_a_stream_beyond_the_cap_with_503(streams: None, settings: Any) -> None:
    settings.LIVE_MAX_STREAMS = 1

    async def scenario() -> None:
        _, chunks = await open_stream(new_topic())
        await read(chunks)
        refused, said = await open_stream(new_topic())
        assert refused.status_code == 503
        assert refused["Retry-After"] == "30"
        assert "checks every few seconds" in "".join([chunk.decode() async for chunk in said])
        assert await rest(chunks) == []

    run(scenario)


@needs_redis
def test_it_ends_its_streams_when_the_subscription_is_lost(streams: None, settings: Any) -> None:
    settings.LIVE_STREAM_SECONDS = 60

    async def scenario() -> None:
        _, chunks = await open_stream(new_topic())
        await read(chunks)
        server = redis.Redis.from_url(REDIS_URL)
        ours = [c for c in server.client_list(_type="pubsub") if c["name"] == f"cfmj-live-{os.getpid()}"]
        assert len(ours) == 1
        server.client_kill_filter(_id=ours[0]["id"])
        assert await rest(chunks) == []  # within seconds, not the minute of its lifetime
        assert live.hub().topics == 0

    run(scenario)


@dataclass
class Connection:
    in_atomic_block: bool
    closed: bool = False

    def close(self) -> None:
        self.closed = True


@needs_redis
def test_it_closes_the_view_s_database_connections_before_it_streams(
    streams: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An idle connection held by each open stream would run PostgreSQL out of them; one inside a
    transaction (a test's) is left open."""
    idle, in_transaction = Connection(in_atomic_block=False), Connection(in_atomic_block=True)
    monkeypatch.setattr(
        live, "connections", SimpleNamespace(all=lambda initialized_only: [idle, in_transaction])
    )

    async def scenario() -> None:
        _, chunks = await open_stream(new_topic())
        await read(chunks)
        assert (idle.closed, in_transaction.closed) == (True, False)
        await rest(chunks)

    run(scenario)


def test_it_refuses_a_stream_when_redis_does_not_answer(streams: None, settings: Any) -> None:
    settings.REDIS_URL = f"redis://127.0.0.1:{free_ports(1)[0]}/0"

    async def scenario() -> None:
        response, _ = await open_stream(new_topic())
        assert response.status_code == 503

    run(scenario)


def test_publish_neither_raises_nor_hangs_when_redis_is_unreachable(
    streams: None, settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.REDIS_URL = f"redis://127.0.0.1:{free_ports(1)[0]}/0"
    started = time.monotonic()
    live.publish(new_topic(), 5)
    assert time.monotonic() - started < 1.0
    assert "could not publish" in caplog.text


def test_it_is_off_without_redis_or_when_turned_off(
    streams: None, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert live.live_enabled()
    settings.LIVE_STREAMS = False
    assert not live.live_enabled()
    settings.LIVE_STREAMS, settings.REDIS_URL = True, ""
    assert not live.live_enabled()
    monkeypatch.setattr(live, "_publisher", None)  # publish must not even look for Redis
    live.publish(new_topic(), 1)

    async def scenario() -> None:
        response, _ = await open_stream(new_topic())
        assert response.status_code == 503

    run(scenario)
