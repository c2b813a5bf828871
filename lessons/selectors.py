"""Reading the course: which lessons count in turn, which are done and which read ahead, where to
continue, and which lesson step teaches a rule (for drill explanations).

Every lesson is open to read, at any time. A lesson's checks and quiz count (move the learner's
progress) only in turn: once the lesson before it is done, when a teacher set it as homework, or
when the learner had begun it already. A lesson read before its turn is 'read ahead': its checks
are marked as practice and kept nowhere."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType

from django.db.models import QuerySet
from django.urls import reverse

from cfmj.accounts.learners import Learner, rows_of
from cfmj.accounts.models import User
from cfmj.core.kept import Kept
from cfmj.core.prepared import Prepared
from cfmj.engine import drills
from cfmj.engine.drills.rule_lines import SectionLines
from cfmj.engine.drills.scope import Scope
from cfmj.engine.rulebook import RULE_LINES, lines_in_section, section_title
from lessons.content import RULES_DIR, RuleSectionText, RuleText, read_rules, scope_at
from lessons.models import CheckAnswer, Lesson, LessonProgress, ReadAhead, Step

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
    """One lesson as this learner finds it. `in_turn`: its checks and quiz count (see course()).
    `read_to`: the furthest step they read of it ahead of its turn (0: none, or not read), while
    they have not begun it in turn."""

    lesson: LessonOutline
    progress: LessonProgress | None
    in_turn: bool
    read_to: int = 0

    @property
    def reading_ahead(self) -> bool:
        """Read before its turn: its checks are practice until the lesson before it is done."""
        return not self.in_turn and self.read_to > 0

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


def course(learner: Learner, *, assigned: Collection[int], reading: bool = False) -> list[LessonState]:
    """Every lesson in order, each open to read. Lesson 1 counts in turn; each later one when the
    one before is done, when it is among `assigned` (the lessons a teacher set the learner as
    homework: the caller asks the classes app, which builds on lessons), or when the learner has
    begun it already (a lesson added before it later does not put back a lesson they are in the
    middle of). With `reading`, each lesson not in turn says how far it was read ahead (one more
    query, only when some lesson is not in turn)."""
    lessons = outline()
    progress = {p.lesson_id: p for p in _progress_rows(learner)}
    states: list[LessonState] = []
    previous_done = True
    for lesson in lessons:
        mine = progress.get(lesson.pk)
        begun = mine is not None and (mine.done or mine.step_reached > 0)
        state = LessonState(lesson, mine, previous_done or lesson.pk in assigned or begun)
        states.append(state)
        previous_done = state.done
    if reading and any(_unbegun(state) for state in states):
        read = dict(ReadAhead.objects.filter(rows_of(learner)).values_list("lesson_id", "step"))
        states = [replace(s, read_to=read.get(s.lesson.pk, 0)) if _unbegun(s) else s for s in states]
    return states


def _progress_rows(learner: Learner) -> list[LessonProgress]:
    """The learner's LessonProgress rows (every lesson page and marked answer reads them)."""
    if learner.user is not None:
        return _PROGRESS_OF_USER.instances(learner.user.pk)
    return _PROGRESS_OF_VISITOR.instances(learner.visitor) if learner.visitor else []


_PROGRESS_OF_USER = Prepared(lambda user_id: LessonProgress.objects.filter(user_id=user_id), -1)
_PROGRESS_OF_VISITOR = Prepared(
    lambda visitor: LessonProgress.objects.filter(rows_of(Learner(None, visitor))), "\x01visitor"
)


def _unbegun(state: LessonState) -> bool:
    """Not begun in turn: how far it was read ahead is what there is to say of it (a lesson read
    ahead that has come into its turn since is still one the learner has read)."""
    return not state.in_turn or (not state.done and state.step_reached == 0)


def state_of(states: list[LessonState], slug: str) -> LessonState | None:
    return next((s for s in states if s.lesson.slug == slug), None)


@dataclass(frozen=True)
class ContinuePoint:
    state: LessonState
    url: str
    label: str


def continue_point(states: list[LessonState]) -> ContinuePoint | None:
    """Where the learner left off (states from course()): the first lesson in turn not done, or
    None when all are done."""
    for state in states:
        if state.in_turn and not state.done:
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


