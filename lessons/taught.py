"""What a learner's lessons have taught them: the reach their practice keeps within (practice.reach,
which asks this module's reader through its registry: lessons.apps registers it).

The reach grows with checks passed, never with lessons merely read (any lesson is open to read):

- A lesson is taught once it is done (its quiz passed, by the steps or by testing out) or once
  every one of its steps' checks has been answered right (LessonProgress.step_reached moves only
  on a right answer, step by step).
- The rule lines a learner knows are every line of the lessons taught, and of any other lesson
  the lines of the steps answered right so far (steps 1 to step_reached); and always the first
  lesson's, so that a visitor with no lessons practises within lesson 1.
- A drill kind opens with the lesson that teaches it (the first whose drills list it, as the home
  page's guide says: lessons.selectors.drill_guide) once that lesson is taught; the first lesson's
  kinds are open to everyone.

With no course loaded, practice is the full range.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from django.db.models import QuerySet
from django.urls import reverse

from cfmj.accounts.learners import Learner, rows_of
from cfmj.accounts.models import User
from cfmj.core.kept import Kept
from cfmj.core.prepared import Prepared
from cfmj.engine.drills.scope import Scope
from lessons.models import LessonProgress
from lessons.selectors import OUTLINE_SECONDS, TAUGHT, drill_guide, outline
from practice.reach import FULL, Opening, Reach

FIRST = 1  # the first lesson's lines and kinds are everyone's


def _openings_read() -> Mapping[str, Opening]:
    numbers = {reverse("lessons:lesson", args=[lesson.slug]): lesson.number for lesson in outline()}
    return MappingProxyType(
        {
            guide.kind: Opening(numbers[guide.lesson.url], guide.lesson.label, guide.lesson.url)
            for guide in drill_guide()
            if guide.lesson is not None and guide.lesson.url in numbers
        }
    )


# Every drill and daily page reads it; it changes only when the course is loaded (which forgets it).
OPENINGS = Kept(_openings_read, seconds=OUTLINE_SECONDS)


def openings() -> Mapping[str, Opening]:
    """Drill kind -> the lesson that teaches it (a kind no lesson lists has none)."""
    return OPENINGS.get()


@dataclass(frozen=True)
class Taught:
    """The rule lines a learner knows, and the lessons (by number) taught to them in full."""

    lines: frozenset[str]
    lessons: frozenset[int]


def taught_to(learner: Learner) -> Taught | None:
    """What the learner's checks passed have taught them (None: no course is loaded)."""
    course = TAUGHT.get()  # each lesson's steps' lines, lesson 1 first
    if not course:
        return None
    lines = {line for step in course[FIRST - 1] for line in step}
    lessons = {FIRST}
    if learner.user is not None:
        rows = _PROGRESS_OF_USER.rows(learner.user.pk)
    else:
        rows = _PROGRESS_OF_VISITOR.rows(learner.visitor) if learner.visitor else []
    for number, reached, completed in rows:
        if not 1 <= number <= len(course):
            continue
        steps = course[number - 1]
        whole = completed is not None or reached >= len(steps)
        if whole:
            lessons.add(number)
        lines.update(line for step in (steps if whole else steps[:reached]) for line in step)
    return Taught(frozenset(lines), frozenset(lessons))


def _progress(who: Learner) -> QuerySet[LessonProgress, tuple[int, int, datetime.datetime | None]]:
    return LessonProgress.objects.filter(rows_of(who), lesson__active=True).values_list(
        "lesson__number", "step_reached", "completed_at"
    )


# Read by every drill and daily page (the learner's reach): prepared (cfmj.core.prepared).
_PROGRESS_OF_USER = Prepared(lambda user_id: _progress(Learner(User(pk=user_id), "")), -1)
_PROGRESS_OF_VISITOR = Prepared(lambda visitor: _progress(Learner(None, visitor)), "\x01visitor")


def reach_read(learner: Learner) -> Reach:
    """The learner's reach: the scope of the lines taught, and each kind whose lesson is not taught
    yet closed, with that lesson (the full range where no course is loaded)."""
    taught = taught_to(learner)
    if taught is None:
        return FULL
    closed = {kind: opening for kind, opening in openings().items() if opening.number not in taught.lessons}
    return Reach(Scope.of(taught.lines), MappingProxyType(closed))
