"""A class session's puzzle goes to each student with a token (practice.serving): an answer counts
only with a token served to that student, for the puzzle on the board in that session, once."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from cfmj.accounts.learners import Learner
from cfmj.classes.models import SessionAnswer
from practice import serving
from tests.classes.session_helpers import (  # noqa: F401
    HTMX,
    Room,
    _fast_passwords,
    on_the_board,
    student_url,
)
from tests.engine.drills.helpers import right_response, wrong_response

pytestmark = pytest.mark.django_db


def _served(client: Client, room: Room, query: str = "") -> str:
    """The token the student page serves its answer form with."""
    page = client.get(student_url(room.classroom) + query).content.decode()
    found = re.search(r'name="token" value="([^"]+)"', page)
    assert found is not None, "no answer form on the page"
    return found.group(1)


def _send(
    client: Client, room: Room, token: str, response: dict[str, str], session: int | None = None
) -> str:
    data = {"session": str(session or room.session.pk), "token": token, **response}
    return client.post(student_url(room.classroom), data, follow=True).content.decode()


def test_it_takes_no_answer_with_another_students_token(client) -> None:
    room = Room()
    client.force_login(room.ann)
    anns = _served(client, room)
    client.force_login(room.bob)
    page = _send(client, room, anns, right_response(room.puzzle))
    assert "asked of another account or visit" in page and not SessionAnswer.objects.exists()


def test_it_takes_no_answer_with_a_token_of_an_earlier_puzzle(client) -> None:
    room = Room()
    client.force_login(room.ann)
    earlier = _served(client, room)
    following = on_the_board(room.classroom, room.teacher)
    page = _send(client, room, earlier, right_response(room.puzzle), session=following.pk)
    assert "The answers are closed" in page and not SessionAnswer.objects.exists()
    drill = serving.serve(Learner(room.ann, ""), serving.puzzle(following.puzzle_id), serving.DRILL)
    page = _send(client, room, drill, right_response(following.puzzle), session=following.pk)
    assert "no longer on the board" in page and not SessionAnswer.objects.exists()  # not a session's
    _send(client, room, _served(client, room), right_response(following.puzzle))
    assert SessionAnswer.objects.get().session == following  # where the token says, not the form


def test_a_token_counts_once_and_a_change_needs_a_fresh_one(client) -> None:
    room = Room()
    client.force_login(room.ann)
    first = _served(client, room)
    _send(client, room, first, right_response(room.puzzle))
    page = _send(client, room, first, wrong_response(room.puzzle))  # a replay
    assert "sent before" in page and SessionAnswer.objects.get().correct
    change = _served(client, room, "?change=1")
    _send(client, room, change, wrong_response(room.puzzle))
    assert not SessionAnswer.objects.get().correct  # changed before the reveal, as before
    for replay in (first, change):  # neither the first token nor the change's counts again
        _send(client, room, replay, right_response(room.puzzle))
    saved = SessionAnswer.objects.get()
    assert not saved.correct and saved.response == wrong_response(room.puzzle)


def test_a_replay_sent_with_htmx_changes_nothing(client) -> None:
    room = Room()
    client.force_login(room.ann)
    token = _served(client, room)
    data = {"session": str(room.session.pk), "token": token, **right_response(room.puzzle)}
    codes = [client.post(student_url(room.classroom), data, **HTMX).status_code for _ in range(2)]
    assert codes == [200, 200] and SessionAnswer.objects.count() == 1
