"""The pools of unseen puzzles: which batches the refill asks for (the task only queues them)."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from cfmj.engine import drills
from practice import making
from practice.models import DailySet, PuzzleBatch
from practice.selectors import pool_shortfalls

pytestmark = pytest.mark.django_db


def _refill(target: int, batch_max: int = 50) -> list[making.BatchOrder]:
    return making.puzzle_pools_refill(
        day=timezone.localdate(),
        target=target,
        batch_max=batch_max,
        begun_before=timezone.now() - datetime.timedelta(minutes=5),
        max_starts=3,
    )


def test_it_orders_a_capped_batch_for_every_pool_that_runs_low() -> None:
    orders = _refill(target=80, batch_max=50)
    everything = {(kind, band) for kind in drills.KINDS for band in drills.BANDS}
    assert {(o.kind, o.band) for o in orders} == everything and len(orders) == len(everything)
    assert DailySet.objects.count() == 3  # UTC's day, and the day before and after (time zones)
    assert {o.count for o in orders} == {50}  # at most batch_max of the 80 wanted, at a time
    assert pool_shortfalls(target=0) == []


def test_it_orders_a_dead_workers_batch_again_and_nothing_for_full_pools() -> None:
    batch = PuzzleBatch.objects.create(kind="worth", band=1, seed=81, requested=4, starts=1)
    PuzzleBatch.objects.filter(pk=batch.pk).update(created_at=timezone.now() - datetime.timedelta(hours=1))
    assert _refill(target=0) == [making.BatchOrder("worth", 4, 1, 81)]


def test_it_keeps_the_pools_an_app_above_registers_each_once() -> None:
    from practice.pools import Pool, pools_kept, pools_register, pools_unregister

    standard = pools_kept()
    pools_register(
        "test",
        lambda: [
            Pool("worth", 2, "h3"),
            Pool("worth", 2, "h3"),
            Pool("rules_quiz", 1, "h3"),
            Pool("gone", 1, "h3"),
        ],
    )
    try:
        # rules_quiz ignores the table: its pool is the standard one; an unknown kind is left out
        assert pools_kept() == [*standard, Pool("worth", 2, "h3")]
        assert (Pool("worth", 2, "h3"), 20) in pool_shortfalls(target=20)
    finally:
        pools_unregister("test")
    assert pools_kept() == standard
