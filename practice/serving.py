"""Serving a question to a learner, and taking the answer back.

Every question the site marks (a stored drill puzzle, a lesson step's check, a lesson's quiz, the
puzzle on a class session's board) goes out with a token: what was asked, where (a drill, a
review, one day's set, a homework, a step, a quiz, a class session), to whom (an account, or a
visitor's id) and a one-time id, signed with the site's secret (django.core.signing, a salt of
its own). Serving writes nothing. An answer counts only with a token that verifies, is not too
old, and names the learner answering and the question answered; where it was asked is read from
the token, never from other fields of the form. The one-time id becomes the answer's own key
(practice.Attempt.token, lessons.CheckAnswer.token, classes.SessionAnswer.token), so a token sent
twice is recorded once (once()). practice.answering takes an answer with its token, for all of
them.

A visitor gets their id when a question is first served to them (learner_of(create=True)). A
visitor who signs up or logs in keeps the session, and with it that id (Django's login() cycles
the session key but keeps its data), so a question served before they signed in is still theirs.
"""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.core import signing
from django.db import IntegrityError, transaction

from cfmj.accounts.learners import Learner
from cfmj.engine.numbers import option_number

SALT = "cfmj.practice.serving"
MAX_AGE = datetime.timedelta(days=3)  # a question left open longer than this is asked afresh

T = TypeVar("T")

DRILL, REVIEW, STEP, QUIZ = "drill", "review", "step", "quiz"  # a step's later tries: "step:2" (step_try)
# With a date, or a class and its homework: "daily:2026-11-23", "homework:4:17"; a class session,
# and the one-time id of the answer this one replaces, if any: "session:12", "session:12:<hex>".
DAILY, HOMEWORK, SESSION = "daily", "homework", "session"

# What was served (the first item says what kind of question).
PUZZLE, CHECK, TEST = "p", "s", "q"


