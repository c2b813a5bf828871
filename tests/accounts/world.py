"""A small site with something of everything that belongs to a person: practice, lessons,
classes (owned, co-taught, joined), homework, a class session and invitations."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from cfmj.classes import services as class_services
from cfmj.classes import sessions
from cfmj.classes.models import Classroom, ClassSession, CoteacherInvite, Membership, SessionAnswer
from lessons.models import Lesson, LessonProgress
from practice.models import Attempt, ReviewItem, SkillRating, Streak
from tests.accounts.factories import PASSWORD, UserFactory
from tests.practice.factories import AttemptFactory, PuzzleFactory


@dataclass
class World:
    tess: Any  # teacher: owns `tuesday` (co-taught by cora) and `library` (alone)
    cora: Any  # co-teacher of tuesday
    tom: Any  # a teacher tess invited to the library class (not answered)
    lena: Any  # learner in tuesday, with practice and lessons of her own
    otto: Any  # another learner in tuesday
    kid: Any  # an account tess made for tuesday (managed)
    tuesday: Classroom
    library: Classroom
    session: ClassSession
    lesson: Lesson


def world() -> World:
    tess = UserFactory(username="tess", role="teacher")
    cora = UserFactory(username="cora", role="teacher")
    tom = UserFactory(username="tom", role="teacher")
    lena = UserFactory(username="lena", email="lena@example.com")
    otto = UserFactory(username="otto")
    tuesday = class_services.classroom_create(teacher=tess, name="Tuesday beginners")
    library = class_services.classroom_create(teacher=tess, name="Library hall")
    invite = class_services.coteacher_invite(classroom=tuesday, owner=tess, username="cora")
    class_services.coteacher_invite_answer(invite=invite, invitee=cora, accept=True)
    class_services.coteacher_invite(classroom=library, owner=tess, username="tom")
    for student in (lena, otto):
        class_services.classroom_join(user=student, code=tuesday.code)
    kid = class_services.student_create(classroom=tuesday, teacher=tess, username="kid1", password=PASSWORD)

    lesson = Lesson.objects.create(
        slug="the-tiles", number=1, title="The tiles", summary="Tiles.", source_hash="x"
    )
    class_services.assignment_create(
        classroom=tuesday,
        teacher=tess,
        kind="lesson",
        lesson=lesson,
        due=timezone.localdate() + datetime.timedelta(days=3),
    )
    puzzle = PuzzleFactory(kind="rules_quiz", band=2)
    session = sessions.session_start(classroom=tuesday, teacher=tess, kind="rules_quiz", band=2)
    today = timezone.localdate()
    for person, rating in ((lena, 1612.5), (otto, 1400.0), (kid, 1300.0)):
        AttemptFactory(user=person, puzzle=puzzle, response={"answer": "2"}, correct=True, score=1.0)
        SkillRating.objects.create(user=person, kind="rules_quiz", rating=rating, attempts=1, correct=1)
        ReviewItem.objects.create(user=person, puzzle=puzzle, due=today)
        Streak.objects.create(user=person, current=3, best=5, last_day=today)
        LessonProgress.objects.create(user=person, lesson=lesson, step_reached=2, checks_right=2)
        SessionAnswer.objects.create(
            session=session, user=person, response={"answer": "2"}, correct=True, score=1.0
        )
    return World(tess, cora, tom, lena, otto, kid, tuesday, library, session, lesson)


def rows_of(user: Any) -> dict[str, int]:
    """How many rows of each kind a person has (all zero once they are deleted)."""
    pk = user.pk
    return {
        "attempts": Attempt.objects.filter(user_id=pk).count(),
        "ratings": SkillRating.objects.filter(user_id=pk).count(),
        "reviews": ReviewItem.objects.filter(user_id=pk).count(),
        "streak": Streak.objects.filter(user_id=pk).count(),
        "lessons": LessonProgress.objects.filter(user_id=pk).count(),
        "memberships": Membership.objects.filter(user_id=pk).count(),
        "session_answers": SessionAnswer.objects.filter(user_id=pk).count(),
        "invites": CoteacherInvite.objects.filter(invitee_id=pk).count(),
    }
