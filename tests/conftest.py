"""Every test starts with empty local caches: a drawing or a lesson map kept by one test must
not leak into the next."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.course import course  # noqa: F401 - the `course` fixture, for every test package


@pytest.fixture(autouse=True)
def _fresh_local_caches() -> Iterator[None]:
    yield
    from django.conf import settings

    if settings.configured:
        from django.core.cache import caches

        from cfmj.core.kept import forget_all

        caches["drawings"].clear()
        forget_all()
        # Rate-limit counters live in the default cache: one test's log-ins must not use up the next's.
        caches["default"].clear()
