"""The learner's day and today's five in the browser, at 390x844 and 820x1180, in normal and large
print: the time zone told by the browser and chosen on the time-zone and account pages, today's
five with its end screen (the score, which were right), and a mistake opened from the dashboard
and answered again. No page scrolls sideways; each action's result is on screen."""

from __future__ import annotations

import datetime
import re
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from cfmj.accounts.models import User
from practice.making import daily_set_build
from practice.models import Puzzle, ReviewItem
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_accessibility import AXE, BLOCKING, axe_violations
from tests.browser.test_layout import MEASURE, SIZES, in_view
from tests.browser.walk import PASSWORD, answer_drill, puzzle_of, settled, start
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

FOLDER = ARTIFACTS / "your-day"
PLACE = """(el) => {
  const r = el.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          vh: window.innerHeight, vw: window.innerWidth};
}"""


@pytest.fixture
def zoned(browser: Browser, live_server: Any) -> Iterator[Any]:
    """`zoned(viewport)`: a browser context whose clock is in New York (as a learner's would be)."""
    made: list[BrowserContext] = []

    def new(viewport: ViewportSize) -> BrowserContext:
        context = browser.new_context(
            base_url=live_server.url, viewport=viewport, timezone_id="America/New_York", bypass_csp=True
        )
        context.set_default_timeout(15_000)
        made.append(context)
        return context

    yield new
    for context in made:
        context.close()


class Look:
    """Measures each page state (nothing past the right edge; the result in view; no serious or
    critical axe-core finding, when scripts/ensure-axe has vendored it) and keeps its screenshot
    in var/browser/your-day/<size>-<print>/."""

    def __init__(self, size: str, large_print: bool) -> None:
        self.folder = FOLDER / f"{size}-{'large-print' if large_print else 'normal'}"
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True)
        self.problems: list[str] = []
        self.count = 0

    def __call__(self, page: Page, where: str, result: Any = None) -> None:
        self.count += 1
        if result is not None:
            expect(result).to_be_visible()
            settled(page)
            place = result.evaluate(PLACE)
            if not in_view(place):
                self.problems.append(f"{where}: the result is out of view ({place})")
        measured = page.evaluate(MEASURE)
        if measured["scrollWidth"] > measured["innerWidth"] or measured["offenders"]:
            self.problems.append(f"{where}: wider than the screen: {measured}")
        if AXE.exists():
            for found in axe_violations(page):
                if found["impact"] in BLOCKING:
                    self.problems.append(f"{where}: axe {found['id']}: {found['help']}")
        slug = re.sub(r"[^a-z0-9]+", "-", where.lower()).strip("-")
        page.screenshot(path=str(self.folder / f"{self.count:02d}-{slug}.png"))


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_your_day_pages_fit_and_show_each_result(
    zoned: Any, django_user_model: Any, size: str, large_print: bool
) -> None:
    learner = django_user_model.objects.create_user("dot", password=PASSWORD)
    missed = PuzzleFactory(kind="rules_quiz")
    ReviewItem.objects.create(user=learner, puzzle=missed, due="2000-01-01")
    for offset in (-1, 0, 1):  # New York's date and London's (made here, not in the timed page)
        daily_set_build(day=timezone.localdate() + datetime.timedelta(days=offset))
    look = Look(size, large_print)

    # A visitor: the browser says its zone once; the daily page names it.
    visitor = start(zoned(SIZES[size]), large_print)
    visitor.wait_for_load_state("networkidle")  # the zone is posted as the first page loads
    visitor.goto("/practice/daily/")
    expect(visitor.locator(".day-turns")).to_contain_text("America/New York")
    look(visitor, "daily, visitor in New York")
    visitor.get_by_role("link", name="Change your time zone").click()
    expect(visitor.get_by_label("Your time zone")).to_be_visible()  # the page has come
    look(visitor, "time zone page")
    visitor.get_by_label("Your time zone").select_option("America/Chicago")
    visitor.get_by_role("button", name="Save time zone").click()
    expect(visitor.locator(".day-turns")).to_contain_text("America/Chicago")
    look(visitor, "daily, zone changed", visitor.locator(".messages"))

    # An account: the zone on the account page, then today's five to its end screen.
    page = start(zoned(SIZES[size]), large_print, "dot")
    page.wait_for_load_state("networkidle")
    page.goto("/accounts/")
    expect(page.locator("#time-zone + p")).to_contain_text("America/New York")
    assert User.objects.get(username="dot").time_zone == "America/New_York"
    page.get_by_label("Your time zone").select_option("Europe/London")
    page.get_by_role("button", name="Save time zone").click()
    expect(page.locator(".messages")).to_contain_text("Europe/London")
    look(page, "account, zone saved", page.locator(".messages"))
    page.goto("/practice/daily/")
    for number in range(5):
        answer_drill(page, right=number != 1)
        if number == 0:
            look(page, "daily, answered", page.locator("#verdict"))
        page.get_by_role("link", name="Next of today's five").click()
    heading = page.get_by_role("heading", name="All five done for today: 4 of 5 right.")
    expect(heading).to_be_visible()
    expect(page.locator(".daily-results li.wrong")).to_have_count(1)
    look(page, "daily, end screen", heading)

    # A mistake from the dashboard, opened and answered again.
    page.goto("/practice/dashboard/#mistakes")
    look(page, "dashboard, mistakes")
    item = ReviewItem.objects.get(user=learner, puzzle=missed)
    page.locator(f'#mistakes a.button[href="/practice/mistakes/{item.pk}/"]').click()
    expect(page.locator(".mistake-note")).to_contain_text("due for review")
    assert puzzle_of(page.locator("form.answer-form")) == Puzzle.objects.get(pk=missed.pk)
    look(page, "mistake page")
    answer_drill(page)
    look(page, "mistake, answered", page.locator("#verdict"))

    assert not look.problems, "\n".join(look.problems)
