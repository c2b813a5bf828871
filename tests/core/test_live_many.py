"""One stream over several topics (cfmj/core/live.py's stream_many_response): it says first the sum
of the versions its view gave it, then the new sum each time one of its topics moves on, nothing
for another topic nor for a version no newer than the one it knows; it leaves every topic when it
ends, and is refused beyond the cap like a stream on one topic."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any, cast

import pytest
from django.http import StreamingHttpResponse
from django.test import AsyncClient

from cfmj.core import live
from tests.core.test_live import new_topic, read, rest, run, streams, version_event  # noqa: F401
from tests.services import needs_redis

pytestmark = [pytest.mark.urls("tests.core.live_urls"), pytest.mark.usefixtures("streams")]


async def open_many(versions: dict[str, int]) -> tuple[StreamingHttpResponse, AsyncIterator[bytes]]:
    query = "&".join(f"t={topic}:{version}" for topic, version in versions.items())
    response = cast(StreamingHttpResponse, await AsyncClient().get(f"/live-many/?{query}"))
    return response, aiter(cast(AsyncIterator[bytes], response.streaming_content))


@needs_redis
def test_it_says_the_sum_then_each_new_sum() -> None:
    async def scenario() -> None:
        one, two, other = new_topic(), new_topic(), new_topic()
        response, chunks = await open_many({one: 3, two: 5})
        assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
        assert await read(chunks) == "retry: 2000\n" + version_event(8)
        assert (live.hub().topics, live.hub().streams) == (2, 2)
        live.publish(two, 6)
        assert await read(chunks) == version_event(9)
        live.publish(other, 50)  # another topic: nothing
        live.publish(one, 2)  # older than known: nothing
        live.publish(one, 7)
        assert await read(chunks) == version_event(13)
        assert await rest(chunks) == []
        assert live.hub().topics == 0

    run(scenario)


@needs_redis
def test_it_keeps_a_quiet_stream_alive(settings: Any) -> None:
    settings.LIVE_KEEPALIVE_SECONDS = 0.3

    async def scenario() -> None:
        _, chunks = await open_many({new_topic(): 1, new_topic(): 1})
        await read(chunks)
        quiet = await rest(chunks)
        assert quiet and set(quiet) == {": keep-alive\n\n"}

    run(scenario)


@needs_redis
def test_it_counts_each_topic_towards_the_cap(settings: Any) -> None:
    settings.LIVE_MAX_STREAMS = 2

    async def scenario() -> None:
        refused, _ = await open_many({new_topic(): 1, new_topic(): 1, new_topic(): 1})
        assert refused.status_code == 503
        _, chunks = await open_many({new_topic(): 1, new_topic(): 1})
        assert await read(chunks) == "retry: 2000\n" + version_event(2)
        await asyncio.sleep(0)
        assert await rest(chunks) == []

    run(scenario)


def test_it_is_refused_when_streams_are_off(settings: Any) -> None:
    settings.LIVE_STREAMS = False

    async def scenario() -> None:
        response, _ = await open_many({new_topic(): 1})
        assert response.status_code == 503

    run(scenario)


def test_it_follows_one_to_sixteen_topics() -> None:
    async def scenario() -> None:
        with pytest.raises(ValueError, match="1 to 16"):
            await live.stream_many_response({})
        with pytest.raises(ValueError, match="1 to 16"):
            await live.stream_many_response({f"t{n}": 0 for n in range(17)})

    run(scenario)
