"""The steps each process keeps (lessons.selectors.STEPS): step_of finds a step by its lesson and
its number, both, and a course load is seen at once in the process that loaded it."""

from __future__ import annotations

import dataclasses

import pytest
from django.test import Client
from django.urls import reverse

from lessons.models import Lesson, Step
from lessons.selectors import step_of
from lessons.services import lessons_load
from tests.course import course_sources

pytestmark = pytest.mark.django_db


def test_it_finds_each_step_by_its_lesson_and_its_number(course: list[Lesson]) -> None:
    first, second = course[0], course[1]
    for lesson in (first, second):
        for number in (1, 2):
            found = step_of(lesson.pk, number)
            expected = Step.objects.get(lesson=lesson, number=number)
            # A key without the lesson would give one lesson's step for the other; without the
            # number, one step for both numbers.
            assert found is not None and (found.pk, found.title) == (expected.pk, expected.title)
    assert step_of(first.pk, 0) is None and step_of(first.pk, len(course_sources()[0].steps) + 1) is None
    assert step_of(-1, 1) is None


def test_it_shows_a_step_as_the_course_was_loaded_since(course: list[Lesson]) -> None:
    lesson = course[0]
    assert step_of(lesson.pk, 1) is not None  # kept now
    sources = list(course_sources())
    source = sources[0]
    renamed = dataclasses.replace(source.steps[0], title="A title just loaded")
    sources[0] = dataclasses.replace(
        source, steps=(renamed, *source.steps[1:]), source_hash=source.source_hash + "-changed"
    )
    lessons_load(sources=sources)
    found = step_of(lesson.pk, 1)
    assert found is not None and found.title == "A title just loaded"


def test_it_serves_the_step_page_from_the_kept_step(course: list[Lesson], client: Client) -> None:
    lesson = course[0]
    step_of(lesson.pk, 1)  # kept before the page asks
    response = client.get(reverse("lessons:step", args=[lesson.slug, 1]))
    assert response.status_code == 200
    assert Step.objects.get(lesson=lesson, number=1).title in response.content.decode()
