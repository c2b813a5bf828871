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


def _share_names(key: str, request: HttpRequest, now: float) -> list[str]:
    """The busy-site buckets of `key` that are read (its rules' busy_site): the site's requests since
    the start of the second before this one, and this address's share window."""
    address = digest(client_ip(request))
    return [f"rl:{key}:site:{int(now) - 1}", f"rl:{key}:share:{address}:{_share_start(key, address, now)}"]


def _share_start(key: str, address: str, now: float) -> float:
    """The start of the address's share window. Each address's windows begin at a moment of their
    own (from its digest), so that the shares of a flood's addresses do not all renew at once and
    their answers come spread out, not in a burst every window."""
    seconds = settings.RATE_LIMITS[key]["busy_seconds"]
    phase = int(address[:8], 16) % 1000 / 1000 * seconds
    return math.floor((now - phase) / seconds) * seconds + phase


def _over_share(key: str, request: HttpRequest, site: int, count: int, now: float) -> int | None:
    """A fair share when the site is busy: with more than busy_site requests in the last second or
    two, an address past busy_ip in its share window waits to the window's end (every address
    within it, a learner checking a hand a second, goes on)."""
    rules: dict[str, int] = settings.RATE_LIMITS[key]
    if site > rules["busy_site"] and count > rules["busy_ip"]:
        start = _share_start(key, digest(client_ip(request)), now)
        return max(1, math.ceil(start + rules["busy_seconds"] - now))
    return None


def _wait_if_over(key: str, request: HttpRequest, scope: Scope | None = None) -> int | None:
    """Seconds to wait when any bucket is over its limit, else None (counting this request)."""
    rules: dict[str, int] = settings.RATE_LIMITS[key]
    window = rules["window"]
    now = time.time()
    start = int(now // window) * window
    buckets = _buckets(key, request, scope)
    names = [f"rl:{key}:{who}:{start}" for who, _ in buckets]
    busy = "busy_site" in rules
    if busy:
        # Each request counts in this second's site bucket and the one before, which is read: the
        # requests of the last second or two, so that "busy" does not end with every new second.
        names += [f"rl:{key}:site:{int(now)}", *_share_names(key, request, now)]
    counts = _counts(names, timeout=window + 5)
    if any(count > limit for count, (_, limit) in zip(counts, buckets, strict=False)):
        return max(1, math.ceil(start + window - now))
    return _over_share(key, request, counts[-2], counts[-1], now) if busy else None


def refused_early(key: str, request: HttpRequest) -> int | None:
    """Without counting this request: seconds to wait when its address has already used up `key`'s
    per-address limit, or its share while the site is busy; None otherwise, or with the cache away.
    For a refusal before anything else of the request runs (cfmj.core.middleware.early_refusals):
    once over, a flood's requests cost a cache read each."""
    rules: dict[str, int] = settings.RATE_LIMITS[key]
    now = time.time()
    start = int(now // rules["window"]) * rules["window"]
    names = [f"rl:{key}:ip:{digest(client_ip(request))}:{start}"]
    if "busy_site" in rules:
        names += _share_names(key, request, now)
    try:
        found = caches["default"].get_many(names)
    except CACHE_DOWN:
        return None
    counts = [int(found.get(name) or 0) for name in names]
    if counts[0] >= rules["ip"]:
        return max(1, math.ceil(start + rules["window"] - now))
    # This request would be one more, in a second at least as busy.
    return _over_share(key, request, counts[1] + 1, counts[2] + 1, now) if "busy_site" in rules else None


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
    only: Callable[[HttpRequest], bool] | None = None,
) -> Callable[[View], View]:
    """Refuse a view's `methods` with 429 once settings.RATE_LIMITS[key] is used up; showing a
    form (GET) is never counted. `scope`, when given and it returns a Scope for a request, puts
    that request in a per-address bucket of its own (as sign-ups on their way to a class).
    `light`: refuse with the page that reads no session (see too_many). `only`, when given: just
    the requests it says are counted and refused (a visitor's, say); the others pass uncounted."""

    def decorate(view: View) -> View:
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method in methods and (only is None or only(request)):
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
