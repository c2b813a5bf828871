"""The header is one row: on a 1366 px desktop the brand, the links and the tools share one row;
at 1280 px (a laptop on a projector) no word of it wraps and a long username is shown whole, in
the row or in the Menu; on a tablet (820x1180) and a phone (390x844), signed in or not (a long
username too), in normal and large print, the brand, a "Menu" button and the large print switch
share one row, and the menu opens (by keyboard too, and without JavaScript, being a <details>) onto
every link, the current one marked. The large print switch is in the row on every page, without
opening the Menu, and works without JavaScript (a form) with its state in aria-pressed.
Screenshots go to var/browser/header/."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.test_accessibility import AXE, BLOCKING, axe_violations
from tests.browser.walk import PASSWORD, header_menu, print_switch, start

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "header"
DESKTOP: ViewportSize = {"width": 1366, "height": 768}
SIZES: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 820, "height": 1180},
}
LINKS = ["Home", "Lessons", "Practice", "Hand checker", "Rules"]

# The header's parts as they are drawn (brand, each link, each tool, the Menu button, the large print
# switch), and whether they make one row: every part's box overlaps every other's from top to bottom.
PARTS = ", ".join(
    f"header {part}"
    for part in (".brand", ".menu-button", ".nav a", ".header-tools > *", ".print-switch .button")
)
ROW = """(selector) => {
  const parts = Array.from(document.querySelectorAll(selector))
    .filter((el) => el.checkVisibility()).map((el) => el.getBoundingClientRect());
  const header = document.querySelector("header").getBoundingClientRect();
  return {
    parts: parts.length,
    oneRow: Math.max(...parts.map((r) => r.top)) < Math.min(...parts.map((r) => r.bottom)),
    height: header.height,
    wide: document.documentElement.scrollWidth > window.innerWidth,
  };
}"""


def row(page: Page) -> dict[str, Any]:
    measured: dict[str, Any] = page.evaluate(ROW, PARTS)
    return measured


def serious(page: Page) -> list[str]:
    """axe's serious and critical findings (none when axe is not vendored: test_accessibility says so)."""
    if not AXE.exists():
        return []
    return [f"{v['id']}: {v['help']}" for v in axe_violations(page) if v["impact"] in BLOCKING]


def test_at_1366_px_the_whole_header_is_one_row(
    contexts: Callable[..., BrowserContext], django_user_model: Any
) -> None:
    django_user_model.objects.create_user("sam", password=PASSWORD)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for username in ("", "sam"):
        page = start(contexts(DESKTOP, bypass_csp=True), False, username)
        page.goto("/practice/")
        expect(page.locator("header .menu-button")).to_be_hidden()
        nav = page.get_by_role("navigation", name="Main")
        expect(nav.get_by_role("link", name="Practice")).to_have_attribute("aria-current", "page")
        measured = row(page)
        assert measured["oneRow"] and measured["parts"] >= 8, measured
        assert not serious(page)
        page.screenshot(path=str(SHOTS / f"desktop-{username or 'visitor'}.png"))
        # By keyboard: past the skip link and the brand, the first link of the row.
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        expect(nav.get_by_role("link", name="Home")).to_be_focused()


# Each part of the header as drawn: how many lines its words take, and whether its box cuts them.
LINES = """(selector) => Array.from(document.querySelectorAll(selector))
  .filter((el) => el.checkVisibility()).map((el) => {
    const tops = new Set();  // the lines its words are on (a picture beside them is no line)
    const words = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = words.nextNode(); node; node = words.nextNode()) {
      if (!node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
    }
    return {text: el.innerText.trim(), lines: tops.size,
            cut: el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === "ellipsis"};
  })"""
