"""POST /classes/<pk>/session/<sid>/close/: the teacher ends the session; the answers are kept."""

from __future__ import annotations

import pytest
from django.test import Client

from cfmj.classes.models import ClassSession, SessionAnswer
from tests.classes.helpers import person
from tests.classes.session_helpers import (  # noqa: F401
    Room,
    _fast_passwords,
    answer,
    session_url,
    student_url,
)
from tests.engine.drills.helpers import right_response

pytestmark = pytest.mark.django_db


def test_it_ends_the_session_and_keeps_the_answers(client) -> None:
    room = Room()
    client.force_login(room.ann)
    answer(client, room.session, right_response(room.puzzle))
    client.force_login(room.teacher)
    response = client.post(session_url("session_close", room.session))
    assert response.status_code == 302 and response["Location"] == student_url(room.classroom)
    assert ClassSession.objects.get().closed_at is not None
    assert SessionAnswer.objects.count() == 1
    page = client.get(response["Location"]).content
    assert b"The session has ended" in page and b"No puzzle on the board right now" in page
    assert b"Put a puzzle on the board" in page


def test_it_tells_students_nothing_is_on_the_board_and_refuses_late_answers(client) -> None:
    room = Room()
    client.force_login(room.teacher)
    client.post(session_url("session_close", room.session))
    client.force_login(room.ann)
    assert b"No puzzle on the board right now" in client.get(student_url(room.classroom)).content
    response = answer(client, room.session, right_response(room.puzzle), follow=True)
    assert b"The answers are closed" in response.content and not SessionAnswer.objects.exists()


def test_it_ends_once(client) -> None:
    room = Room()
    client.force_login(room.teacher)
    client.post(session_url("session_close", room.session))
    first = ClassSession.objects.get().closed_at
    assert client.post(session_url("session_close", room.session)).status_code == 302
    assert ClassSession.objects.get().closed_at == first


def test_it_takes_only_a_post_with_the_csrf_token() -> None:
    room = Room()
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(room.teacher)
    assert strict.get(session_url("session_close", room.session)).status_code == 405
    assert strict.post(session_url("session_close", room.session)).status_code == 403
    assert ClassSession.objects.get().closed_at is None


def test_it_is_for_the_class_teachers_only(client) -> None:
    room = Room()
    url = session_url("session_close", room.session)
    response = client.post(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    for outsider in (room.ann, person("lee"), person("other", "teacher")):
        client.force_login(outsider)
        assert client.post(url).status_code == 404
    assert ClassSession.objects.get().closed_at is None
