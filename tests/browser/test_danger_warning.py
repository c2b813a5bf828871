"""The coach's caution before a dangerous discard, in the browser: a practice hand
played by the coach to a discard it holds back as dangerous (tests/play/test_danger_warning.py);
the learner chooses that tile on a phone (390x844) and on a tablet (820x1180), each in normal and
large print. The caution is on screen, focused and read out (role=alert), in words with the
engine's why; the page never scrolls sideways; axe finds no serious problem; Back changes nothing;
"Discard 7 Dot anyway" discards it, once.

Screenshots: var/browser/play-caution-*.png."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

from cfmj.engine.tiles import code, name
from cfmj.play.models import Game
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_accessibility import AXE, BLOCKING, axe_violations
from tests.browser.test_layout import in_view
from tests.browser.test_play import PHONE, TABLET, fits, settled
from tests.browser.walk import PASSWORD, start
from tests.play.test_danger_warning import risky, why_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def lee(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("lee", password=PASSWORD)


@pytest.mark.parametrize(
    ("viewport", "large_print"),
    [(PHONE, False), (PHONE, True), (TABLET, False), (TABLET, True)],
    ids=["phone", "phone-large-print", "tablet", "tablet-large-print"],
)
def test_a_dangerous_discard_is_held_back_with_the_why_and_goes_ahead_once_confirmed(
    contexts: Callable[..., BrowserContext], lee: Any, viewport: Any, large_print: bool
) -> None:
    game, tile = risky(lee)
    phone = viewport == PHONE
    look = f"{'phone' if phone else 'tablet'}{', large print' if large_print else ''}"
    context = contexts(viewport, bypass_csp=True)
    page = start(context, large_print, "lee")
    page.goto(f"/play/{game.pk}/")
    rack_tile = page.locator(f'#table form[data-action="discard"] button[name="tile"][value="{code(tile)}"]')

    rack_tile.first.click()
    warning = page.locator("#warning")
    expect(warning).to_be_visible()
    expect(warning).to_have_attribute("role", "alert")
    expect(warning.locator("h2")).to_have_text(f"Careful: {name(tile)} could give South Mah Jongg")
    expect(warning).to_contain_text(why_of(game, tile))
    problems = fits(page, f"{look}: the caution")
    if not in_view(settled(warning)):
        problems.append(f"{look}: the caution is out of view")
    if not page.evaluate("document.activeElement === document.querySelector('#warning')"):
        problems.append(f"{look}: the caution does not have the focus")
    if AXE.exists():
        problems += [f"{look}: axe: {v['id']}" for v in axe_violations(page) if v["impact"] in BLOCKING]
    shot = f"play-caution-{'phone' if phone else 'tablet'}{'-large' if large_print else ''}"
    page.screenshot(path=str(ARTIFACTS / f"{shot}.png"))
    assert Game.objects.get(pk=game.pk).version == game.version  # held back: nothing changed

    warning.get_by_role("link", name="Back").click()
    expect(page.locator("#warning")).to_have_count(0)
    expect(rack_tile.first).to_be_visible()
    assert Game.objects.get(pk=game.pk).version == game.version

    rack_tile.first.click()
    page.locator("#warning").get_by_role("button", name=f"Discard {name(tile)} anyway").click()
    page.wait_for_function(
        "(v) => document.querySelector('#hand-result') || [...document.querySelectorAll("
        "'#table input[name=version]')].some((i) => i.value === v)",
        arg=str(game.version + 1),
    )
    expect(page.locator("#warning")).to_have_count(0)
    after = Game.objects.get(pk=game.pk)
    assert after.version == game.version + 1
    assert next(a for a in after.actions[len(game.actions) :] if a["seat"] == 0) == {
        "kind": "discard",
        "seat": 0,
        "tile": tile,
    }
    problems += fits(page, f"{look}: after the discard")
    assert not problems, "\n".join(problems)
