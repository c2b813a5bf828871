from __future__ import annotations

import datetime
from importlib import import_module

from django.conf import settings
from django.db.models import Exists, Model, OuterRef, Q
from django.utils import timezone

from cfmj.core.models import WorkerHeartbeat
from lessons.models import CheckAnswer, LessonProgress
from practice.models import Attempt

# What visitors do before they sign up: rows with no account and the visitor id of their session,
# each with the field that says when the visitor last touched it. A new model of the kind (user
# and visitor fields) is purged too once added here.
VISITOR_ROWS: list[tuple[type[Model], str]] = [
    (Attempt, "answered_at"),
    (LessonProgress, "updated_at"),
    (CheckAnswer, "answered_at"),
]
VISITOR_IDLE = datetime.timedelta(days=30)
PURGE_BATCH = 1000
PURGE_BATCHES_PER_RUN = 100  # a run's fixed budget; the next run takes the rest


def heartbeat_record(*, hostname: str) -> WorkerHeartbeat:
    beat, _ = WorkerHeartbeat.objects.update_or_create(
        hostname=hostname, defaults={"beat_at": timezone.now()}
    )
    return beat


def visitor_rows_purge(*, now: datetime.datetime | None = None) -> int:
    """Delete what visitors did and never claimed (by signing up or logging in) once the visitor
    has been idle for VISITOR_IDLE: no row of theirs in any model of VISITOR_ROWS is newer. By
    then their session, which lasts SESSION_COOKIE_AGE (two weeks) after it last changed, is gone,
    so nobody can claim them. A row claimed while this runs is left alone. Returns rows deleted."""
    cutoff = (now or timezone.now()) - VISITOR_IDLE
    deleted = 0
    for model, field in VISITOR_ROWS:
        stale = model._default_manager.filter(Q(user__isnull=True) & Q(**{f"{field}__lt": cutoff}))
        for other, other_field in VISITOR_ROWS:
            recent = other._default_manager.filter(
                Q(user__isnull=True) & Q(**{f"{other_field}__gte": cutoff}), visitor=OuterRef("visitor")
            ).exclude(visitor="")
            stale = stale.exclude(Exists(recent))
        for _ in range(PURGE_BATCHES_PER_RUN):
            ids = list(stale.values_list("pk", flat=True)[:PURGE_BATCH])
            if not ids:
                break
            deleted += model._default_manager.filter(pk__in=ids, user__isnull=True).delete()[0]
    return deleted


def sessions_clear() -> None:
    """Delete expired sessions (what `manage.py clearsessions` does)."""
    import_module(settings.SESSION_ENGINE).SessionStore.clear_expired()
