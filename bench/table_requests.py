"""The CPU cost of a table's requests, in-process: what each kind of request a table of four people
makes costs the server (mean CPU ms by time.process_time, and SQL queries), not how long it waits.

    .venv/bin/python bench/table_requests.py [--tables 4] [--actions 150] [--profile action]

Sets up `--tables` tables of four people as bench/loadtest_tables.py does (seeded deals, the call
window 30 s: no deadline comes due), on a throwaway PostgreSQL test database (created and dropped
here) with the cache on Redis database 9 (emptied before and after), DEBUG off, as production
runs, the engine's tables built first as gunicorn's master builds them. The tables are played in
turn, one action at a time, with Django's test Client in this process (no server, no network: the
client's own CPU is counted too, about the same for every kind of request). Each action is chosen
from the actor's latest part by the load test's people (`choose`: first tiles, let every discard
go, ...) and posted with htmx; then each of the other three seats fetches its part
(`/now/?seen=<digest>`), answered 200 with the part or 204 when nothing it sees changed: the
requests a table's streams set off. After a warm-up table, the measured ones. Prints for each kind
of request: how many, the mean and median CPU ms, the mean queries (counted by a database execute
wrapper), and the mean CPU of the PostgreSQL backend serving them, which shares the machine's
cores (from /proc, in clock ticks: right on average only); and how many of the parts were fetched
by seats told of the version on their stream (what a page on a stream asks for; the others only a
page that polls). `--profile KIND` prints a cProfile of that kind's requests (wall-clock: the
database's answers count too)."""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
REDIS_URL = "redis://127.0.0.1:6379/9"  # no test uses it; emptied before and after
os.environ.update(
    DJANGO_SETTINGS_MODULE="cfmj.settings",
    DJANGO_DEBUG="0",
    LOG_LEVEL="WARNING",
    REDIS_URL=REDIS_URL,
    DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/cfmj_bench_{uuid.uuid4().hex[:8]}",
)

import django  # noqa: E402

django.setup()

import redis  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from bench.client import measure, request_table  # noqa: E402
from bench.loadtest_tables import DRAWN, PROBLEM, SEEN, choose  # noqa: E402
from cfmj.accounts.models import User  # noqa: E402
from cfmj.core import live, live_hub  # noqa: E402
from cfmj.engine.game.warm import warm_up  # noqa: E402
from cfmj.play import seating, table_hands  # noqa: E402
from cfmj.play.models import Table  # noqa: E402

KINDS = ("action", "part 200", "part 204", "next hand")
WARM_UP_ACTIONS = 40
PUBLISHED: set[str] = set()  # "topic@version", each published since the bench began


