"""/practice/<kind>/: the next puzzle, near the learner's level, not one just seen."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cfmj.engine import drills
from practice.models import Attempt, Puzzle
from tests.practice.factories import AttemptFactory, PuzzleFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", drills.KINDS)
def test_it_serves_every_kind_even_from_an_empty_pool(client, kind: str) -> None:
    response = client.get(reverse("practice:drill", args=[kind]))
    assert response.status_code == 200
    assert Puzzle.objects.filter(kind=kind).exists()  # made on demand, no worker needed
    assert b'name="token"' in response.content


def test_it_answers_404_for_an_unknown_kind(client) -> None:
    assert client.get("/practice/poker/").status_code == 404


def test_it_does_not_serve_a_puzzle_just_answered(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("ann", password="pw-tiles-123")
    seen, fresh = PuzzleFactory(), PuzzleFactory()
    AttemptFactory(user=user, puzzle=seen)
    client.force_login(user)
    for _ in range(5):
        page = client.get(reverse("practice:drill", args=["winning_hand"]))
        assert page.context["puzzle"].pk == fresh.pk


def test_it_serves_a_mistake_due_for_review_first(client, django_user_model) -> None:
    from django.utils import timezone

    from practice.models import ReviewItem

    user = django_user_model.objects.create_user("bea", password="pw-tiles-123")
    missed = PuzzleFactory()
    PuzzleFactory.create_batch(3)
    ReviewItem.objects.create(user=user, puzzle=missed, due=timezone.localdate())
    client.force_login(user)
    assert client.get(reverse("practice:drill", args=["winning_hand"])).context["puzzle"].pk == missed.pk


def test_it_uses_few_queries(client, django_user_model, django_assert_max_num_queries) -> None:
    user = django_user_model.objects.create_user("cy", password="pw-tiles-123")
    PuzzleFactory.create_batch(5)
    client.force_login(user)
    client.get(reverse("practice:drill", args=["winning_hand"]))
    with django_assert_max_num_queries(10):
        assert client.get(reverse("practice:drill", args=["winning_hand"])).status_code == 200
    assert Attempt.objects.count() == 0


WRITES = ("INSERT", "UPDATE", "DELETE")


@pytest.mark.parametrize("url", ["/practice/winning_hand/", "/practice/daily/"])
def test_it_serves_a_signed_in_learner_without_writing(client, django_user_model, url: str) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    user = django_user_model.objects.create_user("dot", password="pw-tiles-123")
    PuzzleFactory.create_batch(3)
    client.force_login(user)
    client.get(url)  # the daily set is built on its first visit of the day
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200 and response.context["token"]
    assert not [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]


def test_it_gives_a_visitor_an_id_once_when_serving(client) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from cfmj.accounts.learners import VISITOR_KEY

    PuzzleFactory.create_batch(3)
    client.get(reverse("practice:drill", args=["winning_hand"]))
    visitor = client.session[VISITOR_KEY]
    with CaptureQueriesContext(connection) as queries:
        client.get(reverse("practice:drill", args=["winning_hand"]))
    assert client.session[VISITOR_KEY] == visitor
    assert not [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]
