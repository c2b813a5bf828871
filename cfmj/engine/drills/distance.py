"""Drill "How far?": 13 tiles; how many more tiles until a winning hand?

Band 1 holds a card entry less one tile, with at most one tile swapped (1 or 2 away); higher
bands swap more tiles and add jokers and exposures. distance() gives the answer.
"""

from __future__ import annotations

from random import Random

from ..distance import distance
from ..labels import tile_name
from ..numbers import TILES
from ..tiles import code
from .common import (
    RIGHT,
    WRONG,
    Graded,
    graded,
    int_field,
    join_words,
    no_focus,
    plural,
    ref,
    shown,
    text_field,
)
from .hands import band_layout, build, hand_name, pick_entry, replace_tiles, without
from .kind import AnswerField, DrillKind
from .shapes import ExplainedExpected, HandQuestion

FOCUSES: tuple[str, ...] = ()
# How far from some winning hand; jokers count only in Pungs, Kongs and Quints.
PRACTISES: tuple[str, ...] = (
    "2_winning_hand_is_dragon_hand_or_category_set_pattern",
    "2_1_jokers_never_in_pairs",
)
SWAPS = {1: (0, 1), 2: (1, 2), 3: (2, 3), 4: (2, 4), 5: (3, 5)}
NEAR = {1: 2}  # the farthest a band's hands may be
MAX_TRIES = 30


class DistanceAnswer(ExplainedExpected):
    tiles_needed: int


def make(rng: Random, band: int, focus: str | None = None) -> tuple[HandQuestion, DistanceAnswer]:
    no_focus("distance", focus)
    for _ in range(MAX_TRIES):
        hand = build(band_layout(pick_entry(rng, band), rng, band))
        if not hand.concealed:  # every group exposed: no tile may leave the hand, so pick again
            continue
        hand = without(hand, rng.choice(hand.concealed))
        hand = replace_tiles(hand, rng, rng.randint(*SWAPS[band]))
        result = distance(hand, nearest=3)
        if result.tiles_needed is not None and result.tiles_needed <= NEAR.get(band, 14):
            break
    else:  # pragma: no cover - a held entry less a tile is one away
        raise RuntimeError("no hand found for the distance drill")
    needed = result.tiles_needed or 0
    lines = [f"The nearest winning hand is {plural(needed, 'tile')} away {ref('2')}."]
    for number, target in enumerate(result.nearest[:2]):
        if target.tiles_needed != needed:
            break
        missing = join_words([tile_name(code(t)) for t in target.missing])
        entry = target.entry
        title = hand_name(entry.category, entry.members, entry.pattern)
        lines.append(f"{'For example' if number == 0 else 'Or'} {title}, which still needs {missing}.")
    rules = ["2"]
    if hand.jokers:
        lines.append(
            f"Your jokers count only in Pungs, Kongs and Quints, never in Pairs or NEWS {ref('2.1')}."
        )
        rules.append("2.1")
    question: HandQuestion = {
        "prompt": "How many more tiles does this hand need to be a winning hand?",
        "hand": str(hand),
    }
    answer: DistanceAnswer = {
        "tiles_needed": needed,
        "explanation": " ".join(lines),
        "rules": rules,
        "expected": plural(needed, "tile"),
    }
    return question, answer


def grade(question: HandQuestion, answer: DistanceAnswer, response: object) -> Graded:
    said = int_field(response, "tiles_needed", TILES)
    expected, rules, explanation = answer["expected"], answer["rules"], answer["explanation"]
    if said == answer["tiles_needed"]:
        return graded(RIGHT, explanation=explanation, expected=expected, rules=rules)
    if said is None:
        lead = (
            f"Give the number of tiles as a whole number (you gave "
            f"{shown(text_field(response, 'tiles_needed'))}). "
        )
    else:
        lead = f"Not {said}. "
    return graded(WRONG, explanation=lead + explanation, expected=expected, rules=rules)


KIND: DrillKind[HandQuestion, DistanceAnswer] = DrillKind(
    name="distance",
    title="How far?",
    description="How many more tiles a hand needs to be a winning hand.",
    fields=(
        AnswerField(
            "tiles_needed",
            "number",
            required=True,
            units=TILES,
            ask="Write how many more tiles the hand needs as a number, e.g. 2.",
        ),
    ),
    focuses=FOCUSES,
    practises=PRACTISES,
    make=make,
    grade=grade,
    template="components/answers/distance.html",
    ignores_table="it counts tiles to the nearest standard card entry, not to one a table allows",
    daily=3,
)
