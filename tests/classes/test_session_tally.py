"""GET /classes/<pk>/session/<sid>/tally/: the count of answers the board polls; never names."""

from __future__ import annotations

import pytest
from django.utils.html import escape

from cfmj.classes import sessions
from cfmj.classes.models import SessionAnswer
from tests.classes.helpers import person
from tests.classes.session_helpers import (  # noqa: F401
    HTMX,
    Room,
    _fast_passwords,
    answer,
    session_url,
)
from tests.engine.drills.helpers import right_response, wrong_response

pytestmark = pytest.mark.django_db


def _both_answer(client, room: Room) -> None:
    client.force_login(room.ann)
    answer(client, room.session, right_response(room.puzzle))
    client.force_login(room.bob)
    answer(client, room.session, wrong_response(room.puzzle))


def test_it_counts_the_answers_and_the_right_ones(client) -> None:
    room = Room()
    _both_answer(client, room)
    client.force_login(room.teacher)
    response = client.get(session_url("session_tally", room.session), **HTMX)
    page = response.content.decode()
    assert response.status_code == 200 and "<html" not in page
    assert "2</strong> of 2 answered" in page and "1</strong> right" in page
    tally = sessions.session_tally(room.session)
    assert (tally.answered, tally.students, tally.right) == (2, 2, 1)
    assert SessionAnswer.objects.filter(session=room.session).count() == 2


def test_it_counts_each_choice_and_names_nobody(client) -> None:
    room = Room()
    _both_answer(client, room)
    client.force_login(room.teacher)
    response = client.get(session_url("session_tally", room.session), **HTMX)
    (group,) = sessions.session_tally(room.session).groups
    picked = {row.value: row.count for row in group.rows}
    assert picked[right_response(room.puzzle)["choice"]] == 1
    assert picked[wrong_response(room.puzzle)["choice"]] == 1
    assert sum(picked.values()) == 2
    for row in group.rows:  # each choice on the board, by its words and its number
        assert escape(row.label) in response.content.decode()
    assert b"pupil_" not in response.content
    assert "✓ the answer" not in response.content.decode()  # not before the reveal


def test_it_counts_a_student_answering_twice_once(client) -> None:
    room = Room()
    client.force_login(room.ann)
    answer(client, room.session, wrong_response(room.puzzle))
    answer(client, room.session, right_response(room.puzzle))
    assert SessionAnswer.objects.get().correct
    client.force_login(room.teacher)
    page = client.get(session_url("session_tally", room.session), **HTMX).content.decode()
    assert "1</strong> of 2 answered" in page and "1</strong> right" in page


def test_it_answers_a_poll_that_has_seen_it_with_no_content(client) -> None:
    room = Room()
    client.force_login(room.teacher)
    key = sessions.session_tally(room.session).key
    url = session_url("session_tally", room.session)
    assert client.get(f"{url}?seen={key}", **HTMX).status_code == 204
    client.force_login(room.ann)
    answer(client, room.session, right_response(room.puzzle))
    client.force_login(room.teacher)
    changed = client.get(f"{url}?seen={key}", **HTMX)
    assert changed.status_code == 200 and b"1</strong> of 2 answered" in changed.content


def test_it_is_for_the_class_teachers_only(client) -> None:
    room = Room()
    url = session_url("session_tally", room.session)
    response = client.get(url, **HTMX)
    assert response.status_code in (200, 302) and "/accounts/login/" in response.get(
        "HX-Redirect", response.get("Location")
    )
    for outsider in (room.ann, person("lee"), person("other", "teacher")):
        client.force_login(outsider)
        assert client.get(url, **HTMX).status_code == 404
