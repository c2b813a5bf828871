"""Reading the course: which lessons are open and done, where to continue, and which lesson
step teaches a rule (for drill explanations)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType

from django.urls import reverse

from cfmj.core.kept import Kept
from cfmj.core.learners import Learner, rows_of
from cfmj.engine.drills.scope import Scope
from cfmj.engine.rulebook import RULE_LINES
from lessons.content import RULES_DIR, RuleSectionText, RuleText, read_rules, scope_at
from lessons.models import Lesson, LessonProgress, Step

TEACHERS_SECONDS = 60  # a new load of the course shows in drill explanations within a minute
OUTLINE_SECONDS = 60  # a new load of the course shows on the lesson pages within a minute


@dataclass(frozen=True)
class StepTitle:
    number: int
    title: str


@dataclass(frozen=True)
class LessonOutline:
    """A lesson as the course pages place and link it: not its text, drills or quiz (the Lesson
    row has those)."""

    pk: int
    slug: str
    number: int
    title: str
    steps: tuple[StepTitle, ...]


@dataclass(frozen=True)
class LessonState:
    lesson: LessonOutline
    progress: LessonProgress | None
    open: bool

    @property
    def steps(self) -> int:
        return len(self.lesson.steps)

    @property
    def done(self) -> bool:
        return self.progress is not None and self.progress.done

    @property
    def step_reached(self) -> int:
        return self.progress.step_reached if self.progress else 0

    @property
    def next_step(self) -> int | None:
        """The step to continue with, or None when all steps were answered (the quiz is next)."""
        return self.step_reached + 1 if self.step_reached < self.steps else None


def _outline_read() -> tuple[LessonOutline, ...]:
    titles: defaultdict[int, list[StepTitle]] = defaultdict(list)
    for lesson_id, number, title in (
        Step.objects.filter(lesson__active=True)
        .order_by("number")
        .values_list("lesson_id", "number", "title")
    ):
        titles[lesson_id].append(StepTitle(number, title))
    rows = Lesson.objects.filter(active=True).order_by("number").values_list("pk", "slug", "number", "title")
    return tuple(
        LessonOutline(pk, slug, number, title, tuple(titles[pk])) for pk, slug, number, title in rows
    )


# Every lesson page reads it, and it changes only when the course is loaded (which forgets it at
# once in the loading process; other processes see the new course within a minute).
OUTLINE = Kept(_outline_read, seconds=OUTLINE_SECONDS)


def outline() -> tuple[LessonOutline, ...]:
    """The active lessons in order, with their steps' titles."""
    return OUTLINE.get()


def course(learner: Learner, *, assigned: Collection[int]) -> list[LessonState]:
    """Every lesson in order. Lesson 1 is open; each later one opens when the one before is done,
    or when it is among `assigned` (the lessons a teacher set the learner as homework: the caller
    asks the classes app, which builds on lessons)."""
    lessons = outline()
    progress = {p.lesson_id: p for p in LessonProgress.objects.filter(rows_of(learner))}
    states: list[LessonState] = []
    previous_done = True
    for lesson in lessons:
        mine = progress.get(lesson.pk)
        opened = previous_done or lesson.pk in assigned or (mine is not None and mine.done)
        state = LessonState(lesson, mine, opened)
        states.append(state)
        previous_done = state.done
    return states


def state_of(states: list[LessonState], slug: str) -> LessonState | None:
    return next((s for s in states if s.lesson.slug == slug), None)


@dataclass(frozen=True)
class ContinuePoint:
    state: LessonState
    url: str
    label: str


def continue_point(states: list[LessonState]) -> ContinuePoint | None:
    """Where the learner left off (states from course()): the first open lesson not done, or
    None when all are done."""
    for state in states:
        if state.open and not state.done:
            slug = state.lesson.slug
            if state.next_step is not None:
                return ContinuePoint(
                    state,
                    reverse("lessons:step", args=[slug, state.next_step]),
                    f"Lesson {state.lesson.number}, step {state.next_step} of {state.steps}",
                )
            return ContinuePoint(
                state, reverse("lessons:quiz", args=[slug]), f"Lesson {state.lesson.number}: the quiz"
            )
    return None


