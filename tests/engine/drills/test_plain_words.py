"""Every drill kind's words read as a beginner reads them (tests/plain_words.py).

For each kind, seeded puzzles across the bands are graded twice, with the engine's own answer and
with a wrong one, and every text the learner reads of the grade (the headline, the explanation and
the expected answer) names tiles in words, never in notation; the explanation's first sentence
says the answer and its reason in at most LEAD_WORDS words.
"""

from __future__ import annotations

from functools import cache

import pytest

from cfmj.engine.drills import BANDS, KINDS, Graded, Puzzle, generate, grade

from ...plain_words import LEAD_WORDS, first_sentence_words, notation_in
from .helpers import right_response, wrong_response

PUZZLES = (
    50  # seeded puzzles of each kind, spread over the bands (all twelve kinds: ~37 s, 28 of them collecting)
)
# The one Quick rules topic whose subject is the notation itself ("Which tile is written 9D?",
# "Which of these writes three 3 Crak tiles the way we do?"): its words must show the codes.
ABOUT_NOTATION = "notation"


@cache
def made(kind: str) -> tuple[Puzzle, ...]:
    """The kind's seeded puzzles, made once per test process for both tests below (a collecting
    puzzle plays a bot hand: its fifty took about 15 s of CPU, once for each test)."""
    puzzles = [generate(kind, seed=seed, band=BANDS[seed % len(BANDS)]) for seed in range(PUZZLES)]
    return tuple(p for p in puzzles if p.question.get("topic") != ABOUT_NOTATION)


def misread(result: Graded) -> list[str]:
    """What a beginner would stumble on in a grade: notation, or a first sentence too long."""
    out = [
        f"notation {notation_in(text)} in {text!r}"
        for text in (result.headline, result.explanation, result.expected)
        if notation_in(text)
    ]
    words = first_sentence_words(result.explanation)
    if words > LEAD_WORDS:
        out.append(f"{words} words in the first sentence of {result.explanation!r}")
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_every_question_of_a_drill_asks_in_plain_words(kind: str) -> None:
    """The prompt names tiles in words ("North discards 7 Bam"), never as notation too."""
    problems = [
        f"seed {p.seed}: notation {notation_in(p.question['prompt'])} in {p.question['prompt']!r}"
        for p in made(kind)[:20]
        if notation_in(p.question["prompt"])
    ]
    assert problems == []


@pytest.mark.parametrize("kind", KINDS)
def test_every_grade_of_a_drill_is_said_in_plain_words(kind: str) -> None:
    problems: list[str] = []
    for puzzle in made(kind):
        responses = [right_response(puzzle), wrong_response(puzzle)]
        for response in responses:
            result = grade(kind, puzzle.question, puzzle.answer, response)
            problems += [f"seed {puzzle.seed} {response}: {p}" for p in misread(result)]
    assert problems == []
