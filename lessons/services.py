"""Loading the course, and moving a learner's progress through it."""

from __future__ import annotations

import math
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import transaction
from django.db.models.functions import Greatest
from django.utils import timezone

from cfmj.accounts.learners import Learner, rows_of
from cfmj.accounts.models import User
from cfmj.engine import drills
from lessons.content import CONTENT_DIR, RULES_DIR, LessonSource, fingerprints, read_lessons, read_rules
from lessons.models import CheckAnswer, Lesson, LessonProgress, ReadAhead, Step
from lessons.selectors import OUTLINE, STEPS, TAUGHT, TEACHERS
from lessons.taught import OPENINGS
from practice import serving
from practice.services import lesson_mistake_keep, lesson_mistakes_claim

PASS_SHARE = 0.6  # a quiz is passed with 60% right (3 of 5, 3 of 4, 2 of 3)


@dataclass(frozen=True)
class LoadReport:
    created: int
    updated: int
    unchanged: int
    retired: int


def lessons_load(
    *, folder: Path = CONTENT_DIR, rules_folder: Path = RULES_DIR, sources: list[LessonSource] | None = None
) -> LoadReport:
    """Bring the database in step with the course files (or `sources` already read from them).
    Raises ContentError (nothing changed) when a file is wrong. Lessons no longer in the files
    are retired, not deleted."""
    read_rules(rules_folder)  # the reference must be whole before any lesson links to it
    if sources is None:
        loaded = {
            (n, slug): digest
            for n, slug, digest in Lesson.objects.filter(active=True).values_list(
                "number", "slug", "source_hash"
            )
        }
        if loaded and loaded == fingerprints(folder):  # every file as last loaded: nothing to do
            return LoadReport(0, 0, len(loaded), 0)
        sources = read_lessons(folder)
    created = updated = unchanged = 0
    with transaction.atomic():
        existing = {lesson.slug: lesson for lesson in Lesson.objects.select_for_update()}
        for source in sources:
            lesson = existing.get(source.slug)
            if (
                lesson is not None
                and lesson.source_hash == source.source_hash
                and lesson.active
                and lesson.number == source.number
            ):
                unchanged += 1
                continue
            fields = {
                "number": source.number,
                "title": source.title,
                "summary": source.summary,
                "intro": source.intro,
                "drills": list(source.drills),
                "quiz": [check.as_list() for check in source.quiz],
                "source_hash": source.source_hash,
                "active": True,
            }
            if lesson is None:
                lesson = Lesson.objects.create(slug=source.slug, **fields)
                created += 1
            else:
                Lesson.objects.filter(pk=lesson.pk).update(**fields)
                lesson.steps.all().delete()  # progress keeps step numbers, not step rows
                updated += 1
            Step.objects.bulk_create(
                [
                    Step(
                        lesson=lesson,
                        number=step.number,
                        title=step.title,
                        body=step.body,
                        teaches=list(step.teaches),
                        check_kind=step.check.kind,
                        check_focus=step.check.focus or "",
                        check_band=step.check.band,
                    )
                    for step in source.steps
                ]
            )
        slugs = {source.slug for source in sources}
        retired = Lesson.objects.filter(active=True).exclude(slug__in=slugs).update(active=False)
    if created or updated or retired:  # this process shows the new course at once, others within a minute
        OUTLINE.forget()
        STEPS.forget()
        TEACHERS.forget()
        TAUGHT.forget()
        OPENINGS.forget()
    return LoadReport(created, updated, unchanged, retired)


def _progress(learner: Learner, lesson_id: int) -> LessonProgress:
    """The learner's progress row in this lesson, made on first use (a visitor gets an id), and
    locked until the transaction it must be called in ends."""
    rows = LessonProgress.objects.select_for_update()
    if learner.user is not None:
        progress, _ = rows.get_or_create(user=learner.user, lesson_id=lesson_id)
    else:
        progress, _ = rows.get_or_create(user=None, visitor=learner.visitor, lesson_id=lesson_id)
    return progress


