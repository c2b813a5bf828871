"""The class's gradebook, the spreadsheet (CSV) its teachers download: a row per student (their
name and username), a column per piece of homework (its score and whether it was done, or late),
then notes saying what the columns mean.

Made to open as it should in Excel, LibreOffice and Numbers: UTF-8 with a byte order mark (Excel
reads "Zoë Müller" right only with it), commas, quoted where needed. A cell that a spreadsheet
would run as a formula (a name starting with "=", "+", "-" or "@") is defused with a leading
apostrophe: a student cannot run anything on the teacher's computer by what they call
themselves."""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Iterable

from django.db.models import Count, Max, Q
from django.http import HttpResponse
from django.utils import timezone
from django.utils.text import slugify

from cfmj.classes.models import Assignment, Classroom
from cfmj.classes.selectors import Status, set_for, statuses, students_of
from cfmj.play.stats import last_played
from lessons.models import LessonProgress
from practice.models import Attempt

BOM = "\ufeff"
# A cell starting with one of these is run as a formula by spreadsheet programs.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")
FIRST_COLUMNS = ["Name", "Username", "Homework done", "Homework late", "Average score of finished homework %"]
LAST_COLUMNS = ["Lessons done", "Last active"]


def cell(text: str) -> str:
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _percent(score: float | None) -> str:
    return "" if score is None else f"{round(100 * score)}%"


def homework_cell(status: Status) -> str:
    """One student's piece of homework in words: "done 85%", "done late 60%", "started 40%",
    "not started", "late: started 40%", "late: not started"."""
    score = _percent(status.score)
    if status.done:
        words = "done late" if status.late else "done"
    else:
        words = "started" if status.answered or status.score is not None else "not started"
        if status.late:
            words = f"late: {words}"
    return f"{words} {score}".strip()


NOT_SET = "not set"  # homework set for some students only, not this one


def homework_heading(assignment: Assignment) -> str:
    return f"{assignment.title}, due {assignment.due.isoformat()}"


def gradebook_rows(classroom: Classroom) -> list[list[str]]:
    """The header, a row per student (by name), a blank row, then the notes. Plain text: the
    writer quotes and `cell` defuses."""
    students = sorted(students_of(classroom), key=lambda u: (u.shown_name.casefold(), u.username))
    homework = [
        (assignment, statuses(assignment, set_for(assignment, students)))
        for assignment in Assignment.objects.filter(classroom=classroom)
        .select_related("lesson")
        .prefetch_related("students")
    ]
    lessons, last_seen = _lessons_and_last_seen([u.pk for u in students])
    rows = [[*FIRST_COLUMNS, *(homework_heading(a) for a, _ in homework), *LAST_COLUMNS]]
    for student in students:
        mine = [found[student.pk] for _, found in homework if student.pk in found]
        finished = [s.score for s in mine if s.done and s.score is not None]
        seen = last_seen.get(student.pk)
        rows.append(
            [
                student.real_name,
                student.username,
                str(sum(s.done for s in mine)),
                str(sum(s.late for s in mine)),
                str(round(100 * sum(finished) / len(finished))) if finished else "",
                *(
                    homework_cell(found[student.pk]) if student.pk in found else NOT_SET
                    for _, found in homework
                ),
                str(lessons.get(student.pk, 0)),
                timezone.localdate(seen).isoformat() if seen else "",
            ]
        )
    return [*rows, [], *_notes(classroom, len(homework))]


def _lessons_and_last_seen(ids: list[int]) -> tuple[dict[int, int], dict[int, datetime.datetime]]:
    progress = (
        LessonProgress.objects.filter(user_id__in=ids)
        .order_by()
        .values("user_id")
        .annotate(finished=Count("pk", filter=Q(completed_at__isnull=False)), last=Max("updated_at"))
    )
    lessons = {row["user_id"]: row["finished"] for row in progress}
    last = {row["user_id"]: row["last"] for row in progress if row["last"]}
    answers = Attempt.objects.filter(user_id__in=ids).order_by().values("user_id")
    for row in answers.annotate(last=Max("answered_at")):
        user_id = row["user_id"]
        last[user_id] = max(row["last"], last.get(user_id, row["last"]))
    for user_id, at in last_played(ids).items():  # a student who only plays hands is active too
        last[user_id] = max(at, last.get(user_id, at))
    return lessons, last


def _notes(classroom: Classroom, homework: int) -> list[list[str]]:
    made = timezone.localtime().strftime("%Y-%m-%d %H:%M %Z")
    return [
        ["About this gradebook", f"{classroom.name}: its students now, made {made}."],
        ["Name", "The name the student gave (or you gave an account the class made); empty when none."],
        ["Username", "What the student logs in with."],
        [
            "Homework done",
            f"How many pieces of homework set for the student they have finished (the class has {homework}; "
            "some may be set for other students only).",
        ],
        [
            "Homework late",
            "Homework finished after its due day, or not finished when its due day has passed "
            "(the day ends at midnight where the student is).",
        ],
        [
            "Average score of finished homework %",
            "The average score of the homework the student has finished; empty when none is.",
        ],
        [
            "One column per homework",
            "done 85%: finished by its due day, with its score. done late: finished after it. "
            "started 40%: begun, the score so far. not started: nothing yet. "
            "late: not finished and its due day has passed. not set: set for other students only.",
        ],
        [
            "Score",
            "For a lesson: the best quiz mark (the lesson is done when its quiz is passed). "
            "For puzzles: the average mark of the puzzles answered for the homework. "
            "Hands to play have none: a hand counts once finished.",
        ],
        ["Lessons done", "Lessons of the course the student has finished, set as homework or not."],
        ["Last active", "The last day the student answered a puzzle, worked on a lesson or played a hand."],
    ]


def _csv_text(rows: Iterable[list[str]]) -> str:
    out = io.StringIO()
    out.write(BOM)
    csv.writer(out).writerows([cell(text) for text in row] for row in rows)
    return out.getvalue()


def gradebook_response(classroom: Classroom) -> HttpResponse:
    filename = f"{slugify(classroom.name) or 'class'}-gradebook.csv"  # slugify: no quotes or newlines
    response = HttpResponse(_csv_text(gradebook_rows(classroom)), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
