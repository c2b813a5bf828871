"""Drill "What would you pass?": 13 tiles in the Charleston; which three to pass.

The hand is a card entry held without exposures, with a few tiles swapped for others (more in
higher bands, so the useful tiles are harder to see). Graded by charleston(proposed=...).
"""

from __future__ import annotations

from random import Random
from typing import NotRequired, TypedDict

from ..advice_words import aim_tiles, broken_words, target_name
from ..charleston import DIRECTIONS, charleston, grade_all, proposed_pass, summary
from ..errors import InputError
from ..notation import parse_hand
from ..tiles import code, codes
from .common import Graded, Mark, graded_by_marks, no_focus, passed_words, stored_mark, text_field
from .hands import band_layout, build, pick_entry, replace_tiles, without
from .kind import AnswerField, DrillKind
from .shapes import Advised, HandQuestion

SWAPS = {1: 3, 2: 4, 3: 5, 4: 6, 5: 8}
RULES = ("6",)
FOCUSES: tuple[str, ...] = ()
# A pass with a joker is refused; the advice itself never passes one.
PRACTISES: tuple[str, ...] = ("6_jokers_never_passed",)


class CharlestonQuestion(HandQuestion):
    tiles: list[str]  # the 13 tiles, in order (the boxes to tick)
    direction: str  # where the pass goes (charleston.DIRECTIONS)


# "pass" is a Python keyword: that key is declared the functional way.
PassAnswer = TypedDict("PassAnswer", {"pass": str})


class CharlestonAnswer(PassAnswer, Advised):
    summary: str  # how near the advised pass leaves the hand, in words
    aim: NotRequired[str]  # the tiles of the hand the advised pass aims at (what a pass may break)
    aim_name: NotRequired[str]  # that hand's name


def make(rng: Random, band: int, focus: str | None = None) -> tuple[CharlestonQuestion, CharlestonAnswer]:
    no_focus("charleston", focus)
    entry = pick_entry(rng, band)
    hand = replace_tiles(build(band_layout(entry, rng, band, exposures=False)), rng, SWAPS[band])
    hand = without(hand, rng.choice(hand.concealed))
    direction = rng.choice(DIRECTIONS)
    advice = charleston(hand, direction=direction)
    question: CharlestonQuestion = {
        "prompt": f"It is the Charleston and you pass {direction}. Which three tiles would "
        "you pass? (Jokers are never passed.)",
        "hand": str(hand),
        "tiles": [code(t) for t in hand.concealed],
        "direction": direction,
    }
    # Every possible pass, marked now: marking an answer later is a look-up, not a new advice.
    marks = {codes(given): grade.mark() for given, grade in grade_all(advice.ranked).items()}
    answer: CharlestonAnswer = {
        "pass": codes(advice.best.given),
        "why": advice.why,
        "tiles_needed": advice.best.tiles_needed,
        "summary": summary(advice.best),
        "marks": marks,
        "aim": aim_tiles(advice.best),
        "aim_name": target_name(advice.best),
    }
    return question, answer


def grade(question: CharlestonQuestion, answer: CharlestonAnswer, response: object) -> Graded:
    def mark_of(text: str | None) -> tuple[str, Mark]:
        if not text:
            raise InputError("A Charleston pass is exactly three tiles, such as '2B WD N'.")
        hand = parse_hand(question["hand"])
        given = codes(proposed_pass(hand, text))
        mark = stored_mark(answer, given)
        if mark is None:
            advice = charleston(hand, direction=question["direction"], proposed=text)
            assert advice.graded is not None  # a proposed pass is always graded
            mark = Mark(*advice.graded.mark())
        return given, mark

    def compare(given: str, mark: Mark) -> str:
        return passed_words(
            f"Your pass ({given.replace(' ', ', ')})",
            broken_words(
                parse_hand(question["hand"]), given.split(), answer.get("aim", ""), answer.get("aim_name", "")
            ),
            mark.tiles_needed,
            answer["tiles_needed"],
        )

    return graded_by_marks(
        text_field(response, "pass"),
        why=answer["why"],
        mark_of=mark_of,
        compare=compare,
        expected=f"Pass {answer['pass']}.",
        rules=RULES,
        gives_up="tiles",
    )


KIND: DrillKind[CharlestonQuestion, CharlestonAnswer] = DrillKind(
    name="charleston",
    title="What would you pass?",
    description="Which three tiles to pass in the Charleston, from the 13 you hold.",
    fields=(AnswerField("pass", "tiles-many", required=True, choices_from="tiles", form_name="pick"),),
    focuses=FOCUSES,
    practises=PRACTISES,
    make=make,
    grade=grade,
    template="components/answers/charleston.html",
    ignores_table="which tiles to pass is about tiles, not scoring; house rule 1 only skips a round",
    daily=6,
)
