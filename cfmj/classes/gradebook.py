"""The class's gradebook, the spreadsheet (CSV) its teachers download: a row per student (their
name and username), two columns per piece of homework (whether it was done, or late, in words; its
score, a plain number out of 100 that a spreadsheet can average), then notes saying what the
columns mean. A column of numbers holds numbers only: no "%", no words.

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
FIRST_COLUMNS = [
    "Name",
    "Username",
    "Homework done",
    "Homework late",
    "Average score of finished homework, out of 100",
]
LAST_COLUMNS = ["Lessons done", "Last active"]


def cell(text: str) -> str:
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def score_cell(score: float | None) -> str:
    """A score out of 100, a whole number ("85"), or "" when there is none."""
    return "" if score is None else str(round(100 * score))


def progress_cell(status: Status) -> str:
    """One student's piece of homework in words: "done", "done late", "started", "not started",
    "late: started", "late: not started" (its score is in the column beside it)."""
    if status.done:
        return "done late" if status.late else "done"
    words = "started" if status.answered or status.score is not None else "not started"
    return f"late: {words}" if status.late else words


NOT_SET = "not set"  # homework set for some students only, not this one


def homework_headings(assignment: Assignment) -> list[str]:
    named = f"{assignment.title}, due {assignment.due.isoformat()}"
    return [f"{named}: progress", f"{named}: score out of 100"]


def homework_cells(status: Status | None) -> list[str]:
    """A student's two cells of a piece of homework (not set for them: "not set" and no score)."""
    return [NOT_SET, ""] if status is None else [progress_cell(status), score_cell(status.score)]


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
    headings = [heading for assignment, _ in homework for heading in homework_headings(assignment)]
    rows = [[*FIRST_COLUMNS, *headings, *LAST_COLUMNS]]
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
                score_cell(sum(finished) / len(finished)) if finished else "",
                *(cell for _, found in homework for cell in homework_cells(found.get(student.pk))),
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
            "Average score of finished homework, out of 100",
            "The average score of the homework the student has finished, a number from 0 to 100; "
            "empty when none is.",
        ],
        [
            "Two columns per homework",
            "Its progress in words: done (finished by its due day), done late (finished after it), "
            "started (begun), not started, late: started or late: not started (not finished and its "
            "due day has passed), not set (set for other students only). Then its score, a number "
            "from 0 to 100 (the score so far while it is not finished); empty when there is none.",
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
