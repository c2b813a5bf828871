"""What /healthz reports: the database, the broker and the last worker heartbeat."""

from __future__ import annotations

from typing import Any

import redis
from django.conf import settings
from django.db import DatabaseError, connection
from django.utils import timezone

from cfmj.core.selectors import heartbeat_latest

STALE_AFTER_BEATS = 3  # a worker that missed three heartbeats is taken for gone


def health_report() -> dict[str, Any]:
    database = _database()
    broker = _broker()
    worker = _worker() if database["ok"] else {"ok": False, "error": "database unavailable"}
    healthy = database["ok"] and broker["ok"] and worker["ok"]
    return {"status": "ok" if healthy else "degraded", "database": database, "broker": broker,
            "worker": worker}


def _database() -> dict[str, Any]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError as error:
        return {"ok": False, "vendor": connection.vendor, "error": str(error).strip()[:200]}
    return {"ok": True, "vendor": connection.vendor}


def _broker() -> dict[str, Any]:
    if not settings.REDIS_URL:
        return {"ok": True, "mode": "eager", "detail": "no broker: tasks run in the web process"}
    try:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=1, socket_connect_timeout=1)
        client.ping()
    except redis.RedisError as error:
        return {"ok": False, "mode": "redis", "error": str(error)[:200]}
    return {"ok": True, "mode": "redis"}


def _worker() -> dict[str, Any]:
    try:
        beat = heartbeat_latest()
    except DatabaseError as error:  # e.g. a database not yet migrated after a deploy
        return {"ok": False, "error": f"heartbeats unreadable: {str(error).strip()[:200]}"}
    last = beat.beat_at.isoformat() if beat else None
    if not settings.REDIS_URL:
        return {"ok": True, "mode": "eager", "last_heartbeat": last}
    if beat is None:
        return {"ok": False, "last_heartbeat": None, "error": "no worker heartbeat yet"}
    age = (timezone.now() - beat.beat_at).total_seconds()
    return {"ok": age <= STALE_AFTER_BEATS * settings.HEARTBEAT_SECONDS, "last_heartbeat": last,
            "seconds_ago": round(age, 1), "hostname": beat.hostname}
