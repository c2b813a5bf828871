"""People and a class for the class tests."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from cfmj.classes import services
from cfmj.classes.models import Classroom


def person(name: str, role: str = "learner") -> Any:
    return get_user_model().objects.create_user(name, password="pw-tiles-123", role=role)


def a_class(teacher: Any | None = None, *students: Any, name: str = "Tuesday beginners") -> Classroom:
    classroom = services.classroom_create(teacher=teacher or person("tess", "teacher"), name=name)
    for student in students:
        services.classroom_join(user=student, code=classroom.code)
    return classroom


def in_days(days: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=days)
