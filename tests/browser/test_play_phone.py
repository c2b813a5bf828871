"""The table on a phone and a tablet, in normal and large print: one seeded hand played
whole at each size and print through the table's own forms, htmx swapping the table in place (a
blind pass, a call and a discard on the coach's hint on the way). After every action the status
line, every tile of the rack and the buttons of the choice asked are inside the viewport without
the learner scrolling, and nothing reaches past the right edge (test_play.Table.check); the hand's
review, before 'Show every move' is opened, is under five screens tall. On the phone the learner
taps (touch); the other sizes click. (Stepping through a review: test_play_review.py.)

Screenshots of each size and print go to PLAY_SHOTS (var/browser/play-phone/ unless set): the
table in the Charleston, at the blind pass, at a call, with the hint, the result, and the review
(whole page)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, ViewportSize, expect

from cfmj.engine.coach import DEFAULT_LEVEL
from cfmj.play import services
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_play import PHONE, TABLET, WHOLE_HAND, Table, choice_in_view, fits
from tests.browser.walk import PASSWORD, start

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path(os.environ.get("PLAY_SHOTS") or ARTIFACTS / "play-phone")
SCREENS = 5  # the review, folded, is under this many viewport heights
LOOKS: dict[str, tuple[ViewportSize, bool]] = {
    "phone": (PHONE, False),
    "phone-large": (PHONE, True),
    "tablet": (TABLET, False),
    "tablet-large": (TABLET, True),
}
MAX_ACTIONS = 40


@pytest.fixture
def lee(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("lee", password=PASSWORD)


@pytest.mark.parametrize("look", LOOKS)
def test_a_whole_hand_keeps_the_choice_in_view_and_its_review_is_short(
    contexts: Callable[..., BrowserContext], lee: Any, look: str
) -> None:
    began = time.monotonic()
    viewport, large = LOOKS[look]
    touch = look == "phone"
    SHOTS.mkdir(parents=True, exist_ok=True)
    game = services.game_start(owner=lee, bot_level=DEFAULT_LEVEL, seed=WHOLE_HAND)
    context = contexts(viewport, touch=touch)
    page = start(context, large, "lee")
    page.goto(f"/play/{game.pk}/#table")
    problems = [f"{look}, dealt: {part}" for part in choice_in_view(page)] + fits(page, f"{look}, dealt")
    page.screenshot(path=str(SHOTS / f"{look}-1-charleston.png"))
    table = Table(page, game, look, touch=touch)
    shots = {"blind": 'name="blind"', "call": 'data-action="no_call"'}
    hinted = False
    while not page.locator("#hand-result").count():
        assert len(table.done) < MAX_ACTIONS, table.done
        html = table.html()
        for part, marker in list(shots.items()):
            if marker in html:
                del shots[part]
                page.screenshot(path=str(SHOTS / f"{look}-2-{part}.png"))
        if not hinted and 'data-action="discard"' in html:
            hinted = table.discard_on_hint(str(SHOTS / f"{look}-3-hint.png"))
            assert hinted, "the hint at the first discard advises no discard"
            continue
        table.act()
    page.screenshot(path=str(SHOTS / f"{look}-4-result.png"))
    press: Callable[[Locator], None] = (lambda link: link.tap()) if touch else (lambda link: link.click())
    press(page.locator("#hand-result").get_by_role("link", name="Review this hand"))
    expect(page.locator("h1")).to_have_text(f"Review of game {game.pk}")
    screens = page.evaluate("document.documentElement.scrollHeight / window.innerHeight")
    problems += fits(page, f"{look}: the review")
    page.screenshot(path=str(SHOTS / f"{look}-5-review.png"), full_page=True)
    print(
        f"\n{look}: {len(table.done)} actions in {time.monotonic() - began:.1f} s; the rack (top, bottom) "
        f"after each: {table.racks}; the review {screens:.1f} screens"
    )
    if screens >= SCREENS:
        problems.append(f"{look}: the review is {screens:.1f} screens tall")
    assert {"blind", "call_exposure"} <= table.learner.tried, table.learner.tried
    assert not problems + table.problems, "\n".join(problems + table.problems)
