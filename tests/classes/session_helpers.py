"""A puzzle on the board, for the class session tests (people and the class come from helpers)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.classes import sessions
from cfmj.classes.models import Classroom, ClassSession
from tests.classes.helpers import a_class, person
from tests.practice.factories import PuzzleFactory

HTMX = {"HTTP_HX_REQUEST": "true"}
KIND = "rules_quiz"  # the quickest kind to make and mark


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> Iterator[None]:
    """The default hasher is slow on purpose; these tests only need accounts to exist."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    yield


def on_the_board(classroom: Classroom, teacher: Any, kind: str = KIND) -> ClassSession:
    """A session on a stored puzzle (the only one of its kind and band, so the one chosen)."""
    PuzzleFactory(kind=kind, band=2)
    return sessions.session_start(classroom=classroom, teacher=teacher, kind=kind, band=2)


def student_url(classroom: Classroom) -> str:
    return reverse("classes:session_student", args=[classroom.pk])


def session_url(name: str, session: ClassSession) -> str:
    return reverse(f"classes:{name}", args=[session.classroom_id, session.pk])


def answer(client: Client, session: ClassSession, response: dict[str, str], **headers: Any) -> Any:
    """Send an answer to `session` as its page serves the form to whoever is logged in (a fresh
    token, to change the answer they have sent, if any)."""
    data = {"session": str(session.pk), **response}
    signed_in = client.session.get("_auth_user_id")
    if signed_in:
        data["token"] = sessions.session_serve(session=session, student=User.objects.get(pk=signed_in))
    return client.post(student_url(session.classroom), data, **headers)


class Room:
    """A teacher, two students and a session on the board."""

    def __init__(self) -> None:
        self.teacher = person("tess", "teacher")
        self.ann = person("pupil_ann")
        self.bob = person("pupil_bob")
        self.classroom = a_class(self.teacher, self.ann, self.bob)
        self.session = on_the_board(self.classroom, self.teacher)
        self.puzzle = self.session.puzzle
