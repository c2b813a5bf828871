"""Every test starts with empty local caches (a drawing or a lesson map kept by one test must not
leak into the next) and hashes passwords the fast way (the production hasher takes about half a
second per password, and the tests make well over a thousand accounts)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.course import course  # noqa: F401 - the `course` fixture, for every test package
from tests.services import database_url, migrated_database_url  # noqa: F401 - throw-away PostgreSQL databases, likewise
from tests.stack import production_stack


@pytest.fixture(autouse=True)
def _fresh_local_caches() -> Iterator[None]:
    yield
    from django.conf import settings

    if settings.configured:
        from django.core.cache import caches

        from cfmj.core.kept import forget_all

        caches["drawings"].clear()
        caches["verdicts"].clear()
        forget_all()
        # Rate-limit counters live in the default cache: one test's log-ins must not use up the next's.
        caches["default"].clear()


@pytest.fixture(autouse=True)
def _rate_limit_windows_hold_still(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rate limits count in fixed windows (a minute, an hour): a test that ran across a window's
    edge would see its counts start again and fail now and then. In tests the clock the limits
    read stands still, just after a window (of every length used) begins."""
    from types import SimpleNamespace

    from cfmj.core import ratelimit

    monkeypatch.setattr(ratelimit, "time", SimpleNamespace(time=lambda: 1_800_000_000 + 5.0))


@pytest.fixture(autouse=True)
def _passwords_hashed_fast(settings: Any) -> None:
    # Named to come after _fresh_local_caches (pytest reads a module's fixtures in name order), so
    # set up after it and undone before it: a test's own settings (a cache it points elsewhere)
    # are gone when the caches are cleared.
    # MD5 only for speed in tests; PBKDF2 still reads a hash made before this fixture ran.
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    ]


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One Chromium per test process (Playwright's sync API allows one at a time in a thread), for
    the browser tests and for the production stack's own pages (tests/core/test_fault_stack.py)."""
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

    if not os.path.exists(CHROMIUM):
        message = "Debian's chromium is not installed (scripts/ensure-chromium installs its headless shell)"
        if os.environ.get("CI"):
            pytest.fail(message + ": CI must run the browser tests")
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def stack() -> Iterator[Any]:
    """The production stack (tests/stack.py), started once for every fault test that asks for it
    (the timed ones, run alone after the rest): it takes a minute or more to start. The first to
    ask is tests/core/test_fault_stack.py, after tests/core/test_fault_redis.py has stopped and
    restarted Redis (file order), so that no stack is running then."""
    with production_stack() as running:
        yield running
