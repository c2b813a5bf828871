"""A learner without e-mail, on a phone: signs up and is shown their recovery code once, as a card
to print; forgets their password, finds the way from the log-in page to "Forgot your password?",
types their username and the code (in small letters, without its dashes) and a new password, and
is logged in and shown the new code that replaces the used one. The old code no longer works.
The code's card fits a phone and a tablet in normal and large print (screenshots in
var/browser/recovery/)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.test_fit import LARGE_PRINT, LOOKS, problems_at
from tests.browser.test_layout import SIZES
from tests.browser.walk import header_menu, start

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "recovery"
FIRST, SECOND = "soap-and-dragons-42", "harbour-lantern-moon-91"


def _card_fits(page: Page, where: str) -> list[str]:
    """The page measured at both sizes in both prints (test_fit's four looks), back at phone size."""
    problems: list[str] = []
    for size, large in LOOKS:
        page.evaluate(LARGE_PRINT, large)
        page.set_viewport_size(SIZES[size])
        look = f"{size}-{'large-print' if large else 'normal'}"
        problems += problems_at(page, f"{where}, {look}")
        page.screenshot(path=str(SHOTS / f"{where.replace(' ', '-')}-{look}.png"), full_page=True)
    page.evaluate(LARGE_PRINT, False)
    page.set_viewport_size(SIZES["phone"])
    return problems


def test_sign_up_keep_the_code_forget_the_password_and_set_a_new_one(
    contexts: Callable[[ViewportSize], BrowserContext], django_user_model: Any
) -> None:
    shutil.rmtree(SHOTS, ignore_errors=True)
    SHOTS.mkdir(parents=True)
    page = start(contexts(SIZES["phone"]), False)
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("ruth")
    page.get_by_label("Password", exact=True).fill(FIRST)
    page.get_by_label("Password confirmation").fill(FIRST)
    page.get_by_role("button", name="Sign up").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Your recovery code")
    expect(page.locator(".messages")).to_contain_text("Welcome, ruth")
    card = page.locator(".login-card")
    expect(card).to_contain_text("ruth")
    code = page.locator("#recovery-code").inner_text().strip()
    assert len(code) == 19 and code.count("-") == 3, code
    expect(card).to_contain_text("/accounts/password/forgotten/")
    expect(page.get_by_role("button", name="Print it")).to_be_visible()
    assert not _card_fits(page, "recovery code")
    page.get_by_role("link", name="I have kept it: go on").click()
    expect(page).to_have_url(re.compile(r"^https?://[^/]+/$"))  # home, where the sign-up was going
    page.goto("/accounts/recovery-code/")  # the code is not shown again
    expect(page.locator("main")).to_contain_text("shown only once")
    assert code not in page.content()

    header_menu(page).get_by_role("button", name="Log out").click()
    page.goto("/accounts/login/")
    page.get_by_role("link", name="Forgotten your password?").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Reset your password")
    page.get_by_role("link", name="Use my recovery code").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Forgot your password?")
    page.get_by_label("Username").fill("Ruth")
    page.get_by_label("Recovery code").fill("ABCD-EFGH-JKLM-NPQR")  # a wrong code first
    page.get_by_label("New password", exact=True).fill(SECOND)
    page.get_by_label("New password again").fill(SECOND)
    page.get_by_role("button", name="Save the new password").click()
    expect(page.locator(".form-errors")).to_contain_text("do not go together")
    expect(page.locator(".form-errors")).to_be_in_viewport()
    assert not problems_at(page, "forgot, refused")
    page.get_by_label("Recovery code").fill(code.lower().replace("-", " "))
    page.get_by_label("New password", exact=True).fill(SECOND)
    page.get_by_label("New password again").fill(SECOND)
    page.screenshot(path=str(SHOTS / "forgot-filled-phone.png"), full_page=True)
    page.get_by_role("button", name="Save the new password").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Your recovery code")
    expect(page.locator(".messages")).to_contain_text("Your new password is set")
    expect(page.locator(".account-name")).to_have_text("ruth")
    new_code = page.locator("#recovery-code").inner_text().strip()
    assert new_code and new_code != code
    page.screenshot(path=str(SHOTS / "new-code-phone.png"), full_page=True)
    ruth = django_user_model.objects.get(username="ruth")
    assert ruth.check_password(SECOND) and not ruth.check_password(FIRST)
