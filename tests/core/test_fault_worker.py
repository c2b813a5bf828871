"""Fault: a real Celery worker is killed with SIGKILL (its pool and beat with it) in the middle
of a large puzzle batch, then started again; the batch still completes, once, with no duplicate
puzzles.

Killed whole, the worker cannot reject its message: with acks_late it stays unacknowledged in
Redis until the broker's visibility_timeout (an hour) runs out. So the periodic refill queues a
batch left pending again (practice.tasks.STALE_BATCH_SECONDS; seconds here, through
tests/core/fault_settings.py), with the same seed: nothing is made twice.

Runs whenever Redis answers on 127.0.0.1:6379 (as on our CI); skips otherwise. Uses Redis
database 12 only, and a throwaway SQLite file shared by the worker and this test."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.services import ROOT, migrated_sqlite, needs_redis

pytestmark = [needs_redis, pytest.mark.fault]
REDIS_DB_URL = "redis://127.0.0.1:6379/12"
KIND, BAND, COUNT, SEED = "charleston", 2, 150, 424242  # about 5 s of work on one core (killed 2 s in)


def _wait_for(condition: Callable[[], Any], seconds: float, interval: float = 0.2) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    return condition()


def test_a_batch_killed_mid_way_completes_after_a_restart_without_duplicates(tmp_path: Path) -> None:
    import redis
    from celery import Celery

    database = tmp_path / "worker.sqlite3"
    env = {
        **os.environ,
        "REDIS_URL": REDIS_DB_URL,
        "SQLITE_PATH": str(database),
        "DATABASE_URL": "",
        "DJANGO_SETTINGS_MODULE": "tests.core.fault_settings",
        "PRACTICE_POOL_TARGET": "0",
        "REFILL_SECONDS": "2",
        "HEARTBEAT_SECONDS": "60",
    }
    broker = redis.Redis.from_url(REDIS_DB_URL)
    broker.flushdb()
    migrated_sqlite(database)

    def start() -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "cfmj",
                "worker",
                "-B",
                "--concurrency",
                "2",
                "--schedule",
                str(tmp_path / "beat-schedule"),
                "--loglevel",
                "WARNING",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def batch() -> tuple[str, int, int] | None:
        with sqlite3.connect(database, timeout=20) as db:
            row: tuple[str, int, int] | None = db.execute(
                "SELECT status, requested, created FROM practice_puzzlebatch WHERE seed = ?", (SEED,)
            ).fetchone()
            return row

    def stored() -> int:
        with sqlite3.connect(database, timeout=20) as db:
            return int(
                db.execute(
                    "SELECT COUNT(*) FROM practice_puzzle p JOIN practice_puzzlebatch b "
                    "ON p.batch_id = b.id WHERE b.seed = ?",
                    (SEED,),
                ).fetchone()[0]
            )

    worker = start()
    try:
        app = Celery(broker=REDIS_DB_URL, set_as_current=False)  # leave the project app current
        app.send_task("practice.generate_batch", args=[KIND, COUNT, BAND, SEED])
        started = _wait_for(batch, 60)
        assert started is not None and started[0] == "pending", "the worker never began the batch"
        time.sleep(2)  # well inside the batch's five seconds
        # batch() is None only until the worker begins the batch, which `started` has seen.
        assert batch()[0] == "pending", "the batch finished before the worker could be killed"  # type: ignore[index]
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(timeout=30)
        assert batch() == ("pending", COUNT, 0)
        held = [json.loads(message)[0] for message in broker.hvals("unacked")]
        assert any(str(SEED) in str(message) for message in held), "the message is not held unacknowledged"

        worker = start()
        finished = _wait_for(lambda: batch() if batch()[0] == "done" else None, 120, 0.5)  # type: ignore[index]
        assert finished == ("done", COUNT, COUNT), f"the batch did not complete after the restart: {batch()}"
        assert stored() == COUNT
        with sqlite3.connect(database, timeout=20) as db:
            batches = db.execute("SELECT COUNT(*) FROM practice_puzzlebatch WHERE seed = ?", (SEED,))
            assert batches.fetchone() == (1,)
            total, distinct = db.execute(
                "SELECT COUNT(*), COUNT(DISTINCT content_hash) FROM practice_puzzle"
            ).fetchone()
            assert total == distinct
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGTERM)
            try:
                worker.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(worker.pid, signal.SIGKILL)
        broker.flushdb()
