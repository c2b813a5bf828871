from __future__ import annotations

from django.utils import timezone

from cfmj.core.models import WorkerHeartbeat


def heartbeat_record(*, hostname: str) -> WorkerHeartbeat:
    beat, _ = WorkerHeartbeat.objects.update_or_create(hostname=hostname,
                                                       defaults={"beat_at": timezone.now()})
    return beat