def step_check_record(
    *, learner: Learner, step: Step, progress: LessonProgress | None = None
) -> LessonProgress:
    """The learner answered this step's check right. The step reached moves on through it, and
    through any later steps answered right already, as long as none is missing: a step read ahead
    of its turn (from a rule's link) and answered right counts once the steps before it are done.
    Answering again (a retry, a double submit) changes nothing. `progress` is their row in the
    lesson as read earlier in the request, if any: when it has the step already there is nothing
    to write, as the step reached never goes back. Returns the row as it now is."""
    if progress is not None and progress.lesson_id == step.lesson_id and progress.step_reached >= step.number:
        return progress
    # No savepoint within the answer's own transaction (step_check_answer): an error here undoes
    # the whole answer anyway, and a savepoint costs two round trips.
    with transaction.atomic(savepoint=False):
        progress = _progress(learner, step.lesson_id)
        right = set(
            CheckAnswer.objects.filter(
                rows_of(learner), lesson_id=step.lesson_id, step__gt=progress.step_reached, score__gt=0
            ).values_list("step", flat=True)
        )
        right.add(step.number)
        reached = progress.step_reached
        while reached + 1 in right:
            reached += 1
        if reached > progress.step_reached:
            # GREATEST as well as the lock: SQLite has no row locks, and a step must never go back.
            LessonProgress.objects.filter(pk=progress.pk).update(
                step_reached=Greatest("step_reached", reached)
            )
            progress.step_reached = reached
    return progress


def _missed_keep(learner: Learner, kept: CheckAnswer, missed: list[drills.Puzzle]) -> None:
    """The questions an answer missed join the learner's review (an account's at once, a
    visitor's when they sign up: visitor_lessons_claim)."""
    if missed:
        stored = [lesson_mistake_keep(puzzle=puzzle, user=learner.user) for puzzle in missed]
        # `kept` was just made: its links are written at once, one statement (the manager's set()
        # would first read the links it has, none, and add() is the same insert).
        through = CheckAnswer.missed.through
        through.objects.bulk_create(
            [through(checkanswer_id=kept.pk, puzzle_id=puzzle.pk) for puzzle in stored], ignore_conflicts=True
        )


@dataclass(frozen=True)
class Answered:
    """A step check or quiz answered: the answer as kept, the learner's progress in the lesson
    after it (as read before, for an answer sent again), and whether this was the first time its
    token was answered (else `kept` is the answer sent first, and nothing moved)."""

    kept: CheckAnswer
    progress: LessonProgress | None
    first: bool


def _owner(learner: Learner) -> dict[str, Any]:
    return {"user": learner.user, "visitor": "" if learner.user is not None else learner.visitor}


def _kept(token: uuid.UUID, progress: LessonProgress | None) -> Callable[[], Answered | None]:
    """The answer kept under `token` first, if any, with the progress as read before."""

    def kept() -> Answered | None:
        first = CheckAnswer.objects.filter(token=token).first()
        return None if first is None else Answered(first, progress, first=False)

    return kept


def step_check_answer(
    *,
    learner: Learner,
    step: Step,
    token: uuid.UUID,
    response: dict[str, str],
    correct: bool,
    puzzle: drills.Puzzle,
    progress: LessonProgress | None = None,
) -> Answered:
    """Keep the answer to a step's check (`puzzle`) served with `token` (its one-time id), once:
    the same token again changes nothing and gives back the answer sent first. Right, it records
    the step reached; missed, the puzzle joins the learner's review. `progress` is the learner's
    row in the lesson as read earlier in the request."""

    def keep() -> Answered:
        kept = CheckAnswer.objects.create(
            token=token,
            lesson_id=step.lesson_id,
            step=step.number,
            responses=[response],
            score=int(correct),
            size=1,
            **_owner(learner),
        )
        if not correct:
            _missed_keep(learner, kept, [puzzle])
            return Answered(kept, progress, first=True)
        return Answered(kept, step_check_record(learner=learner, step=step, progress=progress), first=True)

    answered, _ = serving.once(keep, _kept(token, progress))
    return answered


