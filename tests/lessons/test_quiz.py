"""/lessons/<slug>/quiz/: the closing quiz; passing it completes the lesson (testing out if the
steps were skipped) and opens the next."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from cfmj.engine import drills
from lessons.models import Lesson, LessonProgress
from tests.accounts.factories import UserFactory
from tests.engine.drills.helpers import right_response, wrong_response

pytestmark = pytest.mark.django_db


def _answers(client, lesson: Lesson, *, right: int) -> dict[str, str]:
    page = client.get(reverse("lessons:quiz", args=[lesson.slug])).content
    data: dict[str, str] = {}
    for number, (kind, focus, band) in enumerate(lesson.quiz, 1):
        seed = int(re.search(rf'name="q{number}-seed" value="(\d+)"'.encode(), page).group(1))  # type: ignore[union-attr]
        puzzle = drills.generate(kind, seed=seed, band=band, focus=focus or None)
        answer = right_response(puzzle) if number <= right else wrong_response(puzzle)
        data[f"q{number}-seed"] = str(seed)
        data.update({f"q{number}-{field}": value for field, value in answer.items()})
    return data


def test_it_asks_the_lessons_quiz(client, course: list[Lesson]) -> None:
    response = client.get(reverse("lessons:quiz", args=[course[0].slug]))
    assert response.status_code == 200
    assert len(response.context["checks"]) == len(course[0].quiz)
    assert b"Mark my quiz" in response.content


def test_it_completes_the_lesson_when_the_quiz_is_passed(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    lesson = course[0]
    response = client.post(reverse("lessons:quiz", args=[lesson.slug]),
                           _answers(client, lesson, right=len(lesson.quiz)))
    assert response.status_code == 200 and response.context["result"]["passed"]
    progress = LessonProgress.objects.get(user=user, lesson=lesson)
    assert progress.done and progress.tested_out and progress.quiz_best == len(lesson.quiz)
    assert b"You tested out of this lesson" in response.content
    assert client.get(reverse("lessons:step", args=[course[1].slug, 1])).status_code == 200  # now open


def test_it_keeps_the_lesson_open_when_the_quiz_is_failed(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    lesson = course[0]
    response = client.post(reverse("lessons:quiz", args=[lesson.slug]), _answers(client, lesson, right=1))
    assert response.status_code == 200 and not response.context["result"]["passed"]
    progress = LessonProgress.objects.get(user=user, lesson=lesson)
    assert not progress.done and progress.quiz_last == 1
    assert b"Try the quiz again" in response.content
    assert client.get(reverse("lessons:step", args=[course[1].slug, 1])).status_code == 302


def test_it_gives_a_fresh_quiz_for_a_damaged_form(client, course: list[Lesson]) -> None:
    response = client.post(reverse("lessons:quiz", args=[course[0].slug]), {"q1-seed": "x"})
    assert response.status_code == 200 and response.context["result"] is None
    assert b"here is a fresh one" in response.content
    assert not LessonProgress.objects.exists()


def test_it_gives_a_fresh_quiz_for_a_seed_in_other_digits(client, course: list[Lesson]) -> None:
    data = {f"q{number}-seed": "\u00b2" for number in range(1, len(course[0].quiz) + 1)}
    response = client.post(reverse("lessons:quiz", args=[course[0].slug]), data)
    assert response.status_code == 200 and response.context["result"] is None
    assert b"here is a fresh one" in response.content
    assert not LessonProgress.objects.exists()


def test_it_keeps_a_locked_lessons_quiz_closed(client, course: list[Lesson]) -> None:
    assert client.get(reverse("lessons:quiz", args=[course[3].slug])).status_code == 302
    assert client.post(reverse("lessons:quiz", args=[course[3].slug]), {}).status_code == 302
