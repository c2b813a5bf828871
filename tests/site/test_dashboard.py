"""/practice/dashboard/ and /practice/: ratings, accuracy, streak and mistakes."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from cfmj.accounts.learners import Learner
from cfmj.engine import drills
from practice import services
from practice.models import SkillRating
from practice.selectors import SETTLED, level_name, skill_summaries
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
    assert "Level over time" in html and "<svg" in html and "Accuracy per skill" in html
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


def test_it_shows_levels_in_words_never_a_bare_rating(client, django_user_model) -> None:
    user = django_user_model.objects.create_user("ren", password="pw-tiles-123")
    learner = Learner(user, "v")
    for _ in range(6):
        puzzle = PuzzleFactory(kind="winning_hand")
        services.attempt_record(
            learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=right_response(puzzle)
        )
    rating = SkillRating.objects.get(user=user, kind="winning_hand").rating
    shown = f"{rating:.0f}"
    client.force_login(user)
    for url in (reverse("practice:dashboard"), reverse("practice:home")):
        main = client.get(url).content.decode().split("<main", 1)[-1]
        assert level_name(rating) in main
        assert shown not in main and ">Rating<" not in main, url


def test_it_says_no_level_until_a_few_answers_are_in(client, django_user_model) -> None:
    # Every rating starts at "Steady": after one wrong answer a learner read "Steady" beside 0%.
    user = django_user_model.objects.create_user("ada", password="pw-tiles-123")
    learner = Learner(user, "v")
    for number in range(SETTLED):
        puzzle = PuzzleFactory(kind="worth")
        services.attempt_record(
            learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=wrong_response(puzzle)
        )
        worth = next(s for s in skill_summaries(learner) if s.kind == "worth")
        assert (worth.level == "Too early to say") is (number + 1 < SETTLED), (number, worth.level)
        if number == 1:  # the chart, too, waits rather than draw levels the list does not say
            client.force_login(user)
            page = client.get(reverse("practice:dashboard")).content.decode()
            assert "Too early to say: 3 more answers and your level is drawn here." in page
            assert "polyline" not in page  # no level line drawn
    client.force_login(user)
    assert "Too early to say" not in client.get(reverse("practice:dashboard")).content.decode()
