"""A cooperative time budget for the hand-reading search.

A caller that must answer within a fixed time (the web checker) opens a budget around its call:

    with budget.limit(seconds=0.25):
        result = check(hand)

and the search loops call `spend()` at every step. Once the deadline has passed, `spend()` raises
OutOfTimeError, an InputError with a message a learner can act on: the caller shows it like any
other problem with the hand (or tells it apart, to try again with more time). With no budget
open (the command line, drills, games, tests) `spend()` returns at once: nothing changes for them.

The clock is read only every CHECK_EVERY steps (a step is one node of the search or one reading
judged, a few microseconds each), so a budget costs next to nothing and is overrun by at most
that many steps. Budgets belong to a thread (or an asyncio task): a web server's threads never
share one. A budget opened inside another can only shorten the time left, never extend it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from .errors import InputError

CHECK_EVERY = 32  # steps between two readings of the clock
TOO_LONG = (
    "This hand has too many ways to read it to check here. Try it with fewer jokers, or with "
    "more of its tiles in Pairs, Pungs and Kongs."
)


class OutOfTimeError(InputError):
    """The budget ran out: an InputError like any other (TOO_LONG), which a caller may also
    tell apart, to try again with more time."""


@dataclass(slots=True)
class Budget:
    deadline: float  # a time.perf_counter() value
    countdown: int  # steps left before the clock is read again

    def spend(self) -> None:
        """One step: raise OutOfTimeError once the deadline has passed."""
        self.countdown -= 1
        if self.countdown > 0:
            return
        self.countdown = CHECK_EVERY
        if time.perf_counter() >= self.deadline:
            raise OutOfTimeError(TOO_LONG)


_open: ContextVar[Budget | None] = ContextVar("cfmj_engine_budget", default=None)


@contextmanager
def limit(*, seconds: float) -> Iterator[None]:
    """Let the search inside run for at most `seconds` (wall clock) from now."""
    deadline = time.perf_counter() + seconds
    outer = _open.get()
    if outer is not None:
        deadline = min(deadline, outer.deadline)
    token = _open.set(Budget(deadline, CHECK_EVERY))
    try:
        yield
    finally:
        _open.reset(token)


def spend() -> None:
    """One step of a search: raise OutOfTimeError (an InputError) once an open budget's time is up."""
    budget = _open.get()
    if budget is not None:
        budget.spend()


def current() -> Budget | None:
    """The budget open here, if any: a loop that takes many steps spends on it directly (a search
    runs inside one budget from start to end)."""
    return _open.get()
