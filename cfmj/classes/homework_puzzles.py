"""Puzzles for homework, so that it never stops for want of one.

A fixed set is drawn from puzzles no student of the class has answered, made now if too few are.
Drill puzzles are drawn for each student as they go (cfmj.classes.progress.next_drill_puzzle); the
refill keeps the class's table's pools full (cfmj.classes.selectors.live_puzzle_pools), and when a
student has met every puzzle of the pool, more are made: in the request for a kind quick to make,
else by the worker while the student's page says so and looks again."""

from __future__ import annotations

import secrets

from cfmj.classes.models import Assignment, Classroom, Membership
from cfmj.classes.services import ClassError
from cfmj.engine import drills
from practice import tasks
from practice.making import made_in_a_request, puzzle_batch_generate, puzzle_batch_order
from practice.models import Attempt, Puzzle
from practice.tables import STANDARD

SPARE_PUZZLES = 5  # made beyond what a short pool needs, so the next request finds some
IN_A_REQUEST = 10  # a quick kind's puzzles made while a student waits (milliseconds each)
FOR_THE_WORKER = 5  # a slow kind's batch a student waits for: a few seconds' work


def puzzles_pick(
    *, classroom: Classroom, kind: str, band: int, count: int, table: str = STANDARD
) -> list[Puzzle]:
    """`count` stored puzzles of this kind, band and table that no student of the class has
    answered (nor a daily set holds: that day's own), made now if there are too few. Raises
    ClassError for a slow kind (seconds a puzzle), of which a request makes one at most."""
    students = Membership.objects.active().students().filter(classroom=classroom).values("user_id")
    seen = Attempt.objects.filter(user_id__in=students).values("puzzle_id")
    pool = Puzzle.objects.filter(kind=kind, band=band, table=table, daily_sets=None).exclude(pk__in=seen)
    puzzles = list(pool.order_by("?")[:count])
    if len(puzzles) < count:
        puzzle_batch_generate(
            kind=kind,
            band=band,
            count=made_in_a_request(kind, count - len(puzzles) + SPARE_PUZZLES),
            seed=secrets.randbits(62),
            table=table,
        )
        puzzles = list(pool.order_by("?")[:count])
    if len(puzzles) < count:
        raise ClassError(
            f"Only {len(puzzles)} '{drills.KIND_TITLES[kind]}' puzzles of this difficulty are ready "
            f"that your students have not met (each takes seconds to make): ask for at most "
            f"{len(puzzles)}, or set them as drill puzzles, served as each student asks."
        )
    return puzzles


def puzzles_supply(*, assignment: Assignment) -> None:
    """More puzzles for drill homework whose pool holds none new to a student. A kind quick to make
    is made now. A slow one (or a quick one whose batch made nothing new) is ordered from the
    worker, once for its pool however often this is asked while it is being made: the student's
    page says so, and looks again by itself."""
    kind, band, table = assignment.drill_kind, assignment.band, assignment.table
    if not drills.definition(kind).slow:
        batch = puzzle_batch_generate(
            kind=kind, band=band, count=IN_A_REQUEST, seed=secrets.randbits(62), table=table
        )
        if batch.created:
            return
    order = puzzle_batch_order(
        kind=kind, band=band, table=table, count=FOR_THE_WORKER, pending_since=tasks.pending_since()
    )
    if order is not None:
        tasks.batch_enqueue(order)
