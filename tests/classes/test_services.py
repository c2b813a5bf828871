"""Running a class: codes, joining, accounts made by the teacher, co-teachers, leaving, archiving;
nothing a student did is ever lost."""

from __future__ import annotations

import pytest
from django.utils import timezone

from cfmj.classes import services
from cfmj.classes.models import Assignment, Membership
from cfmj.classes.services import ClassError
from lessons.models import LessonProgress
from practice.models import Attempt
from tests.classes.helpers import a_class, in_days, person
from tests.practice.factories import AttemptFactory

pytestmark = pytest.mark.django_db


def test_it_makes_a_class_with_a_readable_code_and_its_teacher() -> None:
    teacher = person("tess", "teacher")
    classroom = services.classroom_create(
        teacher=teacher, name=" Tuesday ", house_rules=[3, 1], skill_level=2
    )
    assert len(classroom.code) == 6 and not set(classroom.code) & set("01IO")
    assert (classroom.name, classroom.house_rules, classroom.skill_level) == ("Tuesday", [1, 3], 2)
    assert Membership.objects.get(classroom=classroom).role == "teacher"


def test_it_refuses_a_class_to_a_learner_account() -> None:
    with pytest.raises(ClassError, match="teacher account"):
        services.classroom_create(teacher=person("lee"), name="Mine")


@pytest.mark.parametrize("typed", ["{code}", " {lower} ", "{spaced}"])
def test_it_joins_with_the_code_however_it_is_typed(typed: str) -> None:
    classroom = a_class()
    code = classroom.code
    text = typed.format(code=code, lower=code.lower(), spaced=f"{code[:3]} {code[3:]}")
    student = person("sam")
    assert services.classroom_join(user=student, code=text) == classroom
    assert Membership.objects.get(classroom=classroom, user=student).role == "student"


def test_it_explains_a_wrong_or_archived_code() -> None:
    classroom = a_class()
    with pytest.raises(ClassError, match="No class has that code"):
        services.classroom_join(user=person("sam"), code="ZZZZZZ")
    services.classroom_archive(classroom=classroom)
    with pytest.raises(ClassError, match="archived"):
        services.classroom_join(user=person("sue"), code=classroom.code)


def test_it_makes_student_accounts_and_resets_their_passwords() -> None:
    classroom = a_class()
    student = services.student_create(classroom=classroom, username="nan", password="tiles-on-tuesday")
    assert student.check_password("tiles-on-tuesday")
    with pytest.raises(ClassError, match="taken"):
        services.student_create(classroom=classroom, username="NAN", password="tiles-on-tuesday")
    with pytest.raises(ClassError):
        services.student_create(classroom=classroom, username="ned", password="123")
    services.student_password_set(classroom=classroom, student=student, password="new-tiles-please")
    student.refresh_from_db()
    assert student.check_password("new-tiles-please")
    with pytest.raises(ClassError, match="only for students of your class"):
        services.student_password_set(
            classroom=a_class(person("otto", "teacher")), student=student, password="hijacked-password"
        )


def test_it_adds_a_coteacher_only_with_a_teacher_account() -> None:
    classroom = a_class()
    person("lee")
    person("cory", "teacher")
    with pytest.raises(ClassError, match="learner account"):
        services.coteacher_add(classroom=classroom, username="lee")
    with pytest.raises(ClassError, match="no account"):
        services.coteacher_add(classroom=classroom, username="nobody")
    services.coteacher_add(classroom=classroom, username="CORY")
    assert Membership.objects.filter(classroom=classroom, role="teacher").count() == 2


def test_it_keeps_a_students_progress_when_they_leave_or_the_class_is_archived(course) -> None:
    student = person("sam")
    classroom = a_class(None, student)
    AttemptFactory(user=student)
    LessonProgress.objects.create(user=student, lesson=course[0], completed_at=timezone.now())
    services.membership_end(classroom=classroom, user=student)
    services.membership_end(classroom=classroom, user=student)  # a second click changes nothing
    services.classroom_archive(classroom=classroom)
    assert Attempt.objects.filter(user=student).count() == 1
    assert LessonProgress.objects.filter(user=student).count() == 1
    membership = Membership.objects.get(classroom=classroom, user=student)
    assert membership.left_at is not None  # kept, with the date


def test_it_keeps_a_class_from_losing_its_last_teacher() -> None:
    teacher = person("tess", "teacher")
    classroom = a_class(teacher)
    with pytest.raises(ClassError, match="needs a teacher"):
        services.membership_end(classroom=classroom, user=teacher)


def test_it_sets_the_same_fixed_puzzles_for_everyone() -> None:
    classroom = a_class()
    homework = services.assignment_create(
        classroom=classroom,
        teacher=classroom.created_by,
        kind="fixed",
        drill_kind="worth",
        count=4,
        band=1,
        due=in_days(3),
    )
    assert homework.entries.count() == 4
    assert {e.puzzle.kind for e in homework.entries.select_related("puzzle")} == {"worth"}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"kind": "lesson"}, "Choose the lesson"),
        ({"kind": "drills", "drill_kind": "poker", "count": 3}, "kind of drill"),
        ({"kind": "drills", "drill_kind": "worth", "count": 0}, "between 1 and"),
        ({"kind": "drills", "drill_kind": "worth", "count": 3, "band": 9}, "Difficulty"),
        ({"kind": "essay"}, "Assign a lesson"),
    ],
)
def test_it_explains_homework_it_cannot_set(kwargs: dict, message: str) -> None:
    classroom = a_class()
    with pytest.raises(ClassError, match=message):
        services.assignment_create(
            classroom=classroom, teacher=classroom.created_by, due=in_days(2), **kwargs
        )
    assert not Assignment.objects.exists()
