"""Reading practice data: the next puzzle, levels, and the dashboard."""

from __future__ import annotations

import datetime
import itertools
import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.db import connection
from django.db.models import Count, QuerySet
from django.utils import timezone

from cfmj.accounts.learners import Learner, rows_of
from cfmj.engine.drills.common import GOOD
from practice import queries
from practice.models import (
    KIND_CHOICES,
    Attempt,
    DailySet,
    DailySetPuzzle,
    Puzzle,
    ReviewItem,
    SkillRating,
)
from practice.pools import Pool, pools_kept
from practice.rating import DEFAULT_RATING, Rating, update
from practice.reach import FULL, Reach
from practice.tables import LESSON, SCOPED, STANDARD

RECENT_DAYS = 30
NEAR = 12
READ_IN_REACH = 60  # stored puzzles read on each side of a learner's rating to find those in reach
REVIEWS_READ = 20  # due reviews read to find one in reach
LEVELS = ((1300, "Beginner"), (1450, "Learning"), (1600, "Steady"), (1750, "Strong"))
SETTLED = 5  # rated answers before a level is said: every rating starts at "Steady"
PARTLY = GOOD  # what a partly right answer counts for in a skill's accuracy: half


def level_name(rating: float | None) -> str:
    if rating is None:
        return "Not started"
    for limit, name in LEVELS:
        if rating < limit:
            return name
    return "Expert"


