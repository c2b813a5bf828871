"""Running a class: codes, joining, accounts made by the teacher, co-teachers, leaving, archiving;
nothing a student did is ever lost."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone

from cfmj.classes import services
from cfmj.classes.models import Assignment, Classroom, ManagedAccount, Membership
from cfmj.classes.services import ClassError
from lessons.models import LessonProgress
from practice.models import Attempt
from tests.classes.helpers import a_class, coteacher, in_days, person
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
    assert classroom.owner is not None
    student = services.student_create(
        classroom=classroom, teacher=classroom.owner, username="nan", password="tiles-on-tuesday"
    )
    assert student.check_password("tiles-on-tuesday")
    assert ManagedAccount.objects.get(user=student).classroom == classroom
    with pytest.raises(ClassError, match="taken"):
        services.student_create(
            classroom=classroom, teacher=classroom.owner, username="NAN", password="tiles-on-tuesday"
        )
    with pytest.raises(ClassError):
        services.student_create(classroom=classroom, teacher=classroom.owner, username="ned", password="123")
    services.student_password_set(classroom=classroom, student=student, password="new-tiles-please")
    student.refresh_from_db()
    assert student.check_password("new-tiles-please")
    with pytest.raises(ClassError, match="made their own account"):
        services.student_password_set(
            classroom=a_class(person("otto", "teacher")), student=student, password="hijacked-password"
        )


@pytest.mark.parametrize("username", ["nan smith", "nan/smith", "<b>", "   "])
def test_it_makes_student_usernames_by_the_sign_up_rules(username: str) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    with pytest.raises(ClassError):
        services.student_create(
            classroom=classroom, teacher=classroom.owner, username=username, password="tiles-on-tuesday"
        )
    assert not ManagedAccount.objects.exists()


def test_it_makes_a_full_width_username_the_plain_one_and_finds_it_taken() -> None:
    classroom = a_class()
    assert classroom.owner is not None
    person("nan")
    with pytest.raises(ClassError, match="taken"):
        services.student_create(
            classroom=classroom, teacher=classroom.owner, username="ＮＡＮ", password="tiles-on-tuesday"
        )


@pytest.mark.parametrize("who", ["learner", "teacher"])
def test_it_never_sets_the_password_of_an_account_its_owner_made(who: str) -> None:
    """The takeover chain: a self-registered learner, or a teacher who joined another class as a
    student, keeps their password from that class's teacher."""
    joiner = person("sam", who)
    joiner.set_password("sams-own-secret")
    joiner.save()
    classroom = a_class(person("mal", "teacher"), joiner)
    with pytest.raises(ClassError, match="made their own account"):
        services.student_password_set(classroom=classroom, student=joiner, password="taken-over-now")
    joiner.refresh_from_db()
    assert joiner.check_password("sams-own-secret")


def test_it_invites_a_coteacher_who_teaches_only_after_accepting() -> None:
    classroom = a_class()
    assert classroom.owner is not None
    person("lee")
    cory = person("cory", "teacher")
    with pytest.raises(ClassError, match="learner account"):
        services.coteacher_invite(classroom=classroom, owner=classroom.owner, username="lee")
    with pytest.raises(ClassError, match="no account"):
        services.coteacher_invite(classroom=classroom, owner=classroom.owner, username="nobody")
    invite = services.coteacher_invite(classroom=classroom, owner=classroom.owner, username="CORY")
    again = services.coteacher_invite(classroom=classroom, owner=classroom.owner, username="cory")
    assert again.pk == invite.pk and invite.invitee == cory
    assert not Membership.objects.filter(classroom=classroom, user=cory).exists()
    services.coteacher_invite_answer(invite=invite, invitee=cory, accept=True)
    services.coteacher_invite_answer(invite=invite, invitee=cory, accept=True)  # a second click
    assert Membership.objects.get(classroom=classroom, user=cory).role == "teacher"
    with pytest.raises(ClassError, match="already teaches"):
        services.coteacher_invite(classroom=classroom, owner=classroom.owner, username="cory")


def test_it_lets_an_invitee_decline_and_the_owner_withdraw() -> None:
    classroom = a_class()
    assert classroom.owner is not None
    cory, dee = person("cory", "teacher"), person("dee", "teacher")
    first = services.coteacher_invite(classroom=classroom, owner=classroom.owner, username="cory")
    services.coteacher_invite_answer(invite=first, invitee=cory, accept=False)
    second = services.coteacher_invite(classroom=classroom, owner=classroom.owner, username="dee")
    services.coteacher_invite_withdraw(invite=second)
    with pytest.raises(ClassError, match="already been answered or withdrawn"):
        services.coteacher_invite_answer(invite=second, invitee=dee, accept=True)
    with pytest.raises(ClassError, match="someone else"):
        services.coteacher_invite_answer(invite=first, invitee=dee, accept=True)
    assert Membership.objects.filter(classroom=classroom, role="teacher").count() == 1


