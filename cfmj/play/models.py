"""A hand a learner plays against three bots: everything needed to rebuild it exactly, and no more.

The server holds the game: its seed and shuffled wall, the table's rules, the dealer, the bots'
level and every action of all four seats in order. The engine's `Game` is rebuilt from these on
each request (play.tables.rebuild); `version` goes up with every change, so a stale tab or a
double click is refused instead of acting twice."""

from __future__ import annotations

from django.conf import settings
from django.db import models

LEARNER_SEAT = 0


class Game(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", "In progress"
        OVER = "over", "Over"

    class Mode(models.TextChoices):
        PRACTICE = "practice", "Practice"
        TEST = "test", "Test"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="play_games")
    seed = models.BigIntegerField()
    # The shuffled set in dealing order (the engine's HandStarted.wall): kept so that the rebuild
    # does not depend on how a later engine shuffles a seed.
    wall = models.JSONField()
    house_rules = models.JSONField(default=list)  # RULES §4 numbers, as RuleSet.make takes them
    base = models.PositiveSmallIntegerField(default=25)
    skill_level = models.PositiveSmallIntegerField(default=0)
    dealer = models.PositiveSmallIntegerField(default=0)
    bot_level = models.CharField(max_length=20)  # play.bots.LEVELS
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.PRACTICE)
    actions = models.JSONField(default=list)  # every seat's actions in order, as action_to_dict
    version = models.PositiveIntegerField(default=0)
    # How many of the rebuilt game's events there were before the learner's last action: the
    # moves listed on the table are the ones from there on.
    moves_from = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    result = models.JSONField(null=True, blank=True)  # HandResult.to_dict() without its events
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["owner", "status", "-updated_at"])]

    def __str__(self) -> str:
        return f"game {self.pk} of {self.owner_id} ({self.status})"
