"""The "What are they collecting?" drill in the browser: the table (each opponent's exposures and
discards as drawn tiles) fits a phone (390x844) and a tablet (820x1180) in normal and large print
with no sideways scroll; ticking the hands and answering brings the verdict into view, and it says
why each hand is open or ruled out; axe finds no serious problem where it is vendored."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, ViewportSize, expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.test_accessibility import AXE, BLOCKING, axe_violations
from tests.browser.test_layout import SIZES, Layout
from tests.browser.walk import answer_drill, puzzle_of, start
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
def test_the_table_fits_and_the_verdict_comes_into_view(
    contexts: Callable[[ViewportSize], BrowserContext], size: str, large_print: bool
) -> None:
    PuzzleFactory(kind="collecting", band=5, seed=2)  # whole hands named: the longest choices
    folder = ARTIFACTS / "collecting" / f"{size}-{'large-print' if large_print else 'normal'}"
    folder.mkdir(parents=True, exist_ok=True)
    layout = Layout(folder, large_print)
    page = start(contexts(SIZES[size]), large_print)
    page.goto("/practice/collecting/")
    question = puzzle_of(page.locator("form.answer-form")).question
    asked = question["opponent"]
    exposures = page.get_by_role("group", name=f"{asked}'s exposures")
    expect(exposures).to_be_visible()
    assert all(alt for alt in exposures.locator("img.tile").evaluate_all("els => els.map(e => e.alt)"))
    expect(page.get_by_role("group", name=f"{asked}'s discards")).to_be_visible()
    for choice in question["choices"]:
        expect(page.get_by_role("checkbox", name=choice["label"])).to_be_visible()
    layout(page, "collecting, the question")
    answer_drill(page, right=False)
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("ruled out")
    expect(verdict).to_contain_text(asked)
    layout(page, "collecting, the verdict", verdict)
    assert not layout.problems, "\n".join(layout.problems)


def test_it_has_no_serious_accessibility_problems(contexts: Callable[..., BrowserContext]) -> None:
    if not AXE.exists():
        pytest.skip("axe-core is not vendored (scripts/ensure-axe fetches it into var/axe/)")
    PuzzleFactory(kind="collecting", band=3, seed=1)
    page = start(contexts(bypass_csp=True), False)
    page.goto("/practice/collecting/")
    found: list[dict[str, Any]] = [v for v in axe_violations(page) if v["impact"] in BLOCKING]
    answer_drill(page, right=True)
    expect(page.locator("#verdict")).to_contain_text("Right!")
    found += [v for v in axe_violations(page) if v["impact"] in BLOCKING]
    assert not found, found
