"""A learner signs up, solves today's five puzzles in the browser and sees the streak start."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from practice.models import Puzzle
from tests.browser.answer_form import fill
from tests.engine.drills.helpers import right_response

pytestmark = pytest.mark.django_db(transaction=True)


def answer_in_the_form(page: Page, puzzle: Puzzle) -> None:
    """Fill the answer form as a person would, with the engine's right answer."""
    form = page.locator("form.answer-form")
    fill(form, puzzle, right_response(puzzle))
    form.get_by_role("button", name="Answer").click()


def test_it_solves_the_daily_set_and_sees_the_streak(page: Page, artifacts: Path) -> None:
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("mabel")
    page.get_by_label("Password", exact=True).fill("five-a-day-puzzles")
    page.get_by_label("Password confirmation").fill("five-a-day-puzzles")
    page.get_by_role("button", name="Sign up").click()
    page.get_by_role("link", name="Practice").first.click()
    page.get_by_role("link", name="Today's five puzzles").click()
    for _ in range(5):
        action = page.locator("form.answer-form").get_attribute("action") or ""
        puzzle = Puzzle.objects.get(pk=int(action.rstrip("/").split("/")[-2]))
        answer_in_the_form(page, puzzle)
        expect(page.locator("#verdict")).to_contain_text("Right!")
        page.get_by_role("link", name="Next of today's five").click()
    expect(page.get_by_role("heading", name="All five done for today: 5 of 5 right.")).to_be_visible()
    expect(page.locator(".streak")).to_contain_text("1 day")
    page.screenshot(path=str(artifacts / "daily-done.png"), full_page=True)
    page.get_by_role("link", name="See your progress").click()
    expect(page.locator(".today-work")).to_contain_text("all 5 done, 5 right.")
    page.get_by_text("Level per skill").click()  # a fold of the dashboard, closed at first
    expect(page.locator(".skill-list")).to_be_visible()
