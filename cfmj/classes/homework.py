"""Homework once set: correcting it (due date, who it is for, its lesson or its number of puzzles),
duplicating and deleting it, and which homework keeps an older table when the class's rules change.

Deleting homework deletes no answer: attempts and lesson progress live on each student's account
(the homework only reads them), so a student's work stays in their own progress."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.db import transaction

from cfmj.accounts.models import User
from cfmj.classes.homework_kinds import Change, keeping_a_table, kind_of
from cfmj.classes.models import Assignment, AssignmentPuzzle, Classroom, Membership
from cfmj.classes.services import ClassError, homework_name
from lessons.models import Lesson


def students_set(*, assignment: Assignment, students: Iterable[User]) -> None:
    """Set the homework for these students only (none: the whole class, those who join later too).
    Each must be a student of the class now."""
    chosen = {u.pk for u in students}
    if chosen:
        found = set(
            Membership.objects.active()
            .students()
            .filter(classroom_id=assignment.classroom_id, user_id__in=chosen)
            .values_list("user_id", flat=True)
        )
        if found != chosen:
            raise ClassError("Homework can be set only for students of this class.")
    assignment.students.set(chosen)


def assignment_update(
    *,
    assignment: Assignment,
    due: datetime.date,
    students: Iterable[User] = (),
    lesson: Lesson | None = None,
    count: int | None = None,
    band: int | None = None,
    play_mode: str | None = None,
    name: str | None = None,
) -> Assignment:
    """Correct homework already set. A lesson's homework may change its lesson; drill puzzles their
    number and difficulty; hands to play their number and mode; a fixed set keeps its puzzles
    (duplicate it for another set). Any due date goes, past ones too: students who have not
    finished then see it as late. Its `name` is changed when given ("" clears it)."""
    if assignment.classroom.archived:
        raise ClassError("This class is archived: bring it back before changing its homework.")
    assignment.due = due
    fields = ["due"]
    if name is not None:
        assignment.name = homework_name(name)
        fields.append("name")
    change = Change(lesson=lesson, count=count, band=band, play_mode=play_mode)
    fields += kind_of(assignment).update(assignment, change)
    with transaction.atomic():
        assignment.save(update_fields=fields)
        students_set(assignment=assignment, students=students)
    return assignment


def assignment_duplicate(
    *,
    assignment: Assignment,
    teacher: User,
    due: datetime.date,
    students: Iterable[User] = (),
    name: str | None = None,
) -> Assignment:
    """The same homework again, due on another day or for other students: the same lesson, or the
    same kind, number and difficulty of drill puzzles on the same table, the same fixed set, or
    the same number of hands in the same mode on the same table; named `name` (None: its name)."""
    if assignment.classroom.archived:
        raise ClassError("This class is archived: bring it back before setting homework.")
    name = assignment.name if name is None else homework_name(name)
    with transaction.atomic():
        copy = Assignment.objects.create(
            classroom=assignment.classroom,
            name=name,
            kind=assignment.kind,
            lesson=assignment.lesson,
            drill_kind=assignment.drill_kind,
            count=assignment.count,
            band=assignment.band,
            table=assignment.table,
            play_mode=assignment.play_mode,
            due=due,
            created_by=teacher,
        )
        AssignmentPuzzle.objects.bulk_create(
            AssignmentPuzzle(assignment=copy, puzzle_id=entry.puzzle_id, position=entry.position)
            for entry in assignment.entries.all()
        )
        kind_of(assignment).copied(assignment, copy)
        students_set(assignment=copy, students=students)
    return copy


def assignment_delete(*, assignment: Assignment) -> None:
    """The homework goes from the class; the students' answers stay in their own progress."""
    assignment.delete()


def on_older_rules(classroom: Classroom) -> list[tuple[Assignment, str]]:
    """Drill and fixed-set homework whose puzzles were made for another table than the class plays
    now (its rules changed since), and hands to play at another table, with the name of the table
    it keeps."""
    out = []
    for assignment in classroom.assignments.filter(kind__in=keeping_a_table()).order_by("due", "pk"):
        now = kind_of(assignment).table_now
        if now is not None and assignment.table != now(assignment):
            out.append((assignment, homework_table_words(assignment)))
    return out


def homework_table_words(assignment: Assignment) -> str:
    """The table homework keeps, in a teacher's words ("" for a lesson)."""
    return kind_of(assignment).table_words(assignment.table)
