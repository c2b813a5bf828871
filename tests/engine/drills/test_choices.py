"""drills.choices: a puzzle's answer as choices, for counting a room's answers."""

from __future__ import annotations

import pytest

from cfmj.engine.drills import KINDS, grade
from cfmj.engine.drills.choices import CHOICE_FIELDS, choice_fields, choices, picked, right_values, solution
from cfmj.engine.errors import InputError

from .helpers import puzzles, right_response


@pytest.mark.parametrize("kind", sorted(CHOICE_FIELDS))
def test_it_offers_the_right_answer_among_the_choices(kind: str) -> None:
    for puzzle in puzzles(kind)[:10]:
        response = right_response(puzzle)
        for field, _ in choice_fields(kind):
            offered = {value for value, _ in choices(field, puzzle.question)}
            right = right_values(field, puzzle.answer)
            assert right and right <= offered | {"none"}, (field, right, offered)
            assert set(picked(field, response)) <= right  # the engine's own answer picks right ones


def test_it_counts_only_right_and_wrong_for_the_other_kinds() -> None:
    assert {kind for kind in KINDS if not choice_fields(kind)} == {"worth", "charleston", "distance"}


def test_it_labels_a_discard_with_the_tile_name() -> None:
    question = {"tiles": ["5D", "5D", "RD"]}
    assert choices("tile", question) == [("5D", "5D (five dot)"), ("RD", "RD (red dragon)")]


def test_it_reads_what_a_response_picked() -> None:
    assert picked("take", {"take": " 3B, 1C,3B ,"}) == ["1C", "3B"]
    assert picked("call", {"call": "  expose "}) == ["expose"]
    assert picked("call", {"call": "   "}) == [] and picked("call", "not a dict") == []


def test_it_reveals_the_answer_in_the_kinds_own_words() -> None:
    puzzle = puzzles("worth")[0]
    revealed = solution("worth", puzzle.question, puzzle.answer)
    graded = grade("worth", puzzle.question, puzzle.answer, {})
    assert revealed.expected == graded.expected and revealed.rules == graded.rules
    assert revealed.explanation == puzzle.answer["explanation"]


def test_it_refuses_an_unknown_kind() -> None:
    with pytest.raises(InputError):
        solution("mahjongg", {}, {})
