"""The class session on a projector: the board takes the whole screen with no site
header and nothing to press, and at 1920x1080 and 1280x720 shows the question, the hand and the
count, and after the reveal the answer, its explanation and the class's split, without scrolling
(each element's box measured against the viewport), for every kind of puzzle, with answers spread
over every choice. The teacher runs it from their controls on a phone or in a second window; the
board follows by itself.

Screenshots: var/browser/board/<size>-<kind>-<before|after>.png and the controls'
var/browser/board/control-<size>-<print>-<state>.png."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from cfmj.classes import services as class_services
from cfmj.classes import sessions
from cfmj.classes.models import Classroom, ClassSession
from cfmj.engine import drills
from cfmj.engine.drills import choices
from practice.answering import BlankAnswerError
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_layout import MEASURE, PLACE, in_view
from tests.browser.walk import PASSWORD, log_in, settled, sign_in, start
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "board"
BOARDS: dict[str, ViewportSize] = {
    "1920x1080": {"width": 1920, "height": 1080},
    "1280x720": {"width": 1280, "height": 720},
}
PHONES: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 820, "height": 1180},
}
STUDENTS = 14

# The board's parts, each box against the viewport: what must be on screen, whole.
PARTS = """(selectors) => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const out = [];
  for (const selector of selectors) {
    for (const el of document.querySelectorAll(selector)) {
      const r = el.getBoundingClientRect();
      out.push({selector, top: r.top, bottom: r.bottom, left: r.left, right: r.right, vw, vh});
    }
  }
  return {parts: out, scrollHeight: document.documentElement.scrollHeight,
          scrollWidth: document.documentElement.scrollWidth, vw, vh,
          prompt: parseFloat(getComputedStyle(document.querySelector(".board .prompt")).fontSize),
          text: parseFloat(getComputedStyle(document.querySelector(".board")).fontSize)};
}"""
BEFORE = [".board-kind", ".board .prompt", ".board .tally-count", ".board-tally"]
AFTER = [*BEFORE, "#reveal", "#reveal h2", "#reveal .explanation", ".board .tally-bars"]
LARGE = re.compile(r"\blarge-print\b")
CONTROLS = ["Reveal the answer", "Next puzzle", "End the session", "Log out", "Put a puzzle on the board"]


def _class(user_model: Any) -> tuple[Any, Classroom, list[Any]]:
    teacher = user_model.objects.create_user("tess", password=PASSWORD, role="teacher")
    classroom = class_services.classroom_create(teacher=teacher, name="Tuesday beginners at the club")
    students = []
    for i in range(STUDENTS):
        student = user_model.objects.create_user(f"pupil{i}", password=PASSWORD)
        class_services.classroom_join(user=student, code=classroom.code)
        students.append(student)
    return teacher, classroom, students


def _answers(session: ClassSession, students: list[Any]) -> None:
    """Answers spread over every choice the puzzle offers (the longest split), then right and
    wrong ones."""
    puzzle = session.puzzle
    responses = [
        {**wrong_response(puzzle), field: value}
        for field, _ in choices.choice_fields(puzzle.kind)
        for value, _ in choices.choices(field, puzzle.question)
    ]
    responses += [right_response(puzzle), wrong_response(puzzle)] * STUDENTS
    for student, response in zip(students, responses, strict=False):
        try:
            sessions.session_answer(session=session, student=student, response=response)
        except BlankAnswerError:
            sessions.session_answer(session=session, student=student, response=wrong_response(puzzle))


def _fits(page: Page, selectors: list[str], where: str) -> list[str]:
    measured = page.evaluate(PARTS, selectors)
    problems = []
    if measured["scrollHeight"] > measured["vh"] + 1 or measured["scrollWidth"] > measured["vw"] + 1:
        problems.append(f"{where}: the board scrolls ({measured['scrollWidth']}x{measured['scrollHeight']})")
    found = {part["selector"] for part in measured["parts"]}
    problems += [f"{where}: no {selector}" for selector in selectors if selector not in found]
    for part in measured["parts"]:
        if (
            part["top"] < -0.5
            or part["left"] < -0.5
            or part["bottom"] > part["vh"] + 0.5
            or part["right"] > part["vw"] + 0.5
        ):
            problems.append(f"{where}: {part['selector']} out of view: {part}")
    # Readable from the back of a room: the text at least 2% of the screen's height (on a screen 2 m
    # high, letters 4 cm high), the prompt larger. Only a long explanation beside a long split
    # (board.js makes room) brings them near that; most boards are at 2.6% and 3.8%.
    if measured["prompt"] < measured["vh"] * 0.028 or measured["text"] < measured["vh"] * 0.02:
        problems.append(f"{where}: type too small ({measured['prompt']}px prompt, {measured['text']}px text)")
    return problems


def _no_controls(page: Page, where: str) -> list[str]:
    problems = []
    if page.locator("header.site-header, footer.site-footer, form").count():
        problems.append(f"{where}: the site's header, footer or a form is on the board")
    for name in CONTROLS:
        if page.get_by_role("button", name=name).count() or page.get_by_role("link", name=name).count():
            problems.append(f"{where}: {name!r} is on the board")
    return problems


TILES_HEIGHT = """() => Math.max(0, ...[...document.querySelectorAll(".board .rack-view .tile")]
  .map((tile) => tile.getBoundingClientRect().height))"""


def _tiles_height(page: Page) -> float:
    return float(page.evaluate(TILES_HEIGHT))


IMAGES_LOADED = "() => [...document.images].every((image) => image.complete)"


def _fitted(page: Page, *, revealed: bool) -> None:
    """Wait until board.js has fitted the board now on screen (it marks the board it fitted: a
    board swapped in by htmx is a new element, its own attributes in place once htmx has settled
    it, then fitted) and its tile pictures have come, instead of a fixed pause."""
    board = "#board.board-revealed[data-fitted]" if revealed else "#board:not(.board-revealed)[data-fitted]"
    expect(page.locator(board)).to_have_count(1)
    page.wait_for_function(IMAGES_LOADED)


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
def test_the_board_fits_the_projector_before_and_after_the_reveal_for_every_kind(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, large_print: bool
) -> None:
    """Both projector sizes watch the same session (one window each, as a teacher may open the board
    twice): each kind's puzzle is answered and revealed once, and each size is measured before and
    after."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    teacher, classroom, students = _class(django_user_model)
    pages: dict[str, Page] = {}
    for size, viewport in BOARDS.items():
        context = contexts(viewport)
        context.clock.install()  # its timers run as usual; the poll after the reveal is not waited for
        if pages:  # the teacher's print setting is on their account already: this window logs in
            page = context.new_page()
            log_in(page, teacher.username)
            if large_print:
                expect(page.locator("html")).to_have_class(LARGE)
            else:
                expect(page.locator("html")).not_to_have_class(LARGE)
        else:
            page = start(context, large_print, teacher.username)
        # the teacher's setting reaches the board; it is large already
        pages[f"{size}-large" if large_print else size] = page
    problems: list[str] = []
    for kind in drills.KINDS:
        PuzzleFactory(kind=kind, band=5)
        session = sessions.session_start(classroom=classroom, teacher=teacher, kind=kind, band=5)
        _answers(session, students)
        for size, page in pages.items():
            page.goto(f"/classes/{classroom.pk}/session/board/")
            expect(page.locator(".board .prompt")).to_be_visible()
            page.wait_for_load_state("load")
            _fitted(page, revealed=False)
            problems += _fits(page, BEFORE, f"{size} {kind} before") + _no_controls(page, f"{size} {kind}")
            if session.puzzle.question.get("hand") and kind not in ("rules_quiz",):
                tall = _tiles_height(page)
                if tall < page.viewport_size["height"] * 0.06:  # type: ignore[index]
                    problems.append(
                        f"{size} {kind}: tiles {tall:.0f}px high, too small to read across a room"
                    )
            assert "The answer:" not in page.locator(".board").inner_text()
            page.screenshot(path=str(SHOTS / f"{size}-{kind}-before.png"))
        sessions.session_reveal(session=session)  # pressed on the teacher's phone: the boards follow
        for size, page in pages.items():
            page.clock.fast_forward(2_000)  # the board's next poll, without waiting for it
            expect(page.locator("#reveal")).to_be_visible(timeout=8_000)
            _fitted(page, revealed=True)
            problems += _fits(page, AFTER, f"{size} {kind} after") + _no_controls(
                page, f"{size} {kind} after"
            )
            page.screenshot(path=str(SHOTS / f"{size}-{kind}-after.png"))
    assert problems == [], "\n".join(problems)


