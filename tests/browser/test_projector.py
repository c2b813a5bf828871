"""A class on a projector: the join card at 1280x720 and 1920x1080, in normal and large print,
with nothing to scroll (the card's QR code and class code, each box measured inside the viewport).

Screenshots: var/browser/projector/<page>-<size>-<print>.png."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from cfmj.classes import services as class_services
from cfmj.classes.models import Classroom
from tests.browser.conftest import ARTIFACTS
from tests.browser.walk import PASSWORD, start

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "projector"
PROJECTORS: dict[str, ViewportSize] = {
    "1280x720": {"width": 1280, "height": 720},
    "1920x1080": {"width": 1920, "height": 1080},
}
PRINTS = [False, True]
PRINT_IDS = ["normal", "large-print"]

# Each element's box against the viewport, the page scrolled to its top: what must be seen whole
# without scrolling.
BOXES = """(selectors) => {
  window.scrollTo(0, 0);
  const out = {};
  for (const selector of selectors) {
    const el = document.querySelector(selector);
    if (!el) { out[selector] = null; continue; }
    const r = el.getBoundingClientRect();
    out[selector] = {top: r.top, left: r.left, bottom: r.bottom, right: r.right,
                     width: r.width, height: r.height};
  }
  return {boxes: out, vw: window.innerWidth, vh: window.innerHeight,
          scrollWidth: document.documentElement.scrollWidth};
}"""


def a_class(user_model: Any, name: str = "Tuesday beginners at the Riverside club") -> Classroom:
    teacher = user_model.objects.create_user("tess", password=PASSWORD, role="teacher")
    return class_services.classroom_create(teacher=teacher, name=name)


def out_of_view(page: Page, selectors: list[str], where: str) -> list[str]:
    """What of `selectors` is missing, or not wholly inside the viewport at the page's top."""
    measured = page.evaluate(BOXES, selectors)
    problems = []
    if measured["scrollWidth"] > measured["vw"] + 1:
        problems.append(f"{where}: {measured['scrollWidth']} px wide in {measured['vw']} px")
    for selector, box in measured["boxes"].items():
        if box is None or box["width"] < 1 or box["height"] < 1:
            problems.append(f"{where}: no {selector}")
        elif (
            box["top"] < -0.5
            or box["left"] < -0.5
            or box["bottom"] > measured["vh"] + 0.5
            or box["right"] > measured["vw"] + 0.5
        ):
            problems.append(f"{where}: {selector} out of view: {box}")
    return problems


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def looks(context: Callable[[ViewportSize], BrowserContext], large_print: bool, username: str) -> Page:
    """A page at the smaller projector's size, signed in, in the print asked for."""
    return start(context(PROJECTORS["1280x720"]), large_print, username)


CARD = ["#join-card-title", "svg.qr-code", ".join-card .class-code", ".join-card .join-link"]


@pytest.mark.parametrize("large_print", PRINTS, ids=PRINT_IDS)
def test_the_join_card_fits_a_projector_with_its_qr_code_and_code_in_view(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, large_print: bool
) -> None:
    classroom = a_class(django_user_model)
    page = looks(contexts, large_print, "tess")
    problems: list[str] = []
    for size, viewport in PROJECTORS.items():
        page.set_viewport_size(viewport)
        page.goto(f"/classes/{classroom.pk}/join-card/")
        expect(page.locator("svg.qr-code")).to_be_visible()
        where = f"join card {size} {PRINT_IDS[large_print]}"
        problems += out_of_view(page, CARD, where)
        qr = page.locator("svg.qr-code").bounding_box()
        assert qr is not None
        if qr["height"] < viewport["height"] * 0.3:  # scanned from a seat, not only from the front row
            problems.append(f"{where}: the QR code is {qr['height']:.0f} px high, too small to scan")
        shot(page, f"join-card-{size}-{PRINT_IDS[large_print]}")
    assert problems == [], "\n".join(problems)
