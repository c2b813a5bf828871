"""The verdict in view: on a phone (390x844) and a tablet (820x1180), in normal
and large print, after answering every kind of drill, today's five and a lesson check with
JavaScript, the answered form gives way to the verdict, the verdict's top is on screen, its headline
has the focus (a screen reader says it), and the first thing under the headline is the way on
("Next puzzle"), itself on screen. Before answering, the form says the first answer is the one
that counts. Without JavaScript, an answered drill and lesson check open at their verdict.

Screenshots of a drill before and after answering and of a lesson check answered go to
var/browser/in-view/."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, expect

from cfmj.engine import drills
from lessons.models import Lesson
from lessons.services import lessons_load
from tests.browser.answer_form import fill
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_lesson import puzzle_in
from tests.browser.walk import practise_everything, puzzle_of, start
from tests.course import course_sources
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

SIZES: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 820, "height": 1180},
}
LOOKS = [(size, large) for size in SIZES for large in (False, True)]
SHOTS = ARTIFACTS / "in-view"
SETTLE_SECONDS = 2.0  # htmx settles, then practice.js hides the form, scrolls and focuses

# Where the verdict is once answered: its top against the screen, whether its headline has the
# focus, what comes first under the headline (the words of its first link) and where that ends.
VERDICT = """(section) => {
  const headline = section.querySelector("[data-marked]");
  const under = headline && headline.nextElementSibling;
  const first = under && under.querySelector("a");
  return {
    top: section.getBoundingClientRect().top,
    height: window.innerHeight,
    focused: headline !== null && document.activeElement === headline,
    first: first ? first.textContent.trim() : "",
    firstBottom: first ? first.getBoundingClientRect().bottom : Infinity,
  };
}"""


def settled(section: Locator, *, focus: bool = True) -> dict[str, Any]:
    """The verdict's place once the page has stopped moving (or after SETTLE_SECONDS)."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while True:
        place: dict[str, Any] = section.evaluate(VERDICT)
        if (
            (place["focused"] or not focus) and 0 <= place["top"] < place["height"]
        ) or time.monotonic() > deadline:
            return place
        time.sleep(0.1)


def problems_of(where: str, place: dict[str, Any], next_words: str, *, focus: bool = True) -> list[str]:
    said = []
    if not -0.5 <= place["top"] < place["height"]:
        said.append(f"its top is at {place['top']:.0f} px of {place['height']} px")
    if focus and not place["focused"]:
        said.append("its headline does not have the focus")
    if place["first"] != next_words:
        said.append(f"the first thing under the headline is {place['first']!r}, not {next_words!r}")
    elif place["firstBottom"] > place["height"] + 0.5:
        said.append(f"{next_words!r} ends at {place['firstBottom']:.0f} px, below the screen")
    return [f"{where}: the verdict: {words}" for words in said]


def answer(page: Page, button: str, *, right: bool, puzzle: Any = None) -> Locator:
    """Answer the page's puzzle (right or wrong) with its button; the form must give way."""
    form = page.locator("form.answer-form")
    expect(form.locator(".first-counts")).to_have_text("Your first answer is the one that counts.")
    puzzle = puzzle if puzzle is not None else puzzle_of(form)
    response = right_response(puzzle) if right else wrong_response(puzzle)
    fields = {field.name: field for field in drills.definition(puzzle.kind).fields}
    asked = {  # a wrong answer's field this question does not ask (a discarder, when self-drawn)
        name: value
        for name, value in response.items()
        if fields[name].input == "tiles-many" or form.locator(f'[name="{name}"]').count()
    }
    fill(form, puzzle, asked)
    form.get_by_role("button", name=button).click()
    if form.locator(".hand-pick").count():  # the hand tapped stays, greyed (test_hand_blocks)
        expect(form.get_by_role("button", name=button)).to_be_disabled()
    else:
        expect(form).to_be_hidden()
    return form


