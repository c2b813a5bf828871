"""What the load benchmarks share: a small asyncio HTTP client, filling in an answer form as a
hurried learner would, a phase's tally of timings and its report lines, percentiles, the
environment that lifts per-address rate limits (every simulated learner comes from 127.0.0.1, and
throttling is not what is measured), and the throw-away services a benchmark's site runs on."""

from __future__ import annotations

import asyncio
import cProfile
import dataclasses
import os
import re
import socket
import statistics
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

UNTHROTTLED = {"RATE_LIMIT_ANSWER_PER_IP": "1000000", "RATE_LIMIT_ANSWER_PER_USER": "1000000"}


async def fetch(
    address: tuple[str, int],
    method: str,
    path: str,
    cookies: dict[str, str],
    body: str = "",
    headers: dict[str, str] | None = None,
    answer_headers: dict[str, str] | None = None,
) -> tuple[int, str]:
    """One HTTP/1.1 request on its own connection (gunicorn's sync workers close each one);
    cookies the server sets are kept in `cookies`, and the answer's headers (names in lower case)
    in `answer_headers` when one is given (a redirect's Location)."""
    host, port = address
    reader, writer = await asyncio.open_connection(host, port)
    try:
        lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close"]
        if cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items()))
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        if method == "POST":
            lines += [
                "Content-Type: application/x-www-form-urlencoded",
                f"Content-Length: {len(body.encode())}",
            ]
        writer.write(("\r\n".join(lines) + "\r\n\r\n" + body).encode())
        raw = await reader.read()
    finally:
        writer.close()
    head, _, text = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    for line in header_lines:
        name, _, value = line.partition(": ")
        if answer_headers is not None:
            answer_headers[name.lower()] = value
        if name.lower() == "set-cookie":
            key, _, rest = value.partition("=")
            cookies[key] = rest.split(";", 1)[0]
    return int(status_line.split()[1]), text.decode("utf-8", "replace")


def form_of(page: str, action: str) -> tuple[str, dict[str, str]] | None:
    """The answer form whose action matches the pattern `action`, filled in as a hurried learner
    would: the first choice of each question, three tiles for a pass, 3 in number fields."""
    form = re.search(rf'<form method="post" action="({action})"(.*?)</form>', page, re.S)
    if form is None:
        return None
    data: dict[str, str] = {}
    picks: dict[str, list[str]] = {}
    for tag in re.findall(r"<input[^>]*>", form.group(2)):
        kind = re.search(r'type="(\w+)"', tag)
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if not kind or not name:
            continue
        if kind.group(1) == "text":
            data.setdefault(name.group(1), "3")
        elif name.group(1).endswith("pick") and value:
            picks.setdefault(name.group(1), []).append(value.group(1))
        elif value:
            data.setdefault(name.group(1), value.group(1))
    for field, options in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', form.group(2), re.S):
        first = re.search(r'<option value="([^"]+)"', options)
        data[field] = first.group(1) if first else ""
    for field, values in picks.items():
        data[field.removesuffix("pick") + "pass"] = " ".join(values[:3])
    return form.group(1), data


@dataclass
class Tally:
    counting_from: float
    deadline: float
    times: dict[str, list[float]] = dataclasses.field(default_factory=dict)
    errors: dict[str, int] = dataclasses.field(default_factory=dict)
    examples: list[str] = dataclasses.field(default_factory=list)

    def record(self, page: str, started: float, seconds: float, error: str | None) -> None:
        if not self.counting_from <= started < self.deadline:
            return
        self.times.setdefault(page, []).append(seconds)
        if error:
            self._count(page, error)

    def fail(self, page: str, error: str) -> None:
        """An error found in an answer already recorded (its time counted once, by `record`)."""
        if self.counting_from <= time.perf_counter() < self.deadline:
            self._count(page, error)

    def _count(self, page: str, error: str) -> None:
        self.errors[page] = self.errors.get(page, 0) + 1
        if len(self.examples) < 5:
            self.examples.append(f"{page}: {error}")


def line(label: str, times: list[float], errors: int, seconds: float) -> str:
    return (
        f"  {label:13s} n={len(times):6d} {len(times) / seconds:7.1f} req/s"
        f"  p50 {percentile(times, 0.5):6.1f}  p95 {percentile(times, 0.95):6.1f}"
        f"  p99 {percentile(times, 0.99):6.1f} ms  errors {errors}"
    )