def test_out_start(states: list[LessonState], state: LessonState) -> LessonState | None:
    """For a lesson not in turn: the lesson whose quiz the learner passes first to test out
    towards it, the last lesson before it that is in turn (it is not done: the one after it would
    be in turn). Passing that quiz and each next one in order brings `state` into turn. None for a
    lesson in turn."""
    if state.in_turn:
        return None
    before = [s for s in states if s.lesson.number < state.lesson.number and s.in_turn]
    return before[-1] if before else None


@dataclass(frozen=True)
class CourseProgress:
    """'Continue where you left off' on the home page and the dashboard."""

    continue_at: ContinuePoint | None
    done: int
    total: int


def visitor_checks_missed(learner: Learner) -> int:
    """How many lesson questions a visitor has missed: like their missed drill puzzles, they come
    back for review once they sign up (lessons.services.visitor_lessons_claim)."""
    if learner.user is not None or not learner.visitor:
        return 0
    rows = CheckAnswer.missed.through.objects.filter(
        checkanswer__in=CheckAnswer.objects.filter(rows_of(learner))
    )
    return rows.values("puzzle_id").distinct().count()


def step_answered_right(learner: Learner, step: Step) -> bool:
    """Whether the learner has ever answered this step's check right (in turn or ahead of it)."""
    if learner.user is not None:
        return bool(_RIGHT_BY_USER.rows(learner.user.pk, step.lesson_id, step.number))
    return bool(learner.visitor) and bool(
        _RIGHT_BY_VISITOR.rows(learner.visitor, step.lesson_id, step.number)
    )


def _answered_right(who: Learner, lesson_id: int, number: int) -> QuerySet[CheckAnswer, tuple[int]]:
    answers = CheckAnswer.objects.filter(rows_of(who), lesson_id=lesson_id, step=number, score__gt=0)
    return answers.values_list("pk")[:1]


def step_of(lesson_id: int, number: int) -> Step | None:
    """A lesson's step by its number (every step page and check reads it): from the steps each
    process keeps (STEPS), as the outline is kept. Never change the Step given: it is shared."""
    if not 0 <= number <= SMALL_MAX:  # none (the ORM finds none; the database would refuse it)
        return None
    return STEPS.get().get((lesson_id, number))


def _steps_read() -> Mapping[tuple[int, int], Step]:
    return MappingProxyType({(step.lesson_id, step.number): step for step in Step.objects.all()})


# Every step (of any lesson, active or not) by (lesson id, number): a step page and its check
# each read one, and steps change only when the course is loaded, which forgets them at once in
# the loading process (others see the new steps within a minute, as the outline).
STEPS = Kept(_steps_read, seconds=OUTLINE_SECONDS)


# Asked by step pages: prepared (cfmj.core.prepared). A step's number is a small positive
# integer: its stand-in must be one (the ORM finds nothing for a number out of its range).
SMALL_MAX = 32767
_A_STEP = 32001
_RIGHT_BY_USER = Prepared(
    lambda user_id, lesson_id, n: _answered_right(Learner(User(pk=user_id), ""), lesson_id, n),
    -1,
    -2,
    _A_STEP,
)
_RIGHT_BY_VISITOR = Prepared(
    lambda visitor, lesson_id, n: _answered_right(Learner(None, visitor), lesson_id, n),
    "\x01visitor",
    -2,
    _A_STEP,
)


def course_progress(learner: Learner, *, assigned: Collection[int]) -> CourseProgress:
    """Where the learner left off in the course, and how many lessons they have done of how many
    (`assigned` as for course())."""
    states = course(learner, assigned=assigned)
    return CourseProgress(continue_point(states), sum(1 for s in states if s.done), len(states))


@dataclass(frozen=True)
class Teacher:
    """The first lesson step that teaches a rule line (or a line of some section): where it is,
    which lesson (`lesson`, the Lesson's pk; `order`, its place in the course) and what it teaches."""

    url: str
    label: str
    lesson: int = 0
    order: tuple[int, int] = (0, 0)
    teaches: tuple[str, ...] = ()


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
        .values_list("teaches", "number", "title", "lesson__slug", "lesson__number", "lesson_id")
    )
    for teaches, number, title, slug, lesson_number, lesson_id in rows:
        teacher = Teacher(
            reverse("lessons:step", args=[slug, number]),
            f"Lesson {lesson_number}: {title}",
            lesson_id,
            (lesson_number, number),
            tuple(teaches),
        )
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


