"""One definition per kind of homework: everything the site knows about a kind, in one place (as
cfmj.engine.drills gives each drill kind a DrillKind).

A kind's definition says what it is called and what it is in a teacher's words, its title, the
fields its form adds, how it is set and corrected, how a student's progress on it is read (and
so when it is done, for the class page, the report and the gradebook), which table it keeps, and
where a student does it. DEFINITIONS lists them in order; the chooser, the forms, the services,
the selectors and Assignment.kind's choices all read the registry. Adding a kind is its
definition here and its student page (`template`), with a test."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from django import forms
from django.db import transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils.http import urlencode

from cfmj.accounts.learners import learner_of
from cfmj.accounts.models import User
from cfmj.classes import deal_homework, homework_fields, progress
from cfmj.classes.homework_puzzles import puzzles_pick, puzzles_supply
from cfmj.classes.models import Assignment, AssignmentPuzzle, Classroom
from cfmj.classes.progress import Status
from cfmj.classes.selectors import class_table
from cfmj.classes.services import MAX_HANDS, MAX_PUZZLES, ClassError
from cfmj.engine import drills
from cfmj.engine.labels import HOUSE_RULE_LABELS, SKILL_LEVEL_LABELS
from cfmj.play.models import Game
from cfmj.play.stats import table_key as play_table_key
from cfmj.play.stats import table_words as play_table_words
from lessons.models import Lesson
from practice import answering, serving
from practice.models import KIND_CHOICES, Puzzle
from practice.tables import STANDARD, table_of

STUDENT_PAGE = "classes/assignment_student.html"
MAKING_REFRESH_SECONDS = 5  # how soon a student's page looks again while their puzzles are made


@dataclass(frozen=True)
class Setting:
    """What a teacher chose when setting homework (what a kind does not use is left as it is)."""

    classroom: Classroom
    teacher: User
    due: datetime.date
    lesson: Lesson | None = None
    drill_kind: str = ""
    count: int = 0
    band: int = 2
    play_mode: str = ""
    bot_level: str = ""


@dataclass(frozen=True)
class Change:
    """What a teacher changed in homework already set (None: left as it was)."""

    lesson: Lesson | None = None
    count: int | None = None
    band: int | None = None
    play_mode: str | None = None


def _no_fields(form: forms.Form, new: bool) -> None:
    pass


def _no_change(assignment: Assignment, change: Change) -> list[str]:
    return []


def _no_context(request: HttpRequest, assignment: Assignment, status: Status) -> dict[str, Any]:
    return {}


def _no_copy(original: Assignment, copy: Assignment) -> None:
    pass


@dataclass(frozen=True)
class HomeworkKind:
    """One kind of homework.

    `name`: what Assignment.kind stores. `label`: the chooser's button. `words`: what it is, in a
    teacher's words. `title`: a piece of homework's title. `fields`: adds the kind's fields to a
    form (`new`: setting it; otherwise correcting it). `create`: checks a Setting and stores the
    homework (raises ClassError). `update`: applies a Change, giving the fields it changed.
    `statuses`: each student's progress, by user id. `start_url`: where a student does it, when
    not on the class's homework page, which otherwise shows `template` with `context` (and, for
    puzzles, `next_puzzle`; `runs_dry`: its pool may hold none new to the student, and more are
    made then: cfmj.classes.homework_puzzles.puzzles_supply).
    `table_now`: the table the class would set it with now (None: it keeps no table), and
    `table_words` a table key in a teacher's words. `scored`: it has a score. `unit`, `units`:
    what it counts, one and several. `edit_words`, `copy_keeps`: what the pages correcting and
    duplicating it add; `copied`: what a copy needs besides the homework's own fields (a deal of
    its own)."""

    name: str
    label: str
    words: str
    title: Callable[[Assignment], str]
    create: Callable[[Setting], Assignment]
    statuses: Callable[[Assignment, list[int]], dict[int, Status]]
    fields: Callable[[forms.Form, bool], None] = _no_fields
    update: Callable[[Assignment, Change], list[str]] = _no_change
    start_url: Callable[[Assignment], str] | None = None
    template: str = STUDENT_PAGE
    context: Callable[[HttpRequest, Assignment, Status], dict[str, Any]] = _no_context
    next_puzzle: Callable[[Assignment, User], Puzzle | None] | None = None
    runs_dry: bool = False
    table_now: Callable[[Assignment], str] | None = None
    table_words: Callable[[str], str] = lambda key: ""
    scored: bool = True
    unit: str = "puzzles"
    units: str = "puzzles"
    edit_words: str = ""
    copy_keeps: str = "the same settings"
    copied: Callable[[Assignment, Assignment], None] = _no_copy


def table_words(key: str) -> str:
    """A table key (practice.tables) in a teacher's words."""
    rules = table_of(key)
    if rules is None:
        return "the standard rules"
    house = "; ".join(HOUSE_RULE_LABELS[r] for r in sorted(rules.house_rules)) or "no house rules"
    return f"{house}; {SKILL_LEVEL_LABELS.get(rules.skill_level, '')}"


