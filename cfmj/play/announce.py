"""Telling a table's seats that it changed, and waking the table when a deadline comes: both once
the change is committed. Each seat has a topic of its own: a seat's page hears "the table is at
version V" on its stream when that version changed what the seat sees (or finds it by polling),
and fetches its own view; a message lost on the way costs only the seat's next change, the next
poll or the stream's next opening (its first event is always fetched)."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from functools import partial

from django.conf import settings
from django.db import transaction

from cfmj.core import live
from cfmj.engine.game import SEATS
from cfmj.play.models import Game, Table


def topic_of(table: Table, number: int) -> str:
    """Seat `number`'s topic."""
    return seat_topic(table.pk, number)


def seat_topic(table_id: int, number: int) -> str:
    """A seat's topic on the push channel, by its table's id alone (the stream knows no more of it)."""
    return f"table-{table_id}-{number}"


def table_topic(table_id: int) -> str:
    """The whole table's topic, told of every version: for those who watch every seat (a class's
    teachers), never a seat's page."""
    return f"table-{table_id}"


def table_changed(table: Table, seats: Iterable[int] = range(SEATS)) -> None:
    """Once committed, tell the seats listed (every seat by default: a change of who sits where,
    the host, the talk) that the table is at its version, and the table's own topic."""
    for topic in (*(topic_of(table, number) for number in seats), table_topic(table.pk)):
        transaction.on_commit(partial(live.publish, topic, table.version))


def deadline_set(game: Game, when: datetime.datetime) -> None:
    """A task applies the deadline on time, whoever is looking. Where tasks run at once (make dev,
    tests) a countdown means nothing: there the next request of any seat applies it."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    from cfmj.play.tasks import hand_deadline  # noqa: PLC0415 - the task module imports the table's hands

    transaction.on_commit(partial(hand_deadline.apply_async, (game.pk,), eta=when))
