"""The class's table pages on the push channel: one stream per page (/live/classes/<id>/tables/),
opened only with the token the page carries (signed for the class, the person and the topics). All
tables at a glance follows every table's topic and the class's: a move at any table, and a pause,
reach it; a student's "ready" part follows the class's topic alone."""

from __future__ import annotations

import asyncio
import html
import re
from random import Random
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.core import signing
from django.test import AsyncClient, Client
from django.urls import reverse

from cfmj.classes import table_live, table_selectors, table_time
from cfmj.play import table_hands
from cfmj.play.selectors import rebuild
from tests.classes.helpers import a_class, person
from tests.core.test_live import run
from tests.play.test_table_stream import first_event, token_of
from tests.services import needs_redis

pytestmark = [pytest.mark.django_db(transaction=True), needs_redis]

PART = r'id="{part}"[^>]*data-live-topic-version="(\d+)" data-live="([^"]+)"'


@pytest.fixture
def streams(settings: Any) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:6379/0"
    settings.LIVE_STREAMS = True
    settings.LIVE_STREAM_SECONDS = 3.0
    settings.LIVE_KEEPALIVE_SECONDS = 60


def _part(user: Any, url: str, part: str) -> tuple[int, str]:
    client = Client()
    client.force_login(user)
    found = re.search(PART.format(part=part), client.get(url).content.decode())
    assert found, f"no stream on the {part} part"
    return int(found[1]), html.unescape(found[2])


@pytest.mark.usefixtures("streams")
def test_the_glance_hears_a_move_at_any_table_and_a_pause() -> None:
    teacher = person("tess", "teacher")
    students = [person(name) for name in ("ann", "ben", "cy", "dee", "eve")]
    classroom = a_class(teacher, *students)
    arranged = table_time.table_time_arrange(
        classroom=classroom, teacher=teacher, people=students, rng=Random(1)
    )
    started = table_time.table_time_start(table_time=arranged)
    version, url = _part(teacher, reverse("classes:tables", args=[classroom.pk]), "tables-glance")
    assert url.startswith(f"/live/classes/{classroom.pk}/tables/?token=")
    second = table_selectors.tables_of(started)[1]

    def act() -> None:
        hand = second.table.hands.get()
        seat = second.table.seats.filter(user__isnull=False).select_related("user").first()
        assert seat is not None and seat.user is not None
        engine = rebuild(hand)
        table_hands.hand_act(
            game=hand,
            user=seat.user,
            version=table_hands.moment_token(engine),
            action=engine.legal_actions(seat.number)[0],
            confirmed=True,
        )

    async def scenario() -> list[int]:
        first, chunks = await first_event(url)  # no cookie: the token is enough
        heard = [first]
        await sync_to_async(act)()
        heard.append(int((await asyncio.wait_for(anext(chunks), 5)).decode().rpartition("data: ")[2]))
        await sync_to_async(table_time.table_time_pause)(table_time=started, paused=True)
        heard.append(int((await asyncio.wait_for(anext(chunks), 5)).decode().rpartition("data: ")[2]))
        return heard

    heard = run(scenario)
    assert heard[0] == version and heard[0] < heard[1] < heard[2]


@pytest.mark.usefixtures("streams")
def test_a_students_part_follows_the_class_and_nobody_gets_a_stream_without_its_token() -> None:
    teacher, ann = person("tess", "teacher"), person("ann")
    classroom = a_class(teacher, ann)
    other = a_class(person("otto", "teacher"), name="Library hall")
    version, url = _part(ann, reverse("classes:detail", args=[classroom.pk]), "table-ready")
    token = token_of(url)
    assert table_live.stream_pass(token, classroom_id=classroom.pk) == {
        table_live.class_topic(classroom.pk): version
    }
    assert table_live.stream_pass(token, classroom_id=other.pk) is None
    base = reverse("live:class_tables", args=[classroom.pk])
    forged = signing.dumps({"c": classroom.pk, "u": ann.pk, "t": {"table-1": 0}}, salt="not.the.stream")

    async def scenario() -> tuple[int, dict[str, int]]:
        first, _chunks = await first_event(url)
        asked = {
            what: (await AsyncClient().get(address)).status_code
            for what, address in {
                "none": base,
                "forged": f"{base}?token={forged}",
                "another class's address": reverse("live:class_tables", args=[other.pk]) + f"?token={token}",
            }.items()
        }
        return first, asked

    first, asked = run(scenario)
    assert first == version
    assert asked == dict.fromkeys(asked, 404)
