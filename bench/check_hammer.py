"""/check/ hammered with the slowest hands while other learners load /practice/ (issue 13).

Starts gunicorn as `make prod` would (2 sync workers per core, DEBUG off, a throwaway PostgreSQL
database and Redis database 13 as the cache when they answer on 127.0.0.1, else SQLite and each
worker's own memory). Every client comes from 127.0.0.1, so the hammering clients share one
address, as a class behind one router (or one attacker) would. Three runs, each on a fresh
server and fresh counters:

1. unbounded: no limit on /check/ and no time budget (as before issue 13);
2. one limit, one budget: RATE_LIMITS["check"] (120 a minute) and 250 ms for every hand;
3. as configured (the defaults): the same limit, a quick look of CHECK_QUICK_MS for every hand,
   and the few that need longer (RATE_LIMITS["check_slow"] a minute) get CHECK_BUDGET_MS.

Each run: `--others` learners load /practice/ with a think time of 0.2-0.5 s; after a warm-up,
`--hammers` clients send the slowest known hands to /check/ without pause. Printed: the
learners' /practice/ latency, and the hammering clients' answers by status.
Usage: .venv/bin/python bench/check_hammer.py [--hammers 20] [--others 5] [--seconds 20] [--runs 123]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.client import fetch, listening, percentile  # noqa: E402 - after the path is set

HOST, PORT = "127.0.0.1", 8933
POSTGRES = "postgres://postgres@127.0.0.1:5432"
REDIS = "redis://127.0.0.1:6379/13"
WARM_UP = 5.0
THINK = (0.2, 0.5)
# The slowest hands found (tests/engine/test_budget.py): many jokers, many lone tiles.
SLOW_HANDS = (
    "3C 9C 1B 2B 5B 4D 6D 7D J J J J J J",
    "4C 3B 5D RD GD WD J J J J [J J J J]",
    "3C 7C 8C 4B 8B N E W J J J J J J",
    "1C 5C 8C 3B 6D S GD J J J J J J J",
)
UNLIMITED = "1000000"
RUNS = {
    "1. unbounded": {
        "RATE_LIMIT_CHECK_PER_IP": UNLIMITED,
        "RATE_LIMIT_CHECK_SLOW_PER_IP": UNLIMITED,
        "CHECK_QUICK_MS": UNLIMITED,
    },
    "2. one limit, one budget": {"RATE_LIMIT_CHECK_SLOW_PER_IP": UNLIMITED, "CHECK_QUICK_MS": "250"},
    "3. as configured": {},
}


async def hammer(number: int, start: float, until: float, statuses: Counter[str]) -> None:
    await asyncio.sleep(max(0.0, start - time.perf_counter()))
    paths = [f"/check/?{urlencode({'hand': hand})}" for hand in SLOW_HANDS]
    sent = number
    while time.perf_counter() < until:
        try:
            status, text = await asyncio.wait_for(
                fetch((HOST, PORT), "GET", paths[sent % len(paths)], {}), 30
            )
        except (TimeoutError, OSError) as error:
            statuses[type(error).__name__] += 1
        else:
            statuses[f"{status} too many ways" if "too many ways" in text else str(status)] += 1
        sent += 1


async def run(
    others: int, hammers: int, seconds: float
) -> tuple[list[float], list[float], Counter[str], Counter[str]]:
    """The learners' /practice/ times before the hammering starts and while it goes on (a warm-up
    of each left out), their errors, and the hammering clients' answers."""
    start = time.perf_counter()
    hammer_from, until = start + WARM_UP, start + 2 * WARM_UP + seconds
    timed: list[tuple[float, float]] = []  # (began, took)
    errors: Counter[str] = Counter()
    statuses: Counter[str] = Counter()

    async def learner(number: int) -> None:
        rng, cookies = random.Random(number), {}  # type: ignore[var-annotated]
        while time.perf_counter() < until:
            began = time.perf_counter()
            try:
                status, _ = await asyncio.wait_for(fetch((HOST, PORT), "GET", "/practice/", cookies), 30)
                if status != 200:
                    errors[f"HTTP {status}"] += 1
            except (TimeoutError, OSError) as error:
                errors[type(error).__name__] += 1
            timed.append((began, time.perf_counter() - began))
            await asyncio.sleep(rng.uniform(*THINK))

    await asyncio.gather(
        *(learner(i) for i in range(others)),
        *(hammer(i, hammer_from, until - WARM_UP, statuses) for i in range(hammers)),
    )
    quiet = [took for began, took in timed if start + 1.0 <= began < hammer_from]
    loud = [took for began, took in timed if hammer_from + WARM_UP <= began < until - WARM_UP]
    return quiet, loud, errors, statuses


