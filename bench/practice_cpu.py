"""The CPU cost of the practice pages' requests, in-process: what each kind of request of
`make loadtest`'s phase 2 (the learners at saturation) costs the server, beside the floor view of
its phase 4, and the ratio that bounds phase 2 / phase 4's throughput.

    .venv/bin/python bench/practice_cpu.py [--learners 50] [--rounds 30] [--profile "drill page"]

Set up as bench/loadtest.py sets up its site: a throwaway PostgreSQL database (created and
dropped here, on 127.0.0.1:5432) with the lessons loaded and PUZZLES_PER_BAND puzzles of every
kind and band (bench/practice_views.py's seeding, made once and kept as a template database
SEED_DATABASE: `--reseed` makes it again), the cache and sessions on Redis database 12 (emptied
before and after), DEBUG off, the engine's tables and the site warmed first as gunicorn's master
does. `--learners` learners (half signed in, half visitors keeping their session cookie), each with
Django's test Client in this process (CSRF checked: the token sent as the load test sends it),
choose to practise everything, then `--rounds` times pick at random (seeded) as the load test's
learners do: the daily set (page, and its answer while any is left), a drill of a random kind
(next puzzle and its answer), or a step of lesson 1 and its check; after each activity, the floor
view (GET /bench/floor/, the session and user read, the layout rendered) with the same cookies, and
the bare view (HttpResponse("ok")): what a request costs here with no work at all (the test
client's share included).

Prints, for each kind of request: how many, the mean and median CPU µs of this process
(time.process_time: the client's share is in it, about the same for every kind), the mean SQL
queries, and the mean CPU of the PostgreSQL backend serving them (from /proc, in clock ticks: right
on average only; it shares the machine's cores under load too). Then the mix's mean per request
and the implied ratio floor / practice, with and without the database's CPU. The first round of
every learner is a warm-up, not counted. `--profile KIND` prints a cProfile (CPU time) of that
kind's requests (`--profile all` of every practice request; `--dump PREFIX` writes each kind's to
PREFIX.<kind>.prof), `--sql KIND` the SQL of three of them. To compare two checkouts, copy this
file into the other's bench/ and run both in turn: the seeded template is shared (the migrations
must be the same)."""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
REDIS_URL = "redis://127.0.0.1:6379/12"  # no test uses it; emptied before and after
POSTGRES = "postgres://postgres@127.0.0.1:5432"
SEED_DATABASE = "cfmj_practice_cpu_seed"
PUZZLES_PER_BAND = 100  # as bench/loadtest.py
os.environ.update(
    DJANGO_SETTINGS_MODULE="cfmj.settings",
    DJANGO_DEBUG="0",
    LOG_LEVEL="WARNING",
    REDIS_URL=REDIS_URL,
    CFMJ_BENCH_BARE="1",
    DATABASE_URL=f"{POSTGRES}/cfmj_practice_cpu_{uuid.uuid4().hex[:8]}",
    RATE_LIMIT_ANSWER_PER_IP="1000000",
    RATE_LIMIT_ANSWER_PER_USER="1000000",
)

import django  # noqa: E402

django.setup()

import psycopg  # noqa: E402
import redis  # noqa: E402
from django.db import connection, connections  # noqa: E402
from django.test import Client  # noqa: E402

from bench.client import form_of, measure, request_table  # noqa: E402

PRACTICE = ("daily page", "daily answer", "drill page", "drill answer", "lesson step", "lesson check")
KINDS = (*PRACTICE, "floor view", "bare view")
ANSWER_ACTION = r"/practice/puzzles/\d+/answer/"
LESSON_ACTION = r"/lessons/[^\"]+/\d+/"


