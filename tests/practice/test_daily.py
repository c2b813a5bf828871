"""/practice/daily/: the same five puzzles for everyone today, and the streak."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from practice.models import Attempt, DailySet, Streak
from tests.engine.drills.helpers import right_response

pytestmark = pytest.mark.django_db


def test_it_builds_todays_set_on_first_visit(client) -> None:
    response = client.get(reverse("practice:daily"))
    assert response.status_code == 200
    assert DailySet.objects.get().day == timezone.localdate()
    assert response.context["puzzle"] is not None


def test_it_serves_the_same_set_to_everyone(client, django_user_model) -> None:
    first = client.get(reverse("practice:daily")).context["puzzle"]
    user = django_user_model.objects.create_user("fay", password="pw-tiles-123")
    client.force_login(user)
    assert client.get(reverse("practice:daily")).context["puzzle"] == first
    assert DailySet.objects.count() == 1


def test_it_walks_through_the_five_and_starts_a_streak(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("gil", password="pw-tiles-123")
    client.force_login(user)
    today = timezone.localdate().isoformat()
    for _ in range(5):
        page = client.get(reverse("practice:daily"))
        puzzle = page.context["puzzle"]
        client.post(reverse("practice:answer", args=[puzzle.pk]),
                    {"token": str(page.context["token"]), "daily": today, **right_response(puzzle)})
    page = client.get(reverse("practice:daily"))
    assert page.context["finished"] is True
    assert b"All five done" in page.content
    assert Streak.objects.get(user=user).current == 1
    assert Attempt.objects.filter(user=user, daily_date=timezone.localdate()).count() == 5


def test_it_ignores_a_daily_date_that_is_not_today(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("hal", password="pw-tiles-123")
    client.force_login(user)
    puzzle = client.get(reverse("practice:daily")).context["puzzle"]
    client.post(reverse("practice:answer", args=[puzzle.pk]),
                {"token": "x", "daily": "1999-01-01", **right_response(puzzle)})
    assert Attempt.objects.get().daily_date is None
