"""Practice services that make puzzles: batches (safe to deliver twice), the pools' refill orders
and the daily set. practice.services records answers and keeps progress."""

from __future__ import annotations

import datetime
import logging
import random
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from cfmj.engine import ENGINE_VERSION, drills
from practice.models import BAND_RATING, DailySet, DailySetPuzzle, Puzzle, PuzzleBatch
from practice.selectors import pool_shortfalls
from practice.tables import STANDARD, puzzle_table, table_of

DAILY_KINDS = drills.DAILY_KINDS  # each kind's definition says its turn in today's five
SLOW_IN_A_REQUEST = 1  # puzzles of a slow kind (seconds each) made while a request waits
DAILY_SIZE = 5
DAILY_BAND = 2

logger = logging.getLogger(__name__)


def puzzle_batch_generate(
    *, kind: str, band: int, count: int, seed: int, table: str = STANDARD
) -> PuzzleBatch:
    """Generate `count` puzzles of one kind and band from `seed`, under a class's table (a
    practice.tables key; "" for the standard rules). Safe to run twice: the same seed and table
    make the same batch, and a puzzle already stored (same content) is not stored again."""
    table = puzzle_table(kind, table)
    rules = table_of(table)
    batch, _ = PuzzleBatch.objects.get_or_create(
        kind=kind, band=band, seed=seed, table=table, defaults={"requested": count}
    )
    if batch.status == PuzzleBatch.Status.DONE:
        return batch
    # Counted before the work, and committed at once outside a transaction, so a start that
    # crashes or dies still counts (tasks.refill_pools gives up on a batch after a few).
    PuzzleBatch.objects.filter(pk=batch.pk).update(starts=F("starts") + 1)
    made = drills.generate_many(kind, count=count, band=band, seed=seed, table=rules)
    hashes = [p.content_hash() for p in made]
    existing = set(Puzzle.objects.filter(content_hash__in=hashes).values_list("content_hash", flat=True))
    fresh = [
        Puzzle(
            kind=p.kind,
            band=p.band,
            question=p.question,
            answer=p.answer,
            engine_version=ENGINE_VERSION,
            seed=p.seed,
            content_hash=h,
            batch=batch,
            rating=BAND_RATING[p.band],
            table=table,
        )
        for p, h in zip(made, hashes, strict=True)
        if h not in existing
    ]
    Puzzle.objects.bulk_create(fresh, ignore_conflicts=True)
    created = Puzzle.objects.filter(batch=batch).count()
    PuzzleBatch.objects.filter(pk=batch.pk).update(
        status=PuzzleBatch.Status.DONE,
        created=created,
        duplicates=count - created,
        finished_at=timezone.now(),
    )
    batch.refresh_from_db()
    return batch


def made_in_a_request(kind: str, wanted: int) -> int:
    """How many of `wanted` puzzles a request may make while its learner or teacher waits: all of
    them, but only SLOW_IN_A_REQUEST of a kind whose puzzles take seconds each (DrillKind.slow:
    their pools are the worker's to fill, practice.tasks.refill_pools)."""
    return min(wanted, SLOW_IN_A_REQUEST) if drills.definition(kind).slow else wanted


def puzzle_batches_stale_requeue(*, begun_before: datetime.datetime, max_starts: int) -> list[PuzzleBatch]:
    """The batches still pending that were asked for before `begun_before`, to be queued again
    (a dead worker's). One begun `max_starts` times already fails each time (an engine bug for
    its seed): it is marked failed and logged instead, so it is not retried forever."""
    again = []
    for batch in PuzzleBatch.objects.filter(status=PuzzleBatch.Status.PENDING, created_at__lt=begun_before):
        if batch.starts < max_starts:
            again.append(batch)
            continue
        PuzzleBatch.objects.filter(pk=batch.pk, status=PuzzleBatch.Status.PENDING).update(
            status=PuzzleBatch.Status.FAILED, finished_at=timezone.now()
        )
        logger.error(
            "Puzzle batch %s (kind %s, band %s, seed %s, table %r) was begun %s times "
            "without finishing; marked failed. Reproduce with drills.generate_many.",
            batch.pk,
            batch.kind,
            batch.band,
            batch.seed,
            batch.table,
            batch.starts,
        )
    return again


@dataclass(frozen=True)
class BatchOrder:
    """A batch of puzzles to make (practice.tasks.generate_batch's arguments)."""

    kind: str
    count: int
    band: int
    seed: int
    table: str = STANDARD


