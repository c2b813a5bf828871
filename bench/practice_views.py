"""Next-puzzle and answer views under load (`make bench`; loopback only, bounded in users and time).

gunicorn with two sync workers (one per core) serves a throwaway database seeded with puzzles of
every kind. 20 simulated learners (half signed in, half visitors keeping their session cookie),
each practising one drill kind, fetch a puzzle and answer it (htmx POST) in a loop, for
WARM_UP + MEASURE seconds; only the MEASURE part is counted. Two scenarios:
- "quick learners": each pauses PAUSE seconds after every page or verdict, faster than anyone
  reads a hand (so about 20 requests in flight per PAUSE), the case the aim is about;
- "no pause": each sends its next request the moment the last one is answered, so 20 requests
  are always waiting; this measures the most the server can do, and latency there is queueing
  (p50 is about 20 / throughput).
The run is made on SQLite (the default) and, when a PostgreSQL server answers on 127.0.0.1:5432,
on PostgreSQL.

The load generator is a small asyncio client in this process; its own CPU time is printed, since
it shares the machine's cores with the server. Query counts are asserted by the tests
(tests/practice/test_drill.py and test_answer.py)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench import client  # noqa: E402 - after the path is set
from bench.client import UNTHROTTLED, form_of, listening, percentile  # noqa: E402

HOST, PORT = "127.0.0.1", 8931
USERS = 20
WARM_UP, MEASURE = 3.0, 10.0  # seconds, per scenario
PAUSE = 1.0  # seconds a quick learner takes to read a page
PUZZLES_PER_BAND = 150  # per kind, bands 1-3: more than a learner can see in one run
POSTGRES = "postgres://postgres@127.0.0.1:5432"

SEED_SCRIPT = """
import json, django
django.setup()
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from cfmj.engine import drills
from practice import making
for number, kind in enumerate(drills.KINDS):
    for band in (1, 2, 3):
        making.puzzle_batch_generate(kind=kind, band=band, count={count}, seed=1000 * number + band)
sessions = []
for number in range({users}):
    user = get_user_model().objects.create_user(f"learner{{number}}")  # no password: never logs in by form
    session = SessionStore()
    session.update({{SESSION_KEY: str(user.pk), HASH_SESSION_KEY: user.get_session_auth_hash(),
                    BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend"}})
    session.create()
    sessions.append(session.session_key)
print(json.dumps({{"kinds": list(drills.KINDS), "sessions": sessions}}))
"""


@dataclass
class Tally:
    times: dict[str, list[float]] = field(default_factory=lambda: {"next puzzle": [], "answer": []})
    errors: list[str] = field(default_factory=list)


def answer_of(page: str) -> tuple[str, dict[str, str]] | None:
    return form_of(page, r"/practice/puzzles/\d+/answer/")


def fetch(
    method: str, path: str, cookies: dict[str, str], body: str = "", headers: dict[str, str] | None = None
) -> Coroutine[Any, Any, tuple[int, str]]:
    return client.fetch((HOST, PORT), method, path, cookies, body, headers)


async def learner(
    kind: str, session: str | None, pause: float, deadline: float, counting_from: float, tally: Tally
) -> None:
    cookies = {"sessionid": session} if session else {}
    await asyncio.sleep(random.uniform(0, pause))  # learners do not all start on the same beat
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        status, page = await fetch("GET", f"/practice/{kind}/", cookies)
        fetched = time.perf_counter()
        form = answer_of(page) if status == 200 else None
        if started >= counting_from:
            tally.times["next puzzle"].append(fetched - started)
            if form is None:
                tally.errors.append(f"GET {kind} {status}")
        if form is None:
            continue
        await asyncio.sleep(pause)
        action, data = form
        data["csrfmiddlewaretoken"] = cookies.get("csrftoken", "")
        posted = time.perf_counter()
        status, _ = await fetch(
            "POST",
            action,
            cookies,
            urlencode(data),
            {
                "HX-Request": "true",
                "X-CSRFToken": cookies.get("csrftoken", ""),
                "Referer": f"http://{HOST}:{PORT}/",
            },
        )
        if posted >= counting_from:
            tally.times["answer"].append(time.perf_counter() - posted)
            if status != 200:
                tally.errors.append(f"POST {kind} {status}")
        await asyncio.sleep(pause)


async def load(kinds: list[str], sessions: list[str], pause: float) -> tuple[Tally, float, float]:
    tally = Tally()
    counting_from = time.perf_counter() + WARM_UP
    deadline = counting_from + MEASURE * (2 if pause else 1)  # as many samples either way, roughly
    cpu = time.process_time()
    await asyncio.gather(
        *(
            learner(
                kinds[i % len(kinds)],
                sessions[i] if i % 2 == 0 else None,  # even ones signed in
                pause,
                deadline,
                counting_from,
                tally,
            )
            for i in range(USERS)
        )
    )
    measured = time.perf_counter() - counting_from
    return tally, measured, time.process_time() - cpu


def run(label: str, env: dict[str, str]) -> None:
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    seeded = subprocess.run(
        [sys.executable, "-c", SEED_SCRIPT.format(count=PUZZLES_PER_BAND, users=USERS)],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "cfmj.settings"},
        check=True,
        capture_output=True,
        text=True,
    )
    setup = json.loads(seeded.stdout.strip().splitlines()[-1])
    if listening(HOST, PORT):
        raise SystemExit(f"Something already listens on {HOST}:{PORT}: stop it, then run the bench again.")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "cfmj.wsgi",
            "-w",
            "2",
            "-b",
            f"{HOST}:{PORT}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        while not listening(HOST, PORT):
            if server.poll() is not None:
                raise SystemExit("gunicorn did not start")
            time.sleep(0.1)
        # No pause first: it also warms every worker up on every kind.
        results = [
            (name, *asyncio.run(load(setup["kinds"], setup["sessions"], pause)))
            for name, pause in (("no pause", 0.0), (f"quick learners ({PAUSE:.0f} s pause)", PAUSE))
        ]
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(
        f"\nPractice views on {label}: gunicorn, 2 sync workers, {USERS} learners of every kind; "
        f"{MEASURE:.0f} s (20 s with pauses) measured after {WARM_UP:.0f} s warm-up"
    )
    for name, tally, seconds, client_cpu in results:
        requests = sum(len(v) for v in tally.times.values())
        print(
            f"  {name}: {requests / seconds:.0f} req/s, {len(tally.errors)} errors "
            f"(load generator: {100 * client_cpu / seconds:.0f}% of one core)"
        )
        for view, times in tally.times.items():
            print(
                f"    {view:12s} n={len(times):5d}  p50 {percentile(times, 0.5):6.1f} ms  "
                f"p95 {percentile(times, 0.95):6.1f} ms  p99 {percentile(times, 0.99):6.1f} ms"
            )
        if tally.errors:
            print("    errors:", sorted(set(tally.errors))[:5])


def main() -> None:
    base = {
        **os.environ,
        "REDIS_URL": "",
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": f"{HOST},localhost",
        **UNTHROTTLED,
    }
    with tempfile.TemporaryDirectory() as folder:
        run("SQLite", {**base, "DATABASE_URL": "", "SQLITE_PATH": str(Path(folder) / "load.sqlite3")})
    if listening("127.0.0.1", 5432):
        import psycopg  # noqa: PLC0415 - only when a PostgreSQL server answers

        name = f"cfmj_bench_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        try:
            run("PostgreSQL", {**base, "DATABASE_URL": f"{POSTGRES}/{name}"})
        finally:
            with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
