"""A real Celery worker and beat through Redis fill the puzzle pools and build today's set.

Runs whenever Redis answers on 127.0.0.1:6379 (as on our CI); skips otherwise. Uses Redis
database 13 only, and a throwaway SQLite file shared by the worker and this test."""

from __future__ import annotations

import datetime
import sqlite3
import time
from pathlib import Path

from cfmj.engine import drills
from tests.services import celery_worker, needs_redis

pytestmark = needs_redis
REDIS_DB_URL = "redis://127.0.0.1:6379/13"
KINDS, BANDS, TARGET = len(drills.KINDS), 5, 2


def test_it_fills_the_pools_and_builds_the_daily_set_on_a_real_worker(tmp_path: Path) -> None:
    with celery_worker(
        tmp_path, REDIS_DB_URL, PRACTICE_POOL_TARGET=str(TARGET), REFILL_SECONDS="2", HEARTBEAT_SECONDS="5"
    ) as database:
        deadline = time.monotonic() + 150
        full = daily = False
        while time.monotonic() < deadline and not (full and daily):
            time.sleep(1)
            with sqlite3.connect(database, timeout=20) as db:
                rows = db.execute(
                    "SELECT kind, band, COUNT(*) FROM practice_puzzle WHERE attempts = 0 GROUP BY kind, band"
                ).fetchall()
                full = len(rows) == KINDS * BANDS and all(n >= TARGET for _, _, n in rows)
                daily = (
                    db.execute(
                        "SELECT COUNT(*) FROM practice_dailyset WHERE day = ?",
                        (datetime.date.today().isoformat(),),
                    ).fetchone()[0]
                    == 1
                )
        assert full, "the pools did not fill within the deadline"
        assert daily, "today's daily set was not built"