def percentile(values: list[float], share: float) -> float:
    """In milliseconds, from seconds."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000 if ordered else float("nan")


def listening(host: str, port: int) -> bool:
    try:
        socket.create_connection((host, port), timeout=0.5).close()
        return True
    except OSError:
        return False


POSTGRES = "postgres://postgres@127.0.0.1:5432"
REDIS = "redis://127.0.0.1:6379/13"  # one database of its own: the tests use others


@contextmanager
def throwaway_services(
    env: dict[str, str], *, name: str, folder: Path
) -> Iterator[tuple[str, dict[str, str]]]:
    """What a benchmark's site runs on: Redis (database 13, emptied before and after) when a server
    answers on 127.0.0.1:6379, and a throw-away PostgreSQL database `cfmj_<name>_...` when one
    answers on 5432 (dropped after), else SQLite in `folder`. Yields a label for the report and
    `env` with the site's settings for them."""
    env = {**env, "REDIS_URL": ""}
    redis_client = None
    if listening("127.0.0.1", 6379):
        import redis  # noqa: PLC0415 - only when a Redis server answers

        redis_client = redis.Redis.from_url(REDIS)
        redis_client.flushdb()
        env["REDIS_URL"] = REDIS
    cache = " + Redis" if redis_client else ""
    try:
        if listening("127.0.0.1", 5432):
            import psycopg  # noqa: PLC0415 - only when a PostgreSQL server answers

            database = f"cfmj_{name}_{uuid.uuid4().hex[:8]}"
            with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as admin:
                admin.execute(f'CREATE DATABASE "{database}"')
            try:
                yield f"PostgreSQL{cache}", {**env, "DATABASE_URL": f"{POSTGRES}/{database}"}
            finally:
                with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as admin:
                    admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        else:
            yield (
                f"SQLite{cache}",
                {**env, "DATABASE_URL": "", "SQLITE_PATH": str(folder / f"{name}.sqlite3")},
            )
    finally:
        if redis_client is not None:
            redis_client.flushdb()


TICKS = os.sysconf("SC_CLK_TCK")  # clock ticks a second, as /proc/<pid>/stat counts CPU


def cpu_ticks(stat: Path | None) -> int:
    """The CPU a process has used (user and system), in clock ticks, read from its
    /proc/<pid>/stat (0 without one): a database backend's share of a request."""
    if stat is None:
        return 0
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


@dataclass(frozen=True)
class Measured:
    """One request measured in-process: its response, this process's CPU, the SQL queries it made
    and its database backend's CPU (seconds)."""

    response: Any
    cpu: float
    queries: int
    database: float


def measure(
    call: Callable[[], Any],
    *,
    queries: AbstractContextManager[list[int]],
    backend: Path | None,
    profile: cProfile.Profile | None = None,
) -> Measured:
    """`call()` measured: CPU by time.process_time, the queries `queries` counts (a context whose
    list's first item is the count), the backend's CPU from its /proc stat (cpu_ticks); profiled
    by `profile` when one is given."""
    served = cpu_ticks(backend)
    with queries as found:
        started = time.process_time()
        if profile is not None:
            profile.enable()
        response = call()
        if profile is not None:
            profile.disable()
        used = time.process_time() - started
    return Measured(response, used, found[0], (cpu_ticks(backend) - served) / TICKS)


def request_table(
    rows: list[tuple[str, list[float], list[int], list[float]]], *, unit: str, width: int, digits: int
) -> None:
    """Print measured requests by kind (its CPU and database CPU in `unit`, its queries), a line for
    each kind that has any: the count, the CPU's mean and median, the mean queries and database CPU."""
    cpu_head, database_head = f"CPU {unit} mean", f"PostgreSQL {unit}"
    print(f"{'request':{width}} {'n':>5} {cpu_head:>12} {'median':>7} {'queries':>8} {database_head:>14}")
    for kind, cpu, queries, database in rows:
        if cpu:
            print(
                f"{kind:{width}} {len(cpu):5d} {statistics.fmean(cpu):12.{digits}f} "
                f"{statistics.median(cpu):7.{digits}f} {statistics.fmean(queries):8.2f} "
                f"{statistics.fmean(database):14.{digits}f}"
            )
