"""A class with homework, lessons and drill answers to report on (shared by the report tests).

    ann  finished lesson 1 (quiz 4 of 5) and the drill homework (a day late); 2 of 2 right in
         winning_hand (rated Steady), 1 of 1 wrong in worth; last seen in her lesson.
    bob  1 wrong answer to the drill homework (overdue), 3 wrong worth, 2 wrong call.
    dan  joined, never did anything.
    cat  left the class after 4 wrong joker_exchange answers (kept, but not reported).

Every wrong worth answer turns on RULES §3, and every wrong call or joker_exchange answer on §6
(and only §6), which the numbers below rest on."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from cfmj.classes import services
from cfmj.classes.models import Assignment, Classroom
from lessons.models import Lesson, LessonProgress
from practice.models import SkillRating
from tests.engine.drills.helpers import wrong_response
from tests.practice.factories import AttemptFactory, PuzzleFactory

PASSWORD = "pw-tiles-123"


@dataclass(frozen=True)
class World:
    teacher: Any
    classroom: Classroom
    people: dict[str, Any]
    lesson_homework: Assignment
    drill_homework: Assignment
    ann_seen: datetime.datetime
    bob_seen: datetime.datetime


def wrong(user: Any, kind: str, band: int = 2) -> Any:
    puzzle = PuzzleFactory(kind=kind, band=band)
    return AttemptFactory(user=user, puzzle=puzzle, response=wrong_response(puzzle), correct=False, score=0.0)


def build(django_user_model: Any, lessons: list[Lesson], name: str = "Tuesday beginners") -> World:
    def user(username: str, role: str = "learner") -> Any:
        return django_user_model.objects.create_user(username, password=PASSWORD, role=role)

    teacher = user("t", "teacher")
    classroom = services.classroom_create(teacher=teacher, name=name)
    people = {n: user(n) for n in ("ann", "bob", "cat", "dan")}
    for person in people.values():
        services.classroom_join(user=person, code=classroom.code)
    today = timezone.localdate()
    lesson_homework = services.assignment_create(
        classroom=classroom,
        teacher=teacher,
        kind="lesson",
        lesson=lessons[0],
        due=today + datetime.timedelta(days=3),
    )
    drill_homework = services.assignment_create(
        classroom=classroom,
        teacher=teacher,
        kind="drills",
        drill_kind="winning_hand",
        count=2,
        band=2,
        due=today - datetime.timedelta(days=1),
    )
    ann, bob, cat = people["ann"], people["bob"], people["cat"]

    for _ in range(2):
        AttemptFactory(user=ann, puzzle=PuzzleFactory(kind="winning_hand", band=2))
    wrong(ann, "worth")
    SkillRating.objects.create(user=ann, kind="winning_hand", rating=1500.0)
    LessonProgress.objects.create(
        user=ann, lesson=lessons[0], step_reached=3, quiz_best=4, quiz_size=5, completed_at=timezone.now()
    )
    LessonProgress.objects.create(user=ann, lesson=lessons[1], step_reached=1)
    ann_seen = timezone.now() + datetime.timedelta(hours=5)
    LessonProgress.objects.filter(user=ann, lesson=lessons[1]).update(updated_at=ann_seen)

    wrong(bob, "winning_hand")
    for _ in range(3):
        wrong(bob, "worth")
    for _ in range(2):
        last = wrong(bob, "call")
    bob_seen = timezone.now() + datetime.timedelta(hours=2)
    type(last).objects.filter(pk=last.pk).update(answered_at=bob_seen)

    for _ in range(4):
        wrong(cat, "joker_exchange")
    services.membership_end(classroom=classroom, user=cat)
    return World(teacher, classroom, people, lesson_homework, drill_homework, ann_seen, bob_seen)
