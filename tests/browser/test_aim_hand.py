"""The drill "Which hand to aim for?" in the browser, on a phone (390x844) and a tablet (820x1180),
in normal and large print: the rack is drawn as tiles with their text alternatives, each hand to
aim for is a choice with its name, and a choice as near as the advised hand but with fewer tiles
that help it is marked "Good, but there is better" with its reason and the advice's, in view,
with no sideways scroll. Screenshots go to var/browser/aim-hand/."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.urls import reverse
from playwright.sync_api import BrowserContext, ViewportSize, expect

from cfmj.engine import drills
from cfmj.engine.labels import tile_alt
from cfmj.engine.notation import parse_hand
from cfmj.engine.tiles import code
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_in_view import problems_of, settled
from tests.browser.walk import start
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

SIZES: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "tablet": {"width": 820, "height": 1180},
}
SHOTS = ARTIFACTS / "aim-hand"
FITS = "() => document.documentElement.scrollWidth <= window.innerWidth"
SEED, BAND = 0, 5  # a band-5 puzzle that offers a hand as near as the advised one ("good")


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_hand_as_near_with_fewer_ways_to_finish_is_good_and_the_verdict_says_why_in_view(
    contexts: Callable[[ViewportSize], BrowserContext], size: str, large_print: bool
) -> None:
    made = drills.generate("aim_hand", seed=SEED, band=BAND)
    good = next(value for value, kept in made.answer["choices"].items() if kept["mark"] == "good")
    PuzzleFactory(kind="aim_hand", band=BAND, seed=SEED, made=made)
    page = start(contexts(SIZES[size]), large_print)
    page.goto(reverse("practice:drill", args=["aim_hand"]))
    look = f"{size}-{'large' if large_print else 'normal'}"
    SHOTS.mkdir(parents=True, exist_ok=True)

    rack = page.locator(".rack-view img.tile")
    tiles = [code(t) for t in parse_hand(made.question["hand"]).concealed]
    expect(rack).to_have_count(13)
    assert sorted(rack.evaluate_all("(imgs) => imgs.map((i) => i.alt)")) == sorted(tile_alt(t) for t in tiles)
    form = page.locator("form.answer-form")
    for choice in made.question["choices"]:
        expect(form.get_by_label(choice["label"])).to_have_count(1)
    assert page.evaluate(FITS)
    page.screenshot(path=str(SHOTS / f"{look}-before.png"), full_page=True)

    label = next(c["label"] for c in made.question["choices"] if c["value"] == good)
    form.get_by_label(label).check()
    form.get_by_role("button", name="Answer").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Good, but there is better")
    expect(verdict).to_contain_text(made.answer["choices"][good]["reason"])
    expect(verdict).to_contain_text(made.answer["why"])
    expect(verdict).to_contain_text(made.answer["expected"])
    assert not problems_of(look, settled(verdict), "Next puzzle")
    assert page.evaluate(FITS)
    page.screenshot(path=str(SHOTS / f"{look}-after.png"))
