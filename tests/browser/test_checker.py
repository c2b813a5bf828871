"""A learner signs up, builds the rulebook's example by clicking tiles and reads the verdict."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.django_db(transaction=True)
WORKED = "7C 7C 7C 8C 8C 8C 8C 9D 9D 9D 9D [RD RD RD]"


def add(page: Page, alt: str, times: int = 1) -> None:
    for _ in range(times):
        page.get_by_role("button", name=f"Add {alt}", exact=True).click()


def test_it_signs_up_builds_a_hand_by_clicking_and_reads_the_verdict(page: Page, artifacts: Path) -> None:
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("ruth")
    page.get_by_label("Password", exact=True).fill("soap-and-dragons-42")
    page.get_by_label("Password confirmation").fill("soap-and-dragons-42")
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator(".account-name")).to_have_text("ruth")

    page.get_by_role("link", name="Hand checker").first.click()
    add(page, "seven crak", 3)
    add(page, "eight crak", 4)
    add(page, "nine dot", 4)
    page.get_by_role("button", name="Start an exposed block").click()
    add(page, "red dragon", 3)  # the 14th tile finishes the exposed block by itself
    expect(page.get_by_role("button", name="Start an exposed block")).to_be_visible()
    expect(page.locator("#id_hand")).to_have_value(WORKED)

    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Mah Jongg! This hand wins.")
    expect(verdict).to_contain_text("Two Pungs and Two Kongs")
    expect(verdict).to_contain_text("Value: 50 points")
    discarder = verdict.get_by_role("row", name="The player who discarded the winning tile")
    expect(discarder).to_contain_text("100")
    expect(verdict.get_by_role("row", name="Each of the other two players")).to_contain_text("50")
    assert "hand=7C" in page.url  # the verdict's address can be shared
    verdict.screenshot(path=str(artifacts / "verdict.png"))


def test_it_keeps_rack_and_text_in_step(page: Page) -> None:
    page.goto("/check/")
    add(page, "five dot", 2)
    add(page, "north wind")
    field = page.locator("#id_hand")
    expect(field).to_have_value("5D 5D N")
    page.get_by_role("button", name="Take out north wind").click()
    expect(field).to_have_value("5D 5D")
    field.fill("rd rd gd")
    expect(page.get_by_role("button", name="Take out green dragon")).to_be_visible()
    expect(page.locator("[data-hb-count]")).to_contain_text("3 of 14 tiles")


def test_it_explains_a_losing_hand(page: Page) -> None:
    page.goto("/check/")
    page.locator("#id_hand").fill("3C 3C 3C 4D 4D 4D 4D 5C 5C 5C 5C RD RD RD")
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Not a winning hand")
    expect(verdict).to_contain_text("Woven suits")


def test_it_works_without_javascript(browser: object, live_server: LiveServer) -> None:
    from playwright.sync_api import Browser

    assert isinstance(browser, Browser)
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/check/")
    expect(page.locator("[data-hb-palette]")).to_be_hidden()  # the palette needs JavaScript
    page.locator("#id_hand").fill("RD RD GD GD WD WD N N E E W W S S")
    page.get_by_role("button", name="Check this hand").click()
    expect(page.locator("#verdict")).to_contain_text("Dragon's Breath")
    assert "hand=RD" in page.url
    context.close()