def serve(label: str, env: dict[str, str], args: argparse.Namespace, redis_client: object) -> None:
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    workers = 2 * (os.cpu_count() or 1)
    for name, extra in RUNS.items():
        if name[0] not in args.runs:
            continue
        if redis_client is not None:
            redis_client.flushdb()  # type: ignore[attr-defined]
        server = subprocess.Popen(
            [
                python,
                "-m",
                "gunicorn",
                "cfmj.wsgi",
                "-w",
                str(workers),
                "-b",
                f"{HOST}:{PORT}",
                "--log-level",
                "warning",
                "--backlog",
                "2048",
            ],
            cwd=ROOT,
            env={**env, **extra},
        )
        try:
            while not listening(HOST, PORT):
                if server.poll() is not None:
                    raise SystemExit("gunicorn did not start")
                time.sleep(0.1)
            for path in ("/practice/", f"/check/?{urlencode({'hand': SLOW_HANDS[0]})}") * workers:
                asyncio.run(fetch((HOST, PORT), "GET", path, {}))  # load the engine in each worker
            if redis_client is not None:
                redis_client.flushdb()  # type: ignore[attr-defined]
            quiet, loud, errors, statuses = asyncio.run(run(args.others, args.hammers, args.seconds))
        finally:
            server.terminate()
            server.wait(timeout=30)
        print(
            f"\n{name} ({label}; gunicorn {workers} sync workers; {args.hammers} clients hammering "
            f"/check/, {args.others} learners on /practice/):"
        )
        for title, times in (("before", quiet), ("hammered", loud)):
            print(
                f"  /practice/ {title:9s} n={len(times):4d}  p50 {percentile(times, 0.5):7.1f}  "
                f"p95 {percentile(times, 0.95):7.1f}  p99 {percentile(times, 0.99):7.1f} ms"
            )
        print(f"  /practice/ errors: {dict(errors) or 'none'}")
        total = sum(statuses.values())
        print(f"  /check/ answers ({total / (args.seconds + WARM_UP):.0f}/s): {dict(statuses.most_common())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hammers", type=int, default=20)
    parser.add_argument("--others", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--runs", default="123", help="which runs, e.g. 3 or 13 (default: all)")
    args = parser.parse_args()
    if listening(HOST, PORT):
        raise SystemExit(f"Something already listens on {HOST}:{PORT}.")
    env = {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": f"{HOST},localhost",
        "REDIS_URL": "",
        "LOG_LEVEL": "WARNING",
    }
    redis_client = None
    if listening("127.0.0.1", 6379):
        import redis  # noqa: PLC0415 - only when a Redis server answers

        redis_client = redis.Redis.from_url(REDIS)
        env["REDIS_URL"] = REDIS
    try:
        if listening("127.0.0.1", 5432):
            import psycopg  # noqa: PLC0415 - only when a PostgreSQL server answers

            db = f"cfmj_hammer_{uuid.uuid4().hex[:8]}"
            with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as admin:
                admin.execute(f'CREATE DATABASE "{db}"')
            try:
                serve(
                    f"PostgreSQL{' + Redis' if redis_client else ''}",
                    {**env, "DATABASE_URL": f"{POSTGRES}/{db}"},
                    args,
                    redis_client,
                )
            finally:
                with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as admin:
                    admin.execute(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')
        else:
            with tempfile.TemporaryDirectory() as folder:
                serve(
                    "SQLite",
                    {**env, "DATABASE_URL": "", "SQLITE_PATH": str(Path(folder) / "h.sqlite3")},
                    args,
                    redis_client,
                )
    finally:
        if redis_client is not None:
            redis_client.flushdb()


if __name__ == "__main__":
    main()
