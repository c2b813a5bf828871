"""The real course, read from lessons/content once per test run and loaded into each test's
database by the `course` fixture (reading checks every file, which makes a puzzle for every check)."""

from __future__ import annotations

from functools import cache

import pytest

from lessons.content import LessonSource, read_lessons
from lessons.models import Lesson
from lessons.services import lessons_load


@cache
def course_sources() -> tuple[LessonSource, ...]:
    return tuple(read_lessons())


@pytest.fixture
def course(db: None) -> list[Lesson]:
    lessons_load(sources=list(course_sources()))
    return list(Lesson.objects.order_by("number"))
