"""Large print is a real step up: on a phone (390x844) and a tablet (820x1180), body text goes from
18 px to at least BODY_PX (24 px), and with it the headings (larger still), the buttons and the
form fields, and the dashboard's chart labels (the page's text now, not drawn at 11 px). Small print
(a hint, a caption, a key, a badge on a tile) stays smaller than body text but at least SMALL_PX.
The pages: home, a lesson step, drills with exposed blocks, the hand checker's verdict, the
dashboard with every fold opened, and a hand at the play table. Large print is put on by the
header's switch, as a person would. No page scrolls sideways in large print: test_fit.py measures
every page."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from cfmj.accounts.learners import Learner
from cfmj.engine.coach import DEFAULT_LEVEL
from cfmj.play import services as play_services
from lessons.models import Lesson
from practice import services as practice_services
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_layout import SIZES
from tests.browser.walk import PLAY_SEED, WORKED, print_switch, site_build, start
from tests.engine.drills.helpers import right_response, wrong_response
from tests.play.helpers import advance_to
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "large-print"
NORMAL_PX = 18
BODY_PX = 24
SMALL_PX = 19  # 0.8 of body text: a hint, a caption, a key's letter, a badge on a tile
SMALL_PRINT = (
    ".help, .hb-help, .hint, .key, .key-help, .seat-row-label, .exposed-label, .hb-exposure-label, "
    ".joker-as, .suggest-badge, .tag, figcaption, dt, .site-footer, code"
)

# Every visible piece of text on the page, by the font size it is drawn at: what is under the
# least for its kind (body text, or small print), the body's own size, and the largest heading.
FONTS = """([small, bodyLeast, smallLeast]) => {
  const size = (el) => parseFloat(getComputedStyle(el).fontSize);
  const name = (el) => el.tagName.toLowerCase() +
    Array.from(el.classList).slice(0, 2).map((c) => "." + c).join("");
  const under = [];
  const text = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = text.nextNode(); node; node = text.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el.checkVisibility() || el.closest(".visually-hidden")) continue;
    const least = el.closest(small) ? smallLeast : bodyLeast;
    if (size(el) + 0.01 < least) {
      const words = JSON.stringify(node.textContent.trim().slice(0, 30));
      under.push(`${name(el.parentElement)} > ${name(el)} ${words}: ${size(el).toFixed(1)} px`);
    }
  }
  for (const el of document.querySelectorAll("input:not([type=hidden]), select, textarea")) {
    const box = el.type === "radio" || el.type === "checkbox";  // no text of its own
    if (el.checkVisibility() && !box && size(el) + 0.01 < bodyLeast) {
      under.push(`${name(el)} (a field): ${size(el).toFixed(1)} px`);
    }
  }
  const headings = Array.from(document.querySelectorAll("main h1, main h2"))
    .filter((h) => h.checkVisibility());
  return {under, body: size(document.body), heading: Math.min(...headings.map(size))};
}"""


def fonts(page: Page, body: float, small: float) -> dict[str, Any]:
    measured: dict[str, Any] = page.evaluate(FONTS, [SMALL_PRINT, body, small])
    return measured


def pages(learner: Any) -> list[str]:
    """The pages measured, for the learner signed in (their hand at the play table)."""
    lesson = Lesson.objects.get(number=1)
    game = advance_to(
        play_services.game_start(owner=learner, bot_level=DEFAULT_LEVEL, seed=PLAY_SEED), "discard"
    )
    return [
        "/",
        f"/lessons/{lesson.slug}/1/",
        "/practice/call/",
        "/practice/discard/",
        "/practice/safe_discard/",
        "/check/?hand=" + WORKED.replace(" ", "+"),
        "/practice/dashboard/",
        f"/play/{game.pk}/",
    ]


@pytest.mark.parametrize("size", list(SIZES))
def test_large_print_raises_body_text_to_24_px_and_everything_with_it(
    contexts: Callable[..., BrowserContext], django_user_model: Any, size: str
) -> None:
    site = site_build(django_user_model)
    for kind in ("call", "discard", "safe_discard"):
        PuzzleFactory(kind=kind, band=5)  # hands with exposed blocks, and a table's seats
    learner = Learner(site.student, "v")
    for i in range(6):  # a level drawn on the dashboard's chart, and its accuracy bar
        puzzle = PuzzleFactory(kind="worth", band=2)
        answer = wrong_response(puzzle) if i % 3 == 0 else right_response(puzzle)
        practice_services.attempt_record(
            learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=answer
        )
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = start(contexts(SIZES[size]), False, "sam")
    page.goto("/practice/")
    everything = page.get_by_role("button", name="Practise everything")
    if everything.count():  # where practice keeps within the lessons: the drills past lesson 1's too
        everything.click()
    addresses = pages(site.student)
    problems: list[str] = []
    for large_print in (False, True):
        if large_print:
            print_switch(page).click()
            expect(page.locator("html")).to_have_class("large-print")
        for address in addresses:
            look = f"{size}, {'large print' if large_print else 'normal'}, {address}"
            page.goto(address)
            if address.startswith("/practice/") and "dashboard" not in address:
                expect(page.locator("form.answer-form")).to_be_attached()  # a puzzle, with its exposures
            if address == "/practice/dashboard/":
                for fold in page.locator("details.fold > summary").all():
                    fold.click()
                labels = page.locator(".chart-level, .bar-title, .bar-value")
                expect(labels.first).to_be_visible()
            measured = fonts(page, BODY_PX, SMALL_PX)
            wanted = BODY_PX if large_print else NORMAL_PX
            if measured["body"] != wanted:
                problems.append(f"{look}: body text is {measured['body']} px, not {wanted}")
            if measured["heading"] <= measured["body"]:
                problems.append(f"{look}: a heading is no larger than body text ({measured['heading']} px)")
            if large_print:
                problems += [f"{look}: {under}" for under in measured["under"]]
                if address == "/practice/dashboard/":
                    page.screenshot(path=str(SHOTS / f"dashboard-{size}.png"), full_page=True)
    assert not problems, "\n".join(problems)
