"""Reading classes: whose classes they are, and how far each student is with each assignment
(worked out from their lesson progress and their attempts, never stored twice)."""

from __future__ import annotations

import dataclasses
import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q, QuerySet

from cfmj.accounts.models import User
from cfmj.classes.models import (
    Assignment,
    Classroom,
    CoteacherInvite,
    ManagedAccount,
    Membership,
    active_member,
)
from cfmj.core.days import date_in, today_in
from cfmj.play.stats import hands_finished
from lessons.models import LessonProgress
from practice.models import Attempt, Puzzle
from practice.tables import puzzle_table, table_key

MAX_ID_DIGITS = 18  # an id in a link: a BigAutoField holds up to 19 digits; no id here is longer


def class_table(classroom: Classroom, kind: str) -> str:
    """The table key of the puzzles this class gets of a drill kind: its house rules and skill level
    for the kinds whose answer depends on them, "" (standard) for the others."""
    return puzzle_table(kind, table_key(classroom.house_rules, classroom.skill_level))


def classes_of(user: User, role: str) -> QuerySet[Classroom]:
    return Classroom.objects.filter(active_member(role), memberships__user=user).distinct()


def students_of(classroom: Classroom) -> list[User]:
    return [
        m.user
        for m in Membership.objects.active()
        .students()
        .filter(classroom=classroom)
        .select_related("user")
        .order_by("user__username")
    ]


def teachers_of(classroom: Classroom) -> list[User]:
    return [
        m.user
        for m in Membership.objects.active()
        .teachers()
        .filter(classroom=classroom)
        .select_related("user")
        .order_by("joined_at")
    ]


def removed_students_of(classroom: Classroom) -> list[User]:
    """Students a teacher took out of the class (they come back only if a teacher adds them)."""
    return [
        m.user
        for m in Membership.objects.removed()
        .filter(classroom=classroom)
        .select_related("user")
        .order_by("user__username")
    ]


def managed_ids(classroom: Classroom) -> set[int]:
    """The accounts this class made (its teachers may set their passwords, export or delete them)."""
    return set(ManagedAccount.objects.filter(classroom=classroom).values_list("user_id", flat=True))


def invites_pending_of(classroom: Classroom) -> list[CoteacherInvite]:
    return list(
        CoteacherInvite.objects.filter(
            classroom=classroom, status=CoteacherInvite.Status.PENDING
        ).select_related("invitee")
    )


def invites_for(user: User) -> list[CoteacherInvite]:
    """Invitations to teach that wait for this user's answer."""
    return list(
        CoteacherInvite.objects.filter(invitee=user, status=CoteacherInvite.Status.PENDING).select_related(
            "classroom", "invited_by"
        )
    )


def set_for(assignment: Assignment, students: Iterable[User]) -> list[User]:
    """Those of `students` the homework is set for: all of them, unless it names some."""
    chosen = {u.pk for u in assignment.students.all()}  # prefetch_related("students") reads it once
    return [u for u in students if not chosen or u.pk in chosen]


def for_student(user: User) -> Q:
    """Homework set for the whole class, or for this student by name (use with .distinct())."""
    return Q(students__isnull=True) | Q(students=user)


def is_set_for(assignment: Assignment, user: User) -> bool:
    return not assignment.students.exists() or assignment.students.filter(pk=user.pk).exists()


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


def statuses(assignment: Assignment, users: Iterable[User]) -> dict[int, Status]:
    people = list(users)
    ids = [u.pk for u in people]
    if assignment.kind == Assignment.Kind.LESSON:
        found = _lesson_statuses(assignment, ids)
    elif assignment.kind == Assignment.Kind.PLAY:
        found = _play_statuses(assignment, ids)
    else:
        found = _puzzle_statuses(assignment, ids)
    zones = {u.pk: u.time_zone for u in people}
    return {pk: dataclasses.replace(status, zone=zones.get(pk, "")) for pk, status in found.items()}


def _lesson_statuses(assignment: Assignment, ids: list[int]) -> dict[int, Status]:
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