def test_the_board_follows_the_teachers_phone_through_reveal_next_and_end(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any
) -> None:
    teacher, classroom, students = _class(django_user_model)
    for kind in ("worth", "discard"):
        PuzzleFactory(kind=kind, band=2)
    session = sessions.session_start(classroom=classroom, teacher=teacher, kind="worth", band=2)
    board_context = contexts(BOARDS["1280x720"])
    board_context.clock.install()  # its timers run as usual; each change's poll is not waited for
    board = board_context.new_page()
    sign_in(board, teacher.username)
    board.goto(f"/classes/{classroom.pk}/session/board/")
    expect(board.locator(".board-kind")).to_have_text(drills.KIND_TITLES["worth"])
    expect(board.locator(".tally-count")).to_contain_text(f"0 of {STUDENTS} answered")

    phone = contexts(PHONES["phone"]).new_page()
    sign_in(phone, teacher.username)
    phone.goto(f"/classes/{classroom.pk}/session/{session.pk}/")
    sessions.session_answer(session=session, student=students[0], response=right_response(session.puzzle))
    board.clock.fast_forward(2_000)  # the board's next poll
    expect(board.locator(".tally-count")).to_contain_text(f"1 of {STUDENTS} answered")  # polled
    phone.get_by_role("button", name="Reveal the answer").click()
    expect(phone.locator("#reveal")).to_contain_text("The answer:")
    board.clock.fast_forward(2_000)
    expect(board.locator("#reveal")).to_contain_text("The answer:")
    expect(board.locator(".board-tally")).to_contain_text("Right")
    phone.get_by_label("Kind of puzzle").select_option("discard")
    phone.get_by_role("button", name="Next puzzle").click()
    expect(phone.locator(".messages")).to_contain_text("On the board now")
    board.clock.fast_forward(2_000)
    expect(board.locator(".board-kind")).to_have_text(drills.KIND_TITLES["discard"])
    expect(board.locator("#reveal")).to_have_count(0)
    phone.get_by_role("button", name="End the session").click()
    expect(phone.locator(".messages")).to_contain_text("The session has ended")
    board.clock.fast_forward(2_000)
    expect(board.locator(".board-empty")).to_contain_text("No puzzle on the board")


