"""The drills' interface: kinds, bands, fields, deterministic generation and errors."""

from __future__ import annotations

import json

import pytest

from cfmj.engine import InputError
from cfmj.engine.drills import (
    BANDS,
    KIND_TITLES,
    KINDS,
    Graded,
    Puzzle,
    generate,
    generate_many,
    grade,
    response_fields,
)

FIELDS = {
    "winning_hand": ("valid", "reason"),
    "worth": ("value", "discarder"),
    "charleston": ("pass",),
    "name_hand": ("category", "pattern"),
    "call": ("call",),
    "joker_exchange": ("take",),
    "discard": ("tile",),
    "distance": ("tiles_needed",),
    "aim_hand": ("target",),
    "rules_quiz": ("choice",),
}


def test_it_lists_the_ten_kinds_with_titles_and_fields() -> None:
    assert KINDS == (
        "winning_hand",
        "worth",
        "charleston",
        "name_hand",
        "call",
        "joker_exchange",
        "discard",
        "distance",
        "aim_hand",
        "rules_quiz",
    )
    assert KIND_TITLES["rules_quiz"] == "Quick rules"
    assert set(KIND_TITLES) == set(KINDS)
    assert KIND_TITLES["worth"] == "What is it worth?"
    assert KIND_TITLES["aim_hand"] == "Which hand to aim for?"
    assert list(BANDS) == [1, 2, 3, 4, 5]
    for kind in KINDS:
        assert response_fields(kind) == FIELDS[kind]


def test_it_refuses_an_unknown_kind_everywhere() -> None:
    for call in (
        lambda: generate("poker", seed=1, band=1),
        lambda: response_fields("poker"),
        lambda: grade("poker", {}, {}, {}),
        lambda: generate_many("poker", count=2, band=1, seed=1),
    ):
        with pytest.raises(InputError, match="not a drill kind"):
            call()


@pytest.mark.parametrize("band", [0, 6, -1, True, "2"])
def test_it_refuses_a_band_outside_one_to_five(band: object) -> None:
    with pytest.raises(InputError, match="band"):
        generate("worth", seed=1, band=band)  # type: ignore[arg-type]


def test_it_hashes_the_kind_and_the_question_only() -> None:
    puzzle = generate("worth", seed=3, band=2)
    same = Puzzle("worth", 5, 99, json.loads(json.dumps(puzzle.question)), {})
    assert same.content_hash() == puzzle.content_hash()
    assert len(puzzle.content_hash()) == 64
    other = Puzzle("name_hand", puzzle.band, puzzle.seed, puzzle.question, puzzle.answer)
    assert other.content_hash() != puzzle.content_hash()


def test_it_generates_many_distinct_puzzles_the_same_way_twice() -> None:
    first = generate_many("winning_hand", count=40, band=2, seed=11)
    again = generate_many("winning_hand", count=40, band=2, seed=11)
    assert len(first) == 40
    assert len({p.content_hash() for p in first}) == 40
    assert first == again
    assert generate_many("winning_hand", count=40, band=2, seed=12) != first
    for puzzle in first[:5]:  # each keeps the seed that makes it again
        assert generate("winning_hand", seed=puzzle.seed, band=2) == puzzle
    assert generate_many("worth", count=0, band=1, seed=1) == []


def test_it_grades_with_the_three_headlines() -> None:
    puzzle = generate("worth", seed=5, band=1)
    right = grade(
        "worth",
        puzzle.question,
        puzzle.answer,
        {"value": str(puzzle.answer["value"]), "discarder": str(puzzle.answer["discarder"] or "")},
    )
    wrong = grade("worth", puzzle.question, puzzle.answer, {"value": "1"})
    assert isinstance(right, Graded)
    assert (right.correct, right.score, right.headline) == (True, 1.0, "Right!")
    assert (wrong.correct, wrong.score, wrong.headline) == (False, 0.0, "Not quite")
