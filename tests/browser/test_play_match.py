"""Undo and the match in the browser: on a phone (390x844, touch) the learner discards,
takes it back with the table's undo button (htmx swaps the table in place) and has the same rack
again, on screen; in large print on a tablet (820x1180) a finished hand's result offers the
match's next hand, which opens at the deal passed to the right; without JavaScript the next hand's
plain form posts and redirects to it. The page never scrolls sideways.

Fixed seeds (those of tests/browser/test_play.py). Screenshots: var/browser/play-match-*.png."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from cfmj.engine.coach import DEFAULT_LEVEL
from cfmj.play import services
from cfmj.play.models import Game
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_layout import PLACE
from tests.browser.test_play import CHARLESTON, NEW_TABLE, PHONE, TABLET, Table, fits, settled
from tests.browser.walk import PASSWORD, log_in, start
from tests.play.helpers import play_out

pytestmark = pytest.mark.django_db(transaction=True)

FINISHED = 3  # with the strong bots, a short hand a bot wins


@pytest.fixture
def lee(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("lee", password=PASSWORD)


def rack(page: Page) -> list[str]:
    tiles = page.locator('#table form[data-action="discard"] button[data-tile]')
    return [str(tiles.nth(i).get_attribute("data-tile")) for i in range(tiles.count())]


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"play-match-{name}.png"))


def test_on_a_phone_a_discard_is_undone_and_the_same_rack_comes_back(
    browser: Browser, live_server: Any, lee: Any
) -> None:
    game = services.game_start(owner=lee, bot_level=DEFAULT_LEVEL, seed=CHARLESTON)
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        log_in(page, "lee")
        page.goto(f"/play/{game.pk}/")
        table = Table(page, game, "phone, undo", touch=True)
        while 'data-action="discard"' not in table.html():  # the Charleston, to the first discard
            assert len(table.done) < 12, table.done
            table.act()
        before = rack(page)
        table.act()  # the learner's discard (its first tile that is not a joker), the bots play on
        assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING
        version = table.refresh().version
        page.locator('#table form[data-action="undo"] button').tap()
        page.wait_for_function(NEW_TABLE, arg=str(version + 1))
        expect(page.locator("#undone")).to_contain_text("Your last choice is taken back")
        assert rack(page) == before
        # the rack to choose from again is on screen, the note above it focused
        settled(page.locator('#table form[data-action="discard"] .rack-view'))
        for part in ("#undone", '#table form[data-action="discard"] .rack-view'):
            place = page.locator(part).evaluate(PLACE)
            assert place["top"] > -1 and place["bottom"] <= place["vh"], f"{part} is out of view: {place}"
        assert page.evaluate("document.activeElement === document.querySelector('#undone')")
        problems = fits(page, "phone: after the undo")
        shot(page, "phone-after-undo")
    finally:
        context.close()
    assert not table.problems + problems, "\n".join(table.problems + problems)


def test_in_large_print_on_a_tablet_the_next_hand_of_the_match(
    contexts: Callable[..., BrowserContext], lee: Any
) -> None:
    first = play_out(services.game_start(owner=lee, bot_level="strong", seed=FINISHED))
    page = start(contexts(TABLET), True, "lee")
    page.goto(f"/play/{first.pk}/#hand-result")
    button = page.get_by_role("button", name="Play the next hand")
    button.scroll_into_view_if_needed()
    expect(page.locator("#hand-result")).to_contain_text("Your match so far:")
    problems = fits(page, "tablet, large print: the result")
    shot(page, "tablet")
    button.click()
    second = Game.objects.get(previous=first)
    expect(page).to_have_url(re.compile(rf"/play/{second.pk}/#table$"))
    expect(page.locator(".play-facts")).to_contain_text("Hand 2 of your match · you are ")
    assert second.dealer == (first.dealer + 1) % 4
    problems += fits(page, "tablet, large print: the next hand")
    shot(page, "tablet-hand-2")
    assert not problems, "\n".join(problems)


def test_without_javascript_the_next_hand_is_a_plain_form(
    browser: Browser, live_server: Any, lee: Any
) -> None:
    first = play_out(services.game_start(owner=lee, bot_level="strong", seed=FINISHED))
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, java_script_enabled=False)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        log_in(page, "lee")
        page.goto(f"/play/{first.pk}/")
        problems = fits(page, "no JavaScript: the result")
        page.get_by_role("button", name="Play the next hand").click()
        second = Game.objects.get(previous=first)
        expect(page).to_have_url(re.compile(rf"/play/{second.pk}/#table$"))
        expect(page.locator(".play-facts")).to_contain_text("Hand 2 of your match")
        problems += fits(page, "no JavaScript: the next hand")
        page.goto(f"/play/{first.pk}/")  # back at the result: a link to the hand dealt, not a second deal
        page.get_by_role("link", name="Go on to hand 2").click()
        expect(page).to_have_url(re.compile(rf"/play/{second.pk}/#table$"))
        assert Game.objects.filter(previous=first).count() == 1
    finally:
        context.close()
    assert not problems, "\n".join(problems)
