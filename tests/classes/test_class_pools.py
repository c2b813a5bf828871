"""The refill keeps every live class's table full like the standard rules' pools (practice.pools,
which cfmj.classes feeds from its AppConfig.ready()): each kind that uses a table, in every band,
under the table of each class not archived, and the pool of drill homework kept on older rules."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from cfmj.classes import services
from cfmj.engine.drills import BANDS, KINDS, TABLE_KINDS
from practice import making
from practice.models import Puzzle
from practice.pools import Pool
from practice.selectors import pool_shortfalls
from tests.classes.helpers import a_class, drill_homework, person

pytestmark = pytest.mark.django_db

STANDARD_POOLS = {Pool(kind, band) for kind in KINDS for band in BANDS}


def _refill(target: int) -> list[making.BatchOrder]:
    return making.puzzle_pools_refill(
        day=timezone.localdate(),
        target=target,
        batch_max=50,
        begun_before=timezone.now() - datetime.timedelta(minutes=5),
        max_starts=3,
    )


def _rules(classroom, house_rules: list[int], skill_level: int = 0) -> None:
    services.classroom_update(
        classroom=classroom,
        name=classroom.name,
        description="",
        house_rules=house_rules,
        skill_level=skill_level,
    )
    classroom.refresh_from_db()


def test_it_orders_batches_for_every_pool_of_a_live_classs_table() -> None:
    tess = person("tess", "teacher")
    a_class(tess, name="Plain rules")  # the standard table: nothing more to keep
    _rules(a_class(tess, name="Minimum hand"), [3], 2)
    orders = _refill(target=4)
    tabled = {Pool(o.kind, o.band, o.table) for o in orders} - STANDARD_POOLS
    assert tabled == {Pool(kind, band, "h3-l2") for kind in TABLE_KINDS for band in BANDS}
    assert all(o.count == 4 for o in orders)
    for number, order in enumerate(orders):
        if order.table:  # fixed seeds (the orders' are random: now and then two made the same puzzle)
            making.puzzle_batch_generate(
                kind=order.kind, band=order.band, count=order.count, seed=number + 1, table=order.table
            )
    assert Puzzle.objects.filter(table="h3-l2").count() == 4 * len(tabled)
    assert not [pool for pool, _ in pool_shortfalls(target=4) if pool.table]  # full now


def test_it_keeps_no_pool_for_an_archived_class() -> None:
    classroom = a_class()
    _rules(classroom, [3])
    drill_homework(classroom, kind="winning_hand", count=2)
    services.classroom_archive(classroom=classroom)
    assert {Pool(o.kind, o.band, o.table) for o in _refill(target=4)} == STANDARD_POOLS


def test_it_keeps_the_pool_of_drill_homework_set_under_the_class_older_rules() -> None:
    classroom = a_class()
    _rules(classroom, [3])
    work = drill_homework(classroom, kind="worth", count=2, band=4)
    assert work.table == "h3"
    _rules(classroom, [], 5)
    tabled = {pool for pool, _ in pool_shortfalls(target=20)} - STANDARD_POOLS
    assert Pool("worth", 4, "h3") in tabled
    assert {pool for pool in tabled if pool.table == "h3"} == {Pool("worth", 4, "h3")}
    assert {pool for pool in tabled if pool.table == "l5"} == {
        Pool(kind, band, "l5") for kind in TABLE_KINDS for band in BANDS
    }
