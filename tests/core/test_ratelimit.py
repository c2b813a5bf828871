"""Rate limits: a flood gets 429 and is not recorded; others carry on; a cache outage lets all through."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
import redis
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse
from redis.exceptions import ConnectionError as RedisConnectionError

from cfmj.classes.models import SessionAnswer
from cfmj.core.ratelimit import rate_limited
from practice.models import Attempt
from tests.classes.helpers import person
from tests.classes.session_helpers import Room, answer
from tests.engine.drills.helpers import right_response
from tests.practice.factories import PuzzleFactory
from tests.services import needs_redis

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
SMALL = {
    "answer": {"ip": 4, "user": 2, "window": 60},
    "join": {"ip": 4, "user": 2, "window": 60},
    "login": {"ip": 4, "ip_username": 2, "window": 60},
    "signup": {"ip": 2, "window": 3600},
}


@pytest.fixture(autouse=True)
def _small_limits(settings: Any) -> None:
    settings.RATE_LIMITS = SMALL
    settings.RATE_LIMIT_PROXIES = 0
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _answer(client: Client, puzzle: Any, ip: str = "10.0.0.1", **headers: Any) -> Any:
    """Answer the puzzle a drill page of `puzzle`'s kind serves (showing a puzzle is not limited)."""
    page = client.get(reverse("practice:drill", args=[puzzle.kind]), REMOTE_ADDR=ip)
    served = page.context["puzzle"]
    data = {"token": page.context["token"], **right_response(served)}
    return client.post(reverse("practice:answer", args=[served.pk]), data, REMOTE_ADDR=ip, **headers)


def test_a_user_over_the_limit_gets_429_and_nothing_is_recorded() -> None:
    puzzle, client = PuzzleFactory(), Client()
    client.force_login(person("ann"))
    assert [_answer(client, puzzle).status_code for _ in range(2)] == [200, 200]
    refused = _answer(client, puzzle)
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert b"Please wait" in refused.content and b"<html" in refused.content
    assert Attempt.objects.count() == 2


def test_it_leaves_another_user_on_the_same_address_alone() -> None:
    puzzle, ann, bob = PuzzleFactory(), Client(), Client()
    ann.force_login(person("ann"))
    bob.force_login(person("bob"))
    for _ in range(3):
        _answer(ann, puzzle)
    assert _answer(bob, puzzle).status_code == 200


def test_it_leaves_other_addresses_alone() -> None:
    puzzle, client = PuzzleFactory(), Client()
    assert [_answer(client, puzzle).status_code for _ in range(5)] == [200] * 4 + [429]
    assert _answer(client, puzzle, ip="10.0.0.2").status_code == 200


def test_it_gives_htmx_a_fragment_with_429() -> None:
    puzzle, client = PuzzleFactory(), Client()
    for _ in range(4):
        _answer(client, puzzle, **HTMX)
    refused = _answer(client, puzzle, **HTMX)
    assert refused.status_code == 429 and refused["Retry-After"]
    assert b"<html" not in refused.content and b"Please wait" in refused.content


def test_only_the_requests_it_names_are_counted_and_refused(settings: Any) -> None:
    """`only`: a limit for some requests (a visitor's deals), the others passing uncounted."""
    settings.RATE_LIMITS = {**SMALL, "some": {"ip": 1, "window": 60}}

    def ok(request: HttpRequest) -> HttpResponse:
        return HttpResponse("ok")

    view = rate_limited("some", only=lambda request: request.POST.get("who") == "visitor")(ok)
    factory = RequestFactory()

    def sent(who: str) -> int:
        return view(factory.post("/", {"who": who}, HTTP_HX_REQUEST="true")).status_code

    assert [sent("account"), sent("account"), sent("visitor"), sent("account")] == [200] * 4
    assert sent("visitor") == 429


