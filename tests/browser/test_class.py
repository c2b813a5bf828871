"""A teacher makes a class and sets homework; a student joins with the code and does it; the
teacher sees it done."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Page, expect

from practice.models import Puzzle
from tests.browser.answer_form import fill
from tests.classes.helpers import person
from tests.engine.drills.helpers import right_response
from tests.practice.factories import PuzzleFactory

if TYPE_CHECKING:
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.django_db(transaction=True)


def log_in(page: Page, username: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("pw-tiles-123")
    page.get_by_role("button", name="Log in").click()


def test_a_student_joins_and_does_the_homework_the_teacher_set(
    browser: Browser, live_server: LiveServer, artifacts: Path
) -> None:
    person("tess", "teacher")
    person("sam")
    PuzzleFactory.create_batch(4, kind="worth", band=1)
    contexts = [browser.new_context(base_url=live_server.url) for _ in range(2)]
    try:
        _run(contexts[0].new_page(), contexts[1].new_page(), artifacts)
    finally:  # closed here, so no browser connection outlives the live server
        for context in contexts:
            context.close()


def _run(teacher: Page, student: Page, artifacts: Path) -> None:
    log_in(teacher, "tess")
    teacher.get_by_role("navigation", name="Main").get_by_role("link", name="Classes").click()
    teacher.get_by_role("link", name="Make a class").click()
    teacher.get_by_label("Name").fill("Tuesday beginners")
    teacher.get_by_role("button", name="Make the class").click()
    code = teacher.locator(".class-code").first.inner_text()
    teacher.get_by_role("link", name="Set homework").click()
    teacher.get_by_role("link", name="Drill puzzles").click()
    teacher.get_by_label("Drill", exact=True).select_option("worth")
    teacher.get_by_label("Number of puzzles").fill("2")
    teacher.get_by_label("Difficulty (1 = first steps, 5 = hardest)").select_option("1")
    teacher.get_by_role("button", name="Set it").click()
    expect(teacher.locator(".messages")).to_contain_text("Homework set")

    log_in(student, "sam")
    student.get_by_role("navigation", name="Main").get_by_role("link", name="Classes").click()
    student.get_by_label("Class code").fill(code.lower())
    student.get_by_role("button", name="Join").click()
    expect(student.get_by_role("heading", level=1)).to_have_text("Tuesday beginners")
    student.get_by_role("link", name="Home", exact=True).click()
    student.get_by_role("link", name="2 × What is it worth? (difficulty 1)").click()
    for _ in range(2):
        form = student.locator("form.answer-form")
        puzzle = Puzzle.objects.get(pk=int((form.get_attribute("action") or "").rstrip("/").split("/")[-2]))
        fill(form, puzzle, right_response(puzzle))
        form.get_by_role("button", name="Answer").click()
        expect(student.locator("#verdict")).to_contain_text("Right!")
        student.get_by_role("link", name="Next puzzle").click()
    expect(student.locator("main")).to_contain_text("Done")
    student.screenshot(path=str(artifacts / "class-homework-done.png"), full_page=True)

    teacher.reload()
    teacher.get_by_role("link", name="2 × What is it worth? (difficulty 1)").first.click()
    expect(teacher.get_by_role("row", name="sam")).to_contain_text("Done")
    teacher.screenshot(path=str(artifacts / "class-teacher-sees-done.png"), full_page=True)
