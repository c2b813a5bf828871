"""The real course, read from lessons/content once per test process and loaded into each test's
database by the `course` fixture.

The site's reader (lessons.content.read_lessons) also checks that every step's check and every
quiz entry can be asked within what was taught by then, by making a puzzle for each: some 340
puzzles (9 s alone, far more beside the other worker), which every test process paid again. And
read_lesson makes a puzzle of each check (seed 0, no scope) to see that its kind and focus work:
about 200 more, 14 s of CPU per process. Here the files are read as read_lesson reads them but
without making those puzzles; tests/lessons/test_content.py runs the site's reader itself, once,
and checks that it reads the same course (so a check that cannot be made still fails, there)."""

from __future__ import annotations

from functools import cache
from typing import Any
from unittest import mock

import pytest

from cfmj.engine import drills
from lessons.content import CONTENT_DIR, LessonSource, read_lesson
from lessons.models import Lesson
from lessons.services import lessons_load


class _NoPuzzles:
    """cfmj.engine.drills as lessons.content uses it, except that generate() makes no puzzle."""

    def __getattr__(self, name: str) -> Any:
        return getattr(drills, name)

    @staticmethod
    def generate(*args: Any, **kwargs: Any) -> None:
        return None


@cache
def course_sources() -> tuple[LessonSource, ...]:
    with mock.patch("lessons.content.drills", _NoPuzzles()):
        lessons = tuple(read_lesson(path) for path in sorted(CONTENT_DIR.glob("*.md")))
    assert [lesson.number for lesson in lessons] == list(range(1, len(lessons) + 1))
    return lessons


@pytest.fixture
def course(db: None) -> list[Lesson]:
    lessons_load(sources=list(course_sources()))
    return list(Lesson.objects.order_by("number"))
