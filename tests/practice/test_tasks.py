"""The Celery tasks (eager here: no broker in tests) and the generate_puzzles command."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from cfmj.engine import drills
from practice import tasks
from practice.models import DailySet, Puzzle, PuzzleBatch

pytestmark = pytest.mark.django_db


def test_it_generates_a_batch_once_even_when_delivered_twice() -> None:
    tasks.generate_batch.delay("worth", 5, 1, 77)
    tasks.generate_batch.delay("worth", 5, 1, 77)
    assert PuzzleBatch.objects.count() == 1 and Puzzle.objects.count() == 5


def test_it_refills_only_the_pools_that_run_low(settings, django_capture_on_commit_callbacks) -> None:
    settings.PRACTICE_POOL_TARGET = 2
    with django_capture_on_commit_callbacks(execute=True):
        queued = tasks.refill_pools.delay().get()
    assert queued == len(drills.KINDS) * 5
    assert Puzzle.objects.count() >= len(drills.KINDS) * 5 * 2 - 10  # a few may collide as duplicates
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.refill_pools.delay().get() <= len(drills.KINDS) * 5


def test_it_builds_the_daily_set_idempotently() -> None:
    tasks.build_daily_set.delay()
    tasks.build_daily_set.delay(timezone.localdate().isoformat())
    assert DailySet.objects.count() == 1


def test_it_generates_on_demand_from_the_command_line(capsys) -> None:
    call_command("generate_puzzles", "--kind", "distance", "--count", "4", "--band", "1", "--seed", "5")
    assert Puzzle.objects.filter(kind="distance").count() == 4
    assert "4 new puzzles" in capsys.readouterr().out
    with pytest.raises(CommandError):
        call_command("generate_puzzles")
