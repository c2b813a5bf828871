"""Answering a puzzle: an htmx POST that swaps in the verdict, recorded once per token. An answer
counts only with the token served with that puzzle to that learner; a blank is no answer."""

from __future__ import annotations

import datetime
import time
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from practice.models import Attempt, Puzzle, ReviewItem, SkillRating
from tests.accounts.factories import UserFactory
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
PLENTY = {"answer": {"ip": 10_000, "user": 10_000, "window": 60}}  # throttling is not what is tested


def _served(client: Client, kind: str = "winning_hand") -> tuple[Puzzle, str]:
    """The puzzle a drill page serves this client, and the token served with it."""
    page = client.get(reverse("practice:drill", args=[kind]))
    assert page.status_code == 200
    return page.context["puzzle"], str(page.context["token"])


def _post(client: Client, puzzle: Puzzle, data: dict[str, str], token: str, **headers: Any) -> Any:
    return client.post(reverse("practice:answer", args=[puzzle.pk]), {"token": token, **data}, **headers)


def _signed_in(client: Client, name: str = "dee") -> Any:
    user = UserFactory(username=name)
    client.force_login(user)
    return user


def test_it_swaps_in_the_verdict_for_htmx(client) -> None:
    puzzle, token = _served(client)
    response = _post(client, puzzle, right_response(puzzle), token, **HTMX)
    assert response.status_code == 200
    assert b'id="verdict"' in response.content and b"<html" not in response.content
    assert b"Right" in response.content
    assert Attempt.objects.get().correct


def test_the_form_says_the_first_answer_counts_and_the_verdict_leads_on_first(client) -> None:
    page = client.get(reverse("practice:drill", args=["winning_hand"]))
    assert b"Your first answer is the one that counts." in page.content
    puzzle, token = page.context["puzzle"], str(page.context["token"])
    verdict = _post(client, puzzle, wrong_response(puzzle), token, **HTMX).content.decode()
    headline_ends = verdict.index("data-marked")
    under = verdict[headline_ends:]
    assert under.index("Next puzzle") < under.index('class="explanation"')  # first under the headline


def test_it_explains_a_wrong_answer_and_names_the_rule(client) -> None:
    puzzle, token = _served(client)
    response = _post(client, puzzle, wrong_response(puzzle), token, **HTMX)
    assert b"The answer:" in response.content and b'class="rules-ref"' in response.content
    assert b"RULES" not in response.content.split(b"<main", 1)[-1]
    assert not Attempt.objects.get().correct


def test_it_works_without_javascript(client) -> None:
    puzzle, token = _served(client)
    response = _post(client, puzzle, right_response(puzzle), token)
    assert response.status_code == 200
    assert b"<html" in response.content and b'id="verdict"' in response.content


def test_it_counts_a_double_submit_once(client) -> None:
    user = _signed_in(client)
    puzzle, token = _served(client)
    _post(client, puzzle, right_response(puzzle), token, **HTMX)
    again = _post(client, puzzle, wrong_response(puzzle), token, **HTMX)
    assert again.status_code == 200 and b"Right" in again.content  # the first answer's verdict
    assert (
        b"You had already answered this puzzle. Your first answer is the one that counts: "
        b"this is how it was marked."
    ) in again.content
    assert Attempt.objects.count() == 1
    assert SkillRating.objects.get(user=user).attempts == 1


def test_it_grades_garbage_as_wrong_never_500(client) -> None:
    for junk in ({"valid": "x" * 5000}, {"valid": "🀄", "reason": "\x00"}, {"valid": "maybe"}):
        puzzle, token = _served(client)
        response = _post(client, puzzle, junk, token, **HTMX)
        assert response.status_code == 200
    assert Attempt.objects.filter(correct=False).count() == 3


def test_it_refuses_get_and_unknown_puzzles(client) -> None:
    puzzle, token = _served(client)
    assert client.get(reverse("practice:answer", args=[puzzle.pk])).status_code == 405
    missing = client.post(reverse("practice:answer", args=[999999]), {"token": token, "valid": "yes"})
    assert missing.status_code == 404
    assert not Attempt.objects.exists()


