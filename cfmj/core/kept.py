"""A value each process works out once and keeps for a short while, handed out as it is.

Django's local-memory cache pickles a value when it is stored and unpickles it on every read,
so a larger value costs each request a fresh copy (the lesson map that drill explanations read
cost about 0.3 ms an answer). A Kept value is shared by reference instead, so it must never be
changed after it is made: use frozen dataclasses, tuples and read-only mappings.

Each process keeps its own: nothing is shared between hosts, so a value that can change (the
course after `load_lessons`) is kept only for `seconds`, and forget() drops it at once in the
process that changed it.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

_ALL: weakref.WeakSet[Kept[object]] = weakref.WeakSet()


class Kept(Generic[T]):
    def __init__(self, make: Callable[[], T], *, seconds: float) -> None:
        self._make = make
        self._seconds = seconds
        self._value: T | None = None
        self._until = 0.0
        _ALL.add(self)  # type: ignore[arg-type]

    def get(self) -> T:
        # Two threads (runserver) may both make it when it runs out: the same value, made twice.
        now = time.monotonic()
        if self._value is None or now >= self._until:
            self._value = self._make()
            self._until = now + self._seconds
        return self._value

    def forget(self) -> None:
        self._value = None


def forget_all() -> None:
    """Drop every kept value in this process (the tests start each test afresh)."""
    for kept in list(_ALL):
        kept.forget()
