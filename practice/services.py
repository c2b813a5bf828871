"""Practice services: making puzzles, recording attempts, and keeping progress."""

from __future__ import annotations

import datetime
import logging
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.db.models import F

from cfmj.accounts.learners import Learner
from cfmj.accounts.models import User
from cfmj.core.days import today_in
from cfmj.engine import drills
from practice import queries, serving
from practice.answering import Marked, answer_mark
from practice.making import puzzle_keep
from practice.models import (
    Attempt,
    PracticeRange,
    Puzzle,
    ReviewItem,
    SkillRating,
    Streak,
)
from practice.rating import Rating, update
from practice.reach import EVERYTHING_KEY
from practice.selectors import daily_days_finished, daily_sets_finished, streak_count
from practice.tables import LESSON

REVIEW_STEPS = 4  # solved this many times in review, a mistake is retired
REVIEW_GROWTH = 2.5

logger = logging.getLogger(__name__)


def attempt_record(
    *,
    learner: Learner,
    puzzle_id: int,
    token: uuid.UUID,
    response: Mapping[str, Any],
    daily_date: datetime.date | None = None,
    marked: Marked | None = None,
) -> tuple[Attempt, drills.Graded]:
    """attempt_keep's attempt and its verdict."""
    kept = attempt_keep(
        learner=learner,
        puzzle_id=puzzle_id,
        token=token,
        response=response,
        daily_date=daily_date,
        marked=marked,
    )
    return kept.attempt, kept.graded


@dataclass(frozen=True)
class Kept:
    """An attempt kept, its verdict, and whether this was the first time its token was answered
    (else it is the attempt sent first, and nothing moved)."""

    attempt: Attempt
    graded: drills.Graded
    first: bool


def attempt_keep(
    *,
    learner: Learner,
    puzzle_id: int,
    token: uuid.UUID,
    response: Mapping[str, Any],
    daily_date: datetime.date | None = None,
    marked: Marked | None = None,
) -> Kept:
    """Grade an answer (the fields its kind expects, taken from `response`; or as `marked` already
    by practice.answering) and record it once: the same token again (a double submit, a retry)
    returns the first attempt and changes nothing. An answer to a puzzle the learner has answered
    before is recorded but moves no rating (theirs or the puzzle's) unless the puzzle has come
    back for review (Attempt.rated). Raises BlankAnswerError for a blank response (nothing
    recorded) and Puzzle.DoesNotExist."""

    def keep() -> tuple[Attempt, drills.Graded]:
        if learner.user is not None:
            # One learner's answers are recorded one at a time (found by
            # tests/core/test_fault_parallel.py): two first answers in a skill at once both
            # created its SkillRating, and the loser's IntegrityError was taken for a repeated
            # token (Attempt.DoesNotExist, the answer lost). It also keeps two last daily
            # answers at once from each missing the other's (a streak never extended), and
            # two answers to one puzzle at once from both counting as the first.
            queries.USER_LOCK.rows(learner.user.pk)
        locked = queries.PUZZLE_LOCK.instances(puzzle_id)
        if not locked:
            raise Puzzle.DoesNotExist(f"No puzzle {puzzle_id}")
        puzzle = locked[0]
        mark = marked or answer_mark(
            kind=puzzle.kind, question=puzzle.question, answer=puzzle.answer, response=response
        )
        rated, due = _standing(learner, puzzle)
        attempt = _record(learner, puzzle, token, mark.response, mark.graded, daily_date, rated=rated)
        if learner.user is not None:
            _schedule_review(learner.user, puzzle, correct=mark.graded.correct, rated=rated, due=due)
            if daily_date is not None:
                _extend_streak(learner.user, daily_date, zone=learner.zone)
        return attempt, mark.graded

    def kept() -> tuple[Attempt, drills.Graded] | None:
        first = Attempt.objects.select_related("puzzle").filter(token=token).first()
        if first is None:
            return None
        puzzle = first.puzzle
        return first, drills.grade(puzzle.kind, puzzle.question, puzzle.answer, first.response)

    (attempt, graded), first = serving.once(keep, kept)
    return Kept(attempt, graded, first)


def _standing(learner: Learner, puzzle: Puzzle) -> tuple[bool, ReviewItem | None]:
    """Whether this answer moves the ratings (the learner's first answer to the puzzle, or one to
    a puzzle that has come back for review), and that review when it is due. A first answer may
    have one too: a puzzle missed in a lesson (lesson_mistake_keep) comes back before it was ever
    answered in a drill. One query, and one more only when a review is due."""
    if learner.user is None:
        first = not queries.ANSWERED_BY_VISITOR.rows(learner.visitor, puzzle.pk)
        return first and puzzle.table != LESSON, None
    ((first, due_id),) = queries.STANDING.rows(learner.user.pk, puzzle.pk, learner.today())
    review = ReviewItem.objects.get(pk=due_id) if due_id is not None else None
    if puzzle.table == LESSON:
        # A question missed in a lesson was answered there already: it moves the ratings only
        # when it comes back due, like any review.
        return review is not None, review
    return first or review is not None, review


