"""/classes/<pk>/homework/<id>/delete/: a page asks first; the students' answers stay theirs."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.classes.models import Assignment, AssignmentPuzzle
from lessons.models import LessonProgress
from practice.models import Attempt
from tests.classes.homework_helpers import homework_world, strangers
from tests.practice.factories import AttemptFactory

pytestmark = pytest.mark.django_db


def _url(world) -> str:
    return reverse("classes:assignment_delete", args=[world.classroom.pk, world.work.pk])


def test_it_asks_first_without_javascript(client) -> None:
    world = homework_world()
    client.force_login(world.teacher)
    response = client.get(_url(world))
    html = response.content.decode()
    assert (
        response.status_code == 200
        and '<form method="post"' in html
        and "stays in their own progress" in html
    )
    assert f"Due {world.work.due:%A} {world.work.due.day} " in html  # which of two alike, by date
    assert "for the whole class" in html
    assert Assignment.objects.filter(pk=world.work.pk).exists()


def test_it_deletes_the_homework_and_keeps_the_students_answers(client, course) -> None:
    world = homework_world("fixed")
    puzzle = world.work.entries.get(position=1).puzzle
    AttemptFactory(user=world.sam, puzzle=puzzle)
    LessonProgress.objects.create(user=world.sam, lesson=course[0], step_reached=2)
    client.force_login(world.teacher)
    response = client.post(_url(world))
    assert response.status_code == 302 and response["Location"] == reverse(
        "classes:detail", args=[world.classroom.pk]
    )
    assert not Assignment.objects.filter(pk=world.work.pk).exists()
    assert not AssignmentPuzzle.objects.filter(assignment_id=world.work.pk).exists()
    assert Attempt.objects.filter(user=world.sam, puzzle=puzzle).count() == 1
    assert LessonProgress.objects.filter(user=world.sam).count() == 1


@pytest.mark.parametrize("who", ["other teacher", "student", "outsider"])
def test_it_is_404_for_anyone_not_teaching_the_class(client, who: str) -> None:
    world = homework_world()
    client.force_login(strangers(world)[who])
    assert client.get(_url(world)).status_code == 404
    assert client.post(_url(world)).status_code == 404
    assert Assignment.objects.filter(pk=world.work.pk).exists()
