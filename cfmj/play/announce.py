"""Telling a table's seats that it changed, and waking the table when a deadline comes: both once
the change is committed. A seat's page hears "table N is at version V" on its stream (or finds it
by polling) and fetches its own view; a message lost on the way costs only the next poll."""

from __future__ import annotations

import datetime
from functools import partial

from django.conf import settings
from django.db import transaction

from cfmj.core import live
from cfmj.play.models import Game, Table


def topic_of(table: Table) -> str:
    return table_topic(table.pk)


def table_topic(table_id: int) -> str:
    """A table's topic on the push channel, by its id alone (the stream knows no more of it)."""
    return f"table-{table_id}"


def table_changed(table: Table) -> None:
    transaction.on_commit(partial(live.publish, topic_of(table), table.version))


def deadline_set(game: Game, when: datetime.datetime) -> None:
    """A task applies the deadline on time, whoever is looking. Where tasks run at once (make dev,
    tests) a countdown means nothing: there the next request of any seat applies it."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    from cfmj.play.tasks import hand_deadline  # noqa: PLC0415 - the task module imports the table's hands

    transaction.on_commit(partial(hand_deadline.apply_async, (game.pk,), eta=when))