def test_forwarded_for_is_ignored_unless_proxies_are_configured(settings: Any) -> None:
    puzzle, client = PuzzleFactory(), Client()
    for n in range(4):
        _answer(client, puzzle, HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
    assert _answer(client, puzzle, HTTP_X_FORWARDED_FOR="192.0.2.99").status_code == 429
    settings.RATE_LIMIT_PROXIES = 1
    assert _answer(client, puzzle, HTTP_X_FORWARDED_FOR="spoof, 192.0.2.99").status_code == 200


def test_login_is_limited_per_username_and_per_address() -> None:
    person("ann")
    client, url = Client(), reverse("accounts:login")
    tries = [
        client.post(url, {"username": "ann", "password": "wrong"}, REMOTE_ADDR="10.0.0.9").status_code
        for _ in range(3)
    ]
    assert tries == [200, 200, 429]
    # Someone else in the same room can still log in...
    ok = client.post(url, {"username": "bob", "password": "x"}, REMOTE_ADDR="10.0.0.9")
    assert ok.status_code == 200
    # ...until the address as a whole has had its fill; showing the form is never counted.
    assert client.post(url, {"username": "cy", "password": "x"}, REMOTE_ADDR="10.0.0.9").status_code == 429
    assert client.get(url, REMOTE_ADDR="10.0.0.9").status_code == 200


def test_signup_is_limited_per_address() -> None:
    client, url = Client(), reverse("accounts:signup")
    codes = [client.post(url, {"username": ""}, REMOTE_ADDR="10.0.0.7").status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    assert client.post(url, {"username": ""}, REMOTE_ADDR="10.0.0.8").status_code == 200


def test_class_join_and_session_answers_are_limited() -> None:
    room, client = Room(), Client()
    client.force_login(room.ann)
    join = [client.post(reverse("classes:join"), {"code": "NOPE"}).status_code for _ in range(3)]
    assert join == [200, 200, 429]
    codes = [answer(client, room.session, {"valid": "yes"}, **HTMX).status_code for _ in range(3)]
    assert codes[-1] == 429
    assert SessionAnswer.objects.filter(user=room.ann).count() <= 1


@pytest.mark.parametrize("method", ["add", "incr"])
def test_a_cache_outage_lets_every_request_through(method: str, caplog: pytest.LogCaptureFixture) -> None:
    puzzle, client = PuzzleFactory(), Client()
    with mock.patch.object(caches["default"], method, side_effect=RedisConnectionError("down")):
        codes = [_answer(client, puzzle).status_code for _ in range(6)]
    assert codes == [200] * 6
    assert Attempt.objects.count() == 6
    assert "not checked" in caplog.text


REDIS_CACHE_URL = "redis://127.0.0.1:6379/11"  # keys carry a per-test prefix and expire: never flushed


@pytest.fixture
def redis_cache(settings: Any) -> Iterator[Any]:
    prefix = f"rl-test-{uuid.uuid4().hex}"
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_CACHE_URL,
            "KEY_PREFIX": prefix,
            "OPTIONS": {"socket_timeout": 2, "socket_connect_timeout": 2},
        },
    }
    yield caches["default"]
    client = redis.Redis.from_url(REDIS_CACHE_URL)
    for key in client.scan_iter(f"{prefix}:*"):
        client.delete(key)


@needs_redis
def test_it_counts_in_redis_with_one_round_trip(redis_cache: Any) -> None:
    puzzle, client = PuzzleFactory(), Client()
    client.force_login(person("ann"))
    with mock.patch.object(
        redis.client.Pipeline, "execute", autospec=True, side_effect=redis.client.Pipeline.execute
    ) as execute:
        codes = [_answer(client, puzzle).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    assert execute.call_count == 3  # one per answer, for both the address and the user bucket
    assert Attempt.objects.count() == 2
    counters = {
        key: value
        for key in redis_cache._cache.get_client().scan_iter(f"{redis_cache.key_prefix}:*")
        if (value := redis_cache.get(key.decode().split(":", 2)[2]))
    }
    assert sorted(counters.values()) == [3, 3]  # read back through the cache API as plain numbers


def test_it_lets_answers_through_when_redis_is_unreachable(
    settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_timeout": 1, "socket_connect_timeout": 1},
        },
    }
    puzzle, client = PuzzleFactory(), Client()
    client.force_login(person("ann"))
    assert [_answer(client, puzzle).status_code for _ in range(3)] == [200] * 3
    assert Attempt.objects.count() == 3
    assert "not checked" in caplog.text