def test_it_lets_the_owner_remove_a_coteacher_and_hand_the_class_over() -> None:
    classroom = a_class()
    tess = classroom.owner
    assert tess is not None
    cory = coteacher(classroom, "cory")
    with pytest.raises(ClassError, match="owner cannot be removed"):
        services.coteacher_remove(classroom=classroom, teacher=tess)
    services.classroom_hand_over(classroom=classroom, owner=tess, new_owner=cory)
    classroom.refresh_from_db()
    assert classroom.owner == cory
    with pytest.raises(ClassError, match="Only the class's owner"):
        services.classroom_hand_over(classroom=classroom, owner=tess, new_owner=cory)
    services.coteacher_remove(classroom=classroom, teacher=tess)
    assert not Membership.objects.get(classroom=classroom, user=tess).active


def test_it_brings_a_coteacher_who_rejoins_by_code_back_as_a_student() -> None:
    classroom = a_class()
    cory = coteacher(classroom, "cory")
    services.membership_end(classroom=classroom, user=cory)
    services.classroom_join(user=cory, code=classroom.code)
    assert Membership.objects.get(classroom=classroom, user=cory).role == "student"


def test_it_renews_the_code_and_closes_joining() -> None:
    classroom = a_class()
    old = classroom.code
    new = services.classroom_code_renew(classroom=classroom)
    assert new != old and Classroom.objects.get(pk=classroom.pk).code == new
    with pytest.raises(ClassError, match="No class has that code"):
        services.classroom_join(user=person("sue"), code=old)
    services.classroom_joining_set(classroom=classroom, open_=False)
    with pytest.raises(ClassError, match="not taking new students"):
        services.classroom_join(user=person("sal"), code=new)
    services.classroom_joining_set(classroom=classroom, open_=True)
    services.classroom_join(user=person("sid"), code=new)


def test_it_keeps_a_removed_student_out_until_a_teacher_adds_them_back() -> None:
    sam = person("sam")
    classroom = a_class(None, sam)
    services.student_remove(classroom=classroom, student=sam)
    with pytest.raises(ClassError, match="took you out"):
        services.classroom_join(user=sam, code=classroom.code)
    services.student_readd(classroom=classroom, student=sam)
    membership = Membership.objects.get(classroom=classroom, user=sam)
    assert membership.active and not membership.removed
    services.membership_end(classroom=classroom, user=sam)  # leaving by choice: the code works again
    services.classroom_join(user=sam, code=classroom.code)


def test_it_passes_a_deleted_owners_classes_to_a_coteacher_or_archives_them() -> None:
    tess = person("tess", "teacher")
    shared = a_class(tess, name="Shared")
    alone = a_class(tess, name="Alone")
    cory = coteacher(shared, "cory")
    pending = services.coteacher_invite(classroom=alone, owner=tess, username="cory")
    services.teacher_classes_release(user=tess)
    shared.refresh_from_db()
    alone.refresh_from_db()
    pending.refresh_from_db()
    assert shared.owner == cory and not shared.archived
    assert alone.archived and pending.status == "withdrawn"
    assert not Membership.objects.filter(user=tess, left_at__isnull=True).exists()
    tess.delete()
    alone.refresh_from_db()
    assert alone.owner is None


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


def test_it_keeps_the_owner_from_stepping_down() -> None:
    teacher = person("tess", "teacher")
    classroom = a_class(teacher)
    with pytest.raises(ClassError, match="You own this class"):
        services.membership_end(classroom=classroom, user=teacher)


def test_it_sets_the_same_fixed_puzzles_for_everyone() -> None:
    classroom = a_class()
    assert classroom.owner is not None
    homework = services.assignment_create(
        classroom=classroom,
        teacher=classroom.owner,
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
def test_it_explains_homework_it_cannot_set(kwargs: dict[str, Any], message: str) -> None:
    classroom = a_class()
    assert classroom.owner is not None
    with pytest.raises(ClassError, match=message):
        services.assignment_create(classroom=classroom, teacher=classroom.owner, due=in_days(2), **kwargs)
    assert not Assignment.objects.exists()


def test_it_finds_a_coteacher_by_any_spelling_log_in_accepts() -> None:
    classroom = a_class()
    assert classroom.owner is not None
    cory = person("cory", "teacher")
    invite = services.coteacher_invite(classroom=classroom, owner=classroom.owner, username=" ＣＯＲＹ ")
    assert invite.invitee == cory
