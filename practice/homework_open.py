"""Whether the homework a puzzle was served for is still the learner's to answer.

A puzzle served for a class's homework carries the class and the homework in its token
(serving.homework). Only the classes app knows whether the learner may still answer for it (still
one of the class's students, the homework still set for them): it registers a function here from
its AppConfig.ready(), and practice asks without importing it, so the classes app stays on the
floor above (tests/test_layers.py)."""

from __future__ import annotations

from collections.abc import Callable

from cfmj.accounts.models import User

Checker = Callable[[User, int, int], bool]  # (account, classroom id, homework id) -> still open?

_CHECKERS: dict[str, Checker] = {}


def checker_register(name: str, checker: Checker) -> None:
    """Let `checker` close homework to a learner. Registering a name again replaces it, so an app
    made ready twice (in tests) counts once."""
    _CHECKERS[name] = checker


def homework_open(user: User | None, classroom_id: int, assignment_id: int) -> bool:
    """Whether an answer served for this homework may count for it: every registered checker says
    yes (a visitor has no homework)."""
    return user is not None and all(check(user, classroom_id, assignment_id) for check in _CHECKERS.values())
