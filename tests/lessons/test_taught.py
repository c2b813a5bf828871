"""lessons.taught: what a learner's checks passed have taught them, the reach practice keeps to.
It grows with checks answered right and quizzes passed, never with a lesson merely opened."""

from __future__ import annotations

from typing import Any

import pytest

from cfmj.accounts.learners import Learner
from lessons.content import scope_at
from lessons.models import Lesson, LessonProgress
from lessons.services import quiz_record, step_check_record
from lessons.taught import reach_read, taught_to
from practice.reach import FULL
from tests.course import course_sources

pytestmark = pytest.mark.django_db


def _lines(lesson: int, step: int | None = None) -> frozenset[str]:
    teaches = [[s.teaches for s in source.steps] for source in course_sources()]
    return scope_at(teaches, lesson, step).lines


def _passed(learner: Learner, course: list[Lesson], up_to: int) -> None:
    for lesson in course[:up_to]:
        quiz_record(learner=learner, lesson=lesson, score=len(lesson.quiz), size=len(lesson.quiz))


@pytest.fixture
def ann(django_user_model: Any) -> Learner:
    return Learner(django_user_model.objects.create_user("ann", password="pw-tiles-123"), "")


def test_it_gives_a_newcomer_the_first_lesson(ann: Learner, course: list[Lesson]) -> None:
    reach = reach_read(ann)
    assert reach.scope is not None and reach.scope.lines == _lines(1)
    assert set(reach.kinds) == set(course[0].drills)
    assert reach.closed["winning_hand"].label == "Lesson 2: Blocks"
    assert reach.closed["winning_hand"].url == f"/lessons/{course[1].slug}/"


def test_a_lesson_opened_or_read_adds_nothing(ann: Learner, course: list[Lesson]) -> None:
    _passed(ann, course, 5)
    LessonProgress.objects.create(user=ann.user, lesson=course[6])  # lesson 7 opened, no check passed
    taught = taught_to(ann)
    assert taught is not None and taught.lines == _lines(5) and taught.lessons == {1, 2, 3, 4, 5}


def test_each_check_passed_adds_its_steps_lines(ann: Learner, course: list[Lesson]) -> None:
    _passed(ann, course, 6)
    fillers = course[6]
    step_check_record(learner=ann, step=fillers.steps.get(number=1))
    assert reach_read(ann).scope.lines == _lines(7, 1)  # type: ignore[union-attr]
    step_check_record(learner=ann, step=fillers.steps.get(number=2))
    assert reach_read(ann).scope.lines == _lines(7, 2)  # type: ignore[union-attr]
    assert 7 not in taught_to(ann).lessons  # type: ignore[union-attr]


def test_every_step_passed_teaches_the_lesson_and_opens_its_drills(
    ann: Learner, course: list[Lesson]
) -> None:
    _passed(ann, course, 8)
    dragons = course[8]
    assert not reach_read(ann).opens("worth")  # worth is first listed by lesson 9
    for step in dragons.steps.order_by("number"):
        step_check_record(learner=ann, step=step)
    reach = reach_read(ann)
    assert reach.opens("worth") and reach.scope is not None and reach.scope.lines == _lines(9)


def test_a_quiz_failed_teaches_nothing_and_one_passed_teaches_the_lesson(
    ann: Learner, course: list[Lesson]
) -> None:
    _passed(ann, course, 9)
    exposures = course[9]
    quiz_record(learner=ann, lesson=exposures, score=0, size=len(exposures.quiz))
    assert not reach_read(ann).opens("call")
    quiz_record(learner=ann, lesson=exposures, score=len(exposures.quiz), size=len(exposures.quiz))
    assert reach_read(ann).opens("call")  # tested out: done by the quiz alone
    assert reach_read(ann).scope.lines == _lines(10)  # type: ignore[union-attr]


def test_a_visitors_checks_count_as_an_accounts_do(course: list[Lesson]) -> None:
    visitor = Learner(None, "v-1")
    _passed(visitor, course, 2)
    assert reach_read(visitor).opens("winning_hand")
    assert reach_read(Learner(None, "v-2")).scope.lines == _lines(1)  # type: ignore[union-attr]


def test_without_a_course_practice_is_the_full_range(ann: Learner) -> None:
    assert taught_to(ann) is None and reach_read(ann) == FULL
