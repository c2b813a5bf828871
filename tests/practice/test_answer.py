"""Answering a puzzle: an htmx POST that swaps in the verdict, recorded once per token."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from practice.models import Attempt, SkillRating
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def _post(client: Client, puzzle, data: dict[str, str], token: str | None = None, **headers: str):
    payload = {"token": token or str(uuid.uuid4()), **data}
    return client.post(reverse("practice:answer", args=[puzzle.pk]), payload, **headers)


def test_it_swaps_in_the_verdict_for_htmx(client) -> None:
    puzzle = PuzzleFactory()
    response = _post(client, puzzle, right_response(puzzle), **HTMX)
    assert response.status_code == 200
    assert b'id="verdict"' in response.content and b"<html" not in response.content
    assert b"Right" in response.content
    assert Attempt.objects.get().correct


def test_it_explains_a_wrong_answer_and_names_the_rule(client) -> None:
    puzzle = PuzzleFactory()
    response = _post(client, puzzle, wrong_response(puzzle), **HTMX)
    assert b"The answer:" in response.content and b"RULES" in response.content
    assert not Attempt.objects.get().correct


def test_it_works_without_javascript(client) -> None:
    puzzle = PuzzleFactory()
    response = _post(client, puzzle, right_response(puzzle))
    assert response.status_code == 200
    assert b"<html" in response.content and b'id="verdict"' in response.content


def test_it_counts_a_double_submit_once(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("dee", password="pw-tiles-123")
    client.force_login(user)
    puzzle = PuzzleFactory()
    token = str(uuid.uuid4())
    _post(client, puzzle, right_response(puzzle), token=token, **HTMX)
    _post(client, puzzle, right_response(puzzle), token=token, **HTMX)
    assert Attempt.objects.count() == 1
    assert SkillRating.objects.get(user=user).attempts == 1


def test_it_grades_garbage_as_wrong_never_500(client) -> None:
    puzzle = PuzzleFactory()
    for junk in ({}, {"valid": "x" * 5000}, {"valid": "🀄", "reason": "\x00"}):
        response = _post(client, puzzle, junk, **HTMX)
        assert response.status_code == 200
    assert Attempt.objects.filter(correct=False).count() == 3


def test_it_refuses_get_and_unknown_puzzles(client) -> None:
    puzzle = PuzzleFactory()
    assert client.get(reverse("practice:answer", args=[puzzle.pk])).status_code == 405
    missing = client.post(reverse("practice:answer", args=[999999]), {"token": str(uuid.uuid4())})
    assert missing.status_code == 404


def test_it_needs_the_csrf_token() -> None:
    puzzle = PuzzleFactory()
    strict = Client(enforce_csrf_checks=True)
    assert _post(strict, puzzle, right_response(puzzle)).status_code == 403


def test_it_uses_few_queries(client, django_user_model, django_assert_max_num_queries) -> None:
    user = django_user_model.objects.create_user("eve", password="pw-tiles-123")
    client.force_login(user)
    puzzle = PuzzleFactory()
    _post(client, PuzzleFactory(), right_response(puzzle), **HTMX)
    with django_assert_max_num_queries(10):
        assert _post(client, puzzle, right_response(puzzle), **HTMX).status_code == 200


def test_it_links_the_explanation_to_the_rules_and_the_lesson(client, course) -> None:
    puzzle = PuzzleFactory(kind="worth")
    page = client.get(reverse("practice:drill", args=["worth"]))
    token = page.context["token"]
    response = client.post(reverse("practice:answer", args=[puzzle.pk]),
                           {"token": str(token), "value": "1"}, HTTP_HX_REQUEST="true")
    assert b'href="/rules/#section-3"' in response.content
    assert b"taught in <a href=\"/lessons/" in response.content
