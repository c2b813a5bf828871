"""Small things a beginner met: key hints on a touch screen, the joker's badge
over its name, and the hand builder still "adding" after the hand was checked."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from cfmj.engine import drills

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, ViewportSize
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.django_db(transaction=True)
PHONE: ViewportSize = {"width": 390, "height": 844}
TABLET: ViewportSize = {"width": 820, "height": 1180}
JOKER_BAND_TOP = 59 / 80  # where the JOKER word's band starts in static/tiles/J.svg (viewBox 60 x 80)


def _hints_shown(page: Page) -> list[bool]:
    page.goto("/practice/rules_quiz/")
    hints = page.locator(".key, .key-help")
    expect(hints.first).to_be_attached()
    return [hints.nth(i).is_visible() for i in range(hints.count())]


def test_key_hints_show_with_a_keyboard_and_not_on_a_touch_screen(
    browser: object, live_server: LiveServer, contexts: Callable[..., BrowserContext]
) -> None:
    from playwright.sync_api import Browser

    assert isinstance(browser, Browser)
    assert all(_hints_shown(contexts().new_page()))
    touch = browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        assert not any(_hints_shown(touch.new_page()))
    finally:
        touch.close()


def test_the_jokers_badge_leaves_its_name_readable(page: Page, artifacts: Path) -> None:
    page.goto("/check/?hand=7C+7C+7C+8C+8C+8C+8C+9D+9D+9D+9D+%5BRD+RD+J%5D#verdict")
    wrap = page.locator("#verdict .tile-wrap").first
    expect(wrap).to_be_visible()
    tile = wrap.locator("img").bounding_box()
    badge = wrap.locator(".joker-as").bounding_box()
    assert tile is not None and badge is not None
    assert badge["y"] + badge["height"] <= tile["y"] + JOKER_BAND_TOP * tile["height"]
    wrap.screenshot(path=str(artifacts / "joker-badge.png"))


def _build_with_red_dragons_exposed(page: Page, dragons: int) -> None:
    """Eleven concealed tiles, then an exposed block begun with `dragons` red dragons."""
    page.goto("/check/")
    for alt, times in (("seven crak", 3), ("eight crak", 4), ("nine dot", 4)):
        for _ in range(times):
            page.get_by_role("button", name=f"Add {alt}", exact=True).click()
    page.get_by_role("button", name="Start an exposed block").click()
    for _ in range(dragons):
        page.get_by_role("button", name="Add red dragon", exact=True).click()


def test_checking_finishes_the_exposed_block_being_built(page: Page) -> None:
    _build_with_red_dragons_exposed(page, 2)
    expect(page.locator(".hb-exposure-label")).to_have_text("Exposed (adding)")
    page.get_by_role("button", name="Check this hand").click()
    expect(page.locator("#verdict")).to_contain_text("this hand has 13 tiles")
    expect(page.locator(".hb-exposure-label")).to_have_text("Exposed")
    expect(page.get_by_role("button", name="Start an exposed block")).to_be_visible()


def test_a_full_rack_finishes_the_exposed_block(page: Page) -> None:
    _build_with_red_dragons_exposed(page, 3)
    expect(page.locator("#id_hand")).to_have_value("7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]")
    expect(page.locator(".hb-exposure-label")).to_have_text("Exposed")
    expect(page.locator("#verdict")).to_contain_text("Mah Jongg! This hand wins.")


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_a_newcomers_home_page_starts_lesson_one_and_introduces_the_drills(
    contexts: Callable[..., BrowserContext], artifacts: Path, size: str, large_print: bool
) -> None:
    from lessons.services import lessons_load
    from tests.browser.walk import start
    from tests.course import course_sources

    lessons_load(sources=list(course_sources()))
    viewport = PHONE if size == "phone" else TABLET
    page = start(contexts(viewport), large_print)
    first = page.locator("main a.button.big").first
    expect(first).to_have_text("Start with lesson 1: The tiles")
    page.screenshot(path=str(artifacts / f"home-{size}-{'large' if large_print else 'normal'}.png"))
    guide = page.locator(".drill-guide")
    guide.scroll_into_view_if_needed()
    expect(guide.locator("li")).to_have_count(len(drills.DEFINITIONS))
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    guide.screenshot(path=str(artifacts / f"home-drills-{size}-{'large' if large_print else 'normal'}.png"))
    first.click()
    expect(page).to_have_url(re.compile(r"/lessons/the-tiles/1/$"))
