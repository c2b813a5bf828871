"""One student's page in a class report, for the class's teachers: their homework, the lessons they
opened, their drill answers (wrong ones first), the rules they miss most, the hands they played and,
of those, the ones they played for the class (each opening its review: cfmj.classes.student_hands).

Read from the student's own progress and attempts, as the class report is."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from cfmj.accounts.models import User
from cfmj.classes.models import Assignment, Classroom
from cfmj.classes.reports import KindResult, MissedRule, missed_rules, student_kinds
from cfmj.classes.selectors import Status, for_student, statuses
from cfmj.classes.student_hands import ClassHand, class_hands
from cfmj.engine import drills
from cfmj.engine.rulebook import section_title
from cfmj.play.stats import PlayStats, play_stats
from lessons.models import LessonProgress

ANSWERS_SHOWN = 30  # the latest answers listed (wrong ones first); older ones are counted only


@dataclass(frozen=True)
class Homework:
    assignment: Assignment
    status: Status


@dataclass(frozen=True)
class Answer:
    kind_title: str
    correct: bool
    score: float
    answered_at: datetime.datetime
    rules: tuple[str, ...]  # the names of the rule sections a wrong answer turned on

    @property
    def percent(self) -> int:
        return round(100 * self.score)


@dataclass(frozen=True)
class StudentReport:
    student: User
    homework: tuple[Homework, ...]
    lessons: tuple[LessonProgress, ...]
    kinds: tuple[KindResult, ...]
    answers: tuple[Answer, ...]  # the latest ANSWERS_SHOWN, wrong ones first, newest first in each
    answers_total: int
    missed_rules: tuple[MissedRule, ...]
    play: PlayStats  # hands against the bots
    hands: tuple[ClassHand, ...] = ()  # the hands played for the class, newest first


def student_report(classroom: Classroom, student: User) -> StudentReport:
    assignments = Assignment.objects.filter(for_student(student), classroom=classroom).select_related(
        "lesson"
    )
    assignments = assignments.order_by("due", "pk").distinct()
    homework = tuple(Homework(a, statuses(a, [student])[student.pk]) for a in assignments)
    lessons = tuple(
        LessonProgress.objects.filter(user=student).select_related("lesson").order_by("lesson__number")
    )
    attempts = student.attempts.order_by("-answered_at", "-pk")
    latest = list(
        attempts.values_list(
            "puzzle__kind",
            "puzzle__question",
            "puzzle__answer",
            "response",
            "correct",
            "score",
            "answered_at",
        )[:ANSWERS_SHOWN]
    )
    answers = sorted((_answer(*row) for row in latest), key=lambda a: a.correct)  # stable: newest first
    missed, _, _ = missed_rules([student.pk])
    return StudentReport(
        student=student,
        homework=homework,
        lessons=lessons,
        kinds=student_kinds(student),
        answers=tuple(answers),
        answers_total=attempts.count(),
        missed_rules=tuple(missed),
        play=play_stats(student),
        hands=tuple(class_hands(classroom, student)),
    )


def _answer(
    kind: str,
    question: dict[str, object],
    answer: dict[str, object],
    response: dict[str, str],
    correct: bool,
    score: float,
    at: datetime.datetime,
) -> Answer:
    rules: tuple[str, ...] = ()
    if not correct:
        sections = sorted(set(drills.grade(kind, question, answer, response).rules))
        rules = tuple(dict.fromkeys(section_title(s) for s in sections))
    return Answer(drills.KIND_TITLES.get(kind, kind), correct, score, at, rules)
