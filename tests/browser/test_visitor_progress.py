"""A visitor (no account) answers drills in the browser and finds them on /practice/ and the
dashboard, on a phone in large print and on a tablet in normal print."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, ViewportSize, expect

from lessons.services import lessons_load
from tests.browser.walk import answer_drill, practise_everything, start
from tests.course import course_sources

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("size", "viewport", "large_print"),
    [
        ("phone", {"width": 390, "height": 844}, True),
        ("tablet", {"width": 820, "height": 1180}, False),
    ],
)
def test_a_visitors_answers_show_on_practice_and_the_dashboard(
    contexts: Callable[..., BrowserContext],
    artifacts: Path,
    size: str,
    viewport: ViewportSize,
    large_print: bool,
) -> None:
    page = start(contexts(viewport), large_print)
    page.goto("/practice/")
    drill = page.locator(".drill-list li").filter(has_text="Winning hand?")
    expect(drill).to_contain_text("Not started")
    for right in (True, False):
        page.goto("/practice/winning_hand/")
        answer_drill(page, right=right)
    page.screenshot(path=str(artifacts / f"visitor-verdict-{size}.png"))
    page.goto("/practice/")
    expect(drill).to_contain_text("2 answered")
    expect(drill).not_to_contain_text("Not started")
    page.screenshot(path=str(artifacts / f"visitor-practice-{size}.png"), full_page=True)
    page.goto("/practice/dashboard/")
    row = page.locator(".skill-list li").filter(has_text="Winning hand?")
    expect(row.locator("dd").nth(1)).to_have_text("2")  # answered (after the level)
    expect(row.locator("dd").nth(2)).to_have_text("50%")  # right
    page.get_by_text("Charts: accuracy and level over time").click()  # a fold, closed at first
    expect(page.locator("figure.chart-figure").filter(has_text="Winning hand?")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"the dashboard is {width} px wide on a {viewport['width']} px screen"
    page.screenshot(path=str(artifacts / f"visitor-dashboard-{size}.png"), full_page=True)


def test_a_newcomer_reads_a_later_lessons_rule_in_place(
    contexts: Callable[..., BrowserContext], artifacts: Path
) -> None:
    """'Taught in Lesson 12' alone would send a newcomer far ahead (lesson 12 is not in turn for
    them): the verdict says the rule too, links the step to read now, and fits the phone in large
    print."""
    lessons_load(sources=list(course_sources()))
    viewport: ViewportSize = {"width": 390, "height": 844}
    page = start(contexts(viewport), large_print=True)
    practise_everything(page)  # winning_hand opens with lesson 2
    page.goto("/practice/winning_hand/")
    answer_drill(page, right=False)
    verdict = page.locator("#verdict")
    expect(verdict.locator(".rule-in-place").first).to_be_visible()
    expect(verdict.locator(".rules-ref")).not_to_contain_text("taught in")
    expect(verdict.locator(".rule-in-place").first).to_contain_text("later in the course")
    expect(verdict.locator(".rule-in-place a").first).to_have_attribute("href", re.compile(r"^/lessons/"))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"the verdict is {width} px wide on a {viewport['width']} px screen"
    verdict.screenshot(path=str(artifacts / "rule-in-place-phone-large.png"))