def test_it_needs_the_csrf_token() -> None:
    strict = Client(enforce_csrf_checks=True)
    puzzle, token = _served(strict)
    assert _post(strict, puzzle, right_response(puzzle), token).status_code == 403


def test_it_uses_few_queries(client, django_assert_max_num_queries) -> None:
    _signed_in(client, "eve")
    PuzzleFactory.create_batch(2)
    first, token = _served(client)
    _post(client, first, right_response(first), token, **HTMX)
    puzzle, token = _served(client)
    # session, user; the user locked, the puzzle locked, answered before?, the skill, the attempt,
    # the puzzle's rating, a review (when missed); the rule links' lessons
    with django_assert_max_num_queries(12):
        assert _post(client, puzzle, right_response(puzzle), token, **HTMX).status_code == 200


def test_it_links_the_explanation_to_the_rules_and_the_lesson(client, course) -> None:
    """A newcomer has not opened the lessons on values: the rule is said in place of a link
    (tests/lessons/test_rule_links.py links it for a learner who has)."""
    PuzzleFactory(kind="worth")
    client.post(reverse("practice:range"), {"everything": "on"})  # worth opens with lesson 9
    puzzle, token = _served(client, "worth")
    response = _post(client, puzzle, {"value": "1", "discarder": "1"}, token, **HTMX)
    assert b'href="/rules/#section-3"' in response.content
    assert b'class="rule-in-place"' in response.content and b"Lesson 12:" in response.content


# An answer counts only for a puzzle served to this learner, with the token served with it.


def test_it_refuses_a_token_it_never_served(client) -> None:
    user = _signed_in(client)
    puzzle = PuzzleFactory()
    response = _post(client, puzzle, right_response(puzzle), str(uuid.uuid4()), **HTMX)
    assert response.status_code == 200 and response["HX-Redirect"] == reverse(
        "practice:drill", args=[puzzle.kind]
    )
    page = client.get(response["HX-Redirect"]).content.decode()
    assert "That answer form could not be read back, so here is a fresh question" in page
    assert not Attempt.objects.exists() and not SkillRating.objects.filter(user=user).exists()


def test_it_refuses_an_answer_to_a_puzzle_it_did_not_serve(client) -> None:
    _signed_in(client)
    served, token = _served(client, "worth")
    other = PuzzleFactory(kind="worth", band=5)
    response = _post(client, other, right_response(other), token, follow=True)
    assert response.status_code == 200
    assert "That answer was for another question" in response.content.decode()
    assert not Attempt.objects.exists()
    other.refresh_from_db()
    assert other.attempts == 0 and other.rating == 1900.0
    assert _post(client, served, right_response(served), token).status_code == 200  # still good for its own
    assert Attempt.objects.get().puzzle == served


def test_it_moves_ratings_only_for_the_first_of_seventy_answers_to_one_puzzle(client, settings) -> None:
    settings.RATE_LIMITS = PLENTY
    user = _signed_in(client)
    hard = PuzzleFactory(kind="worth", band=5)
    served = [_served(client, "worth") for _ in range(70)]  # the same puzzle open in 70 tabs
    assert {puzzle.pk for puzzle, _ in served} == {hard.pk}
    _post(client, hard, right_response(hard), served[0][1], **HTMX)
    after_first = SkillRating.objects.get(user=user).rating
    hard.refresh_from_db()
    puzzle_after_first = hard.rating
    for _, token in served[1:]:
        response = _post(client, hard, right_response(hard), token, **HTMX)
    skill = SkillRating.objects.get(user=user)
    assert (skill.rating, skill.attempts) == (after_first, 1)  # before: 70 answers, about 2,160
    hard.refresh_from_db()
    assert (hard.rating, hard.attempts) == (puzzle_after_first, 1)
    assert b"You have answered this one before, so your rating stays as it was" in response.content
    assert Attempt.objects.filter(user=user).count() == 70  # recorded, not rated
    assert Attempt.objects.filter(user=user, rated=True).count() == 1


