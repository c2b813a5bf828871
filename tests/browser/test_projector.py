"""A class on a projector: the join card and the board at 1280x720 and 1920x1080, in normal and
large print, with nothing to scroll (the card's QR code and class code, and the board's corner for
latecomers, each box measured inside the viewport, the corner over no part of the puzzle or the
count); and presenter mode, the board run from the laptop that shows it: the keys R and N (not
while typing in a field) and its buttons, without JavaScript too.

Screenshots: var/browser/projector/<page>-<size>-<print>.png."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from cfmj.classes import services as class_services
from cfmj.classes import sessions
from cfmj.classes.models import Classroom, ClassSession
from tests.browser.conftest import ARTIFACTS
from tests.browser.walk import PASSWORD, start
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

if TYPE_CHECKING:
    from pytest_django.live_server_helper import LiveServer

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


def board_text(page: Page) -> str:
    return page.locator("#board").inner_text()


@pytest.mark.parametrize("large_print", PRINTS, ids=PRINT_IDS)
def test_the_teacher_presents_from_one_laptop_with_the_keys_r_and_n(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, large_print: bool
) -> None:
    classroom, session = a_session(django_user_model)
    PuzzleFactory(kind="discard", band=3)  # the next puzzle, of the same kind and difficulty
    page = looks(contexts, large_print, "tess")
    look = PRINT_IDS[large_print]
    problems: list[str] = []
    page.goto(f"/classes/{classroom.pk}/session/present/")
    fitted(page, revealed=False)
    keys = page.locator(".board-keys")
    expect(keys).to_contain_text("Keys: R reveal, N next")
    expect(page.get_by_role("button", name="Reveal the answer")).to_have_attribute("aria-keyshortcuts", "R")
    # Before the reveal: how many answered, and nothing of how many are right.
    expect(page.locator(".tally-count")).to_contain_text("4 of 6 answered")
    assert "right" not in page.locator(".board-tally").inner_text().lower()
    assert "The answer:" not in board_text(page)
    expect(page.locator(".tally-bars")).to_have_count(0)
    for size, viewport in PROJECTORS.items():
        page.set_viewport_size(viewport)
        fitted(page, revealed=False)
        problems += out_of_view(
            page, [".board-present", ".board-keys", ".board-latecomers svg.qr-code", ".board .prompt"], size
        )
        shot(page, f"present-{size}-{look}-before")
    page.set_viewport_size(PROJECTORS["1280x720"])

    page.keyboard.press("r")
    expect(page.locator("#reveal")).to_contain_text("The answer:")
    session.refresh_from_db()
    assert session.revealed_at is not None and session.closed_at is None
    expect(page.locator(".tally-count")).to_contain_text("2 right")
    expect(keys).to_have_text(re.compile(r"^Keys: N next"))
    expect(page.get_by_role("button", name="Reveal the answer")).to_have_count(0)
    fitted(page, revealed=True)
    problems += out_of_view(page, [".board-present", "#reveal h2", ".board-latecomers svg.qr-code"], "after")
    shot(page, f"present-1280x720-{look}-after")

    page.keyboard.press("n")
    expect(page.locator("#reveal")).to_have_count(0)
    expect(keys).to_contain_text("Keys: R reveal, N next")
    current = sessions.session_current(classroom)
    assert current is not None and current.pk != session.pk and current.puzzle.kind == "discard"
    assert ClassSession.objects.filter(classroom=classroom).count() == 2
    expect(page.locator(".tally-count")).to_contain_text("0 of 6 answered")
    assert problems == [], "\n".join(problems)


def test_the_keys_do_nothing_while_the_teacher_chooses_in_a_field(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any
) -> None:
    classroom = a_class(django_user_model)
    PuzzleFactory(kind="rules_quiz", band=2)
    page = looks(contexts, False, "tess")
    page.goto(f"/classes/{classroom.pk}/session/present/")
    expect(page.locator(".board-keys")).to_contain_text("Keys: N put it on the board")
    kind = page.get_by_label("Kind of puzzle")
    kind.focus()
    page.keyboard.press("n")  # in the list, a letter chooses; it puts nothing on the board
    page.keyboard.press("r")
    assert not ClassSession.objects.filter(classroom=classroom).exists()
    expect(page.locator(".board-empty")).to_be_visible()
    # Inside a field typed into (the board has none: one is put there), the keys are letters too.
    page.evaluate(
        """() => { const box = document.createElement("input"); box.id = "typed";
                   document.querySelector(".board-present").append(box); }"""
    )
    page.locator("#typed").press_sequentially("nr")
    assert not ClassSession.objects.filter(classroom=classroom).exists()
    kind.select_option("rules_quiz")
    page.get_by_label("Difficulty (1 to 5)").select_option("2")
    page.locator("#board").click(position={"x": 5, "y": 5})  # out of the list
    page.keyboard.press("n")
    expect(page.locator(".board .prompt")).to_be_visible()
    session = sessions.session_current(classroom)
    assert session is not None and session.puzzle.kind == "rules_quiz" and session.puzzle.band == 2


def test_the_presenter_s_buttons_work_without_javascript(
    browser: Browser, live_server: LiveServer, django_user_model: Any
) -> None:
    classroom, session = a_session(django_user_model, kind="rules_quiz")
    PuzzleFactory(kind="rules_quiz", band=3)
    context = browser.new_context(
        base_url=live_server.url, viewport=PROJECTORS["1280x720"], java_script_enabled=False
    )
    try:
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Username").fill("tess")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.goto(f"/classes/{classroom.pk}/session/present/")
        page.get_by_role("button", name="Reveal the answer").click()
        expect(page.locator("#reveal")).to_contain_text("The answer:")
        assert page.url.endswith(f"/classes/{classroom.pk}/session/present/")
        page.get_by_role("button", name="Next puzzle").click()
        expect(page.locator("#reveal")).to_have_count(0)
        expect(page.get_by_role("button", name="Reveal the answer")).to_be_visible()
        current = sessions.session_current(classroom)
        assert current is not None and current.pk != session.pk
    finally:
        context.close()