# A lesson to read, with its quiz.


def _lesson_title(assignment: Assignment) -> str:
    lesson = assignment.lesson
    return f"Lesson {lesson.number}: {lesson.title}" if lesson is not None else _fixed_title(assignment)


def _lesson_create(setting: Setting) -> Assignment:
    if setting.lesson is None or not setting.lesson.active:
        raise ClassError("Choose the lesson to assign.")
    return Assignment.objects.create(
        classroom=setting.classroom,
        kind=Assignment.Kind.LESSON,
        lesson=setting.lesson,
        due=setting.due,
        created_by=setting.teacher,
    )


def _lesson_update(assignment: Assignment, change: Change) -> list[str]:
    if change.lesson is None:
        return []
    if not change.lesson.active:
        raise ClassError("Choose the lesson to assign.")
    assignment.lesson = change.lesson
    return ["lesson"]


def _lesson_url(assignment: Assignment) -> str:
    lesson = assignment.lesson
    return reverse("lessons:lesson", kwargs={"slug": lesson.slug}) if lesson is not None else ""


# Drill puzzles, drawn for each student as they go, or a fixed set, the same for everyone.


def _drill_label(assignment: Assignment) -> str:
    return dict(KIND_CHOICES).get(assignment.drill_kind, assignment.drill_kind)


def _drills_title(assignment: Assignment) -> str:
    return f"{assignment.count} × {_drill_label(assignment)} (difficulty {assignment.band})"


def _fixed_title(assignment: Assignment) -> str:
    return f"{_drill_label(assignment)}: a set of {assignment.count} puzzles"


def _puzzles_create(setting: Setting, *, fixed: bool) -> Assignment:
    drill_kind, band, count, classroom = setting.drill_kind, setting.band, setting.count, setting.classroom
    if drill_kind not in drills.KINDS:
        raise ClassError("Choose the kind of drill.")
    _check_count(count, MAX_PUZZLES, "puzzles")
    _check_band(band)
    table = class_table(classroom, drill_kind)
    pick = partial(puzzles_pick, classroom=classroom, kind=drill_kind, band=band, count=count, table=table)
    if fixed and drills.definition(drill_kind).slow:
        pick()  # made (one at most) and counted before the homework's transaction: a refusal keeps it
    with transaction.atomic():
        assignment = Assignment.objects.create(
            classroom=classroom,
            kind=Assignment.Kind.FIXED if fixed else Assignment.Kind.DRILLS,
            drill_kind=drill_kind,
            count=count,
            band=band,
            table=table,
            due=setting.due,
            created_by=setting.teacher,
        )
        if fixed:
            AssignmentPuzzle.objects.bulk_create(
                [
                    AssignmentPuzzle(assignment=assignment, puzzle=puzzle, position=position)
                    for position, puzzle in enumerate(pick(), 1)
                ]
            )
        elif table != STANDARD and not drills.definition(drill_kind).slow:
            # A class's own table: make enough that the class has not met for the homework now
            # (the refill keeps its pools full, and a student who runs out has more made then).
            pick()
    return assignment


def _drills_update(assignment: Assignment, change: Change) -> list[str]:
    fields = []
    if change.count is not None:
        assignment.count = _check_count(change.count, MAX_PUZZLES, "puzzles")
        fields.append("count")
    if change.band is not None:
        assignment.band = _check_band(change.band)
        fields.append("band")
    return fields


