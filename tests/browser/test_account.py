"""Your account on a phone and a tablet, in normal and large print: the page fits the screen, an
e-mail change (and a refused one) shows its result in view, the data downloads as JSON, deletion
is scheduled and then cancelled."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from cfmj.classes import services as class_services
from tests.browser.test_accessibility import AXE, BLOCKING, axe_violations
from tests.browser.walk import header_menu, print_switch

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "pw-tiles-123"
SIZES: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 820, "height": 1180},
}


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(
    params=[(size, large) for size in SIZES for large in (False, True)],
    ids=lambda p: f"{p[0]}-{'large' if p[1] else 'normal'}",
)
def screen(request: Any, browser: Browser, live_server: Any) -> Iterator[tuple[Page, str, bool]]:
    size, large = request.param
    context = browser.new_context(
        base_url=live_server.url, viewport=SIZES[size], accept_downloads=True, bypass_csp=True
    )  # axe is injected
    context.set_default_timeout(15_000)
    try:
        yield context.new_page(), size, large
    finally:  # closed here, so no browser connection outlives the live server
        context.close()


def fits(page: Page) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"{page.url} scrolls sideways by {wide}px"


def in_view(page: Page, locator: Locator) -> None:
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    height = page.evaluate("window.innerHeight")
    assert box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 40) <= height, (box, height)


def no_serious_problems(page: Page) -> None:
    """axe finds nothing serious or critical (when scripts/ensure-axe has vendored it)."""
    if AXE.exists():
        found = [(v["id"], v["help"]) for v in axe_violations(page) if v["impact"] in BLOCKING]
        assert not found, found


def test_the_account_page_email_download_and_deletion(
    screen: tuple[Page, str, bool], django_user_model: Any, artifacts: Path
) -> None:
    page, size, large = screen
    name = f"{size}-{'large' if large else 'normal'}"
    tess = django_user_model.objects.create_user(
        "tess", email="tess@example.com", password=PASSWORD, role="teacher"
    )
    class_services.classroom_create(teacher=tess, name="Tuesday beginners")

    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("Tess")  # a phone's capital first letter still logs in
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    if large:
        print_switch(page).click()
        expect(page.locator("html")).to_have_class("large-print")
    header_menu(page).get_by_role("link", name="Your account (tess)").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Your account")
    fits(page)
    no_serious_problems(page)
    page.screenshot(path=str(artifacts / f"account-{name}.png"), full_page=True)

    # A wrong password: the refusal is in view, next to the form.
    page.get_by_label("E-mail address").fill("tess@school.example")
    page.get_by_label("Your password").fill("not-my-password")
    page.get_by_role("button", name="Save e-mail address").click()
    in_view(page, page.get_by_text("That is not your password"))
    fits(page)
    page.screenshot(path=str(artifacts / f"account-email-refused-{name}.png"))
    page.get_by_label("Your password").fill(PASSWORD)
    page.get_by_role("button", name="Save e-mail address").click()
    in_view(page, page.get_by_text("Your e-mail address is saved."))
    expect(page.locator(".facts")).to_contain_text("tess@school.example")

    with page.expect_download() as download:
        page.get_by_role("link", name="Download your data").click()
    data = json.loads(Path(download.value.path()).read_text())
    assert data["account"]["username"] == "tess" and data["account"]["email"] == "tess@school.example"
    assert [c["class"] for c in data["classes"]] == ["Tuesday beginners"]
    assert download.value.suggested_filename.startswith("card-free-mah-jongg-tess-")

    page.get_by_role("link", name="Delete your account").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Delete your account")
    expect(page.locator("main")).to_contain_text("Tuesday beginners: is archived")
    fits(page)
    no_serious_problems(page)
    page.screenshot(path=str(artifacts / f"account-delete-{name}.png"), full_page=True)
    page.get_by_label("Your password").fill(PASSWORD)
    page.get_by_role("button", name="Delete my account in 7 days").click()
    in_view(page, page.get_by_text("Your account will be deleted on"))
    in_view(page, page.get_by_role("button", name="Keep my account"))
    fits(page)
    no_serious_problems(page)
    page.screenshot(path=str(artifacts / f"account-deletion-scheduled-{name}.png"))
    tess.refresh_from_db()
    assert tess.deletion_due_at is not None

    page.get_by_role("button", name="Keep my account").click()
    in_view(page, page.get_by_text("Your account is kept"))
    fits(page)
    page.screenshot(path=str(artifacts / f"account-deletion-kept-{name}.png"))
    tess.refresh_from_db()
    assert tess.deletion_due_at is None


def test_a_student_signs_up_from_a_join_link_and_a_visitor_asks_for_a_reset_link(
    screen: tuple[Page, str, bool], django_user_model: Any, artifacts: Path, mailoutbox: list[Any]
) -> None:
    page, size, large = screen
    name = f"{size}-{'large' if large else 'normal'}"
    tess = django_user_model.objects.create_user(
        "tess", email="tess@example.com", password=PASSWORD, role="teacher"
    )
    classroom = class_services.classroom_create(teacher=tess, name="Tuesday beginners")
    page.goto("/")
    if large:
        print_switch(page).click()
        expect(page.locator("html")).to_have_class("large-print")

    # Forgotten password: the same answer whoever asks, the link by e-mail from a task.
    header_menu(page).get_by_role("link", name="Log in").click()
    page.get_by_role("link", name="Forgotten your password?").click()
    page.get_by_label("Email").fill("TESS@example.com")
    page.get_by_role("button", name="Send the link").click()
    in_view(page, page.get_by_role("heading", name="Check your e-mail"))
    fits(page)
    page.screenshot(path=str(artifacts / f"password-reset-sent-{name}.png"))
    assert [message.to for message in mailoutbox] == [["tess@example.com"]]

    # A join link, followed by someone without an account: the class named, on to log in, then
    # make an account there instead, and be in the class (as in tests/browser/test_join.py).
    page.goto(f"/classes/join/{classroom.code}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Join Tuesday beginners")
    page.get_by_role("link", name="I have an account: log in and join").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Log in to join Tuesday beginners")
    page.get_by_role("link", name="Make an account and join Tuesday beginners").click()
    page.get_by_label("Username").fill("ｓａｍ")  # full width, from a phone's keyboard
    page.get_by_label("Password", exact=True).fill("soap-and-dragons-42")
    page.get_by_label("Password confirmation").fill("soap-and-dragons-42")
    fits(page)
    page.get_by_role("button", name="Sign up and join Tuesday beginners").click()
    in_view(page, page.get_by_text("you are in Tuesday beginners"))  # above the recovery code
    expect(page.locator(".account-name")).to_have_text("sam")
    page.get_by_role("link", name="I have kept it: go on").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tuesday beginners")
    fits(page)
    page.screenshot(path=str(artifacts / f"signup-joined-{name}.png"))