def test_the_board_reloads_itself_without_javascript(
    browser: Any, live_server: Any, django_user_model: Any
) -> None:
    teacher, classroom, _ = _class(django_user_model)
    PuzzleFactory(kind="rules_quiz", band=2)
    context = browser.new_context(
        base_url=live_server.url, viewport=BOARDS["1280x720"], java_script_enabled=False
    )
    try:
        page = context.new_page()
        page.goto("/accounts/login/")
        page.get_by_label("Username").fill(teacher.username)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.goto(f"/classes/{classroom.pk}/session/board/")
        expect(page.locator(".board-empty")).to_be_visible()
        session = sessions.session_start(classroom=classroom, teacher=teacher, kind="rules_quiz", band=2)
        expect(page.locator(".board .prompt")).to_be_visible(timeout=12_000)  # the reload every 5 s
        sessions.session_reveal(session=session)
        expect(page.locator("#reveal")).to_be_visible(timeout=12_000)
        assert not _fits(page, AFTER, "without JavaScript")
    finally:
        context.close()


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("size", list(PHONES))
def test_the_controls_fit_a_phone_and_show_each_result(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, size: str, large_print: bool
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    teacher, classroom, students = _class(django_user_model)
    for kind in ("name_hand", "joker_exchange"):
        PuzzleFactory(kind=kind, band=3)
    session = sessions.session_start(classroom=classroom, teacher=teacher, kind="name_hand", band=3)
    _answers(session, students)
    page = start(contexts(PHONES[size]), large_print, teacher.username)
    name = f"control-{size}-{'large' if large_print else 'normal'}"
    problems: list[str] = []

    def visit(where: str, result: Any = None) -> None:
        if result is not None:
            expect(result).to_be_visible()
            settled(page)
            place = result.evaluate(PLACE)
            if not in_view(place):
                problems.append(f"{where}: the result is out of view: {place}")
        measured = page.evaluate(MEASURE)
        if measured["scrollWidth"] > measured["innerWidth"] or measured["offenders"]:
            problems.append(f"{where}: sideways scroll {measured['scrollWidth']} {measured['offenders']}")
        page.screenshot(path=str(SHOTS / f"{name}-{where}.png"))

    page.goto(f"/classes/{classroom.pk}/session/{session.pk}/")
    visit("live")
    page.get_by_role("button", name="Reveal the answer").click()
    visit("revealed", page.locator("#reveal"))
    page.get_by_label("Kind of puzzle").select_option("joker_exchange")
    page.get_by_label("Difficulty (1 = first steps, 5 = hardest)").select_option("3")
    page.get_by_role("button", name="Next puzzle").click()
    visit("next", page.locator(".messages"))
    expect(page.locator("#now-title")).to_contain_text(drills.KIND_TITLES["joker_exchange"])
    page.locator(".control-puzzle summary").click()
    visit("puzzle shown")
    page.get_by_role("button", name="End the session").click()
    visit("ended", page.locator(".messages"))
    assert problems == [], "\n".join(problems)
