"""Tests that need PostgreSQL or Redis run when the service answers (as on our CI), else skip."""

from __future__ import annotations

import socket

import pytest


def listening(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


needs_redis = pytest.mark.skipif(not listening("127.0.0.1", 6379), reason="no Redis on 127.0.0.1:6379")
needs_postgres = pytest.mark.skipif(not listening("127.0.0.1", 5432),
                                    reason="no PostgreSQL server on 127.0.0.1:5432")
