"""Practice: puzzles the engine generated, attempts at them, and each learner's progress."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from cfmj.engine import drills
from practice.rating import DEFAULT_DEVIATION, DEFAULT_RATING, DEFAULT_VOLATILITY

KIND_CHOICES = drills.KIND_CHOICES  # the engine's kinds, with their titles
BAND_RATING = {1: 1100.0, 2: 1300.0, 3: 1500.0, 4: 1700.0, 5: 1900.0}  # a new puzzle's rating


class PuzzleBatch(models.Model):
    """One request to generate puzzles (by a task or on demand), and what came of it."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"  # begun too often without finishing: no longer re-queued

    kind = models.CharField(max_length=20, choices=drills.kind_choices)
    band = models.PositiveSmallIntegerField()
    requested = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    table = models.CharField(max_length=20, blank=True, default="")  # practice.tables: "" is standard
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created = models.PositiveIntegerField(default=0)
    duplicates = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    starts = models.PositiveSmallIntegerField(default=0)  # times a worker (or a request) began it

    def __str__(self) -> str:
        return f"{self.kind} band {self.band}: {self.created}/{self.requested}"


class Puzzle(models.Model):
    kind = models.CharField(max_length=20, choices=drills.kind_choices)
    band = models.PositiveSmallIntegerField()
    question = models.JSONField()
    answer = models.JSONField()
    engine_version = models.CharField(max_length=20)
    seed = models.BigIntegerField()
    content_hash = models.CharField(max_length=64, unique=True)
    # The class table it was made under (practice.tables.table_key); "" for the standard rules,
    # the only puzzles normal practice serves.
    table = models.CharField(max_length=20, blank=True, default="")
    batch = models.ForeignKey(
        PuzzleBatch, null=True, blank=True, on_delete=models.SET_NULL, related_name="puzzles"
    )
    # The puzzle's own Glicko-2 rating: it "wins" when a learner misses it.
    rating = models.FloatField(default=DEFAULT_RATING)
    deviation = models.FloatField(default=DEFAULT_DEVIATION)
    volatility = models.FloatField(default=DEFAULT_VOLATILITY)
    attempts = models.PositiveIntegerField(default=0)
    solved = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["kind", "table", "rating"])]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.rating:.0f})"


class Attempt(models.Model):
    """One answer to one puzzle. `token` is the one-time id of the question as it was served
    (practice.serving), so that a double submit (or a retry) is recorded once. `rated` says
    whether it moved the ratings: an answer to a puzzle the learner has answered before does
    not, unless it had come back for review."""

    token = models.UUIDField(unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="attempts"
    )
    visitor = models.CharField(max_length=36, blank=True, db_index=True)  # practice before sign-up
    puzzle = models.ForeignKey(Puzzle, on_delete=models.PROTECT, related_name="attempt_set")
    response = models.JSONField()
    correct = models.BooleanField()
    score = models.FloatField()
    rating_before = models.FloatField(null=True, blank=True)
    rating_after = models.FloatField(null=True, blank=True)
    rated = models.BooleanField(default=True)
    daily_date = models.DateField(null=True, blank=True)
    answered_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        indexes = [models.Index(fields=["user", "puzzle"]), models.Index(fields=["visitor", "puzzle"])]

    def __str__(self) -> str:
        return f"{self.puzzle} {'right' if self.correct else 'wrong'}"


class SkillRating(models.Model):
    """A learner's Glicko-2 rating in one drill kind."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="skills")
    kind = models.CharField(max_length=20, choices=drills.kind_choices)
    rating = models.FloatField(default=DEFAULT_RATING)
    deviation = models.FloatField(default=DEFAULT_DEVIATION)
    volatility = models.FloatField(default=DEFAULT_VOLATILITY)
    attempts = models.PositiveIntegerField(default=0)
    correct = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="one_rating_per_skill")]

    def __str__(self) -> str:
        return f"{self.user} {self.kind} {self.rating:.0f}"


class Streak(models.Model):
    """Days in a row on which the learner finished the daily set. `last_day` is a date in `zone`,
    the learner's time zone when it was counted: the next day counts only once it has ended
    there (practice.services._extend_streak), whatever zone the learner has moved to since."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="streak")
    current = models.PositiveIntegerField(default=0)
    best = models.PositiveIntegerField(default=0)
    last_day = models.DateField(null=True, blank=True)
    zone = models.CharField(max_length=64, blank=True, default="")  # "" for UTC

    def __str__(self) -> str:
        return f"{self.user}: {self.current} (best {self.best})"


class ReviewItem(models.Model):
    """A missed puzzle that comes back, further apart each time it is solved."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reviews")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="reviews")
    due = models.DateField(db_index=True)
    interval_days = models.PositiveIntegerField(default=1)
    successes = models.PositiveIntegerField(default=0)
    retired = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "puzzle"], name="one_review_per_puzzle")]

    def __str__(self) -> str:
        return f"{self.user} {self.puzzle} due {self.due}"


class DailySet(models.Model):
    """The same five puzzles on one day for everyone at one place in the course: `scope` is that
    place (practice.reach.Reach.key: what their lessons have taught and opened), "" for the full
    range (everyone practising everything, and a site without a course)."""

    day = models.DateField()
    scope = models.CharField(max_length=16, blank=True, default="")
    puzzles = models.ManyToManyField(Puzzle, through="DailySetPuzzle", related_name="daily_sets")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["day", "scope"], name="one_daily_set_per_day_and_scope")
        ]

    def __str__(self) -> str:
        return f"Daily set {self.day}" + (f" ({self.scope})" if self.scope else "")


class DailySetPuzzle(models.Model):
    daily_set = models.ForeignKey(DailySet, on_delete=models.CASCADE, related_name="entries")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.PROTECT)
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["daily_set", "position"], name="one_puzzle_per_place")]


class PracticeRange(models.Model):
    """An account's choice to practise everything, ahead of its lessons (practice.reach): without
    a row, its practice keeps within what its lessons have taught. A visitor's choice is kept in
    their session instead, and moves here when they sign up or log in."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="practice_range"
    )
    everything = models.BooleanField(default=False)
    chosen_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user}: {'everything' if self.everything else 'what the lessons taught'}"