def test_it_rates_a_puzzle_again_when_it_comes_back_for_review(client) -> None:
    user = _signed_in(client)
    puzzle, token = _served(client)
    _post(client, puzzle, wrong_response(puzzle), token)
    ReviewItem.objects.filter(user=user, puzzle=puzzle).update(due=timezone.localdate())
    again, token = _served(client)
    assert again == puzzle
    response = _post(client, puzzle, right_response(puzzle), token)
    assert b"answered this one before" not in response.content
    assert SkillRating.objects.get(user=user).attempts == 2
    item = ReviewItem.objects.get(user=user, puzzle=puzzle)
    assert item.successes == 1 and item.due > timezone.localdate()


def test_it_shows_nothing_of_another_users_answer(client) -> None:
    ann, bob = Client(), Client()
    _signed_in(ann, "ann")
    bob_user = _signed_in(bob, "bob")
    puzzle = PuzzleFactory(kind="worth")
    _, token = _served(ann, "worth")
    _post(ann, puzzle, {"value": "4321", "discarder": "8765"}, token)
    response = _post(bob, puzzle, {"value": "1"}, token, follow=True)
    page = response.content.decode()
    assert response.status_code == 200 and "4321" not in page and "8765" not in page
    assert "That question was asked of another account or visit" in page
    assert not Attempt.objects.filter(user=bob_user).exists() and Attempt.objects.count() == 1


def test_it_takes_where_it_was_served_from_the_token_not_the_form(client) -> None:
    _signed_in(client)
    puzzle, token = _served(client)
    today = timezone.localdate().isoformat()
    _post(client, puzzle, {"daily": today, "review": "1", **right_response(puzzle)}, token)
    assert Attempt.objects.get().daily_date is None


def test_it_gives_a_fresh_question_for_a_token_days_old(client, monkeypatch) -> None:
    _signed_in(client)
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() - datetime.timedelta(days=4).total_seconds())
    puzzle, token = _served(client)
    monkeypatch.setattr(time, "time", real)
    response = _post(client, puzzle, right_response(puzzle), token, follow=True)
    assert "That question was asked more than 3 days ago, so here is a fresh question" in (
        response.content.decode()
    )
    assert response.context["puzzle"] is not None and not Attempt.objects.exists()


def test_it_keeps_a_question_served_before_signing_up(client) -> None:
    puzzle, token = _served(client)
    signed_up = client.post(
        reverse("accounts:signup"),
        {
            "username": "newcomer",
            "email": "new@example.com",
            "role": "learner",
            "password1": "quiet-bamboo-garden-17",
            "password2": "quiet-bamboo-garden-17",
        },
    )
    assert signed_up.status_code == 302
    response = _post(client, puzzle, right_response(puzzle), token)
    assert response.status_code == 200 and b"Right" in response.content
    attempt = Attempt.objects.get()
    assert attempt.user is not None and attempt.user.username == "newcomer" and attempt.rated


# A blank is no answer: the same question again, nothing recorded.


@pytest.mark.parametrize("headers", [HTMX, {}])
def test_it_asks_again_for_a_blank_answer(client, headers: dict[str, str]) -> None:
    user = _signed_in(client)
    PuzzleFactory(kind="name_hand")
    puzzle, token = _served(client, "name_hand")
    category = right_response(puzzle)["category"]
    response = _post(client, puzzle, {"category": category, "pattern": " "}, token, **headers)
    page = response.content.decode()
    assert response.status_code == 200 and "Choose an answer first" in page
    assert not Attempt.objects.exists() and not SkillRating.objects.filter(user=user).exists()
    if not headers:  # the same question, with the same token and what was filled in kept
        assert f'value="{token}"' in page and f'<option value="{category}" selected>' in page
    assert _post(client, puzzle, right_response(puzzle), token).status_code == 200
    assert Attempt.objects.get().correct
