"""A seat's stream (/live/tables/<code>/): only for a person seated at the table, it says the
table's version first and then each change, nothing else (the page fetches its own view)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any, cast

import pytest
from asgiref.sync import sync_to_async
from django.http import StreamingHttpResponse
from django.test import AsyncClient
from django.urls import reverse

from cfmj.play import seating
from tests.classes.helpers import person
from tests.core.test_live import run
from tests.services import needs_redis

pytestmark = [pytest.mark.django_db(transaction=True), needs_redis]


@pytest.fixture
def streams(settings: Any) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:6379/0"
    settings.LIVE_STREAMS = True
    settings.LIVE_STREAM_SECONDS = 2.0
    settings.LIVE_KEEPALIVE_SECONDS = 60


@pytest.mark.usefixtures("streams")
def test_a_seated_person_hears_each_change_and_nothing_hidden() -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    url = reverse("live:table", args=[table.code])

    async def scenario() -> list[str]:
        client = AsyncClient()
        await client.aforce_login(ann)
        response = cast(StreamingHttpResponse, await client.get(url))
        assert response.status_code == 200 and response["Content-Type"].startswith("text/event-stream")
        chunks = aiter(cast(AsyncIterator[bytes], response.streaming_content))
        first = (await asyncio.wait_for(anext(chunks), 5)).decode()
        await sync_to_async(seating.table_join)(table=table, user=ben)
        said = [first]
        async with asyncio.timeout(8):
            said += [chunk.decode() async for chunk in chunks]
        return said

    said = "".join(run(scenario))
    assert "event: version\ndata: 0\n" in said and "data: 1\n" in said
    assert "ben" not in said and "tiles" not in said


@pytest.mark.usefixtures("streams")
def test_nobody_else_gets_a_table_stream() -> None:
    table = seating.table_open(host=person("ann"), bot_level="steady")
    eve = person("eve")
    url = reverse("live:table", args=[table.code])

    async def scenario() -> tuple[int, int, int]:
        stranger = AsyncClient()
        await stranger.aforce_login(eve)
        asked = (await stranger.get(url)).status_code
        anonymous = (await AsyncClient().get(url)).status_code
        nowhere = (await stranger.get(reverse("live:table", args=["NOSUCHCD"]))).status_code
        return asked, anonymous, nowhere

    assert run(scenario) == (404, 404, 404)