@dataclass(frozen=True)
class CourseProgress:
    """'Continue where you left off' on the home page and the dashboard."""

    continue_at: ContinuePoint | None
    done: int
    total: int


def course_progress(learner: Learner, *, assigned: Collection[int]) -> CourseProgress:
    """Where the learner left off in the course, and how many lessons they have done of how many
    (`assigned` as for course())."""
    states = course(learner, assigned=assigned)
    return CourseProgress(continue_point(states), sum(1 for s in states if s.done), len(states))


@dataclass(frozen=True)
class Teacher:
    """The first lesson step that teaches a rule line (or a line of some section)."""

    url: str
    label: str


@dataclass(frozen=True)
class Teachers:
    by_section: Mapping[str, Teacher]
    by_line: Mapping[str, Teacher]


def _teachers_read() -> Teachers:
    by_section: dict[str, Teacher] = {}
    by_line: dict[str, Teacher] = {}
    rows = (
        Step.objects.filter(lesson__active=True)
        .order_by("lesson__number", "number")
        .values_list("teaches", "number", "title", "lesson__slug", "lesson__number")
    )
    for teaches, number, title, slug, lesson_number in rows:
        teacher = Teacher(reverse("lessons:step", args=[slug, number]), f"Lesson {lesson_number}: {title}")
        for line in teaches:
            rule = RULE_LINES.get(line)
            if rule is not None:
                by_line.setdefault(line, teacher)
                by_section.setdefault(rule.section, teacher)
    return Teachers(MappingProxyType(by_section), MappingProxyType(by_line))


# Drill explanations read it on every answer; it changes only when the course is loaded.
TEACHERS = Kept(_teachers_read, seconds=TEACHERS_SECONDS)


def _taught_read() -> tuple[tuple[tuple[str, ...], ...], ...]:
    by_lesson: defaultdict[int, list[tuple[str, ...]]] = defaultdict(list)
    rows = Step.objects.filter(lesson__active=True).order_by("lesson__number", "number")
    for number, teaches in rows.values_list("lesson__number", "teaches"):
        by_lesson[number].append(tuple(teaches))
    return tuple(tuple(by_lesson[number]) for number in sorted(by_lesson))


# The rule lines each step teaches, by lesson in course order: what a learner knows at a step.
TAUGHT = Kept(_taught_read, seconds=OUTLINE_SECONDS)


def scope_of(lesson_number: int, step: int | None = None) -> Scope:
    """What a learner knows at this step of the lesson (None: at its quiz, after every step): the
    scope its check or quiz is made within (lessons.content.scope_at)."""
    return scope_at(TAUGHT.get(), lesson_number, step)


def teachers() -> Teachers:
    """Rule line id, and RULES section ('2.3'), -> the first step that teaches it."""
    return TEACHERS.get()


def teacher_of(section: str) -> Teacher | None:
    """The step teaching `section`, or failing that its parent section ('2.3' -> '2')."""
    steps = teachers().by_section
    while section:
        if section in steps:
            return steps[section]
        section = section.rpartition(".")[0]
    return None


def rules_reference() -> list[RuleSectionText]:
    """The rules reference, read from its files (again only when one of them changes)."""
    stamp = tuple((p.name, p.stat().st_mtime_ns) for p in sorted(RULES_DIR.glob("*.toml")))
    return _rules_read(stamp)


@lru_cache(maxsize=2)
def _rules_read(stamp: tuple[tuple[str, int], ...]) -> list[RuleSectionText]:
    return read_rules()


def rules_matching(query: str) -> list[RuleSectionText]:
    """The sections and lines holding every word of `query` (all of them for an empty query)."""
    words = query.lower().split()
    if not words:
        return rules_reference()
    found = []
    for section in rules_reference():
        lines = tuple(
            line
            for line in section.lines
            if all(w in f"{section.title} {line.text} {line.reading}".lower() for w in words)
        )
        if lines:
            found.append(replace(section, lines=lines))
    return found


def house_readings() -> list[tuple[RuleSectionText, RuleText]]:
    """Every rule where the site had to choose a reading, with the choice."""
    return [(section, line) for section in rules_reference() for line in section.lines if line.reading]
