"""Rows built once for a group of tests (a class's tests), each test seeing them fresh.

`built_once` opens a transaction around the group: what is built in it stays for the group's
tests, and each test runs in a savepoint inside it (pytest-django's TestCase atomic nests), rolled
back after the test, so no test sees another's changes; the whole transaction is rolled back after
the group, so no later test sees the rows. For set-up that is dear to build (whole hands played
with strong bots), built once rather than once per test. `fresh` reads a model object again from
the database, so that a test gets its own Python object (one test changing an object's fields in
memory must not hand the change to the next)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from django.db import transaction
from django.db.models import Model
from django.test.utils import override_settings

M = TypeVar("M", bound=Model)
T = TypeVar("T")

# As tests/conftest.py's _passwords_hashed_fast, which is per test and so not yet in force here.
FAST_HASHERS = [
    "django.contrib.auth.hashers.MD5PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]


def built_once(django_db_blocker: Any, build: Callable[[], T]) -> Iterator[T]:
    """For a class-scoped fixture to yield from: `build()` run in a transaction (the database
    open, passwords hashed fast), its result handed to the group's tests, and the transaction
    rolled back after them. Marked as a test case's atomic, as pytest-django's own are, so that
    code under test may still open a durable one."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer._from_testcase = True  # type: ignore[attr-defined]
        outer.__enter__()
    try:
        with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=FAST_HASHERS):
            built = build()
        yield built
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


def fresh(obj: M) -> M:
    """`obj` read again from the database: its own Python object, with the stored fields."""
    return type(obj)._default_manager.get(pk=obj.pk)
