"""A table as it is used: several people, each in their own browser (phones and tablets, one in
large print), one of them on a second device too. Opened through its form, joined by a typed
code and by the link, started by the host; then every seat plays through its own page, whose
rack holds that seat's tiles and no one else's, while what the others do arrives within two
seconds (the seat's stream: Redis and the push channel, as in production). No page is wider than
its screen. Screenshots of each look go to TABLE_SHOTS (var/browser/tables/ unless set)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from cfmj.engine.tiles import code
from cfmj.play.models import Game, Table
from cfmj.play.selectors import rebuild
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_play import PHONE, TABLET, fits
from tests.browser.walk import PASSWORD, start
from tests.services import needs_redis

pytestmark = [pytest.mark.django_db(transaction=True), needs_redis]

SHOTS = Path(os.environ.get("TABLE_SHOTS") or ARTIFACTS / "tables")
ARRIVES = 2_000  # ms: what another seat does reaches this page within it
MAX_ROUNDS = 40


@pytest.fixture
def streamed(settings: Any) -> None:
    """The push channel on, through this machine's Redis (a database of its own)."""
    settings.REDIS_URL = "redis://127.0.0.1:6379/12"
    settings.LIVE_STREAMS = True


@pytest.fixture
def people(django_user_model: Any) -> dict[str, Any]:
    return {
        name: django_user_model.objects.create_user(name, password=PASSWORD) for name in ("ann", "ben", "cy")
    }


def _rack(page: Page) -> list[str]:
    return sorted(page.locator("#rack [data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)"))


def _act(page: Page) -> str:
    """The page's first choice, made through its own forms: a pass of three tiles, the stop vote
    (go on), the courtesy count (none), a discard, or letting a discard go. '' when it owes none."""
    live = page.locator("#table-live")
    for action, pick in (
        ("pass_tiles", 3),
        ("courtesy_pass", 0),
        ("stop_vote", None),
        ("courtesy_ask", None),
        ("no_call", None),
        ("discard", None),
    ):
        form = live.locator(f'form[data-action="{action}"]')
        if not form.count():
            continue
        if action == "stop_vote":
            form.get_by_role("button", name="Go on to the second Charleston").click()
        elif action == "courtesy_ask":
            form.get_by_role("button", name="None").click()
        elif action in ("pass_tiles", "courtesy_pass"):
            boxes = form.locator('input[name="tiles"]:not([value="J"])')
            for k in range(pick or 0):
                boxes.nth(k).check()
            form.locator('button[type="submit"]').click()
        elif action == "discard":
            form.locator("button.hand-pick").first.click()
        else:
            form.locator("button").click()
        return action
    return ""


def _told(monkeypatch: Any) -> list[tuple[int, int]]:
    """Each (seat, version) the seats' topics are told, as they are published."""
    from cfmj.core import live

    told: list[tuple[int, int]] = []
    publish = live.publish

    def recorded(topic: str, version: int) -> None:
        told.append((int(topic.rsplit("-", 1)[1]), version))
        publish(topic, version)

    monkeypatch.setattr(live, "publish", recorded)
    return told


def _moved_on(table: Table, version: int, seconds: float = 3) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if Table.objects.get(pk=table.pk).version > version:
            return True
        time.sleep(0.02)
    return False


