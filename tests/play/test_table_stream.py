"""A seat's stream (/live/tables/<code>/?token=...): opened only with the token the seat's page
carries (signed for that table and that person), it says the table's version first and then each
change, nothing else (the page fetches its own view). It reads no session and no database: a forged,
expired or other table's token, or none, gets a bare 404."""

from __future__ import annotations

import asyncio
import html
import re
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from typing import Any, cast
from urllib.parse import parse_qs, urlsplit

import pytest
from asgiref.sync import sync_to_async
from django.core import signing
from django.db.backends.base.base import BaseDatabaseWrapper
from django.http import StreamingHttpResponse
from django.test import AsyncClient, Client
from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.play import seating, table_access
from cfmj.play.models import Table
from tests.classes.helpers import person
from tests.core.test_live import run
from tests.services import needs_redis

pytestmark = [pytest.mark.django_db(transaction=True), needs_redis]

DATA_LIVE = re.compile(r'data-live="([^"]+)"')


@pytest.fixture
def streams(settings: Any) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:6379/0"
    settings.LIVE_STREAMS = True
    settings.LIVE_STREAM_SECONDS = 2.0
    settings.LIVE_KEEPALIVE_SECONDS = 60


def page_stream(user: User, table: Table) -> str:
    """The stream's address on the seat's page, as the browser reads it."""
    client = Client()
    client.force_login(user)
    page = client.get(reverse("play:table", args=[table.code]))
    assert page.status_code == 200
    found = DATA_LIVE.search(page.content.decode())
    assert found, "the page carries no stream"
    return html.unescape(found[1])


def token_of(url: str) -> str:
    return parse_qs(urlsplit(url).query)["token"][0]


async def first_event(url: str, client: AsyncClient | None = None) -> tuple[int, AsyncIterator[bytes]]:
    response = cast(StreamingHttpResponse, await (client or AsyncClient()).get(url))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/event-stream")
    chunks = aiter(cast(AsyncIterator[bytes], response.streaming_content))
    first = (await asyncio.wait_for(anext(chunks), 5)).decode()
    return int(first.rpartition("data: ")[2]), chunks


@pytest.mark.usefixtures("streams")
def test_a_seated_person_hears_each_change_and_nothing_hidden() -> None:
    ann, ben = person("ann"), person("ben")
    table = seating.table_open(host=ann, bot_level="steady")
    url = page_stream(ann, table)
    assert url.startswith(f"/live/tables/{table.code}/?token=")

    async def scenario() -> list[str]:
        version, chunks = await first_event(url)  # no cookie: the token is enough
        await sync_to_async(seating.table_join)(table=table, user=ben)
        said = [f"data: {version}\n"]
        async with asyncio.timeout(8):
            said += [chunk.decode() async for chunk in chunks]
        return said

    said = "".join(run(scenario))
    assert "data: 0\n" in said and "data: 1\n" in said
    assert "ben" not in said and "tiles" not in said


def test_the_token_names_the_table_the_person_the_seat_and_the_version_the_page_was_drawn_at() -> None:
    ann = person("ann")
    table = seating.table_open(host=ann, bot_level="steady")
    seating.table_join(table=table, user=person("ben"))
    table.refresh_from_db()
    token = token_of(table_access.stream_url(table=table, user=ann, seat=0))
    assert table_access.stream_pass(token, code=table.code) == table_access.StreamPass(
        table.pk, table.code, ann.pk, 0, table.version
    )
    assert table.version == 1


@pytest.mark.usefixtures("streams")
def test_nobody_without_the_seat_s_token_gets_a_table_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    ann, eve = person("ann"), person("eve")
    table = seating.table_open(host=ann, bot_level="steady")
    other = seating.table_open(host=eve, bot_level="steady")
    base = reverse("live:table", args=[table.code])
    good = token_of(table_access.stream_url(table=table, user=ann, seat=0))
    payload = {"t": table.pk, "c": table.code, "u": eve.pk, "s": 1, "v": 0}
    monkeypatch.setattr(
        signing.TimestampSigner,
        "timestamp",
        lambda self: signing.b62_encode(
            int(time.time() - table_access.STREAM_TOKEN_AGE.total_seconds() - 60)
        ),
    )
    expired = table_access.stream_url(table=table, user=ann, seat=0)
    monkeypatch.undo()
    tokens = {
        "none": "",
        "forged": signing.dumps(payload, salt="not.the.stream"),
        "altered": good[:-1] + ("A" if good[-1] != "A" else "B"),
        "unsigned": good.rpartition(":")[0],
        "another table's": token_of(table_access.stream_url(table=other, user=eve, seat=0)),
    }

    async def scenario() -> dict[str, int]:
        stranger = AsyncClient()
        await stranger.aforce_login(eve)  # a session of her own counts for nothing
        asked = {
            what: (await stranger.get(base, {"token": token})).status_code for what, token in tokens.items()
        }
        asked["expired"] = (await AsyncClient().get(expired)).status_code
        asked["no such table"] = (await AsyncClient().get(f"/live/tables/NOSUCHCD/?token={good}")).status_code
        asked["the seat's own, to check"] = (await AsyncClient().get(base, {"token": good})).status_code
        return asked

    asked = run(scenario)
    assert asked.pop("the seat's own, to check") == 200
    assert asked == dict.fromkeys(asked, 404)


@contextmanager
def database_watched() -> Iterator[list[str]]:
    """Each use of a database connection meanwhile, in any thread: every query and every new
    connection goes through ensure_connection."""
    used: list[str] = []
    original = BaseDatabaseWrapper.ensure_connection

    def watched(self: BaseDatabaseWrapper) -> None:
        used.append(f"{self.alias} in {threading.current_thread().name}")
        original(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(BaseDatabaseWrapper, "ensure_connection", watched)
        yield used


@pytest.mark.usefixtures("streams")
def test_a_stream_reads_no_session_and_no_database(settings: Any) -> None:
    """Through every middleware of the site, with a signed-in person's session cookie sent along: a
    stream from its first event to its end, and a refusal, use no database connection at all."""
    settings.LIVE_STREAM_SECONDS = 0.5
    ann = person("ann")
    table = seating.table_open(host=ann, bot_level="steady")
    url = page_stream(ann, table)
    signed_in = AsyncClient()

    async def sign_in() -> None:
        await signed_in.aforce_login(ann)

    run(sign_in)

    async def scenario() -> tuple[int, list[bytes], int]:
        version, chunks = await first_event(url, signed_in)
        rest = [chunk async for chunk in chunks]
        refused = await signed_in.get(url.replace("?token=", "?token=x"))
        return version, rest, refused.status_code

    with database_watched() as used:
        assert run(scenario) == (0, [], 404)
    assert used == []
