"""/classes/<pk>/homework/<id>/: a teacher sees who finished; a student does the work, and
completion follows from their lesson progress and attempts."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from cfmj.classes import selectors, services
from lessons.models import LessonProgress
from practice.models import Attempt, Puzzle
from tests.classes.helpers import a_class, in_days, person
from tests.engine.drills.helpers import right_response
from tests.practice.factories import AttemptFactory, PuzzleFactory

pytestmark = pytest.mark.django_db


def test_it_counts_drill_homework_done_from_the_students_answers(client) -> None:
    student = person("sam")
    classroom = a_class(None, student)
    assert classroom.owner is not None
    PuzzleFactory.create_batch(3, kind="worth", band=1)
    homework = services.assignment_create(
        classroom=classroom,
        teacher=classroom.owner,
        kind="drills",
        drill_kind="worth",
        count=2,
        band=1,
        due=in_days(3),
    )
    client.force_login(student)
    url = reverse("classes:assignment", args=[classroom.pk, homework.pk])
    for _ in range(2):
        page = client.get(url)
        puzzle = page.context["puzzle"]
        answer = client.post(
            reverse("practice:answer", args=[puzzle.pk]),
            {"token": str(page.context["token"]), "next": url, **right_response(puzzle)},
        )
        assert answer.status_code == 200 and f'href="{url}"'.encode() in answer.content
    status = selectors.statuses(homework, [student])[student.pk]
    assert status.done and not status.late and status.score == 1.0
    assert b"Done" in client.get(url).content


def test_it_marks_a_lesson_homework_done_and_late(client, course) -> None:
    student = person("sam")
    classroom = a_class(None, student)
    assert classroom.owner is not None
    homework = services.assignment_create(
        classroom=classroom, teacher=classroom.owner, kind="lesson", lesson=course[3], due=in_days(0)
    )
    assert not selectors.statuses(homework, [student])[student.pk].done
    LessonProgress.objects.create(
        user=student,
        lesson=course[3],
        quiz_best=4,
        quiz_size=4,
        completed_at=timezone.now() + datetime.timedelta(days=2),
    )
    status = selectors.statuses(homework, [student])[student.pk]
    assert status.done and status.late and status.score == 1.0
    client.force_login(student)  # an assigned lesson is open, whatever came before it
    assert client.get(reverse("lessons:step", args=[course[3].slug, 1])).status_code == 200


def test_it_shows_the_teacher_who_finished(client) -> None:
    sam, sue = person("sam"), person("sue")
    classroom = a_class(None, sam, sue)
    assert classroom.owner is not None
    homework = services.assignment_create(
        classroom=classroom,
        teacher=classroom.owner,
        kind="fixed",
        drill_kind="worth",
        count=1,
        band=1,
        due=in_days(1),
    )
    puzzle = homework.entries.get().puzzle
    Attempt.objects.create(
        token="00000000-0000-0000-0000-000000000001",
        user=sam,
        puzzle=puzzle,
        response={},
        correct=True,
        score=1.0,
    )
    client.force_login(classroom.owner)
    response = client.get(reverse("classes:assignment", args=[classroom.pk, homework.pk]))
    rows = {student.username: status for student, status in response.context["rows"]}
    assert rows["sam"].done and not rows["sue"].done
    assert b"sam" in response.content and b"0 of 1" in response.content


def test_it_lists_homework_due_on_the_home_page(client) -> None:
    student = person("sam")
    classroom = a_class(None, student)
    assert classroom.owner is not None
    services.assignment_create(
        classroom=classroom,
        teacher=classroom.owner,
        kind="drills",
        drill_kind="worth",
        count=3,
        band=1,
        due=in_days(2),
    )
    client.force_login(student)
    for page in (reverse("home"), reverse("practice:dashboard"), reverse("classes:index")):
        assert b"Homework to do" in client.get(page).content, page
        assert b"3 \xc3\x97 What is it worth?" in client.get(page).content, page


def _homework_of(student, *, count: int = 2):
    classroom = a_class(None, student)
    assert classroom.owner is not None
    PuzzleFactory.create_batch(3, kind="worth", band=1)
    homework = services.assignment_create(
        classroom=classroom,
        teacher=classroom.owner,
        kind="drills",
        drill_kind="worth",
        count=count,
        band=1,
        due=in_days(3),
    )
    return homework, reverse("classes:assignment", args=[classroom.pk, homework.pk])


def test_it_counts_no_blank_answer_towards_homework(client) -> None:
    student = person("sam")
    homework, url = _homework_of(student)
    client.force_login(student)
    for _ in range(2):
        page = client.get(url)
        puzzle = page.context["puzzle"]
        response = client.post(
            reverse("practice:answer", args=[puzzle.pk]),
            {"token": str(page.context["token"]), "next": url, "value": "  ", "discarder": ""},
        )
        assert response.status_code == 200 and b"Write the points as a number" in response.content
        assert f'href="{url}"'.encode() in response.content  # the way back to the homework
    status = selectors.statuses(homework, [student])[student.pk]
    assert not status.done and status.answered == 0
    assert not Attempt.objects.exists()


def test_it_takes_the_way_back_from_the_token_not_the_form(client) -> None:
    student = person("sam")
    _, url = _homework_of(student)
    client.force_login(student)
    page = client.get(url)
    puzzle = page.context["puzzle"]
    response = client.post(
        reverse("practice:answer", args=[puzzle.pk]),
        {"token": str(page.context["token"]), "next": "/classes/999/homework/999/", **right_response(puzzle)},
    )
    assert f'href="{url}"'.encode() in response.content and b"/classes/999/" not in response.content


def test_a_puzzle_answered_before_the_homework_was_set_does_not_count_towards_it(client) -> None:
    # A mistake coming back for review (or any puzzle seen before) is not new work: answered again
    # after the homework was set, it counts for nothing, and the homework serves only new ones.
    student = person("sam")
    homework, _ = _homework_of(student, count=1)
    seen = Puzzle.objects.first()
    assert seen is not None
    before = AttemptFactory(user=student, puzzle=seen, correct=False, score=0.0)
    Attempt.objects.filter(pk=before.pk).update(answered_at=homework.created_at - datetime.timedelta(days=1))
    AttemptFactory(user=student, puzzle=seen)  # again, since the homework was set
    status = selectors.statuses(homework, [student])[student.pk]
    assert not status.done and status.answered == 0
    for _ in range(5):
        assert selectors.next_assignment_puzzle(homework, student) != seen
