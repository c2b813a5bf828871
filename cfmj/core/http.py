from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

from cfmj.engine.numbers import ASCII_SPACE, MAX_OPTION_DIGITS, option_number


class HtmxHttpRequest(HttpRequest):
    """The request type of views that read `request.htmx` (set by django-htmx's middleware)."""

    htmx: HtmxDetails


def sent_number(text: str | None, *, digits: int = MAX_OPTION_DIGITS) -> int | None:
    """The whole number (an id, a seat, a version, some seconds) a query or a form sent in `text`:
    ASCII digits only, ASCII spaces around allowed, at most `digits` of them (never more than the
    engine's MAX_OPTION_DIGITS, so every id fits the database's whole numbers); None for anything
    else, which the view answers as it answers "abc". '²', '٣' and '１' are refused: str.isdigit()
    takes all three and int() the last two, so neither is a test of an id.

    Every number a view reads from request.GET or request.POST is read here
    (tests/core/test_sent_numbers.py holds the list of them, and fails on a digit test written
    anywhere else)."""
    if text is None:
        return None
    text = text.strip(ASCII_SPACE)
    if len(text) > min(digits, MAX_OPTION_DIGITS):
        return None
    return option_number(text)