def _play_statuses(assignment: Assignment, ids: list[int]) -> dict[int, Status]:
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


def _puzzle_statuses(assignment: Assignment, ids: list[int]) -> dict[int, Status]:
    """Drill puzzles of the kind, difficulty and class table answered since the homework was set
    (or, for a fixed set, the first answer to each of its puzzles)."""
    attempts = Attempt.objects.filter(user_id__in=ids, answered_at__gte=assignment.created_at)
    if assignment.kind == Assignment.Kind.FIXED:
        fixed = list(assignment.entries.values_list("puzzle_id", flat=True))
        attempts = attempts.filter(puzzle_id__in=fixed)
        needed = len(fixed)
    else:
        # A puzzle the student had answered before the homework was set (a mistake coming back for
        # review, say) is not new work: only puzzles new to them count.
        earlier = Attempt.objects.filter(
            user_id=OuterRef("user_id"),
            puzzle_id=OuterRef("puzzle_id"),
            answered_at__lt=assignment.created_at,
        )
        attempts = attempts.filter(
            puzzle__kind=assignment.drill_kind, puzzle__band=assignment.band, puzzle__table=assignment.table
        ).exclude(Exists(earlier))
        needed = assignment.count
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


@dataclass(frozen=True)
class DueItem:
    assignment: Assignment
    status: Status


def due_for(user: User) -> list[DueItem]:
    """The student's homework not yet done, soonest due first (classes they are in and not
    archived)."""
    assignments = list(
        Assignment.objects.filter(
            for_student(user),
            active_member(Membership.Role.STUDENT, through="classroom__memberships"),
            classroom__memberships__user=user,
            classroom__archived_at__isnull=True,
        )
        .select_related("classroom", "lesson")
        .order_by("due", "pk")
        .distinct()
    )
    items = [DueItem(a, statuses(a, [user])[user.pk]) for a in assignments]
    return [item for item in items if not item.status.done]


def play_homework_of(user: User, assignment_id: object) -> DueItem | None:
    """The student's own homework of hands to play with this id (None for anyone else's, another
    kind, an archived class or an id that is not one), with their progress."""
    text = str(assignment_id)
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_ID_DIGITS):
        return None  # '²' is a digit to isdigit() but not to int(); a huge one no table's id
    work = (
        Assignment.objects.filter(
            for_student(user),
            active_member(Membership.Role.STUDENT, through="classroom__memberships"),
            pk=int(text),
            kind=Assignment.Kind.PLAY,
            classroom__memberships__user=user,
            classroom__archived_at__isnull=True,
        )
        .select_related("classroom")
        .distinct()
        .first()
    )
    return None if work is None else DueItem(work, statuses(work, [user])[user.pk])


def assigned_lesson_ids(user: User | None) -> set[int]:
    """Lessons a teacher set this student: they open whatever the student has done before (none
    for a visitor)."""
    if user is None:
        return set()
    return set(
        Assignment.objects.filter(
            for_student(user),
            active_member(Membership.Role.STUDENT, through="classroom__memberships"),
            kind=Assignment.Kind.LESSON,
            classroom__memberships__user=user,
        ).values_list("lesson_id", flat=True)
    )


def next_assignment_puzzle(assignment: Assignment, user: User) -> Puzzle | None:
    """The next puzzle of a drill or fixed-set assignment the student has not answered for it."""
    answered = Attempt.objects.filter(user=user, answered_at__gte=assignment.created_at).values("puzzle_id")
    if assignment.kind == Assignment.Kind.FIXED:
        entry = assignment.entries.exclude(puzzle_id__in=answered).select_related("puzzle").first()
        return entry.puzzle if entry is not None else None
    return (
        Puzzle.objects.filter(kind=assignment.drill_kind, band=assignment.band, table=assignment.table)
        .exclude(pk__in=Attempt.objects.filter(user=user).values("puzzle_id"))  # new to the student
        .order_by("?")
        .first()
    )
