"""Mistakes to review: each is listed with its question and opens to it, to be
answered again."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.urls import reverse
from django.utils import timezone

from cfmj.accounts.learners import Learner
from practice import services
from practice.models import Attempt, ReviewItem
from tests.accounts.factories import UserFactory
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db


def _missed(user, kind: str) -> ReviewItem:
    puzzle = PuzzleFactory(kind=kind)
    services.attempt_record(
        learner=Learner(user, ""), puzzle_id=puzzle.pk, token=uuid.uuid4(), response=wrong_response(puzzle)
    )
    return ReviewItem.objects.get(user=user, puzzle=puzzle)


def test_every_mistake_is_listed_with_its_question_and_a_link(client) -> None:
    user = UserFactory()
    items = [_missed(user, kind) for kind in ("rules_quiz", "worth", "charleston")]
    client.force_login(user)
    html = client.get(reverse("practice:dashboard")).content.decode()
    for item in items:
        assert reverse("practice:mistake", args=[item.pk]) in html
        assert str(item.puzzle.question["prompt"]).replace("'", "&#x27;") in html
    assert html.count("Try it again") == 3


def test_a_mistake_opens_to_its_question(client) -> None:
    user = UserFactory()
    item = _missed(user, "rules_quiz")
    client.force_login(user)
    page = client.get(reverse("practice:mistake", args=[item.pk]))
    html = page.content.decode()
    assert page.status_code == 200 and page.context["puzzle"] == item.puzzle
    assert "You missed this one before" in html and "comes back for review on" in html
    assert reverse("practice:answer", args=[item.puzzle.pk]) in html


def test_answering_a_mistake_before_it_is_due_is_practice(client) -> None:
    user = UserFactory()
    item = _missed(user, "worth")
    client.force_login(user)
    page = client.get(reverse("practice:mistake", args=[item.pk]))
    client.post(
        reverse("practice:answer", args=[item.puzzle.pk]),
        {"token": page.context["token"], **right_response(item.puzzle)},
    )
    latest = Attempt.objects.filter(user=user).latest("answered_at")
    assert latest.correct and not latest.rated
    assert ReviewItem.objects.get(pk=item.pk).successes == 0


def test_answering_a_due_mistake_counts_as_its_review(client) -> None:
    user = UserFactory()
    item = _missed(user, "worth")
    ReviewItem.objects.filter(pk=item.pk).update(due=timezone.localdate() - datetime.timedelta(days=1))
    client.force_login(user)
    page = client.get(reverse("practice:mistake", args=[item.pk]))
    assert "It is due for review" in page.content.decode()
    client.post(
        reverse("practice:answer", args=[item.puzzle.pk]),
        {"token": page.context["token"], **right_response(item.puzzle)},
    )
    item.refresh_from_db()
    assert item.successes == 1 and item.due > timezone.localdate()


def test_nobody_else_can_open_a_mistake(client) -> None:
    item = _missed(UserFactory(), "worth")
    assert client.get(reverse("practice:mistake", args=[item.pk])).status_code == 404  # a visitor
    client.force_login(UserFactory())
    assert client.get(reverse("practice:mistake", args=[item.pk])).status_code == 404