def test_after_every_kind_of_answer_the_verdict_is_in_view_and_focused_with_next_first(
    contexts: Callable[[ViewportSize], BrowserContext], browser: Browser, live_server: Any
) -> None:
    lessons_load(sources=list(course_sources()))  # once (it is slow): both walks share the site
    for kind in drills.KINDS:
        PuzzleFactory(kind=kind, band=2)
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for size, large_print in LOOKS:  # one site, a new visitor for each look
        look = f"{size}-{'large' if large_print else 'normal'}"
        problems += answers_in_view(start(contexts(SIZES[size]), large_print), look)
    problems += answers_without_javascript(browser, live_server)
    assert not problems, "\n".join(problems)


def answers_in_view(page: Page, look: str) -> list[str]:
    problems: list[str] = []
    practise_everything(page)  # a newcomer's lessons open lesson 1's drills only
    for number, kind in enumerate(drills.KINDS):
        page.goto(f"/practice/{kind}/")
        if kind == "call":  # the first case found: on a desktop it showed nothing at all
            page.screenshot(path=str(SHOTS / f"{look}-drill-before.png"))
        answer(page, "Answer", right=number % 2 == 0)
        verdict = page.locator("#verdict")
        problems += problems_of(f"{look}, drill {kind}", settled(verdict), "Next puzzle")
        if kind == "call":
            page.screenshot(path=str(SHOTS / f"{look}-drill-after.png"))

    page.goto("/practice/daily/")
    answer(page, "Answer", right=False)
    daily = settled(page.locator("#verdict"))
    problems += problems_of(f"{look}, today's five", daily, "Next of today's five")

    lesson = Lesson.objects.get(number=1)
    step = lesson.steps.get(number=1)
    page.goto(f"/lessons/{lesson.slug}/{step.number}/")
    form = page.locator("form.answer-form")
    asked = puzzle_in(form, step.check_kind, step.check_focus, step.check_band)
    answer(page, "Check my answer", right=True, puzzle=asked)  # a miss asks again (test_lesson_check)
    feedback = settled(page.locator("#feedback"))
    problems += problems_of(f"{look}, lesson 1 step 1's check", feedback, "Next step")
    page.screenshot(path=str(SHOTS / f"{look}-lesson-check-after.png"))
    return problems


def answers_without_javascript(browser: Browser, live_server: Any) -> list[str]:
    """Without JavaScript a plain form's answer comes back as a page whose address ends in #verdict
    (#check for a lesson check, its verdict first in it): it opens there, without the form, with
    the way on first under the headline. (A browser does not autofocus on a page opened at a
    #fragment; Tab goes on from the verdict.)"""
    phone = SIZES["phone"]
    context = browser.new_context(base_url=live_server.url, viewport=phone, java_script_enabled=False)
    try:
        page = context.new_page()
        practise_everything(page)
        page.goto("/practice/call/")
        form = page.locator("form.answer-form")
        puzzle = puzzle_of(form)
        fill(form, puzzle, wrong_response(puzzle))
        form.get_by_role("button", name="Answer").click()
        expect(page).to_have_url(re.compile(r"#verdict$"))
        expect(page.locator("form.answer-form")).to_have_count(0)
        problems = problems_of(
            "drill call, no JavaScript",
            settled(page.locator("#verdict"), focus=False),
            "Next puzzle",
            focus=False,
        )

        lesson = Lesson.objects.get(number=1)
        step = lesson.steps.get(number=1)
        page.goto(f"/lessons/{lesson.slug}/{step.number}/")
        form = page.locator("form.answer-form")
        asked = puzzle_in(form, step.check_kind, step.check_focus, step.check_band)
        fill(form, asked, right_response(asked))
        form.get_by_role("button", name="Check my answer").click()
        expect(page).to_have_url(re.compile(r"#check$"))
        feedback = settled(page.locator("#feedback"), focus=False)
        problems += problems_of("lesson check, no JavaScript", feedback, "Next step", focus=False)
        page.screenshot(path=str(SHOTS / "phone-normal-no-javascript-lesson-check-after.png"))
    finally:
        context.close()
    return problems
