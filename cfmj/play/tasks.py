"""Celery tasks for tables: they take ids, call a service, and are safe to run again."""

from __future__ import annotations

from celery import shared_task

from cfmj.play.models import Game
from cfmj.play.seating import tables_close_idle
from cfmj.play.table_hands import hand_tick


@shared_task(name="cfmj.play.tasks.hand_deadline", ignore_result=True)
def hand_deadline(game_id: int) -> bool:
    """At a hand's deadline: let the discard go or seat a bot for the late person (hand_tick does
    nothing when the deadline moved or the hand ended since)."""
    game = Game.objects.filter(pk=game_id).first()
    return game is not None and hand_tick(game=game)


@shared_task(name="cfmj.play.tasks.close_idle_tables", ignore_result=True)
def close_idle_tables() -> int:
    """Run by celery beat: close the tables nobody has touched for a day."""
    return tables_close_idle()
