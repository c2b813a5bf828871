"""A class on a projector: the join card and the board at 1280x720 and 1920x1080, in normal and
large print, with nothing to scroll (the card's QR code and class code, and the board's corner for
latecomers, each box measured inside the viewport, the corner over no part of the puzzle or the
count).

Screenshots: var/browser/projector/<page>-<size>-<print>.png."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from cfmj.classes import services as class_services
from cfmj.classes import sessions
from cfmj.classes.models import Classroom, ClassSession
from tests.browser.conftest import ARTIFACTS
from tests.browser.walk import PASSWORD, start
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

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


def overlap(page: Page, one: str, other: str) -> bool:
    measured = page.evaluate(BOXES, [one, other])
    a, b = measured["boxes"][one], measured["boxes"][other]
    return bool(
        a
        and b
        and a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


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


STUDENTS = 6


def a_session(user_model: Any, kind: str = "discard") -> tuple[Classroom, ClassSession]:
    """A class of six on the board: the puzzle answered by four, two of them right."""
    classroom = a_class(user_model)
    students = []
    for i in range(STUDENTS):
        student = user_model.objects.create_user(f"pupil{i}", password=PASSWORD)
        class_services.classroom_join(user=student, code=classroom.code)
        students.append(student)
    PuzzleFactory(kind=kind, band=3)
    assert classroom.owner is not None
    session = sessions.session_start(classroom=classroom, teacher=classroom.owner, kind=kind, band=3)
    for student, right in zip(students, (True, True, False, False), strict=False):
        response = right_response(session.puzzle) if right else wrong_response(session.puzzle)
        sessions.session_answer(session=session, student=student, response=response)
    return classroom, session


def fitted(page: Page, *, revealed: bool) -> None:
    """board.js has fitted the board now on screen, and its pictures have come."""
    board = "#board.board-revealed[data-fitted]" if revealed else "#board:not(.board-revealed)[data-fitted]"
    expect(page.locator(board)).to_have_count(1)
    page.wait_for_function("() => [...document.images].every((image) => image.complete)")


CORNER = [".board-latecomers svg.qr-code", ".board-latecomers .class-code", ".board-kind", ".board .prompt"]


@pytest.mark.parametrize("large_print", PRINTS, ids=PRINT_IDS)
def test_the_board_shows_latecomers_the_code_and_a_qr_code_in_a_corner(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, large_print: bool
) -> None:
    classroom, session = a_session(django_user_model)
    page = looks(contexts, large_print, "tess")
    problems: list[str] = []
    for revealed in (False, True):
        if revealed:
            sessions.session_reveal(session=session)
        for size, viewport in PROJECTORS.items():
            page.set_viewport_size(viewport)
            page.goto(f"/classes/{classroom.pk}/session/board/")
            fitted(page, revealed=revealed)
            where = f"board {size} {PRINT_IDS[large_print]} {'after' if revealed else 'before'}"
            expect(page.locator(".board-latecomers")).to_contain_text(classroom.code)
            problems += out_of_view(page, CORNER, where)
            for part in (".board-puzzle", ".board-tally"):
                if overlap(page, ".board-latecomers", part):
                    problems.append(f"{where}: the corner for latecomers covers {part}")
            qr = page.locator(".board-latecomers svg.qr-code").bounding_box()
            assert qr is not None
            if not viewport["height"] * 0.12 <= qr["height"] <= viewport["height"] * 0.25:
                problems.append(f"{where}: the corner's QR code is {qr['height']:.0f} px high")
            shot(page, f"board-{size}-{PRINT_IDS[large_print]}-{'after' if revealed else 'before'}")
    assert problems == [], "\n".join(problems)