class NotServedError(Exception):
    """An answer whose token does not hold. `message` says why in plain words; `served` is what
    the token says when it could be read and belongs to the learner (to ask again where it was)."""

    def __init__(self, message: str, served: Served | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.served = served


@dataclass(frozen=True)
class Served:
    """A question as it was served: what, where, and its one-time id."""

    what: tuple[Any, ...]
    where: str
    once: uuid.UUID

    @property
    def daily_date(self) -> datetime.date | None:
        return daily_date_of(self.where)

    @property
    def homework(self) -> tuple[int, int] | None:
        return homework_of(self.where)

    @property
    def session(self) -> SessionPlace | None:
        return session_of(self.where)


@dataclass(frozen=True)
class SessionPlace:
    """Where a class session's puzzle was served: the session, and the one-time id of the answer
    the form was served to change (None when the student had not answered yet)."""

    session_id: int
    replaces: uuid.UUID | None


def daily_date_of(where: str) -> datetime.date | None:
    """The day whose set a puzzle served `where` came from, or None."""
    kind, _, day = where.partition(":")
    return datetime.date.fromisoformat(day) if kind == DAILY else None


def homework_of(where: str) -> tuple[int, int] | None:
    """(classroom id, homework id) of the homework a puzzle served `where` was for, or None."""
    kind, _, ids = where.partition(":")
    if kind != HOMEWORK:
        return None
    classroom, _, assignment = ids.partition(":")
    return int(classroom), int(assignment)


def session_of(where: str) -> SessionPlace | None:
    """The class session (and the answer to change) a puzzle served `where` was for, or None."""
    kind, _, rest = where.partition(":")
    if kind != SESSION:
        return None
    session_id, _, replaces = rest.partition(":")
    return SessionPlace(int(session_id), uuid.UUID(hex=replaces) if replaces else None)


def step_try(number: int) -> str:
    """Where a step's check was served: its first try ("step"), or a later try at the same
    question after a miss ("step:2")."""
    return STEP if number <= 1 else f"{STEP}:{number}"


def step_try_of(where: str) -> int:
    """Which try at its question a step's check served `where` was (1 for the first)."""
    kind, _, number = where.partition(":")
    tried = option_number(number) if kind == STEP else None
    return 1 if tried is None else tried


def daily(day: datetime.date) -> str:
    return f"{DAILY}:{day.isoformat()}"


def homework(classroom_id: int, assignment_id: int) -> str:
    return f"{HOMEWORK}:{classroom_id}:{assignment_id}"


def session(session_id: int, replaces: uuid.UUID | None = None) -> str:
    """A class session's board; `replaces` is the one-time id of the student's answer, if any."""
    return f"{SESSION}:{session_id}:{replaces.hex}" if replaces else f"{SESSION}:{session_id}"


def puzzle(puzzle_id: int) -> tuple[Any, ...]:
    """What a stored drill puzzle is, as served."""
    return (PUZZLE, puzzle_id)


def check(lesson_id: int, step: int, spec: Sequence[Any]) -> tuple[Any, ...]:
    """A lesson step's check: the step, and the engine puzzle asked (kind, focus, band, seed)."""
    return (CHECK, lesson_id, step, tuple(spec))


def check_spec_of(what: Sequence[Any]) -> tuple[Any, ...]:
    """The engine puzzle (kind, focus, band, seed) a step's check (`check(...)`) asked."""
    return tuple(what[3])


def quiz(lesson_id: int, specs: Sequence[Sequence[Any]]) -> tuple[Any, ...]:
    """A lesson's quiz: each question's engine puzzle (kind, focus, band, seed), in order."""
    return (TEST, lesson_id, tuple(tuple(spec) for spec in specs))


def _who(learner: Learner) -> str:
    if learner.user is not None:
        return f"u{learner.user.pk}"
    if not learner.visitor:
        raise ValueError("A visitor is served a question once they have an id: learner_of(create=True).")
    return f"v{learner.visitor}"


def _is(who: str, learner: Learner) -> bool:
    """Whether `who` (from a token) is this learner: their account; or the visit (session) it was
    served in, whether or not they have since signed up or logged in."""
    if who.startswith("u"):
        return learner.user is not None and who == f"u{learner.user.pk}"
    return bool(learner.visitor) and who == f"v{learner.visitor}"


def _tupled(value: Any) -> Any:
    return tuple(_tupled(item) for item in value) if isinstance(value, list) else value


def serve(learner: Learner, what: tuple[Any, ...], where: str) -> str:
    """The token to send with a question (a fresh one-time id each time it is served)."""
    return signing.dumps([_who(learner), list(what), where, uuid.uuid4().hex], salt=SALT, compress=True)


def read(token: str) -> tuple[str, Served]:
    """Who a token was served to, and what it served, whatever its age. Raises NotServedError when it
    was not made here (or was changed)."""
    try:
        who, what, where, once = signing.loads(token, salt=SALT)
        return str(who), Served(_tupled(what), str(where), uuid.UUID(hex=str(once)))
    except (signing.BadSignature, ValueError, TypeError):  # not ours, or not the shape serve() makes
        raise NotServedError("That answer form could not be read back") from None


def take(token: str, learner: Learner, what: tuple[Any, ...]) -> Served:
    """The question as served, when `token` is one served to this learner for this question
    (`what`, or the start of it: (CHECK, lesson id, step) matches whatever check that step asked)
    less than MAX_AGE ago. Raises NotServedError otherwise, with the reason in plain words."""
    who, served = read(token)
    if not _is(who, learner):
        raise NotServedError("That question was asked of another account or visit")
    if served.what[: len(what)] != what:
        raise NotServedError("That answer was for another question", served)
    try:
        signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except signing.SignatureExpired:
        raise NotServedError(f"That question was asked more than {MAX_AGE.days} days ago", served) from None
    return served


def once(keep: Callable[[], T], kept: Callable[[], T | None]) -> tuple[T, bool]:
    """Keep an answer under its token's one-time id once: `keep()` (in a transaction) stores it,
    under a unique constraint on that id; when the id was kept already (IntegrityError, the whole
    second try undone) `kept()` gives back the answer stored first. Returns the answer and whether
    this was the first time. An IntegrityError that was not the id (nothing kept under it) goes on."""
    try:
        with transaction.atomic():
            return keep(), True
    except IntegrityError:
        first = kept()
        if first is None:
            raise
        return first, False
