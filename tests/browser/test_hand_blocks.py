"""Hands drawn as blocks or racks and "Which discard?" answered by tapping the
tile in the hand, on a phone (390x844) and a tablet (820x1180), in normal and large
print: no page wider than its screen, 14 tiles on one row on a tablet in normal print, a tile
chosen by touch or by keyboard. Screenshots go to var/browser/hands/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

from cfmj.engine.drills import hand_groups
from practice.models import Attempt
from tests.browser.walk import start
from tests.practice.factories import PuzzleFactory

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, ViewportSize

pytestmark = pytest.mark.django_db(transaction=True)
PHONE: ViewportSize = {"width": 390, "height": 844}
TABLET: ViewportSize = {"width": 820, "height": 1180}
SCREENS = [("phone", PHONE), ("tablet", TABLET)]
# The puzzles with the most groups found among a few seeds: the widest rows a hand makes.
WORTH = {"kind": "worth", "band": 5, "seed": 1052}  # seven Pairs: seven blocks
DISCARD = {"kind": "discard", "band": 5, "seed": 1055}  # five suit groups and two exposed Kongs
WINNING = {"kind": "winning_hand", "band": 1, "seed": 1001}  # a losing hand: nine groups, two alone

MEASURE = """() => {
  const tiles = [...document.querySelectorAll('.puzzle .rack-view .hand img.tile')];
  const tops = tiles.map(t => t.getBoundingClientRect().top + window.scrollY);
  return {
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    tiles: tiles.length,
    // A new row starts where a tile's top is half a tile below the one before (an exposure's
    // frame or a lifted tile moves a tile a few pixels, not a row).
    rows: tops.filter((t, i) => i === 0 || t - tops[i - 1] > tiles[i].height / 2).length,
    widest: Math.max(...tiles.map(t => t.getBoundingClientRect().right)),
  };
}"""


def _measure(page: Page) -> dict[str, Any]:
    measured: dict[str, Any] = page.evaluate(MEASURE)
    assert measured["scrollWidth"] <= measured["innerWidth"], measured
    assert measured["widest"] <= measured["innerWidth"], measured
    return measured


def _answered() -> str:
    """The tile of the one answer recorded."""
    return str(Attempt.objects.get().response["tile"])


def _shot(page: Page, artifacts: Path, name: str) -> None:
    folder = artifacts / "hands"
    folder.mkdir(parents=True, exist_ok=True)
    page.locator(".puzzle").first.screenshot(path=str(folder / f"{name}.png"))


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize(("screen", "viewport"), SCREENS, ids=[s for s, _ in SCREENS])
def test_hands_fit_the_screen_and_fourteen_tiles_make_one_row_on_a_tablet(
    contexts: Callable[..., BrowserContext],
    artifacts: Path,
    screen: str,
    viewport: ViewportSize,
    large_print: bool,
) -> None:
    puzzles = {str(spec["kind"]): PuzzleFactory(**spec) for spec in (WORTH, DISCARD, WINNING)}
    page = start(contexts(viewport), large_print)
    for kind, puzzle in puzzles.items():
        page.goto(f"/practice/{kind}/")
        expect(page.locator(".puzzle .rack-view .hand img.tile").first).to_be_visible()
        measured = _measure(page)
        assert measured["tiles"] == 14
        groups = page.locator(".puzzle .rack-view .hand-group")
        assert groups.count() == len(hand_groups(kind, puzzle.question))
        if screen == "tablet" and not large_print:
            assert measured["rows"] == 1, (kind, measured)
        _shot(page, artifacts, f"{kind}-{screen}-{'large' if large_print else 'normal'}")


def test_a_block_is_named_for_a_screen_reader_with_its_joker(page: Page) -> None:
    puzzle = PuzzleFactory(kind="worth", band=3, seed=1055)  # an exposed Pung of 4 Bam with a joker
    page.goto("/practice/worth/")
    names = [g.name for g in hand_groups("worth", puzzle.question)]
    for name in names:
        expect(page.get_by_role("group", name=name, exact=True)).to_be_visible()
    assert "exposed Pung of 4 Bam with a joker" in names
    exposed = page.get_by_role("group", name="exposed Pung of 4 Bam with a joker", exact=True)
    expect(exposed).to_have_css("border-top-style", "dashed")


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize(("screen", "viewport"), SCREENS, ids=[s for s, _ in SCREENS])
def test_which_discard_is_answered_by_tapping_the_tile_in_the_hand(
    contexts: Callable[..., BrowserContext],
    artifacts: Path,
    screen: str,
    viewport: ViewportSize,
    large_print: bool,
) -> None:
    puzzle = PuzzleFactory(**DISCARD)
    page = start(contexts(viewport), large_print)
    page.goto("/practice/discard/")
    picker = page.get_by_role("group", name="Your hand: tap the tile you would discard")
    expect(picker).to_be_visible()
    assert page.locator(".puzzle img.tile").count() == 14  # the hand once
    tiles = picker.locator("label.hand-pick")
    assert tiles.count() == len(puzzle.question["tiles"])  # the concealed ones; exposures are no choice
    chosen = tiles.nth(2)
    before = chosen.bounding_box()
    chosen.click()
    expect(chosen.locator("input")).to_be_checked()
    after = chosen.bounding_box()
    assert before is not None and after is not None and after["y"] < before["y"]  # lifted from the rack
    _measure(page)
    _shot(page, artifacts, f"discard-chosen-{screen}-{'large' if large_print else 'normal'}")
    tapped = chosen.locator("input").get_attribute("value")
    page.get_by_role("button", name="Answer").click()
    verdict = page.locator("#verdict")
    # The server's first discard marking builds the card's matrices (about 1 s alone, several
    # seconds with the rest of the suite beside it): more than the default 5 s wait.
    expect(verdict).not_to_have_class("verdict empty", timeout=20_000)
    expect(verdict.locator("[data-marked]")).to_be_visible()
    assert _answered() == tapped  # the tile tapped is the answer
    expect(chosen.locator("input")).to_be_disabled()
    expect(picker).to_be_visible()  # the hand stays in view, the choice greyed
    _measure(page)
    page.screenshot(
        path=str(
            artifacts / "hands" / f"discard-answered-{screen}-{'large' if large_print else 'normal'}.png"
        )
    )


def test_which_discard_is_answered_with_the_keyboard_alone(page: Page) -> None:
    puzzle = PuzzleFactory(**DISCARD)
    page.goto("/practice/discard/")
    radios = page.locator('input[name="tile"]')
    for _ in range(60):  # Tab from the top of the page to the hand
        page.keyboard.press("Tab")
        if radios.first.evaluate("r => r === document.activeElement"):
            break
    else:
        pytest.fail("Tab never reached the hand")
    label = page.locator("label.hand-pick").first
    expect(label).to_have_css("outline-style", "solid")  # where the keyboard is, shown
    page.keyboard.press("ArrowRight")
    expect(radios.nth(1)).to_be_checked()
    expect(radios.nth(1)).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#verdict [data-marked]")).to_be_visible()
    assert _answered() == puzzle.question["tiles"][1]


def test_which_discard_works_without_javascript(browser: object, live_server: Any) -> None:
    from playwright.sync_api import Browser

    assert isinstance(browser, Browser)
    PuzzleFactory(**DISCARD)
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/practice/discard/")
        tapped = page.locator('input[name="tile"]').nth(3).get_attribute("value")
        page.locator("label.hand-pick").nth(3).click()
        page.get_by_role("button", name="Answer").click()
        expect(page.locator("#verdict [data-marked]")).to_be_visible()
        assert _answered() == tapped
        expect(page.locator(".puzzle .rack-view img.tile")).to_have_count(14)  # the hand, above the verdict
        expect(page.locator('input[name="tile"]')).to_have_count(0)
    finally:
        context.close()
