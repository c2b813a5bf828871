"""Answers that count, on a phone and a tablet, in normal and large print: a blank answer is asked
again with 'Choose an answer first' (a drill by htmx, today's five by a plain form, a lesson check,
a quiz that keeps what was filled in), and an answer to a puzzle answered before says the rating
stays. Each message is in view, and nothing scrolls sideways."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, expect

from cfmj.engine import drills
from lessons.models import CheckAnswer, Lesson, LessonProgress
from lessons.services import lessons_load
from practice.models import Attempt, Puzzle
from tests.browser.answer_form import fill
from tests.browser.test_accessibility import AXE, BLOCKING, axe_violations, describe
from tests.browser.test_lesson import puzzle_in
from tests.browser.walk import print_switch
from tests.course import course_sources
from tests.engine.drills.helpers import right_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 820, "height": 1180},
}
LOOKS = [(size, large) for size in VIEWPORTS for large in (False, True)]
IDS = [f"{size}-{'large' if large else 'normal'}" for size, large in LOOKS]


@pytest.fixture
def open_page(browser: Browser, live_server: Any) -> Iterator[Callable[[str, bool], Page]]:
    contexts: list[BrowserContext] = []

    def new(size: str, large_print: bool) -> Page:
        # bypass_csp: axe is injected into the page, which the site's CSP refuses otherwise
        context = browser.new_context(base_url=live_server.url, viewport=VIEWPORTS[size], bypass_csp=True)
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.goto("/")
        if large_print:
            print_switch(page).click()
            expect(page.locator("html")).to_have_class("large-print")
        return page

    try:
        yield new
    finally:  # closed here, so no browser connection outlives the live server
        for context in contexts:
            context.close()


def without_browser_checks(form: Locator) -> None:
    """Send the form as a browser that does not stop an empty required field would."""
    form.evaluate("form => { form.noValidate = true; }")


def assert_seen(page: Page, message: Locator, shot: Path) -> None:
    """The message is shown, in view, and the page does not scroll sideways (nor has a serious
    accessibility problem, when axe-core is vendored)."""
    expect(message).to_be_visible()
    expect(message).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "sideways scroll"
    page.screenshot(path=str(shot))
    if AXE.exists():
        blocking = [v for v in axe_violations(page) if v["impact"] in BLOCKING]
        assert not blocking, describe({shot.stem: blocking})


def puzzle_of(form: Locator) -> Puzzle:
    return Puzzle.objects.get(pk=int((form.get_attribute("action") or "").rstrip("/").split("/")[-2]))


@pytest.mark.parametrize(("size", "large_print"), LOOKS, ids=IDS)
def test_a_blank_drill_answer_is_asked_again(
    open_page: Callable[[str, bool], Page], artifacts: Path, size: str, large_print: bool
) -> None:
    PuzzleFactory(kind="joker_exchange", band=2)
    page = open_page(size, large_print)
    page.goto("/practice/joker_exchange/")
    form = page.locator("form.answer-form")
    form.get_by_role("button", name="Answer").click()  # nothing ticked
    message = page.locator("#verdict .problem")
    expect(message).to_have_text("Choose an answer first, then press Answer.")
    assert_seen(
        page, message, artifacts / f"answers-blank-drill-{size}-{'large' if large_print else 'normal'}.png"
    )
    assert not Attempt.objects.exists()
    puzzle = puzzle_of(form)
    fill(form, puzzle, right_response(puzzle))
    form.get_by_role("button", name="Answer").click()
    expect(page.locator("#verdict h2")).to_have_text("Right!")
    assert Attempt.objects.count() == 1


@pytest.mark.parametrize(("size", "large_print"), LOOKS, ids=IDS)
def test_a_blank_answer_to_todays_five_is_asked_again(
    open_page: Callable[[str, bool], Page], artifacts: Path, size: str, large_print: bool
) -> None:
    page = open_page(size, large_print)
    page.goto("/practice/daily/")
    form = page.locator("form.answer-form")
    action = form.get_attribute("action")
    without_browser_checks(form)
    form.get_by_role("button", name="Answer").click()  # a plain form: the whole page again
    message = page.locator("#blank-answer")
    # The day's first puzzle changes with the date: a kind that asks for a number says so.
    puzzle = puzzle_of(form)
    asks = drills.asked_again(puzzle.kind, drills.unanswered(puzzle.kind, {}, puzzle.question))
    expect(message).to_have_text(" ".join(asks) or "Choose an answer first, then press Answer.")
    assert page.locator("form.answer-form").get_attribute("action") == action  # the same puzzle
    assert_seen(
        page, message, artifacts / f"answers-blank-daily-{size}-{'large' if large_print else 'normal'}.png"
    )
    assert not Attempt.objects.exists()


@pytest.mark.parametrize(("size", "large_print"), LOOKS, ids=IDS)
def test_an_answer_to_a_puzzle_answered_before_leaves_the_rating(
    open_page: Callable[[str, bool], Page], artifacts: Path, size: str, large_print: bool
) -> None:
    PuzzleFactory(kind="worth", band=3)
    first = open_page(size, large_print)
    second = first.context.new_page()  # the same puzzle open in two tabs
    for page in (first, second):
        page.goto("/practice/worth/")
    for page in (first, second):
        form = page.locator("form.answer-form")
        puzzle = puzzle_of(form)
        fill(form, puzzle, right_response(puzzle))
        form.get_by_role("button", name="Answer").click()
        expect(page.locator("#verdict h2")).to_have_text("Right!")
    expect(first.locator("#verdict")).not_to_contain_text("answered this one before")
    note = second.locator("#verdict .note")
    expect(note).to_have_text("You have answered this one before, so your rating stays as it was.")
    assert_seen(second, note, artifacts / f"answers-replay-{size}-{'large' if large_print else 'normal'}.png")
    assert list(Attempt.objects.order_by("pk").values_list("rated", flat=True)) == [True, False]
    # A marked answer's form gives way to its verdict and cannot be sent again (it would only show
    # the first verdict).
    answered = second.locator("form.answer-form")
    expect(answered).to_be_hidden()
    expect(answered.locator("button[type=submit]")).to_be_disabled()


@pytest.mark.parametrize(("size", "large_print"), LOOKS, ids=IDS)
def test_a_blank_lesson_check_and_quiz_are_asked_again(
    open_page: Callable[[str, bool], Page], artifacts: Path, size: str, large_print: bool
) -> None:
    lessons_load(sources=list(course_sources()))
    lesson = Lesson.objects.get(number=1)
    look = f"{size}-{'large' if large_print else 'normal'}"
    page = open_page(size, large_print)
    # Step 2: step 1's rows of nine tiles in the text scroll sideways on a phone (.tile-inline does
    # not wrap: static/css, reported), which is not what this test is about.
    page.goto(f"/lessons/{lesson.slug}/2/")
    form = page.locator("form.answer-form")
    without_browser_checks(form)
    form.get_by_role("button", name="Check my answer").click()
    message = page.locator("#feedback .problem")
    expect(message).to_have_text("Choose an answer first, then press Check my answer.")
    assert_seen(page, message, artifacts / f"answers-blank-check-{look}.png")
    page.goto(f"/lessons/{lesson.slug}/quiz/")
    quiz = page.locator("form.quiz-form")
    kind, focus, band = lesson.quiz[0]
    first = puzzle_in(quiz, kind, focus, band, "q1-")
    fill(quiz, first, right_response(first), "q1-")
    without_browser_checks(quiz)
    quiz.get_by_role("button", name="Mark my quiz").click()
    summary = page.locator("main > .problem")
    expect(summary).to_contain_text("Choose an answer first for questions 2, 3, 4")
    assert_seen(page, summary, artifacts / f"answers-blank-quiz-{look}.png")
    chosen = page.locator(f'input[name="q1-choice"][value="{right_response(first)["choice"]}"]')
    expect(chosen).to_be_checked()  # what was filled in is kept
    assert not LessonProgress.objects.exists() and not CheckAnswer.objects.exists()
