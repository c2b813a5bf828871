"""/classes/<pk>/homework/<id>/copy/: the same homework again, on another day or for others."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.classes.models import Assignment
from tests.classes.helpers import in_days
from tests.classes.homework_helpers import homework_world, strangers

pytestmark = pytest.mark.django_db


def _url(world) -> str:
    return reverse("classes:assignment_copy", args=[world.classroom.pk, world.work.pk])


def test_it_copies_a_fixed_set_with_the_same_puzzles_for_some_students(client) -> None:
    world = homework_world("fixed")
    client.force_login(world.teacher)
    assert client.get(_url(world)).status_code == 200
    due = in_days(10)
    response = client.post(_url(world), {"due": due.isoformat(), "students": [str(world.sam.pk)]})
    copy = Assignment.objects.exclude(pk=world.work.pk).get()
    assert response.status_code == 302
    assert response["Location"] == reverse("classes:assignment", args=[world.classroom.pk, copy.pk])
    assert (copy.kind, copy.drill_kind, copy.count, copy.band, copy.table, copy.due) == (
        "fixed",
        "worth",
        2,
        1,
        world.work.table,
        due,
    )
    assert list(copy.entries.values_list("puzzle_id", flat=True)) == list(
        world.work.entries.values_list("puzzle_id", flat=True)
    )
    assert list(copy.students.all()) == [world.sam] and not world.work.students.exists()


def test_a_copy_is_due_today_or_later(client) -> None:
    world = homework_world()
    client.force_login(world.teacher)
    response = client.post(_url(world), {"due": in_days(-1).isoformat()})
    assert response.status_code == 200 and "due" in response.context["form"].errors
    assert Assignment.objects.count() == 1


@pytest.mark.parametrize("who", ["other teacher", "student", "outsider"])
def test_it_is_404_for_anyone_not_teaching_the_class(client, who: str) -> None:
    world = homework_world()
    client.force_login(strangers(world)[who])
    assert client.get(_url(world)).status_code == 404
    assert client.post(_url(world), {"due": in_days(4).isoformat()}).status_code == 404
    assert Assignment.objects.count() == 1
