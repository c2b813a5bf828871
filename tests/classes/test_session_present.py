"""GET /classes/<pk>/session/present/: the board in presenter mode, for one laptop whose screen the
projector mirrors: the board and, on it, Reveal and Next (forms that work without JavaScript,
pressed by R and N with it), shown to the class's teachers only and counting nobody right before
the reveal. Its buttons lead back to it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from cfmj.classes import sessions
from cfmj.classes.models import Classroom, ClassSession
from tests.classes.helpers import a_class, coteacher, person
from tests.classes.session_helpers import (  # noqa: F401
    HTMX,
    KIND,
    Room,
    _fast_passwords,
    session_url,
)
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db


def present_url(classroom: Classroom) -> str:
    return reverse("classes:session_present", args=[classroom.pk])


def board_url(classroom: Classroom) -> str:
    return reverse("classes:session_board", args=[classroom.pk])


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def answered(room: Room) -> None:
    sessions.session_answer(session=room.session, student=room.ann, response=right_response(room.puzzle))
    sessions.session_answer(session=room.session, student=room.bob, response=wrong_response(room.puzzle))


def test_it_shows_the_board_with_reveal_and_next_and_their_keys(client) -> None:
    room = Room()
    answered(room)
    client.force_login(room.teacher)
    response = client.get(present_url(room.classroom))
    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="board"' in page and 'class="site-header"' not in page
    reveal = session_url("session_reveal", room.session)
    assert f'action="{reveal}" data-board-key="r"' in page and 'aria-keyshortcuts="R"' in page
    assert 'data-board-key="n"' in page and 'aria-keyshortcuts="N"' in page
    assert f'<input type="hidden" name="kind" value="{KIND}">' in page
    assert 'name="then" value="present"' in page and "csrfmiddlewaretoken" in page
    assert "Keys: R reveal, N next" in text_of(page)
    assert f'hx-get="{present_url(room.classroom)}?seen=' in page  # it polls itself, not the plain board
    assert 'src="/static/js/board.js"' in page


def test_it_counts_nobody_right_before_the_reveal(client) -> None:
    room = Room()
    answered(room)
    client.force_login(room.teacher)
    page = client.get(present_url(room.classroom)).content.decode()
    board = text_of(page.split('id="board"', 1)[1])
    count = text_of(page.split('class="board-tally', 1)[1].split("</section>", 1)[0])
    assert "2 of 2 answered" in count and "right" not in count  # (the puzzle's own words may say it)
    assert "tally-bars" not in page and "The answer:" not in board
    # Not in the poll's key either: an answer changed is not a change of the board before the reveal.
    key = re.search(r"\?seen=([^\"]+)\"", page)
    assert key is not None and key.group(1) == f"{room.session.pk}-live-2-2-{room.classroom.code}"
    sessions.session_answer(session=room.session, student=room.bob, response=right_response(room.puzzle))
    assert client.get(f"{present_url(room.classroom)}?seen={key.group(1)}", **HTMX).status_code == 204
    sessions.session_reveal(session=room.session)
    revealed = text_of(client.get(present_url(room.classroom)).content.decode())
    assert "2 right" in revealed and "Keys: N next" in revealed and "Reveal the answer" not in revealed


def test_its_reveal_reveals_and_comes_back_to_it(client) -> None:
    room = Room()
    client.force_login(room.teacher)
    response = client.post(session_url("session_reveal", room.session), {"then": "present"})
    assert response.status_code == 302 and response["Location"] == present_url(room.classroom)
    room.session.refresh_from_db()
    assert room.session.revealed_at is not None and room.session.closed_at is None
    # From the controls' page, as before: to the controls.
    again = client.post(session_url("session_reveal", room.session))
    assert again["Location"].startswith(session_url("session_control", room.session))


def test_its_next_puts_the_same_kind_and_difficulty_on_and_comes_back_to_it(client) -> None:
    room = Room()
    PuzzleFactory(kind=KIND, band=2)
    client.force_login(room.teacher)
    start = reverse("classes:session_start", args=[room.classroom.pk])
    response = client.post(start, {"then": "present", "kind": KIND, "band": "2"})
    assert response.status_code == 302 and response["Location"] == present_url(room.classroom)
    current = sessions.session_current(room.classroom)
    assert current is not None and current.pk != room.session.pk and current.puzzle.band == 2
    room.session.refresh_from_db()
    assert room.session.closed_at is not None
    assert ClassSession.objects.filter(classroom=room.classroom).count() == 2


def test_a_button_that_cannot_act_says_why_on_the_board(client) -> None:
    room = Room()
    sessions.session_close(session=room.session)
    client.force_login(room.teacher)
    response = client.post(session_url("session_reveal", room.session), {"then": "present"}, follow=True)
    page = text_of(response.content.decode())
    assert response.status_code == 200 and "This session has ended" in page
    assert "No puzzle on the board yet" in page and "Put it on the board" in page
    assert "Keys: N put it on the board" in page
    room.session.refresh_from_db()
    assert room.session.revealed_at is None


def test_the_empty_board_offers_a_puzzle_to_put_on(client) -> None:
    teacher = person("tess", "teacher")
    classroom = a_class(teacher, person("sam"))
    client.force_login(teacher)
    page = client.get(present_url(classroom)).content.decode()
    assert 'id="id_present_kind"' in page and 'id="id_present_band"' in page
    assert "Reveal the answer" not in page


def test_it_is_for_the_class_teachers_only(client) -> None:
    room = Room()
    url = present_url(room.classroom)
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    for outsider in (room.ann, person("lee"), person("other", "teacher")):
        client.force_login(outsider)
        assert client.get(url).status_code == 404
        assert client.get(url, **HTMX).status_code == 404
    client.force_login(coteacher(room.classroom, "cora"))
    assert client.get(url).status_code == 200
    assert client.post(url).status_code == 405


def test_it_shows_latecomers_the_code_and_a_qr_code_as_the_board_does(client) -> None:
    room = Room()
    client.force_login(room.teacher)
    for url in (present_url(room.classroom),):
        page = client.get(url).content.decode()
        corner = page.split('class="board-latecomers"', 1)[1].split("</aside>", 1)[0]
        assert f'<strong class="class-code">{room.classroom.code}</strong>' in corner
        assert 'class="qr-code"' in corner and "<path" in corner


def test_the_teacher_finds_it_from_the_session_page_and_the_controls(client) -> None:
    room = Room()
    client.force_login(room.teacher)
    link = f'<a href="{present_url(room.classroom)}">Present from this screen</a>'
    assert link in client.get(session_url("session_control", room.session)).content.decode()
    student_page = reverse("classes:session_student", args=[room.classroom.pk])
    assert link in client.get(student_page).content.decode()
    client.force_login(room.ann)
    assert "Present from this screen" not in client.get(student_page).content.decode()
