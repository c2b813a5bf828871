from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """The request type of views that read `request.htmx` (set by django-htmx's middleware)."""

    htmx: HtmxDetails
