"""/check/ within bounds: a limit per address on the hands it checks, and a time budget per check
(issue 13: slow hands sent in a loop slowed everyone's pages)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.engine import budget, check
from practice import views
from practice.views import EXAMPLES
from tests.engine.test_budget import SLOW_HANDS

URL = reverse("practice:check")
HTMX = {"HTTP_HX_REQUEST": "true"}
SLOW = SLOW_HANDS[0]
WINNING = "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"
LIMIT = 3


@pytest.fixture
def small_limit(settings: Any) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "check": {"ip": LIMIT, "window": 60}}
    settings.RATE_LIMIT_PROXIES = 0


def _get(client: Client, query: dict[str, str] | None = None, ip: str = "10.0.0.1", **headers: str) -> Any:
    return client.get(URL, query or {}, REMOTE_ADDR=ip, **headers)


def test_it_refuses_a_slow_hand_sent_again_and_again_after_the_limit(small_limit: None) -> None:
    client = Client()
    statuses = [_get(client, {"hand": SLOW}).status_code for _ in range(LIMIT + 2)]
    assert statuses == [200] * LIMIT + [429] * 2
    refused = _get(client, {"hand": WINNING})
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    html = refused.content.decode()
    assert "<html" in html and "Please wait a moment" in html
    assert f'value="{WINNING}"' in html  # the hand stays in the form, to send again
    assert "Mah Jongg!" not in html  # refused before the engine was asked


def test_it_leaves_other_addresses_alone(small_limit: None) -> None:
    client = Client()
    for _ in range(LIMIT + 1):
        _get(client, {"hand": SLOW})
    other = _get(client, {"hand": WINNING}, ip="10.0.0.2")
    assert other.status_code == 200
    assert "Mah Jongg! This hand wins." in other.content.decode()


def test_it_never_counts_the_page_without_a_hand(small_limit: None) -> None:
    client = Client()
    for query in ({}, {"hand": ""}, {"hand": "   "}, {"self_drawn": "on"}) * 3:
        assert _get(client, query).status_code == 200
    assert [_get(client, {"hand": WINNING}).status_code for _ in range(LIMIT)] == [200] * LIMIT


def test_it_never_counts_a_hand_the_engine_cannot_read(small_limit: None) -> None:
    """The hand builder sends the hand after every tile added: only a full, readable hand goes
    to the search and counts, so a class building hands together is not stopped half way."""
    client = Client()
    unreadable = ("5D", "5D 5D N", "1C 1C 1C 2C 2C 2C 3C 3C 3C 4C 4C 4C 5C", "1C 1C x", "J " * 14)
    for hand in unreadable * 2:
        response = _get(client, {"hand": hand}, **HTMX)
        assert response.status_code == 200
        assert "That hand cannot be read" in response.content.decode()
    bad_option = _get(client, {"hand": WINNING, "skill_level": "9"})
    assert bad_option.status_code == 200 and "That hand cannot be read" in bad_option.content.decode()
    assert [_get(client, {"hand": WINNING}).status_code for _ in range(LIMIT)] == [200] * LIMIT
    assert _get(client, {"hand": WINNING}).status_code == 429


def test_it_says_please_wait_in_the_verdict_area_to_htmx(small_limit: None) -> None:
    client = Client()
    for _ in range(LIMIT):
        assert _get(client, {"hand": SLOW}, **HTMX).status_code == 200
    refused = _get(client, {"hand": SLOW}, **HTMX)
    assert refused.status_code == 429 and 1 <= int(refused["Retry-After"]) <= 60
    html = refused.content.decode()
    # The verdict fragment, swapped where the verdict appears (where the learner is looking),
    # replacing the last one rather than piling up notes at the top of the page.
    assert "<html" not in html and 'id="verdict"' in html
    assert "Please wait a moment" in html
    assert f"Please wait {int(refused['Retry-After'])} second" in html
    assert "HX-Retarget" not in refused


def test_the_default_limit_fits_a_class_behind_one_router(settings: Any) -> None:
    limit = settings.RATE_LIMITS["check"]
    assert limit["window"] == 60
    assert limit["ip"] >= 100  # about four full hands a minute for each of a class of 30


def test_a_slow_hand_past_the_budget_gets_a_message_not_a_500(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.CHECK_BUDGET_MS = 5
    spent: list[float] = []

    def timed_check(*args: Any, **kwargs: Any) -> Any:
        started = time.thread_time()  # CPU time: a machine busy with other work cannot blur it
        try:
            return check(*args, **kwargs)
        finally:
            spent.append(time.thread_time() - started)

    monkeypatch.setattr(views, "check", timed_check)
    response = _get(Client(), {"hand": SLOW})
    assert response.status_code == 200
    html = response.content.decode()
    assert "That hand cannot be read" in html
    assert "too many ways to read it to check here" in html
    assert "Not a winning hand" not in html
    assert len(spent) == 1
    assert spent[0] < 0.005 + 0.020  # the budget, and 32 steps past it (a few microseconds each)


def test_a_slow_hand_past_the_budget_gets_the_message_in_the_fragment(settings: Any) -> None:
    settings.CHECK_BUDGET_MS = 0
    response = _get(Client(), {"hand": SLOW_HANDS[1]}, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and 'id="verdict"' in html
    assert "too many ways to read it to check here" in html


def test_the_default_budget_answers_the_examples_in_full(settings: Any) -> None:
    assert settings.CHECK_BUDGET_MS == 250
    client = Client()
    for _title, hand in EXAMPLES:
        html = _get(client, {"hand": hand}).content.decode()
        expected = "Mah Jongg! This hand wins." if check(hand).valid else "Not a winning hand"
        assert expected in html
        assert "too many ways" not in html


def test_the_budget_is_closed_when_the_request_ends(settings: Any) -> None:
    settings.CHECK_BUDGET_MS = 0
    assert "too many ways" in _get(Client(), {"hand": SLOW}).content.decode()
    assert not check(SLOW).valid  # no budget left open in this thread
    budget.spend()
