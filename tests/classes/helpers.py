"""People and a class for the class tests."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.classes import services
from cfmj.classes.models import Classroom


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