def puzzle_next(
    kind: str, learner: Learner, *, rng: random.Random | None = None, reach: Reach = FULL
) -> tuple[Puzzle | None, bool]:
    """A mistake due for review first (then True); otherwise an unseen (lately) puzzle near the
    learner's rating in this skill. Within a scope (`reach`: what the learner's lessons have
    taught), only puzzles that fit it: a review that does not waits until it does."""
    rng = rng or random.Random()
    if learner.user is not None:
        if reach.scope is None:  # the same reviews, the first due: prepared (practice.queries)
            found = queries.DUE_PUZZLE.instances(learner.user.pk, kind, learner.today())
            if found:
                return found[0], True
        else:
            due = (
                ReviewItem.objects.filter(
                    user=learner.user,
                    puzzle__kind=kind,
                    # a lesson's mistakes come back in its drill, and so do those made within a scope
                    puzzle__table__in=(STANDARD, LESSON, SCOPED),
                    retired=False,
                    due__lte=learner.today(),
                )
                .select_related("puzzle")
                .order_by("due")
            )
            review = next(
                (r for r in due[:REVIEWS_READ] if reach.fits(kind, r.puzzle.question, r.puzzle.answer)), None
            )
            if review is not None:
                return review.puzzle, True
    target = rating_target(kind, learner)
    if reach.scope is not None:
        return _within_reach(kind, learner, target, reach, rng), False
    nearest = sorted(_candidates(kind, learner, target), key=lambda row: abs(row[1] - target))[: NEAR // 2]
    if not nearest:
        return None, False
    return queries.PUZZLE.instances(rng.choice(nearest)[0])[0], False


def puzzle_of(pk: int) -> Puzzle | None:
    """The stored puzzle of this id, or None."""
    if not 0 < pk < 2**63:  # none (the ORM finds none; the database would refuse the number)
        return None
    found = queries.PUZZLE.instances(pk)
    return found[0] if found else None


def rating_target(kind: str, learner: Learner) -> float:
    """The rating a learner's next puzzle of this kind is chosen near: their own in the skill, or
    a gentle start for a newcomer."""
    rows = queries.SKILL_RATING.rows(learner.user.pk, kind) if learner.user else []
    return float(rows[0][0]) if rows else DEFAULT_RATING - 200


def _within_reach(
    kind: str, learner: Learner, target: float, reach: Reach, rng: random.Random
) -> Puzzle | None:
    """One of the NEAR // 2 puzzles nearest `target` that fit the reach, from the READ_IN_REACH
    nearest on each side of it that the learner has not tried lately, of those made within a
    scope (practice.tables.SCOPED: most fit) and of the standard rules'. Early in the course few
    of the pool's fit (none of a hundred "Winning hand?" puzzles after lesson 5): the caller then
    makes some within it."""
    rows = [
        *_candidates(kind, learner, target, table=SCOPED, limit=READ_IN_REACH),
        *_candidates(kind, learner, target, limit=READ_IN_REACH),
    ]
    if not rows:
        return None
    read = Puzzle.objects.filter(pk__in=[pk for pk, _ in rows])
    fitting = [p for p in read if reach.fits(kind, p.question, p.answer)]
    nearest = sorted(fitting, key=lambda p: (abs(p.rating - target), p.pk))[: NEAR // 2]
    return rng.choice(nearest) if nearest else None


def _candidates(
    kind: str, learner: Learner, target: float, *, table: str = STANDARD, limit: int = NEAR
) -> list[tuple[int, float]]:
    """Ids and ratings of the `limit` puzzles just above and the `limit` just below `target` (of
    this table: the standard rules') that the learner has not tried lately. One hand-written
    statement: this is the busiest read of the site, and building the same query with
    Exists/OuterRef cost ten times as much in the ORM as in the database
    (bench/practice_views.py). Both walks follow the (kind, table, rating) index.
    A puzzle of a daily set is never served here: it is that day's own, and a learner who met it
    in a drill minutes before would find it again in today's five."""
    params: list[Any] = []
    unseen = ""
    if learner.user is not None or learner.visitor:
        since = timezone.now() - datetime.timedelta(days=RECENT_DAYS)
        who = "a.user_id = %s" if learner.user is not None else "a.user_id IS NULL AND a.visitor = %s"
        unseen = (
            f" AND NOT EXISTS (SELECT 1 FROM {Attempt._meta.db_table} a WHERE a.puzzle_id = p.id"
            f" AND {who} AND a.answered_at >= %s)"
        )
        params = [
            learner.user.pk if learner.user is not None else learner.visitor,
            connection.ops.adapt_datetimefield_value(since),
        ]
    puzzles = Puzzle._meta.db_table
    not_daily = f" AND NOT EXISTS (SELECT 1 FROM {DailySetPuzzle._meta.db_table} d WHERE d.puzzle_id = p.id)"
    # Only the standard puzzles: a class's table puzzles are served through its homework.
    walk = (
        "SELECT id, rating FROM (SELECT p.id, p.rating FROM {table} p WHERE p.kind = %s"
        " AND p.{column} = %s AND p.rating {compare} %s{unseen}{not_daily}"
        " ORDER BY p.rating {order} LIMIT %s) {name}"
    )
    column = connection.ops.quote_name("table")  # Puzzle.table; quoted, as TABLE is an SQL keyword
    side = partial(walk.format, table=puzzles, column=column, unseen=unseen, not_daily=not_daily)
    sql = " UNION ALL ".join(
        [side(compare=">=", order="ASC", name="above"), side(compare="<", order="DESC", name="below")]
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [kind, table, target, *params, limit] * 2)
        return [(int(pk), float(rating)) for pk, rating in cursor.fetchall()]


@dataclass(frozen=True)
class SkillSummary:
    """A learner's level in one drill kind, and how their rated answers were marked: `accuracy`
    counts a right answer in full and a partly right one (PARTLY: "Good, but there is better",
    "Half right") as half; `partly` says how many were partly right."""

    kind: str
    title: str
    rating: float | None
    level: str
    attempts: int
    accuracy: float | None
    partly: int = 0

    @property
    def to_settle(self) -> int:
        """Rated answers still to give before a level is said (0 once it is)."""
        return max(0, SETTLED - self.attempts)


def skill_summaries(learner: Learner) -> list[SkillSummary]:
    """Each drill's level, rating, rated answers and accuracy: an account's kept ratings, or a
    visitor's worked out from their answers as signing up will keep them (visitor_replayed)."""
    if learner.user is not None:
        skills = SkillRating.objects.filter(user=learner.user)
        kept = {s.kind: (s.rating, s.attempts, s.correct) for s in skills}
        partly = dict(
            Attempt.objects.filter(user=learner.user, rated=True, score__gt=0, correct=False)
            .values_list("puzzle__kind")
            .annotate(n=Count("pk"))
            .order_by()
        )
    else:
        replayed = visitor_replayed(learner)
        kept = {kind: (r.rating.rating, r.attempts, r.correct) for kind, r in replayed.items()}
        partly = {kind: r.partly for kind, r in replayed.items()}
    out = []
    for kind, title in KIND_CHOICES:
        rating, attempts, correct = kept.get(kind, (None, 0, 0))
        level = level_name(rating) if attempts >= SETTLED or rating is None else "Too early to say"
        part = partly.get(kind, 0)
        accuracy = (correct + PARTLY * part) / attempts if attempts else None
        out.append(SkillSummary(kind, title, rating, level, attempts, accuracy, part))
    return out


@dataclass(frozen=True)
class Replayed:
    """A visitor's rating in one skill, replayed from their rated answers: the rating, how many
    answers moved it and how many were right, and the rating after each (with its time)."""

    rating: Rating
    attempts: int
    correct: int
    history: list[tuple[datetime.datetime, float]]
    partly: int = 0  # partly right (a score above nothing, not right)


def visitor_replayed(learner: Learner, *, kind: str | None = None) -> dict[str, Replayed]:
    """A visitor's ratings per skill (or in `kind` only), from their rated answers in the order they
    were given, each against the puzzle's rating now: what practice.services.visitor_practice_claim
    will keep for a new account. A visitor has no ratings stored (SkillRating is an account's)."""
    if learner.user is not None or not learner.visitor:
        return {}
    rows = Attempt.objects.filter(rows_of(learner), rated=True)
    if kind is not None:
        rows = rows.filter(puzzle__kind=kind)
    rows = rows.order_by("answered_at", "pk")
    out: dict[str, Replayed] = {}
    for skill, rating, deviation, volatility, score, correct, at in rows.values_list(
        "puzzle__kind",
        "puzzle__rating",
        "puzzle__deviation",
        "puzzle__volatility",
        "score",
        "correct",
        "answered_at",
    ):
        so_far = out.setdefault(skill, Replayed(Rating(), 0, 0, []))
        after = update(so_far.rating, [(Rating(rating, deviation, volatility), score)])
        so_far.history.append((at, after.rating))
        out[skill] = Replayed(
            after,
            so_far.attempts + 1,
            so_far.correct + int(correct),
            so_far.history,
            so_far.partly + int(not correct and score > 0),
        )
    return out


@dataclass(frozen=True)
class DailyEntry:
    """One of the day's puzzles, and how the learner's first answer to it that day was marked
    (`correct` is None until it is answered)."""

    puzzle: Puzzle
    correct: bool | None

    @property
    def done(self) -> bool:
        return self.correct is not None


def daily_progress(daily: DailySet, learner: Learner) -> list[DailyEntry]:
    """The day's puzzles in order, each with the mark of the learner's first answer that day."""
    first: dict[int, bool] = {}
    for puzzle_id, correct in _daily_answers(learner, daily.day):
        first.setdefault(puzzle_id, correct)
    return [DailyEntry(puzzle, first.get(puzzle.pk)) for puzzle in queries.DAILY_PUZZLES.instances(daily.pk)]


def _daily_answers(learner: Learner, day: datetime.date) -> list[tuple[Any, ...]]:
    """(puzzle id, correct) of the learner's answers in a day's set, first answered first."""
    if learner.user is not None:
        return queries.DAILY_ANSWERS_OF_USER.rows(learner.user.pk, day)
    return queries.DAILY_ANSWERS_OF_VISITOR.rows(learner.visitor, day) if learner.visitor else []


@dataclass(frozen=True)
class TodayWork:
    """What practice asks of a learner today, for the top of the dashboard: today's five (how
    many of them answered and right) and the mistakes due for review (how many, and the first)."""

    answered: int
    right: int
    size: int
    reviews_due: int
    first_review: ReviewItem | None

    @property
    def daily_finished(self) -> bool:
        return self.answered >= self.size


def today_work(learner: Learner, *, size: int) -> TodayWork:
    """Today's five (of `size` puzzles) and the reviews due, as the learner stands with them: the
    day's set they have begun (daily_set_begun), none answered while they have begun none."""
    today = learner.today()
    daily = daily_set_begun(learner, today)
    progress = daily_progress(daily, learner) if daily is not None else []
    due = mistakes(learner).filter(due__lte=today)
    return TodayWork(
        answered=sum(1 for entry in progress if entry.done),
        right=daily_score(progress),
        size=len(progress) or size,
        reviews_due=due.count(),
        first_review=due.first(),
    )


def daily_score(progress: list[DailyEntry]) -> int:
    """How many of the day's puzzles the learner got right (first answers)."""
    return sum(1 for entry in progress if entry.correct)


@dataclass(frozen=True)
class StreakCount:
    """Days in a row on which the daily set was finished: the run ending on `last_day`, the best."""

    current: int
    best: int
    last_day: datetime.date | None


def streak_count(days: Iterable[datetime.date]) -> StreakCount | None:
    """The streak over the days on which the daily set was finished (None without any)."""
    ordered = sorted(set(days))
    if not ordered:
        return None
    run = best = 1
    for before, day in itertools.pairwise(ordered):
        run = run + 1 if day - before == datetime.timedelta(days=1) else 1
        best = max(best, run)
    return StreakCount(run, best, ordered[-1])


def daily_days_finished(learner: Learner) -> set[datetime.date]:
    """The days on which the learner answered all of one of that day's sets (in that day's set)."""
    done: dict[datetime.date, set[int]] = {}
    answered = Attempt.objects.filter(rows_of(learner), daily_date__isnull=False)
    for day, puzzle_id in answered.values_list("daily_date", "puzzle_id"):
        if day is not None:
            done.setdefault(day, set()).add(puzzle_id)
    return daily_sets_finished(done)


def daily_sets_finished(done: dict[datetime.date, set[int]]) -> set[datetime.date]:
    """The days among `done` (day -> the puzzles answered in that day's set) on which one of the
    day's sets (one per place in the course: DailySet.scope) was answered whole."""
    wanted: dict[int, tuple[datetime.date, set[int]]] = {}
    entries = DailySetPuzzle.objects.filter(daily_set__day__in=list(done))
    for set_id, day, puzzle_id in entries.values_list("daily_set_id", "daily_set__day", "puzzle_id"):
        wanted.setdefault(set_id, (day, set()))[1].add(puzzle_id)
    return {day for day, puzzles in wanted.values() if puzzles <= done[day]}


def daily_set_begun(learner: Learner, day: datetime.date, *, prefer: str = "") -> DailySet | None:
    """The day's set the learner has begun (answered one of, as part of that day's set), if any:
    it stays theirs for the day, though their place in the course or their choice to practise
    everything changes. Of two begun, the one of scope `prefer`, else the first built."""
    if learner.user is None and not learner.visitor:
        return None
    if learner.user is not None:
        begun = queries.BEGUN_BY_USER.instances(learner.user.pk, day)
    else:
        begun = queries.BEGUN_BY_VISITOR.instances(learner.visitor, day)
    return next((s for s in begun if s.scope == prefer), begun[0] if begun else None)


def streak_of(learner: Learner) -> StreakCount | None:
    """An account's kept streak; a visitor's counted from their daily answers (it moves to the
    account they make: practice.services.visitor_practice_claim)."""
    if learner.user is None:
        return streak_count(daily_days_finished(learner)) if learner.visitor else None
    found = queries.STREAK.rows(learner.user.pk)
    return StreakCount(*found[0]) if found else None


def rating_history(learner: Learner, kind: str) -> list[tuple[datetime.datetime, float]]:
    if learner.user is None:
        replayed = visitor_replayed(learner, kind=kind).get(kind)
        return replayed.history if replayed else []
    rows = (
        Attempt.objects.filter(user=learner.user, puzzle__kind=kind, rating_after__isnull=False)
        .order_by("answered_at")
        .values_list("answered_at", "rating_after")
    )
    return [(at, rating) for at, rating in rows if rating is not None]


def visitor_missed(learner: Learner) -> int:
    """How many puzzles a visitor has missed: they come back for review once the practice is an
    account's (visitor_practice_claim schedules them)."""
    if learner.user is not None or not learner.visitor:
        return 0
    return Attempt.objects.filter(rows_of(learner), correct=False).values("puzzle_id").distinct().count()


def mistakes(learner: Learner) -> QuerySet[ReviewItem]:
    return (
        (ReviewItem.objects.filter(user=learner.user, retired=False).select_related("puzzle").order_by("due"))
        if learner.user
        else ReviewItem.objects.none()
    )


def unseen_counts() -> dict[tuple[str, int], int]:
    """Puzzles nobody has tried yet under the standard rules, per kind and band."""
    return {(kind, band): n for (kind, band, table), n in unseen_in_pools([STANDARD]).items()}


def unseen_in_pools(tables: Iterable[str]) -> dict[Pool, int]:
    """Puzzles nobody has tried yet under these tables, per pool (the pools the refill task keeps
    full); a daily set's puzzles are not in a pool (drills never serve them)."""
    pool = Puzzle.objects.filter(attempts=0, table__in=set(tables), daily_sets=None)
    counts = pool.values_list("kind", "band", "table").annotate(n=Count("pk")).order_by()
    return {Pool(kind, band, table): n for kind, band, table, n in counts}


def pool_shortfalls(*, target: int) -> list[tuple[Pool, int]]:
    """Each pool kept full (practice.pools: the standard rules' and those of each live class's
    table) holding fewer than `target` unseen puzzles, with how many it lacks, in
    pools.pools_kept()'s order."""
    kept = pools_kept()
    counts = unseen_in_pools({pool.table for pool in kept})
    missing = ((pool, target - counts.get(pool, 0)) for pool in kept)
    return [(pool, short) for pool, short in missing if short > 0]
