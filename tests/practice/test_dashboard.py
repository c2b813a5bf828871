"""/practice/dashboard/ and /practice/: ratings, accuracy, streak and mistakes."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from cfmj.core.learners import Learner
from cfmj.engine import drills
from practice import services
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db


def test_it_shows_ratings_charts_and_mistakes_after_twenty_answers(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("ivy", password="pw-tiles-123")
    learner = Learner(user, "v")
    for i in range(20):
        puzzle = PuzzleFactory(kind="worth" if i % 2 else "winning_hand")
        answer = wrong_response(puzzle) if i % 5 == 0 else right_response(puzzle)
        services.attempt_record(learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=answer)
    client.force_login(user)
    page = client.get(reverse("practice:dashboard"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Rating over time" in html and "<svg" in html and "Accuracy per skill" in html
    assert "What is it worth?" in html and "Winning hand?" in html
    assert "Mistakes to review" in html and "comes back" in html


def test_it_invites_a_visitor_to_sign_up(client) -> None:
    page = client.get(reverse("practice:dashboard"))
    assert page.status_code == 200 and b"Sign up" in page.content


def test_it_lists_every_drill_with_the_level(client) -> None:
    page = client.get(reverse("practice:home"))
    assert page.status_code == 200
    for kind in drills.KINDS:
        assert reverse("practice:drill", args=[kind]).encode() in page.content
    assert b"Not started" in page.content
