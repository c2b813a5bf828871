"""practice.answering: one way to take an answer to a question served to a learner (drills,
lesson checks and quizzes, class sessions): the token must hold, a blank is no answer (every
blank question named, nothing marked), and each puzzle is marked once by the engine."""

from __future__ import annotations

from typing import Any

import pytest

from cfmj.accounts.learners import Learner
from cfmj.engine import drills
from practice import answering, serving
from tests.accounts.factories import UserFactory
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db
VISITOR = "5d1e0f8c-2b61-4d7e-9c55-3c2f1a8e7b10"


def _take(
    learner: Learner, token: str, puzzles: list[Any], responses: list[dict[str, str]]
) -> answering.Taken:
    return answering.answer_take(
        learner=learner,
        token=token,
        what=(serving.PUZZLE,) if len(puzzles) == 1 else (serving.TEST, 1),
        questions=lambda _: puzzles,
        response_at=lambda number: responses[number - 1],
    )


def test_it_marks_each_puzzle_once_with_the_fields_of_its_kind() -> None:
    learner = Learner(UserFactory(), "")
    puzzle = PuzzleFactory()
    token = answering.question_serve(learner=learner, what=serving.puzzle(puzzle.pk), where=serving.DRILL)
    taken = _take(learner, token, [puzzle], [{**right_response(puzzle), "junk": "x"}])
    assert taken.served.what == serving.puzzle(puzzle.pk) and taken.served.where == serving.DRILL
    (mark,) = taken.marked
    assert mark.graded.correct and taken.score == 1
    assert set(mark.response) == set(drills.response_fields(puzzle.kind))


def test_it_reads_where_from_the_token_alone() -> None:
    learner = Learner(None, VISITOR)
    puzzle = PuzzleFactory()
    where = serving.session(12)
    token = answering.question_serve(learner=learner, what=serving.puzzle(puzzle.pk), where=where)
    served = _take(learner, token, [puzzle], [right_response(puzzle)]).served
    assert served.where == where and served.session == serving.SessionPlace(12, None)
    replacing = serving.session(12, replaces=served.once)
    assert serving.session_of(replacing) == serving.SessionPlace(12, served.once)


def test_it_takes_nothing_on_a_token_that_does_not_hold() -> None:
    ann, bob = Learner(UserFactory(), ""), Learner(UserFactory(), "")
    puzzle = PuzzleFactory()
    token = answering.question_serve(learner=ann, what=serving.puzzle(puzzle.pk), where=serving.DRILL)
    asked: list[int] = []

    def questions(_: serving.Served) -> list[Any]:
        asked.append(1)
        return [puzzle]

    for learner, sent in ((bob, token), (ann, token + "x"), (ann, "")):
        with pytest.raises(answering.NotServedError):
            answering.answer_take(
                learner=learner,
                token=sent,
                what=serving.puzzle(puzzle.pk),
                questions=questions,
                response_at=lambda _: {},  # never asked: the token is refused first
            )
    with pytest.raises(answering.NotServedError, match="another question"):
        answering.answer_take(
            learner=ann,
            token=token,
            what=serving.puzzle(puzzle.pk + 1),
            questions=questions,
            response_at=lambda _: {},
        )
    assert not asked  # nothing was rebuilt, let alone marked


def test_it_names_every_blank_question_and_marks_none() -> None:
    learner = Learner(UserFactory(), "")
    first, second, third = PuzzleFactory(), PuzzleFactory(kind="name_hand"), PuzzleFactory()
    token = answering.question_serve(learner=learner, what=(serving.TEST, 1, ()), where=serving.QUIZ)
    half = {"category": right_response(second)["category"]}
    with pytest.raises(answering.BlankAnswerError) as left:
        _take(learner, token, [first, second, third], [wrong_response(first), half, {}])
    assert left.value.blank == (2, 3) and left.value.served is not None
    assert left.value.served.where == serving.QUIZ
    assert [r for r in left.value.responses] == [
        {field: wrong_response(first).get(field, "") for field in drills.response_fields(first.kind)},
        {"category": half["category"], "pattern": ""},
        {field: "" for field in drills.response_fields(third.kind)},
    ]
    taken = _take(
        learner,
        token,
        [first, second, third],
        [wrong_response(first), right_response(second), right_response(third)],
    )
    assert [mark.graded.correct for mark in taken.marked] == [False, True, True] and taken.score == 2


def test_what_it_takes_is_kept_once_under_the_token() -> None:
    from practice import services
    from practice.models import Attempt

    learner = Learner(UserFactory(), "")
    puzzle = PuzzleFactory()
    token = answering.question_serve(learner=learner, what=serving.puzzle(puzzle.pk), where=serving.DRILL)
    taken = _take(learner, token, [puzzle], [right_response(puzzle)])
    kept = [
        services.attempt_keep(
            learner=learner, puzzle_id=puzzle.pk, token=taken.served.once, response=response, marked=mark
        )
        for response, mark in ((right_response(puzzle), taken.marked[0]), (wrong_response(puzzle), None))
    ]
    assert [k.first for k in kept] == [True, False] and Attempt.objects.get().correct
    assert kept[1].graded.correct  # the answer sent first, as it was marked