@pytest.mark.usefixtures("streamed")
def test_three_people_and_a_bot_play_a_table_each_seeing_only_their_own_seat(
    contexts: Callable[..., BrowserContext], people: dict[str, Any], asgi_server: str, monkeypatch: Any
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    told = _told(monkeypatch)
    ann = start(contexts(PHONE, touch=True, base_url=asgi_server), False, "ann")
    ben = start(contexts(TABLET, base_url=asgi_server), True, "ben")
    cy = start(contexts(PHONE, touch=True, base_url=asgi_server), True, "cy")
    ann_tablet = start(contexts(TABLET, base_url=asgi_server), False, "ann")
    problems: list[str] = []

    ann.goto("/play/tables/")
    ann.get_by_role("button", name="Open the table").click()
    expect(ann.locator(".table-code")).to_be_visible()
    table = Table.objects.get()
    ann.screenshot(path=str(SHOTS / "lobby-phone.png"), full_page=True)
    problems += fits(ann, "lobby, phone")

    ben.goto("/play/tables/")
    ben.get_by_label("The table's code").fill(table.code.lower())
    ben.get_by_role("button", name="Find the table").click()
    ben.get_by_role("button", name="Take a seat").click()
    cy.goto(f"/play/tables/{table.code}/")
    cy.get_by_role("button", name="Take a seat").click()
    expect(ann.locator("#invite-title")).to_have_text(
        "Invite people: 3 of 4 seats taken", timeout=ARRIVES + 1000
    )

    ann.get_by_role("button", name="Start play").click()
    seats = {page: number for page, number in ((ann, 0), (ben, 1), (cy, 2), (ann_tablet, 0))}
    ann_tablet.goto(f"/play/tables/{table.code}/")
    for page in seats:
        expect(page.locator("#status-line")).to_be_visible(timeout=ARRIVES + 1000)
    for page, look in ((ann, "phone"), (ben, "tablet-large"), (cy, "phone-large"), (ann_tablet, "tablet")):
        page.screenshot(path=str(SHOTS / f"charleston-{look}.png"))
        problems += fits(page, f"Charleston, {look}")

    delays: list[float] = []
    for _ in range(MAX_ROUNDS):
        hand = Game.objects.get(table=table)
        engine = rebuild(hand)
        if hand.status == Game.Status.OVER:
            break
        for page, number in seats.items():
            expect(page.locator("#table-live")).to_have_attribute("data-drawn", "")
            assert (
                _rack(page) in ([], sorted(code(t) for t in engine.concealed(number)))
                or page.locator('form[data-action="pass_tiles"]').count()
            ), f"seat {number}'s page shows a rack that is not its own"
        version = Table.objects.get(pk=table.pk).version
        actor = next((page for page in (ann, ben, cy) if _act(page)), None)
        if actor is None:
            time.sleep(0.3)
            continue
        if not _moved_on(table, version):
            continue  # the tap landed while the page was being redrawn: tapped again next round
        began = time.monotonic()
        time.sleep(0.1)  # the seats are told just after the commit
        # The change reaches every other page whose seat sees something new: its part is redrawn
        # at the version its seat was told (the others' parts stay as they are: nothing changed).
        for page, number in seats.items():
            newest = max((v for seat, v in told if seat == number and v > version), default=None)
            if page is not actor and newest is not None:
                page.wait_for_function(
                    "(v) => { const p = document.getElementById('table-live');"
                    " return p && +p.dataset.liveTopicVersion >= v; }",
                    arg=newest,
                    timeout=ARRIVES * 3,
                )
        delays.append(time.monotonic() - began)
    for page, look in ((ann, "phone"), (ben, "tablet-large"), (cy, "phone-large")):
        page.screenshot(path=str(SHOTS / f"play-{look}.png"))
        problems += fits(page, f"in play, {look}")
    assert problems == []
    assert len(delays) >= 10
    delays.sort()
    assert delays[int(len(delays) * 0.95) - 1] < ARRIVES / 1000, delays


def test_without_javascript_a_table_is_joined_started_and_played_by_forms_and_refresh(
    browser: Any, live_server: Any, people: dict[str, Any]
) -> None:
    """No stream, no polling: each post comes back to the page, and "Refresh" shows what the
    others did. Ann (host) and Ben each on a phone without JavaScript."""
    pages = {}
    for name in ("ann", "ben"):
        context = browser.new_context(base_url=live_server.url, viewport=PHONE, java_script_enabled=False)
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Username").fill(name)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        pages[name] = page
    ann, ben = pages["ann"], pages["ben"]
    ann.goto("/play/tables/")
    ann.get_by_role("button", name="Open the table").click()
    table = Table.objects.get()
    ben.goto(f"/play/tables/{table.code}/")
    ben.get_by_role("button", name="Take a seat").click()
    ann.get_by_role("link", name="Refresh").first.click()
    expect(ann.locator("#invite-title")).to_have_text("Invite people: 2 of 4 seats taken")
    ann.get_by_role("button", name="Start play").click()
    expect(ann.locator("#status-line")).to_contain_text("Charleston")
    ben.get_by_role("link", name="Refresh").first.click()
    expect(ben.locator("#status-line")).to_contain_text("Charleston")
    assert _act(ben) == "pass_tiles"
    expect(ben.locator("#status-line")).to_contain_text("You have passed: waiting for")
    assert _act(ann) == "pass_tiles"
    ben.get_by_role("link", name="Refresh").first.click()
    expect(ben.locator("#status-line")).to_contain_text("First Across")
    assert fits(ann, "no JavaScript, phone") == [] and fits(ben, "no JavaScript, phone") == []
    for page in pages.values():
        page.context.close()


def test_with_redis_gone_the_pages_poll_and_the_table_plays_on(
    contexts: Callable[..., BrowserContext], people: dict[str, Any], asgi_server: str, settings: Any
) -> None:
    """Redis stopped: publishing only logs, each seat's stream is refused, and live.js polls every
    2 s instead; what the others do still arrives."""
    from cfmj.play import seating, table_hands

    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    settings.LIVE_STREAMS = True
    table = seating.table_open(host=people["ann"], bot_level="steady")
    seating.table_join(table=table, user=people["ben"])
    table_hands.table_start(table=table, by=people["ann"], seed=4)
    ann = start(contexts(PHONE, base_url=asgi_server), False, "ann")
    ben = start(contexts(TABLET, base_url=asgi_server), False, "ben")
    for page in (ann, ben):
        page.goto(f"/play/tables/{table.code}/")
        expect(page.locator("#table-live")).to_have_attribute("data-live", f"/live/tables/{table.code}/")
    version = Table.objects.get(pk=table.pk).version
    assert _act(ben) == "pass_tiles" and _moved_on(table, version)
    ann.wait_for_function(
        "(v) => +document.getElementById('table-live').dataset.liveTopicVersion > v",
        arg=version,
        timeout=2 * ARRIVES + 1000,  # a poll every 2 s, and the fetch
    )
    assert _act(ann) == "pass_tiles"
    expect(ben.locator("#status-line")).to_contain_text("First Across", timeout=2 * ARRIVES + 1000)


@pytest.mark.usefixtures("streamed")
def test_a_phone_that_loses_its_connection_catches_up_when_it_is_back(
    contexts: Callable[..., BrowserContext], people: dict[str, Any], asgi_server: str
) -> None:
    """Ben's phone goes offline (a tunnel, a lift) while Ann passes: nothing is lost, and within
    moments of coming back his page shows where the table is. (The grace time before a person is
    marked away is 90 s: a drop shorter than that is never "away".)"""
    from cfmj.play import seating, table_hands

    table = seating.table_open(host=people["ann"], bot_level="steady")
    seating.table_join(table=table, user=people["ben"])
    table_hands.table_start(table=table, by=people["ann"], seed=4)
    ann = start(contexts(TABLET, base_url=asgi_server), False, "ann")
    ben_context = contexts(PHONE, touch=True, base_url=asgi_server)
    ben = start(ben_context, True, "ben")
    for page in (ann, ben):
        page.goto(f"/play/tables/{table.code}/")
        expect(page.locator("#table-live")).to_have_attribute("data-drawn", "")
    assert _act(ben) == "pass_tiles"
    ben_context.set_offline(True)
    version = Table.objects.get(pk=table.pk).version
    assert _act(ann) == "pass_tiles" and _moved_on(table, version)
    time.sleep(5)
    ben_context.set_offline(False)
    expect(ben.locator("#status-line")).to_contain_text("First Across", timeout=3 * ARRIVES)
    assert not table.seats.filter(away=True).exists()


@pytest.mark.usefixtures("streamed")
def test_a_person_who_lets_their_time_run_out_is_away_a_bot_plays_and_they_come_back(
    contexts: Callable[..., BrowserContext], people: dict[str, Any], asgi_server: str
) -> None:
    import datetime

    from django.utils import timezone

    from cfmj.play import seating, table_hands
    from cfmj.play.tasks import hand_deadline

    table = seating.table_open(host=people["ann"], bot_level="steady")
    seating.table_join(table=table, user=people["ben"])
    table_hands.table_start(table=table, by=people["ann"], seed=4)
    ann = start(contexts(PHONE, touch=True, base_url=asgi_server), False, "ann")
    ben = start(contexts(TABLET, base_url=asgi_server), True, "ben")
    for page in (ann, ben):
        page.goto(f"/play/tables/{table.code}/")
    assert _act(ann) == "pass_tiles"
    expect(ann.locator("#status-line")).to_contain_text("You have passed: waiting for")
    Game.objects.filter(table=table).update(deadline=timezone.now() - datetime.timedelta(seconds=1))
    hand_deadline.apply(args=(Game.objects.get(table=table).pk,))  # the task, at the deadline
    # A bot has passed for Ben; both pages hear of it.
    expect(ann.locator("#status-line")).to_contain_text("First Across", timeout=3 * ARRIVES)
    expect(ben.locator("#away-title")).to_have_text("You were away: a bot is playing your seat")
    expect(ben.locator("#status-line")).to_have_text("A bot is playing your seat while you are away.")
    ben.screenshot(path=str(SHOTS / "away-tablet-large.png"))
    expect(ann.locator(".seat-list")).to_contain_text("away, a bot plays")
    ben.get_by_role("button", name="I'm back: give me my seat").click()
    expect(ben.locator("#away-title")).to_have_count(0)
    expect(ann.locator(".seat-list")).not_to_contain_text("away", timeout=3 * ARRIVES)
