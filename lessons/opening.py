"""What opens a lesson out of the course's order: puts it in turn, so that its checks and quiz count.

Every lesson is open to read; a lesson's checks and quiz count once the one before it is done
(lessons.selectors.course). Another app can put more in turn for a learner, such as the lessons a
teacher set as homework, by registering a function here from its AppConfig.ready(): lessons ask
it without importing that app, so the app stays on the floor above (tests/test_layers.py)."""

from __future__ import annotations

from collections.abc import Callable, Collection

from cfmj.accounts.models import User

Opener = Callable[[User | None], Collection[int]]

_OPENERS: dict[str, Opener] = {}


def opener_register(name: str, opener: Opener) -> None:
    """Let `opener` (an account or None for a visitor -> lesson ids) open lessons. Registering a
    name again replaces it, so an app made ready twice (in tests) counts once."""
    _OPENERS[name] = opener


def opener_unregister(name: str) -> None:
    _OPENERS.pop(name, None)


def opened_lesson_ids(user: User | None) -> set[int]:
    """The lessons every registered opener puts in turn for `user`, whatever the course order says."""
    return {pk for opener in _OPENERS.values() for pk in opener(user)}
