"""Marking in the browser, on a phone (390x844) and a tablet
(820x1180), in normal and large print: points the site cannot read are asked for again, in
words, in view and without the answer; points in words are marked right; the explanation names
its rule and the dashboard shows levels in words. Screenshots go to var/browser/marking/."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from cfmj.engine import drills
from tests.browser.conftest import ARTIFACTS
from tests.browser.walk import settled, start
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

SIZES: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 820, "height": 1180},
}
SHOTS = ARTIFACTS / "marking"
FITS = "() => document.documentElement.scrollWidth <= window.innerWidth"
IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.top < window.innerHeight; }"""


def _in_view(page: Page, selector: str) -> None:
    settled(page)  # an htmx swap and its scroll
    assert page.locator(selector).first.evaluate(IN_VIEW), selector


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("size", sorted(SIZES))
def test_it_asks_again_for_unreadable_points_then_reads_them_in_words(
    contexts: object, size: str, large_print: bool
) -> None:
    assert callable(contexts)
    made = drills.generate("worth", seed=3, band=2, focus="discard")
    PuzzleFactory(kind="worth", made=made)
    context: BrowserContext = contexts(SIZES[size])
    page = start(context, large_print)
    page.goto(reverse("practice:drill", args=["worth"]))
    shot = f"{size}-{'large' if large_print else 'normal'}"
    SHOTS.mkdir(parents=True, exist_ok=True)

    form = page.locator("form.answer-form")
    form.locator('input[name="value"]').fill("lots")
    form.locator('input[name="discarder"]').fill(str(made.answer["discarder"]))
    form.get_by_role("button", name="Answer").click()
    asked = page.locator("#blank-answer")
    expect(asked).to_have_text("Write the points as a number, e.g. 80.")
    expect(page.locator("body")).not_to_contain_text(made.answer["expected"])
    _in_view(page, "#blank-answer")
    assert page.evaluate(FITS)
    page.screenshot(path=str(SHOTS / f"{shot}-asked-again.png"))

    words = {35: "thirty-five", 50: "fifty", 60: "sixty", 70: "seventy", 100: "one hundred"}
    value = made.answer["value"]
    form.locator('input[name="value"]').fill(f"{words.get(value, value)} points")
    form.get_by_role("button", name="Answer").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Right!")
    expect(verdict).to_contain_text("(rule: Scoring)")
    expect(verdict).not_to_contain_text("RULES")
    _in_view(page, "#verdict h2, #verdict [data-marked]")
    assert page.evaluate(FITS)
    page.screenshot(path=str(SHOTS / f"{shot}-marked.png"))

    page.goto(reverse("practice:dashboard"))
    expect(page.locator(".skill-list").first).not_to_contain_text("Rating")
    page.get_by_text("Charts: accuracy and level over time").click()  # a fold, closed at first
    expect(page.get_by_role("heading", name="Level over time", exact=True)).to_be_visible()
    assert page.evaluate(FITS)
    page.screenshot(path=str(SHOTS / f"{shot}-dashboard.png"), full_page=True)
