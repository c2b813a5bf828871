"""Migration 0011 gives every streak kept before it the zone of its owner (UTC when none)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = ("practice", "0010_kind_choices_from_the_registry")


def _migrate(practice: tuple[str, str] | None) -> Any:
    """Migrate practice to `practice` (None: every app to its latest), the rest as they are."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    leaves = executor.loader.graph.leaf_nodes()
    targets = [practice] if practice else leaves
    executor.migrate(targets)
    state = MigrationExecutor(connection).loader
    return state.project_state([*targets, *(node for node in leaves if node[0] != "practice")]).apps


@pytest.mark.django_db(transaction=True)
def test_it_gives_each_streak_its_owners_zone() -> None:
    old = _migrate(BEFORE)
    users, streaks = old.get_model("accounts", "User").objects, old.get_model("practice", "Streak").objects
    day = datetime.date(2026, 11, 23)
    for name, zone in (("tokyo", "Asia/Tokyo"), ("nowhere", "")):
        streaks.create(user=users.create(username=name, time_zone=zone), current=2, last_day=day)
    new = _migrate(None).get_model("practice", "Streak")
    kept = {s.user.username: (s.zone, s.current, s.last_day) for s in new.objects.select_related("user")}
    assert kept == {"tokyo": ("Asia/Tokyo", 2, day), "nowhere": ("", 2, day)}
