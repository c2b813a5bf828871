"""/classes/<pk>/homework/<id>/edit/: a teacher corrects homework already set."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from cfmj.classes import services
from cfmj.classes.models import Assignment
from tests.classes.helpers import coteacher, in_days
from tests.classes.homework_helpers import homework_world, strangers

pytestmark = pytest.mark.django_db


def _url(world) -> str:
    return reverse("classes:assignment_edit", args=[world.classroom.pk, world.work.pk])


def test_it_shows_the_fields_of_the_homeworks_kind(client) -> None:
    world = homework_world()
    client.force_login(world.teacher)
    response = client.get(_url(world))
    assert response.status_code == 200
    assert set(response.context["form"].fields) == {"name", "due", "students", "count", "band"}
    assert response.context["form"]["due"].value() == world.work.due


def test_a_fixed_set_keeps_its_puzzles(client) -> None:
    world = homework_world("fixed")
    client.force_login(world.teacher)
    response = client.get(_url(world))
    assert set(response.context["form"].fields) == {"name", "due", "students"}
    assert "Its puzzles stay as they are" in response.content.decode()


def test_it_saves_a_past_due_date_and_says_what_it_means(client) -> None:
    world = homework_world()
    client.force_login(world.teacher)
    past = in_days(-5)
    response = client.post(_url(world), {"due": past.isoformat(), "count": "3", "band": "2"})
    assert response.status_code == 302
    world.work.refresh_from_db()
    assert (world.work.due, world.work.count, world.work.band) == (past, 3, 2)
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert any("has passed" in m and "late" in m for m in said)


def test_it_sets_the_homework_for_some_students_only(client) -> None:
    world = homework_world()
    client.force_login(world.teacher)
    posted = {"due": in_days(2).isoformat(), "count": "2", "band": "1", "students": [str(world.sue.pk)]}
    assert client.post(_url(world), posted).status_code == 302
    assert list(world.work.students.all()) == [world.sue]
    client.force_login(world.sam)
    page = reverse("classes:assignment", args=[world.classroom.pk, world.work.pk])
    assert client.get(page).status_code == 404  # not set for sam
    assert (
        world.work.title
        not in client.get(reverse("classes:detail", args=[world.classroom.pk])).content.decode()
    )
    client.force_login(world.sue)
    assert client.get(page).status_code == 200


def test_it_refuses_a_student_of_another_class(client) -> None:
    world = homework_world()
    other = services.classroom_create(teacher=world.teacher, name="Other")
    outsider = world.sam.__class__.objects.create_user("ozzy", password="pw-tiles-123")
    services.classroom_join(user=outsider, code=other.code)
    client.force_login(world.teacher)
    posted = {"due": in_days(2).isoformat(), "count": "2", "band": "1", "students": [str(outsider.pk)]}
    response = client.post(_url(world), posted)
    assert response.status_code == 200 and "students" in response.context["form"].errors
    assert not world.work.students.exists()


def test_a_coteacher_may_change_it(client) -> None:
    world = homework_world()
    client.force_login(coteacher(world.classroom, "cora"))
    due = datetime.date.today() + datetime.timedelta(days=9)
    assert client.post(_url(world), {"due": due.isoformat(), "count": "2", "band": "1"}).status_code == 302
    assert Assignment.objects.get(pk=world.work.pk).due == due


@pytest.mark.parametrize("who", ["other teacher", "student", "outsider"])
def test_it_is_404_for_anyone_not_teaching_the_class(client, who: str) -> None:
    world = homework_world()
    client.force_login(strangers(world)[who])
    due = world.work.due
    assert client.get(_url(world)).status_code == 404
    assert client.post(_url(world), {"due": in_days(20).isoformat(), "count": "9"}).status_code == 404
    world.work.refresh_from_db()
    assert world.work.due == due and world.work.count == 2


def test_it_sends_an_archived_class_back_before_the_form(client) -> None:
    world = homework_world()
    services.classroom_archive(classroom=world.classroom)
    client.force_login(world.teacher)
    response = client.get(_url(world))
    assert response.status_code == 302 and response["Location"] == reverse(
        "classes:detail", args=[world.classroom.pk]
    )
