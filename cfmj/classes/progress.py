"""How far a student is with a piece of homework, as each kind of homework reads it (from their
lesson progress, their attempts or their finished hands, never stored twice); the kinds'
definitions (cfmj.classes.homework_kinds) name which function reads theirs."""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, QuerySet

from cfmj.accounts.models import User
from cfmj.classes.models import Assignment
from cfmj.core.days import date_in, today_in
from cfmj.play.stats import hands_finished
from lessons.models import LessonProgress
from practice.models import Attempt, Puzzle


@dataclass(frozen=True)
class Status:
    """One student's work on one assignment."""

    done: bool
    answered: int  # steps reached, or puzzles answered
    needed: int
    score: float | None  # 0..1: quiz share, or the mean mark of the puzzles
    finished_at: datetime.datetime | None
    due: datetime.date
    zone: str = ""  # the student's time zone (cfmj.core.days): a due day ends at their midnight

    @property
    def late(self) -> bool:
        if self.finished_at is not None:
            return date_in(self.zone, self.finished_at) > self.due
        return today_in(self.zone) > self.due


def lesson_statuses(assignment: Assignment, ids: list[int]) -> dict[int, Status]:
    lesson = assignment.lesson
    assert lesson is not None
    steps = lesson.steps.count()
    rows = {p.user_id: p for p in LessonProgress.objects.filter(lesson=lesson, user_id__in=ids)}
    out = {}
    for pk in ids:
        row = rows.get(pk)
        score = row.quiz_best / row.quiz_size if row and row.quiz_best is not None and row.quiz_size else None
        out[pk] = Status(
            bool(row and row.done),
            row.step_reached if row else 0,
            steps,
            score,
            row.completed_at if row else None,
            assignment.due,
        )
    return out


def play_statuses(assignment: Assignment, ids: list[int]) -> dict[int, Status]:
    """Hands finished in the homework's mode, with the class's table as it was when the homework
    was set, started after it was set (a hand begun before does not count); done at the
    `count`-th, late if that came after the due day. No score: a hand is played, not marked."""
    ended = hands_finished(
        ids, mode=assignment.play_mode, table=assignment.table, since=assignment.created_at
    )
    needed = assignment.count
    out = {}
    for pk in ids:
        mine = ended.get(pk, [])[:needed]
        done = len(mine) >= needed > 0
        out[pk] = Status(done, len(mine), needed, None, mine[-1] if done else None, assignment.due)
    return out


def fixed_statuses(assignment: Assignment, ids: list[int]) -> dict[int, Status]:
    """The first answer to each puzzle of the fixed set since the homework was set."""
    fixed = list(assignment.entries.values_list("puzzle_id", flat=True))
    attempts = _answers_since(assignment, ids).filter(puzzle_id__in=fixed)
    return _puzzle_statuses(assignment, ids, attempts, len(fixed))


def drill_statuses(assignment: Assignment, ids: list[int]) -> dict[int, Status]:
    """Drill puzzles of the kind, difficulty and class table answered since the homework was set.
    A puzzle the student had answered before it was set (a mistake coming back for review, say)
    is not new work: only puzzles new to them count."""
    earlier = Attempt.objects.filter(
        user_id=OuterRef("user_id"),
        puzzle_id=OuterRef("puzzle_id"),
        answered_at__lt=assignment.created_at,
    )
    attempts = (
        _answers_since(assignment, ids)
        .filter(
            puzzle__kind=assignment.drill_kind, puzzle__band=assignment.band, puzzle__table=assignment.table
        )
        .exclude(Exists(earlier))
    )
    return _puzzle_statuses(assignment, ids, attempts, assignment.count)


def _answers_since(assignment: Assignment, ids: list[int]) -> QuerySet[Attempt]:
    return Attempt.objects.filter(user_id__in=ids, answered_at__gte=assignment.created_at)


def _puzzle_statuses(
    assignment: Assignment, ids: list[int], attempts: QuerySet[Attempt], needed: int
) -> dict[int, Status]:
    marks: dict[int, list[tuple[datetime.datetime, float]]] = defaultdict(list)
    seen: set[tuple[int, int]] = set()
    for user_id, puzzle_id, score, at in attempts.order_by("answered_at", "pk").values_list(
        "user_id", "puzzle_id", "score", "answered_at"
    ):
        if (user_id, puzzle_id) in seen or len(marks[user_id]) >= needed:
            continue  # a puzzle counts once, and only the first `needed` answers count
        seen.add((user_id, puzzle_id))
        marks[user_id].append((at, score))
    out = {}
    for pk in ids:
        mine = marks.get(pk, [])
        done = len(mine) >= needed > 0
        mean = sum(s for _, s in mine) / len(mine) if mine else None
        out[pk] = Status(done, len(mine), needed, mean, mine[-1][0] if done else None, assignment.due)
    return out


def next_fixed_puzzle(assignment: Assignment, user: User) -> Puzzle | None:
    """The first puzzle of the fixed set the student has not answered since it was set."""
    answered = Attempt.objects.filter(user=user, answered_at__gte=assignment.created_at).values("puzzle_id")
    entry = assignment.entries.exclude(puzzle_id__in=answered).select_related("puzzle").first()
    return entry.puzzle if entry is not None else None


def next_drill_puzzle(assignment: Assignment, user: User) -> Puzzle | None:
    """A puzzle of the homework's drill, difficulty and table new to the student."""
    return (
        Puzzle.objects.filter(kind=assignment.drill_kind, band=assignment.band, table=assignment.table)
        .exclude(pk__in=Attempt.objects.filter(user=user).values("puzzle_id"))  # new to the student
        .order_by("?")
        .first()
    )
