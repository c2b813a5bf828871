"""A step's check teaches by doing: a visitor answers lesson 1 step 2 wrong (the same question comes
back, its answer not given away), wrong again (its answer is shown, with a fresh question), then
right: only now is "Next step" offered, and it leads on. On a phone (390x844) and a tablet
(820x1180), in normal and large print, with JavaScript: each verdict comes into view, the check's
box never reaches past the screen's right edge, and axe finds nothing serious (when vendored:
scripts/ensure-axe). Then the same without JavaScript, on a phone. Screenshots of each state go
to var/browser/lesson-check/."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from lessons.models import Lesson, Step
from lessons.services import lessons_load
from tests.browser.answer_form import fill
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_accessibility import AXE, BLOCKING, axe_violations
from tests.browser.test_layout import PLACE, SETTLE_SECONDS, SIZES, in_view
from tests.browser.test_lesson import puzzle_in
from tests.browser.walk import start
from tests.course import course_sources
from tests.engine.drills.helpers import right_response, wrong_response

pytestmark = pytest.mark.django_db(transaction=True)

FOLDER = ARTIFACTS / "lesson-check"
NO_SCRIPT = "phone-no-javascript"
STEP = 2  # lesson 1, step 2: its check has no tile row wider than a phone


def _in_view(page: Page, result: Locator) -> dict[str, float]:
    """Where the result is once the page has settled (htmx swaps, then scrolls and moves focus)."""
    expect(result).to_be_visible()
    deadline = time.monotonic() + SETTLE_SECONDS
    while True:
        place: dict[str, float] = result.evaluate(PLACE)
        if in_view(place) or time.monotonic() > deadline:
            return place
        page.wait_for_timeout(100)


def _answer(page: Page, step: Step, *, right: bool) -> None:
    form = page.locator("form.answer-form")
    puzzle = puzzle_in(form, step.check_kind, step.check_focus, step.check_band)
    fill(form, puzzle, right_response(puzzle) if right else wrong_response(puzzle))
    form.get_by_role("button", name="Check my answer").click()


def _walk(page: Page, step: Step, where: str, problems: list[str]) -> None:
    """Wrong, wrong, right; each result checked in view and the box within the screen."""
    folder = FOLDER / where
    folder.mkdir(parents=True, exist_ok=True)
    page.goto(f"/lessons/{step.lesson.slug}/{step.number}/")
    nav = page.locator("#step-nav")
    expect(nav).to_contain_text("Answer the check right to go on")
    expect(nav.get_by_role("link", name="Next step")).to_have_count(0)
    page.screenshot(path=str(folder / "1-asked.png"))

    def seen(name: str, result: Locator) -> None:
        place = _in_view(page, result)
        for found in axe_violations(page) if where != NO_SCRIPT and AXE.exists() else []:
            if found["impact"] in BLOCKING:
                problems.append(f"{where} {name}: axe: {found['id']}: {found['help']}")
        if not in_view(place):
            problems.append(f"{where} {name}: out of view, top {place['top']:.0f} of {place['vh']:.0f}")
        wide = page.locator("#check").evaluate("(el) => el.getBoundingClientRect().right - window.innerWidth")
        if wide > 0.5:
            problems.append(f"{where} {name}: the check's box reaches {wide:.0f} px past the screen")
        page.screenshot(path=str(folder / f"{name}.png"))

    _answer(page, step, right=False)
    feedback = page.locator("#feedback")
    expect(feedback).to_contain_text("Not right yet")
    expect(page.locator("#check")).not_to_contain_text("The answer:")
    expect(page.locator("#check").get_by_role("link", name="Next step")).to_have_count(0)
    seen("2-missed-once", feedback)

    _answer(page, step, right=False)
    shown = page.locator("#shown-answer")
    expect(shown).to_contain_text("The answer:")
    expect(page.get_by_role("heading", name="A new question")).to_be_visible()
    expect(page.locator("form.answer-form button")).to_be_enabled()  # the fresh question is open
    expect(page.get_by_role("link", name="Next step")).to_have_count(0)
    seen("3-answer-shown", shown)

    _answer(page, step, right=True)
    expect(feedback).to_contain_text("Right")
    seen("4-right", feedback)
    expect(page.locator("#step-nav").get_by_role("link", name="Next step")).to_be_visible()
    feedback.get_by_role("link", name="Next step").click()
    expect(page.locator(".step-count")).to_have_text(f"Step {step.number + 1} of {step.lesson.steps.count()}")


def test_a_check_is_answered_right_to_go_on(
    contexts: Callable[..., BrowserContext], browser: Browser, live_server: LiveServer
) -> None:
    lessons_load(sources=list(course_sources()))
    step = Lesson.objects.get(number=1).steps.get(number=STEP)
    problems: list[str] = []
    for size, viewport in SIZES.items():
        for large_print in (False, True):
            page = start(contexts(viewport, bypass_csp=True), large_print)  # CSP: axe is injected
            _walk(page, step, f"{size}-{'large-print' if large_print else 'normal'}", problems)
    plain = browser.new_context(
        base_url=live_server.url, viewport=SIZES["phone"], java_script_enabled=False, bypass_csp=True
    )
    try:
        _walk(plain.new_page(), step, NO_SCRIPT, problems)
    finally:
        plain.close()
    assert not problems, "\n".join(problems)