def quiz_answer(
    *,
    learner: Learner,
    lesson: Lesson,
    token: uuid.UUID,
    responses: list[dict[str, str]],
    score: int,
    size: int,
    missed: list[drills.Puzzle] | None = None,
    progress: LessonProgress | None = None,
) -> Answered:
    """Keep the answers to a quiz served with `token`, and the score (quiz_record), once: the same
    token again changes nothing and gives back the answers sent first. The questions `missed`
    join the learner's review."""

    def keep() -> Answered:
        kept = CheckAnswer.objects.create(
            token=token,
            lesson=lesson,
            step=None,
            responses=responses,
            score=score,
            size=size,
            **_owner(learner),
        )
        _missed_keep(learner, kept, missed or [])
        return Answered(kept, quiz_record(learner=learner, lesson=lesson, score=score, size=size), first=True)

    answered, _ = serving.once(keep, _kept(token, progress))
    return answered


def quiz_needed(size: int) -> int:
    return math.ceil(PASS_SHARE * size)


def quiz_passed(score: int, size: int) -> bool:
    return size > 0 and score >= quiz_needed(size)


def quiz_record(*, learner: Learner, lesson: Lesson, score: int, size: int) -> LessonProgress:
    """Keep the score; a pass completes the lesson (by the quiz alone, if the steps were not
    all done: testing out)."""
    with transaction.atomic():
        progress = _progress(learner, lesson.pk)
        progress.quiz_last = score
        progress.quiz_size = size
        progress.quiz_best = max(score, progress.quiz_best or 0)
        if quiz_passed(score, size) and progress.completed_at is None:
            progress.completed_at = timezone.now()
            progress.tested_out = progress.step_reached < lesson.steps.count()
        progress.save()
    return progress


def read_ahead_mark(*, learner: Learner, lesson_id: int, step: int) -> None:
    """The learner read this step of a lesson ahead of its turn: keep the furthest step they read
    of it (a visitor must have an id: learner_of(create=True)). Reading a step again, or an
    earlier one, writes nothing. It records no progress: nothing is reached or done."""
    owner = _owner(learner)
    if learner.user is None and not learner.visitor:
        raise ValueError("A visitor reads ahead once they have an id: learner_of(create=True).")
    row, made = ReadAhead.objects.get_or_create(**owner, lesson_id=lesson_id, defaults={"step": step})
    if not made and row.step < step:
        # GREATEST: two steps read at once never take the furthest one back.
        ReadAhead.objects.filter(pk=row.pk).update(step=Greatest("step", step), read_at=timezone.now())


def visitor_lessons_claim(*, user: User, visitor: str) -> int:
    """A visitor who signs up or in keeps their lesson progress: rows move to the account, or
    merge into the account's own row for the same lesson (the furthest of each). Their answered
    checks and quizzes move too, and the questions they missed come back for review, and so do
    the lessons they read ahead. Returns how many progress rows moved."""
    if not visitor:
        return 0
    moved = 0
    with transaction.atomic():
        answers = CheckAnswer.objects.filter(visitor=visitor, user__isnull=True)
        missed = list(
            CheckAnswer.missed.through.objects.filter(checkanswer__in=answers).values_list(
                "puzzle_id", flat=True
            )
        )
        answers.update(user=user, visitor="")
        lesson_mistakes_claim(user=user, puzzle_ids=missed)
        for row in LessonProgress.objects.select_for_update().filter(visitor=visitor, user__isnull=True):
            mine = LessonProgress.objects.select_for_update().filter(user=user, lesson=row.lesson_id).first()
            if mine is None:
                LessonProgress.objects.filter(pk=row.pk).update(user=user, visitor="")
            else:
                mine.step_reached = max(mine.step_reached, row.step_reached)
                if row.quiz_best is not None and (mine.quiz_best is None or row.quiz_best > mine.quiz_best):
                    mine.quiz_best, mine.quiz_size = row.quiz_best, row.quiz_size  # a score with its size
                if mine.completed_at is None and row.completed_at is not None:
                    mine.completed_at, mine.tested_out = row.completed_at, row.tested_out
                mine.save()
                row.delete()  # its content now lives in the account's row
            moved += 1
        for read in ReadAhead.objects.select_for_update().filter(visitor=visitor, user__isnull=True):
            kept = ReadAhead.objects.select_for_update().filter(user=user, lesson=read.lesson_id).first()
            if kept is None:
                ReadAhead.objects.filter(pk=read.pk).update(user=user, visitor="")
            else:
                ReadAhead.objects.filter(pk=kept.pk).update(step=max(kept.step, read.step))
                read.delete()
    return moved
