"""Every request's body is bounded in Django itself (settings.REQUEST_MAX_BYTES), so the site is
bounded even without nginx in front (development, a misconfigured proxy): a body declared larger
is refused with 413 and a page in plain words before anything reads it."""

from __future__ import annotations

import io
import uuid
from urllib.parse import urlencode

import pytest
from django.urls import reverse

from practice.models import Attempt
from tests.accounts.factories import PASSWORD, UserFactory
from tests.engine.drills.helpers import right_response
from tests.practice.factories import PuzzleFactory

LOGIN = reverse("accounts:login")
THIRTY_MB = 30 * 1024 * 1024


def test_it_refuses_a_30_mb_upload_to_an_answer(client, db, settings):
    # The report: an answer accepted a 30 MB upload (multipart files are not counted by
    # DATA_UPLOAD_MAX_MEMORY_SIZE and go to a temporary file).
    settings.REQUEST_MAX_BYTES = 64 * 1024
    puzzle = PuzzleFactory()
    upload = io.BytesIO(b"x" * THIRTY_MB)
    upload.name = "big.bin"
    data = {"token": str(uuid.uuid4()), **right_response(puzzle), "file": upload}
    response = client.post(reverse("practice:answer", args=[puzzle.pk]), data)
    assert response.status_code == 413
    assert Attempt.objects.count() == 0
    text = response.content.decode()
    assert "too much" in text.lower()
    assert "64 KB" in text
    assert 'href="/"' in text  # a way on


def test_it_refuses_a_declared_length_before_reading_the_body(client, db, settings):
    settings.REQUEST_MAX_BYTES = 1000
    user = UserFactory(username="alice")
    response = client.post(LOGIN, {"username": "alice", "password": PASSWORD}, CONTENT_LENGTH="1001")
    assert response.status_code == 413
    assert "_auth_user_id" not in client.session
    assert user.last_login is None


def test_it_serves_a_body_at_the_limit(client, db, settings):
    UserFactory(username="alice")
    settings.REQUEST_MAX_BYTES = 4096
    body = urlencode({"username": "alice", "password": PASSWORD, "padding": ""})
    body += "p" * (4096 - len(body))
    response = client.post(LOGIN, body, content_type="application/x-www-form-urlencoded")
    assert len(body) == 4096
    assert response.status_code == 302
    assert "_auth_user_id" in client.session


@pytest.mark.parametrize("length", ["", "abc", "-5"])
def test_it_leaves_a_missing_or_unreadable_length_to_django(client, db, length):
    # Django reads no body then (a chunked body is read as empty); gunicorn and nginx refuse
    # a malformed Content-Length themselves.
    response = client.get(reverse("home"), CONTENT_LENGTH=length)
    assert response.status_code == 200


def test_it_bounds_django_s_own_parsers_alike(settings):
    from django.conf import settings as live

    assert live.DATA_UPLOAD_MAX_MEMORY_SIZE == live.REQUEST_MAX_BYTES
    assert live.FILE_UPLOAD_MAX_MEMORY_SIZE == live.REQUEST_MAX_BYTES
    assert live.REQUEST_MAX_BYTES == 64 * 1024


def test_it_shows_the_page_in_large_print(client, db, settings):
    settings.REQUEST_MAX_BYTES = 10
    session = client.session
    session["large_print"] = True
    session.save()
    response = client.post(LOGIN, {"username": "someone-with-a-long-name"})
    assert response.status_code == 413
    assert 'class="large-print"' in response.content.decode()
