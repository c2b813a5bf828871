"""drills.unanswered: which fields a response leaves empty that its kind needs (a blank is no
answer: the site asks again and marks nothing)."""

from __future__ import annotations

import pytest

from cfmj.engine import InputError
from cfmj.engine.drills import KINDS, response_fields, unanswered
from tests.engine.drills.helpers import puzzles, right_response, wrong_response

NEEDS = {
    "winning_hand": ("valid",),
    "worth": ("value",),
    "charleston": ("pass",),
    "name_hand": ("category", "pattern"),
    "call": ("call",),
    "joker_exchange": ("take",),
    "discard": ("tile",),
    "distance": ("tiles_needed",),
    "aim_hand": ("target",),
    "rules_quiz": ("choice",),
}


@pytest.mark.parametrize("kind", KINDS)
def test_it_names_the_needed_fields_a_blank_leaves_empty(kind: str) -> None:
    assert set(NEEDS[kind]) <= set(response_fields(kind))
    for blank in (
        {},
        dict.fromkeys(response_fields(kind), ""),
        dict.fromkeys(response_fields(kind), " \t"),
        dict.fromkeys(response_fields(kind), None),
    ):
        assert unanswered(kind, blank) == NEEDS[kind]


@pytest.mark.parametrize("kind", KINDS)
def test_it_takes_every_answer_right_or_wrong_as_an_answer(kind: str) -> None:
    for puzzle in puzzles(kind)[:5]:
        for question in (None, puzzle.question):
            assert unanswered(kind, right_response(puzzle), question) == ()
            assert unanswered(kind, wrong_response(puzzle), question) == ()


def test_it_takes_half_an_answer_as_an_answer_where_the_kind_marks_it() -> None:
    assert unanswered("joker_exchange", {"take": "none"}) == ()  # "none" is an answer
    assert unanswered("name_hand", {"category": "winds"}) == ("pattern",)
    # Without the question it cannot tell that a discarder's payment or a No's reason is asked.
    assert unanswered("winning_hand", {"valid": "no"}) == ()
    assert unanswered("worth", {"value": "30"}) == ()


def test_it_refuses_an_unknown_kind() -> None:
    with pytest.raises(InputError, match="not a drill kind"):
        unanswered("poker", {})
