"""/classes/<pk>/students/<user_id>/: one student's page in the report, for the class's teachers."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from django.utils.html import escape

from cfmj.engine.rulebook import section_title
from lessons.models import Lesson
from tests.classes.helpers import coteacher, person
from tests.classes.report_world import World, build

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(django_user_model: Any, course: list[Lesson]) -> World:
    return build(django_user_model, course)


def _url(world: World, name: str) -> str:
    return reverse("classes:student", args=[world.classroom.pk, world.people[name].pk])


def test_it_shows_a_teacher_the_students_answers_wrong_ones_first(client, world: World) -> None:
    client.force_login(world.teacher)
    response = client.get(_url(world, "ann"))
    assert response.status_code == 200
    report = response.context["report"]
    assert [a.correct for a in report.answers] == [False, True, True]  # the wrong worth answer first
    assert report.answers_total == 3
    html = response.content.decode()
    assert html.index("Wrong</strong>") < html.index("Right</strong>")
    assert escape(section_title("3")) in html  # the rule the wrong answer turned on, by its name
    assert [r.section for r in report.missed_rules] == ["3"]


def test_it_says_a_lesson_is_done_only_once_its_quiz_is_passed(client, world: World) -> None:
    client.force_login(world.teacher)
    html = client.get(_url(world, "ann")).content.decode()
    assert "best quiz 4 of 5" in html and "step 1, quiz not passed yet" in html
    bob_html = client.get(_url(world, "bob")).content.decode()
    assert "Not started" in bob_html and "0 of 2 puzzles" not in bob_html  # bob's wrong one counts
    assert "1 of 2 puzzles" in bob_html


def test_it_shows_a_real_name_when_there_is_one(client, world: World) -> None:
    ann = world.people["ann"]
    ann.real_name = "Ann Æbelø"
    ann.save(update_fields=["real_name"])
    client.force_login(world.teacher)
    html = client.get(_url(world, "ann")).content.decode()
    assert "<h1>Ann Æbelø</h1>" in html and "Username: ann" in html


def test_it_lets_a_coteacher_in(client, world: World) -> None:
    client.force_login(coteacher(world.classroom, "cora"))
    assert client.get(_url(world, "bob")).status_code == 200


@pytest.mark.parametrize("who", ["other teacher", "student", "outsider"])
def test_it_is_404_for_anyone_not_teaching_the_class(client, world: World, who: str) -> None:
    if who == "other teacher":
        viewer = person("otto", "teacher")
    else:
        viewer = world.people["bob"] if who == "student" else person("olga")
    client.force_login(viewer)
    assert client.get(_url(world, "ann")).status_code == 404


def test_it_is_404_for_someone_not_in_the_class(client, world: World) -> None:
    client.force_login(world.teacher)
    assert client.get(_url(world, "cat")).status_code == 404  # left the class
    stranger = person("sam")
    url = reverse("classes:student", args=[world.classroom.pk, stranger.pk])
    assert client.get(url).status_code == 404
    teacher_url = reverse("classes:student", args=[world.classroom.pk, world.teacher.pk])
    assert client.get(teacher_url).status_code == 404


def test_it_sends_a_visitor_to_log_in(client, world: World) -> None:
    response = client.get(_url(world, "ann"))
    assert response.status_code == 302 and "/login" in response["Location"]
