"""/accounts/login/ behind the log-in guard (cfmj/accounts/login_guard.py): one account guessed from
many addresses is paused, with a pause that grows, said in words; its owner gets past from a
device that has logged in before; the password checks running at once are bounded, a flood's tries
refused at once and a trusted one waiting its turn."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse

from cfmj.accounts import login_guard
from tests.accounts.factories import PASSWORD, UserFactory

URL = reverse("accounts:login")
WRONG = "not-the-password"

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _limits(settings: Any) -> None:
    # Per-address limits out of the way: these tests come from many addresses or none at all.
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login": {"ip": 1000, "ip_username": 1000, "window": 60}}
    settings.LOGIN_FAILURES_FREE = 3
    settings.LOGIN_PAUSE_FIRST = 30
    settings.LOGIN_PAUSE_MAX = 900


def _try(client: Client, address: str, username: str = "alice", password: str = WRONG) -> Any:
    return client.post(URL, {"username": username, "password": password}, REMOTE_ADDR=address)


def test_it_pauses_an_account_guessed_from_many_addresses_and_says_so(client, monkeypatch) -> None:
    UserFactory(username="alice")
    now = [1_000_000.0]
    monkeypatch.setattr(time, "time", lambda: now[0])  # the guard's clock (login_guard reads time.time)
    for n in range(3):  # the free tries, each from its own address, each checked
        answer = _try(Client(), f"10.0.0.{n}")
        assert answer.status_code == 200 and "Please enter a correct username" in answer.content.decode()
    paused = _try(Client(), "10.0.0.9")  # the fourth failure started a pause of 30 s
    assert paused.status_code == 429 and paused["Retry-After"] == "30"
    text = paused.content.decode()
    assert "3 wrong passwords in a row" in text and "paused for 30 seconds" in text
    assert "recovery code" in text
    # The right password from a stranger's address is refused too while the pause lasts.
    assert _try(Client(), "10.0.0.10", password=PASSWORD).status_code == 429
    now[0] += 31
    assert _try(Client(), "10.0.0.11").status_code == 200  # checked again, and wrong: a longer pause
    held = _try(Client(), "10.0.0.12")
    assert held.status_code == 429 and "paused for 1 minute" in held.content.decode()
    now[0] += 61
    assert _try(Client(), "10.0.0.13", password=PASSWORD).status_code == 302  # the run ends
    assert _try(Client(), "10.0.0.14").status_code == 200  # free tries again


def test_the_pause_grows_and_stops_at_its_most(settings) -> None:
    assert [login_guard._pause_after(n) for n in (2, 3, 4, 5, 6)] == [0, 30, 60, 120, 240]
    assert login_guard._pause_after(40) == settings.LOGIN_PAUSE_MAX


def test_a_name_with_no_account_is_paused_the_same_way(client) -> None:
    for n in range(3):
        _try(Client(), f"10.0.1.{n}", username="nobody")
    assert _try(Client(), "10.0.1.9", username="nobody").status_code == 429


def test_the_owner_gets_past_the_pause_from_a_device_that_logged_in_before(client) -> None:
    alice = UserFactory(username="alice")
    own = Client()
    assert _try(own, "192.168.1.5", password=PASSWORD).status_code == 302
    known = own.cookies[login_guard.KNOWN_DEVICES].value
    own.logout()  # (the test client's log-out forgets every cookie: the browser keeps this one)
    own.cookies[login_guard.KNOWN_DEVICES] = known
    for n in range(5):
        _try(Client(), f"10.0.2.{n}")
    assert _try(Client(), "10.0.2.9", password=PASSWORD).status_code == 429  # a stranger's device
    answer = _try(own, "172.16.0.1", password=PASSWORD)  # her phone, on another network
    assert answer.status_code == 302 and own.session["_auth_user_id"] == str(alice.pk)


def test_a_forged_or_someone_elses_device_cookie_does_not_get_past(client) -> None:
    UserFactory(username="alice")
    bob = Client()
    UserFactory(username="bob")
    assert _try(bob, "10.0.3.1", username="bob", password=PASSWORD).status_code == 302
    known = bob.cookies[login_guard.KNOWN_DEVICES].value
    bob.logout()
    bob.cookies[login_guard.KNOWN_DEVICES] = known
    for n in range(5):
        _try(Client(), f"10.0.3.{n + 2}")
    assert _try(bob, "10.0.3.9", password=PASSWORD).status_code == 429  # it knows bob, not alice
    forged = Client()
    forged.cookies[login_guard.KNOWN_DEVICES] = "[1,2,3]"
    assert _try(forged, "10.0.3.10", password=PASSWORD).status_code == 429


def test_a_try_finding_every_slot_taken_is_told_at_once_to_try_again(client, settings) -> None:
    UserFactory(username="alice")
    for n in range(10):  # the address has been failing: not trusted, so it may not wait
        _try(Client(), "10.0.4.1", username=f"someone{n}")
    caches["default"].add("login:slot:0", "busy", timeout=10)
    began = time.monotonic()
    answer = _try(Client(), "10.0.4.1", password=PASSWORD)
    assert time.monotonic() - began < 1
    assert answer.status_code == 429 and "Many people are logging in just now" in answer.content.decode()
    assert answer["Retry-After"] == "3"


def test_a_trusted_try_waits_for_a_slot_and_goes_before_the_others(client, settings) -> None:
    UserFactory(username="alice")
    settings.PASSWORD_CHECK_WAIT = 2
    cache = caches["default"]
    cache.add("login:slot:0", "busy", timeout=10)
    threading.Timer(0.3, lambda: cache.delete("login:slot:0")).start()
    began = time.monotonic()
    answer = _try(Client(), "10.0.5.1", password=PASSWORD)  # a fresh address is trusted: it waits
    assert answer.status_code == 302 and 0.25 < time.monotonic() - began < 2
    assert cache.get("login:slot:0") is None and cache.get("login:waiter:0") is None  # given back
    # While a trusted try waits, a try from a failing address does not take the free slot.
    for n in range(4):
        _try(Client(), "10.0.5.9", username=f"someone{n}")
    cache.add("login:waiter:0", "waiting", timeout=10)
    assert _try(Client(), "10.0.5.9", password=PASSWORD).status_code == 429
    cache.delete("login:waiter:0")
    assert _try(Client(), "10.0.5.9", password=PASSWORD).status_code == 302


def test_a_trusted_try_is_turned_away_when_enough_wait_already(client, settings) -> None:
    UserFactory(username="alice")
    settings.PASSWORD_CHECK_WAITERS = 1
    cache = caches["default"]
    cache.add("login:slot:0", "busy", timeout=10)
    cache.add("login:waiter:0", "waiting", timeout=10)
    began = time.monotonic()
    assert _try(Client(), "10.0.5.1", password=PASSWORD).status_code == 429
    assert time.monotonic() - began < 1


def test_the_slot_is_given_back_whatever_the_outcome(client) -> None:
    UserFactory(username="alice")
    _try(Client(), "10.0.6.1")
    _try(Client(), "10.0.6.1", password=PASSWORD)
    assert caches["default"].get("login:slot:0") is None


def test_with_the_cache_away_log_in_still_works(client, settings) -> None:
    UserFactory(username="alice")
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
            "OPTIONS": {"socket_timeout": 0.2, "socket_connect_timeout": 0.2},
        },
    }
    assert _try(Client(), "10.0.7.1", password=PASSWORD).status_code == 302
