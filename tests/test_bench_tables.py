"""The load test's people at tables (bench/loadtest_tables.py) choose only legal actions from the
parts a seat fetches: four people play a table's Charlestons and a discard through its parts, each
choice accepted and the table's version moving on by one each time. Its receipts are counted for
each seat told of a version (each seat has a topic of its own), as its monitor hears them."""

from __future__ import annotations

import asyncio
import random
from urllib.parse import urlencode

import pytest
import redis
from django.test import Client
from django.urls import reverse

from bench.client import Tally
from bench.loadtest_tables import DRAWN, PROBLEM, SEEN, Run, Seat, choose, monitor, receipts
from cfmj.core.live_hub import channel
from cfmj.play import seating, table_hands
from cfmj.play.models import Table
from tests.classes.helpers import person
from tests.core.test_live import run as in_a_thread
from tests.services import needs_redis

pytestmark = pytest.mark.django_db
ACTIONS = 36  # both Charlestons (with the vote between), the courtesy question, a discard and its answers


def test_four_people_play_a_table_through_its_parts() -> None:
    people = [person(name) for name in ("ann", "ben", "cat", "dan")]
    table = seating.table_open(host=people[0], bot_level="steady", call_seconds=30)
    for someone in people[1:]:
        seating.table_join(table=table, user=someone)
    table_hands.table_start(table=table, by=people[0], seed=11)
    clients = [Client() for _ in people]
    for client, someone in zip(clients, people, strict=True):
        client.force_login(someone)
    now = reverse("play:table_now", args=[table.code])
    chosen: list[str] = []
    while len(chosen) < ACTIONS:
        parts = [client.get(now, HTTP_HX_REQUEST="true").content.decode() for client in clients]
        assert all(SEEN.search(part) and DRAWN.search(part) for part in parts)
        choices = [(client, choose(part)) for client, part in zip(clients, parts, strict=True)]
        owed = [(client, choice) for client, choice in choices if choice]
        assert owed, "somebody always owes a choice while the hand is on"
        for client, (kind, url, fields) in owed:
            assert url == reverse("play:table_act", args=[table.code])
            version = Table.objects.get(pk=table.pk).version
            body = urlencode(fields)
            answer = client.post(
                url, body, content_type="application/x-www-form-urlencoded", HTTP_HX_REQUEST="true"
            )
            html = answer.content.decode()
            assert answer.status_code == 200 and PROBLEM.search(html) is None, (kind, fields)
            assert Table.objects.get(pk=table.pk).version == version + 1
            chosen.append(kind)
    assert {"pass_tiles", "stop_vote", "courtesy_ask", "discard", "no_call"} <= set(chosen)


def test_it_reads_each_kind_of_form() -> None:
    def form(action: str, inner: str) -> str:
        hidden = (
            '<input type="hidden" name="version" value="v1"><input type="hidden" name="action" value="x">'
        )
        return f'<form method="post" action="/act/" data-action="{action}">{hidden}{inner}</form>'

    tiles = "".join(
        f'<input type="checkbox" name="tiles" value="{t}">' for t in ("J", "1B", "2B", "3B", "4B")
    )
    assert choose(form("pass_tiles", tiles)) == (
        "pass_tiles",
        "/act/",
        [
            ("version", "v1"),
            ("action", "x"),
            ("confirm", "1"),
            ("tiles", "1B"),
            ("tiles", "2B"),
            ("tiles", "3B"),
        ],
    )
    courtesy = choose("<legend>Choose 2 tiles to give across</legend>" + form("courtesy_pass", tiles))
    assert courtesy and courtesy[2][-2:] == [("tiles", "1B"), ("tiles", "2B")]
    rack = (
        '<button type="submit" name="tile" value="5D">5D</button><button type="submit" name="tile" value="J">'
    )
    both = form("discard", rack) + form("declare_mah_jongg", '<button type="submit">Declare</button>')
    assert choose(both) == (
        "declare_mah_jongg",
        "/act/",
        [("version", "v1"), ("action", "x"), ("confirm", "1")],
    )
    discard = choose(form("discard", rack))
    assert discard and discard[2][-1] == ("tile", "5D")
    asked = choose(form("courtesy_ask", "") + form("table_say", ""))
    assert asked and asked[2][-1] == ("count", "0")
    token = '<input type="hidden" name="csrfmiddlewaretoken" value="t">'
    over = f'<form method="post" action="/next/" data-action="next_hand">{token}</form>'
    assert choose(over) == ("next_hand", "/next/", [("csrfmiddlewaretoken", "t")])
    assert choose(form("table_say", "")) is None


def test_receipts_are_counted_for_each_seat_told_of_a_version() -> None:
    run = Run(Tally(counting_from=0.0, deadline=100.0), ("127.0.0.1", 1))
    run.seats = [Seat(0, number, "CODE", {}, "/live/", 1, random.Random(number)) for number in range(4)]
    run.seats[1].heard, run.seats[1].heard_at = [3, 5], [10.2, 20.3]
    run.seats[2].heard, run.seats[2].heard_at = [5], [20.1]
    run.published = {(0, 1, 3): 10.0, (0, 1, 5): 20.0, (0, 2, 5): 20.0, (0, 3, 6): 30.0}
    run.answered = [(0, 0, 5, 20.05)]  # seat 0's answer drawn at 5: seats 1 and 2 were told of it
    published, answered, missed = receipts(run)
    assert [round(delay, 2) for delay in published] == [0.2, 0.3, 0.1]
    assert [round(delay, 2) for delay in answered] == [0.25, 0.05] and missed == 1  # seat 3 heard nothing


@needs_redis
def test_the_monitor_hears_each_seats_topic() -> None:
    run = Run(Tally(counting_from=0.0, deadline=100.0), ("127.0.0.1", 1))
    url, pk = "redis://127.0.0.1:6379/0", 987_654_321  # pub/sub belongs to no database; no table has it

    async def scenario() -> None:
        task = asyncio.create_task(
            monitor(run, url, [{"pk": pk, "code": "CODE", "sessions": [], "streams": []}])
        )
        await asyncio.sleep(0.3)
        redis.Redis.from_url(url).publish(channel(f"table-{pk}-2"), "7")
        await asyncio.sleep(0.3)
        task.cancel()

    in_a_thread(scenario)
    assert list(run.published) == [(0, 2, 7)]
