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

from cfmj.engine import ENGINE_VERSION, InputError, drills
from cfmj.engine.drills.scope import Scope
from practice import queries
from practice.models import BAND_RATING, DailySet, DailySetPuzzle, Puzzle, PuzzleBatch
from practice.reach import Reach
from practice.selectors import pool_shortfalls
from practice.tables import SCOPED, STANDARD, puzzle_table, table_of

DAILY_KINDS = drills.DAILY_KINDS  # each kind's definition says its turn in today's five
SLOW_IN_A_REQUEST = 1  # puzzles of a slow kind (seconds each) made while a request waits
DAILY_SIZE = 5
DAILY_BAND = 2
SCOPED_BATCH = 5  # puzzles made within a learner's scope while they wait, when none stored fits

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
        _unstored(p, digest=h, table=table, batch=batch)
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


def bands_from(band: int) -> list[int]:
    """Every band, the nearest to `band` first (the lower of two as near)."""
    return sorted(drills.BANDS, key=lambda other: (abs(other - band), other))


def band_near(rating: float) -> int:
    """The band whose new puzzles are rated nearest `rating`."""
    return min(drills.BANDS, key=lambda band: (abs(BAND_RATING[band] - rating), band))


def puzzle_keep(*, puzzle: drills.Puzzle, table: str) -> Puzzle:
    """An engine puzzle as a stored row under `table` (made now, or found stored already by its
    content: the same puzzle is kept once, whoever kept it first). Every missed lesson check
    keeps one, mostly found stored: looked for by a prepared query first (practice.queries)."""
    digest = puzzle.content_hash()
    found: list[Puzzle] = queries.PUZZLE_BY_HASH.instances(digest)
    if found:
        return found[0]
    # Not stored: made, as get_or_create would after its own look-up (the one above, prepared),
    # in a savepoint; kept by someone else meanwhile (the unique content_hash), theirs is read.
    stored = _unstored(puzzle, digest=digest, table=table)
    try:
        with transaction.atomic():
            stored.save(force_insert=True)
            return stored
    except IntegrityError:
        found = queries.PUZZLE_BY_HASH.instances(digest)
        if not found:
            raise
        return found[0]


def _unstored(puzzle: drills.Puzzle, *, digest: str, table: str, batch: PuzzleBatch | None = None) -> Puzzle:
    """A puzzle the engine made, as a row to store: this engine's version, its band's rating."""
    return Puzzle(
        kind=puzzle.kind,
        band=puzzle.band,
        question=puzzle.question,
        answer=puzzle.answer,
        engine_version=ENGINE_VERSION,
        seed=puzzle.seed,
        content_hash=digest,
        batch=batch,
        rating=BAND_RATING.get(puzzle.band, BAND_RATING[1]),
        table=table,
    )


def _stored(made: list[drills.Puzzle], table: str) -> list[Puzzle]:
    """These puzzles as stored (made now under `table`, or found stored already by content)."""
    return [puzzle_keep(puzzle=puzzle, table=table) for puzzle in made]


def _within(kind: str, *, seed: int, band: int, scope: Scope) -> drills.Puzzle | None:
    """The puzzle of this seed within the scope, at `band` or else the band nearest it that holds
    one (a band may hold none: "What is it worth?" just after lesson 9 only from band 3, where the
    dragon hands come). None when no band does. Each band tried costs at most SCOPE_TRIES makes
    (drills.generate)."""
    for tried in bands_from(band):
        try:
            return drills.generate(kind, seed=seed, band=tried, scope=scope)
        except InputError:  # this band holds nothing within the scope
            continue
    return None


