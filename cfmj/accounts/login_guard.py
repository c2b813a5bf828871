"""What stands between the log-in form and the password check, which costs about a third of a
second of a core by design (PBKDF2): enough log-ins at once would take the site.

- **One account, many addresses.** After settings.LOGIN_FAILURES_FREE wrong passwords in a row
  for a username (counted per username typed, from any address, whether or not it exists), each
  further try waits a pause that doubles with every failure (LOGIN_PAUSE_FIRST seconds up to
  LOGIN_PAUSE_MAX), and is refused without a check until then. A right password ends the run.
  The owner is never kept out for good: a device that has logged in to the account before (a
  signed cookie set at each log-in, `KNOWN_DEVICES`) is not paused, and a recovery code or the
  e-mailed link sets a new password from anywhere.
- **How many at once.** At most PASSWORD_CHECKS_AT_ONCE checks run at the same time across the
  site (slots in the shared cache, each held at most SLOT_SECONDS): a flood of log-ins takes one
  core at most. Trusted tries (from a known device, or from an address whose recent tries have
  not been failing: a classroom's router, never a flood's addresses) come first: one finding no
  free slot waits up to PASSWORD_CHECK_WAIT seconds for one (PASSWORD_CHECK_WAITERS at a time,
  each holding a worker), and while one waits no other try takes a slot. Any other try finding
  none is told at once to try again in a moment: a flood's tries cost a worker a few
  milliseconds each and never queue.

With the cache unreachable, nothing is counted and nothing held back (as for the rate limits)."""

from __future__ import annotations

import contextlib
import math
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.core.cache import BaseCache, caches
from django.http import HttpRequest, HttpResponse

from cfmj.accounts.models import User
from cfmj.core.ratelimit import CACHE_DOWN, client_ip, digest
from cfmj.core.usernames import username_key

KNOWN_DEVICES = "cfmj_known"  # the cookie: the accounts this browser has logged in to
KNOWN_MAX = 8  # accounts remembered per browser (a family's tablet)
KNOWN_SALT = "cfmj.accounts.known-device"
KNOWN_AGE = 400 * 24 * 3600  # about as long as browsers keep a cookie
SLOT_SECONDS = 10  # a slot left by a crashed worker frees itself after this
ADDRESS_WINDOW = 900  # an address's tries are judged over the last 15 minutes
FAILURE_MEMORY = 24 * 3600  # a run of failures is forgotten a day after its last one
POLL = 0.05


class LoginHeldError(Exception):
    """A try refused before its password was checked; the message says why and what to do."""

    def __init__(self, message: str, *, seconds: int) -> None:
        super().__init__(message)
        self.seconds = seconds


@dataclass
class Attempt:
    """One try at the password, inside password_check: set `ok` when it succeeded."""

    ok: bool = False


def _cache() -> BaseCache:
    return caches["default"]


