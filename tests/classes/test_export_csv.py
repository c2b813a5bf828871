"""/classes/<pk>/export.csv: the class's gradebook as a spreadsheet (cfmj.classes.gradebook), for its
teachers only."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.classes import services
from cfmj.classes.gradebook import FIRST_COLUMNS, LAST_COLUMNS
from lessons.models import Lesson
from tests.classes.helpers import coteacher
from tests.classes.report_world import PASSWORD, World, build
from tests.practice.factories import AttemptFactory, PuzzleFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(django_user_model: Any, course: list[Lesson]) -> World:
    return build(django_user_model, course)


def _url(world: World) -> str:
    return reverse("classes:export_csv", args=[world.classroom.pk])


def _rows_of(content: bytes) -> list[list[str]]:
    """Read back as a spreadsheet program would: the BOM taken off, then the csv module."""
    assert content.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"), newline="")))


def _rows(response: Any) -> list[list[str]]:
    return _rows_of(response.content)


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
    assert response["Content-Disposition"] == 'attachment; filename="tuesday-beginners-gradebook.csv"'
    rows = _rows(response)
    assert [row[1] for row in rows[: rows.index([])]] == ["Username", "ann", "bob", "dan"]


def test_it_answers_only_get(world: World) -> None:
    assert _teacher_client(world).post(_url(world)).status_code == 405


def _homework_columns(header: list[str]) -> list[str]:
    return header[len(FIRST_COLUMNS) : len(header) - len(LAST_COLUMNS)]


def test_it_starts_with_a_byte_order_mark_for_excel(world: World) -> None:
    content = _teacher_client(world).get(_url(world)).content
    assert content.startswith(b"\xef\xbb\xbf")  # UTF-8's BOM: Excel then reads "Zoë" as Zoë
    assert content.decode("utf-8-sig").startswith("Name,Username,")


def test_it_writes_a_row_per_student_and_two_columns_per_homework(world: World) -> None:
    rows = _rows(_teacher_client(world).get(_url(world)))
    header, ann, bob, dan, blank = rows[:5]
    lesson, drills = world.lesson_homework, world.drill_homework
    assert header[: len(FIRST_COLUMNS)] == FIRST_COLUMNS and header[-2:] == LAST_COLUMNS
    # Two columns per piece of homework, soonest due first, named with its due day: its progress
    # in words, and its score, a plain number.
    assert _homework_columns(header) == [
        f"{drills.title}, due {drills.due.isoformat()}: progress",
        f"{drills.title}, due {drills.due.isoformat()}: score out of 100",
        f"{lesson.title}, due {lesson.due.isoformat()}: progress",
        f"{lesson.title}, due {lesson.due.isoformat()}: score out of 100",
    ]
    assert all(len(row) == len(header) for row in (ann, bob, dan)) and blank == []
    # ann: the drills done a day late (both right), the lesson's quiz passed with 4 of 5.
    assert ann == [
        "",
        "ann",
        "2",
        "1",
        "90",
        "done late",
        "100",
        "done",
        "80",
        "1",
        world.ann_seen.date().isoformat(),
    ]
    # bob: one wrong answer to the overdue drills, the lesson not begun.
    assert bob[:9] == ["", "bob", "0", "1", "", "late: started", "0", "not started", ""]
    assert dan[:9] == ["", "dan", "0", "1", "", "late: not started", "", "not started", ""]
    assert dan[-2:] == ["0", ""]


def test_every_score_is_a_plain_number_a_spreadsheet_can_average(
    world: World, django_user_model: Any
) -> None:
    eve = django_user_model.objects.create_user("eve", password=PASSWORD)
    services.classroom_join(user=eve, code=world.classroom.code)
    AttemptFactory(user=eve, puzzle=PuzzleFactory(kind="winning_hand", band=2), correct=True, score=2 / 3)
    rows = _rows(_teacher_client(world).get(_url(world)))
    header, students = rows[0], rows[1 : rows.index([])]
    numbers = [
        i for i, name in enumerate(header) if "score" in name.casefold() or name.startswith("Homework ")
    ]
    assert len(numbers) == 2 + 1 + 2  # done, late, the average, and a score per homework
    for row in students:
        for i in numbers:
            assert row[i] == "" or row[i].isdigit(), (header[i], row[i])  # no "%", no words
    assert all("%" not in cell for row in students for cell in row)


def test_it_explains_its_columns_after_the_students(world: World) -> None:
    rows = _rows(_teacher_client(world).get(_url(world)))
    notes = rows[rows.index([]) + 1 :]
    explained = [row[0] for row in notes]
    assert explained[0] == "About this gradebook" and "Tuesday beginners" in notes[0][1]
    assert set(FIRST_COLUMNS + LAST_COLUMNS) <= set(explained)
    assert "Two columns per homework" in explained and "Score" in explained
    assert all(len(row) == 2 and row[1] for row in notes)


def test_it_gives_each_student_their_real_name_and_sorts_by_it(world: World, django_user_model: Any) -> None:
    zoe = django_user_model.objects.create_user("zoe", password=PASSWORD, real_name="Zoë Müller")
    services.classroom_join(user=zoe, code=world.classroom.code)
    django_user_model.objects.filter(username="dan").update(real_name="Dan Ó Briain")
    content = _teacher_client(world).get(_url(world)).content
    assert "Zoë Müller".encode() in content  # UTF-8, not Latin-1 ("ZoÃ«")
    rows = _rows_of(content)
    # By the name the teacher sees: ann, bob, Dan Ó Briain, Zoë Müller.
    assert [row[:2] for row in rows[1:5]] == [
        ["", "ann"],
        ["", "bob"],
        ["Dan Ó Briain", "dan"],
        ["Zoë Müller", "zoe"],
    ]


def test_a_class_without_homework_has_no_homework_columns(django_user_model: Any) -> None:
    teacher = django_user_model.objects.create_user("t", password=PASSWORD, role="teacher")
    classroom = services.classroom_create(teacher=teacher, name="Empty")
    client = Client()
    client.force_login(teacher)
    rows = _rows(client.get(reverse("classes:export_csv", args=[classroom.pk])))
    assert rows[0] == FIRST_COLUMNS + LAST_COLUMNS and rows[1] == []


@pytest.mark.parametrize("name", ['=HYPERLINK("http://evil.example","x")', "+1+2", "-3", "@SUM(A1)", "\t=1"])
def test_it_defuses_a_cell_a_spreadsheet_would_run(world: World, django_user_model: Any, name: str) -> None:
    # As a username (from before names were checked) and as a real name the student typed.
    student = django_user_model.objects.create_user(name, password=PASSWORD, real_name=name)
    services.classroom_join(user=student, code=world.classroom.code)
    AttemptFactory(user=student, puzzle=PuzzleFactory(kind="worth"))
    rows = _rows(_teacher_client(world).get(_url(world)))
    assert [["'" + name, "'" + name]] == [row[:2] for row in rows if row and row[1].endswith(name)]
    assert all(not cell.startswith(("=", "+", "-", "@", "\t")) for row in rows for cell in row)


def test_it_quotes_commas_quotes_and_line_breaks(world: World, django_user_model: Any) -> None:
    name = 'ann, "the\nsecond"'
    student = django_user_model.objects.create_user(name, password=PASSWORD)
    services.classroom_join(user=student, code=world.classroom.code)
    rows = _rows(_teacher_client(world).get(_url(world)))
    assert [row[1] for row in rows[: rows.index([])]] == ["Username", "ann", name, "bob", "dan"]


@pytest.mark.parametrize(
    ("name", "filename"),
    [
        ('Mrs "O" class; x=1', "mrs-o-class-x1-gradebook.csv"),
        ("Clase de mañana", "clase-de-manana-gradebook.csv"),
        ("!!!", "class-gradebook.csv"),
    ],
)
def test_it_names_the_file_safely_after_the_class(
    django_user_model: Any, course: list[Lesson], name: str, filename: str
) -> None:
    world = build(django_user_model, course, name=name)
    response = _teacher_client(world).get(_url(world))
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'


def test_homework_set_for_some_students_reads_not_set_for_the_others(world: World) -> None:
    world.drill_homework.students.set([world.people["ann"]])
    rows = _rows(_teacher_client(world).get(_url(world)))
    header, ann, bob = rows[:3]
    column = header.index(
        f"{world.drill_homework.title}, due {world.drill_homework.due.isoformat()}: progress"
    )
    assert ann[column : column + 2] == ["done late", "100"]
    assert bob[column : column + 2] == ["not set", ""] and bob[2:4] == [
        "0",
        "0",
    ]  # nothing done, nothing late
