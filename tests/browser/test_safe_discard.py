"""'Is this discard safe?' on a phone (390x844) and a tablet (820x1180), in normal and large print:
the table (each opponent's exposures and discards, and your own discards, as drawn tiles) and the
tile asked about are drawn without sideways scroll, and once answered the verdict, with the
engine's reasons, is in view (and, where axe-core is vendored, no serious accessibility problem)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from practice.models import Puzzle
from tests.browser.answer_form import fill
from tests.browser.test_accessibility import AXE, BLOCKING, axe_violations, describe
from tests.browser.test_answers import IDS, LOOKS, open_page  # noqa: F401 - open_page is a fixture
from tests.browser.walk import puzzle_of
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)
KIND = "safe_discard"


def no_sideways_scroll(page: Page, where: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), (
        f"{where}: sideways scroll"
    )


@pytest.mark.parametrize(("size", "large_print"), LOOKS, ids=IDS)
def test_the_table_fits_and_the_verdict_is_in_view(
    open_page: Callable[[str, bool], Page],  # noqa: F811 - the fixture imported above
    artifacts: Path,
    size: str,
    large_print: bool,
) -> None:
    for seed in (0, 1):  # a safe one and a dangerous one
        PuzzleFactory(kind=KIND, band=2, seed=seed)
    assert len({p.answer["safe"] for p in Puzzle.objects.filter(kind=KIND)}) == 2
    page = open_page(size, large_print)
    look = f"{size}-{'large' if large_print else 'normal'}"
    page.goto(f"/practice/{KIND}/")
    form = page.locator("form.answer-form")
    puzzle = puzzle_of(form)
    seats = page.locator("ul.table-seats > li")
    expect(seats).to_have_count(4)  # the three others, then you
    for seat in puzzle.question["opponents"]:
        discards = page.get_by_role("group", name=f"{seat['seat']}'s discards")
        expect(discards.locator("img.tile")).to_have_count(len(seat["discards"]))
        if seat["exposures"]:
            expect(page.get_by_role("group", name=f"{seat['seat']}'s exposures")).to_be_visible()
    yours = page.get_by_role("group", name="Your discards")  # the answer may turn on them
    expect(yours.locator("img.tile")).to_have_count(len(puzzle.question["yours"]["discards"]))
    assert all(alt for alt in yours.locator("img.tile").evaluate_all("els => els.map(e => e.alt)"))
    expect(page.get_by_text(f"Tiles left in the wall: {puzzle.question['wall']}.")).to_be_visible()
    no_sideways_scroll(page, look)
    page.screenshot(path=str(artifacts / f"safe-discard-{look}-asked.png"), full_page=True)
    right = size == "phone"
    fill(form, puzzle, right_response(puzzle) if right else wrong_response(puzzle))
    form.get_by_role("button", name="Answer").click()
    verdict = page.locator("#verdict")
    expect(verdict.locator("[data-marked]")).to_be_visible()
    expect(verdict.locator("[data-marked]")).to_be_in_viewport()
    expect(verdict).to_contain_text("Right!" if right else "Not quite")
    expect(verdict).to_contain_text(puzzle.answer["explanation"].split(":")[0])
    no_sideways_scroll(page, f"{look}, answered")
    page.screenshot(path=str(artifacts / f"safe-discard-{look}-answered.png"))
    if AXE.exists():
        blocking = [v for v in axe_violations(page) if v["impact"] in BLOCKING]
        assert not blocking, describe({look: blocking})
