"""/lessons/: the course in order, each lesson's state, and where to continue."""

from __future__ import annotations

import pytest
from django.urls import reverse

from lessons.models import Lesson, LessonProgress
from tests.accounts.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_it_lists_every_lesson_in_order(client, course: list[Lesson]) -> None:
    response = client.get(reverse("lessons:course"))
    assert response.status_code == 200
    text = response.content.decode()
    positions = [text.index(lesson.title) for lesson in course]
    assert positions == sorted(positions) and len(course) >= 15


def test_it_opens_only_the_first_lesson_to_a_newcomer(client, course: list[Lesson]) -> None:
    states = client.get(reverse("lessons:course")).context["states"]
    assert [s.open for s in states[:3]] == [True, False, False]
    assert b"Start lesson 1" not in client.get(reverse("lessons:course")).content  # no progress yet
    assert b"Continue: Lesson 1, step 1" in client.get(reverse("lessons:course")).content


def test_it_opens_the_next_lesson_when_one_is_done(client, course: list[Lesson]) -> None:
    from django.utils import timezone

    user = UserFactory()
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=2, completed_at=timezone.now())
    client.force_login(user)
    states = client.get(reverse("lessons:course")).context["states"]
    assert [s.open for s in states[:3]] == [True, True, False]
    assert states[0].done and not states[1].done
    assert client.get(reverse("lessons:course")).context["continue_at"].url == \
        reverse("lessons:step", args=[course[1].slug, 1])


def test_it_says_how_to_load_an_empty_course(client) -> None:
    assert b"load_lessons" in client.get(reverse("lessons:course")).content
