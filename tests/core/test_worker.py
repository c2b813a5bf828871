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

from tests.services import needs_redis

ROOT = Path(__file__).resolve().parents[2]
REDIS_DB_URL = "redis://127.0.0.1:6379/14"
HEALTH = """
import django, json
django.setup()
from django.test import Client
print(json.dumps(Client().get("/healthz").json()))
"""


pytestmark = needs_redis


def test_it_runs_the_heartbeat_on_a_real_worker(tmp_path: Path) -> None:
    import redis

    database = tmp_path / "worker.sqlite3"
    env = {**os.environ, "REDIS_URL": REDIS_DB_URL, "SQLITE_PATH": str(database), "DATABASE_URL": "",
           "HEARTBEAT_SECONDS": "1", "DJANGO_SETTINGS_MODULE": "cfmj.settings"}
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env, check=True,
                   capture_output=True, timeout=120)
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "cfmj", "worker", "-B", "--pool", "solo",
         "--schedule", str(tmp_path / "beat-schedule"), "--loglevel", "WARNING"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        beats = 0
        while time.monotonic() < deadline and beats == 0:
            time.sleep(0.5)
            with sqlite3.connect(database) as db:
                beats = db.execute("SELECT COUNT(*) FROM core_workerheartbeat").fetchone()[0]
        assert beats == 1, "no heartbeat from the worker within a minute"
        checked = subprocess.run([sys.executable, "-c", HEALTH], cwd=ROOT, env=env, capture_output=True,
                                 text=True, timeout=60, check=True)
        report = json.loads(checked.stdout.strip().splitlines()[-1])
        assert report["status"] == "ok", report
        assert report["broker"] == {"ok": True, "mode": "redis"}
        assert report["worker"]["ok"] is True and report["worker"]["seconds_ago"] < 10
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
        redis.Redis.from_url(REDIS_DB_URL).flushdb()
