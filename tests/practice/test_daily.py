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


def _answer_today(client, answer) -> None:
    """Answer the daily page's puzzle with `answer(puzzle)`, through the form it serves."""
    page = client.get(reverse("practice:daily"))
    puzzle = page.context["puzzle"]
    client.post(
        reverse("practice:answer", args=[puzzle.pk]),
        {"token": str(page.context["token"]), "daily": timezone.localdate().isoformat(), **answer(puzzle)},
    )


def test_it_walks_through_the_five_and_starts_a_streak(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("gil", password="pw-tiles-123")
    client.force_login(user)
    for _ in range(5):
        _answer_today(client, right_response)
    page = client.get(reverse("practice:daily"))
    assert page.context["finished"] is True
    assert b"All five done" in page.content
    assert Streak.objects.get(user=user).current == 1
    assert Attempt.objects.filter(user=user, daily_date=timezone.localdate()).count() == 5


def test_it_asks_the_puzzle_first_and_says_which_of_the_five_it_is(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("hal", password="pw-tiles-123")
    client.force_login(user)
    _answer_today(client, right_response)
    page = client.get(reverse("practice:daily"))
    text = page.content.decode()
    assert f"Puzzle 2 of 5: {page.context['kind_title']}" in text
    # The question and its Answer button before what the five are and when they change.
    assert text.index('class="answer-form"') < text.index("About today's five") < text.index("day-turns")


def test_it_counts_a_puzzle_as_todays_only_when_served_as_todays(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("hal", password="pw-tiles-123")
    client.force_login(user)
    daily = client.get(reverse("practice:daily")).context["puzzle"]
    drill = client.get(reverse("practice:drill", args=[daily.kind]))
    puzzle = drill.context["puzzle"]
    client.post(
        reverse("practice:answer", args=[puzzle.pk]),
        {
            "token": str(drill.context["token"]),
            "daily": timezone.localdate().isoformat(),
            **right_response(puzzle),
        },
    )
    assert Attempt.objects.get().daily_date is None


def test_it_extends_no_streak_for_blank_answers(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("ida", password="pw-tiles-123")
    client.force_login(user)
    first = client.get(reverse("practice:daily")).context["puzzle"]
    for _ in range(5):
        _answer_today(client, lambda puzzle: {})
    assert not Attempt.objects.exists() and not Streak.objects.filter(user=user, current__gt=0).exists()
    page = client.get(reverse("practice:daily"))
    assert page.context["puzzle"] == first and not page.context["finished"]
