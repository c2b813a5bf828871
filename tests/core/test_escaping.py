"""Names people type (usernames, class names) always come back escaped: the header, the class
page with its report, an assignment's report and the session board."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.accounts.models import User
from tests.classes.helpers import a_class, person
from tests.classes.session_helpers import on_the_board, session_url, student_url

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as TestResponse

pytestmark = pytest.mark.django_db
HOSTILE = "<img src=x onerror=alert(1)>"
ESCAPED = b"&lt;img src=x onerror=alert(1)&gt;"


def _as(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _escaped(response: TestResponse, *, shown: bool = True) -> None:
    content: bytes = response.content
    assert response.status_code == 200
    assert b"<img src=x" not in content and b"<script>" not in content
    if shown:
        assert ESCAPED in content


def test_hostile_names_are_escaped_everywhere_they_show() -> None:
    teacher, student = person(HOSTILE + "t", "teacher"), person(HOSTILE)
    classroom = a_class(teacher, student, name=HOSTILE + "<script>alert(2)</script>")
    session = on_the_board(classroom, teacher)
    as_teacher, as_student = _as(teacher), _as(student)

    _escaped(as_student.get(reverse("home")))  # the header
    _escaped(as_teacher.get(reverse("classes:detail", args=[classroom.pk])))  # class page + report
    _escaped(as_student.get(reverse("classes:detail", args=[classroom.pk])))
    _escaped(as_teacher.get(session_url("session_control", session)))  # the board
    _escaped(as_student.get(student_url(classroom)))
    _escaped(as_teacher.get(reverse("classes:index")))
    _escaped(as_student.get(reverse("classes:join_code", args=[classroom.code])))


def test_the_report_table_escapes_student_names() -> None:
    teacher, student = person("tess", "teacher"), person(HOSTILE)
    classroom = a_class(teacher, student)
    page = _as(teacher).get(reverse("classes:detail", args=[classroom.pk]))
    _escaped(page)
    assert page.content.count(ESCAPED) >= 2  # the report row and the students table
