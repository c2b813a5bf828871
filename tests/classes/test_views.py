"""The class pages: making a class, joining by code or link, the teacher's and the student's
class page, student accounts, co-teachers, archiving and leaving."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.classes.models import Classroom, Membership
from practice.models import Attempt
from tests.classes.helpers import a_class, person
from tests.practice.factories import AttemptFactory

pytestmark = pytest.mark.django_db


def test_it_lets_a_teacher_make_a_class(client) -> None:
    teacher = person("tess", "teacher")
    client.force_login(teacher)
    response = client.post(
        reverse("classes:create"), {"name": "Tuesday beginners", "house_rules": ["3"], "skill_level": "1"}
    )
    classroom = Classroom.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse(
        "classes:detail", args=[classroom.pk]
    )
    assert (classroom.house_rules, classroom.skill_level) == ([3], 1)
    page = client.get(response["Location"])
    assert classroom.code.encode() in page.content and b"/classes/join/" in page.content


def test_it_sends_a_learner_to_joining_instead(client) -> None:
    client.force_login(person("lee"))
    response = client.post(reverse("classes:create"), {"name": "Mine"}, follow=True)
    assert b"needs a teacher account" in response.content and not Classroom.objects.exists()


def test_it_joins_from_a_link_after_confirming(client) -> None:
    classroom = a_class()
    student = person("sam")
    client.force_login(student)
    preview = client.get(reverse("classes:join_code", args=[classroom.code]))
    assert b"You are about to join" in preview.content
    assert not Membership.objects.filter(user=student).exists()  # a GET never joins
    response = client.post(reverse("classes:join"), {"code": classroom.code.lower()})
    assert response.status_code == 302
    assert Membership.objects.get(user=student).classroom == classroom


def test_it_explains_a_wrong_code_on_the_form(client) -> None:
    client.force_login(person("sam"))
    response = client.post(reverse("classes:join"), {"code": "<script>x"})
    assert response.status_code == 200 and b"No class has that code" in response.content
    assert b"<script>x" not in response.content


def test_it_makes_a_student_account_for_the_teacher(client) -> None:
    classroom = a_class()
    client.force_login(classroom.owner)
    client.post(
        reverse("classes:student_add", args=[classroom.pk]),
        {"username": "nan", "password": "tiles-on-tuesday"},
    )
    assert Membership.objects.filter(classroom=classroom, user__username="nan", role="student").exists()
    again = client.post(
        reverse("classes:student_add", args=[classroom.pk]),
        {"username": "nan", "password": "tiles-on-tuesday"},
        follow=True,
    )
    assert b"taken" in again.content


def test_it_shows_a_student_their_homework_and_not_the_class_report(client) -> None:
    student = person("sam")
    classroom = a_class(None, student)
    client.force_login(student)
    response = client.get(reverse("classes:detail", args=[classroom.pk]))
    assert response.status_code == 200 and b"Homework" in response.content
    assert (
        b"Make an account for a student" not in response.content
        and classroom.code.encode() not in response.content
    )


def test_it_archives_and_restores_a_class_keeping_progress(client) -> None:
    student = person("sam")
    classroom = a_class(None, student)
    AttemptFactory(user=student)
    client.force_login(classroom.owner)
    client.post(reverse("classes:archive", args=[classroom.pk]))
    classroom.refresh_from_db()
    assert classroom.archived and Attempt.objects.filter(user=student).exists()
    client.post(reverse("classes:archive", args=[classroom.pk]), {"restore": "1"})
    classroom.refresh_from_db()
    assert not classroom.archived


def test_it_lets_a_student_leave_keeping_their_progress(client) -> None:
    student = person("sam")
    classroom = a_class(None, student)
    AttemptFactory(user=student)
    client.force_login(student)
    assert client.post(reverse("classes:leave", args=[classroom.pk])).status_code == 302
    assert Membership.objects.get(user=student).left_at is not None
    assert Attempt.objects.filter(user=student).exists()
    assert client.get(reverse("classes:detail", args=[classroom.pk])).status_code == 404


def test_it_answers_a_student_number_that_is_no_student_with_not_found(client) -> None:
    student = person("sam")
    classroom = a_class(None, student)
    assert classroom.owner is not None
    client.force_login(classroom.owner)
    for user_id in (classroom.owner.pk, 10**30):  # a teacher, and more than the database holds
        for name in ("student_password", "student_remove"):
            url = reverse(f"classes:{name}", args=[classroom.pk, user_id])
            assert client.post(url, {"password": "tiles-on-tuesday"}).status_code == 404, (name, user_id)
    assert Membership.objects.filter(left_at__isnull=True).count() == 2


def test_it_says_which_field_of_the_class_page_forms_to_mend(client) -> None:
    student = person("sam")
    classroom = a_class(None, student)
    client.force_login(classroom.owner)
    posts = [
        (
            "student_add",
            [classroom.pk],
            {"username": "", "password": ""},
            "Give the student a username. Give the student a password.",
        ),
        (
            "student_add",
            [classroom.pk],
            {"username": "n" * 151, "password": "tiles-on-tuesday"},
            "A username has at most 150 characters.",
        ),
        (
            "student_add",
            [classroom.pk],
            {"username": "nan", "password": "p" * 129},
            "A password has at most 128 characters.",
        ),
        ("student_password", [classroom.pk, student.pk], {"password": ""}, "sam: Type the new password."),
        (
            "student_password",
            [classroom.pk, student.pk],
            {"password": "p" * 129},
            "sam: A password has at most 128 characters.",
        ),
        ("coteacher_invite", [classroom.pk], {"username": ""}, "Type their username."),
        (
            "coteacher_invite",
            [classroom.pk],
            {"username": "c" * 151},
            "A username has at most 150 characters.",
        ),
    ]
    for name, args, data, message in posts:
        response = client.post(reverse(f"classes:{name}", args=args), data, follow=True)
        assert [str(m) for m in response.context["messages"]] == [message], (name, data)
    assert Membership.objects.count() == 2 and student.check_password("pw-tiles-123")
