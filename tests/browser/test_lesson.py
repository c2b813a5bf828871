"""A new visitor takes lesson 1 to the end: each step's check (the first answered wrong twice on
purpose, to see the answer explained and a fresh question), then the quiz, and sees the lesson
marked done."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from cfmj.engine import drills
from lessons.models import Lesson
from lessons.services import lessons_load
from tests.browser.answer_form import fill
from tests.course import course_sources
from tests.engine.drills.helpers import right_response, wrong_response
from tests.lessons.helpers import asked

pytestmark = pytest.mark.django_db(transaction=True)


def puzzle_in(form: Locator, kind: str, focus: str, band: int, prefix: str = "") -> drills.Puzzle:
    """The puzzle a lesson form asks (question `prefix` of a quiz), from the token it was served with."""
    puzzles = asked(form.locator('input[name="token"]').get_attribute("value") or "")
    puzzle = puzzles[int(prefix[1:-1]) - 1 if prefix else 0]
    assert (puzzle.kind, puzzle.band, puzzle.focus or "") == (kind, band, focus or "")
    return puzzle


def test_a_visitor_takes_lesson_one_to_the_end(page: Page, artifacts: Path) -> None:
    lessons_load(sources=list(course_sources()))
    lesson = Lesson.objects.get(number=1)
    steps = list(lesson.steps.order_by("number"))
    page.goto("/")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Lessons", exact=True).click()
    page.get_by_role("link", name="Continue: Lesson 1, step 1").click()
    for step in steps:
        expect(page.get_by_role("heading", level=1)).to_have_text(step.title)
        form = page.locator("form.answer-form")
        puzzle = puzzle_in(form, step.check_kind, step.check_focus, step.check_band)
        feedback = page.locator("#feedback")
        if step.number == 1:  # wrong on purpose twice: the answer is shown, and a fresh question
            for _ in range(2):
                fill(form, puzzle, wrong_response(puzzle))
                form.get_by_role("button", name="Check my answer").click()
                expect(page.locator("#check")).to_contain_text("Not")
            shown = page.locator("#shown-answer")
            expect(shown).to_contain_text("The answer:")
            expect(shown.locator(".rules-ref a").first).to_be_visible()
            expect(shown).not_to_contain_text("RULES")
            page.screenshot(path=str(artifacts / "lesson-wrong-answer.png"), full_page=True)
            form = page.locator("form.answer-form")
            puzzle = puzzle_in(form, step.check_kind, step.check_focus, step.check_band)
        fill(form, puzzle, right_response(puzzle))
        form.get_by_role("button", name="Check my answer").click()
        expect(feedback).to_contain_text("Right!")
        next_link = "Next step" if step.number < len(steps) else "On to the quiz"
        feedback.get_by_role("link", name=next_link).click()
    quiz = page.locator("form.quiz-form")
    for number, (kind, focus, band) in enumerate(lesson.quiz, 1):
        puzzle = puzzle_in(quiz, kind, focus, band, f"q{number}-")
        fill(quiz, puzzle, right_response(puzzle), f"q{number}-")
    quiz.get_by_role("button", name="Mark my quiz").click()
    expect(page.locator(".quiz-result")).to_contain_text("lesson done")
    page.get_by_role("link", name="All lessons").click()
    expect(page.locator(".course-lesson").first).to_contain_text("Done")
    expect(page.locator(".course-lesson").nth(1)).not_to_contain_text("Locked")
    page.screenshot(path=str(artifacts / "lesson-done.png"), full_page=True)
