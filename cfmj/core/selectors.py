from __future__ import annotations

from cfmj.core.models import WorkerHeartbeat


def heartbeat_latest() -> WorkerHeartbeat | None:
    return WorkerHeartbeat.objects.order_by("-beat_at").first()
