"""/classes/<pk>/export.csv: the class's student progress as a spreadsheet, for its teachers only."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.classes import services
from lessons.models import Lesson
from practice.models import KIND_CHOICES
from tests.classes.helpers import coteacher
from tests.classes.report_world import PASSWORD, World, build
from tests.practice.factories import AttemptFactory, PuzzleFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(django_user_model: Any, course: list[Lesson]) -> World:
    return build(django_user_model, course)


def _url(world: World) -> str:
    return reverse("classes:export_csv", args=[world.classroom.pk])


def _rows(response: Any) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode("utf-8"))))


def _teacher_client(world: World) -> Client:
    client = Client()
    client.force_login(world.teacher)
    return client


def test_it_sends_a_visitor_to_sign_in(client: Client, world: World) -> None:
    response = client.get(_url(world))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.parametrize("who", ["learner", "student", "other_teacher"])
def test_it_hides_the_class_from_anyone_who_does_not_teach_it(
    client: Client, world: World, django_user_model: Any, who: str
) -> None:
    if who == "student":
        user = world.people["ann"]
    else:
        user = django_user_model.objects.create_user(
            who, password=PASSWORD, role="teacher" if who == "other_teacher" else "learner"
        )
        if who == "other_teacher":
            services.classroom_create(teacher=user, name="Library hall")
    client.force_login(user)
    response = client.get(_url(world))
    # Nothing of the file (its header row, another student's name) on the "not found" page.
    assert response.status_code == 404
    assert b"Username" not in response.content and b"bob" not in response.content


def test_it_hides_the_class_from_a_teacher_who_stepped_down(
    client: Client, world: World, django_user_model: Any
) -> None:
    django_user_model.objects.create_user("cory", password=PASSWORD, role="teacher")
    cory = coteacher(world.classroom, "cory")
    services.membership_end(classroom=world.classroom, user=cory)
    client.force_login(cory)
    assert client.get(_url(world)).status_code == 404


@pytest.mark.parametrize("who", ["teacher", "coteacher"])
def test_it_gives_the_teachers_the_file(
    client: Client, world: World, django_user_model: Any, who: str
) -> None:
    user = world.teacher
    if who == "coteacher":
        django_user_model.objects.create_user("cory", password=PASSWORD, role="teacher")
        user = coteacher(world.classroom, "cory")
    client.force_login(user)
    response = client.get(_url(world))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="tuesday-beginners-progress.csv"'
    assert [row[0] for row in _rows(response)] == ["Username", "ann", "bob", "dan"]


def test_it_answers_only_get(world: World) -> None:
    assert _teacher_client(world).post(_url(world)).status_code == 405


def test_it_writes_a_header_then_one_row_per_student(world: World) -> None:
    header, ann, bob, dan = _rows(_teacher_client(world).get(_url(world)))
    kinds = [kind for kind, _ in KIND_CHOICES]
    assert header[:4] == ["Username", "Lessons done", "Assignments done", "Assignments late"]
    assert header[4:6] == ["Winning hand? accuracy %", "Winning hand? level"]
    assert header[-1] == "Last active" and len(header) == 5 + 2 * len(KIND_CHOICES)
    assert all(len(row) == len(header) for row in (ann, bob, dan))

    def skill(row: list[str], kind: str) -> list[str]:
        at = 4 + 2 * kinds.index(kind)
        return row[at : at + 2]

    assert ann[:4] == ["ann", "1", "2", "1"]
    assert skill(ann, "winning_hand") == ["100", "Steady"] and skill(ann, "worth") == ["0", "Not started"]
    assert skill(ann, "call") == ["", ""]
    assert ann[-1] == world.ann_seen.date().isoformat()
    assert bob[:4] == ["bob", "0", "0", "1"] and skill(bob, "call") == ["0", "Not started"]
    assert dan == ["dan", "0", "0", "1", *[""] * (2 * len(KIND_CHOICES)), ""]


@pytest.mark.parametrize("name", ['=HYPERLINK("http://evil.example","x")', "+1+2", "-3", "@SUM(A1)", "\t=1"])
def test_it_defuses_a_cell_a_spreadsheet_would_run(world: World, django_user_model: Any, name: str) -> None:
    student = django_user_model.objects.create_user(name, password=PASSWORD)
    services.classroom_join(user=student, code=world.classroom.code)
    AttemptFactory(user=student, puzzle=PuzzleFactory(kind="worth"))
    rows = _rows(_teacher_client(world).get(_url(world)))
    assert ["'" + name] == [row[0] for row in rows if row[0].endswith(name)]
    assert all(not cell.startswith(("=", "+", "-", "@", "\t")) for row in rows for cell in row)


def test_it_quotes_commas_quotes_and_line_breaks(world: World, django_user_model: Any) -> None:
    name = 'ann, "the\nsecond"'
    student = django_user_model.objects.create_user(name, password=PASSWORD)
    services.classroom_join(user=student, code=world.classroom.code)
    rows = _rows(_teacher_client(world).get(_url(world)))
    assert [row[0] for row in rows] == ["Username", "ann", name, "bob", "dan"]


@pytest.mark.parametrize(
    ("name", "filename"),
    [
        ('Mrs "O" class; x=1', "mrs-o-class-x1-progress.csv"),
        ("Clase de mañana", "clase-de-manana-progress.csv"),
        ("!!!", "class-progress.csv"),
    ],
)
def test_it_names_the_file_safely_after_the_class(
    django_user_model: Any, course: list[Lesson], name: str, filename: str
) -> None:
    world = build(django_user_model, course, name=name)
    response = _teacher_client(world).get(_url(world))
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