@dataclass
class Tally:
    cpu: dict[str, list[float]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    queries: dict[str, list[int]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    database: dict[str, list[float]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    backend: Path | None = None  # /proc/<pid>/stat of this connection's PostgreSQL backend
    profiled: str = ""  # the kind whose requests are profiled
    profile: pstats.Stats | None = None
    told: Counter[str] = field(default_factory=Counter)  # "part 200 told", "part 204 not told"...


@dataclass
class Person:
    client: Client
    part: str = ""
    seen: str = ""


@dataclass
class Seated:
    table: Table
    people: list[Person]
    turn: int = 0  # who is asked first for the next action, in rotation
    actions: int = 0


@contextmanager
def counted() -> Iterator[list[int]]:
    found = [0]

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        found[0] += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        yield found


def timed(tally: Tally | None, call: Callable[[], Any], kind_of: Callable[[Any], str]) -> Any:
    """One request, its CPU and queries put down under its kind (none during the warm-up)."""
    profile = cProfile.Profile() if tally is not None and tally.profiled else None
    done = measure(
        call, queries=counted(), backend=tally.backend if tally is not None else None, profile=profile
    )
    kind = kind_of(done.response)
    if tally is not None:
        tally.cpu[kind].append(1000 * done.cpu)
        tally.queries[kind].append(done.queries)
        tally.database[kind].append(1000 * done.database)
        if profile is not None and kind == tally.profiled:
            tally.profile = pstats.Stats(profile) if tally.profile is None else tally.profile.add(profile)
    return done.response


def backend_of() -> Path:
    """This connection's PostgreSQL backend process (on this machine): its CPU is the database's
    share of a request (counted in clock ticks, a hundredth of a second: right on average only)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    return Path(f"/proc/{pid}/stat")


def take(person: Person, html: str) -> None:
    person.part = html
    found = SEEN.search(html)
    assert found and DRAWN.search(html), "a part carries its digest and version"
    person.seen = found[1]


def fetch(tally: Tally | None, table: Table, person: Person, *, told: bool = True) -> None:
    """The seat's part fetched; `told`: its stream would have said the version (else only a page
    that polls would ask)."""
    url = reverse("play:table_now", args=[table.code]) + f"?seen={person.seen}"
    response = timed(
        tally,
        lambda: person.client.get(url, HTTP_HX_REQUEST="true"),
        lambda r: "part 204" if r.status_code == 204 else "part 200",
    )
    assert response.status_code in (200, 204), response.status_code
    if tally is not None:
        tally.told[f"part {response.status_code} {'told' if told else 'not told'}"] += 1
    if response.status_code == 200:
        take(person, response.content.decode())


def told(table: Table, number: int, version: int) -> bool:
    """Was seat `number` told the table's `version`: on its own topic, or the table's (before each
    seat had one)?"""
    return f"table-{table.pk}-{number}@{version}" in PUBLISHED or f"table-{table.pk}@{version}" in PUBLISHED


def _recording(publish: Callable[[str, int], None]) -> Callable[[str, int], None]:
    def recorded(topic: str, version: int) -> None:
        PUBLISHED.add(f"{topic}@{version}")
        publish(topic, version)

    return recorded


def act(tally: Tally | None, seated: Seated) -> None:
    """The next seat in turn that owes a choice makes it; the other seats fetch their parts."""
    for k in range(4):
        number = (seated.turn + k) % 4
        choice = choose(seated.people[number].part)
        if choice is not None:
            break
    else:
        raise SystemExit(f"Nobody owes a choice at table {seated.table.code}: the bench is stuck.")
    seated.turn = (number + 1) % 4
    kind, url, fields = choice
    person = seated.people[number]
    if kind == "next_hand":
        post = timed(tally, lambda: person.client.post(url, dict(fields)), lambda _: "next hand")
        assert post.status_code == 302, post.status_code
    else:
        body, form = urlencode(fields), "application/x-www-form-urlencoded"
        post = timed(
            tally,
            lambda: person.client.post(url, body, content_type=form, HTTP_HX_REQUEST="true"),
            lambda _: "action",
        )
        html = post.content.decode()
        assert post.status_code == 200 and PROBLEM.search(html) is None, (kind, PROBLEM.search(html))
        take(person, html)
        seated.actions += 1
    drawn = DRAWN.search(person.part)
    version = int(drawn[1]) if drawn else -1
    for other, someone in enumerate(seated.people):
        if other != number or kind == "next_hand":
            fetch(tally, seated.table, someone, told=told(seated.table, other, version))


def seat_tables(count: int, first: int) -> list[Seated]:
    """`count` tables of four people, play started (seeded), each person's first part fetched."""
    made = []
    for number in range(first, first + count):
        users = [User.objects.create_user(f"table{number}seat{n}") for n in range(4)]
        table = seating.table_open(host=users[0], bot_level="steady", call_seconds=30)
        for user in users[1:]:
            seating.table_join(table=table, user=user)
        table_hands.table_start(table=table, by=users[0], seed=number)
        people = []
        for user in users:
            client = Client()
            client.force_login(user)
            people.append(Person(client))
        seated = Seated(Table.objects.get(pk=table.pk), people)
        for person in people:
            fetch(None, seated.table, person)
        made.append(seated)
    return made


def report(tally: Tally, seconds: float) -> None:
    rows = [(kind, tally.cpu[kind], tally.queries[kind], tally.database[kind]) for kind in KINDS]
    request_table(rows, unit="ms", width=10, digits=2)
    print(f"({seconds:.1f} s of CPU in the measured requests)")
    print(
        "parts fetched by seats told of the version on their stream: "
        + ", ".join(f"{what} {count}" for what, count in sorted(tally.told.items()))
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--actions", type=int, default=150, help="actions per table")
    parser.add_argument("--profile", choices=KINDS, help="print a cProfile of this kind's requests")
    args = parser.parse_args()
    live_hub.CHANNEL_PREFIX = f"bench-{uuid.uuid4().hex[:8]}:"  # publishes nobody hears
    live.publish = _recording(live.publish)  # type: ignore[assignment]
    store = redis.Redis.from_url(REDIS_URL)
    store.flushdb()
    name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0)
    try:
        run(args, Tally(profiled=args.profile or ""))
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)
        store.flushdb()


def run(args: argparse.Namespace, tally: Tally) -> None:
    warm_up()  # as gunicorn's master does before it forks a worker (gunicorn.conf.py)
    (warm,) = seat_tables(1, first=0)
    for _ in range(WARM_UP_ACTIONS):
        act(None, warm)
    tables = seat_tables(args.tables, first=1)
    tally.backend = backend_of()
    for _ in range(args.actions):
        for seated in tables:
            act(tally, seated)
    report(tally, sum(sum(values) for values in tally.cpu.values()) / 1000)
    if tally.profile is not None:
        tally.profile.sort_stats("cumulative").print_stats(45)
        tally.profile.sort_stats("tottime").print_stats(30)


if __name__ == "__main__":
    main()