def _record(
    learner: Learner,
    puzzle: Puzzle,
    token: uuid.UUID,
    response: dict[str, str],
    graded: drills.Graded,
    daily_date: datetime.date | None,
    *,
    rated: bool,
) -> Attempt:
    """Store the attempt and, when it is `rated`, move both ratings: the learner's in this skill
    and the puzzle's (it 'wins' when it is missed)."""
    puzzle_rating = Rating(puzzle.rating, puzzle.deviation, puzzle.volatility)
    before = after = None
    learner_rating = Rating()
    if learner.user is not None and rated:
        learner_rating, after = _rate_learner(
            learner.user, puzzle.kind, puzzle_rating, score=graded.score, correct=graded.correct
        )
        before = learner_rating.rating
    attempt = Attempt.objects.create(
        token=token,
        user=learner.user,
        visitor="" if learner.user else learner.visitor,
        puzzle=puzzle,
        response=response,
        correct=graded.correct,
        score=graded.score,
        daily_date=daily_date,
        rating_before=before,
        rating_after=after,
        rated=rated,
    )
    if rated:
        puzzle_after = update(puzzle_rating, [(learner_rating, 1.0 - graded.score)])
        Puzzle.objects.filter(pk=puzzle.pk).update(
            rating=puzzle_after.rating,
            deviation=puzzle_after.deviation,
            volatility=puzzle_after.volatility,
            attempts=F("attempts") + 1,
            solved=F("solved") + (1 if graded.correct else 0),
        )
    return attempt


def _rate_learner(
    user: User, kind: str, opponent: Rating, *, score: float, correct: bool
) -> tuple[Rating, float]:
    """Move the user's rating in one skill after one attempt (the row locked while it moves).
    Returns the rating before and the new rating value."""
    found = queries.SKILL_LOCK.instances(user.pk, kind)
    skill = found[0] if found else None
    before = Rating(skill.rating, skill.deviation, skill.volatility) if skill else Rating()
    new = update(before, [(opponent, score)])
    right = 1 if correct else 0
    if skill is None:
        SkillRating.objects.create(
            user=user,
            kind=kind,
            rating=new.rating,
            deviation=new.deviation,
            volatility=new.volatility,
            attempts=1,
            correct=right,
        )
    else:
        SkillRating.objects.filter(pk=skill.pk).update(
            rating=new.rating,
            deviation=new.deviation,
            volatility=new.volatility,
            attempts=F("attempts") + 1,
            correct=F("correct") + right,
        )
    return before, new.rating


def _schedule_review(
    user: User, puzzle: Puzzle, *, correct: bool, rated: bool, due: ReviewItem | None
) -> None:
    """A miss brings the puzzle back tomorrow, from the start; a right answer to a puzzle whose
    review is `due` brings it back further apart (and retires it after REVIEW_STEPS). A miss that
    was not rated (a puzzle answered before, not due) only schedules a review the puzzle does not
    have yet: missing it again on purpose must not make it due again (a rated answer tomorrow).
    Days are the user's own (their time zone)."""
    today = Learner(user, "").today()
    if not correct:
        fresh = ReviewItem(
            user=user,
            puzzle=puzzle,
            due=today + datetime.timedelta(days=1),
            interval_days=1,
            successes=0,
            retired=False,
        )
        if rated:  # one upsert
            ReviewItem.objects.bulk_create(
                [fresh],
                update_conflicts=True,
                unique_fields=["user", "puzzle"],
                update_fields=["due", "interval_days", "successes", "retired"],
            )
        else:
            ReviewItem.objects.bulk_create([fresh], ignore_conflicts=True)
        return
    if due is not None:
        interval = max(1, round(due.interval_days * REVIEW_GROWTH))
        successes = due.successes + 1
        ReviewItem.objects.filter(pk=due.pk).update(
            successes=successes,
            interval_days=interval,
            due=today + datetime.timedelta(days=interval),
            retired=successes >= REVIEW_STEPS,
        )


def lesson_mistake_keep(*, puzzle: drills.Puzzle, user: User | None) -> Puzzle:
    """A lesson check (or quiz question) a learner missed, kept as a puzzle (under LESSON: in no
    drill's pool) so that it comes back for review: for an account at once, as a missed drill
    puzzle does (tomorrow, then further apart each time it is solved); a visitor's when they sign
    up (lesson_mistakes_claim). The same question missed again is kept once."""
    stored = puzzle_keep(puzzle=puzzle, table=LESSON)
    if user is not None:
        _schedule_review(user, stored, correct=False, rated=True, due=None)
    return stored


def lesson_mistakes_claim(*, user: User, puzzle_ids: list[int]) -> None:
    """A visitor's lesson mistakes, now an account's: each comes back for review (one already
    coming back keeps its place)."""
    for puzzle in Puzzle.objects.filter(pk__in=puzzle_ids):
        _schedule_review(user, puzzle, correct=False, rated=False, due=None)


