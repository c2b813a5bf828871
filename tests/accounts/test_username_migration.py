"""Migrations 0002-0004 add the case-insensitive unique constraint on usernames. A database made
before it may hold names that differ only in case: the migration must still apply, keep every
account, and leave each logging in by its exact name."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from tests.services import needs_postgres, run_python, site_env

ROOT = Path(__file__).resolve().parents[2]
BEFORE = [("accounts", "0002_legacy_username_clash_and_manager")]


def _migrate(targets: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


@pytest.mark.django_db(transaction=True)
def test_it_applies_over_names_that_differ_only_in_case() -> None:
    _migrate(BEFORE)
    old = MigrationExecutor(connection).loader.project_state(BEFORE).apps.get_model("accounts", "User")
    for name in ("alice", "Alice", "ALICE", "bob", "Carol"):
        old.objects.create(username=name, password="!")
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    from cfmj.accounts.models import User

    assert dict(User.objects.values_list("username", "legacy_username_clash")) == {
        "alice": False,
        "Alice": True,
        "ALICE": True,
        "bob": False,
        "Carol": False,
    }
    for taken in ("aLiCe", "BOB", "carol"):
        with pytest.raises(IntegrityError), transaction.atomic():
            User.objects.create(username=taken, password="!")
    assert User.objects.get_by_natural_key("Alice").username == "Alice"
    assert User.objects.get_by_natural_key("CAROL").username == "Carol"


CHECK = """
import django, json
django.setup()
from django.db import IntegrityError, transaction
from cfmj.accounts.models import User
refused = []
for name in ("ÉMILE", "aLiCe"):
    try:
        with transaction.atomic():
            User.objects.create(username=name, password="!")
    except IntegrityError:
        refused.append(name)
print(json.dumps({"flags": dict(User.objects.values_list("username", "legacy_username_clash")),
                  "refused": refused}))
"""


@needs_postgres
def test_it_applies_on_postgresql_with_unicode_case(migrated_database_url: str) -> None:
    import json

    import psycopg

    database_url = migrated_database_url
    env = site_env(database_url)
    run_python(env, "manage.py", "migrate", "accounts", BEFORE[0][1], "--noinput")
    with psycopg.connect(database_url, autocommit=True) as db:
        for name in ("émile", "Émile", "alice"):
            db.execute(
                "INSERT INTO accounts_user (username, password, is_superuser, first_name, last_name, "
                "email, is_staff, is_active, date_joined, role, large_print, legacy_username_clash) "
                "VALUES (%s, '!', false, '', '', '', false, true, now(), 'learner', false, false)",
                [name],
            )
    run_python(env, "manage.py", "migrate", "--noinput")
    output = run_python(env, "-c", CHECK, timeout=120)
    result = json.loads(output.strip().splitlines()[-1])
    assert result == {"flags": {"émile": False, "Émile": True, "alice": False}, "refused": ["ÉMILE", "aLiCe"]}
