"""A lesson check (or quiz question) missed joins the spaced review, as a missed drill puzzle does:
an account's at once, a visitor's when they sign up; it comes back in its drill when due, and
never as a new puzzle to anyone else."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.urls import reverse
from django.utils import timezone

from cfmj.accounts.learners import Learner
from cfmj.engine import drills
from lessons.models import CheckAnswer, Lesson, LessonProgress, Step
from lessons.services import quiz_answer, step_check_answer, visitor_lessons_claim
from practice import making, queries
from practice.models import Attempt, Puzzle, ReviewItem
from practice.selectors import puzzle_next, unseen_counts
from practice.tables import LESSON
from tests.accounts.factories import UserFactory
from tests.engine.drills.helpers import right_response, wrong_response
from tests.lessons.helpers import asked, token_of

pytestmark = pytest.mark.django_db


def _made(step: Step, seed: int = 5) -> drills.Puzzle:
    return drills.generate(step.check_kind, seed=seed, band=step.check_band, focus=step.check_focus or None)


def _miss(learner: Learner, step: Step, puzzle: drills.Puzzle) -> CheckAnswer:
    return step_check_answer(
        learner=learner,
        step=step,
        token=uuid.uuid4(),
        response=wrong_response(puzzle),
        correct=False,
        puzzle=puzzle,
    ).kept


def test_a_missed_check_comes_back_for_review_tomorrow(course: list[Lesson]) -> None:
    user = UserFactory()
    step = course[0].steps.get(number=1)
    puzzle = _made(step)
    kept = _miss(Learner(user, ""), step, puzzle)
    review = ReviewItem.objects.get(user=user)
    assert review.due == timezone.localdate() + datetime.timedelta(days=1) and not review.retired
    stored = review.puzzle
    assert (stored.kind, stored.question, stored.answer, stored.table) == (
        puzzle.kind,
        puzzle.question,
        puzzle.answer,
        LESSON,
    )
    assert list(kept.missed.all()) == [stored]
    assert not LessonProgress.objects.filter(step_reached__gt=0).exists()  # a miss moves nobody on


def test_a_question_missed_twice_is_kept_once(course: list[Lesson]) -> None:
    user = UserFactory()
    step = course[0].steps.get(number=1)
    puzzle = _made(step)
    _miss(Learner(user, ""), step, puzzle)
    _miss(Learner(user, ""), step, puzzle)
    assert Puzzle.objects.count() == 1 and ReviewItem.objects.filter(user=user).count() == 1


def test_a_right_check_joins_no_review(course: list[Lesson]) -> None:
    user = UserFactory()
    step = course[0].steps.get(number=1)
    puzzle = _made(step)
    step_check_answer(
        learner=Learner(user, ""),
        step=step,
        token=uuid.uuid4(),
        response=right_response(puzzle),
        correct=True,
        puzzle=puzzle,
    )
    assert not ReviewItem.objects.exists() and not Puzzle.objects.exists()


def test_a_lesson_mistake_is_in_no_pool(course: list[Lesson]) -> None:
    step = course[0].steps.get(number=1)
    _miss(Learner(UserFactory(), ""), step, _made(step))
    assert unseen_counts() == {}
    someone_else = Learner(UserFactory(username="other"), "")
    assert puzzle_next(step.check_kind, someone_else) == (None, False)


def test_it_comes_back_in_its_drill_when_due_and_moves_on_when_solved(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    step = course[0].steps.get(number=1)
    puzzle = _made(step)
    _miss(Learner(user, ""), step, puzzle)
    ReviewItem.objects.update(due=timezone.localdate())  # tomorrow has come
    page = client.get(reverse("practice:drill", args=[step.check_kind]))
    served = page.context["puzzle"]
    assert served.table == LESSON and served.question == puzzle.question and page.context["review"]
    answer = client.post(
        reverse("practice:answer", args=[served.pk]),
        {"token": page.context["token"], **right_response(puzzle)},
    )
    assert answer.status_code == 200 and Attempt.objects.get(user=user).correct
    review = ReviewItem.objects.get(user=user)
    assert review.successes == 1 and review.due > timezone.localdate()  # further apart


def test_the_dashboard_lists_a_missed_check(client, course: list[Lesson]) -> None:
    user = UserFactory()
    client.force_login(user)
    step = course[0].steps.get(number=1)
    _miss(Learner(user, ""), step, _made(step))
    page = client.get(reverse("practice:dashboard"))
    assert list(page.context["mistakes"]) == list(ReviewItem.objects.filter(user=user))
    assert b"No mistakes waiting" not in page.content


def test_a_visitors_missed_check_is_counted_and_comes_back_once_they_sign_up(
    client, course: list[Lesson]
) -> None:
    step = course[0].steps.get(number=1)
    url = reverse("lessons:step", args=[course[0].slug, 1])
    token = token_of(client.get(url).content)
    (puzzle,) = asked(token)
    client.post(url, {"token": token, **wrong_response(puzzle)})
    assert not ReviewItem.objects.exists()  # a visitor has no review yet
    assert client.get(reverse("practice:dashboard")).context["missed"] == 1
    assert CheckAnswer.objects.get().visitor
    client.post(
        reverse("accounts:signup"),
        {
            "username": "june",
            "password1": "a-long-pass-phrase-9",
            "password2": "a-long-pass-phrase-9",
            "role": "learner",
        },
    )
    review = ReviewItem.objects.get(user__username="june")
    assert review.puzzle.question == puzzle.question and review.puzzle.kind == step.check_kind
    assert review.due == timezone.localdate() + datetime.timedelta(days=1)
    assert not CheckAnswer.objects.filter(user__isnull=True).exists()


def test_a_visitors_claimed_mistake_keeps_an_accounts_own_review_of_it(course: list[Lesson]) -> None:
    user = UserFactory()
    step = course[0].steps.get(number=1)
    puzzle = _made(step)
    _miss(Learner(user, ""), step, puzzle)
    ReviewItem.objects.update(due=timezone.localdate() + datetime.timedelta(days=9), successes=2)
    _miss(Learner(None, "v-1"), step, puzzle)
    visitor_lessons_claim(user=user, visitor="v-1")
    review = ReviewItem.objects.get(user=user)
    assert review.successes == 2  # its place in the account's review is kept


def test_missed_quiz_questions_join_the_review(course: list[Lesson]) -> None:
    user = UserFactory()
    step = course[0].steps.get(number=1)
    right, wrong = _made(step, 1), _made(step, 2)
    quiz_answer(
        learner=Learner(user, ""),
        lesson=course[0],
        token=uuid.uuid4(),
        responses=[right_response(right), wrong_response(wrong)],
        score=1,
        size=2,
        missed=[wrong],
    )
    assert [item.puzzle.question for item in ReviewItem.objects.filter(user=user)] == [wrong.question]


def test_a_lesson_mistake_answered_before_it_is_due_moves_no_rating(client, course: list[Lesson]) -> None:
    # It was answered in the lesson already: opened from the mistakes page the next minute, its
    # first drill answer is practice, not a first try (which would be rated).
    user = UserFactory()
    client.force_login(user)
    step = course[0].steps.get(number=1)
    puzzle = _made(step)
    _miss(Learner(user, ""), step, puzzle)
    item = ReviewItem.objects.get(user=user)
    page = client.get(reverse("practice:mistake", args=[item.pk]))
    client.post(
        reverse("practice:answer", args=[item.puzzle_id]),
        {"token": page.context["token"], **right_response(puzzle)},
    )
    attempt = Attempt.objects.get(user=user)
    assert attempt.correct and not attempt.rated
    assert ReviewItem.objects.get(pk=item.pk).successes == 0


def test_it_keeps_the_question_another_request_stored_since_it_looked(
    course: list[Lesson], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two misses of one question at once: the second one's look-up found nothing, then its insert
    met the first one's row (the unique content hash). It links that row, and keeps no other."""
    user = UserFactory()
    step = course[0].steps.get(number=1)
    puzzle = _made(step)
    stored = making.puzzle_keep(puzzle=puzzle, table=LESSON)
    looked_up = queries.PUZZLE_BY_HASH.instances
    calls: list[str] = []

    def stale_first(digest: str) -> list[Puzzle]:
        calls.append(digest)
        return [] if len(calls) == 1 else looked_up(digest)

    monkeypatch.setattr(queries.PUZZLE_BY_HASH, "instances", stale_first)
    kept = _miss(Learner(user, ""), step, puzzle)
    assert len(calls) == 2  # the look-up, then again after the insert was refused
    assert list(kept.missed.all()) == [stored] and Puzzle.objects.count() == 1
    assert ReviewItem.objects.get(user=user).puzzle == stored
