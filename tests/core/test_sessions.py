"""Sessions read from a shared cache (cfmj/core/sessions.py): a signed-in request reads its
session without a query, a log-out ends it in the cache too, nothing stays cached longer than a
few minutes, and with the cache unreachable sessions still work from the database alone."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cfmj.core import sessions
from cfmj.core.sessions import CACHE_SECONDS, SessionStore
from tests.classes.helpers import person

pytestmark = pytest.mark.django_db


@pytest.fixture
def cached_sessions(settings: Any) -> None:
    settings.SESSION_ENGINE = "cfmj.core.sessions"


@pytest.mark.usefixtures("cached_sessions")
def test_a_signed_in_request_reads_its_session_from_the_cache(django_assert_num_queries: Any) -> None:
    client = Client()
    client.force_login(person("ann"))
    key = client.cookies["sessionid"].value
    with django_assert_num_queries(0):
        assert SessionStore(key).load()["_auth_user_id"]
    with CaptureQueriesContext(connection) as read:
        assert client.get(reverse("play:tables")).status_code == 200
    assert read.captured_queries and not any("django_session" in q["sql"] for q in read.captured_queries)


@pytest.mark.usefixtures("cached_sessions")
def test_a_log_out_ends_the_session_in_the_cache_and_the_database() -> None:
    client = Client()
    client.force_login(person("ann"))
    key = client.cookies["sessionid"].value
    client.post(reverse("accounts:logout"))
    assert SessionStore(key).load() == {} and not Session.objects.filter(session_key=key).exists()
    assert client.get(reverse("play:tables")).status_code == 302  # to log in


def test_nothing_is_cached_for_longer_than_a_few_minutes() -> None:
    kept: list[int | None] = []

    class Cache:
        def set(self, key: str, value: Any, timeout: int | None) -> None:
            kept.append(timeout)

    guarded = sessions._Guarded(Cache())  # type: ignore[arg-type]
    guarded.set("a", {}, 14 * 24 * 3600)  # a fortnight's session
    guarded.set("b", {}, 60)
    guarded.set("c", {}, None)
    assert kept == [CACHE_SECONDS, 60, CACHE_SECONDS]


def test_with_the_cache_unreachable_sessions_work_from_the_database(
    settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.SESSION_ENGINE = "cfmj.core.sessions"
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
            "OPTIONS": {"socket_timeout": 1, "socket_connect_timeout": 1},
        },
    }
    client = Client()
    assert client.post(reverse("accounts:login"), {"username": "ann", "password": "pw"}).status_code == 200
    ann = person("ann")
    client.force_login(ann)
    assert client.get(reverse("play:tables")).status_code == 200
    client.post(reverse("accounts:logout"))
    assert client.get(reverse("play:tables")).status_code == 302
    assert "cache is unreachable" in caplog.text
