"""Fault: the same list of names sent four times at once on PostgreSQL (a teacher's double and
triple taps), each thread with its own connection: the accounts are made once, and every other
send is told they exist (roster.students_from_list locks the class).

Runs on a throwaway database whenever a PostgreSQL server answers on 127.0.0.1:5432; skips
otherwise."""

from __future__ import annotations

import json

import pytest

from tests.services import migrated_database_url, needs_postgres, run_python, site_env

pytestmark = [needs_postgres, pytest.mark.fault]
__all__ = ["migrated_database_url"]  # the fixture, used by name

SCRIPT = r"""
import django, json, threading
django.setup()
from django.contrib.auth import get_user_model
from django.db import connection
from cfmj.classes import roster, services
from cfmj.classes.models import ManagedAccount

User = get_user_model()
tess = User.objects.create_user("tess", password="pw-tiles-123", role="teacher")
classroom = services.classroom_create(teacher=tess, name="Tuesday beginners")
start = threading.Barrier(4)
made, refused, errors = [], [], []

def send():
    try:
        start.wait()
        cards, _ = roster.students_from_list(classroom=classroom, teacher=tess, text="Zoë Müller\nSam Lee")
        made.append(sorted(card.user.username for card in cards))
    except roster.NamesError as error:
        refused.append(str(error))
    except Exception as error:
        errors.append(f"{type(error).__name__}: {error}"[:300])
    finally:
        connection.close()

threads = [threading.Thread(target=send) for _ in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join(120)
print(json.dumps({
    "made": made, "refused": len(refused), "errors": errors,
    "accounts": sorted(ManagedAccount.objects.values_list("user__username", flat=True)),
}))
"""


def test_a_list_sent_four_times_at_once_makes_its_accounts_once(migrated_database_url: str) -> None:
    env = site_env(migrated_database_url)
    report = json.loads(run_python(env, "-c", SCRIPT, timeout=150).strip().splitlines()[-1])
    assert report["errors"] == [], report
    assert report["made"] == [["saml", "zoem"]] and report["refused"] == 3, report
    assert report["accounts"] == ["saml", "zoem"], report
