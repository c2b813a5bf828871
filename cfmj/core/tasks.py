from __future__ import annotations

import socket

from celery import shared_task

from cfmj.core.services import heartbeat_record, sessions_clear


@shared_task(name="cfmj.core.tasks.heartbeat", ignore_result=True)
def heartbeat() -> None:
    """Run by celery beat: proves a worker is alive and consuming (read by /healthz)."""
    heartbeat_record(hostname=socket.gethostname())


@shared_task(name="cfmj.core.tasks.clear_sessions", ignore_result=True)
def clear_sessions() -> None:
    """Run by celery beat: delete expired sessions (safe to repeat)."""
    sessions_clear()
