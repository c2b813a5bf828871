"""The site on PostgreSQL (DATABASE_URL): migrations apply; the checker, a drill (its hand-written
next-puzzle query included) and /healthz answer.

Runs whenever a PostgreSQL server answers on 127.0.0.1:5432 (as on our CI); skips otherwise."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.services import needs_postgres

ROOT = Path(__file__).resolve().parents[2]
HOST, PORT = "127.0.0.1", 5432
SERVER_URL = os.environ.get("TEST_POSTGRES_URL", f"postgres://postgres@{HOST}:{PORT}/postgres")
SCRIPT = """
import django, json, re
django.setup()
from django.test import Client
client = Client()
page = client.get("/check/", {"hand": "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"})
health = client.get("/healthz").json()
from django.contrib.auth import get_user_model
from practice.models import Attempt
client.force_login(get_user_model().objects.create_user("pat", password="pw-tiles-123"))
served = []
for _ in range(3):
    drill = client.get("/practice/worth/").content.decode()
    action = re.search(r'action="(/practice/puzzles/[0-9]+/answer/)"', drill).group(1)
    served.append(action)
    client.post(action, {"token": re.search(r'name="token" value="([^"]+)"', drill).group(1), "value": "1"})
print(json.dumps({"status": page.status_code, "wins": b"Value: 50 points" in page.content,
                  "vendor": health["database"]["vendor"], "db_ok": health["database"]["ok"],
                  "fresh_puzzles": len(set(served)), "attempts": Attempt.objects.count()}))
"""


pytestmark = needs_postgres


@pytest.fixture
def database_url() -> Iterator[str]:
    import psycopg

    name = f"cfmj_test_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(SERVER_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield SERVER_URL.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(SERVER_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_it_migrates_and_serves_from_postgresql(database_url: str) -> None:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "cfmj.settings",
        "REDIS_URL": "",
    }
    migrate = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert migrate.returncode == 0, migrate.stderr
    served = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert served.returncode == 0, served.stderr
    assert json.loads(served.stdout.strip().splitlines()[-1]) == {
        "status": 200,
        "wins": True,
        "vendor": "postgresql",
        "db_ok": True,
        "fresh_puzzles": 3,
        "attempts": 3,
    }
