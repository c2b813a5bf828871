"""The "What is West collecting?" drill on the site: served from an empty pool without making
more than one slow puzzle while the learner waits, the table drawn as tiles with text
alternatives, the ticked hands graded and recorded, and a homework it cannot fill refused in words."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cfmj.classes.models import Assignment
from cfmj.classes.services import ClassError, assignment_create
from cfmj.engine import drills
from practice import making
from practice.models import Attempt, Puzzle
from tests.accounts.factories import UserFactory
from tests.classes.helpers import a_class, in_days

pytestmark = pytest.mark.django_db
KIND = "collecting"
HTMX = {"HTTP_HX_REQUEST": "true"}


def _page(client: Client) -> Any:
    page = client.get(reverse("practice:drill", args=[KIND]))
    assert page.status_code == 200
    return page


def test_it_makes_one_puzzle_while_the_learner_waits_and_draws_the_table(client) -> None:
    page = _page(client)
    assert Puzzle.objects.filter(kind=KIND).count() == 1  # not a batch of ten: seconds each
    question = page.context["puzzle"].question
    html = page.content.decode()
    assert question["prompt"] in html.replace("&#x27;", "'")
    assert f"{question['opponent']}'s exposures" in html  # the group named for a screen reader
    assert 'alt="' in html and "Tiles left in the wall" in html
    for choice in question["choices"]:
        assert f'name="making" value="{choice["value"]}"' in html and choice["label"] in html.replace(
            "&#x27;", "'"
        )


def test_it_grades_the_ticked_hands_and_records_the_answer(client) -> None:
    user = UserFactory(username="wes")
    client.force_login(user)
    page = _page(client)
    puzzle, token = page.context["puzzle"], str(page.context["token"])
    url = reverse("practice:answer", args=[puzzle.pk])
    right = client.post(url, {"token": token, "making": puzzle.answer["open"]}, **HTMX)
    assert right.status_code == 200 and "Right!" in right.content.decode()
    attempt = Attempt.objects.get(user=user, puzzle=puzzle)
    assert attempt.correct and set(attempt.response["making"].split(",")) == set(puzzle.answer["open"])


def test_it_asks_again_when_nothing_is_ticked(client) -> None:
    page = _page(client)
    puzzle, token = page.context["puzzle"], str(page.context["token"])
    response = client.post(reverse("practice:answer", args=[puzzle.pk]), {"token": token}, **HTMX)
    assert response.status_code == 200 and "Choose an answer first" in response.content.decode()
    assert not Attempt.objects.exists()


def test_a_slow_kind_is_made_one_at_a_time_in_a_request() -> None:
    assert drills.definition(KIND).slow
    assert making.made_in_a_request(KIND, 10) == 1
    assert making.made_in_a_request("winning_hand", 10) == 10


def test_a_fixed_homework_it_cannot_fill_is_refused_in_words() -> None:
    classroom = a_class()
    teacher = classroom.owner
    assert teacher is not None
    with pytest.raises(ClassError, match="puzzles of this difficulty are ready"):
        assignment_create(
            classroom=classroom,
            teacher=teacher,
            kind=Assignment.Kind.FIXED,
            drill_kind=KIND,
            count=3,
            band=2,
            due=in_days(3),
        )
    assert not Assignment.objects.exists()
    assert Puzzle.objects.filter(kind=KIND).count() == 1
