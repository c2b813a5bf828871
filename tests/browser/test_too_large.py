"""A form that sends more than the site accepts gets Django's 413 page (cfmj.core.middleware.
request_size_limit): readable on a phone and a tablet, in normal and large print, with the way on
in view and no sideways scrolling."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.walk import print_switch

if TYPE_CHECKING:
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 820, "height": 1180},
}


@pytest.fixture(
    params=[(size, large) for size in VIEWPORTS for large in (False, True)],
    ids=lambda p: f"{p[0]}-{'large' if p[1] else 'normal'}",
)
def sized_page(
    request: pytest.FixtureRequest, browser: Browser, live_server: LiveServer
) -> Iterator[tuple[Page, str]]:
    size, large = request.param
    context = browser.new_context(base_url=live_server.url, viewport=VIEWPORTS[size])
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto("/")
    if large:
        print_switch(page).click()
        expect(page.locator("html")).to_have_class("large-print")
    yield page, f"{size}-{'large' if large else 'normal'}"
    context.close()


def test_an_oversized_form_gets_a_page_in_plain_words(sized_page: tuple[Page, str], artifacts: Path) -> None:
    page, name = sized_page
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("someone")
    # What no person types, but a broken or hostile client sends: 70 KB in one field.
    page.evaluate("""() => {
        const form = document.querySelector('main form[method="post"]');
        const extra = document.createElement('input');
        extra.type = 'hidden'; extra.name = 'padding'; extra.value = 'x'.repeat(70 * 1024);
        form.appendChild(extra);
    }""")
    with page.expect_navigation() as sent:
        page.get_by_role("button", name="Log in").click()
    assert sent.value is not None and sent.value.status == 413
    heading = page.get_by_role("heading", name="That was too much to send")
    expect(heading).to_be_in_viewport()
    expect(page.get_by_text("more than this site accepts (64 KB)")).to_be_visible()
    expect(page.get_by_role("link", name="Go to the home page")).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts / f"too-large-{name}.png"), full_page=True)
    page.get_by_role("link", name="Go to the home page").click()
    expect(page).to_have_url(re.compile(r"^http://[^/]+/$"))
