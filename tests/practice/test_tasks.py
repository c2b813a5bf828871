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


def _stale(settings) -> None:
    settings.PRACTICE_POOL_TARGET = 0  # only the stale batches are at stake here
    settings.PRACTICE_STALE_BATCH_SECONDS = 0


def test_it_counts_each_start_of_a_batch(monkeypatch) -> None:
    def broken(*args, **kwargs):
        raise IndexError("Cannot choose from an empty sequence")

    monkeypatch.setattr(drills, "generate_many", broken)
    with pytest.raises(IndexError):
        tasks.generate_batch.delay("worth", 5, 1, 78)
    batch = PuzzleBatch.objects.get(seed=78)
    assert (batch.status, batch.starts) == (PuzzleBatch.Status.PENDING, 1)


def test_it_queues_a_batch_left_pending_again(settings, django_capture_on_commit_callbacks) -> None:
    _stale(settings)
    PuzzleBatch.objects.create(kind="worth", band=1, seed=79, requested=4, starts=1)  # its worker died
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.refill_pools.delay().get() == 1
    batch = PuzzleBatch.objects.get(seed=79)
    assert (batch.status, batch.starts, batch.created) == (PuzzleBatch.Status.DONE, 2, 4)


def test_it_gives_up_on_a_batch_that_fails_every_time(
    settings, monkeypatch, caplog, django_capture_on_commit_callbacks
) -> None:
    _stale(settings)
    calls = []

    def broken(*args, **kwargs):
        calls.append(args)
        raise IndexError("Cannot choose from an empty sequence")

    monkeypatch.setattr(drills, "generate_many", broken)
    PuzzleBatch.objects.create(kind="worth", band=1, seed=80, requested=4)
    for _ in range(tasks.MAX_BATCH_STARTS):
        with pytest.raises(IndexError), django_capture_on_commit_callbacks(execute=True):
            tasks.refill_pools.delay().get()
    assert len(calls) == tasks.MAX_BATCH_STARTS
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.refill_pools.delay().get() == 0  # not queued a fourth time
    batch = PuzzleBatch.objects.get(seed=80)
    assert (batch.status, batch.starts) == (PuzzleBatch.Status.FAILED, tasks.MAX_BATCH_STARTS)
    assert batch.finished_at is not None
    assert "seed 80" in caplog.text and "marked failed" in caplog.text