def scoped_puzzles_make(*, kind: str, scope: Scope, band: int, count: int) -> list[Puzzle]:
    """Up to `count` puzzles of `kind` made within `scope` now (a learner at that place in the
    course is waiting, and no stored puzzle fits), stored under SCOPED for every learner whose
    lessons have taught as much. A band that holds nothing within the scope is tried once: the
    cost is at most one failed search per band (SCOPE_TRIES makes each) and `count` found."""
    made: list[drills.Puzzle] = []
    seeds = random.SystemRandom()
    first = _within(kind, seed=seeds.randrange(2**48), band=band, scope=scope)
    if first is not None:
        made.append(first)
        for _ in range(count - 1):
            try:  # the band that held the first
                made.append(drills.generate(kind, seed=seeds.randrange(2**48), band=first.band, scope=scope))
            except InputError:
                break
    return _stored(made, SCOPED)


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
    """The day's five puzzles of the full range: the same for everyone practising everything (and
    on a site without a course), built once however often it is asked."""
    existing = DailySet.objects.filter(day=day, scope="").first()
    if existing is not None:
        return existing
    start = day.toordinal() % len(DAILY_KINDS)
    kinds = [DAILY_KINDS[(start + i) % len(DAILY_KINDS)] for i in range(DAILY_SIZE)]
    made: list[drills.Puzzle] = []
    for position, kind in enumerate(kinds):
        made.append(
            _daily_fresh(kind, seed=day.toordinal() * 10 + position, taken={p.content_hash() for p in made})
        )
    return _daily_keep(day, "", _stored(made, STANDARD))


def daily_set_in_reach(*, day: datetime.date, reach: Reach) -> DailySet | None:
    """The day's five puzzles for everyone at this learner's place in the course (`reach`): of the
    daily kinds their lessons have opened (any kind opened, before a daily one is), in the day's
    turn, each made within what their lessons have taught. Built once a day for each place
    (DailySet.scope). None when no kind is open or none holds a puzzle within the scope."""
    if reach.scope is None:
        return daily_set_build(day=day)
    existing = DailySet.objects.filter(day=day, scope=reach.key).first()
    if existing is not None:
        return existing
    kinds = [kind for kind in DAILY_KINDS if reach.opens(kind)] or list(reach.kinds)
    made: list[drills.Puzzle] = []
    start, barren = day.toordinal(), set()
    for turn in range(DAILY_SIZE * len(kinds)):
        kind = kinds[(start + turn) % len(kinds)]
        if len(made) == DAILY_SIZE or kind in barren:
            continue
        try:
            puzzle = _daily_within(
                kind, seed=start * 10 + turn, scope=reach.scope, taken={p.content_hash() for p in made}
            )
        except InputError:  # the scope holds none of this kind: not asked again
            barren.add(kind)
            continue
        if puzzle is not None:
            made.append(puzzle)
    if not made:
        return None
    return _daily_keep(day, reach.key, _stored(made, SCOPED))


def _daily_keep(day: datetime.date, scope: str, puzzles: list[Puzzle]) -> DailySet:
    try:
        with transaction.atomic():
            daily = DailySet.objects.create(day=day, scope=scope)
            DailySetPuzzle.objects.bulk_create(
                [DailySetPuzzle(daily_set=daily, puzzle=p, position=i) for i, p in enumerate(puzzles)]
            )
    except IntegrityError:  # built at the same moment by another request or the scheduled task
        daily = DailySet.objects.get(day=day, scope=scope)
    return daily


SCOPED_DAILY_TRIES = 3  # seeds tried for a daily puzzle within a scope nobody has met before


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


def _daily_within(kind: str, *, seed: int, scope: Scope, taken: set[str]) -> drills.Puzzle | None:
    """A puzzle of `kind` within the scope for a daily set: not stored yet and not already in the
    set where one of SCOPED_DAILY_TRIES seeds makes one, else the first made that is not in the
    set. Raises InputError when the scope holds no puzzle of the kind at any band."""
    first, band = None, DAILY_BAND
    for attempt in range(SCOPED_DAILY_TRIES):
        made = _within(kind, seed=seed + attempt * 1_000_003, band=band, scope=scope)
        if made is None:
            raise InputError(f"No '{drills.KIND_TITLES[kind]}' puzzle fits this scope.")
        band = made.band  # the band that holds one first next time
        digest = made.content_hash()
        if digest in taken:
            continue
        first = first or made
        if not Puzzle.objects.filter(content_hash=digest).exists():
            return made
    return first