def puzzle_batch_order(
    *, kind: str, band: int, table: str, count: int, pending_since: datetime.datetime
) -> BatchOrder | None:
    """A batch for the worker to make for one pool that a learner is waiting on (a slow kind's:
    made_in_a_request), recorded now as pending, so the task finds it by its seed and the refill
    orders it again if its worker dies. None when a batch for that pool asked for since
    `pending_since` is still pending: a page that refreshes itself while it waits orders one."""
    table = puzzle_table(kind, table)
    waiting = PuzzleBatch.objects.filter(
        kind=kind, band=band, table=table, status=PuzzleBatch.Status.PENDING, created_at__gte=pending_since
    )
    if waiting.exists():
        return None
    seed = random.SystemRandom().randrange(2**62)
    PuzzleBatch.objects.create(kind=kind, band=band, seed=seed, table=table, requested=count)
    return BatchOrder(kind, count, band, seed, table)


def puzzle_pools_refill(
    *,
    day: datetime.date,
    target: int,
    batch_max: int,
    begun_before: datetime.datetime,
    max_starts: int,
) -> list[BatchOrder]:
    """Make sure the day's set exists (and the day before's and after's: `day` is UTC's date, and
    a learner's own date may be either, cfmj.core.days), and say which batches to make: a dead
    worker's batches again (puzzle_batches_stale_requeue), and a fresh batch (of at most
    `batch_max`) for every pool holding fewer than `target` unseen puzzles: each kind and band
    under the standard rules, and under each live class's table (practice.pools). Safe to run
    again: each batch makes nothing twice, and a pool counts what the batches before it made."""
    for offset in (-1, 0, 1):
        daily_set_build(day=day + datetime.timedelta(days=offset))
    orders = [
        BatchOrder(batch.kind, batch.requested, batch.band, batch.seed, batch.table)
        for batch in puzzle_batches_stale_requeue(begun_before=begun_before, max_starts=max_starts)
    ]
    for pool, missing in pool_shortfalls(target=target):
        seed = random.SystemRandom().randrange(2**62)
        orders.append(BatchOrder(pool.kind, min(missing, batch_max), pool.band, seed, pool.table))
    return orders


def daily_set_build(*, day: datetime.date) -> DailySet:
    """The day's five puzzles: the same for everyone, built once however often it is asked."""
    existing = DailySet.objects.filter(day=day).first()
    if existing is not None:
        return existing
    start = day.toordinal() % len(DAILY_KINDS)
    kinds = [DAILY_KINDS[(start + i) % len(DAILY_KINDS)] for i in range(DAILY_SIZE)]
    puzzles: list[Puzzle] = []
    for position, kind in enumerate(kinds):
        made = _daily_fresh(
            kind, seed=day.toordinal() * 10 + position, taken={p.content_hash for p in puzzles}
        )
        puzzle, _ = Puzzle.objects.get_or_create(
            content_hash=made.content_hash(),
            defaults={
                "kind": kind,
                "band": made.band,
                "question": made.question,
                "answer": made.answer,
                "engine_version": ENGINE_VERSION,
                "seed": made.seed,
                "rating": BAND_RATING[made.band],
            },
        )
        puzzles.append(puzzle)
    try:
        with transaction.atomic():
            daily = DailySet.objects.create(day=day)
            DailySetPuzzle.objects.bulk_create(
                [DailySetPuzzle(daily_set=daily, puzzle=p, position=i) for i, p in enumerate(puzzles)]
            )
    except IntegrityError:  # built at the same moment by another request or the scheduled task
        daily = DailySet.objects.get(day=day)
    return daily


DAILY_TRIES = 20  # seeds tried for a daily puzzle nobody has met before


def _daily_fresh(kind: str, *, seed: int, taken: set[str]) -> drills.Puzzle:
    """A puzzle of `kind` for a daily set that is not stored yet (so no learner can have met it in
    a drill) and not already in the set: the first of DAILY_TRIES seeds from `seed` that makes one.
    A kind with few puzzles may have none left: then the first made, stored or not."""
    first = None
    for attempt in range(DAILY_TRIES):
        made = drills.generate(kind, seed=seed + attempt * 1_000_003, band=DAILY_BAND)
        first = first or made
        digest = made.content_hash()
        if digest not in taken and not Puzzle.objects.filter(content_hash=digest).exists():
            return made
    assert first is not None
    return first
