"""A real Celery worker and beat on Redis: heartbeats arrive and /healthz sees the worker.

Runs whenever Redis answers on 127.0.0.1:6379 (as on our CI); skips otherwise. Uses Redis
database 14 only, and a throwaway SQLite file shared by the worker and the checking process."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from tests.services import ROOT, celery_worker, needs_redis

pytestmark = needs_redis
REDIS_DB_URL = "redis://127.0.0.1:6379/14"
HEALTH = """
import django, json
django.setup()
from django.test import Client
print(json.dumps(Client().get("/healthz").json()))
"""


def test_it_runs_the_heartbeat_on_a_real_worker(tmp_path: Path) -> None:
    with celery_worker(tmp_path, REDIS_DB_URL, HEARTBEAT_SECONDS="1") as database:
        deadline = time.monotonic() + 60
        beats = 0
        while time.monotonic() < deadline and beats == 0:
            time.sleep(0.5)
            with sqlite3.connect(database, timeout=20) as db:
                beats = db.execute("SELECT COUNT(*) FROM core_workerheartbeat").fetchone()[0]
        assert beats == 1, "no heartbeat from the worker within a minute"
        env = {
            **os.environ,
            "REDIS_URL": REDIS_DB_URL,
            "SQLITE_PATH": str(database),
            "DATABASE_URL": "",
            "HEARTBEAT_SECONDS": "1",
            "DJANGO_SETTINGS_MODULE": "cfmj.settings",
        }
        checked = subprocess.run(
            [sys.executable, "-c", HEALTH],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        report = json.loads(checked.stdout.strip().splitlines()[-1])
        assert report["status"] == "ok", report
        assert report["broker"] == {"ok": True, "mode": "redis"}
        assert report["worker"]["ok"] is True and report["worker"]["seconds_ago"] < 10