def _extend_streak(user: User, day: datetime.date, *, zone: str) -> None:
    """Count `day` (a date in `zone`, the learner's now) in the streak once its whole set is done.

    The streak follows real time, not the learner's choice of zone: a day counts only once the
    day last counted has ended in the zone it was counted in. Without that, moving across the
    date line after today's set (Samoa to the Line Islands) made tomorrow's set count at once.
    A later date reached before then (a flight east, landing before midnight at home) takes the
    last day's place, adding nothing and losing nothing. The next day follows on when it is the
    day after in either zone: the learner's own (a flight west) or the one last counted in (a
    flight east, where a date is skipped)."""
    done = {puzzle_id for puzzle_id, _ in queries.DAILY_ANSWERS_OF_USER.rows(user.pk, day)}
    if day not in daily_sets_finished({day: done}):  # the day's set, of the learner's place in the course
        return
    streak, _ = Streak.objects.get_or_create(user=user)
    streak = Streak.objects.select_for_update().get(pk=streak.pk)
    last = streak.last_day
    if last is not None and day <= last:
        return  # counted already, or an older day finished late: the streak stays as it is
    current = 1
    if last is not None:
        there = today_in(streak.zone)  # the date now where the last day was counted
        if there <= last:
            Streak.objects.filter(pk=streak.pk).update(last_day=day, zone=zone)
            return
        if last + datetime.timedelta(days=1) in (day, there):
            current = streak.current + 1
    Streak.objects.filter(pk=streak.pk).update(
        current=current, best=max(streak.best, current), last_day=day, zone=zone
    )


def practice_range_set(*, learner: Learner, session: SessionBase, everything: bool) -> None:
    """Keep the learner's choice to practise everything (or, `everything` False, to keep within
    what their lessons have taught: practice.reach): on the account, else for the visit."""
    if learner.user is not None:
        PracticeRange.objects.update_or_create(user=learner.user, defaults={"everything": everything})
    else:
        session[EVERYTHING_KEY] = everything


def practice_range_claim(*, user: User, session: SessionBase) -> None:
    """A visitor who signs up or logs in keeps the choice they made during the visit (the latest
    choice: it replaces what the account had)."""
    if EVERYTHING_KEY in session:
        everything = bool(session.pop(EVERYTHING_KEY))
        practice_range_set(learner=Learner(user, ""), session=session, everything=everything)


def visitor_practice_claim(*, user: User, visitor: str) -> int:
    """Move a visitor's practice to the account they just made or signed in to, replaying it
    into their ratings in the order it happened, and their daily streak with it. Returns how many
    attempts moved."""
    if not visitor:
        return 0
    with transaction.atomic():
        attempts = list(
            Attempt.objects.select_for_update()
            .filter(visitor=visitor, user__isnull=True)
            .select_related("puzzle")
            .order_by("answered_at", "pk")
        )
        # As when answering: only a first answer to a puzzle is rated (the account's own answers
        # count as earlier ones).
        answered = set(Attempt.objects.filter(user=user).values_list("puzzle_id", flat=True))
        for attempt in attempts:
            puzzle = attempt.puzzle
            rated = attempt.rated and puzzle.pk not in answered
            answered.add(puzzle.pk)
            if not rated:
                Attempt.objects.filter(pk=attempt.pk).update(user=user, visitor="", rated=False)
                _schedule_review(user, puzzle, correct=attempt.correct, rated=False, due=None)
                continue
            opponent = Rating(puzzle.rating, puzzle.deviation, puzzle.volatility)
            before, after = _rate_learner(
                user, puzzle.kind, opponent, score=attempt.score, correct=attempt.correct
            )
            Attempt.objects.filter(pk=attempt.pk).update(
                user=user, visitor="", rating_before=before.rating, rating_after=after
            )
            # A first answer to the puzzle: it has no review to bring forward.
            _schedule_review(user, puzzle, correct=attempt.correct, rated=True, due=None)
        if any(attempt.daily_date is not None for attempt in attempts):
            _streak_recount(user)
    return len(attempts)


def _streak_recount(user: User) -> None:
    """Count the account's streak again from the days it finished the daily set (the visitor's
    days just moved to it among them), never lowering what it had."""
    counted = streak_count(daily_days_finished(Learner(user, "")))
    if counted is None:
        return
    streak, _ = Streak.objects.get_or_create(user=user)
    streak = Streak.objects.select_for_update().get(pk=streak.pk)
    current = counted.current
    if streak.last_day is not None and counted.last_day is not None and streak.last_day >= counted.last_day:
        current = max(current, streak.current) if streak.last_day == counted.last_day else streak.current
    last_day = max(day for day in (streak.last_day, counted.last_day) if day is not None)
    # A visitor's days were counted in the zone of their visit, which the account takes when it
    # has none (accounts.services.time_zone_claim).
    zone = streak.zone if last_day == streak.last_day else Learner(user, "").zone
    Streak.objects.filter(pk=streak.pk).update(
        current=current, best=max(streak.best, counted.best, current), last_day=last_day, zone=zone
    )
