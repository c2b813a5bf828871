"""Names and login cards in the browser, on a phone (390x844) and a tablet (820x1180), in normal and
large print: a teacher names an account the class made, pastes a list of names (first with a name
twice, which is said and makes nothing; then rows pasted from a spreadsheet, a tab between the name
and the year), checks the usernames it would make, gets a page of login cards and prints it (the site's
header and buttons gone, two cards a row); a student logs in with a card, typing the username in
capitals; a learner names themselves on their account page. Each page fits the screen and each
action's result is in view (test_layout's measure).

Screenshots go to var/browser/names/<size>-<print>/, and the login cards as printed (print
emulation, and a PDF) beside them."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from cfmj.classes import services
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_layout import SIZES, Layout
from tests.browser.walk import PASSWORD, print_switch, start

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "names"
LOOKS = [(size, large) for size in SIZES for large in (False, True)]
A4: ViewportSize = {"width": 794, "height": 1123}  # A4 at 96 px an inch
NAMES = "Zoë Müller\tYear 3\nSam Lee\tYear 4\n\nAnne-Marie O'Brien-Fotheringham\tYear 3"


def _world(user_model: Any) -> int:
    teacher = user_model.objects.create_user("tess", password=PASSWORD, role="teacher")
    classroom = services.classroom_create(teacher=teacher, name="Tuesday beginners")
    services.student_create(classroom=classroom, teacher=teacher, username="max", password="tiles-on-tuesday")
    learner = user_model.objects.create_user("sam", password=PASSWORD)
    services.classroom_join(user=learner, code=classroom.code)
    return classroom.pk


@pytest.mark.parametrize(("size", "large_print"), LOOKS)
def test_a_teacher_makes_accounts_from_names_and_prints_their_cards(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, size: str, large_print: bool
) -> None:
    pk = _world(django_user_model)
    folder = SHOTS / f"{size}-{'large-print' if large_print else 'normal'}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    layout = Layout(folder, large_print)

    teacher = start(contexts(SIZES[size]), large_print, "tess")
    teacher.goto(f"/classes/{pk}/")
    teacher.get_by_label("Name of max").fill("Max Mustermann")
    teacher.get_by_label("Name of max").locator("xpath=..").get_by_role("button", name="Save name").click()
    layout(teacher, "class page, max named", teacher.locator(".messages"))
    expect(teacher.locator(".messages")).to_contain_text("max is shown as Max Mustermann.")
    expect(teacher.locator("#students")).to_contain_text("Max Mustermann (max)")

    teacher.get_by_role("link", name="Make accounts from a list of names").click()
    layout(teacher, "names form")
    teacher.get_by_label("Students' names, one a line").fill("Zoë Müller\nSam Lee\nzoë müller")
    teacher.get_by_role("button", name="Check the list").click()
    layout(teacher, "names, a name twice", teacher.locator(".form-errors"))
    expect(teacher.locator(".form-errors")).to_contain_text("Zoë Müller is on lines 1 and 3.")
    teacher.get_by_label("Students' names, one a line").fill(NAMES)
    teacher.get_by_role("button", name="Check the list").click()
    preview = teacher.locator("#preview")
    layout(teacher, "names, checked", preview)
    expect(preview).to_contain_text("3 accounts will be made in Tuesday beginners")
    expect(preview.locator("li")).to_have_text(
        [
            "Zoë Müller, username zoem",
            "Sam Lee, username saml",
            "Anne-Marie O'Brien-Fotheringham, username annemarieo",
        ]
    )
    assert not django_user_model.objects.filter(username="zoem").exists()  # nothing made yet
    preview.get_by_role("button", name="Make these 3 accounts").click()
    layout(teacher, "login cards", teacher.locator(".messages"))
    expect(teacher.locator(".messages")).to_contain_text("3 accounts made and added to Tuesday beginners.")
    cards = teacher.locator(".login-card")
    expect(cards).to_have_count(3)
    expect(cards.first).to_contain_text("Zoë Müller")
    expect(cards.first).to_contain_text("zoem")
    password = cards.first.locator(".login-card-secret").nth(1).inner_text()
    expect(teacher.get_by_role("button", name="Print the cards")).to_be_visible()
    _printed(teacher, folder)

    student = contexts(SIZES[size]).new_page()
    student.goto("/accounts/login/")
    student.get_by_label("Username").fill("ZOEM")  # any case: the one rule log-in reads names by
    student.get_by_label("Password").fill(password)
    student.get_by_role("button", name="Log in").click()
    expect(student.locator("header .account-name")).to_have_count(1)
    student.goto("/accounts/")
    if large_print:
        print_switch(student).click()
        expect(student.locator("html")).to_have_class("large-print")
    expect(student.locator("#main")).to_contain_text("gave this account its name, Zoë Müller")
    layout(student, "account, a made account")

    learner = start(contexts(SIZES[size]), large_print, "sam")
    learner.goto("/accounts/")
    learner.get_by_label("Your name").fill("Samuel Okafor")
    learner.get_by_role("button", name="Save name").click()
    layout(learner, "account, named", learner.locator(".messages"))
    expect(learner.locator(".messages")).to_contain_text("Your name is saved: Samuel Okafor.")

    teacher.goto(f"/classes/{pk}/")
    expect(teacher.locator("#students")).to_contain_text("Samuel Okafor (sam)")
    expect(teacher.locator("#students")).to_contain_text("Zoë Müller (zoem)")
    layout(teacher, "class page, every name")
    teacher.locator("#students").screenshot(path=str(folder / "class-page-students.png"))
    assert not layout.problems, f"{len(layout.problems)} layout problems:\n" + "\n".join(layout.problems)


def _printed(page: Page, folder: Any) -> None:
    """The cards as printed: no site header, messages or buttons; two cards a row; all on paper."""
    page.screenshot(path=str(folder / "login-cards-screen.png"), full_page=True)
    screen = page.viewport_size
    page.emulate_media(media="print")
    page.set_viewport_size(A4)  # as wide as the paper
    try:
        expect(page.locator(".site-header")).to_be_hidden()
        expect(page.locator(".messages")).to_be_hidden()
        expect(page.get_by_role("button", name="Printed: clear the cards from this page")).to_be_hidden()
        expect(page.get_by_role("button", name="Print the cards")).to_be_hidden()
        boxes = [page.locator(".login-card").nth(n).bounding_box() for n in range(2)]
        assert boxes[0] is not None and boxes[1] is not None
        assert abs(boxes[0]["y"] - boxes[1]["y"]) < 1 and boxes[1]["x"] > boxes[0]["x"]  # side by side
        page.screenshot(path=str(folder / "login-cards-print.png"), full_page=True)
        page.pdf(path=str(folder / "login-cards.pdf"), format="A4")
    finally:
        page.emulate_media(media="screen")
        if screen is not None:
            page.set_viewport_size(screen)
