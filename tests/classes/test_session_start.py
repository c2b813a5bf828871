"""POST /classes/<pk>/session/start/: a teacher puts a puzzle on the board (closing the last one)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.classes import services
from cfmj.classes.models import ClassSession
from practice.models import Puzzle
from tests.classes.helpers import a_class, person
from tests.classes.session_helpers import _fast_passwords, student_url  # noqa: F401
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db


def _start(client: Client, classroom, kind: str = "rules_quiz", band: str = "2"):
    return client.post(reverse("classes:session_start", args=[classroom.pk]), {"kind": kind, "band": band})


def test_it_puts_a_stored_puzzle_of_that_kind_and_band_on_the_board(client) -> None:
    teacher = person("tess", "teacher")
    classroom = a_class(teacher)
    puzzle = PuzzleFactory(kind="rules_quiz", band=3)
    PuzzleFactory(kind="rules_quiz", band=2)
    client.force_login(teacher)
    response = _start(client, classroom, band="3")
    session = ClassSession.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("classes:session_control", args=[classroom.pk, session.pk])
    assert (session.puzzle, session.started_by, session.closed_at) == (puzzle, teacher, None)


def test_it_makes_puzzles_when_none_is_stored(client) -> None:
    teacher = person("tess", "teacher")
    classroom = a_class(teacher)
    client.force_login(teacher)
    _start(client, classroom, kind="distance", band="1")
    session = ClassSession.objects.get()
    assert (session.puzzle.kind, session.puzzle.band) == ("distance", 1)
    assert Puzzle.objects.filter(kind="distance", band=1).count() > 1


def test_it_keeps_one_live_session_per_class(client) -> None:
    teacher = person("tess", "teacher")
    classroom = a_class(teacher)
    PuzzleFactory.create_batch(2, kind="rules_quiz", band=2)
    client.force_login(teacher)
    _start(client, classroom)
    _start(client, classroom)
    first, second = ClassSession.objects.order_by("pk")
    assert first.closed_at is not None and second.closed_at is None
    assert first.puzzle != second.puzzle  # a puzzle the class has not had yet


def test_it_refuses_an_unknown_kind_or_band_with_a_message(client) -> None:
    teacher = person("tess", "teacher")
    classroom = a_class(teacher)
    client.force_login(teacher)
    for kind, band in (("nonsense", "2"), ("rules_quiz", "9"), ("rules_quiz", "x")):
        response = _start(client, classroom, kind=kind, band=band)
        assert response.status_code == 302 and response["Location"] == student_url(classroom)
    page = client.get(student_url(classroom))
    assert b"Choose the kind of puzzle" in page.content and b"Difficulty goes from 1" in page.content
    assert not ClassSession.objects.exists()


def test_it_refuses_an_archived_class(client) -> None:
    teacher = person("tess", "teacher")
    classroom = a_class(teacher)
    services.classroom_archive(classroom=classroom)
    client.force_login(teacher)
    response = _start(client, classroom)
    assert response.status_code == 302 and not ClassSession.objects.exists()
    assert b"This class is archived" in client.get(response["Location"]).content


def test_it_takes_only_a_post_with_the_csrf_token() -> None:
    teacher = person("tess", "teacher")
    classroom = a_class(teacher)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(teacher)
    assert strict.get(reverse("classes:session_start", args=[classroom.pk])).status_code == 405
    assert _start(strict, classroom).status_code == 403
    assert not ClassSession.objects.exists()


def test_it_is_for_the_class_teachers_only(client) -> None:
    teacher, student = person("tess", "teacher"), person("sam")
    classroom = a_class(teacher, student)
    url = reverse("classes:session_start", args=[classroom.pk])
    response = _start(client, classroom)
    assert response.status_code == 302 and response["Location"].startswith(reverse("accounts:login"))
    for outsider in (student, person("lee"), person("other", "teacher")):
        client.force_login(outsider)
        assert client.post(url, {"kind": "rules_quiz", "band": "2"}).status_code == 404
    assert not ClassSession.objects.exists()
