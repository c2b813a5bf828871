"""/classes/<pk>/session/: a student's view of the board. GET shows the puzzle and the answer
form (or that nothing is on the board); POST records the answer; after the reveal it says
whether they were right. Polling with htmx is an extra: Refresh links do the same."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils.html import escape

from cfmj.classes import services, sessions
from cfmj.classes.models import SessionAnswer
from tests.classes.helpers import a_class, person
from tests.classes.session_helpers import (  # noqa: F401
    HTMX,
    Room,
    _fast_passwords,
    answer,
    on_the_board,
    session_url,
    student_url,
)
from tests.engine.drills.helpers import right_response, wrong_response

pytestmark = pytest.mark.django_db


def test_it_says_when_nothing_is_on_the_board(client) -> None:
    teacher, student = person("tess", "teacher"), person("sam")
    classroom = a_class(teacher, student)
    client.force_login(student)
    response = client.get(student_url(classroom))
    page = response.content.decode()
    assert response.status_code == 200 and "No puzzle on the board right now" in page
    assert f'href="{student_url(classroom)}">Refresh' in page
    assert 'hx-trigger="every 3s"' in page and "Put a puzzle on the board" not in page


def test_it_shows_the_puzzle_and_the_answer_form(client) -> None:
    room = Room()
    client.force_login(room.ann)
    page = client.get(student_url(room.classroom)).content.decode()
    assert escape(room.puzzle.question["prompt"]) in page
    assert f'name="session" value="{room.session.pk}"' in page and 'name="choice"' in page
    assert "csrfmiddlewaretoken" in page and "Send my answer" in page


def test_it_records_an_answer_and_says_to_watch_the_board(client) -> None:
    room = Room()
    client.force_login(room.ann)
    response = answer(client, room.session, right_response(room.puzzle))
    assert response.status_code == 302 and response["Location"] == student_url(room.classroom)
    saved = SessionAnswer.objects.get()
    assert (saved.user, saved.session, saved.correct, saved.score) == (room.ann, room.session, True, 1.0)
    page = client.get(student_url(room.classroom)).content.decode()
    assert "Answer sent — watch the board." in page and 'name="choice"' not in page
    assert 'class="rules-ref"' not in page  # whether they were right waits for the reveal


def test_it_lets_a_student_change_their_answer_before_the_reveal(client) -> None:
    room = Room()
    client.force_login(room.ann)
    answer(client, room.session, right_response(room.puzzle))
    assert 'name="choice"' in client.get(student_url(room.classroom) + "?change=1").content.decode()
    answer(client, room.session, wrong_response(room.puzzle))
    saved = SessionAnswer.objects.get()
    assert not saved.correct and saved.response == wrong_response(room.puzzle)


@pytest.mark.parametrize("headers", [HTMX, {}])
def test_it_asks_again_for_a_blank_answer(client, headers: dict[str, str]) -> None:
    room = Room()
    client.force_login(room.ann)
    response = answer(client, room.session, {"choice": "  "}, **headers)
    page = response.content.decode()
    assert response.status_code == 200 and "Choose an answer first" in page
    assert 'name="choice"' in page and "Answer sent" not in page  # the form again, nothing sent
    assert not SessionAnswer.objects.exists()


def test_it_keeps_the_answer_sent_when_a_change_is_sent_blank(client) -> None:
    room = Room()
    client.force_login(room.ann)
    answer(client, room.session, right_response(room.puzzle))
    response = answer(client, room.session, {}, **HTMX)
    assert b"Choose an answer first" in response.content
    saved = SessionAnswer.objects.get()
    assert saved.correct and saved.response == right_response(room.puzzle)


def test_it_swaps_in_the_board_for_htmx(client) -> None:
    room = Room()
    client.force_login(room.ann)
    response = answer(client, room.session, right_response(room.puzzle), **HTMX)
    page = response.content.decode()
    assert response.status_code == 200 and "<html" not in page and page.lstrip().startswith('<div id="board"')
    assert "Answer sent — watch the board." in page and SessionAnswer.objects.count() == 1
    polled = client.get(student_url(room.classroom), **HTMX)
    assert polled.status_code == 200 and b"<html" not in polled.content


def test_it_answers_a_poll_that_has_seen_it_with_no_content(client) -> None:
    room = Room()
    client.force_login(room.ann)
    url = student_url(room.classroom)
    unchanged = client.get(f"{url}?seen={room.session.pk}-open-live", **HTMX)
    assert unchanged.status_code == 204
    sessions.session_reveal(session=room.session)
    changed = client.get(f"{url}?seen={room.session.pk}-open-live", **HTMX)
    assert changed.status_code == 200 and b"The answer:" in changed.content
    assert client.get(f"{url}?seen={room.session.pk}-open-live").status_code == 200  # no JS: the page


def test_it_tells_each_student_whether_they_were_right_after_the_reveal(client) -> None:
    room = Room()
    client.force_login(room.ann)
    answer(client, room.session, right_response(room.puzzle))
    client.force_login(room.bob)
    answer(client, room.session, wrong_response(room.puzzle))
    sessions.session_reveal(session=room.session)
    bobs = client.get(student_url(room.classroom)).content.decode()
    assert "Not quite" in bobs and "The answer:" in bobs and 'class="rules-ref"' in bobs
    client.force_login(room.ann)
    anns = client.get(student_url(room.classroom)).content.decode()
    assert "You were right!" in anns and 'class="rules-ref"' in anns and 'name="choice"' not in anns


def test_it_shows_the_answer_to_a_student_who_did_not_answer(client) -> None:
    room = Room()
    sessions.session_reveal(session=room.session)
    client.force_login(room.ann)
    page = client.get(student_url(room.classroom)).content.decode()
    assert "You did not answer this one" in page and "The answer:" in page and 'name="choice"' not in page


def test_it_refuses_an_answer_to_a_puzzle_that_has_left_the_board(client) -> None:
    room = Room()
    following = on_the_board(room.classroom, room.teacher)
    client.force_login(room.ann)
    response = answer(client, room.session, right_response(room.puzzle), follow=True)
    assert b"The answers are closed" in response.content and not SessionAnswer.objects.exists()
    for junk in ("", "x", "999999"):
        response = client.post(student_url(room.classroom), {"session": junk, "choice": "a"}, follow=True)
        assert response.status_code == 200 and b"no longer on the board" in response.content
    assert not SessionAnswer.objects.exists()
    assert f'name="session" value="{following.pk}"' in response.content.decode()


def test_it_shows_a_teacher_the_board_link_and_the_start_form_but_no_answer_form(client) -> None:
    room = Room()
    client.force_login(room.teacher)
    page = client.get(student_url(room.classroom)).content.decode()
    assert escape(room.puzzle.question["prompt"]) in page and 'name="choice"' not in page
    assert f'href="{session_url("session_control", room.session)}"' in page and "Next puzzle" in page
    response = answer(client, room.session, right_response(room.puzzle), follow=True)
    assert b"Only the students of this class answer" in response.content
    assert not SessionAnswer.objects.exists()


def test_it_needs_the_csrf_token() -> None:
    room = Room()
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(room.ann)
    assert answer(strict, room.session, right_response(room.puzzle)).status_code == 403
    assert not SessionAnswer.objects.exists()


def test_it_is_for_the_class_members_only(client) -> None:
    room = Room()
    url = student_url(room.classroom)
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert answer(client, room.session, right_response(room.puzzle)).status_code == 302
    services.membership_end(classroom=room.classroom, user=room.bob)
    for outsider in (room.bob, person("lee"), person("other", "teacher")):
        client.force_login(outsider)
        assert client.get(url).status_code == 404
        assert answer(client, room.session, right_response(room.puzzle)).status_code == 404
    assert not SessionAnswer.objects.exists()
