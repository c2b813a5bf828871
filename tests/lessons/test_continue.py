"""'Continue where you left off' on the home page and the dashboard, and a visitor's place in the
course kept when they sign up."""

from __future__ import annotations

import pytest
from django.urls import reverse

from lessons.models import Lesson, LessonProgress

pytestmark = pytest.mark.django_db


def test_it_invites_a_newcomer_to_start_lesson_one(client, course: list[Lesson]) -> None:
    response = client.get(reverse("home"))
    assert b"Start lesson 1: " + course[0].title.encode() in response.content
    assert reverse("lessons:step", args=[course[0].slug, 1]).encode() in response.content


def test_it_shows_where_to_continue_on_home_and_dashboard(
    client, django_user_model, course: list[Lesson]
) -> None:
    user = django_user_model.objects.create_user("iris", password="pw-tiles-123")
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=2)
    client.force_login(user)
    for page in (reverse("home"), reverse("practice:dashboard")):
        response = client.get(page)
        assert b"Continue: Lesson 1, step 3" in response.content, page
        assert reverse("lessons:step", args=[course[0].slug, 3]).encode() in response.content


def test_it_keeps_a_visitors_place_when_they_sign_up(client, course: list[Lesson]) -> None:
    from tests.engine.drills.helpers import right_response
    from tests.lessons.test_step import _check_of, _url

    step = course[0].steps.get(number=1)
    token, puzzle = _check_of(client.get(_url(step)).content, step)
    client.post(_url(step), {"token": token, **right_response(puzzle)})
    client.post(
        reverse("accounts:signup"),
        {
            "username": "june",
            "password1": "a-long-pass-phrase-9",
            "password2": "a-long-pass-phrase-9",
            "role": "learner",
        },
    )
    progress = LessonProgress.objects.get(lesson=course[0])
    assert progress.user is not None and progress.user.username == "june" and progress.step_reached == 1
    assert b"Continue: Lesson 1, step 2" in client.get(reverse("home")).content
