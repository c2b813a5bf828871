"""The learner's day: when it turns is midnight in their own time zone, not the server's.

The daily set, review dates and the streak all ask `today_in(zone)` (through Learner.today()).
A zone is an IANA name ("America/New_York"); an account keeps its own (User.time_zone). A visitor's
chosen zone is kept in the session under ZONE_KEY, and the one their browser tells in a cookie of
its own, ZONE_COOKIE (cfmj.accounts.learners.visit_zone). Until one is known, the day turns at
midnight UTC.
"""

from __future__ import annotations

import datetime
import functools
import zoneinfo

from django.utils import timezone

DEFAULT_ZONE = "UTC"
ZONE_KEY = "time_zone"  # a visitor's chosen zone, in their session
# The zone a visitor's browser told, in a cookie and not the session: the browser tells it as the
# first page loads, and a session written then could undo another request's write made at the same
# moment (the id a visitor's first question gives them), or replace that request's new session.
ZONE_COOKIE = "time_zone"
ZONE_COOKIE_SECONDS = 365 * 24 * 3600
ZONE_MAX_LENGTH = 64


@functools.cache
def zone_names() -> tuple[str, ...]:
    """Every zone name a learner may choose, sorted (the tz database's, without its
    "posix/" and "right/" copies and the placeholder "Factory")."""
    names = zoneinfo.available_timezones() - {"Factory", "localtime"}
    return tuple(sorted(n for n in names if not n.startswith(("posix/", "right/"))))


def zone_label(name: str) -> str:
    """A zone's name as a person reads it: "America/New York" for "America/New_York"."""
    return name.replace("_", " ")


def zone_checked(name: str) -> str | None:
    """`name` when it is a zone we know (spaces around it are dropped), else None."""
    name = name.strip()
    return name if name in _known() else None


@functools.cache
def _known() -> frozenset[str]:
    return frozenset(zone_names())


def zone_unknown(typed: str) -> str:
    """What a learner is told when `typed` is not a zone we know."""
    return (
        f"“{typed.strip()[:64]}” is not a time zone we know. Choose one from the list, "
        "such as America/New_York."
    )


def zone_or_default(name: str) -> str:
    """`name` when it is a zone we know, else UTC (a stored name the tz database has since
    dropped must not break a page)."""
    return zone_checked(name) or DEFAULT_ZONE


def today_in(zone: str, *, now: datetime.datetime | None = None) -> datetime.date:
    """The date it is in `zone` (UTC for a name we do not know) at `now` (default: this moment)."""
    moment = now or timezone.now()
    return moment.astimezone(zoneinfo.ZoneInfo(zone_or_default(zone))).date()


def date_in(zone: str, moment: datetime.datetime) -> datetime.date:
    """The date in `zone` of an aware `moment`."""
    return today_in(zone, now=moment)
