"""Logging helpers for settings.LOGGING."""

from __future__ import annotations

import logging


def not_a_refusal(record: logging.LogRecord) -> bool:
    """False for Django's "Too Many Requests" line: a rate limit's refusals are expected, and a
    flood of them would otherwise cost a log line each (and bury everything else)."""
    return getattr(record, "status_code", None) != 429
