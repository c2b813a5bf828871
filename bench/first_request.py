"""A worker's first request (`make loadtest` runs it first): how long the first page a fresh
gunicorn worker serves takes, against the aim of 300 ms.

The site runs as production runs it: DJANGO_ENV=production (DEBUG off, hashed static names from a
collectstatic into a throwaway folder, nginx's X-Forwarded-Proto sent with every request),
gunicorn started from the project root with the shipped gunicorn.conf.py (through
bench/first_request_conf.py, which adds only a "ready" file per worker after its last start-up
hook), on a throwaway PostgreSQL database when one answers on 127.0.0.1:5432 (else a throwaway
SQLite file), Redis database 13 as the cache and session store when Redis answers on
127.0.0.1:6379. Seeded with fixed seeds: the lessons, one learner signed in (a session cookie) with
one hand started (seed 1).

Three rounds. Each round starts gunicorn afresh with one worker. For each page in turn: wait until
a fresh worker is ready (its ready file), GET the page as the learner (its first request, timed),
GET it again (the same page warm, for comparison), then stop that worker (SIGTERM): the master
forks a fresh one for the next page, as it does after a worker dies or reaches max_requests.
Then the same server with 2 workers per core, all ready, gets one Play page request per worker at
once (the way four players arrive on a freshly started site). Printed: each page's first request,
best of the three rounds (and all three) beside the aim, the warm request, each worker's boot (from
its fork to ready), the server's start to its first ready worker (and to all 2 per core), and
memory (RSS and PSS of the master and of a worker after its pages, and the PSS of the whole server
with 2 workers per core after their Play pages: PSS shares each page among the processes that share
it, so it adds up). Redis database 13 is bench/loadtest.py's too: run one at a time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench import client  # noqa: E402 - after the path is set
from bench.client import listening  # noqa: E402

HOST, PORT = "127.0.0.1", 8934
AIM_MS = 300.0
ROUNDS = 3
READY_TIMEOUT = 120.0
HEADERS = {"X-Forwarded-Proto": "https"}  # as nginx sends: production redirects plain HTTP

SEED_SCRIPT = """
import json, django
django.setup()
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.utils.module_loading import import_string
from django.conf import settings
from cfmj.play import services
from lessons.models import Lesson
user = get_user_model().objects.create_user("learner1")  # no password: never logs in by form
store = import_string(settings.SESSION_ENGINE + ".SessionStore")
session = store()
session.update({SESSION_KEY: str(user.pk), HASH_SESSION_KEY: user.get_session_auth_hash(),
                BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend"})
session.create()
game = services.game_start(owner=user, bot_level="steady", seed=1)
lesson = Lesson.objects.filter(active=True).order_by("number").first()
print(json.dumps({"session": session.session_key, "game": game.pk, "lesson": lesson.slug}))
"""


def pages(seeded: dict[str, str]) -> dict[str, str]:
    return {
        "home": "/",
        "play home": "/play/",
        "practice": "/practice/",
        "lesson": f"/lessons/{seeded['lesson']}/",
        "dashboard": "/practice/dashboard/",
        "hand": f"/play/{seeded['game']}/",
    }


@dataclass
class Figures:
    first: dict[str, list[float]] = field(default_factory=dict)
    warm: dict[str, list[float]] = field(default_factory=dict)
    boots: list[float] = field(default_factory=list)
    starts: list[float] = field(default_factory=list)
    all_ready: list[float] = field(default_factory=list)
    together: list[float] = field(default_factory=list)
    memory: dict[str, list[int]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


def get(path: str, cookies: dict[str, str]) -> tuple[float, int]:
    started = time.perf_counter()
    status, _ = asyncio.run(client.fetch((HOST, PORT), "GET", path, dict(cookies), headers=HEADERS))
    return time.perf_counter() - started, status


async def get_all(path: str, cookies: dict[str, str], count: int) -> list[tuple[float, int]]:
    async def one() -> tuple[float, int]:
        started = time.perf_counter()
        status, _ = await client.fetch((HOST, PORT), "GET", path, dict(cookies), headers=HEADERS)
        return time.perf_counter() - started, status

    return list(await asyncio.gather(*(one() for _ in range(count))))


def ready_workers(folder: Path, seen: set[int], count: int, server: subprocess.Popen[bytes]) -> list[int]:
    """Wait for `count` workers not in `seen` to write their ready files; their pids."""
    deadline = time.monotonic() + READY_TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("gunicorn stopped")
        fresh = [int(p.name) for p in folder.iterdir() if p.name.isdigit() and int(p.name) not in seen]
        if len(fresh) >= count:
            return fresh[:count]
        time.sleep(0.01)
    raise SystemExit(f"no fresh worker ready within {READY_TIMEOUT:.0f} s")


def boot_of(folder: Path, pid: int) -> float:
    return float((folder / str(pid)).read_text().split()[0])


def memory_kb(pid: int) -> tuple[int, int]:
    """RSS and PSS of a process, in kB (PSS shares each copy-on-write page among its sharers)."""
    fields = {}
    for row in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, _, value = row.partition(":")
        fields[name] = int(value.split()[0])
    return fields["Rss"], fields["Pss"]


def start(env: dict[str, str], folder: Path, workers: int) -> subprocess.Popen[bytes]:
    if listening(HOST, PORT):
        raise SystemExit(f"Something already listens on {HOST}:{PORT}: stop it, then run the bench again.")
    conf = ROOT / "bench" / "first_request_conf.py"
    command = [sys.executable, "-m", "gunicorn", "cfmj.wsgi", "-c", str(conf), "-w", str(workers)]
    command += ["-b", f"{HOST}:{PORT}", "--log-level", "warning"]
    return subprocess.Popen(command, cwd=ROOT, env={**env, "CFMJ_BENCH_READY_DIR": str(folder)})


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    server.wait(timeout=60)


def one_round(env: dict[str, str], paths: dict[str, str], cookies: dict[str, str], figures: Figures) -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        started = time.perf_counter()
        server = start(env, folder, 1)
        try:
            seen: set[int] = set()
            for page, path in paths.items():
                (pid,) = ready_workers(folder, seen, 1, server)
                if not seen:
                    figures.starts.append(time.perf_counter() - started)
                seen.add(pid)
                figures.boots.append(boot_of(folder, pid))
                first, status = get(path, cookies)
                warm, warm_status = get(path, cookies)
                if status != 200 or warm_status != 200:
                    figures.errors.append(f"{page}: HTTP {status}, then {warm_status}")
                figures.first.setdefault(page, []).append(first)
                figures.warm.setdefault(page, []).append(warm)
                rss, pss = memory_kb(pid)
                figures.memory.setdefault("worker RSS", []).append(rss)
                figures.memory.setdefault("worker PSS", []).append(pss)
                os.kill(pid, signal.SIGTERM)
            rss, pss = memory_kb(server.pid)
            figures.memory.setdefault("master RSS", []).append(rss)
            figures.memory.setdefault("master PSS", []).append(pss)
        finally:
            stop(server)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        workers = 2 * (os.cpu_count() or 1)
        started = time.perf_counter()
        server = start(env, folder, workers)
        try:
            pids = ready_workers(folder, set(), workers, server)
            figures.all_ready.append(time.perf_counter() - started)
            answers = asyncio.run(get_all(paths["play home"], cookies, workers))
            figures.together.append(max(seconds for seconds, _ in answers))
            figures.errors += [f"play home together: HTTP {s}" for _, s in answers if s != 200]
            total = sum(memory_kb(pid)[1] for pid in [server.pid, *pids])
            figures.memory.setdefault(f"PSS of the master and its {workers} workers", []).append(total)
        finally:
            stop(server)


def ms(seconds: float) -> str:
    return f"{1000 * seconds:6.0f} ms"


def report(figures: Figures, workers: int) -> None:
    print(f"\nA fresh worker's first request, best of {ROUNDS} rounds (the rounds' figures in brackets):")
    met = True
    for page, times in figures.first.items():
        best = min(times)
        met &= 1000 * best <= AIM_MS
        rounds = "/".join(f"{1000 * t:.0f}" for t in times)
        verdict = "met" if 1000 * best <= AIM_MS else "NOT MET"
        print(
            f"  {page:11s} first {ms(best)} ({rounds})   aim <= {AIM_MS:.0f} ms: {verdict:7s}"
            f"   warm {ms(min(figures.warm[page]))}"
        )
    together = min(figures.together)
    rounds = "/".join(f"{1000 * t:.0f}" for t in figures.together)
    print(
        f"  play home, {workers} fresh workers at once, slowest: {ms(together)} ({rounds})   "
        f"aim <= {AIM_MS:.0f} ms: {'met' if 1000 * together <= AIM_MS else 'NOT MET'}"
    )
    print(f"A worker's boot (fork to ready): best {ms(min(figures.boots))}, worst {ms(max(figures.boots))}")
    print(f"The server's start to its first ready worker: best {ms(min(figures.starts))}")
    print(f"The server's start to all its {workers} workers ready: best {ms(min(figures.all_ready))}")
    for name, values in figures.memory.items():
        print(f"  {name}: {max(values) / 1024:.0f} MB (largest seen)")
    if figures.errors:
        print("Errors:", "; ".join(figures.errors[:10]))
    verdict = "met" if met and not figures.errors else "NOT MET"
    print(f"Aim, every page's first request <= {AIM_MS:.0f} ms: {verdict}")


def run(label: str, env: dict[str, str]) -> None:
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run([python, "manage.py", "load_lessons"], cwd=ROOT, env=env, check=True, capture_output=True)
    subprocess.run([python, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    seeded = subprocess.run(
        [python, "-c", SEED_SCRIPT], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    setup = json.loads(seeded.stdout.strip().splitlines()[-1])
    cookies = {"sessionid": setup["session"]}
    workers = 2 * (os.cpu_count() or 1)
    conf = env["CFMJ_BENCH_GUNICORN_CONF"] or "the shipped gunicorn.conf.py"
    print(f"First requests on {label}: gunicorn with {conf}, DJANGO_ENV=production.")
    figures = Figures()
    for _ in range(ROUNDS):
        one_round(env, pages(setup), cookies, figures)
    report(figures, workers)


def main() -> None:
    parser = argparse.ArgumentParser(description="A fresh gunicorn worker's first pages, against 300 ms.")
    parser.add_argument(
        "--conf",
        type=Path,
        help="another gunicorn.conf.py to compare with, say one of an earlier commit "
        "(git show REV:gunicorn.conf.py > /tmp/old.conf.py); the shipped one by default",
    )
    conf = parser.parse_args().conf
    with tempfile.TemporaryDirectory() as folder:
        env = {
            **os.environ,
            "CFMJ_BENCH_GUNICORN_CONF": str(conf.resolve()) if conf else "",
            "DJANGO_ENV": "production",
            "DJANGO_SETTINGS_MODULE": "cfmj.settings",
            "DJANGO_SECRET_KEY": "bench-first-request-" + "x" * 40,
            "DJANGO_ALLOWED_HOSTS": f"{HOST},localhost",
            "DJANGO_SECURE_PROXY_SSL_HEADER": "1",
            "DJANGO_SECURE_HSTS_SECONDS": "0",
            "DJANGO_STATIC_ROOT": str(Path(folder) / "static"),
            "LOG_LEVEL": "WARNING",
        }
        with client.throwaway_services(env, name="first", folder=Path(folder)) as (label, served):
            run(label, served)


if __name__ == "__main__":
    main()
