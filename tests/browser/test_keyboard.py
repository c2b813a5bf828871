"""Keyboard only, no mouse: a visitor goes from the home page to a drill and its verdict, and
through lesson 1 step 1's check to the next step; focused links and buttons show where focus is."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from lessons.models import Lesson
from lessons.services import lessons_load
from practice.models import Puzzle
from tests.browser.test_lesson import puzzle_in
from tests.course import course_sources
from tests.engine.drills.helpers import right_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

MAX_TABS = 120
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el) return null;
  const style = getComputedStyle(el);
  return {tag: el.tagName.toLowerCase(), type: el.type || "", name: el.name || "", value: el.value || "",
          checked: !!el.checked, text: (el.innerText || el.textContent || "").trim(),
          label: el.getAttribute("aria-label") || "", inNav: !!el.closest('nav[aria-label="Main"]'),
          inForm: !!el.closest("form.answer-form"), outline: style.outlineStyle,
          outlineWidth: parseFloat(style.outlineWidth) || 0};
}"""


def focused(page: Page) -> dict[str, Any]:
    info: dict[str, Any] | None = page.evaluate(FOCUSED)
    assert info is not None
    return info


def tab_to(page: Page, wanted: Any, key: str = "Tab") -> dict[str, Any]:
    """Press Tab (or Shift+Tab) until the focused element is the one wanted."""
    for _ in range(MAX_TABS):
        page.keyboard.press(key)
        info = focused(page)
        if wanted(info):
            return info
    raise AssertionError(f"{key} never reached the element wanted (last: {focused(page)})")


def link(text: str, *, in_nav: bool = False) -> Any:
    return lambda info: info["tag"] == "a" and info["text"] == text and (info["inNav"] or not in_nav)


def assert_focus_visible(info: dict[str, Any]) -> None:
    assert info["outline"] != "none" and info["outlineWidth"] > 0, f"no visible focus on {info}"


def answer_by_keyboard(page: Page, answer: dict[str, str]) -> None:
    """Move through the answer form with Tab, answer each field with the keys a person would use
    (typing, Space for a tick box, arrow keys in a radio group or a list), then press Enter."""
    ticks = {
        name: value.split(" " if name == "pick" else ",")
        for name, value in answer.items()
        if name in ("pick", "take")
    }
    if "pass" in answer:
        ticks["pick"] = answer["pass"].split()
    done: set[str] = set()
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        info = focused(page)
        name = info["name"]
        if not info["inForm"]:
            continue
        if info["tag"] == "button" and info["type"] == "submit":
            assert_focus_visible(info)
            page.keyboard.press("Enter")
            return
        if info["type"] == "checkbox" and name in ticks and info["value"] in ticks[name]:
            ticks[name].remove(info["value"])
            page.keyboard.press("Space")
        elif info["type"] == "radio" and answer.get(name) and name not in done:
            for _ in range(40):
                if focused(page)["value"] == answer[name]:
                    break
                page.keyboard.press("ArrowDown")  # moves to the next choice and chooses it
            if not focused(page)["checked"]:
                page.keyboard.press("Space")
            done.add(name)
        elif info["tag"] == "select" and answer.get(name):
            for _ in range(80):
                if focused(page)["value"] == answer[name]:
                    break
                page.keyboard.press("ArrowDown")
            done.add(name)
        elif info["tag"] == "input" and info["type"] in ("text", "search", "number") and answer.get(name):
            page.keyboard.type(answer[name])
            done.add(name)
    raise AssertionError("Tab never reached the form's submit button")


def test_a_visitor_reaches_a_drill_verdict_by_keyboard(page: Page) -> None:
    PuzzleFactory.create_batch(3, kind="worth", band=2)
    page.goto("/")
    skip = tab_to(page, lambda info: info["text"] == "Skip to the content")
    assert_focus_visible(skip)
    practice = tab_to(page, link("Practice", in_nav=True))
    assert_focus_visible(practice)
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/practice/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Practice")
    drill = tab_to(page, link("What is it worth?"))
    assert_focus_visible(drill)
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("What is it worth?")
    action = page.locator("form.answer-form").get_attribute("action") or ""
    puzzle = Puzzle.objects.get(pk=int(action.rstrip("/").split("/")[-2]))
    answer_by_keyboard(page, right_response(puzzle))
    expect(page.locator("#verdict")).to_contain_text("Right!")
    next_puzzle = tab_to(page, link("Next puzzle"))
    assert_focus_visible(next_puzzle)
    back = tab_to(page, lambda info: info["tag"] in ("a", "button"), key="Shift+Tab")
    assert_focus_visible(back)


def test_a_visitor_answers_lesson_one_step_one_by_keyboard(page: Page) -> None:
    lessons_load(sources=list(course_sources()))
    lesson = Lesson.objects.get(number=1)
    step = lesson.steps.get(number=1)
    page.goto("/")
    tab_to(page, link("Lessons", in_nav=True))
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Lessons")
    tab_to(page, lambda info: info["tag"] == "a" and info["text"].startswith("Continue: Lesson 1, step 1"))
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text(step.title)
    puzzle = puzzle_in(page.locator("form.answer-form"), step.check_kind, step.check_focus, step.check_band)
    answer_by_keyboard(page, right_response(puzzle))
    feedback = page.locator("#feedback")
    expect(feedback).to_contain_text("Right!")
    next_step = tab_to(
        page,
        lambda info: (
            info["tag"] == "a"
            and info["text"] == "Next step"
            and page.evaluate("!!document.activeElement.closest('#feedback')")
        ),
    )
    assert_focus_visible(next_step)
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text(lesson.steps.get(number=2).title)


def test_focused_links_and_buttons_show_a_focus_ring(page: Page) -> None:
    page.goto("/")
    seen = 0
    for _ in range(25):
        page.keyboard.press("Tab")
        info = focused(page)
        if info["tag"] in ("a", "button"):
            assert_focus_visible(info)
            seen += 1
    assert seen >= 10
