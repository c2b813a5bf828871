"""The class report a teacher reads: each student's lessons, homework, drills and last visit; each
piece of homework across the class; and the rules the class misses most.

Worked out from the students' own progress and attempts (nothing is stored for it), in a number of
queries that grows with the homework set but not with the students or the drill kinds."""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from dataclasses import dataclass

from django.db.models import Count, Max, Q
from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.classes.models import Assignment, Classroom
from cfmj.classes.selectors import Status, set_for, statuses, students_of
from cfmj.engine import drills
from cfmj.engine.rulebook import section_title
from cfmj.play.stats import last_played
from lessons.models import LessonProgress
from lessons.selectors import Teacher, teacher_of
from practice.models import KIND_CHOICES, Attempt, SkillRating
from practice.selectors import level_name

# Re-grading a wrong answer runs the engine, so only the latest ones are read: a class that has
# drilled for a year still gets its page in well under a second, and recent mistakes are the
# ones a teacher can still do something about.
MISSES_EXAMINED = 2_000
TOP_RULES = 5


@dataclass(frozen=True)
class KindResult:
    """One student's answers in one drill kind (only kinds they tried have one)."""

    kind: str
    title: str
    attempts: int
    correct: int
    level: str  # from their rating in the kind

    @property
    def accuracy(self) -> float:
        return self.correct / self.attempts

    @property
    def percent(self) -> int:
        return round(100 * self.accuracy)


@dataclass(frozen=True)
class StudentRow:
    user: User
    lessons_done: int
    assignments_done: int
    assignments_set: int  # homework set for this student (all of the class's, or some for them by name)
    assignments_late: int  # finished after the due date, or not finished and past it
    kinds: tuple[KindResult, ...]  # in KIND_CHOICES order
    last_active: datetime.datetime | None

    @property
    def username(self) -> str:
        return self.user.username

    @property
    def name(self) -> str:
        """What a teacher's page calls the student (their real name, or their username)."""
        return self.user.shown_name

    def kind(self, kind: str) -> KindResult | None:
        return next((k for k in self.kinds if k.kind == kind), None)


@dataclass(frozen=True)
class AssignmentRow:
    assignment: Assignment
    title: str
    due: datetime.date
    finished: int
    late: int  # as for StudentRow.assignments_late
    finished_names: tuple[str, ...]
    average_score: float | None  # 0..1, over the students who finished
    of: int  # active students it is set for
    started: int = 0  # students with a score who have not finished yet
    started_score: float | None = None  # 0..1, over everyone with a score, finished or not

    @property
    def average_percent(self) -> int | None:
        return None if self.average_score is None else round(100 * self.average_score)

    @property
    def started_percent(self) -> int | None:
        return None if self.started_score is None else round(100 * self.started_score)


# A student's homework in the grid, in words and signs a teacher reads without colour.
GRID_WORDS = {
    "done": "✓ done",
    "done-late": "✓ done late",
    "late": "late",
    "started": "started",
    "not-started": "— not started",
    "not-set": "not set",
}


@dataclass(frozen=True)
class GridCell:
    state: str  # a key of GRID_WORDS (the page's class for the cell)

    @property
    def words(self) -> str:
        return GRID_WORDS[self.state]


def grid_cell(status: Status | None) -> GridCell:
    """One student's piece of homework in the grid: done (on time or late), late (past its due day
    and not done), started, not started, or not set for them."""
    if status is None:
        return GridCell("not-set")
    if status.done:
        return GridCell("done-late" if status.late else "done")
    if status.late:
        return GridCell("late")
    return GridCell("started" if status.answered or status.score is not None else "not-started")


@dataclass(frozen=True)
class GridRow:
    """A student's row of the student × homework grid, a cell per homework (as `assignments`)."""

    user: User
    cells: tuple[GridCell, ...]


@dataclass(frozen=True)
class MissedRule:
    section: str  # RULES.md section, "2.3"
    title: str  # its name ("Categories and sets")
    misses: int  # wrong answers that turned on it
    teacher: Teacher | None  # the lesson step that teaches it
    rules_url: str  # the section in the rules reference


@dataclass(frozen=True)
class ClassReport:
    students: tuple[StudentRow, ...]
    assignments: tuple[AssignmentRow, ...]
    missed_rules: tuple[MissedRule, ...]
    misses_examined: int  # wrong answers read for missed_rules
    capped: bool  # True when there were more than MISSES_EXAMINED of them
    grid: tuple[GridRow, ...] = ()  # a row per student, a cell per homework


Table = list[tuple[Assignment, dict[int, Status]]]


def class_report(classroom: Classroom) -> ClassReport:
    students = students_of(classroom)
    table = _homework(classroom, students)
    missed, examined, capped = missed_rules([u.pk for u in students])
    return ClassReport(
        students=tuple(_student_rows(students, table)),
        assignments=tuple(_assignment_rows(students, table)),
        missed_rules=tuple(missed),
        misses_examined=examined,
        capped=capped,
        grid=tuple(
            GridRow(student, tuple(grid_cell(status.get(student.pk)) for _, status in table))
            for student in students
        ),
    )