PROJECTOR: ViewportSize = {"width": 1280, "height": 720}
LONG_NAMES = ["margaret.oconnor1952", "the-tuesday-club-teacher-at-riverside"]


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
def test_at_1280_px_the_header_wraps_nothing_and_shows_a_long_username_whole(
    contexts: Callable[..., BrowserContext], django_user_model: Any, large_print: bool
) -> None:
    """A teacher's laptop on a projector: one row, no word of it on two lines, and the username
    whole, in the row or, where it would not fit there, in the open Menu."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    for username in ["tess", *LONG_NAMES]:
        django_user_model.objects.create_user(username, password=PASSWORD, role="teacher")
        look = f"1280-{len(username)}-{'large' if large_print else 'normal'}"
        page = start(contexts(PROJECTOR), large_print, username)
        page.goto("/classes/")
        measured = row(page)
        if not measured["oneRow"] or measured["wide"]:
            problems.append(f"{look}: the header is not one row: {measured}")
        for part in page.evaluate(LINES, PARTS):
            if part["lines"] > 1 or part["cut"]:
                problems.append(f"{look}: {part['text']!r} is on {part['lines']} lines or cut: {part}")
        page.screenshot(path=str(SHOTS / f"{look}.png"))
        name = header_menu(page).locator(".account-name")
        expect(name).to_have_text(username)
        expect(name).to_be_in_viewport(ratio=1)
        named = page.evaluate(LINES, PARTS)
        whole = [p for p in named if p["text"] == username]
        if not whole or whole[0]["lines"] != 1 or whole[0]["cut"]:
            problems.append(f"{look}: the username is not shown whole on one line: {whole}")
        page.screenshot(path=str(SHOTS / f"{look}-name-shown.png"))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", list(SIZES))
def test_on_a_tablet_and_a_phone_the_header_is_one_row_with_a_menu(
    contexts: Callable[..., BrowserContext], django_user_model: Any, size: str
) -> None:
    django_user_model.objects.create_user("sam", password=PASSWORD)
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    for username, large_print in (("", False), ("", True), ("sam", False), ("sam", True)):
        look = f"{size}-{username or 'visitor'}-{'large' if large_print else 'normal'}"
        # bypass_csp: axe is injected into the page, which the site's CSP refuses otherwise
        page = start(contexts(SIZES[size], bypass_csp=True), large_print, username)
        page.goto("/practice/")
        closed = row(page)
        if not (closed["oneRow"] and closed["parts"] == 3) or closed["wide"]:
            problems.append(
                f"{look}: the closed header is not one row of the brand, Menu and switch: {closed}"
            )
        if closed["height"] > 100:
            problems.append(f"{look}: the header is {closed['height']:.0f} px high")
        switch = print_switch(page)
        expect(switch).to_be_in_viewport(ratio=1)
        expect(switch).to_have_attribute("aria-pressed", "true" if large_print else "false")
        page.screenshot(path=str(SHOTS / f"{look}.png"))

        # By keyboard: the skip link, the brand, then the Menu button; Enter opens it.
        for _ in range(3):
            page.keyboard.press("Tab")
        expect(page.locator("header .menu-button")).to_be_focused()
        page.keyboard.press("Enter")
        nav = page.get_by_role("navigation", name="Main")
        for name in LINKS + (["Classes"] if username else []):
            expect(nav.get_by_role("link", name=name, exact=True)).to_be_in_viewport()
        expect(nav.get_by_role("link", name="Practice")).to_have_attribute("aria-current", "page")
        expect(page.get_by_role("button", name="Large print")).to_be_in_viewport()
        if page.evaluate("document.documentElement.scrollWidth > window.innerWidth"):
            problems.append(f"{look}: the open menu makes the page scroll sideways")
        page.keyboard.press("Tab")
        expect(nav.get_by_role("link", name="Home")).to_be_focused()
        page.screenshot(path=str(SHOTS / f"{look}-menu-open.png"))
        problems += [f"{look}, the menu open: axe: {found}" for found in serious(page)]
    assert not problems, "\n".join(problems)


def test_the_menu_opens_without_javascript(browser: Browser, live_server: Any) -> None:
    phone = SIZES["phone"]
    context = browser.new_context(base_url=live_server.url, viewport=phone, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/lessons/")
        header = header_menu(page)
        expect(header.get_by_role("link", name="Lessons")).to_have_attribute("aria-current", "page")
        header.get_by_role("link", name="Rules").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text("rules")
    finally:
        context.close()


# Pages of every kind, each with the switch in the header's row.
PAGES = ["/", "/lessons/", "/practice/", "/practice/dashboard/", "/check/", "/rules/", "/accounts/login/"]


@pytest.mark.parametrize("size", list(SIZES))
def test_the_large_print_switch_is_in_the_header_on_every_page_without_opening_the_menu(
    contexts: Callable[..., BrowserContext], django_user_model: Any, size: str
) -> None:
    """Visitor, learner and a long username, in both prints: on each page the header is one row of
    the brand, the Menu and the switch (no taller than 100 px, nothing sideways), the Menu shut,
    and the switch turns large print off and on from there."""
    django_user_model.objects.create_user(LONG_NAMES[1], password=PASSWORD)
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    for username in ("", LONG_NAMES[1]):
        page = start(contexts(SIZES[size]), False, username)
        for large_print in (False, True):
            if large_print:
                print_switch(page).click()  # from the last page of the walk: it comes back in large print
                expect(page.locator("html")).to_have_class("large-print")
            for address in PAGES:
                look = f"{size}, {'large' if large_print else 'normal'}, {username or 'visitor'}, {address}"
                page.goto(address)
                expect(page.locator("header details.site-menu")).not_to_have_attribute("open", "")
                switch = print_switch(page)
                expect(switch).to_be_in_viewport(ratio=1)
                expect(switch).to_have_attribute("aria-pressed", "true" if large_print else "false")
                measured = row(page)
                if not (measured["oneRow"] and measured["parts"] == 3) or measured["wide"]:
                    problems.append(f"{look}: not one row of the brand, Menu and switch: {measured}")
                if measured["height"] > 100:
                    problems.append(f"{look}: the header is {measured['height']:.0f} px high")
            who = "long-name" if username else "visitor"
            page.screenshot(
                path=str(SHOTS / f"switch-{size}-{'large' if large_print else 'normal'}-{who}.png")
            )
        print_switch(page).click()
        expect(page.locator("html")).not_to_have_class("large-print")
    assert not problems, "\n".join(problems)


def test_the_large_print_switch_works_without_javascript(browser: Browser, live_server: Any) -> None:
    context = browser.new_context(
        base_url=live_server.url, viewport=SIZES["phone"], java_script_enabled=False
    )
    try:
        page = context.new_page()
        page.goto("/rules/")
        print_switch(page).click()
        expect(page).to_have_url(live_server.url + "/rules/")
        expect(page.locator("html")).to_have_class("large-print")
        expect(print_switch(page)).to_have_attribute("aria-pressed", "true")
        print_switch(page).click()
        expect(page.locator("html")).not_to_have_class("large-print")
        expect(print_switch(page)).to_have_attribute("aria-pressed", "false")
    finally:
        context.close()
