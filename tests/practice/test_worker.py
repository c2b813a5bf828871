"""A real Celery worker and beat through Redis fill the puzzle pools and build today's set.

Runs whenever Redis answers on 127.0.0.1:6379 (as on our CI); skips otherwise. Uses Redis
database 13 only, and a throwaway SQLite file shared by the worker and this test."""

from __future__ import annotations

import datetime
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from tests.services import needs_redis

pytestmark = needs_redis
ROOT = Path(__file__).resolve().parents[2]
REDIS_DB_URL = "redis://127.0.0.1:6379/13"
KINDS, BANDS, TARGET = 8, 5, 2


def test_it_fills_the_pools_and_builds_the_daily_set_on_a_real_worker(tmp_path: Path) -> None:
    import redis

    database = tmp_path / "pools.sqlite3"
    env = {**os.environ, "REDIS_URL": REDIS_DB_URL, "SQLITE_PATH": str(database), "DATABASE_URL": "",
           "PRACTICE_POOL_TARGET": str(TARGET), "REFILL_SECONDS": "2", "HEARTBEAT_SECONDS": "5",
           "DJANGO_SETTINGS_MODULE": "cfmj.settings"}
    redis.Redis.from_url(REDIS_DB_URL).flushdb()
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env, check=True,
                   capture_output=True, timeout=120)
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "cfmj", "worker", "-B", "--concurrency", "2",
         "--schedule", str(tmp_path / "beat-schedule"), "--loglevel", "WARNING"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 150
        full = daily = False
        while time.monotonic() < deadline and not (full and daily):
            time.sleep(1)
            with sqlite3.connect(database, timeout=20) as db:
                rows = db.execute("SELECT kind, band, COUNT(*) FROM practice_puzzle WHERE attempts = 0 "
                                  "GROUP BY kind, band").fetchall()
                full = len(rows) == KINDS * BANDS and all(n >= TARGET for _, _, n in rows)
                daily = db.execute("SELECT COUNT(*) FROM practice_dailyset WHERE day = ?",
                                   (datetime.date.today().isoformat(),)).fetchone()[0] == 1
        assert full, "the pools did not fill within the deadline"
        assert daily, "today's daily set was not built"
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:
            worker.kill()
        redis.Redis.from_url(REDIS_DB_URL).flushdb()
