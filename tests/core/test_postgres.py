"""The site on PostgreSQL (DATABASE_URL): migrations apply; the checker, a drill (its hand-written
next-puzzle query included) and /healthz answer.

Runs whenever a PostgreSQL server answers on 127.0.0.1:5432 (as on our CI); skips otherwise."""

from __future__ import annotations

import json
from pathlib import Path

from tests.services import needs_postgres, run_python, site_env

ROOT = Path(__file__).resolve().parents[2]
HOST, PORT = "127.0.0.1", 5432
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
    token = re.search(r'name="token" value="([^"]+)"', drill).group(1)
    client.post(action, {"token": token, "value": "1", "discarder": "1"})
print(json.dumps({"status": page.status_code, "wins": b"Value: 50 points" in page.content,
                  "vendor": health["database"]["vendor"], "db_ok": health["database"]["ok"],
                  "fresh_puzzles": len(set(served)), "attempts": Attempt.objects.count()}))
"""


pytestmark = needs_postgres


def test_it_migrates_and_serves_from_postgresql(database_url: str) -> None:
    env = site_env(database_url)
    run_python(env, "manage.py", "migrate", "--noinput", timeout=120)
    served = run_python(env, "-c", SCRIPT, timeout=120)
    assert json.loads(served.strip().splitlines()[-1]) == {
        "status": 200,
        "wins": True,
        "vendor": "postgresql",
        "db_ok": True,
        "fresh_puzzles": 3,
        "attempts": 3,
    }
