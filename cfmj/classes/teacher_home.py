"""A teacher's home page: their classes, who is behind with homework, and what is due soon; a
teacher with no class yet is shown how to make the first one."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from cfmj.accounts.models import User
from cfmj.classes import deals, sessions, table_selectors
from cfmj.classes.models import Assignment, ClassDeal, Classroom, ClassSession, Membership, TableTime
from cfmj.classes.selectors import classes_of, set_for, statuses, students_of

SOON_DAYS = 7  # homework due within this many days is "what is due"


@dataclass(frozen=True)
class Behind:
    student: User
    classroom: Classroom
    overdue: tuple[Assignment, ...]  # past due and not done


@dataclass(frozen=True)
class DueSoon:
    assignment: Assignment
    done: int
    students: int


@dataclass(frozen=True)
class UnderWay:
    """What the class is doing now, for the teacher to go back to: a puzzle on the board, table
    time (being arranged, played or paused) and the deals not yet closed."""

    session: ClassSession | None = None
    table_time: TableTime | None = None
    deals: tuple[ClassDeal, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.session or self.table_time or self.deals)


@dataclass(frozen=True)
class ClassLine:
    classroom: Classroom
    students: int
    homework: int
    under_way: UnderWay = UnderWay()


@dataclass(frozen=True)
class TeacherHome:
    classes: tuple[ClassLine, ...]  # in use
    archived: tuple[Classroom, ...]
    behind: tuple[Behind, ...]
    due: tuple[DueSoon, ...]


def teacher_home(user: User, today: datetime.date) -> TeacherHome:
    """What a teacher's home shows, for `today` in the teacher's own time zone (each student's
    homework is overdue by their own)."""
    taught = list(classes_of(user, Membership.Role.TEACHER).select_related("owner"))
    live = [c for c in taught if not c.archived]
    lines, behind, due = [], [], []
    for classroom in live:
        students = students_of(classroom)
        work = list(
            classroom.assignments.select_related("lesson").prefetch_related("students").order_by("due", "pk")
        )
        lines.append(ClassLine(classroom, len(students), len(work), _under_way(classroom)))
        late: dict[int, list[Assignment]] = {}
        for assignment in work:
            given = set_for(assignment, students)  # homework set for some students counts only them
            found = statuses(assignment, given)
            for student in given:
                status = found[student.pk]
                if not status.done and status.late:
                    late.setdefault(student.pk, []).append(assignment)
            if today <= assignment.due <= today + datetime.timedelta(days=SOON_DAYS):
                done = sum(1 for s in given if found[s.pk].done)
                due.append(DueSoon(assignment, done, len(given)))
        behind += [Behind(s, classroom, tuple(late[s.pk])) for s in students if s.pk in late]
    behind.sort(key=lambda b: (-len(b.overdue), b.student.shown_name.casefold()))
    due.sort(key=lambda d: (d.assignment.due, d.assignment.pk))
    return TeacherHome(tuple(lines), tuple(c for c in taught if c.archived), tuple(behind), tuple(due))


def _under_way(classroom: Classroom) -> UnderWay:
    return UnderWay(
        session=sessions.session_current(classroom),
        table_time=table_selectors.table_time_of(classroom),
        # A deal set as homework is followed through its homework, listed with the rest.
        deals=tuple(deals.deals_of(classroom).filter(closed_at__isnull=True, assignment__isnull=True)),
    )
