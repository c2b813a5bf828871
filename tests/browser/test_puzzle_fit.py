"""A drill's question and its choices on one phone screen: at 390x844 in normal print, a puzzle's
hand, its question and its first answer choice (or its button, where the hand is the choice) are
all in the first screen, without scrolling, for puzzles of every band. In large print the question
begins on the first screen (its hand in view) and its first choice follows as closely as the hand
allows; the figures are printed. Left out: a puzzle whose question is the table around the learner
(the other players' exposures and discards: "What are they collecting?", "Is this discard safe?",
"Which jokers can you take?"), where the table does not fit a phone's screen with its choices.

Each puzzle is served alone (the others of its kind set aside, under another table's rules) to a
new visitor. Screenshots of the tallest at both prints go to var/browser/puzzle-fit/."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext

from cfmj.engine import drills
from practice.models import Puzzle
from practice.tables import LESSON
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_layout import SIZES
from tests.browser.walk import print_switch, start
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "puzzle-fit"
PHONE = SIZES["phone"]
SAMPLES = [(band, seed) for band in (1, 3, 5) for seed in (0, 1)]

# Where the question and its first choice lie, in px from the top of the page as it opens.
PLACES = """() => {
  const form = document.querySelector("form.answer-form");
  const hand = document.querySelector(".puzzle .rack-view");
  const first = form.querySelector(
    "label.check, label.tile-choice, label.hand-pick, input:not([type=hidden]), select");
  const button = form.querySelector("button[type=submit]");
  const bottom = (el) => Math.round(el.getBoundingClientRect().bottom + window.scrollY);
  return {hand: hand ? Math.round(hand.getBoundingClientRect().top + window.scrollY) : 0,
          first: bottom(first), button: bottom(button), screen: window.innerHeight};
}"""


def shows_the_table(question: dict[str, Any]) -> bool:
    return bool(question.get("opponents") or drills.seat_rows(question))


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
def test_a_puzzles_question_and_first_choice_are_on_the_first_phone_screen(
    contexts: Callable[..., BrowserContext], large_print: bool
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = start(contexts(PHONE), large_print)
    problems: list[str] = []
    tallest: dict[str, int] = {}
    for kind in drills.KINDS:
        for band, seed in SAMPLES:
            Puzzle.objects.filter(kind=kind).update(table=LESSON)  # set aside: no drill serves them
            puzzle = PuzzleFactory(kind=kind, band=band, seed=seed)
            if shows_the_table(puzzle.question):
                continue
            page.goto(f"/practice/{kind}/")
            if large_print:
                assert print_switch(page).get_attribute("aria-pressed") == "true"
            place = page.evaluate(PLACES)
            look = f"{kind}, band {band}, seed {seed}"
            # In "Which discard?" the hand itself is the choice: its first tile.
            reached = min(place["first"], place["button"])
            if reached > tallest.get(kind, 0):
                tallest[kind] = reached
                page.screenshot(path=str(SHOTS / f"{kind}-{'large' if large_print else 'normal'}.png"))
            if large_print:
                if place["hand"] > place["screen"]:
                    problems.append(f"{look}: the hand begins at {place['hand']} px, below the first screen")
            elif reached > place["screen"]:
                problems.append(f"{look}: the first choice ends at {reached} px, below the first screen")
    print(f"\nfirst choice (px from the top, the tallest puzzle of each kind): {tallest}")
    assert tallest, "no puzzle was measured"
    assert not problems, "\n".join(problems)
