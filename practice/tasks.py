"""Celery tasks: they take plain values, call a service, and are safe to run again."""

from __future__ import annotations

import datetime
from functools import partial

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from practice import making
from practice.tables import STANDARD

BATCH_MAX = 50
# A batch still pending this long after it began was being made by a worker that died (killed
# with its pool, as by SIGKILL or a lost host). Its message sits unacknowledged in Redis until
# the broker's visibility_timeout (an hour), so the refill queues it again itself: same seed and
# table, so nothing is made twice (fault test: tests/core/test_fault_worker.py).
STALE_BATCH_SECONDS = 300
# A batch begun this often and still pending is not a dead worker's but a batch that fails each
# time (an engine bug for that seed): it is marked failed and logged, not re-queued forever.
# The pool it was meant for is refilled by a fresh batch with another seed.
MAX_BATCH_STARTS = 3


@shared_task(name="practice.generate_batch", ignore_result=True, acks_late=True)
def generate_batch(kind: str, count: int, band: int, seed: int, table: str = STANDARD) -> None:
    """Make a batch. Delivered twice (a worker died, a retry), it makes nothing twice."""
    making.puzzle_batch_generate(kind=kind, band=band, count=count, seed=seed, table=table)


@shared_task(name="practice.refill_pools", ignore_result=True)
def refill_pools() -> int:
    """Make sure today's daily set exists, and queue batches wherever a pool of unseen puzzles
    runs low (and a dead worker's batches again). Returns how many batches it queued."""
    orders = making.puzzle_pools_refill(
        day=timezone.localdate(),
        target=settings.PRACTICE_POOL_TARGET,
        batch_max=BATCH_MAX,
        begun_before=pending_since(),
        max_starts=MAX_BATCH_STARTS,
    )
    for order in orders:
        batch_enqueue(order)
    return len(orders)


def batch_enqueue(order: making.BatchOrder) -> None:
    """Queue a batch once the request's (or task's) transaction commits."""
    transaction.on_commit(
        partial(generate_batch.delay, order.kind, order.count, order.band, order.seed, order.table)
    )


def pending_since() -> datetime.datetime:
    """Since when a batch still pending is on its way (older: a dead worker's, which the refill
    queues again)."""
    stale = getattr(settings, "PRACTICE_STALE_BATCH_SECONDS", STALE_BATCH_SECONDS)
    return timezone.now() - datetime.timedelta(seconds=stale)


@shared_task(name="practice.build_daily_set", ignore_result=True)
def build_daily_set(day: str | None = None) -> None:
    """Build the daily set (ISO date; today by default). Building it again changes nothing."""
    date = datetime.date.fromisoformat(day) if day else timezone.localdate()  # UTC's date
    making.daily_set_build(day=date)