def _check_count(count: int, most: int, what: str) -> int:
    """How many puzzles or hands a homework asks for, refused outside 1 to `most`."""
    if not 1 <= count <= most:
        raise ClassError(f"Ask for between 1 and {most} {what}.")
    return count


def _check_band(band: int) -> int:
    if band not in drills.BANDS:
        raise ClassError("Difficulty goes from 1 (first steps) to 5 (hardest).")
    return band


def _check_mode(mode: str) -> str:
    if mode not in Game.Mode.values:
        raise ClassError("Choose which hands count: practice or test.")
    return mode


def _puzzle_context(request: HttpRequest, assignment: Assignment, status: Status) -> dict[str, Any]:
    """The next puzzle, served for this homework to this student: the answer counts for it, and
    leads back here. Drill homework never runs dry: when the student has met every puzzle of its
    pool, more are made now, or by the worker while the page says so (`making`) and looks again."""
    user = request.user
    assert isinstance(user, User)
    definition = kind_of(assignment)
    pick = definition.next_puzzle
    puzzle = None if status.done or pick is None else pick(assignment, user)
    if puzzle is None and pick is not None and not status.done and definition.runs_dry:
        puzzles_supply(assignment=assignment)
        puzzle = pick(assignment, user)  # made now (or at once by a worker without a broker)
        if puzzle is None:
            return {"puzzle": None, "making": True, "refresh_seconds": MAKING_REFRESH_SECONDS}
    if puzzle is None:
        return {"puzzle": None}
    where = serving.homework(assignment.classroom_id, assignment.pk)
    return {
        "puzzle": puzzle,
        "question": puzzle.question,
        "kind_title": drills.KIND_TITLES[puzzle.kind],
        "token": answering.question_serve(
            learner=learner_of(request), what=serving.puzzle(puzzle.pk), where=where
        ),
    }


def _puzzle_table(assignment: Assignment) -> str:
    return class_table(assignment.classroom, assignment.drill_kind)


# Hands to play against the bots.


def _play_title(assignment: Assignment) -> str:
    mode = Game.Mode(assignment.play_mode).label.lower() if assignment.play_mode in Game.Mode.values else ""
    return f"Play {assignment.count} hand{'' if assignment.count == 1 else 's'} in {mode} mode"


def _play_create(setting: Setting) -> Assignment:
    """Hands to play at the class's table (its house rules and skill level as they are now), in
    practice or test mode: each finished hand counts (progress.play_statuses)."""
    _check_mode(setting.play_mode)
    _check_count(setting.count, MAX_HANDS, "hands")
    classroom = setting.classroom
    return Assignment.objects.create(
        classroom=classroom,
        kind=Assignment.Kind.PLAY,
        count=setting.count,
        play_mode=setting.play_mode,
        table=play_table_key(classroom.house_rules, classroom.skill_level),
        due=setting.due,
        created_by=setting.teacher,
    )


def _play_update(assignment: Assignment, change: Change) -> list[str]:
    fields = []
    if change.count is not None:
        assignment.count = _check_count(change.count, MAX_HANDS, "hands")
        fields.append("count")
    if change.play_mode is not None:
        assignment.play_mode = _check_mode(change.play_mode)
        fields.append("play_mode")
    return fields


def _play_url(assignment: Assignment) -> str:
    """The Play page, its table set for the homework."""
    return f"{reverse('play:home')}?{urlencode({'homework': assignment.pk})}"


def _play_table(assignment: Assignment) -> str:
    classroom = assignment.classroom
    return play_table_key(classroom.house_rules, classroom.skill_level)


