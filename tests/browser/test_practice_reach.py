"""The practice page after lesson 5, and the "Practise everything" switch, as a learner sees them
on a phone and a tablet, in normal and large print: the drills that fit first, each with what it
practises and the lesson that teaches it; the switch's result in view; no page wider than the
screen. A drill not open yet says which lesson opens it, and practising everything opens it."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from cfmj.accounts.learners import Learner
from lessons.models import Lesson
from lessons.services import lessons_load, quiz_record
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_layout import SIZES, Layout
from tests.browser.walk import PASSWORD, start
from tests.course import course_sources

pytestmark = pytest.mark.django_db(transaction=True)


def _shot(page: Page, folder: Any, name: str, *, whole: bool = False) -> None:
    page.screenshot(path=str(folder / f"{name}.png"), full_page=whole)


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_practice_page_follows_the_lessons_and_the_switch_practises_everything(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, size: str, large_print: bool
) -> None:
    lessons_load(sources=list(course_sources()))
    user = django_user_model.objects.create_user("maggie", password=PASSWORD)
    for lesson in Lesson.objects.filter(number__lte=5):
        quiz_record(learner=Learner(user, ""), lesson=lesson, score=len(lesson.quiz), size=len(lesson.quiz))
    folder = ARTIFACTS / "practice-reach" / f"{size}-{'large-print' if large_print else 'normal'}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    layout = Layout(folder, large_print)
    page = start(contexts(SIZES[size]), large_print, "maggie")

    page.goto("/practice/")
    ready = page.locator("ul.practice-drills:not(.later) > li")
    expect(ready).to_have_count(3)
    expect(ready.first.locator(".drill-name")).to_have_text("Winning hand?")
    expect(ready.first.locator(".drill-lesson")).to_contain_text("Taught in Lesson 2: Blocks")
    later = page.locator("ul.practice-drills.later > li")
    expect(later.first).to_contain_text("Opens when you finish Lesson 9: The special dragon hands")
    expect(page.locator("#range")).to_contain_text("Your puzzles use only what the lessons have taught")
    layout(page, "practice page after lesson 5")
    _shot(page, folder, "1-practice", whole=True)

    page.locator("#range").get_by_role("button", name="Practise everything").click()
    switched = page.locator("#range")
    expect(switched).to_contain_text("You are practising everything")
    expect(page.locator("ul.practice-drills.later")).to_have_count(0)
    layout(page, "practising everything", switched)
    _shot(page, folder, "2-everything")

    switched.get_by_role("button", name="Keep to what my lessons taught").click()
    expect(page.locator("#range")).to_contain_text("Your puzzles use only what the lessons have taught")
    layout(page, "back to the lessons", page.locator("#range"))

    page.goto("/practice/charleston/")
    expect(page.locator("h2#closed-title")).to_have_text("Opens after Lesson 14: The Charleston")
    layout(page, "a drill not open yet")
    _shot(page, folder, "3-closed")
    page.get_by_role("button", name="Practise everything").click()
    expect(page.locator("form.answer-form")).to_be_visible()
    layout(page, "the drill, practising everything", page.locator(".puzzle .prompt").first)
    _shot(page, folder, "4-drill")
    assert not layout.problems, "\n".join(layout.problems)
