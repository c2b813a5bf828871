"""POST /classes/<pk>/session/<sid>/reveal/: the teacher shows the answer; answering closes."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.classes import sessions
from cfmj.classes.models import ClassSession, SessionAnswer
from tests.classes.helpers import person
from tests.classes.session_helpers import (  # noqa: F401
    HTMX,
    Room,
    _fast_passwords,
    answer,
    session_url,
    student_url,
)
from tests.engine.drills.helpers import right_response, wrong_response

pytestmark = pytest.mark.django_db


def test_it_reveals_and_the_controls_and_the_board_show_the_answer(client) -> None:
    room = Room()
    client.force_login(room.teacher)
    response = client.post(session_url("session_reveal", room.session), follow=True)
    # Back to the teacher's controls, at what the board now shows.
    assert response.redirect_chain == [(session_url("session_control", room.session) + "#reveal", 302)]
    assert ClassSession.objects.get().revealed_at is not None
    expected = sessions.session_reveal_of(room.session).expected
    assert f"The answer: {expected}".encode() in response.content
    board = client.get(reverse("classes:session_board", args=[room.classroom.pk]))
    assert f"The answer: {expected}".encode() in board.content


def test_it_refuses_answers_after_the_reveal_with_a_message(client) -> None:
    room = Room()
    client.force_login(room.ann)
    answer(client, room.session, wrong_response(room.puzzle))
    sessions.session_reveal(session=room.session)
    response = answer(client, room.session, right_response(room.puzzle), follow=True)
    assert response.status_code == 200 and b"The answers are closed" in response.content
    assert not SessionAnswer.objects.get().correct  # the answer given before the reveal stands
    client.force_login(room.bob)
    fragment = answer(client, room.session, right_response(room.puzzle), **HTMX)
    assert fragment.status_code == 200 and b"The answers are closed" in fragment.content
    assert SessionAnswer.objects.count() == 1


def test_it_reveals_once(client) -> None:
    room = Room()
    client.force_login(room.teacher)
    client.post(session_url("session_reveal", room.session))
    first = ClassSession.objects.get().revealed_at
    client.post(session_url("session_reveal", room.session))
    assert ClassSession.objects.get().revealed_at == first


def test_it_says_an_ended_session_cannot_be_revealed(client) -> None:
    room = Room()
    sessions.session_close(session=room.session)
    client.force_login(room.teacher)
    response = client.post(session_url("session_reveal", room.session), follow=True)
    assert b"This session has ended" in response.content
    assert ClassSession.objects.get().revealed_at is None


def test_it_takes_only_a_post_with_the_csrf_token() -> None:
    room = Room()
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(room.teacher)
    assert strict.get(session_url("session_reveal", room.session)).status_code == 405
    assert strict.post(session_url("session_reveal", room.session)).status_code == 403
    assert ClassSession.objects.get().revealed_at is None


def test_it_is_for_the_class_teachers_only(client) -> None:
    room = Room()
    url = session_url("session_reveal", room.session)
    response = client.post(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    for outsider in (room.ann, person("lee"), person("other", "teacher")):
        client.force_login(outsider)
        assert client.post(url).status_code == 404
    assert ClassSession.objects.get().revealed_at is None
    assert client.get(student_url(room.classroom)).status_code == 404  # the other teacher