def _wait_words(seconds: int) -> str:
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = math.ceil(seconds / 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def _pause_after(failures: int) -> int:
    """Seconds an account is paused after `failures` wrong passwords in a row (0: not paused)."""
    extra = failures - settings.LOGIN_FAILURES_FREE
    if extra < 0:
        return 0
    return int(min(settings.LOGIN_PAUSE_MAX, settings.LOGIN_PAUSE_FIRST * 2 ** min(extra, 20)))


def known_ids(request: HttpRequest) -> list[int]:
    """The accounts this browser has logged in to (the signed cookie; nothing if forged or old)."""
    raw = request.COOKIES.get(KNOWN_DEVICES, "")
    if not raw:
        return []
    try:
        ids = signing.loads(raw, salt=KNOWN_SALT, max_age=KNOWN_AGE)
    except signing.BadSignature:
        return []
    return [i for i in ids if isinstance(i, int)] if isinstance(ids, list) else []


def known_device_remember(request: HttpRequest, response: HttpResponse, user_id: int) -> None:
    """After a log-in: this browser knows the account (newest first, a few accounts at most)."""
    ids = [user_id, *(i for i in known_ids(request) if i != user_id)][:KNOWN_MAX]
    response.set_cookie(
        KNOWN_DEVICES,
        signing.dumps(ids, salt=KNOWN_SALT),
        max_age=KNOWN_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def _known_for(request: HttpRequest, username: str) -> bool:
    ids = known_ids(request)
    if not ids:
        return False
    return User.objects.filter(pk__in=ids, username__iexact=username).exists()


def _account_key(username: str) -> str:
    return f"login:fail:{digest(username_key(username))}"


def _address_keys(request: HttpRequest) -> tuple[str, str]:
    ip = digest(client_ip(request))
    window = int(time.time() // ADDRESS_WINDOW)
    return f"login:addr-fail:{ip}:{window}", f"login:addr-ok:{ip}:{window}"


def _count(key: str, timeout: int) -> int:
    cache = _cache()
    cache.add(key, 0, timeout=timeout)
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=timeout)
        return 1


def _trusted(request: HttpRequest, known: bool) -> bool:
    if known:
        return True
    failed_key, ok_key = _address_keys(request)
    found = _cache().get_many([failed_key, ok_key])
    failed, succeeded = int(found.get(failed_key, 0)), int(found.get(ok_key, 0))
    return failed <= settings.LOGIN_ADDRESS_FAILURES_TRUSTED + succeeded


def _held_account(username: str) -> None:
    record = _cache().get(_account_key(username))
    if not record:
        return
    failures, last = record
    left = math.ceil(last + _pause_after(failures) - time.time())
    if left > 0:
        raise LoginHeldError(
            f"This account has had {failures} wrong passwords in a row, so logging in to it is paused "
            f"for {_wait_words(left)}. If it is yours: log in from a phone or computer you have used "
            "for it before, or set a new password with your recovery code or the e-mailed link "
            "(“Forgotten your password?” below).",
            seconds=left,
        )


def _take(prefix: str, count: int, timeout: float) -> str | None:
    """One of `count` keys `prefix:n` added now (held), or None when all are held."""
    cache, token = _cache(), secrets.token_hex(8)
    for number in range(count):
        key = f"{prefix}:{number}"
        if cache.add(key, token, timeout=math.ceil(timeout)):
            return key
    return None


def _waiting() -> bool:
    keys = [f"login:waiter:{n}" for n in range(settings.PASSWORD_CHECK_WAITERS)]
    return bool(keys and _cache().get_many(keys))


def _busy() -> LoginHeldError:
    return LoginHeldError(
        "Many people are logging in just now: please press “Log in” again in a few seconds.", seconds=3
    )


def _slot(trusted: bool) -> str:
    """A slot to check a password in, now held. A try that is not trusted takes a free one only
    while no trusted try waits for it; a trusted try waits (one of a few at a time) up to
    PASSWORD_CHECK_WAIT seconds, holding a waiter's place that turns the others away."""
    slots = settings.PASSWORD_CHECKS_AT_ONCE
    if not trusted:
        key = None if _waiting() else _take("login:slot", slots, SLOT_SECONDS)
        if key is None:
            raise _busy()
        return key
    if (key := _take("login:slot", slots, SLOT_SECONDS)) is not None:
        return key
    waiter = _take("login:waiter", settings.PASSWORD_CHECK_WAITERS, settings.PASSWORD_CHECK_WAIT + 1)
    if waiter is None:
        raise _busy()
    try:
        deadline = time.monotonic() + settings.PASSWORD_CHECK_WAIT
        while (key := _take("login:slot", slots, SLOT_SECONDS)) is None:
            if time.monotonic() >= deadline:
                raise _busy()
            time.sleep(POLL)
        return key
    finally:
        _cache().delete(waiter)


@contextlib.contextmanager
def password_check(*, request: HttpRequest, username: str) -> Iterator[Attempt]:
    """Around one check of `username`'s password: raises LoginHeldError (before any check) when the
    account is paused for this browser or no slot is free; counts the try's outcome on the way out."""
    attempt = Attempt()
    try:
        known = _known_for(request, username)
        if not known:
            _held_account(username)  # refused at once, before waiting for a slot
        slot = _slot(_trusted(request, known))
        try:
            if not known:
                _held_account(username)  # again: tries that waited together are judged in turn
        except LoginHeldError:
            _cache().delete(slot)
            raise
    except CACHE_DOWN:
        yield attempt  # limits are a nicety; the log-in is not
        return
    try:
        yield attempt
    finally:
        with contextlib.suppress(*CACHE_DOWN):
            _outcome(request, username, ok=attempt.ok)  # counted before the next try may start
            _cache().delete(slot)


def _outcome(request: HttpRequest, username: str, *, ok: bool) -> None:
    cache = _cache()
    failed_key, ok_key = _address_keys(request)
    if ok:
        cache.delete(_account_key(username))
        _count(ok_key, ADDRESS_WINDOW + 5)
        return
    record = cache.get(_account_key(username)) or (0, 0.0)
    cache.set(_account_key(username), (record[0] + 1, time.time()), timeout=FAILURE_MEMORY)
    _count(failed_key, ADDRESS_WINDOW + 5)
