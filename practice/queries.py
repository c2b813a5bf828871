"""The busiest reads of practice, prepared (cfmj.core.prepared): their SQL is built once per
process. Each is the queryset it is written as; practice.selectors and practice.services run
them. Tests: tests/core/test_prepared.py and the query-count tests of the practice views."""

from __future__ import annotations

import datetime

from django.db.models import Exists, OuterRef, QuerySet, Subquery

from cfmj.accounts.learners import Learner, rows_of
from cfmj.accounts.models import User
from cfmj.core.prepared import Prepared
from practice.models import Attempt, DailySet, Puzzle, ReviewItem, SkillRating, Streak
from practice.tables import LESSON, SCOPED, STANDARD

SOME_DAY = datetime.date(1, 1, 1)  # the stand-in for a day


def _daily_answers_query(who: Learner, day: datetime.date) -> QuerySet[Attempt, tuple[int, bool]]:
    answered = Attempt.objects.filter(rows_of(who), daily_date=day).order_by("answered_at", "pk")
    return answered.values_list("puzzle_id", "correct")


def _begun_query(who: Learner, day: datetime.date) -> QuerySet[DailySet]:
    answered = Attempt.objects.filter(rows_of(who), daily_date=day).values("puzzle_id")
    return DailySet.objects.filter(day=day, entries__puzzle_id__in=answered).distinct().order_by("pk")


DAILY_ANSWERS_OF_USER = Prepared(
    lambda user_id, day: _daily_answers_query(Learner(User(pk=user_id), ""), day), -1, SOME_DAY
)
DAILY_ANSWERS_OF_VISITOR = Prepared(
    lambda visitor, day: _daily_answers_query(Learner(None, visitor), day), "\x01visitor", SOME_DAY
)
DAILY_PUZZLES = Prepared(
    lambda set_id: Puzzle.objects.filter(dailysetpuzzle__daily_set_id=set_id).order_by(
        "dailysetpuzzle__position"
    ),
    -1,
)
BEGUN_BY_USER = Prepared(lambda user_id, day: _begun_query(Learner(User(pk=user_id), ""), day), -1, SOME_DAY)
BEGUN_BY_VISITOR = Prepared(
    lambda visitor, day: _begun_query(Learner(None, visitor), day), "\x01visitor", SOME_DAY
)
STREAK = Prepared(
    lambda user_id: Streak.objects.filter(user_id=user_id).values_list("current", "best", "last_day")[:1], -1
)


def _due_puzzle(user_id: int, kind: str, today: datetime.date) -> QuerySet[Puzzle]:
    """The puzzle of the user's review of this kind due first (puzzle_next, the full range)."""
    due = ReviewItem.objects.filter(
        user_id=user_id,
        puzzle__kind=kind,
        # a lesson's mistakes come back in its drill, and so do those made within a scope
        puzzle__table__in=(STANDARD, LESSON, SCOPED),
        retired=False,
        due__lte=today,
    ).order_by("due")
    return Puzzle.objects.filter(pk=Subquery(due.values("puzzle_id")[:1]))


PUZZLE = Prepared(lambda pk: Puzzle.objects.filter(pk=pk), -1)
PUZZLE_BY_HASH = Prepared(lambda digest: Puzzle.objects.filter(content_hash=digest), "\x01digest")
DUE_PUZZLE = Prepared(_due_puzzle, -1, "\x01kind", SOME_DAY)


SKILL_RATING = Prepared(
    lambda user_id, kind: SkillRating.objects.filter(user_id=user_id, kind=kind).values_list("rating")[:1],
    -1,
    "\x01kind",
)


SKILL_LOCK = Prepared(
    lambda user_id, kind: SkillRating.objects.select_for_update().filter(user_id=user_id, kind=kind),
    -1,
    "\x01kind",
)
PUZZLE_LOCK = Prepared(lambda pk: Puzzle.objects.select_for_update().filter(pk=pk), -1)
USER_LOCK = Prepared(
    lambda user_id: User.objects.select_for_update().filter(pk=user_id).values_list("pk"), -1
)


def _standing_query(user_id: int, puzzle_id: int, today: datetime.date) -> QuerySet[Puzzle, tuple[bool, int]]:
    answered = Attempt.objects.filter(rows_of(Learner(User(pk=user_id), "")), puzzle=OuterRef("pk"))
    due = ReviewItem.objects.filter(user_id=user_id, puzzle=OuterRef("pk"), retired=False, due__lte=today)
    return (
        Puzzle.objects.filter(pk=puzzle_id)
        .annotate(first=~Exists(answered), due_id=Subquery(due.values("pk")[:1]))
        .values_list("first", "due_id")
    )


STANDING = Prepared(_standing_query, -1, -2, SOME_DAY)
ANSWERED_BY_VISITOR = Prepared(
    lambda visitor, puzzle_id: Attempt.objects.filter(
        rows_of(Learner(None, visitor)), puzzle_id=puzzle_id
    ).values_list("pk")[:1],
    "\x01visitor",
    -2,
)
