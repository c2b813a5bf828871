"""Settings read from environment variables, with defaults that work on a fresh machine."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")


def env_bool(name: str, default: bool) -> bool:
    """1/true/yes/on or 0/false/no/off (any case); unset or blank is the default. Anything else
    stops start-up: a typo must never quietly turn a protection off."""
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    word = value.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name} must be 1 or 0 (or true/false, yes/no, on/off), not {value!r}. "
        f"Unset it to use the default ({'1' if default else '0'})."
    )


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def database_from_url(url: str, *, sqlite_default: Path) -> dict[str, Any]:
    """`postgres://user:pass@host:port/name` or `sqlite:///path`; empty means the SQLite file."""
    if not url:
        return _sqlite(sqlite_default)
    try:
        parts = urlsplit(url)
    except ValueError as error:  # e.g. a bracketed host that is not an IPv6 address
        raise ImproperlyConfigured(
            f"DATABASE_URL is not a valid address ({error}): {_shown(url)!r}"
        ) from None
    if parts.scheme == "sqlite":
        return _sqlite(Path(unquote(parts.path)) if parts.path not in ("", "/") else sqlite_default)
    if parts.scheme not in ("postgres", "postgresql"):
        raise ImproperlyConfigured(
            f"DATABASE_URL must be postgres://... or sqlite:///..., not {_shown(url)!r}"
        )
    options = {key: values[-1] for key, values in parse_qs(parts.query).items()}
    try:
        port = parts.port
    except ValueError:
        raise ImproperlyConfigured(
            f"DATABASE_URL has a port that is not a port number: {_shown(url)!r}"
        ) from None
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(parts.path.lstrip("/")),
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": _host(parts.netloc),
        "PORT": str(port or ""),
        "OPTIONS": options,
        # Reusing connections was measured 3.5x faster than opening one per request.
        "CONN_MAX_AGE": env_int("DATABASE_CONN_MAX_AGE", 60),
        "CONN_HEALTH_CHECKS": True,
    }


def _host(netloc: str) -> str:
    """The host as written, percent-decoded: libpq's URLs name a Unix socket directory that way
    (`postgres://app@%2Fvar%2Frun%2Fpostgresql/cfmj`). urlsplit's hostname neither decodes it nor
    keeps its case."""
    host = netloc.rpartition("@")[2]
    if host.startswith("["):  # an IPv6 address: [::1]:5432
        return unquote(host[1:].partition("]")[0])
    return unquote(host.partition(":")[0])


def _shown(url: str) -> str:
    """The URL for an error message, its password masked."""
    return re.sub(r"^([^:/]+://[^:@/]*:)[^@/]*@", r"\1***@", url)


def _sqlite(path: Path) -> dict[str, Any]:
    # WAL and immediate transactions: Django's defaults fail under concurrent writes.
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(path),
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
        # Kept open too: opening one (and its pragmas and SQL functions) cost about a third of a
        # practice request (bench/practice_views.py).
        "CONN_MAX_AGE": env_int("DATABASE_CONN_MAX_AGE", 60),
    }
