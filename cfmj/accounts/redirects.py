"""Where to send someone after a form: the `next` they brought, only when it is a path on this site."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

MAX_NEXT = 2000  # longer than any address on the site


def is_local_path(target: str, request: HttpRequest) -> bool:
    """A path on this site ("/classes/join/ABC234/"): never another host ("//evil.example",
    "/\\evil.example", "https://..."), a scheme ("javascript:"), a relative name ("abc", which a
    redirect would treat as a URL name) or text with control characters or spaces around it."""
    return (
        0 < len(target) <= MAX_NEXT
        and target.startswith("/")
        and target == target.strip()
        and target.isprintable()
        and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
    )


def local_next(request: HttpRequest, default: str = "/") -> str:
    """The request's `next` (posted, or in the query) when it is a local path, else `default`."""
    target = str(request.POST.get("next") or request.GET.get("next") or "")
    return target if is_local_path(target, request) else default
