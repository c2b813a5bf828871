"""A lesson check asks only what has been taught, as a learner sees it: before
categories, Name the hand asks the pattern alone; before payouts, What is it worth? asks the
value alone. Both answered right, on a phone and a tablet, in normal and large print."""

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


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("size", list(SIZES))
def test_checks_ask_the_pattern_or_the_value_alone_before_the_rest_is_taught(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, size: str, large_print: bool
) -> None:
    lessons_load(sources=list(course_sources()))
    user = django_user_model.objects.create_user("lee", password=PASSWORD)
    for lesson in Lesson.objects.filter(number__lt=11):
        LessonProgress.objects.create(user=user, lesson=lesson, completed_at=timezone.now())
    folder = ARTIFACTS / "scope" / f"{size}-{'large-print' if large_print else 'normal'}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    layout = Layout(folder, large_print)
    page = start(contexts(SIZES[size]), large_print, "lee")
    for number, step_number, absent in ((5, 2, "category"), (11, 1, "discarder")):
        lesson = Lesson.objects.get(number=number)
        step = lesson.steps.get(number=step_number)
        page.goto(f"/lessons/{lesson.slug}/{step_number}/")
        form = page.locator("form.answer-form")
        puzzle = puzzle_in(form, step.check_kind, step.check_focus, step.check_band)
        expect(form.locator(f'[name="{absent}"]')).to_have_count(0)
        layout(page, f"lesson {number} step {step_number}")
        fill(form, puzzle, right_response(puzzle))
        form.get_by_role("button", name="Check my answer").click()
        expect(page.locator("#feedback")).to_contain_text("Right!")
        layout(page, f"lesson {number} step {step_number}, answered", page.locator("#feedback"))
    assert not layout.problems, "\n".join(layout.problems)
