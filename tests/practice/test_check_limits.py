"""/check/ within bounds (once, slow hands sent in a loop slowed everyone's pages): a limit
per address on the hands it checks, a time budget per check, and a smaller limit on the rare
hands that need more than a quick look."""

from __future__ import annotations

import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.core import ratelimit
from cfmj.engine import budget, check
from practice import checker, views
from practice.views import EXAMPLES
from tests.engine.test_budget import SLOW_HANDS, Clock

URL = reverse("practice:check")
HTMX = {"HTTP_HX_REQUEST": "true"}
SLOW = SLOW_HANDS[0]
WINNING = "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"
LIMIT, SLOW_LIMIT = 5, 2


@pytest.fixture
def limits(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Small limits, and a budget clock that moves 1 ms at each reading (one every CHECK_EVERY
    search steps) so that what is slow does not depend on the machine: the hands that were the
    slowest (hundreds of steps) always need their second try after a 10 ms quick look, and always
    finish it within 5 s; the example hands (a few dozen steps) never need it."""
    settings.RATE_LIMITS = {
        **settings.RATE_LIMITS,
        "check": {"ip": LIMIT, "window": 60},
        "check_slow": {"ip": SLOW_LIMIT, "window": 60},
    }
    settings.RATE_LIMIT_PROXIES = 0
    # Every hand judged afresh: these tests count the engine's work (verdicts kept: tests below).
    settings.CACHES = {
        **settings.CACHES,
        "verdicts": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }
    settings.CHECK_QUICK_MS = 10
    settings.CHECK_BUDGET_MS = 5000
    monkeypatch.setattr(budget, "time", SimpleNamespace(perf_counter=Clock(tick=0.001).perf_counter))


@pytest.fixture
def engine_calls(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The CPU time of each call the view makes to the engine's check."""
    spent: list[float] = []

    def timed_check(*args: Any, **kwargs: Any) -> Any:
        started = time.thread_time()  # CPU time: a machine busy with other work cannot blur it
        try:
            return check(*args, **kwargs)
        finally:
            spent.append(time.thread_time() - started)

    monkeypatch.setattr(checker, "check", timed_check)
    return spent


def _get(client: Client, query: dict[str, str] | None = None, ip: str = "10.0.0.1", **headers: Any) -> Any:
    return client.get(URL, query or {}, REMOTE_ADDR=ip, **headers)


def _html(response: Any) -> str:
    return str(response.content.decode())


def test_it_refuses_hands_after_the_limit_without_asking_the_engine(
    limits: None, engine_calls: list[float]
) -> None:
    client = Client()
    assert [_get(client, {"hand": WINNING}).status_code for _ in range(LIMIT)] == [200] * LIMIT
    assert len(engine_calls) == LIMIT
    refused = _get(client, {"hand": WINNING})
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert "<html" in _html(refused) and "Please wait" in _html(refused)
    assert len(engine_calls) == LIMIT  # refused before the engine was asked


def test_its_refusal_page_reads_no_session_so_that_a_flood_costs_little(
    limits: None, django_user_model: Any
) -> None:
    # The load test's flood (20 clients looping over the slowest hands): each refusal drew the whole
    # site layout, reading the session and the user, and the learners beside it waited behind them.
    client = Client()
    client.force_login(django_user_model.objects.create_user("flooder", password="x"))
    for _ in range(LIMIT):
        _get(client, {"hand": WINNING})
    refused = _get(client, {"hand": WINNING})
    assert refused.status_code == 429 and 1 <= int(refused["Retry-After"]) <= 60
    html = _html(refused)
    assert "<h1>Please wait a moment</h1>" in html and "try again" in html
    assert "Log out" not in html and "Large print" not in html  # no menu: nobody's session read
    assert "Cookie" not in refused.get("Vary", "")


def test_it_answers_a_few_slow_hands_in_full_then_asks_to_wait(
    limits: None, engine_calls: list[float]
) -> None:
    client = Client()
    for _ in range(SLOW_LIMIT):
        answered = _get(client, {"hand": SLOW})
        assert answered.status_code == 200
        assert "Not a winning hand" in _html(answered)  # the full verdict, on the second try
    assert len(engine_calls) == 2 * SLOW_LIMIT
    refused = _get(client, {"hand": SLOW})
    assert refused.status_code == 429 and 1 <= int(refused["Retry-After"]) <= 60
    assert len(engine_calls) == 2 * SLOW_LIMIT + 1  # only the quick look
    # Everyone else behind the same router carries on with their own hands.
    other = _get(Client(), {"hand": WINNING})
    assert other.status_code == 200 and "Mah Jongg! This hand wins." in _html(other)


def test_real_hands_never_count_as_slow(
    settings: Any, limits: None, engine_calls: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(budget, "time", time)  # the real clock
    settings.CHECK_QUICK_MS = 25  # the default
    settings.RATE_LIMITS = {
        **settings.RATE_LIMITS,
        "check": {"ip": 100, "window": 60},
        "check_slow": {"ip": 1, "window": 60},
    }
    client = Client()
    for _ in range(3):
        for _title, hand in EXAMPLES:
            response = _get(client, {"hand": hand})
            expected = "Mah Jongg! This hand wins." if check(hand).valid else "Not a winning hand"
            assert response.status_code == 200 and expected in _html(response)
    assert len(engine_calls) == 3 * len(EXAMPLES)  # each judged once, within the quick look
    settings.CHECK_QUICK_MS = 0  # from now on every hand needs more than the quick look
    assert "Not a winning hand" in _html(_get(client, {"hand": SLOW}))  # the one slow hand allowed
    assert _get(client, {"hand": SLOW}).status_code == 429


def test_it_leaves_other_addresses_alone(limits: None) -> None:
    client = Client()
    for _ in range(SLOW_LIMIT + 1):
        _get(client, {"hand": SLOW})
    for _ in range(LIMIT):
        _get(client, {"hand": WINNING})
    assert _get(client, {"hand": WINNING}).status_code == 429
    slow = _get(client, {"hand": SLOW}, ip="10.0.0.2")
    assert slow.status_code == 200 and "Not a winning hand" in _html(slow)


def test_it_never_counts_the_page_without_a_hand(limits: None) -> None:
    client = Client()
    for query in ({}, {"hand": ""}, {"hand": "   "}, {"self_drawn": "on"}) * 3:
        assert _get(client, query).status_code == 200
    assert [_get(client, {"hand": WINNING}).status_code for _ in range(LIMIT)] == [200] * LIMIT


def test_it_never_counts_a_hand_the_engine_cannot_read(limits: None, engine_calls: list[float]) -> None:
    """The hand builder sends the hand after every tile added: only a full, readable hand goes
    to the search and counts, so a class building hands together is not stopped half way."""
    client = Client()
    unreadable = ("5D", "5D 5D N", "1C 1C 1C 2C 2C 2C 3C 3C 3C 4C 4C 4C 5C", "1C 1C x", "J " * 14)
    for hand in unreadable * 2:
        response = _get(client, {"hand": hand}, **HTMX)
        assert response.status_code == 200
        assert "That hand cannot be read" in _html(response)
    bad_option = _get(client, {"hand": WINNING, "skill_level": "9"})
    assert bad_option.status_code == 200 and "That hand cannot be read" in _html(bad_option)
    assert engine_calls == []
    assert [_get(client, {"hand": WINNING}).status_code for _ in range(LIMIT)] == [200] * LIMIT
    assert _get(client, {"hand": WINNING}).status_code == 429


@pytest.mark.parametrize(
    "flood",
    [
        pytest.param(lambda client: [_get(client, {"hand": WINNING}) for _ in range(LIMIT)], id="hands"),
        pytest.param(
            lambda client: [_get(client, {"hand": SLOW}) for _ in range(SLOW_LIMIT)], id="slow-hands"
        ),
    ],
)
def test_it_says_please_wait_in_the_verdict_area_to_htmx(
    limits: None, flood: Callable[[Client], Any]
) -> None:
    client = Client()
    flood(client)
    refused = _get(client, {"hand": SLOW}, **HTMX)
    assert refused.status_code == 429 and 1 <= int(refused["Retry-After"]) <= 60
    html = _html(refused)
    # The verdict fragment, swapped where the verdict appears (where the learner is looking),
    # replacing the last one rather than piling up notes at the top of the page.
    assert "<html" not in html and 'id="verdict"' in html
    assert "Please wait a moment" in html
    assert f"Please wait {int(refused['Retry-After'])} second" in html
    assert "HX-Retarget" not in refused


def test_the_defaults_fit_a_class_and_bound_the_work_from_one_address(settings: Any) -> None:
    hands, slow = settings.RATE_LIMITS["check"], settings.RATE_LIMITS["check_slow"]
    assert hands["window"] == slow["window"] == 60
    assert hands["ip"] >= 100  # about four full hands a minute for each of a class of 30
    assert (settings.CHECK_QUICK_MS, settings.CHECK_BUDGET_MS) == (25, 250)
    worst = hands["ip"] * settings.CHECK_QUICK_MS + slow["ip"] * settings.CHECK_BUDGET_MS
    assert worst <= 6000  # ms of search a minute from one address: 5% of two cores


def test_a_slow_hand_past_the_budget_gets_a_message_not_a_500(
    settings: Any, limits: None, engine_calls: list[float]
) -> None:
    settings.CHECK_BUDGET_MS = 5
    response = _get(Client(), {"hand": SLOW})
    assert response.status_code == 200
    html = _html(response)
    assert "That hand cannot be read" in html
    assert "too many ways to read it to check here" in html
    assert "Not a winning hand" not in html
    assert len(engine_calls) == 2  # the quick look, then the longer one (how promptly a budget
    # stops is tests/engine/test_budget.py's, on a fake clock: no timing here)


def test_a_slow_hand_past_the_budget_gets_the_message_in_the_fragment(settings: Any, limits: None) -> None:
    settings.CHECK_BUDGET_MS = 0
    response = _get(Client(), {"hand": SLOW}, **HTMX)
    assert response.status_code == 200
    html = _html(response)
    assert "<html" not in html and 'id="verdict"' in html
    assert "too many ways to read it to check here" in html


def test_the_budget_is_closed_when_the_request_ends(settings: Any, limits: None) -> None:
    settings.CHECK_BUDGET_MS = 0
    assert "too many ways" in _html(_get(Client(), {"hand": SLOW}))
    assert not check(SLOW).valid  # no budget left open in this thread
    budget.spend()


def test_a_hand_asked_again_costs_no_search(engine_calls: list[float]) -> None:
    # In any order of its tiles, from anyone: the verdict is kept (in each process).
    first = _get(Client(), {"hand": WINNING})
    again = _get(Client(), {"hand": "8C 7C 9D 7C 8C 9D 7C 8C 9D 8C 9D [RD RD RD]"}, ip="10.0.0.9")
    assert first.status_code == again.status_code == 200
    assert "Mah Jongg! This hand wins." in _html(again) and len(engine_calls) == 1
    other_rules = _get(Client(), {"hand": WINNING, "self_drawn": "on"})
    assert other_rules.status_code == 200 and len(engine_calls) == 2  # another question: searched


def test_one_long_search_at_a_time_across_the_site(limits: None, engine_calls: list[float]) -> None:
    from django.core.cache import caches

    caches["default"].add(checker.SLOT, "another worker's search", timeout=5)
    busy = _get(Client(), {"hand": SLOW}, **HTMX)
    assert busy.status_code == 429 and busy["Retry-After"] == str(views.LONG_SEARCH_WAIT)
    assert "Please wait 3 seconds" in _html(busy) and len(engine_calls) == 1  # the quick look only
    caches["default"].delete(checker.SLOT)
    answered = _get(Client(), {"hand": SLOW}, ip="10.0.0.3")
    assert answered.status_code == 200 and "Not a winning hand" in _html(answered)
    assert caches["default"].get(checker.SLOT) is None  # given back


def test_when_the_site_is_busy_each_address_gets_its_share(settings: Any, limits: None) -> None:
    # 20 addresses each within its own limit took both cores: when the site is busy, an address
    # past its share waits, and an address within it (a learner checking a hand a second) goes on.
    settings.RATE_LIMITS = {
        **settings.RATE_LIMITS,
        "check": {"ip": 100, "window": 60, "busy_site": 3, "busy_ip": 2, "busy_seconds": 60},
    }
    flood = [_get(Client(), {"hand": WINNING}, ip="10.0.1.1").status_code for _ in range(4)]
    assert flood[:2] == [200, 200] and flood[3] == 429  # past its share once the site is busy
    assert _get(Client(), {"hand": WINNING}, ip="10.0.1.2").status_code == 200  # within its share


def test_an_address_over_its_limit_is_refused_before_anything_else_runs(
    limits: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    for _ in range(LIMIT + 1):
        _get(Client(), {"hand": WINNING})
    counted: list[list[str]] = []
    real = ratelimit._counts

    def counts(names: list[str], timeout: int) -> list[int]:
        counted.append(names)
        return real(names, timeout)

    monkeypatch.setattr(ratelimit, "_counts", counts)
    refused = _get(Client(), {"hand": WINNING})
    assert refused.status_code == 429 and "Please wait a moment" in _html(refused)
    assert counted == []  # refused by the middleware, which only reads the counters
    told = _get(Client(), {"hand": WINNING}, **HTMX)  # htmx: told by the view, in the verdict's place
    assert told.status_code == 429 and 'id="verdict"' in _html(told) and counted