def student_kinds(student: User) -> tuple[KindResult, ...]:
    """One student's answers in each drill kind they tried."""
    return _student_rows([student], [])[0].kinds


def _homework(classroom: Classroom, students: list[User]) -> Table:
    assignments = (
        Assignment.objects.filter(classroom=classroom)
        .select_related("lesson")
        .prefetch_related("students")
        .order_by("due", "pk")
    )
    return [(assignment, statuses(assignment, set_for(assignment, students))) for assignment in assignments]


def _student_rows(students: list[User], table: Table) -> list[StudentRow]:
    ids = [u.pk for u in students]
    lessons = {
        row["user_id"]: row
        for row in LessonProgress.objects.filter(user_id__in=ids)
        .order_by()
        .values("user_id")
        .annotate(finished=Count("pk", filter=Q(completed_at__isnull=False)), last=Max("updated_at"))
    }
    tried: dict[int, dict[str, tuple[int, int]]] = defaultdict(dict)
    last_attempt: dict[int, datetime.datetime] = {}
    for row in (
        Attempt.objects.filter(user_id__in=ids)
        .order_by()
        .values("user_id", "puzzle__kind")
        .annotate(tried=Count("pk"), right=Count("pk", filter=Q(correct=True)), last=Max("answered_at"))
    ):
        user_id = row["user_id"]
        tried[user_id][row["puzzle__kind"]] = (row["tried"], row["right"])
        last_attempt[user_id] = max(row["last"], last_attempt.get(user_id, row["last"]))
    ratings = {
        (user_id, kind): rating
        for user_id, kind, rating in SkillRating.objects.filter(user_id__in=ids).values_list(
            "user_id", "kind", "rating"
        )
    }
    played = last_played(ids)  # a student who only plays hands is active too
    out = []
    for student in students:
        mine = [status[student.pk] for _, status in table if student.pk in status]
        progress = lessons.get(student.pk)
        kinds = tuple(
            KindResult(kind, title, *tried[student.pk][kind], level_name(ratings.get((student.pk, kind))))
            for kind, title in KIND_CHOICES
            if kind in tried[student.pk]
        )
        seen = [
            at
            for at in (
                last_attempt.get(student.pk),
                progress["last"] if progress else None,
                played.get(student.pk),
            )
            if at
        ]
        out.append(
            StudentRow(
                user=student,
                lessons_done=progress["finished"] if progress else 0,
                assignments_done=sum(s.done for s in mine),
                assignments_set=len(mine),
                assignments_late=sum(s.late for s in mine),
                kinds=kinds,
                last_active=max(seen, default=None),
            )
        )
    return out


def _assignment_rows(students: list[User], table: Table) -> list[AssignmentRow]:
    out = []
    for assignment, status in table:
        scores = [s.score for s in status.values() if s.score is not None]
        finished = [s.score for s in status.values() if s.done and s.score is not None]
        out.append(
            AssignmentRow(
                assignment=assignment,
                title=assignment.title,
                due=assignment.due,
                finished=sum(s.done for s in status.values()),
                late=sum(s.late for s in status.values()),
                finished_names=tuple(u.shown_name for u in students if u.pk in status and status[u.pk].done),
                average_score=sum(finished) / len(finished) if finished else None,
                of=len(status),
                started=sum(1 for s in status.values() if s.score is not None and not s.done),
                started_score=sum(scores) / len(scores) if scores else None,
            )
        )
    return out


def missed_rules(ids: list[int]) -> tuple[list[MissedRule], int, bool]:
    """The sections the students' latest wrong answers turned on, most missed first; how many
    wrong answers were read; and whether there were more. Attempts store the response, not the
    rules: grading it again names them (and follows the engine if its reasons get sharper)."""
    wrong = list(
        Attempt.objects.filter(user_id__in=ids, correct=False)
        .order_by("-answered_at", "-pk")
        .values_list("puzzle__kind", "puzzle__question", "puzzle__answer", "response")[: MISSES_EXAMINED + 1]
    )  # one more, to know whether there were more
    capped = len(wrong) > MISSES_EXAMINED
    wrong = wrong[:MISSES_EXAMINED]
    counts: Counter[str] = Counter()
    for kind, question, answer, response in wrong:
        # a section counts once per answer, however many of its lines the grade names
        counts.update(set(drills.grade(kind, question, answer, response).rules))
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:TOP_RULES]
    rules_page = reverse("lessons:rules")
    return (
        [
            MissedRule(
                section,
                section_title(section),
                misses,
                teacher_of(section),
                f"{rules_page}#section-{section}",
            )
            for section, misses in ranked
        ],
        len(wrong),
        capped,
    )
