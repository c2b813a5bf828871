"""/lessons/: the course in order, every lesson open to read, each lesson's state (done, in turn,
read ahead), and where to continue."""

from __future__ import annotations

import dataclasses

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from lessons.models import Lesson, LessonProgress, ReadAhead
from lessons.services import lessons_load
from tests.accounts.factories import UserFactory
from tests.course import course_sources

pytestmark = pytest.mark.django_db


def test_it_lists_every_lesson_in_order(client, course: list[Lesson]) -> None:
    response = client.get(reverse("lessons:course"))
    assert response.status_code == 200
    text = response.content.decode()
    positions = [text.index(lesson.title) for lesson in course]
    assert positions == sorted(positions) and len(course) >= 15


def test_it_links_every_lesson_and_counts_only_the_first_in_turn_for_a_newcomer(
    client, course: list[Lesson]
) -> None:
    response = client.get(reverse("lessons:course"))
    states = response.context["states"]
    assert [s.in_turn for s in states[:3]] == [True, False, False]
    assert states[0].progress is None and states[0].next_step == 1  # no progress yet
    assert b"Continue: Lesson 1, step 1" in response.content
    text = response.content.decode()
    for lesson in course:  # every lesson a real link, to a page that opens
        assert f'href="{reverse("lessons:lesson", args=[lesson.slug])}"' in text
    assert "Every lesson is\n  open to read" in text and "Locked" not in text
    assert 'class="course-lesson reading-ahead"' not in text  # nothing read ahead yet


def test_it_opens_the_next_lesson_when_one_is_done(client, course: list[Lesson]) -> None:
    from django.utils import timezone

    user = UserFactory()
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=2, completed_at=timezone.now())
    client.force_login(user)
    states = client.get(reverse("lessons:course")).context["states"]
    assert [s.in_turn for s in states[:3]] == [True, True, False]
    assert states[0].done and not states[1].done
    assert client.get(reverse("lessons:course")).context["continue_at"].url == reverse(
        "lessons:step", args=[course[1].slug, 1]
    )


def test_a_lesson_read_ahead_that_comes_into_turn_says_it_was_read(client, course: list[Lesson]) -> None:
    from django.utils import timezone

    user = UserFactory()
    ReadAhead.objects.create(user=user, lesson=course[1], step=3)  # read lessons 2 and 3 ahead
    ReadAhead.objects.create(user=user, lesson=course[2], step=2)
    LessonProgress.objects.create(user=user, lesson=course[0], step_reached=2, completed_at=timezone.now())
    client.force_login(user)
    response = client.get(reverse("lessons:course"))
    states = response.context["states"]
    assert states[1].in_turn and states[1].read_to == 3 and not states[1].reading_ahead
    assert states[2].reading_ahead and states[2].read_to == 2
    text = " ".join(response.content.decode().split())
    steps = len(states[1].lesson.steps)
    assert f"Read ahead to step 3 of {steps} · now its checks count: step 1 next" in text
    assert f"Reading ahead</strong> · read to step 2 of {len(states[2].lesson.steps)}" in text
    lesson = client.get(reverse("lessons:lesson", args=[course[1].slug])).content.decode()
    assert lesson.count('class="step-read">(read)') == 3


def test_it_says_how_to_load_an_empty_course(client) -> None:
    assert b"load_lessons" in client.get(reverse("lessons:course")).content


def test_it_shows_a_reload_of_the_course_at_once(client, course: list[Lesson]) -> None:
    assert course[0].title.encode() in client.get(reverse("lessons:course")).content  # the outline is kept
    sources = list(course_sources())
    sources[0] = dataclasses.replace(sources[0], title="The tiles, retold", source_hash="changed")
    lessons_load(sources=sources[:-1])
    states = client.get(reverse("lessons:course")).context["states"]
    assert states[0].lesson.title == "The tiles, retold"
    assert [s.lesson.slug for s in states] == [lesson.slug for lesson in course[:-1]]  # the last one retired


def test_it_keeps_the_course_outline_between_requests(client, course: list[Lesson]) -> None:
    client.force_login(UserFactory())
    client.get(reverse("lessons:course"))
    with CaptureQueriesContext(connection) as queries:
        states = client.get(reverse("lessons:course")).context["states"]
    course_reads = [q for q in queries if '"lessons_lesson"' in q["sql"] or '"lessons_step"' in q["sql"]]
    assert queries and not course_reads  # only the learner's own rows were read
    assert [(s.lesson.slug, s.steps) for s in states] == [
        (lesson.slug, lesson.steps.count()) for lesson in course
    ]
