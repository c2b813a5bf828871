"""Prepared queries (cfmj.core.prepared) give what their querysets give, with their SQL built once."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.db.models import QuerySet

from cfmj.accounts.models import User
from cfmj.core.prepared import Prepared, PreparedError, _shape, flat

pytestmark = pytest.mark.django_db


def test_rows_are_the_querysets_rows_with_their_types() -> None:
    ann = User.objects.create_user("ann", is_active=False)
    User.objects.create_user("bo")

    def build(user_id: int) -> QuerySet[User, tuple[Any, ...]]:
        return User.objects.filter(pk=user_id).values_list("pk", "username", "date_joined", "is_active")

    prepared = Prepared(build, -1)
    assert prepared.rows(ann.pk) == list(build(ann.pk))
    pk, name, joined, active = prepared.rows(ann.pk)[0]
    assert (pk, name, active) == (ann.pk, "ann", False)
    assert isinstance(joined, datetime.datetime)  # converted as the ORM converts it (SQLite: text)
    assert prepared.rows(-5) == []


def test_the_sql_is_built_once_per_process() -> None:
    built: list[int] = []

    def build(user_id: int) -> QuerySet[User, tuple[Any, ...]]:
        built.append(user_id)
        return User.objects.filter(pk=user_id).values_list("pk")

    prepared = Prepared(build, -1)
    users = [User.objects.create_user(f"u{n}") for n in range(3)]
    assert [flat(prepared.rows(u.pk)) for u in users] == [[u.pk] for u in users]
    assert built == [-1]  # once, with the stand-in


def test_a_stand_in_missing_from_the_query_is_refused() -> None:
    prepared = Prepared(lambda user_id: User.objects.filter(pk=1).values_list("pk"), -1)
    with pytest.raises(PreparedError, match="not among"):
        prepared.rows(3)


def test_a_number_in_a_drivers_wrapper_is_a_stand_in() -> None:
    class Int2(int):  # as psycopg wraps a small integer field's value on PostgreSQL
        pass

    assert _shape(Int2(32001), 32001) is Int2  # the argument goes in the same wrapper
    assert _shape(32001, 32001) is not None
    assert _shape(Int2(7), 32001) is None
    assert _shape(True, 1) is None
    assert _shape("2026-11-30", datetime.date(2026, 11, 30)) is not None  # a date on SQLite
