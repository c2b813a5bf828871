"""People and a class for the class tests."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.classes import services
from cfmj.classes.models import Assignment, Classroom


def person(name: str, role: str = "learner") -> User:
    return get_user_model().objects.create_user(name, password="pw-tiles-123", role=role)


def a_class(teacher: User | None = None, *students: User, name: str = "Tuesday beginners") -> Classroom:
    classroom = services.classroom_create(teacher=teacher or person("tess", "teacher"), name=name)
    for student in students:
        services.classroom_join(user=student, code=classroom.code)
    return classroom


def in_days(days: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=days)


def coteacher(classroom: Classroom, username: str) -> User:
    """Invite a teacher account (made now if there is none of that name) to the class and accept on
    their behalf: a co-teacher."""
    assert classroom.owner is not None
    if not get_user_model().objects.filter(username=username).exists():
        person(username, "teacher")
    invite = services.coteacher_invite(classroom=classroom, owner=classroom.owner, username=username)
    services.coteacher_invite_answer(invite=invite, invitee=invite.invitee, accept=True)
    return invite.invitee


def drill_homework(
    classroom: Classroom,
    *,
    kind: str = "worth",
    count: int = 1,
    band: int = 1,
    due: datetime.date | None = None,
) -> Assignment:
    """Drill homework set by the class's owner (due in 3 days unless told), with a few puzzles of
    its kind stored for it to serve."""
    from tests.practice.factories import PuzzleFactory

    assert classroom.owner is not None
    PuzzleFactory.create_batch(max(2, count), kind=kind, band=band)
    return services.assignment_create(
        classroom=classroom,
        teacher=classroom.owner,
        kind="drills",
        drill_kind=kind,
        count=count,
        band=band,
        due=due or in_days(3),
    )