@dataclass
class Tally:
    cpu: dict[str, list[float]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    queries: dict[str, list[int]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    database: dict[str, list[float]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    backend: Path | None = None
    counting: bool = False
    profiled: str = ""
    profile: pstats.Stats | None = None
    profiles: dict[str, pstats.Stats] = field(default_factory=dict)  # each kind's, when profiling all


@dataclass
class Learner:
    client: Client
    rng: random.Random


SQL_SHOWN: dict[str, int] = {}  # `--sql KIND`: how many of that kind's requests to show the SQL of


@contextmanager
def counted(kind: str = "") -> Iterator[list[int]]:
    found = [0]
    shown = SQL_SHOWN.get(kind, 0) > 0
    if shown:
        SQL_SHOWN[kind] -= 1
        print(f"--- {kind}")

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        found[0] += 1
        if shown:
            print(" ", sql[:300])
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        yield found


def timed(tally: Tally, kind: str, call: Callable[[], Any]) -> Any:
    profiling = (
        bool(tally.profiled)
        and tally.counting
        and tally.profiled in (kind, "all" if kind in PRACTICE else "")
    )
    profile = cProfile.Profile(time.thread_time) if profiling else None
    done = measure(
        call, queries=counted(kind if tally.counting else ""), backend=tally.backend, profile=profile
    )
    if tally.counting:
        tally.cpu[kind].append(1e6 * done.cpu)
        tally.queries[kind].append(done.queries)
        tally.database[kind].append(1e6 * done.database)
        if profile is not None:
            tally.profile = pstats.Stats(profile) if tally.profile is None else tally.profile.add(profile)
            mine = tally.profiles.get(kind)
            tally.profiles[kind] = pstats.Stats(profile) if mine is None else mine.add(profile)
    return done.response


def post(tally: Tally, kind: str, learner: Learner, target: str, data: dict[str, str]) -> None:
    token = learner.client.cookies["csrftoken"].value
    data["csrfmiddlewaretoken"] = token
    response = timed(
        tally,
        kind,
        lambda: learner.client.post(
            target,
            urlencode(data),  # as the load test's learners post (the test client's default is multipart)
            content_type="application/x-www-form-urlencoded",
            HTTP_HX_REQUEST="true",
            HTTP_X_CSRFTOKEN=token,
            HTTP_REFERER="http://testserver/",
        ),
    )
    assert response.status_code == 200, (kind, target, response.status_code)


def activity(tally: Tally, learner: Learner, kinds: list[str], slug: str, steps: int) -> None:
    """One of the load test's learner's activities (bench/loadtest.py's `learner`)."""
    chosen = learner.rng.choice(("daily", "drill", "lesson"))
    if chosen == "lesson":
        path = f"/lessons/{slug}/{learner.rng.randint(1, steps)}/"
        page, action, check = "lesson step", LESSON_ACTION, "lesson check"
    else:
        path = "/practice/daily/" if chosen == "daily" else f"/practice/{learner.rng.choice(kinds)}/"
        page, action, check = f"{chosen} page", ANSWER_ACTION, f"{chosen} answer"
    response = timed(tally, page, lambda: learner.client.get(path))
    assert response.status_code == 200, (path, response.status_code)
    form = form_of(response.content.decode(), action)
    if chosen != "daily":
        assert form is not None, f"{path} has no form"
    if form is not None:
        post(tally, check, learner, *form)


def learners_made(count: int) -> list[Learner]:
    from cfmj.accounts.models import User  # noqa: PLC0415 - after django.setup()

    made = []
    for number in range(count):
        client = Client(enforce_csrf_checks=True)
        if number % 2 == 0:  # the even ones signed in, as the load test's
            client.force_login(User.objects.create_user(f"learner{number}"))
        client.get("/practice/")  # the session and CSRF cookies
        token = client.cookies["csrftoken"].value
        chosen = client.post(
            "/practice/range/",
            {"everything": "on", "csrfmiddlewaretoken": token},
            HTTP_REFERER="http://testserver/",
        )
        assert chosen.status_code == 302, chosen.status_code
        made.append(Learner(client, random.Random(number)))
    return made


SEED = """
import django
django.setup()
from django.core.management import call_command
from cfmj.engine import drills
from practice import making
call_command("migrate", verbosity=0)
call_command("load_lessons", verbosity=0)
for number, kind in enumerate(drills.KINDS):
    for band in (1, 2, 3):
        making.puzzle_batch_generate(kind=kind, band=band, count={count}, seed=1000 * number + band)
"""


def database_from_seed(name: str, reseed: bool) -> None:
    """The run's database, a copy of the seeded template (made first when there is none)."""
    import subprocess  # noqa: PLC0415

    with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as admin:
        exists = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [SEED_DATABASE]).fetchone()
        if exists and reseed:
            admin.execute(f'DROP DATABASE "{SEED_DATABASE}" WITH (FORCE)')
        if not exists or reseed:
            admin.execute(f'CREATE DATABASE "{SEED_DATABASE}"')
            started = time.perf_counter()
            env = {**os.environ, "DATABASE_URL": f"{POSTGRES}/{SEED_DATABASE}", "REDIS_URL": ""}
            subprocess.run(
                [sys.executable, "-c", SEED.format(count=PUZZLES_PER_BAND)], cwd=ROOT, env=env, check=True
            )
            print(f"Seeded {SEED_DATABASE} in {time.perf_counter() - started:.0f} s")
        admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{SEED_DATABASE}"')


def backend_of() -> Path:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    return Path(f"/proc/{pid}/stat")


def report(tally: Tally) -> None:
    rows = [(kind, tally.cpu[kind], tally.queries[kind], tally.database[kind]) for kind in KINDS]
    request_table(rows, unit="µs", width=13, digits=0)
    mix = [t for kind in PRACTICE for t in tally.cpu[kind]]
    mix_db = [t for kind in PRACTICE for t in tally.database[kind]]
    floor, floor_db = (
        statistics.fmean(tally.cpu["floor view"]),
        statistics.fmean(tally.database["floor view"]),
    )
    practice, practice_db = statistics.fmean(mix), statistics.fmean(mix_db)
    print(
        f"practice mix: {len(mix)} requests, {practice:.0f} µs CPU a request "
        f"(+ {practice_db:.0f} µs PostgreSQL)"
    )
    print(
        f"implied practice / floor throughput: {100 * floor / practice:.0f} % "
        f"(with PostgreSQL's CPU: {100 * (floor + floor_db) / (practice + practice_db):.0f} %)"
    )


def run(args: argparse.Namespace, tally: Tally) -> None:
    from cfmj.engine.game.warm import warm_up  # noqa: PLC0415
    from cfmj.site.warm import warm_site  # noqa: PLC0415

    warm_up()  # as gunicorn's master does before it forks a worker (gunicorn.conf.py)
    warm_site()
    from lessons.models import Lesson  # noqa: PLC0415

    lesson = Lesson.objects.filter(active=True).order_by("number").first()
    assert lesson is not None
    slug, steps = lesson.slug, lesson.steps.count()
    from cfmj.engine import drills  # noqa: PLC0415

    kinds = list(drills.KINDS)
    learners = learners_made(args.learners)
    tally.backend = backend_of()
    for learner in learners:  # a warm-up round: every page type once at least, not counted
        activity(tally, learner, kinds, slug, steps)
    tally.counting = True
    for _ in range(args.rounds):
        for learner in learners:
            activity(tally, learner, kinds, slug, steps)
            # The yardsticks between the activities, with the same cookies: whatever else the
            # machine is doing weighs on both alike.
            client = learner.client
            response = timed(tally, "floor view", partial(client.get, "/bench/floor/"))
            assert response.status_code == 200 and b"Load test yardstick" in response.content
            response = timed(tally, "bare view", partial(client.get, "/bench/bare/"))
            assert response.status_code == 200
    report(tally)
    if tally.profile is not None:
        if args.dump:
            for kind, stats in tally.profiles.items():
                stats.dump_stats(f"{args.dump}.{kind.replace(' ', '_')}.prof")
        tally.profile.sort_stats("cumulative").print_stats(60)
        tally.profile.sort_stats("tottime").print_stats(40)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=30, help="activities per learner, counted")
    parser.add_argument("--profile", choices=(*KINDS, "all"), help="print a cProfile of these requests")
    parser.add_argument("--dump", help="with --profile: write each kind's profile to DUMP.<kind>.prof")
    parser.add_argument("--reseed", action="store_true", help=f"make {SEED_DATABASE} again")
    parser.add_argument("--sql", choices=KINDS, help="print the SQL of 3 of these requests")
    args = parser.parse_args()
    if args.sql:
        SQL_SHOWN[args.sql] = 3
    store = redis.Redis.from_url(REDIS_URL)
    store.flushdb()
    name = connection.settings_dict["NAME"]
    database_from_seed(name, args.reseed)
    try:
        run(args, Tally(profiled=args.profile or ""))
    finally:
        connections.close_all()
        with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        store.flushdb()


if __name__ == "__main__":
    main()
