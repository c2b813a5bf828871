"""Joining, leaving and archiving in a browser: a student on a phone or tablet (normal and large print)
follows a join link, signs up or logs in and is in the class; the teacher's join card; removing a
student, archiving and stepping down asked first, with JavaScript off; archiving closes the board,
the code and the join link, and bringing the class back opens them.

Screenshots go to var/browser/join/."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from cfmj.classes import services as class_services
from cfmj.classes import sessions
from cfmj.classes.models import Classroom, ClassSession, Membership
from tests.browser.answer_form import fill
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_fit import problems_at
from tests.browser.test_layout import SIZES
from tests.browser.walk import PASSWORD, header_menu, log_in, print_switch, start
from tests.engine.drills.helpers import right_response
from tests.practice.factories import PuzzleFactory

if TYPE_CHECKING:
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "join"
LOOKS = [(size, large) for size in SIZES for large in (False, True)]
IDS = [f"{size}-{'large-print' if large else 'normal'}" for size, large in LOOKS]


def a_class(user_model: Any, name: str = "Tuesday beginners") -> Classroom:
    teacher = user_model.objects.create_user("tess", password=PASSWORD, role="teacher")
    return class_services.classroom_create(teacher=teacher, name=name)


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def fits(page: Page, where: str) -> None:
    assert not problems_at(page, where)


@pytest.mark.parametrize(("size", "large"), LOOKS, ids=IDS)
def test_a_newcomer_follows_a_join_link_signs_up_and_is_in_the_class(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, size: str, large: bool
) -> None:
    classroom = a_class(django_user_model)
    look = f"{size}-{'large-print' if large else 'normal'}"
    page = start(contexts(SIZES[size]), large)
    page.goto(f"/classes/join/{classroom.code.lower()}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Join Tuesday beginners")
    fits(page, f"join link, {look}")
    shot(page, f"1-join-link-{look}")
    page.get_by_role("link", name="I'm new: make an account and join").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Make an account to join Tuesday beginners")
    page.get_by_label("Username").fill("newbie")
    page.get_by_label("Password", exact=True).fill("soap-and-dragons-42")
    page.get_by_label("Password confirmation").fill("soap-and-dragons-42")
    fits(page, f"sign up to join, {look}")
    shot(page, f"2-sign-up-to-join-{look}")
    page.get_by_role("button", name="Sign up and join Tuesday beginners").click()
    # On the way: the account's recovery code, shown once, then on into the class.
    expect(page.get_by_role("heading", level=1)).to_have_text("Your recovery code")
    expect(page.locator(".messages")).to_contain_text("you are in Tuesday beginners")
    expect(page.locator(".messages")).to_be_in_viewport()
    fits(page, f"recovery code, {look}")
    shot(page, f"3-recovery-code-{look}")
    page.get_by_role("link", name="I have kept it: go on").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tuesday beginners")
    fits(page, f"in the class, {look}")
    shot(page, f"3-in-the-class-{look}")
    membership = Membership.objects.get(user__username="newbie")
    assert (membership.classroom_id, membership.role, membership.active) == (classroom.pk, "student", True)


def test_a_student_with_an_account_logs_in_from_the_link_and_is_in_the_class(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any
) -> None:
    classroom = a_class(django_user_model)
    django_user_model.objects.create_user("sam", password=PASSWORD)
    page = start(contexts(SIZES["phone"]), False)
    page.goto(f"/classes/join/{classroom.code}/")
    page.get_by_role("link", name="I have an account: log in and join").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Log in to join Tuesday beginners")
    page.get_by_label("Username").fill("sam")
    page.get_by_label("Password").fill(PASSWORD)
    shot(page, "4-log-in-to-join-phone")
    page.get_by_role("button", name="Log in and join Tuesday beginners").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tuesday beginners")
    expect(page.locator(".messages")).to_contain_text("You are in Tuesday beginners")
    assert Membership.objects.filter(user__username="sam", classroom=classroom, left_at=None).exists()


def test_the_header_s_sign_up_link_on_a_join_link_s_log_in_page_still_ends_in_the_class(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any
) -> None:
    classroom = a_class(django_user_model)
    page = start(contexts(SIZES["phone"]), False)
    page.goto(f"/classes/join/{classroom.code}/")
    page.get_by_role("link", name="I have an account: log in and join").click()
    header_menu(page).get_by_role("link", name="Sign up").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Make an account to join Tuesday beginners")
    page.get_by_label("Username").fill("newbie")
    page.get_by_label("Password", exact=True).fill("soap-and-dragons-42")
    page.get_by_label("Password confirmation").fill("soap-and-dragons-42")
    page.get_by_role("button", name="Sign up and join Tuesday beginners").click()
    page.get_by_role("link", name="I have kept it: go on").click()  # past the recovery code
    expect(page.get_by_role("heading", level=1)).to_have_text("Tuesday beginners")
    page.go_back()  # the log-in page left behind sends a signed-in student on, not to a log-in form
    page.goto(f"/accounts/login/?next=/classes/join/{classroom.code}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Join a class")
    expect(page.locator("main")).to_contain_text("You are in Tuesday beginners already")


@pytest.mark.parametrize(("size", "large"), LOOKS, ids=IDS)
def test_the_join_card_shows_the_code_the_link_and_a_qr_code(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any, size: str, large: bool
) -> None:
    classroom = a_class(django_user_model)
    look = f"{size}-{'large-print' if large else 'normal'}"
    page = start(contexts(SIZES[size]), large, "tess")
    page.goto(f"/classes/{classroom.pk}/")
    page.get_by_role("link", name="Join card to print or show on the board").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Join Tuesday beginners")
    qr = page.locator("svg.qr-code")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box is not None and box["width"] >= 200 and abs(box["width"] - box["height"]) < 2
    expect(page.locator(".join-card")).to_contain_text(classroom.code)
    expect(page.locator(".join-card")).to_contain_text(f"/classes/join/{classroom.code}/")
    expect(page.get_by_role("button", name="Print the card")).to_be_visible()  # with JavaScript
    fits(page, f"join card, {look}")
    shot(page, f"5-join-card-{look}")
    if size == "tablet" and not large:
        page.emulate_media(media="print")
        expect(page.locator("header.site-header")).to_be_hidden()
        expect(page.get_by_role("button", name="Print the card")).to_be_hidden()
        shot(page, "6-join-card-printed")


def _no_js(browser: Browser, live_server: LiveServer, size: str) -> BrowserContext:
    return browser.new_context(base_url=live_server.url, viewport=SIZES[size], java_script_enabled=False)


@pytest.mark.parametrize(("size", "large"), LOOKS, ids=IDS)
def test_removing_archiving_and_stepping_down_ask_first_without_javascript(
    browser: Browser, live_server: LiveServer, django_user_model: Any, size: str, large: bool
) -> None:
    classroom = a_class(django_user_model)
    bill = django_user_model.objects.create_user("BillT", password=PASSWORD)
    class_services.classroom_join(user=bill, code=classroom.code)
    assert classroom.owner is not None
    for name in ("cora", "cory"):
        django_user_model.objects.create_user(name, password=PASSWORD, role="teacher")
        invite = class_services.coteacher_invite(classroom=classroom, owner=classroom.owner, username=name)
        class_services.coteacher_invite_answer(invite=invite, invitee=invite.invitee, accept=True)
    look = f"{size}-{'large-print' if large else 'normal'}"
    made = [_no_js(browser, live_server, size) for _ in range(2)]
    try:
        teacher = made[0].new_page()
        log_in(teacher, "tess")
        if large:
            teacher.goto("/")
            print_switch(teacher).click()
        teacher.goto(f"/classes/{classroom.pk}/")
        teacher.get_by_role("link", name="Remove BillT…").click()
        expect(teacher.get_by_role("heading", level=1)).to_have_text("Remove BillT from Tuesday beginners?")
        fits(teacher, f"remove, asked, {look}")
        shot(teacher, f"7-remove-asked-{look}")
        assert Membership.objects.get(user=bill).active  # asking changes nothing
        teacher.get_by_role("button", name="Remove BillT").click()
        expect(teacher.locator(".messages")).to_contain_text("BillT is no longer in the class")
        expect(teacher.locator(".messages")).to_be_in_viewport()
        assert not Membership.objects.get(user=bill).active
        teacher.get_by_role("link", name="Remove cory…").click()
        expect(teacher.get_by_role("heading", level=1)).to_have_text(
            "Remove cory from teaching Tuesday beginners?"
        )
        fits(teacher, f"remove a co-teacher, asked, {look}")
        teacher.get_by_role("button", name="Remove cory").click()
        expect(teacher.locator(".messages")).to_contain_text("cory no longer teaches Tuesday beginners")

        cora = made[1].new_page()
        log_in(cora, "cora")
        cora.goto(f"/classes/{classroom.pk}/")
        cora.get_by_role("link", name="Step down from this class…").click()
        expect(cora.get_by_role("heading", level=1)).to_have_text("Step down from Tuesday beginners?")
        fits(cora, f"step down, asked, {look}")
        cora.get_by_role("button", name="Step down").click()
        expect(cora.locator(".messages")).to_contain_text("You have left Tuesday beginners")

        teacher.goto(f"/classes/{classroom.pk}/")
        teacher.get_by_role("link", name="Archive this class…").click()
        expect(teacher.get_by_role("heading", level=1)).to_have_text("Archive Tuesday beginners?")
        fits(teacher, f"archive, asked, {look}")
        shot(teacher, f"8-archive-asked-{look}")
        teacher.get_by_role("link", name="No, keep the class open").click()
        assert not Classroom.objects.get().archived
        teacher.get_by_role("link", name="Archive this class…").click()
        teacher.get_by_role("button", name="Archive Tuesday beginners").click()
        expect(teacher.locator(".messages")).to_contain_text("Tuesday beginners is archived")
        assert Classroom.objects.get().archived
    finally:
        for context in made:
            context.close()


def test_archiving_closes_the_board_the_code_and_the_link_and_bringing_it_back_opens_them(
    contexts: Callable[[ViewportSize], BrowserContext],
    browser: Browser,
    live_server: LiveServer,
    django_user_model: Any,
) -> None:
    classroom = a_class(django_user_model)
    sam = django_user_model.objects.create_user("sam", password=PASSWORD)
    class_services.classroom_join(user=sam, code=classroom.code)
    PuzzleFactory(kind="worth", band=1)
    assert classroom.owner is not None
    session = sessions.session_start(classroom=classroom, teacher=classroom.owner, kind="worth", band=1)
    # Without JavaScript, so that the form stays on the phone (its page would swap it out when it
    # polls): an answer sent from it after the archiving is refused.
    no_js = _no_js(browser, live_server, "phone")
    try:
        _archive_and_bring_back(contexts, no_js.new_page(), classroom, session)
    finally:
        no_js.close()


def _archive_and_bring_back(
    contexts: Callable[[ViewportSize], BrowserContext], student: Page, classroom: Classroom, session: Any
) -> None:
    log_in(student, "sam")
    student.goto(f"/classes/{classroom.pk}/session/")
    expect(student.locator("form.answer-form")).to_have_count(1)
    teacher = start(contexts(SIZES["tablet"]), False, "tess")
    teacher.goto(f"/classes/{classroom.pk}/archive/")
    teacher.get_by_role("button", name="Archive Tuesday beginners").click()
    main = teacher.locator("main")
    expect(main).to_contain_text("This class is archived")
    expect(main).not_to_contain_text(classroom.code)
    expect(teacher.get_by_role("link", name="Set homework")).to_have_count(0)
    expect(teacher.get_by_role("heading", name="Make an account for a student")).to_have_count(0)
    shot(teacher, "9-archived-class-tablet")
    assert ClassSession.objects.get(pk=session.pk).closed_at is not None
    # the answer form the student still has open is refused
    form = student.locator("form.answer-form")
    fill(form, session.puzzle, right_response(session.puzzle))
    form.get_by_role("button", name="Send my answer").click()
    expect(student.locator("main")).to_contain_text("The answers are closed")
    assert not session.answers.exists()
    newcomer = start(contexts(SIZES["phone"]), False)
    newcomer.goto(f"/classes/join/{classroom.code}/")
    expect(newcomer.locator("main")).to_contain_text("has been archived")
    teacher.goto(f"/classes/{classroom.pk}/homework/new/")
    expect(teacher.locator(".messages")).to_contain_text("bring it back before setting or changing homework")

    teacher.goto(f"/classes/{classroom.pk}/")
    teacher.get_by_role("button", name="Bring the class back").click()
    expect(teacher.locator(".messages")).to_contain_text("back in use")
    expect(teacher.locator(".class-code").first).to_have_text(classroom.code)
    newcomer.goto(f"/classes/join/{classroom.code}/")
    expect(newcomer.get_by_role("heading", level=1)).to_have_text("Join Tuesday beginners")


def test_the_join_pages_the_card_the_confirmations_and_the_teacher_s_home_pass_axe(
    contexts: Callable[..., BrowserContext], django_user_model: Any
) -> None:
    from tests.browser.test_accessibility import AXE, BLOCKING, axe_violations

    if not AXE.exists():
        pytest.skip("axe-core is not vendored (scripts/ensure-axe fetches it into var/axe/)")
    classroom = a_class(django_user_model)
    bill = django_user_model.objects.create_user("BillT", password=PASSWORD)
    class_services.classroom_join(user=bill, code=classroom.code)
    found: dict[str, list[str]] = {}
    visitor = contexts(SIZES["phone"], bypass_csp=True).new_page()
    join = f"/classes/join/{classroom.code}/"
    teacher = contexts(SIZES["phone"], bypass_csp=True).new_page()
    log_in(teacher, "tess")
    for page, address in (
        (visitor, join),
        (visitor, f"/accounts/signup/?next={join}"),
        (visitor, f"/accounts/login/?next={join}"),
        (teacher, "/"),
        (teacher, f"/classes/{classroom.pk}/join-card/"),
        (teacher, f"/classes/{classroom.pk}/students/{bill.pk}/remove/"),
        (teacher, f"/classes/{classroom.pk}/archive/"),
    ):
        page.goto(address)
        bad = [v["id"] for v in axe_violations(page) if v["impact"] in BLOCKING]
        if bad:
            found[address] = bad
    assert not found, found
