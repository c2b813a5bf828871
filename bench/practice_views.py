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
import re
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
HOST, PORT = "127.0.0.1", 8931
USERS = 20
WARM_UP, MEASURE = 3.0, 10.0     # seconds, per scenario
PAUSE = 1.0                      # seconds a quick learner takes to read a page
PUZZLES_PER_BAND = 150           # per kind, bands 1-3: more than a learner can see in one run
POSTGRES = "postgres://postgres@127.0.0.1:5432"

SEED_SCRIPT = """
import json, django
django.setup()
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from cfmj.engine import drills
from practice import services
for number, kind in enumerate(drills.KINDS):
    for band in (1, 2, 3):
        services.puzzle_batch_generate(kind=kind, band=band, count={count}, seed=1000 * number + band)
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


async def fetch(method: str, path: str, cookies: dict[str, str], body: str = "",
                headers: dict[str, str] | None = None) -> tuple[int, str]:
    """One HTTP/1.1 request on its own connection (gunicorn's sync workers close each one)."""
    reader, writer = await asyncio.open_connection(HOST, PORT)
    lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}", "Connection: close",
             "Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items())]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    if body:
        lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
    writer.write(("\r\n".join(lines) + "\r\n\r\n" + body).encode())
    raw = await reader.read()
    writer.close()
    head, _, text = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    for line in header_lines:
        name, _, value = line.partition(": ")
        if name.lower() == "set-cookie":
            key, _, rest = value.partition("=")
            cookies[key] = rest.split(";", 1)[0]
    return int(status_line.split()[1]), text.decode("utf-8", "replace")


def answer_of(page: str) -> tuple[str, dict[str, str]] | None:
    """Fill in the page's answer form as a hurried learner would: the first choice of each
    question, three tiles for a pass, 3 in number fields."""
    form = re.search(r'<form method="post" action="(/practice/puzzles/\d+/answer/)"(.*?)</form>', page, re.S)
    if form is None:
        return None
    data: dict[str, str] = {}
    picks: list[str] = []
    for tag in re.findall(r"<input[^>]*>", form.group(2)):
        kind = re.search(r'type="(\w+)"', tag)
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if not kind or not name:
            continue
        if kind.group(1) == "text":
            data.setdefault(name.group(1), "3")
        elif name.group(1) == "pick" and value:
            picks.append(value.group(1))
        elif value:
            data.setdefault(name.group(1), value.group(1))
    for name, options in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', form.group(2), re.S):
        first = re.search(r'<option value="([^"]+)"', options)
        data[name] = first.group(1) if first else ""
    if picks:
        data["pass"] = " ".join(picks[:3])
    return form.group(1), data


async def learner(kind: str, session: str | None, pause: float, deadline: float, counting_from: float,
                  tally: Tally) -> None:
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
        status, _ = await fetch("POST", action, cookies, urlencode(data), {
            "HX-Request": "true", "X-CSRFToken": cookies.get("csrftoken", ""),
            "Referer": f"http://{HOST}:{PORT}/"})
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
    await asyncio.gather(*(
        learner(kinds[i % len(kinds)], sessions[i] if i % 2 == 0 else None,  # even ones signed in
                pause, deadline, counting_from, tally)
        for i in range(USERS)))
    measured = time.perf_counter() - counting_from
    return tally, measured, time.process_time() - cpu


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000 if ordered else float("nan")


def run(label: str, env: dict[str, str]) -> None:
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    seeded = subprocess.run([sys.executable, "-c", SEED_SCRIPT.format(count=PUZZLES_PER_BAND, users=USERS)],
                            cwd=ROOT, env={**env, "DJANGO_SETTINGS_MODULE": "cfmj.settings"}, check=True,
                            capture_output=True, text=True)
    setup = json.loads(seeded.stdout.strip().splitlines()[-1])
    if listening():
        raise SystemExit(f"Something already listens on {HOST}:{PORT}: stop it, then run the bench again.")
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "cfmj.wsgi", "-w", "2",
                               "-b", f"{HOST}:{PORT}", "--log-level", "warning"], cwd=ROOT, env=env)
    try:
        while not listening():
            if server.poll() is not None:
                raise SystemExit("gunicorn did not start")
            time.sleep(0.1)
        # No pause first: it also warms every worker up on every kind.
        results = [(name, *asyncio.run(load(setup["kinds"], setup["sessions"], pause)))
                   for name, pause in (("no pause", 0.0), (f"quick learners ({PAUSE:.0f} s pause)", PAUSE))]
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"\nPractice views on {label}: gunicorn, 2 sync workers, {USERS} learners of every kind; "
          f"{MEASURE:.0f} s (20 s with pauses) measured after {WARM_UP:.0f} s warm-up")
    for name, tally, seconds, client_cpu in results:
        requests = sum(len(v) for v in tally.times.values())
        print(f"  {name}: {requests / seconds:.0f} req/s, {len(tally.errors)} errors "
              f"(load generator: {100 * client_cpu / seconds:.0f}% of one core)")
        for view, times in tally.times.items():
            print(f"    {view:12s} n={len(times):5d}  p50 {percentile(times, 0.5):6.1f} ms  "
                  f"p95 {percentile(times, 0.95):6.1f} ms  p99 {percentile(times, 0.99):6.1f} ms")
        if tally.errors:
            print("    errors:", sorted(set(tally.errors))[:5])


def listening(host: str = HOST, port: int = PORT) -> bool:
    try:
        socket.create_connection((host, port), timeout=0.5).close()
        return True
    except OSError:
        return False


def main() -> None:
    base = {**os.environ, "REDIS_URL": "", "DJANGO_DEBUG": "0", "DJANGO_ALLOWED_HOSTS": f"{HOST},localhost"}
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
