"""/lessons/<slug>/: the lesson's steps, its quiz, its drills, and whether it is open."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.engine.drills import KIND_TITLES
from lessons.models import Lesson

pytestmark = pytest.mark.django_db


def test_it_shows_the_steps_and_the_drills_that_practise_it(client, course: list[Lesson]) -> None:
    lesson = course[0]
    response = client.get(reverse("lessons:lesson", args=[lesson.slug]))
    assert response.status_code == 200
    for step in lesson.steps.all():
        assert step.title in response.content.decode()
    for kind in lesson.drills:
        assert reverse("practice:drill", args=[kind]).encode() in response.content
        assert KIND_TITLES[kind].encode() in response.content
    assert reverse("lessons:quiz", args=[lesson.slug]).encode() in response.content


def test_it_says_a_locked_lesson_opens_after_the_one_before(client, course: list[Lesson]) -> None:
    response = client.get(reverse("lessons:lesson", args=[course[2].slug]))
    assert response.status_code == 200
    assert b"This lesson opens when you have finished" in response.content
    assert reverse("lessons:step", args=[course[2].slug, 1]).encode() not in response.content


def test_it_answers_404_for_an_unknown_lesson(client, course: list[Lesson]) -> None:
    assert client.get(reverse("lessons:lesson", args=["no-such-lesson"])).status_code == 404
