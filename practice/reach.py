"""What a learner's practice keeps within: what their lessons have taught, or everything.

Drills, today's five and reviews serve a learner only the drill kinds their lessons have opened,
and only puzzles within the rule lines those lessons have taught (a drills.Scope). Practice stands
below the course (tests/test_layers.py), so the course registers the reader of a learner's reach
here from its AppConfig.ready() (lessons.taught), and practice asks it without importing lessons.
With no reader registered (no course), or once the learner chooses to practise everything (kept
on the account, or in a visitor's session), the full range is served: every kind, no scope.

Homework does not ask: it serves what the teacher set, whatever the student's reach.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from django.contrib.sessions.backends.base import SessionBase

from cfmj.accounts.learners import Learner
from cfmj.core.prepared import Prepared
from cfmj.engine import drills
from cfmj.engine.drills.scope import Scope
from practice.models import PracticeRange

EVERYTHING_KEY = "practise_everything"  # a visitor's choice, in their session


@dataclass(frozen=True)
class Opening:
    """The lesson that teaches a drill kind (the first whose drills list it): its place in the
    course, its name as a link says it ("Lesson 7: Fillers") and its page."""

    number: int
    label: str
    url: str


@dataclass(frozen=True)
class Reach:
    """The drill kinds a learner may practise and the scope their puzzles keep within.

    `scope` None is the full range. `closed` holds the kinds not open yet, each with the lesson
    that opens it. `everything`: the learner chose to practise everything; `ahead` then holds the
    kinds they practise ahead of their lessons (those their lessons would keep closed)."""

    scope: Scope | None
    closed: Mapping[str, Opening] = field(default_factory=lambda: MappingProxyType({}))
    everything: bool = False
    ahead: Mapping[str, Opening] = field(default_factory=lambda: MappingProxyType({}))

    def opens(self, kind: str) -> bool:
        return kind not in self.closed

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds open, in the site's order (drills.KINDS)."""
        return tuple(kind for kind in drills.KINDS if self.opens(kind))

    @property
    def key(self) -> str:
        """A short name for what this reach serves: "" for the full range; else a digest of the
        scope's lines and the kinds open (today's five are one set per day for each)."""
        if self.scope is None:
            return ""
        text = " ".join(sorted(self.scope.lines)) + "|" + " ".join(self.kinds)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def fits(self, kind: str, question: Mapping[str, Any], answer: Mapping[str, Any]) -> bool:
        """Is a stored puzzle of this kind within the reach: its kind open, and nothing in it
        outside the scope (Scope.admits, and the kind's own `within`)?"""
        if not self.opens(kind):
            return False
        if self.scope is None:
            return True
        within = drills.definition(kind).within
        return self.scope.admits(kind, question) and (within is None or within(self.scope, question, answer))


FULL = Reach(None)

Reader = Callable[[Learner], Reach]
_READERS: dict[str, Reader] = {}


def reach_register(name: str, reader: Reader) -> None:
    """Let `reader` say a learner's reach (the course's: lessons.taught). Registering a name again
    replaces it, so an app made ready twice (in tests) counts once. One reader is expected: with
    several, the first registered is asked."""
    _READERS[name] = reader


def reach_unregister(name: str) -> None:
    _READERS.pop(name, None)


def everything_chosen(learner: Learner, session: SessionBase) -> bool:
    """Has the learner chosen to practise everything: on their account, or for a visitor in this
    visit's session?"""
    if learner.user is not None:
        return bool(_EVERYTHING.rows(learner.user.pk))
    return bool(session.get(EVERYTHING_KEY, False))


# Asked by every drill and daily page: prepared (cfmj.core.prepared).
_EVERYTHING = Prepared(
    lambda user_id: PracticeRange.objects.filter(user_id=user_id, everything=True).values_list("pk")[:1], -1
)


def reach_of(learner: Learner, session: SessionBase) -> Reach:
    """What this learner's practice keeps within: what their lessons have taught; everything when
    they chose it (saying which kinds that puts ahead of their lessons), or when no course
    registered a reader."""
    reader = next(iter(_READERS.values()), None)
    taught = FULL if reader is None else reader(learner)
    if everything_chosen(learner, session):
        return Reach(None, everything=True, ahead=taught.closed)
    return taught
