"""The lessons added to the course, walked as a learner takes them: the two added lessons,
"A game in five minutes" and "Real tiles and the table", and the strategy and defence unit
(lessons 21-25), every step read and its check answered, on a phone and a tablet, in
normal and large print. No page scrolls sideways and each verdict comes into view
(tests/browser/test_layout.py's Layout measures both, with a screenshot of each state that has a problem)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import BrowserContext, ViewportSize, expect

from lessons.models import Lesson, LessonProgress
from lessons.services import lessons_load
from tests.browser.answer_form import fill
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_layout import SIZES, Layout
from tests.browser.test_lesson import puzzle_in
from tests.browser.walk import PASSWORD, start
from tests.course import course_sources
from tests.engine.drills.helpers import right_response

pytestmark = pytest.mark.django_db(transaction=True)

ADDED = ("a-game-in-five-minutes", "real-tiles-and-the-table")
UNIT = (
    "choosing-your-hand",
    "playing-for-the-bonuses",
    "reading-the-table",
    "safe-and-dangerous-discards",
    "when-to-give-up-a-hand",
)
GROUPS = {"added-lessons": ADDED, "strategy-unit": UNIT}


@pytest.mark.parametrize("group", list(GROUPS))
@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_learner_walks_the_added_lessons(
    contexts: Callable[[ViewportSize], BrowserContext],
    django_user_model: Any,
    size: str,
    large_print: bool,
    group: str,
) -> None:
    slugs = GROUPS[group]
    lessons_load(sources=list(course_sources()))
    user = django_user_model.objects.create_user("lou", password=PASSWORD)
    last = Lesson.objects.get(slug=slugs[-1]).number
    for lesson in Lesson.objects.filter(number__lt=last).exclude(slug__in=slugs):
        LessonProgress.objects.create(user=user, lesson=lesson, completed_at=timezone.now())
    folder = ARTIFACTS / group / f"{size}-{'large-print' if large_print else 'normal'}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    layout = Layout(folder, large_print)
    page = start(contexts(SIZES[size]), large_print, "lou")
    for slug in slugs:
        lesson = Lesson.objects.get(slug=slug)
        page.goto(f"/lessons/{slug}/")
        expect(page.get_by_role("heading", level=1)).to_contain_text(lesson.title)
        layout(page, f"lesson {lesson.number}")
        for step in lesson.steps.order_by("number"):
            page.goto(f"/lessons/{slug}/{step.number}/")
            expect(page.get_by_role("heading", level=1)).to_have_text(step.title)
            layout(page, f"lesson {lesson.number} step {step.number}")
            form = page.locator("form.answer-form")
            puzzle = puzzle_in(form, step.check_kind, step.check_focus, step.check_band)
            fill(form, puzzle, right_response(puzzle))
            form.get_by_role("button", name="Check my answer").click()
            feedback = page.locator("#feedback")
            expect(feedback).to_contain_text("Right!")
            layout(page, f"lesson {lesson.number} step {step.number} answered", feedback)
        # Its quiz passed, as if taken: the next lesson counts in turn (its checks count once this is done).
        LessonProgress.objects.filter(user=user, lesson=lesson).update(completed_at=timezone.now())
    assert layout.results == sum(Lesson.objects.get(slug=s).steps.count() for s in slugs)
    assert not layout.problems, "\n".join(layout.problems)
