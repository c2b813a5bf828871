"""Practice services: batches, the daily set, attempts, ratings, reviews, streaks, claiming."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.utils import timezone

from cfmj.accounts.learners import Learner
from practice import answering, making, services
from practice.models import Attempt, DailySet, Puzzle, PuzzleBatch, ReviewItem, SkillRating, Streak
from tests.accounts.factories import UserFactory
from tests.engine.drills.helpers import right_response, wrong_response
from tests.practice.factories import PuzzleFactory

pytestmark = pytest.mark.django_db


def test_it_makes_a_batch_once_however_often_it_runs() -> None:
    first = making.puzzle_batch_generate(kind="worth", band=1, count=6, seed=42)
    again = making.puzzle_batch_generate(kind="worth", band=1, count=6, seed=42)
    assert first.pk == again.pk and first.status == PuzzleBatch.Status.DONE
    assert Puzzle.objects.filter(kind="worth").count() == first.created == 6


def test_it_never_stores_the_same_puzzle_twice() -> None:
    making.puzzle_batch_generate(kind="worth", band=1, count=6, seed=42)
    other = making.puzzle_batch_generate(kind="worth", band=1, count=6, seed=42 + 10**9)
    hashes = list(Puzzle.objects.values_list("content_hash", flat=True))
    assert len(hashes) == len(set(hashes)) == 6 + other.created


def test_it_builds_the_same_daily_set_once() -> None:
    day = datetime.date(2026, 11, 22)
    first = making.daily_set_build(day=day)
    assert making.daily_set_build(day=day).pk == first.pk
    assert DailySet.objects.count() == 1 and first.entries.count() == making.DAILY_SIZE
    kinds = [e.puzzle.kind for e in first.entries.all()]
    assert len(set(kinds)) == making.DAILY_SIZE


def test_it_counts_a_double_submit_once() -> None:
    user = UserFactory()
    puzzle = PuzzleFactory()
    token = uuid.uuid4()
    learner = Learner(user, "v")
    first, graded = services.attempt_record(
        learner=learner, puzzle_id=puzzle.pk, token=token, response=right_response(puzzle)
    )
    second, again = services.attempt_record(
        learner=learner, puzzle_id=puzzle.pk, token=token, response=wrong_response(puzzle)
    )
    assert first.pk == second.pk and graded.correct and again.correct
    assert Attempt.objects.count() == 1
    skill = SkillRating.objects.get(user=user, kind=puzzle.kind)
    assert skill.attempts == 1 and skill.correct == 1
    puzzle.refresh_from_db()
    assert puzzle.attempts == 1 and puzzle.solved == 1


def test_it_rates_the_learner_and_the_puzzle() -> None:
    user = UserFactory()
    right, wrong = PuzzleFactory(), PuzzleFactory()
    learner = Learner(user, "v")
    services.attempt_record(
        learner=learner, puzzle_id=right.pk, token=uuid.uuid4(), response=right_response(right)
    )
    after_win = SkillRating.objects.get(user=user).rating
    assert after_win > 1500
    services.attempt_record(
        learner=learner, puzzle_id=wrong.pk, token=uuid.uuid4(), response=wrong_response(wrong)
    )
    assert SkillRating.objects.get(user=user).rating < after_win
    wrong.refresh_from_db()
    right.refresh_from_db()
    assert wrong.rating > right.rating  # the missed puzzle looks harder now


def test_it_brings_mistakes_back_further_apart() -> None:
    user = UserFactory()
    puzzle = PuzzleFactory()
    learner = Learner(user, "v")
    services.attempt_record(
        learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=wrong_response(puzzle)
    )
    item = ReviewItem.objects.get(user=user, puzzle=puzzle)
    assert item.due == timezone.localdate() + datetime.timedelta(days=1)
    ReviewItem.objects.filter(pk=item.pk).update(due=timezone.localdate())
    services.attempt_record(
        learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=right_response(puzzle)
    )
    item.refresh_from_db()
    assert item.successes == 1 and item.interval_days >= 2 and item.due > timezone.localdate()


def test_it_extends_the_streak_when_the_daily_set_is_done() -> None:
    user = UserFactory()
    learner = Learner(user, "v")
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    Streak.objects.create(user=user, current=3, best=3, last_day=yesterday)
    today = timezone.localdate()
    daily = making.daily_set_build(day=today)
    entries = list(daily.entries.select_related("puzzle"))
    for entry in entries[:-1]:
        services.attempt_record(
            learner=learner,
            puzzle_id=entry.puzzle_id,
            token=uuid.uuid4(),
            response=wrong_response(entry.puzzle),
            daily_date=today,
        )
    assert Streak.objects.get(user=user).current == 3  # not done yet
    services.attempt_record(
        learner=learner,
        puzzle_id=entries[-1].puzzle_id,
        token=uuid.uuid4(),
        response=right_response(entries[-1].puzzle),
        daily_date=today,
    )
    streak = Streak.objects.get(user=user)
    assert (streak.current, streak.best, streak.last_day) == (4, 4, today)


def test_finishing_an_older_days_set_late_leaves_the_streak_alone() -> None:
    # Yesterday's set finished after today's was counted (a daily set answered late, or a change
    # of time zone that moves the day back) must not reset today's streak to 1.
    user = UserFactory()
    learner = Learner(user, "v")
    today = timezone.localdate()
    yesterday = today - datetime.timedelta(days=1)
    Streak.objects.create(user=user, current=5, best=7, last_day=today)
    daily = making.daily_set_build(day=yesterday)
    for entry in daily.entries.select_related("puzzle"):
        services.attempt_record(
            learner=learner,
            puzzle_id=entry.puzzle_id,
            token=uuid.uuid4(),
            response=right_response(entry.puzzle),
            daily_date=yesterday,
        )
    streak = Streak.objects.get(user=user)
    assert (streak.current, streak.best, streak.last_day) == (5, 7, today)


def test_it_moves_a_visitors_practice_to_their_account() -> None:
    puzzle = PuzzleFactory()
    visitor = Learner(None, "visitor-1")
    services.attempt_record(
        learner=visitor, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=right_response(puzzle)
    )
    user = UserFactory()
    assert services.visitor_practice_claim(user=user, visitor="visitor-1") == 1
    attempt = Attempt.objects.get()
    assert attempt.user == user and attempt.visitor == "" and attempt.rating_after
    assert SkillRating.objects.get(user=user).attempts == 1
    assert services.visitor_practice_claim(user=user, visitor="visitor-1") == 0


def test_it_records_an_answer_to_a_puzzle_answered_before_but_rates_it_once() -> None:
    user = UserFactory()
    puzzle = PuzzleFactory(kind="worth", band=5)
    learner = Learner(user, "")
    first, _ = services.attempt_record(
        learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=right_response(puzzle)
    )
    skill = SkillRating.objects.get(user=user)
    puzzle.refresh_from_db()
    rating, puzzle_rating = skill.rating, puzzle.rating
    for _ in range(5):
        again, graded = services.attempt_record(
            learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=right_response(puzzle)
        )
        assert graded.correct and not again.rated and again.rating_after is None
    assert first.rated and first.rating_after == rating
    skill.refresh_from_db()
    puzzle.refresh_from_db()
    assert (skill.rating, skill.attempts, puzzle.rating, puzzle.attempts) == (rating, 1, puzzle_rating, 1)
    assert Attempt.objects.count() == 6


def test_it_rates_a_visitors_first_answer_only_too() -> None:
    puzzle = PuzzleFactory()
    visitor = Learner(None, "visitor-2")
    for _ in range(3):
        services.attempt_record(
            learner=visitor, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=right_response(puzzle)
        )
    puzzle.refresh_from_db()
    assert puzzle.attempts == 1
    assert list(Attempt.objects.order_by("pk").values_list("rated", flat=True)) == [True, False, False]


def test_it_keeps_the_review_of_a_puzzle_missed_again_on_purpose() -> None:
    """Missing a puzzle again, unrated, must not make it due again tomorrow (a rated answer then)."""
    user = UserFactory()
    puzzle = PuzzleFactory()
    learner = Learner(user, "")
    services.attempt_record(
        learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=wrong_response(puzzle)
    )
    later = timezone.localdate() + datetime.timedelta(days=5)
    ReviewItem.objects.filter(user=user, puzzle=puzzle).update(due=later, interval_days=5, successes=2)
    services.attempt_record(
        learner=learner, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=wrong_response(puzzle)
    )
    item = ReviewItem.objects.get(user=user, puzzle=puzzle)
    assert (item.due, item.interval_days, item.successes) == (later, 5, 2)


def test_it_records_nothing_for_a_blank_answer() -> None:
    user = UserFactory()
    puzzle = PuzzleFactory(kind="name_hand")
    for blank in ({}, {"category": " ", "pattern": ""}, {"category": right_response(puzzle)["category"]}):
        with pytest.raises(answering.BlankAnswerError):
            services.attempt_record(
                learner=Learner(user, ""), puzzle_id=puzzle.pk, token=uuid.uuid4(), response=blank
            )
    assert not Attempt.objects.exists() and not SkillRating.objects.exists()
    assert not ReviewItem.objects.exists()


def test_it_rates_a_claimed_answer_only_if_the_account_had_not_answered_that_puzzle() -> None:
    user = UserFactory()
    seen, fresh = PuzzleFactory(), PuzzleFactory()
    services.attempt_record(
        learner=Learner(user, ""), puzzle_id=seen.pk, token=uuid.uuid4(), response=right_response(seen)
    )
    visitor = Learner(None, "visitor-3")
    for puzzle in (seen, fresh, fresh):
        services.attempt_record(
            learner=visitor, puzzle_id=puzzle.pk, token=uuid.uuid4(), response=right_response(puzzle)
        )
    assert services.visitor_practice_claim(user=user, visitor="visitor-3") == 3
    assert SkillRating.objects.get(user=user).attempts == 2  # the account's own, and the first of `fresh`
    assert Attempt.objects.filter(user=user, rated=True).count() == 2
