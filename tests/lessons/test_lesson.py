"""/lessons/<slug>/: the lesson's steps, its quiz, its drills; every lesson opens to read, and one
read ahead of its turn says so, when its checks count, and where testing out starts."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from cfmj.engine.drills import KIND_TITLES
from lessons.models import Lesson, LessonProgress, ReadAhead
from tests.accounts.factories import UserFactory

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


def test_it_opens_a_later_lesson_to_a_visitor_to_read(client, course: list[Lesson]) -> None:
    lesson = course[2]
    response = client.get(reverse("lessons:lesson", args=[lesson.slug]))
    assert response.status_code == 200
    text = response.content.decode()
    for step in lesson.steps.all():  # every step a link, to read now
        assert f'href="{reverse("lessons:step", args=[lesson.slug, step.number])}">{step.title}</a>' in text
    assert "You are reading ahead" in text and "its checks are practice, marked but not kept" in text
    assert "until lesson 2 is done. Then they count, and its quiz opens." in text
    assert f'href="{reverse("lessons:quiz", args=[lesson.slug])}"' not in text  # its quiz waits its turn
    assert "The quiz: it opens once lesson 2 is done" in text
    # testing out starts at lesson 1, the first that counts: two quizzes, lesson 1's first
    assert f'href="{reverse("lessons:quiz", args=[course[0].slug])}">Lesson 1\'s quiz</a>' in text
    assert "pass their 2 quizzes in order" in text
    assert "Start reading" in text and not ReadAhead.objects.exists()  # the page alone is no reading


def test_it_says_where_a_signed_in_learner_reads_on_and_where_testing_out_starts(
    client, course: list[Lesson]
) -> None:
    user = UserFactory()
    for lesson in course[:5]:
        LessonProgress.objects.create(user=user, lesson=lesson, completed_at=timezone.now())
    ReadAhead.objects.create(user=user, lesson=course[20], step=2)
    client.force_login(user)
    text = client.get(reverse("lessons:lesson", args=[course[20].slug])).content.decode()
    assert "Reading ahead</strong> · read to step 2 of" in text
    assert f'href="{reverse("lessons:step", args=[course[20].slug, 3])}">Read on: step 3</a>' in text
    assert "Know lessons 6 to 20 already? Test out: pass their 15 quizzes in order." in text
    assert f'href="{reverse("lessons:quiz", args=[course[5].slug])}">Lesson 6\'s quiz</a>' in text
    assert '<span class="step-read">(read)</span>' in text


def test_a_lesson_in_turn_is_not_read_ahead(client, course: list[Lesson]) -> None:
    user = UserFactory()
    LessonProgress.objects.create(user=user, lesson=course[0], completed_at=timezone.now())
    client.force_login(user)
    text = client.get(reverse("lessons:lesson", args=[course[1].slug])).content.decode()
    assert "You are reading ahead" not in text and "Start the lesson" in text
    assert f'href="{reverse("lessons:quiz", args=[course[1].slug])}">The quiz</a>' in text


def test_it_answers_404_for_an_unknown_lesson(client, course: list[Lesson]) -> None:
    assert client.get(reverse("lessons:lesson", args=["no-such-lesson"])).status_code == 404
