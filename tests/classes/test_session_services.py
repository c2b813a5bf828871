"""cfmj.classes.sessions: starting, answering, revealing, ending, and the anonymous tally."""

from __future__ import annotations

import pytest

from cfmj.accounts.models import User
from cfmj.classes import sessions
from cfmj.classes.models import Classroom, ClassSession, SessionAnswer
from cfmj.classes.services import ClassError
from cfmj.engine import drills
from tests.classes.helpers import a_class, person
from tests.classes.session_helpers import _fast_passwords, on_the_board  # noqa: F401
from tests.engine.drills.helpers import right_response, wrong_response

pytestmark = pytest.mark.django_db
TALLIED = ("winning_hand", "call", "rules_quiz", "joker_exchange", "name_hand", "discard")


def _class_of_two() -> tuple[User, User, User, Classroom]:
    teacher, ann, bob = person("tess", "teacher"), person("ann"), person("bob")
    return teacher, ann, bob, a_class(teacher, ann, bob)


@pytest.mark.parametrize("kind", TALLIED)
def test_it_counts_each_choice_and_marks_the_right_one(kind: str) -> None:
    teacher, ann, bob, classroom = _class_of_two()
    session = on_the_board(classroom, teacher, kind=kind)
    sessions.session_answer(session=session, student=ann, response=right_response(session.puzzle))
    sessions.session_answer(session=session, student=bob, response=wrong_response(session.puzzle))
    tally = sessions.session_tally(session)
    assert (tally.answered, tally.students, tally.right) == (2, 2, 1)
    assert tally.groups and all(group.rows for group in tally.groups)
    first = tally.groups[0]
    right_rows = [row for row in first.rows if row.right]
    assert right_rows and sum(row.count for row in right_rows) >= 1
    assert all(row.label for row in first.rows)


@pytest.mark.parametrize("kind", ["worth", "distance", "charleston"])
def test_it_splits_right_from_not_right_for_kinds_without_choices(kind: str) -> None:
    teacher, ann, _, classroom = _class_of_two()
    session = on_the_board(classroom, teacher, kind=kind)
    sessions.session_answer(session=session, student=ann, response=right_response(session.puzzle))
    tally = sessions.session_tally(session)
    assert (tally.answered, tally.right, tally.wrong) == (1, 1, 0)
    (group,) = tally.groups
    assert [(row.label, row.count) for row in group.rows] == [("Right", 1), ("Not right", 0)]


@pytest.mark.parametrize("kind", drills.KINDS)
def test_it_reveals_the_answer_in_words_with_its_rules(kind: str) -> None:
    teacher, _, _, classroom = _class_of_two()
    session = on_the_board(classroom, teacher, kind=kind)
    reveal = sessions.session_reveal_of(session)
    assert reveal.expected and reveal.explanation and reveal.rules
    assert "you gave nothing" not in reveal.explanation.lower()


def test_it_replaces_an_answer_given_again_before_the_reveal() -> None:
    teacher, ann, _, classroom = _class_of_two()
    session = on_the_board(classroom, teacher)
    sessions.session_answer(session=session, student=ann, response=right_response(session.puzzle))
    again = sessions.session_answer(session=session, student=ann, response=wrong_response(session.puzzle))
    assert SessionAnswer.objects.get() == again and not again.correct and again.score == 0.0


def test_it_keeps_only_the_fields_of_the_kind() -> None:
    teacher, ann, _, classroom = _class_of_two()
    session = on_the_board(classroom, teacher)
    saved = sessions.session_answer(
        session=session, student=ann, response={"choice": "x" * 500, "valid": "yes", "junk": "🀄"}
    )
    assert saved.response == {"choice": "x" * 200} and not saved.correct


def test_it_closes_the_answers_at_the_reveal_and_at_the_end() -> None:
    teacher, ann, bob, classroom = _class_of_two()
    session = on_the_board(classroom, teacher)
    sessions.session_reveal(session=session)
    with pytest.raises(ClassError, match="The answers are closed"):
        sessions.session_answer(session=session, student=ann, response=right_response(session.puzzle))
    ended = on_the_board(classroom, teacher)
    sessions.session_close(session=ended)
    with pytest.raises(ClassError, match="The answers are closed"):
        sessions.session_answer(session=ended, student=bob, response=right_response(ended.puzzle))
    with pytest.raises(ClassError, match="has ended"):
        sessions.session_reveal(session=ended)
    assert not SessionAnswer.objects.exists()


def test_it_takes_answers_from_active_students_only() -> None:
    teacher, _, _, classroom = _class_of_two()
    session = on_the_board(classroom, teacher)
    for user in (teacher, person("lee")):
        with pytest.raises(ClassError, match="Only the students"):
            sessions.session_answer(session=session, student=user, response=right_response(session.puzzle))
    assert not SessionAnswer.objects.exists()


def test_it_keeps_one_open_session_and_finds_it() -> None:
    teacher, _, _, classroom = _class_of_two()
    first = on_the_board(classroom, teacher)
    second = on_the_board(classroom, teacher)
    assert sessions.session_current(classroom) == second
    assert ClassSession.objects.get(pk=first.pk).closed_at is not None
    sessions.session_close(session=second)
    assert sessions.session_current(classroom) is None


def test_it_lets_only_a_teacher_of_the_class_start() -> None:
    _, ann, _, classroom = _class_of_two()
    for user in (ann, person("otto", "teacher")):
        with pytest.raises(ClassError, match="Only a teacher of the class"):
            sessions.session_start(classroom=classroom, teacher=user, kind="rules_quiz", band=2)
    assert not ClassSession.objects.exists()


def test_it_keeps_no_blank_answer_and_keeps_the_answer_sent_before() -> None:
    from practice.answering import BlankAnswerError

    teacher, ann, bob, classroom = _class_of_two()
    session = on_the_board(classroom, teacher, kind="name_hand")
    with pytest.raises(BlankAnswerError):
        sessions.session_answer(session=session, student=ann, response={"category": "", "pattern": " "})
    assert not SessionAnswer.objects.exists()
    sessions.session_answer(session=session, student=bob, response=right_response(session.puzzle))
    half = {"category": right_response(session.puzzle)["category"]}
    with pytest.raises(BlankAnswerError):
        sessions.session_answer(session=session, student=bob, response=half)
    assert SessionAnswer.objects.get().correct
    assert sessions.session_tally(session).answered == 1
