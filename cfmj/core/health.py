"""What /healthz reports: the database, the broker and the last worker heartbeat; and who may
read more than the overall status."""

from __future__ import annotations

import ipaddress
from typing import Any

import redis
from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest
from django.utils import timezone

from cfmj.core.ratelimit import client_ip
from cfmj.core.selectors import heartbeat_latest

STALE_AFTER_BEATS = 3  # a worker that missed three heartbeats is taken for gone


def health_report() -> dict[str, Any]:
    database = _database()
    broker = _broker()
    worker = _worker() if database["ok"] else {"ok": False, "error": "database unavailable"}
    healthy = database["ok"] and broker["ok"] and worker["ok"]
    return {
        "status": "ok" if healthy else "degraded",
        "database": database,
        "broker": broker,
        "worker": worker,
    }


def health_summary(report: dict[str, Any]) -> dict[str, Any]:
    """What anyone may read: the overall status (the HTTP code says the same)."""
    return {"status": report["status"]}


def health_details_allowed(request: HttpRequest) -> bool:
    """Error texts, the database vendor and the worker's host name are for the operator: staff, or
    a client on this machine. Behind the proxy every connection comes from loopback, so "on this
    machine" is decided on the address the trusted proxy saw (client_ip), never on REMOTE_ADDR
    alone."""
    user = request.user
    if user.is_authenticated and user.is_active and user.is_staff:
        return True
    return _is_loopback(client_ip(request))


def _is_loopback(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:  # empty (a Unix socket) or unreadable: not known to be this machine
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped.is_loopback
    return ip.is_loopback


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
    return {
        "ok": age <= STALE_AFTER_BEATS * settings.HEARTBEAT_SECONDS,
        "last_heartbeat": last,
        "seconds_ago": round(age, 1),
        "hostname": beat.hostname,
    }