@dataclass(frozen=True)
class Taught:
    """Where an answer's rule is taught: `teacher`, the step (every step is open to read). When
    its lesson is not in turn for this learner yet (`in_turn` False: later in the course for
    them), the rule is also said in place (`texts`, the lines' words)."""

    teacher: Teacher
    in_turn: bool
    texts: tuple[str, ...]


@dataclass(frozen=True)
class RuleReference:
    """One section a marked answer turns on: the place in the rules reference (`anchor`, its one
    line's or the section's) and the steps teaching its lines."""

    section: str
    anchor: str
    taught: tuple[Taught, ...]

    @property
    def title(self) -> str:
        """The section's name, shown instead of its number ("Categories and sets")."""
        return section_title(self.section)

    @property
    def links(self) -> tuple[Teacher, ...]:
        """The steps in lessons in turn for this learner: linked after the section."""
        return tuple(t.teacher for t in self.taught if t.in_turn)

    @property
    def in_place(self) -> tuple[Taught, ...]:
        """The steps in lessons later in the course for this learner: their rules are said in
        place, with a link to read the step."""
        return tuple(t for t in self.taught if not t.in_turn)


def rule_references(
    sections: Iterable[SectionLines], *, lessons_in_turn: Callable[[], Collection[int]] | None
) -> list[RuleReference]:
    """For each section of a marked answer (cfmj.engine.drills.rule_lines), the steps that teach
    its lines: every one for lines the answer is known to turn on, else the first in the course
    (for lines a kind practises, or failing any, for the section). `lessons_in_turn` gives the
    lesson pks in turn for this learner (None: all), asked only for a step beyond the first
    lesson (always in turn)."""
    by_line = teachers().by_line
    lessons = outline()
    first = lessons[0].pk if lessons else None
    in_turn: Collection[int] | None = None
    words = {line.id: line.text for section in rules_reference() for line in section.lines}
    out = []
    for ref in sections:
        found = {t.url: t for t in (by_line.get(line) for line in ref.lines) if t is not None}
        steps = sorted(found.values(), key=lambda t: t.order)
        if not ref.exact:
            steps = steps[:1]
        if not steps and (fallback := teacher_of(ref.section)) is not None:
            steps = [fallback]
        taught = []
        for step in steps:
            lines = [line for line in ref.lines if line in step.teaches] or [
                line for line in step.teaches if line in lines_in_section(ref.section)
            ]
            if in_turn is None and lessons_in_turn is not None and step.lesson != first:
                in_turn = lessons_in_turn()
            counts = in_turn is None or step.lesson in (*in_turn, first)
            taught.append(Taught(step, counts, tuple(words[line] for line in lines if line in words)))
        anchor = f"rule-{ref.lines[0]}" if ref.exact and len(ref.lines) == 1 else f"section-{ref.section}"
        out.append(RuleReference(ref.section, anchor, tuple(taught)))
    return out


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


@dataclass(frozen=True)
class DrillGuide:
    """A drill kind as the home page introduces it: what it practises and the lesson to take first."""

    kind: str
    title: str
    description: str
    url: str
    lesson: Teacher | None  # the first lesson that practises it; None if no lesson does


def drill_guide() -> list[DrillGuide]:
    """Every drill kind in the site's order, each with the first lesson whose drills list it."""
    first: dict[str, Teacher] = {}
    rows = Lesson.objects.filter(active=True).order_by("number")
    for slug, number, title, kinds in rows.values_list("slug", "number", "title", "drills"):
        link = Teacher(reverse("lessons:lesson", args=[slug]), f"Lesson {number}: {title}")
        for kind in kinds:
            first.setdefault(kind, link)
    return [
        DrillGuide(
            kind.name,
            kind.title,
            kind.description,
            reverse("practice:drill", args=[kind.name]),
            first.get(kind.name),
        )
        for kind in drills.DEFINITIONS
    ]
