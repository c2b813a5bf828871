"""The course is open to read: on a phone (390x844) and a tablet (820x1180), in normal and large
print, a learner who has done lessons 1 to 5 opens lesson 22 from the course page, reads its first
step, tries its check (practice: marked, not kept) and finds the course page marking the lessons
done and the one read ahead, in words. A visitor opens a later lesson's step from the course page
too. No page scrolls sideways; each action's result is on screen (test_layout's Layout measures
both). Screenshots go to var/browser/course-open/<size>-<print>/ (every state)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from lessons.models import CheckAnswer, Lesson, LessonProgress, ReadAhead
from lessons.services import lessons_load
from tests.browser.answer_form import fill
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_layout import SIZES, Layout
from tests.browser.test_lesson import puzzle_in
from tests.browser.walk import PASSWORD, start
from tests.course import course_sources
from tests.engine.drills.helpers import right_response

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "course-open"
DONE = 5  # lessons done before the walk
AHEAD = 22  # the lesson read ahead: in the strategy unit, far past the learner's turn


def _folder(size: str, large_print: bool) -> Layout:
    folder = SHOTS / f"{size}-{'large-print' if large_print else 'normal'}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return Layout(folder, large_print)


def _shot(page: Page, layout: Layout, name: str) -> None:
    """The screen as the person sees it, and the whole page."""
    page.screenshot(path=str(layout.folder / f"{name}.png"))
    page.screenshot(path=str(layout.folder / f"{name}-whole.png"), full_page=True)


def _row(page: Page, number: int) -> Any:
    return page.locator(".course-lesson").nth(number - 1)


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_learner_reads_a_later_lesson_from_the_course_page(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, size: str, large_print: bool
) -> None:
    lessons_load(sources=list(course_sources()))
    user = django_user_model.objects.create_user("lou", password=PASSWORD)
    for lesson in Lesson.objects.filter(number__lte=DONE):
        LessonProgress.objects.create(user=user, lesson=lesson, completed_at=timezone.now(), tested_out=True)
    lesson = Lesson.objects.get(number=AHEAD)
    layout = _folder(size, large_print)
    page = start(contexts(SIZES[size]), large_print, "lou")

    page.goto("/lessons/")
    for number in range(1, DONE + 1):
        expect(_row(page, number).locator(".lesson-status")).to_contain_text("Done (tested out)")
    expect(_row(page, DONE + 1).locator(".lesson-status")).to_contain_text("Not started")
    layout(page, "course page")
    _shot(page, layout, "course-before")

    link = _row(page, AHEAD).get_by_role("link")
    link.scroll_into_view_if_needed()
    link.click()
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_contain_text(lesson.title)
    note = page.locator(".reading-ahead-note")
    expect(note).to_contain_text("You are reading ahead")
    expect(page.locator(".test-out")).to_contain_text(f"Know lessons {DONE + 1} to {AHEAD - 1} already?")
    layout(page, "lesson read ahead", heading)
    _shot(page, layout, "lesson-ahead")

    page.get_by_role("link", name="Start reading").click()
    step = lesson.steps.get(number=1)
    expect(page.get_by_role("heading", level=1)).to_have_text(step.title)
    expect(page.locator(".step-count")).to_contain_text("reading ahead")
    expect(page.locator(".practice-note")).to_contain_text("this check is practice")
    layout(page, "step read ahead", page.get_by_role("heading", level=1))
    form = page.locator("form.answer-form")
    puzzle = puzzle_in(form, step.check_kind, step.check_focus, step.check_band)
    fill(form, puzzle, right_response(puzzle))
    form.get_by_role("button", name="Check my answer").click()
    feedback = page.locator("#feedback")
    expect(feedback).to_contain_text("Right!")
    expect(feedback).to_contain_text("this answer was marked but not kept")
    layout(page, "check read ahead, answered", feedback)
    _shot(page, layout, "check-answered")

    page.goto("/lessons/")
    row = _row(page, AHEAD)
    expect(row).to_have_class("course-lesson reading-ahead")
    expect(row.locator(".lesson-status")).to_contain_text(
        f"Reading ahead · read to step 1 of {lesson.steps.count()}"
    )
    row.scroll_into_view_if_needed()
    layout(page, "course page, a lesson read ahead", row)
    _shot(page, layout, "course-after")

    assert ReadAhead.objects.get(user=user, lesson=lesson).step == 1
    assert not LessonProgress.objects.filter(user=user, lesson=lesson).exists()
    assert not CheckAnswer.objects.filter(user=user).exists()  # the check was practice
    assert layout.results == 4
    assert not layout.problems, "\n".join(layout.problems)


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_visitor_opens_a_later_lessons_step(
    contexts: Callable[[ViewportSize], BrowserContext], size: str, large_print: bool
) -> None:
    lessons_load(sources=list(course_sources()))
    lesson = Lesson.objects.get(number=AHEAD)
    layout = _folder(f"visitor-{size}", large_print)
    page = start(contexts(SIZES[size]), large_print)
    page.goto("/lessons/")
    link = _row(page, AHEAD).get_by_role("link")
    link.scroll_into_view_if_needed()
    link.click()
    page.get_by_role("link", name="Start reading").click()
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text(lesson.steps.get(number=1).title)
    expect(page.locator(".practice-note")).to_contain_text("this check is practice")
    layout(page, "visitor, step read ahead", heading)
    _shot(page, layout, "visitor-step")
    page.goto("/lessons/")
    expect(_row(page, AHEAD).locator(".lesson-status")).to_contain_text("Reading ahead")
    expect(_row(page, 1).locator(".lesson-status")).to_contain_text("Not started")
    assert not layout.problems, "\n".join(layout.problems)
