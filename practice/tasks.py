"""Celery tasks: they take plain values, call a service, and are safe to run again."""

from __future__ import annotations

import datetime
import random
from functools import partial

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from cfmj.engine.drills import BANDS, KINDS
from practice import services
from practice.selectors import unseen_counts

BATCH_MAX = 50


@shared_task(name="practice.generate_batch", ignore_result=True, acks_late=True)
def generate_batch(kind: str, count: int, band: int, seed: int) -> None:
    """Make a batch. Delivered twice (a worker died, a retry), it makes nothing twice."""
    services.puzzle_batch_generate(kind=kind, band=band, count=count, seed=seed)


@shared_task(name="practice.refill_pools", ignore_result=True)
def refill_pools() -> int:
    """Make sure today's daily set exists, and queue batches wherever a pool of unseen puzzles
    runs low. Returns how many batches it queued."""
    services.daily_set_build(day=timezone.localdate())
    counts = unseen_counts()
    queued = 0
    target = settings.PRACTICE_POOL_TARGET
    for kind in KINDS:
        for band in BANDS:
            missing = target - counts.get((kind, band), 0)
            if missing > 0:
                seed = random.SystemRandom().randrange(2**62)
                count = min(missing, BATCH_MAX)
                transaction.on_commit(partial(generate_batch.delay, kind, count, band, seed))
                queued += 1
    return queued


@shared_task(name="practice.build_daily_set", ignore_result=True)
def build_daily_set(day: str | None = None) -> None:
    """Build the daily set (ISO date; today by default). Building it again changes nothing."""
    date = datetime.date.fromisoformat(day) if day else timezone.localdate()
    services.daily_set_build(day=date)
