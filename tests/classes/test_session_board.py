"""GET /classes/<pk>/session/board/: the board for the projector. The whole page is the puzzle on
the board, the count and, after the reveal, the answer, its explanation and the class's split: no
site header, no form, nothing to press. It follows the class's open session (htmx polls it with
the state it shows, and gets 204 while nothing changed; without JavaScript it reloads itself).
In its corner, the class's code and the join link's QR code for latecomers, while the class takes
students. Only the class's teachers see it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from cfmj.classes import services, sessions
from cfmj.classes.models import Classroom
from tests.classes.helpers import a_class, person
from tests.classes.session_helpers import (  # noqa: F401
    HTMX,
    Room,
    _fast_passwords,
    on_the_board,
)
from tests.engine.drills.helpers import right_response, wrong_response

pytestmark = pytest.mark.django_db


def board_url(classroom: Classroom) -> str:
    return reverse("classes:session_board", args=[classroom.pk])


def _no_controls(page: str) -> None:
    assert "<form" not in page and 'class="site-header"' not in page and "Log out" not in page
    for control in ("Reveal the answer", "Next puzzle", "End the session", "csrfmiddlewaretoken"):
        assert control not in page


def test_it_shows_the_puzzle_and_the_count_and_nothing_to_press(client) -> None:
    room = Room()
    sessions.session_answer(session=room.session, student=room.ann, response=right_response(room.puzzle))
    client.force_login(room.teacher)
    response = client.get(board_url(room.classroom))
    page = response.content.decode()
    assert response.status_code == 200
    assert escape(room.puzzle.question["prompt"]) in page
    assert "<strong>1</strong> of 2 answered" in page
    assert "right" not in re.sub(r"<[^>]+>", "", page.split('class="tally-count"')[1].split("</p>")[0])
    assert "The answer:" not in page and "tally-bars" not in page  # no hint before the reveal
    labels = [escape(choice["label"]) for choice in room.puzzle.question["choices"]]
    assert all(f"<li>{label}</li>" in page for label in labels)  # what the phones offer
    assert f'hx-get="{board_url(room.classroom)}?seen=' in page and 'hx-trigger="every 2s"' in page
    assert '<noscript><meta http-equiv="refresh" content="5"></noscript>' in page
    assert "http://testserver/classes/" in page  # where students answer
    _no_controls(page)


def test_it_shows_the_answer_explanation_and_split_after_the_reveal(client) -> None:
    room = Room()
    sessions.session_answer(session=room.session, student=room.ann, response=right_response(room.puzzle))
    sessions.session_answer(session=room.session, student=room.bob, response=wrong_response(room.puzzle))
    sessions.session_reveal(session=room.session)
    client.force_login(room.teacher)
    page = client.get(board_url(room.classroom)).content.decode()
    reveal = sessions.session_reveal_of(room.session)
    assert f"The answer: {escape(reveal.expected)}" in page and escape(reveal.lead) in page
    # The first sentence alone: the rest is on the phones (and the teacher's control page), and
    # on a projector every line the answer takes shrinks the board's type.
    assert "<summary>More</summary>" not in page and (not reveal.more or escape(reveal.more) not in page)
    assert "<strong>1</strong> right" in page and page.count('class="tally-right"') == 1
    assert "How the class answered" in page
    _no_controls(page)


def test_it_follows_the_next_puzzle_and_the_end(client) -> None:
    room = Room()
    client.force_login(room.teacher)
    first = client.get(board_url(room.classroom), **HTMX)
    key = re.search(r"\?seen=([^\"]+)\"", first.content.decode())
    assert key is not None and first.status_code == 200
    seen = f"{board_url(room.classroom)}?seen={key.group(1)}"
    assert client.get(seen, **HTMX).status_code == 204  # nothing changed: htmx keeps the page
    sessions.session_answer(session=room.session, student=room.ann, response=right_response(room.puzzle))
    assert client.get(seen, **HTMX).status_code == 200  # the count changed
    following = on_the_board(room.classroom, room.teacher, kind="worth")
    page = client.get(seen, **HTMX).content.decode()
    assert escape(following.puzzle.question["prompt"]) in page and "<html" not in page  # the partial
    sessions.session_close(session=following)
    page = client.get(board_url(room.classroom)).content.decode()
    assert "No puzzle on the board yet" in page


def test_it_waits_for_a_puzzle_when_none_is_on_the_board(client) -> None:
    teacher = person("tess", "teacher")
    classroom = a_class(teacher, person("sam"))
    client.force_login(teacher)
    page = client.get(board_url(classroom)).content.decode()
    assert "No puzzle on the board yet" in page and 'hx-trigger="every 2s"' in page
    _no_controls(page)


def test_it_is_for_the_class_teachers_only(client) -> None:
    room = Room()
    url = board_url(room.classroom)
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    for outsider in (room.ann, person("lee"), person("other", "teacher")):
        client.force_login(outsider)
        assert client.get(url).status_code == 404
        assert client.get(url, **HTMX).status_code == 404
    assert client.post(url).status_code == 405  # nothing is changed from the board


def test_a_student_or_outsider_cannot_reveal_advance_or_end(client) -> None:
    room = Room()
    for outsider in (room.ann, person("lee"), person("other", "teacher")):
        client.force_login(outsider)
        for name in ("session_reveal", "session_close"):
            url = reverse(f"classes:{name}", args=[room.classroom.pk, room.session.pk])
            assert client.post(url).status_code == 404
        start = reverse("classes:session_start", args=[room.classroom.pk])
        assert client.post(start, {"kind": "worth", "band": "1"}).status_code == 404
    room.session.refresh_from_db()
    assert room.session.revealed_at is None and room.session.closed_at is None
    assert room.classroom.sessions.count() == 1


def test_it_shows_latecomers_the_code_and_a_qr_code_of_the_join_link(client) -> None:
    room = Room()
    client.force_login(room.teacher)
    for session in (room.session, None):
        if session is None:
            sessions.session_close(session=room.session)
        page = client.get(board_url(room.classroom)).content.decode()
        corner = page.split('class="board-latecomers"', 1)[1].split("</aside>", 1)[0]
        assert f'<strong class="class-code">{room.classroom.code}</strong>' in corner
        assert 'class="qr-code"' in corner and "<path" in corner
        assert 'aria-label="QR code of the class\'s join link"' in corner


def test_its_corner_follows_a_new_code_and_goes_while_joining_is_closed(client) -> None:
    room = Room()
    client.force_login(room.teacher)
    first = client.get(board_url(room.classroom), **HTMX).content.decode()
    key = re.search(r"\?seen=([^\"]+)\"", first)
    assert key is not None
    seen = f"{board_url(room.classroom)}?seen={key.group(1)}"
    services.classroom_code_renew(classroom=room.classroom)
    room.classroom.refresh_from_db()
    page = client.get(seen, **HTMX)  # a poll: the new code is a change of the board
    assert page.status_code == 200 and room.classroom.code in page.content.decode()
    services.classroom_joining_set(classroom=room.classroom, open_=False)
    page = client.get(board_url(room.classroom)).content.decode()
    assert "board-latecomers" not in page and 'class="qr-code"' not in page
    services.classroom_joining_set(classroom=room.classroom, open_=True)
    services.classroom_archive(classroom=room.classroom)
    assert "board-latecomers" not in client.get(board_url(room.classroom)).content.decode()
