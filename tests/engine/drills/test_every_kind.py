"""What every drill kind promises: JSON, determinism, distinct puzzles, and fair grading."""

from __future__ import annotations

import json

import pytest

from cfmj.engine.drills import KINDS, generate, generate_many, grade, response_fields
from cfmj.engine.notation import parse_hand

from .helpers import GARBAGE, puzzles, right_response, wrong_response

LIBRARY_KINDS = ("safe_discard",)


@pytest.mark.parametrize("kind", KINDS)
def test_it_makes_json_puzzles_with_a_prompt_and_a_readable_hand(kind: str) -> None:
    for puzzle in puzzles(kind):
        assert json.loads(json.dumps(puzzle.question)) == puzzle.question
        assert json.loads(json.dumps(puzzle.answer)) == puzzle.answer
        assert puzzle.question["prompt"]
        # A quiz question may show no hand; a table question shows the table, not your rack.
        if kind not in ("rules_quiz", "collecting") or "hand" in puzzle.question:
            hand = puzzle.question["hand"]
            assert str(parse_hand(hand)) == hand  # canonical notation
        for choice in puzzle.question.get("choices", []):
            assert set(choice) == {"value", "label"} and choice["value"] and choice["label"]


@pytest.mark.parametrize("kind", KINDS)
def test_it_makes_the_same_puzzle_from_the_same_seed_and_band(kind: str) -> None:
    for puzzle in puzzles(kind)[::7]:
        assert generate(kind, seed=puzzle.seed, band=puzzle.band) == puzzle


@pytest.mark.parametrize("kind", KINDS)
def test_it_makes_distinct_puzzles_in_a_batch(kind: str) -> None:
    count = 4 if kind in ("charleston", "discard", "call", "collecting", "safe_discard") else 25
    batch = generate_many(kind, count=count, band=3, seed=2024)
    assert len(batch) == count
    assert len({p.content_hash() for p in batch}) == count
    # A kind whose positions come from a library found ahead of time (safe_library) repeats more.
    share = 0.5 if kind in LIBRARY_KINDS else 0.9
    assert len({p.content_hash() for p in puzzles(kind)}) > len(puzzles(kind)) * share


@pytest.mark.parametrize("kind", KINDS)
def test_it_grades_the_engines_own_answer_right(kind: str) -> None:
    for puzzle in puzzles(kind):
        result = grade(kind, puzzle.question, puzzle.answer, right_response(puzzle))
        assert (result.correct, result.score, result.headline) == (True, 1.0, "Right!"), (puzzle, result)
        assert result.explanation and result.expected and result.rules


@pytest.mark.parametrize("kind", KINDS)
def test_it_grades_a_wrong_answer_wrong_and_says_why(kind: str) -> None:
    for puzzle in puzzles(kind):
        result = grade(kind, puzzle.question, puzzle.answer, wrong_response(puzzle))
        assert not result.correct and result.score < 1.0, (puzzle, result)
        assert result.explanation and result.expected
        assert result.rules and all(r[0].isdigit() for r in result.rules)
        assert "(rule" in result.explanation and "RULES" not in result.explanation


@pytest.mark.parametrize("kind", KINDS)
def test_it_grades_garbage_wrong_without_raising(kind: str) -> None:
    fields = response_fields(kind)
    for puzzle in puzzles(kind)[::10]:
        responses: list[object] = [{}, None, "valid=yes", {"unrelated": "1"}]
        responses += [dict.fromkeys(fields, junk) for junk in GARBAGE]
        responses += [{fields[0]: junk} for junk in GARBAGE]
        for response in responses:
            result = grade(kind, puzzle.question, puzzle.answer, response)  # type: ignore[arg-type]
            assert not result.correct and result.score < 1.0, (response, result)
            assert result.explanation and result.rules
