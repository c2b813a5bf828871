"""The course as loaded from lessons/content, and each learner's progress through it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


def one_per_learner_lesson(what: str) -> list[models.BaseConstraint]:
    """One row of `what` per lesson for each account, and for each visitor (rows with no account)."""
    return [
        models.UniqueConstraint(
            fields=[learner, "lesson"],
            condition=Q(user__isnull=learner == "visitor"),
            name=f"one_{what}_per_{learner}_lesson",
        )
        for learner in ("user", "visitor")
    ]


class Lesson(models.Model):
    slug = models.SlugField(max_length=80, unique=True)
    number = models.PositiveSmallIntegerField()
    title = models.CharField(max_length=200)
    summary = models.TextField()
    intro = models.TextField(blank=True)
    drills = models.JSONField(default=list)  # drill kinds that practise it
    quiz = models.JSONField(default=list)  # [[kind, focus, band], ...]
    source_hash = models.CharField(max_length=64)
    # A lesson whose file went away is retired, never deleted: learners' progress in it stays.
    active = models.BooleanField(default=True)

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return f"{self.number}. {self.title}"


class Step(models.Model):
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="steps")
    number = models.PositiveSmallIntegerField()
    title = models.CharField(max_length=200)
    body = models.TextField()  # Markdown, tiles as {{...}}
    teaches = models.JSONField(default=list)  # rule line ids (cfmj.engine.rulebook)
    check_kind = models.CharField(max_length=20)
    check_focus = models.CharField(max_length=40, blank=True)
    check_band = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["lesson__number", "number"]
        constraints = [models.UniqueConstraint(fields=["lesson", "number"], name="one_step_per_place")]

    def __str__(self) -> str:
        return f"{self.lesson.slug} {self.number}: {self.title}"


class LessonProgress(models.Model):
    """How far one learner (an account, or a visitor known by session) is in one lesson."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="lesson_progress",
    )
    visitor = models.CharField(max_length=36, blank=True, db_index=True)
    lesson = models.ForeignKey(Lesson, on_delete=models.PROTECT, related_name="progress")
    step_reached = models.PositiveSmallIntegerField(default=0)  # the last step whose check was answered
    checks_right = models.PositiveSmallIntegerField(default=0)
    quiz_last = models.PositiveSmallIntegerField(null=True, blank=True)
    quiz_best = models.PositiveSmallIntegerField(null=True, blank=True)
    quiz_size = models.PositiveSmallIntegerField(null=True, blank=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    tested_out = models.BooleanField(default=False)  # done by the quiz alone
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = one_per_learner_lesson("progress")

    def __str__(self) -> str:
        return f"{self.user or self.visitor} in {self.lesson}: step {self.step_reached}"

    @property
    def done(self) -> bool:
        return self.completed_at is not None


class CheckAnswer(models.Model):
    """One answered step check or quiz, kept under the one-time id it was served with
    (practice.serving): an answer sent again (a double submit, a retry, a replayed form) finds this
    row, is shown the same marks and moves nothing. A visitor's rows have no user, and move to
    their account when they sign up or log in (lessons.services.visitor_lessons_claim)."""

    token = models.UUIDField(unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="check_answers",
    )
    visitor = models.CharField(max_length=36, blank=True, db_index=True)
    lesson = models.ForeignKey(Lesson, on_delete=models.PROTECT, related_name="check_answers")
    step = models.PositiveSmallIntegerField(null=True, blank=True)  # the step's number; none for the quiz
    responses = models.JSONField()  # the form fields of each question, in order
    score = models.PositiveSmallIntegerField()  # questions right
    size = models.PositiveSmallIntegerField()  # questions asked
    # The questions it missed, kept as practice puzzles so that they come back for review
    # (practice.services.lesson_mistake_keep).
    missed = models.ManyToManyField("practice.Puzzle", blank=True, related_name="missed_in_lessons")
    answered_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        where = f"step {self.step}" if self.step is not None else "quiz"
        return f"{self.user or self.visitor} in {self.lesson} {where}: {self.score}/{self.size}"


class ReadAhead(models.Model):
    """A lesson one learner has read out of the course's order (before the lesson before it was
    done, and not set as homework): the furthest step they read. It marks the lesson 'reading
    ahead' on the course page and says where to read on. It is no progress: nothing is reached or
    done by reading, and a lesson's checks and quiz count only in turn (lessons.selectors.course)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="lessons_read_ahead",
    )
    visitor = models.CharField(max_length=36, blank=True, db_index=True)
    lesson = models.ForeignKey(Lesson, on_delete=models.PROTECT, related_name="read_ahead")
    step = models.PositiveSmallIntegerField(default=0)  # the furthest step read
    read_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = one_per_learner_lesson("read_ahead")

    def __str__(self) -> str:
        return f"{self.user or self.visitor} read ahead in {self.lesson} to step {self.step}"