LESSON = HomeworkKind(
    name=Assignment.Kind.LESSON,
    label="A lesson",
    words="A lesson to read, with its quiz: done once the student passes the quiz.",
    title=_lesson_title,
    fields=lambda form, new: homework_fields.lesson_field(form),
    create=_lesson_create,
    update=_lesson_update,
    statuses=progress.lesson_statuses,
    start_url=_lesson_url,
)
DRILLS = HomeworkKind(
    name=Assignment.Kind.DRILLS,
    label="Drill puzzles",
    words=(
        "Drill puzzles: each student answers puzzles of one kind, drawn for them as they go, so "
        "no two students get the same ones. Good for practice between classes."
    ),
    title=_drills_title,
    fields=lambda form, new: homework_fields.puzzle_fields(form, kind=new),
    create=lambda setting: _puzzles_create(setting, fixed=False),
    update=_drills_update,
    statuses=progress.drill_statuses,
    context=_puzzle_context,
    next_puzzle=progress.next_drill_puzzle,
    runs_dry=True,
    table_now=_puzzle_table,
    table_words=table_words,
)
FIXED = HomeworkKind(
    name=Assignment.Kind.FIXED,
    label="A fixed set of puzzles",
    words=(
        "A fixed set: the same puzzles, drawn once now, for every student. Good when you want "
        "to go over the answers together in class."
    ),
    title=_fixed_title,
    fields=lambda form, new: homework_fields.puzzle_fields(form, kind=True) if new else None,
    create=lambda setting: _puzzles_create(setting, fixed=True),
    statuses=progress.fixed_statuses,
    context=_puzzle_context,
    next_puzzle=progress.next_fixed_puzzle,
    table_now=_puzzle_table,
    table_words=table_words,
    edit_words=" Its puzzles stay as they are: to set other ones, duplicate it, or set new homework.",
    copy_keeps="the same puzzles",
)
PLAY = HomeworkKind(
    name=Assignment.Kind.PLAY,
    label="Hands to play",
    words=(
        "Hands to play: each student plays hands against three bots at the class's table (its house "
        "rules and skill level as they are now). A hand counts once finished, in the mode you choose: "
        "practice (with undo and hints) or test (no undo, the hands their statistics count)."
    ),
    title=_play_title,
    fields=lambda form, new: homework_fields.play_fields(form),
    create=_play_create,
    update=_play_update,
    statuses=progress.play_statuses,
    start_url=_play_url,
    table_now=_play_table,
    table_words=play_table_words,
    scored=False,
    unit="hand",
    units="hands",
)
DEAL = HomeworkKind(
    name=Assignment.Kind.DEAL,
    label="The class's deal",
    words=deal_homework.WORDS,
    title=deal_homework.deal_title,
    fields=lambda form, new: homework_fields.deal_fields(form) if new else None,
    create=deal_homework.deal_create,
    statuses=deal_homework.deal_statuses,
    start_url=deal_homework.deal_url,
    scored=False,
    unit="hand",
    units="hands",
    edit_words=" Its deal, bots and mode stay as they are: to deal another hand, duplicate it.",
    copy_keeps="the same bots and mode, and a new deal (a wall of its own)",
    copied=deal_homework.deal_copied,
)

DEFINITIONS: tuple[HomeworkKind, ...] = (LESSON, DRILLS, FIXED, PLAY, DEAL)
_BY_NAME: dict[str, HomeworkKind] = {kind.name: kind for kind in DEFINITIONS}


def kinds() -> list[HomeworkKind]:
    """Every registered kind, in order (read when asked, so a kind added to the registry shows)."""
    return list(_BY_NAME.values())


def find(name: object) -> HomeworkKind | None:
    """A kind's definition, or None for a name that is not one."""
    return _BY_NAME.get(name) if isinstance(name, str) else None


def kind_of(assignment: Assignment) -> HomeworkKind:
    """The definition of a piece of homework's kind."""
    return _BY_NAME[assignment.kind]


def kind_choices() -> list[tuple[str, str]]:
    """Every registered kind with its label: Assignment.kind's `choices` (a callable stays out of
    Django's migrations, so a new kind needs none)."""
    return [(kind.name, kind.label) for kind in _BY_NAME.values()]


def keeping_a_table() -> list[str]:
    """The kinds whose homework keeps the table it was set with."""
    return [kind.name for kind in _BY_NAME.values() if kind.table_now is not None]


def all_labels() -> str:
    """The kinds in a sentence: "a lesson, drill puzzles, a fixed set of puzzles, or hands to play"."""
    labels = [kind.label.lower() for kind in _BY_NAME.values()]
    return ", ".join(labels[:-1]) + (", or " if len(labels) > 1 else "") + labels[-1]
