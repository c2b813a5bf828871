"""Rate limits on log-in, sign-up, password recovery and answers: a fixed window counted in Django's cache.

The numbers live in settings.RATE_LIMITS (each overridable from the environment). They are
generous because a whole classroom often shares one address behind a school's router.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.html import format_html
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from cfmj.core.usernames import username_key

logger = logging.getLogger(__name__)

# What the cache backends raise when their server is away. LocMemCache never fails; the Redis
# backend (django.core.cache.backends.redis) raises redis-py's errors. Nothing broader is
# caught: any other error is a bug and should be seen.
CACHE_DOWN = (RedisConnectionError, RedisTimeoutError)

View = TypeVar("View", bound=Callable[..., HttpResponseBase])


def client_ip(request: HttpRequest) -> str:
    """REMOTE_ADDR, or the address the nearest of RATE_LIMIT_PROXIES trusted proxies saw:
    X-Forwarded-For is written by whoever sends it, so only the proxies' own entries count."""
    proxies: int = settings.RATE_LIMIT_PROXIES
    remote = str(request.META.get("REMOTE_ADDR", ""))
    if proxies <= 0:
        return remote
    forwarded = [part.strip() for part in str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",")]
    forwarded = [part for part in forwarded if part]
    return forwarded[-proxies] if len(forwarded) >= proxies else remote


def digest(text: str) -> str:
    # Keys hold typed usernames: hashed, so any text makes a short, safe cache key.
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


@dataclass(frozen=True)
class Scope:
    """A bucket chosen per request (see rate_limited's `scope`): the request counts per address
    within `name`, up to `limit`, instead of in the plain per-address bucket."""

    name: str
    limit: int


def _buckets(key: str, request: HttpRequest, scope: Scope | None = None) -> list[tuple[str, int]]:
    """(who, limit) pairs for this request: per address (or per address within a scope, and per
    address over all scopes when "ip_scoped" is set), per signed-in user, for log-in per address
    and typed username (one person mistyping a password cannot lock out the class), and per
    username typed from any address (a recovery code tried from many)."""
    rules: dict[str, int] = settings.RATE_LIMITS[key]
    ip = client_ip(request)
    if scope is not None:
        buckets = [(f"ip:{digest(ip)}:in:{digest(scope.name)}", scope.limit)]
        if "ip_scoped" in rules:
            buckets.append((f"ip:{digest(ip)}:scoped", rules["ip_scoped"]))
    else:
        buckets = [(f"ip:{digest(ip)}", rules["ip"])] if "ip" in rules else []
    user = getattr(request, "user", None)
    if "user" in rules and user is not None and user.is_authenticated:
        buckets.append((f"user:{user.pk}", rules["user"]))
    username = username_key(str(request.POST.get("username", "")))  # every spelling, one bucket
    if "ip_username" in rules:
        buckets.append((f"ipu:{digest(ip + chr(0) + username)}", rules["ip_username"]))
    if "username" in rules:  # per username typed, from anywhere: one account, however many addresses
        buckets.append((f"username:{digest(username)}", rules["username"]))
    return buckets


def _counts(names: list[str], timeout: int) -> list[int]:
    """Count this request in each named window; the totals so far, this request included."""
    backend = caches["default"]
    if isinstance(backend, RedisCache):
        # One round trip for every bucket: Django's add() and incr() take three per bucket, and
        # this runs on every answer. Counters are plain integers, which RedisCache reads back.
        # `_cache` is RedisCache's client wrapper (private, unchanged since Django 4.0); the
        # Redis test in tests/core/test_ratelimit.py would catch a change.
        pipe = backend._cache.get_client(write=True).pipeline(transaction=False)
        for name in names:
            key = backend.make_and_validate_key(name)
            pipe.set(key, 0, ex=timeout, nx=True)
            pipe.incr(key)
        return [int(count) for count in pipe.execute()[1::2]]
    counts = []
    for name in names:
        backend.add(name, 0, timeout=timeout)
        try:
            counts.append(backend.incr(name))
        except ValueError:  # expired between add and incr: this request starts the window
            backend.set(name, 1, timeout=timeout)
            counts.append(1)
    return counts


def _wait_if_over(key: str, request: HttpRequest, scope: Scope | None = None) -> int | None:
    """Seconds to wait when any bucket is over its limit, else None (counting this request)."""
    window: int = settings.RATE_LIMITS[key]["window"]
    now = time.time()
    start = int(now // window) * window
    buckets = _buckets(key, request, scope)
    counts = _counts([f"rl:{key}:{who}:{start}" for who, _ in buckets], timeout=window + 5)
    if any(count > limit for count, (_, limit) in zip(counts, buckets, strict=True)):
        return max(1, math.ceil(start + window - now))
    return None


def _wait_words(seconds: int) -> str:
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = math.ceil(seconds / 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def too_many(request: HttpRequest, seconds: int, *, light: bool = False) -> HttpResponse:
    """The refusal: a fragment for htmx, else the site's page, or with `light` a page that reads
    neither the session nor the user (for pages a flood can hit: each refusal costs a third)."""
    wait = _wait_words(seconds)
    if request.headers.get("HX-Request") == "true":  # htmx swaps a fragment, not a page
        response = HttpResponse(
            format_html(
                '<p class="message error" role="alert">Too many tries in a short time. '
                "Please wait {} and try again.</p>",
                wait,
            ),
            status=429,
        )
        # Shown at the top of the page, whatever the form meant to swap (its target stays usable).
        response["HX-Retarget"] = "#main"
        response["HX-Reswap"] = "afterbegin"
    elif light:
        response = HttpResponse(render_to_string("429_light.html", {"wait": wait}), status=429)
    else:
        response = render(request, "429.html", {"wait": wait}, status=429)
    response["Retry-After"] = str(seconds)
    return response


def limit_used_up(key: str, request: HttpRequest) -> bool:
    """Count this request against settings.RATE_LIMITS[key] from inside a view: for a page that
    says what a limited one says (a sign-up or log-in page naming a join link's class); True once
    the limit is used up (and False when the cache is unreachable, as for rate_limited)."""
    try:
        return _wait_if_over(key, request) is not None
    except CACHE_DOWN as error:
        logger.warning("Rate limit %r not checked, the cache is unreachable: %s", key, error)
        return False


def rate_limited(
    key: str,
    *,
    methods: tuple[str, ...] = ("POST",),
    scope: Callable[[HttpRequest], Scope | None] | None = None,
    light: bool = False,
) -> Callable[[View], View]:
    """Refuse a view's `methods` with 429 once settings.RATE_LIMITS[key] is used up; showing a
    form (GET) is never counted. `scope`, when given and it returns a Scope for a request, puts
    that request in a per-address bucket of its own (as sign-ups on their way to a class).
    `light`: refuse with the page that reads no session (see too_many)."""

    def decorate(view: View) -> View:
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method in methods:
                try:
                    wait = _wait_if_over(key, request, scope(request) if scope is not None else None)
                except CACHE_DOWN as error:
                    # A limit is a nicety; the page is not. Let the request through.
                    logger.warning("Rate limit %r not checked, the cache is unreachable: %s", key, error)
                    wait = None
                if wait is not None:
                    return too_many(request, wait, light=light)
            return view(request, *args, **kwargs)

        return cast(View, wrapped)

    return decorate
