"""/classes/<pk>/students/<id>/name/: a class's teachers name an account the class made; the class
page shows each student's name with their username. Nobody else renames anyone: another teacher,
a student, or this class's teacher for a student who signed up themselves all get 404."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.classes import services
from cfmj.classes.models import Classroom
from tests.classes.helpers import a_class, coteacher, drill_homework, person

pytestmark = pytest.mark.django_db


def _owner(classroom: Classroom) -> User:
    assert classroom.owner is not None
    return classroom.owner


def _made(classroom: Classroom, username: str = "zoem", real_name: str = "") -> User:
    assert classroom.owner is not None
    return services.student_create(
        classroom=classroom,
        teacher=classroom.owner,
        username=username,
        password="tiles-on-tuesday",
        real_name=real_name,
    )


def _rename(client: Client, classroom: Classroom, student: User, name: str) -> Any:
    url = reverse("classes:student_name", args=[classroom.pk, student.pk])
    return client.post(url, {"real_name": name}, follow=True)


def _name(user: User) -> str:
    user.refresh_from_db()
    return user.real_name


@pytest.mark.parametrize("who", ["owner", "coteacher"])
def test_a_teacher_names_an_account_the_class_made(client: Client, who: str) -> None:
    classroom = a_class()
    zoe = _made(classroom)
    client.force_login(_owner(classroom) if who == "owner" else coteacher(classroom, "cory"))
    response = _rename(client, classroom, zoe, " Zoë  Müller ")
    assert response.status_code == 200
    assert [str(m) for m in response.context["messages"]] == ["zoem is shown as Zoë Müller."]
    assert _name(zoe) == "Zoë Müller"
    assert '<strong class="shown-name">Zoë Müller</strong> <span class="username">(zoem)</span>' in (
        response.content.decode()
    )


def test_a_teacher_clears_the_name(client: Client) -> None:
    classroom = a_class()
    zoe = _made(classroom, real_name="Zoë")
    client.force_login(_owner(classroom))
    response = _rename(client, classroom, zoe, "")
    assert _name(zoe) == "" and "has no name now" in response.content.decode()


def test_it_refuses_a_hidden_character(client: Client) -> None:
    classroom = a_class()
    zoe = _made(classroom, real_name="Zoë")
    client.force_login(_owner(classroom))
    response = _rename(client, classroom, zoe, "Zoë\u202e")
    assert "zoem: A name has letters" in response.content.decode()
    assert _name(zoe) == "Zoë"


def test_a_teacher_cannot_rename_a_student_who_signed_up(client: Client) -> None:
    sam = person("sam")
    User.objects.filter(pk=sam.pk).update(real_name="Sam Lee")
    classroom = a_class(None, sam)
    client.force_login(_owner(classroom))
    page = client.get(reverse("classes:detail", args=[classroom.pk])).content.decode()
    assert "Sam Lee" in page and "Name of sam" not in page  # shown, but no form to change it
    assert _rename(client, classroom, sam, "Renamed").status_code == 404
    assert _name(sam) == "Sam Lee"


@pytest.mark.parametrize("who", ["other_teacher", "the_student", "another_student"])
def test_nobody_else_renames_the_account(client: Client, who: str) -> None:
    classroom = a_class()
    zoe = _made(classroom, real_name="Zoë")
    if who == "other_teacher":
        other = person("mal", "teacher")
        a_class(other, name="Mal's class")
        client.force_login(other)
    elif who == "the_student":
        client.force_login(zoe)
    else:
        client.force_login(person("sam"))
        services.classroom_join(user=User.objects.get(username="sam"), code=classroom.code)
    assert _rename(client, classroom, zoe, "Renamed").status_code == 404
    assert _name(zoe) == "Zoë"


def test_a_teacher_cannot_rename_an_account_another_class_made(client: Client) -> None:
    """Teaching a class the account later joined is not enough: only the class that made it."""
    mine = a_class()
    theirs = a_class(person("mal", "teacher"), name="Mal's class")
    zoe = _made(theirs, real_name="Zoë")
    services.classroom_join(user=zoe, code=mine.code)
    client.force_login(_owner(mine))
    assert _rename(client, mine, zoe, "Renamed").status_code == 404
    assert _name(zoe) == "Zoë"


def test_it_answers_only_post(client: Client) -> None:
    classroom = a_class()
    zoe = _made(classroom)
    client.force_login(_owner(classroom))
    assert client.get(reverse("classes:student_name", args=[classroom.pk, zoe.pk])).status_code == 405


def test_the_class_page_names_a_teacher_made_account_when_it_is_made(client: Client) -> None:
    classroom = a_class()
    client.force_login(_owner(classroom))
    form = {"real_name": "Zoë Müller", "username": "zoem", "password": "tiles-on-tuesday"}
    response = client.post(reverse("classes:student_add", args=[classroom.pk]), form, follow=True)
    assert User.objects.get(username="zoem").real_name == "Zoë Müller"
    html = response.content.decode()
    assert '<label for="student-real_name">Student&#x27;s name</label>' in html
    assert 'id="name-' in html and 'value="Zoë Müller"' in html


def test_the_homework_page_shows_each_student_by_name_and_username(client: Client) -> None:
    classroom = a_class()
    _made(classroom, real_name="Zoë Müller")
    homework = drill_homework(classroom)
    client.force_login(_owner(classroom))
    html = client.get(reverse("classes:assignment", args=[classroom.pk, homework.pk])).content.decode()
    assert '<strong class="shown-name">Zoë Müller</strong> <span class="username">(zoem)</span>' in html
