"""GET /classes/<pk>/session/<sid>/: the teacher's controls (on their phone or in a second window):
what is on the board, the live count and split, Reveal, Next puzzle, End, and where the board is."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from cfmj.classes import sessions
from tests.classes.helpers import a_class, person
from tests.classes.session_helpers import (  # noqa: F401
    Room,
    _fast_passwords,
    on_the_board,
    session_url,
)

pytestmark = pytest.mark.django_db


def test_it_shows_the_count_and_the_buttons_and_where_the_board_is(client) -> None:
    room = Room()
    client.force_login(room.teacher)
    response = client.get(session_url("session_control", room.session))
    page = response.content.decode()
    assert response.status_code == 200
    assert escape(room.puzzle.question["prompt"]) in page  # the puzzle, as the students see it
    assert 'aria-live="polite"' in page and 'hx-trigger="every 2s"' in page
    assert f'hx-get="{session_url("session_tally", room.session)}?seen=' in page
    assert "0</strong> of 2 answered" in page
    for action in ("session_reveal", "session_close"):
        assert f'action="{session_url(action, room.session)}"' in page
    assert "Reveal the answer" in page and "Next puzzle" in page and "End the session" in page
    assert "csrfmiddlewaretoken" in page and "The answer:" not in page
    board = reverse("classes:session_board", args=[room.classroom.pk])
    assert f'href="{board}" target="_blank"' in page and f"http://testserver{board}" in page


def test_it_shows_the_answer_explanation_rules_and_split_after_the_reveal(client) -> None:
    room = Room()
    sessions.session_reveal(session=room.session)
    client.force_login(room.teacher)
    page = client.get(session_url("session_control", room.session)).content.decode()
    reveal = sessions.session_reveal_of(room.session)
    assert f"The answer: {escape(reveal.expected)}" in page and escape(reveal.lead) in page
    assert not reveal.more or f"<summary>More</summary><p>{escape(reveal.more)}</p>" in page
    assert 'class="rules-ref"' in page and "Reveal the answer" not in page
    assert 'hx-trigger="every 2s"' not in page  # the count cannot change any more
    assert '✓ <span class="tally-answer-word">the answer</span>' in page
    assert "Next puzzle" in page and "End the session" in page


def test_it_says_when_the_session_has_ended(client) -> None:
    room = Room()
    sessions.session_close(session=room.session)
    client.force_login(room.teacher)
    page = client.get(session_url("session_control", room.session)).content.decode()
    assert "This session has ended" in page and "End the session" not in page
    assert "Reveal the answer" not in page and "Next puzzle" in page


def test_it_is_for_the_class_teachers_only(client) -> None:
    room = Room()
    url = session_url("session_control", room.session)
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    for outsider in (room.ann, person("lee"), person("other", "teacher")):
        client.force_login(outsider)
        assert client.get(url).status_code == 404


def test_it_hides_another_class_session(client) -> None:
    room = Room()
    other_teacher = person("otto", "teacher")
    other = on_the_board(a_class(other_teacher, name="Other"), other_teacher)
    client.force_login(room.teacher)
    assert client.get(f"/classes/{room.classroom.pk}/session/{other.pk}/").status_code == 404
