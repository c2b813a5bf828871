"""The class's deal in the browser: six students on phones (390x844) play the same deal, two of them
partly through the table's own forms and the rest through the services (to keep it quick); nothing
of it shows before the teacher closes it (their finished hand says when its review opens); then the
teacher closes it on the board and steps through it (Next and Previous, by button and by key), on a
projector at 1280x720 and 1920x1080, in normal and large print: the whole board in view at each
step without scrolling, the group of the most students first, the coach's choice marked ★ in words.
No page is wider than its screen.

Screenshots: var/browser/deal/ (the phones' pages, the teacher's pages, the board at each size,
print and step looked at)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from cfmj.classes import deal_split, deals
from cfmj.classes import services as class_services
from cfmj.classes.models import ClassDeal, DealHand
from cfmj.play.models import Game
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_accessibility import AXE, axe_violations, describe
from tests.browser.test_board import LARGE
from tests.browser.test_play import PHONE, Table, fits
from tests.browser.walk import log_in, sign_in
from tests.classes.deal_helpers import SHORT, first, last, play

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "deal"
BOARDS: dict[str, ViewportSize] = {
    "1280x720": {"width": 1280, "height": 720},
    "1920x1080": {"width": 1920, "height": 1080},
}
STUDENTS = 6
ON_THE_PAGE = 2  # students who make their first choices through the table's forms
PICKS = [None, first, None, last, first, None]  # how each plays the rest (None: the advice)
IMAGES_LOADED = "() => [...document.images].every((image) => image.complete)"
# The board's parts, each box against the viewport, and how large its type is.
PARTS = """() => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const parts = [".board-kind", ".deal-nav", ".deal-group", ".deal-group h2", ".deal-split",
                 ".deal-why", ".deal-folded summary", ".deal-count"];
  const out = [];
  for (const selector of parts) {
    for (const el of document.querySelectorAll(selector)) {
      const r = el.getBoundingClientRect();
      if (r.height) out.push({selector, top: r.top, bottom: r.bottom, left: r.left, right: r.right});
    }
  }
  return {parts: out, vw, vh, scrollHeight: document.documentElement.scrollHeight,
          scrollWidth: document.documentElement.scrollWidth,
          text: parseFloat(getComputedStyle(document.querySelector(".board")).fontSize)};
}"""


def _class(user_model: Any) -> tuple[Any, Any, list[Any]]:
    teacher = user_model.objects.create_user("tess", password="pw-tiles-123", role="teacher")
    classroom = class_services.classroom_create(teacher=teacher, name="Tuesday beginners at the club")
    students = []
    for i in range(STUDENTS):
        student = user_model.objects.create_user(f"pupil{i}", password="pw-tiles-123")
        class_services.classroom_join(user=student, code=classroom.code)
        students.append(student)
    return teacher, classroom, students


def _shot(page: Page, name: str, *, full: bool = False) -> None:
    page.wait_for_function(IMAGES_LOADED)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def _board_fits(page: Page, where: str) -> list[str]:
    """The whole board in view, nothing scrolled, its type readable across a room (at least 1.5%
    of the screen's height: a long step is made smaller by board.js)."""
    expect(page.locator("#board[data-fitted]")).to_have_count(1)
    page.wait_for_function(IMAGES_LOADED)
    measured = page.evaluate(PARTS)
    vw, vh = measured["vw"], measured["vh"]
    problems = []
    if measured["scrollHeight"] > vh + 1 or measured["scrollWidth"] > vw + 1:
        problems.append(f"{where}: the board scrolls ({measured['scrollWidth']}x{measured['scrollHeight']})")
    for part in measured["parts"]:
        if part["top"] < -0.5 or part["left"] < -0.5 or part["bottom"] > vh + 0.5 or part["right"] > vw + 0.5:
            problems.append(f"{where}: {part['selector']} out of view: {part}")
    if measured["text"] < vh * 0.015:
        problems.append(f"{where}: type too small ({measured['text']}px)")
    return problems


def _step_shown(page: Page, number: int) -> None:
    expect(page.locator(f'#board[data-step="{number}"][data-fitted]')).to_have_count(1)


def test_six_students_play_the_same_deal_and_the_board_steps_through_it(
    contexts: Callable[..., BrowserContext], django_user_model: Any
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    teacher, classroom, students = _class(django_user_model)
    deal = deals.deal_start(classroom=classroom, teacher=teacher, bot_level="strong", seed=SHORT)
    problems: list[str] = []

    # The students, each on a phone: "Play the class's deal" on the home page; two make their first
    # choices at the table, and the rest of every hand is played through the services.
    phones = []
    for number, student in enumerate(students):
        phone = contexts(PHONE, touch=True).new_page()
        sign_in(phone, student.username)
        phone.goto("/")
        play_button = phone.get_by_role("button", name="Play the class's deal")
        expect(play_button).to_be_visible()
        problems += fits(phone, f"{student.username}: home")
        if number == 0:
            _shot(phone, "phone-home", full=True)
        play_button.tap()
        expect(phone.locator("#table")).to_be_visible()
        game = DealHand.objects.get(deal=deal, student=student).game
        if number < ON_THE_PAGE:
            table = Table(phone, game, f"{student.username} at the table", touch=True)
            for _ in range(3):
                table.act()
            problems += table.problems
            game = table.refresh()
        play(game, PICKS[number])
        phones.append(phone)
    assert Game.objects.filter(status=Game.Status.OVER).count() == STUDENTS
    first_seat = Game.objects.get(owner=students[0])
    assert all(g.seed == first_seat.seed and g.dealer == first_seat.dealer for g in Game.objects.all())

    # A finished hand shows its result, says when its review opens, and links no review.
    phone = phones[0]
    phone.goto(f"/classes/{classroom.pk}/")  # its own page says so too
    expect(phone.locator("#deals")).to_contain_text("Its review opens when your teacher closes the deal")
    problems += fits(phone, "the class page")
    _shot(phone, "phone-class-page", full=True)
    phone.goto(f"/play/{first_seat.pk}/#hand-result")
    expect(phone.locator("#held")).to_contain_text("open when your teacher closes the deal")
    expect(phone.locator("#hand-result").get_by_role("link", name="Review this hand")).to_have_count(0)
    problems += fits(phone, "the finished hand")
    _shot(phone, "phone-finished-hand", full=True)
    response = phone.goto(f"/play/{first_seat.pk}/review/")
    assert response is not None and response.status == 404

    # The teacher's pages at the projector's size; the board before closing: a count, no tiles.
    board = contexts(BOARDS["1280x720"]).new_page()
    sign_in(board, teacher.username)
    board.goto(f"/classes/{classroom.pk}/")
    expect(board.locator("#deals")).to_contain_text("The same deal for everyone")
    problems += fits(board, "the class page")
    board.locator("#deals").scroll_into_view_if_needed()
    _shot(board, "teacher-class-page")
    board.goto(f"/classes/{classroom.pk}/deals/{deal.pk}/")
    expect(board.locator("main")).to_contain_text(f"{STUDENTS} of {STUDENTS}")
    _shot(board, "teacher-deal-page", full=True)
    board.goto(f"/classes/{classroom.pk}/deals/{deal.pk}/board/")
    expect(board.locator(".deal-count")).to_contain_text(f"{STUDENTS} of {STUDENTS} finished")
    assert board.locator(".board img.tile").count() == 0
    problems += _board_fits(board, "1280x720 before closing")
    _shot(board, "board-1280x720-open")

    # Closed on the board itself; then Next and Previous, by button and by key.
    board.get_by_role("button", name="Close the deal and show how the class played").click()
    _step_shown(board, 1)
    expect(board.locator(".board-kind")).to_have_text(f"Step 1 of {_steps(deal)}")
    expect(board.locator(".deal-group h2").first).to_contain_text(f"{STUDENTS} students")
    board.keyboard.press("ArrowRight")
    _step_shown(board, 2)
    board.get_by_role("link", name="Next →").click()
    _step_shown(board, 3)
    board.keyboard.press("ArrowLeft")
    _step_shown(board, 2)
    board.get_by_role("link", name="← Previous").click()
    _step_shown(board, 1)
    assert board.url.endswith("?step=1")

    # Each size and print: the first step, the step where the class split most, and the last.
    logs = deal_split.deal_logs(ClassDeal.objects.get(pk=deal.pk))
    splits = {n: deal_split.split_step(logs, n) for n in range(1, deal_split.steps_of(logs) + 1)}
    widest = max(splits, key=lambda n: (len(splits[n].groups) + len(splits[n].alone), n))
    looked = sorted({1, widest, max(splits)})
    for large in (False, True):
        django_user_model.objects.filter(pk=teacher.pk).update(large_print=large)
        for size, viewport in BOARDS.items():
            page = board if size == "1280x720" else contexts(viewport).new_page()
            if page is not board:
                sign_in(page, teacher.username)
            page.set_viewport_size(viewport)
            look = f"{size}{'-large' if large else ''}"
            for number in looked:
                page.goto(f"/classes/{classroom.pk}/deals/{deal.pk}/board/?step={number}")
                _step_shown(page, number)
                shown = splits[number].shown
                expect(page.locator(".deal-groups > .deal-group")).to_have_count(len(shown))
                heads = page.locator(".deal-groups > .deal-group h2").all_inner_texts()
                assert [int(text.split()[0]) for text in heads] == [g.students for g in shown]
                coach = page.locator(".deal-groups > .deal-group .deal-coach")
                expect(coach).to_have_count(len(shown))  # one ★ row a group, in words
                expect(coach.first).to_contain_text("★ the coach's choice")
                problems += _board_fits(page, f"{look} step {number}")
                _shot(page, f"board-{look}-step-{number}")
            if page is not board:
                page.close()

    # Closed: the student's page lists the hand, and its review opens to the teacher (on a phone too).
    for look, viewport in (("desk", BOARDS["1280x720"]), ("phone", PHONE)):
        page = board if look == "desk" else contexts(viewport, touch=True).new_page()
        if look == "phone":
            sign_in(page, teacher.username)
        page.goto(f"/classes/{classroom.pk}/students/{students[0].pk}/")
        hands = page.locator("#class-hands")
        expect(hands).to_contain_text("The class's deal")
        problems += fits(page, f"{look}: the student's page")
        _shot(page, f"teacher-{look}-student-page", full=True)
        page.goto(f"/classes/{classroom.pk}/deals/{deal.pk}/")
        problems += fits(page, f"{look}: the deal's page")
        hands = page.locator(".deal-who")
        expect(hands.get_by_role("link", name="Review pupil0's hand")).to_have_count(1)
        hands.get_by_role("link", name="Review pupil0's hand").click()
        expect(page.locator("h1")).to_have_text("pupil0’s hand against the bots")
        problems += fits(page, f"{look}: the student's review")
        _shot(page, f"teacher-{look}-review")
    phone.goto(f"/play/{first_seat.pk}/review/")  # and to the student
    expect(phone.locator("h1")).to_have_text(f"Review of game {first_seat.pk}")
    assert not problems, "\n".join(problems)


def test_the_board_steps_without_javascript(browser: Any, live_server: Any, django_user_model: Any) -> None:
    teacher, classroom, students = _class(django_user_model)
    deal = deals.deal_start(classroom=classroom, teacher=teacher, bot_level="strong", seed=SHORT)
    for student, pick in zip(students[:3], PICKS, strict=False):
        play(deals.deal_hand_start(deal=deal, student=student), pick)
    context = browser.new_context(
        base_url=live_server.url, viewport=BOARDS["1280x720"], java_script_enabled=False
    )
    try:
        page = context.new_page()
        log_in(page, teacher.username)
        page.goto(f"/classes/{classroom.pk}/deals/{deal.pk}/board/")
        expect(page.locator(".deal-count")).to_contain_text("3 of 6 finished")
        page.get_by_role("button", name="Close the deal and show how the class played").click()
        expect(page.locator(".board-kind")).to_have_text(f"Step 1 of {_steps(deal)}")
        page.get_by_role("link", name="Next →").click()
        expect(page.locator(".board-kind")).to_have_text(f"Step 2 of {_steps(deal)}")
        page.get_by_role("link", name="← Previous").click()
        expect(page.locator(".board-kind")).to_have_text(f"Step 1 of {_steps(deal)}")
    finally:
        context.close()


def _steps(deal: ClassDeal) -> int:
    return deal_split.steps_of(deal_split.deal_logs(deal))


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
def test_the_deal_pages_have_no_accessibility_problem(
    contexts: Callable[..., BrowserContext], django_user_model: Any, large_print: bool
) -> None:
    """axe finds nothing on the deal's pages: the student's class page and finished hand, the
    teacher's class page, deal page and student page, and the board open and closed."""
    if not AXE.exists():
        pytest.skip("axe-core is not vendored (scripts/ensure-axe fetches it into var/axe/)")
    teacher, classroom, students = _class(django_user_model)
    django_user_model.objects.filter(pk__in=[teacher.pk, students[0].pk]).update(large_print=large_print)
    deal = deals.deal_start(classroom=classroom, teacher=teacher, bot_level="strong", seed=SHORT)
    for student, pick in zip(students[:3], PICKS, strict=False):
        play(deals.deal_hand_start(deal=deal, student=student), pick)
    game = Game.objects.get(owner=students[0])
    found: dict[str, list[dict[str, Any]]] = {}
    phone = contexts(PHONE, bypass_csp=True, touch=True).new_page()
    sign_in(phone, students[0].username)
    desk = contexts(BOARDS["1280x720"], bypass_csp=True).new_page()
    sign_in(desk, teacher.username)
    pages = [
        (phone, "/", "student home"),
        (phone, f"/classes/{classroom.pk}/", "student class page"),
        (phone, f"/classes/{classroom.pk}/deals/{deal.pk}/", "student deal page"),
        (phone, f"/play/{game.pk}/", "finished hand, held"),
        (desk, f"/classes/{classroom.pk}/", "teacher class page"),
        (desk, f"/classes/{classroom.pk}/deals/{deal.pk}/", "teacher deal page"),
        (desk, f"/classes/{classroom.pk}/deals/{deal.pk}/board/", "board, open"),
    ]
    closed = [
        (desk, f"/classes/{classroom.pk}/deals/{deal.pk}/board/?step=1", "board, step 1"),
        (desk, f"/classes/{classroom.pk}/deals/{deal.pk}/board/?step=12", "board, step 12"),
        (desk, f"/classes/{classroom.pk}/students/{students[0].pk}/", "teacher student page"),
        (desk, f"/play/{game.pk}/review/", "teacher review"),
    ]
    for batch in (pages, closed):
        for page, url, where in batch:
            page.goto(url)
            page.wait_for_load_state("load")
            if large_print:
                expect(page.locator("html")).to_have_class(LARGE)
            violations = axe_violations(page)
            if violations:
                found[where] = violations
        deals.deal_close(deal=deal)
    assert not found, describe(found)
