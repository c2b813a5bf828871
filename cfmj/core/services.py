from __future__ import annotations

from importlib import import_module

from django.conf import settings
from django.utils import timezone

from cfmj.core.models import WorkerHeartbeat


def heartbeat_record(*, hostname: str) -> WorkerHeartbeat:
    beat, _ = WorkerHeartbeat.objects.update_or_create(
        hostname=hostname, defaults={"beat_at": timezone.now()}
    )
    return beat


def sessions_clear() -> None:
    """Delete expired sessions (what `manage.py clearsessions` does)."""
    import_module(settings.SESSION_ENGINE).SessionStore.clear_expired()
