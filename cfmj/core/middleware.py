"""htmx plumbing in one place: responses vary on HX-Request, and redirects answering an htmx
request become HX-Redirect so the whole page moves rather than a fragment. The bound on a
request's body (request_size_limit), and the checker's refusals before anything else runs
(early_refusals)."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.cache import patch_vary_headers
from django_htmx.http import HttpResponseClientRedirect

from cfmj.core.ratelimit import refused_early, too_many

REDIRECTS = (301, 302, 303, 307, 308)


Handler = Callable[[HttpRequest], HttpResponse]


def htmx_plumbing(get_response: Handler) -> Handler:
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if getattr(request, "htmx", False) and response.status_code in REDIRECTS:
            response = HttpResponseClientRedirect(response["Location"])
        patch_vary_headers(response, ("HX-Request",))
        return response

    return middleware


def request_size_limit(get_response: Handler) -> Handler:
    """Refuse a body declared larger than settings.REQUEST_MAX_BYTES with 413 before anything reads
    it: multipart files escape DATA_UPLOAD_MAX_MEMORY_SIZE (they stream to a temporary file), and
    without nginx in front (development) nothing else bounds them. No declared length means no
    body: Django reads none without one."""

    def middleware(request: HttpRequest) -> HttpResponse:
        limit: int = settings.REQUEST_MAX_BYTES
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:  # gunicorn and nginx refuse these; Django then reads no body
            declared = 0
        if declared > limit:
            return render(request, "413.html", {"limit": _size_words(limit)}, status=413)
        return get_response(request)

    return middleware


def _size_words(size: int) -> str:
    if size >= 1024 * 1024 and size % (1024 * 1024) == 0:
        return f"{size // (1024 * 1024)} MB"
    if size >= 1024:
        return f"{size // 1024} KB"
    return f"{size} bytes"


def early_refusals(get_response: Handler) -> Handler:
    """After the security headers, before anything else: a full hand sent to the hand checker from
    an address that has already used up its limit (or its share while the site is busy) is refused
    at once with the light page, before sessions, the user or the URL are read: a flood from many
    addresses costs a cache read a request. The view counts and refuses the rest (practice.views);
    htmx requests go on to it, to be told in the verdict's place."""

    def middleware(request: HttpRequest) -> HttpResponse:
        asked = request.GET.get("hand", "").strip() and not request.headers.get("HX-Request")
        if asked and request.path == _check_path() and "check" in settings.RATE_LIMITS:
            wait = refused_early("check", request)
            if wait is not None:
                return too_many(request, wait, light=True)
        return get_response(request)

    return middleware


def _check_path() -> str | None:
    """The hand checker's address (None under a URLconf without it: the live channel's own)."""
    try:
        return reverse("practice:check")
    except NoReverseMatch:
        return None
