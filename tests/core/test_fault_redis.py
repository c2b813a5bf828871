"""Fault: Redis (broker and cache) goes away under a running site, and comes back.

A private redis-server on a free port below 32768, and the site in a subprocess (Django's test
client) with REDIS_URL pointing at it. With Redis shut down, the pages and their POSTs still
answer 200 from the database, well inside 5 s each; /healthz answers 503 naming the broker; a
task's .delay() fails fast instead of hanging. With Redis started again, the same process queues
a generate_batch and /healthz sees the broker again.

Runs wherever redis-server is installed (as on our CI); skips otherwise."""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.services import ROOT, course_sqlite, listening

pytestmark = [
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="no redis-server"),
    pytest.mark.fault,
    pytest.mark.timed,  # every page within 2.5 s with Redis away: run alone (make test)
]
SLOW = 5.0  # seconds: no request may come near this

SITE = r"""
import django, json, re, sys, time
django.setup()
from django.test import Client
from django.urls import reverse
from lessons.models import Lesson
from practice.tasks import generate_batch

def timed(call, *args, **kwargs):
    start = time.monotonic()
    try:
        response = call(*args, **kwargs)
    except Exception as error:  # reported, not raised: the test shows what failed
        return {"status": type(error).__name__, "seconds": round(time.monotonic() - start, 2)}, None
    return {"status": response.status_code, "seconds": round(time.monotonic() - start, 2)}, response

for line in sys.stdin:
    command, client, out = line.strip(), Client(), {}
    if command == "pages":
        for name, url in [("home", "/"), ("lessons", "/lessons/"), ("rules", "/rules/")]:
            out[name], _ = timed(client.get, url)
        lesson = Lesson.objects.first()
        step_url = reverse("lessons:step", args=[lesson.slug, 1])
        out["step"], page = timed(client.get, step_url)
        token = re.search(r'name="token" value="([^"]+)"', page.content.decode()).group(1)
        out["step check"], _ = timed(client.post, step_url, {"token": token})
        # A visitor chooses to practise everything (worth opens with a later lesson), then a drill.
        out["practise everything"], _ = timed(
            lambda: client.post(reverse("practice:range"), {"everything": "on"}, follow=True))
        out["drill"], page = timed(client.get, "/practice/worth/")
        html = page.content.decode()
        action = re.search(r'action="(/practice/puzzles/[0-9]+/answer/)"', html).group(1)
        token = re.search(r'name="token" value="([^"]+)"', html).group(1)
        out["answer"], _ = timed(client.post, action, {"token": token, "value": "1"})
    if command == "delay":
        out["delay"], _ = timed(lambda: type("R", (), {"status_code": 202})()
                                if generate_batch.delay("worth", 3, 2, 77) or True else None)
    out["healthz"], health = timed(client.get, "/healthz")
    out["health"] = health.json() if health is not None else None
    print(json.dumps(out), flush=True)
"""


def _free_port() -> int:
    for _ in range(50):
        port = random.randrange(20000, 32000)
        if not listening("127.0.0.1", port):
            return port
    raise RuntimeError("no free port below 32768")


def _start_redis(port: int) -> None:
    subprocess.run(
        [
            "redis-server",
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--save",
            "",
            "--appendonly",
            "no",
            "--daemonize",
            "yes",
        ],
        check=True,
        capture_output=True,
        timeout=30,
    )
    deadline = time.monotonic() + 10
    while not listening("127.0.0.1", port) and time.monotonic() < deadline:
        time.sleep(0.05)


def _stop_redis(port: int) -> None:
    import redis

    with contextlib.suppress(redis.ConnectionError):  # the server closes the connection as it goes
        redis.Redis(port=port, socket_timeout=2).shutdown(nosave=True)
    deadline = time.monotonic() + 10
    while listening("127.0.0.1", port) and time.monotonic() < deadline:
        time.sleep(0.05)


@pytest.fixture
def redis_port() -> Iterator[int]:
    port = _free_port()
    _start_redis(port)
    try:
        yield port
    finally:
        if listening("127.0.0.1", port):
            _stop_redis(port)


def _ask(site: subprocess.Popen[str], command: str) -> dict[str, Any]:
    assert site.stdin is not None and site.stdout is not None
    site.stdin.write(command + "\n")
    site.stdin.flush()
    line = site.stdout.readline()
    assert line, f"the site process died: {site.stderr.read() if site.stderr else ''}"
    answer: dict[str, Any] = json.loads(line)
    return answer


def test_it_serves_without_redis_and_generates_again_when_it_returns(tmp_path: Path, redis_port: int) -> None:
    import redis

    url = f"redis://127.0.0.1:{redis_port}/0"
    env = {
        **os.environ,
        "REDIS_URL": url,
        "SQLITE_PATH": str(tmp_path / "site.sqlite3"),
        "DATABASE_URL": "",
        "DJANGO_SETTINGS_MODULE": "cfmj.settings",
    }
    course_sqlite(tmp_path / "site.sqlite3")  # migrated, the course loaded (made once: 30-40 s)
    site = subprocess.Popen(
        [sys.executable, "-c", SITE],
        cwd=ROOT,
        env=env,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        up = _ask(site, "pages")  # Redis up: the same pages, for comparison (and warm)
        assert up["health"]["broker"] == {"ok": True, "mode": "redis"}, up

        _stop_redis(redis_port)
        down = _ask(site, "pages")
        pages = {name: result for name, result in down.items() if name not in ("health", "healthz")}
        assert {name: result["status"] for name, result in pages.items()} == dict.fromkeys(pages, 200), down
        assert all(
            result["seconds"] < SLOW / 2
            for result in down.values()
            if isinstance(result, dict) and "seconds" in result
        ), down
        assert down["healthz"]["status"] == 503, down
        assert down["health"]["status"] == "degraded" and down["health"]["database"]["ok"] is True
        assert down["health"]["broker"]["ok"] is False and down["health"]["broker"]["error"], down
        refused = _ask(site, "delay")  # queuing a batch fails, fast, with Redis away
        assert refused["delay"]["status"] == "OperationalError", refused
        assert refused["delay"]["seconds"] < SLOW, refused

        _start_redis(redis_port)
        back = _ask(site, "delay")
        assert back["delay"]["status"] == 202 and back["delay"]["seconds"] < SLOW, back
        assert back["health"]["broker"] == {"ok": True, "mode": "redis"}, back
        queued = redis.Redis(port=redis_port).lrange("celery", 0, -1)
        assert len(queued) == 1 and b"practice.generate_batch" in queued[0]
    finally:
        if site.stdin is not None:
            site.stdin.close()
        try:
            site.wait(timeout=30)
        except subprocess.TimeoutExpired:
            site.kill()
