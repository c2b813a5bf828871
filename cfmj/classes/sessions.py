"""Class session mode: one puzzle on the projector, students answer on their own devices, the
teacher reveals the answer. One live session per class; a student has one answer per session,
which they may change until the reveal. The puzzle is served to each student with a token
(practice.serving, where = the session and the answer it would change), and their answer is
taken with it by practice.answering: only the board's puzzle, served to them, once. The tally
counts answers and never names anyone."""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from cfmj.accounts.learners import Learner
from cfmj.accounts.models import User
from cfmj.classes.models import Classroom, ClassSession, Membership, SessionAnswer
from cfmj.classes.selectors import class_table
from cfmj.classes.services import ClassError
from cfmj.engine import drills
from cfmj.engine.drills import choices
from practice import serving
from practice.answering import Marked, answer_mark
from practice.making import made_in_a_request, puzzle_batch_generate
from practice.models import Puzzle

SESSION_BATCH = 5  # puzzles made on the spot when the pool of a kind and band is empty
FULL_LIST = 6  # a choice list this short is shown whole; a longer one only where chosen


@dataclass(frozen=True)
class ChoiceCount:
    value: str
    label: str
    count: int
    right: bool  # shown only once the answer is revealed


@dataclass(frozen=True)
class ChoiceGroup:
    title: str
    rows: tuple[ChoiceCount, ...]


@dataclass(frozen=True)
class Tally:
    answered: int
    students: int
    right: int
    groups: tuple[ChoiceGroup, ...] = ()

    @property
    def wrong(self) -> int:
        return self.answered - self.right

    @property
    def key(self) -> str:
        """Changes whenever what the board shows changes (a poll that sees the same key skips the swap)."""
        counts = ",".join(str(row.count) for group in self.groups for row in group.rows)
        return f"{self.answered}-{self.students}-{self.right}-{counts}"


def session_start(*, classroom: Classroom, teacher: User, kind: str, band: int) -> ClassSession:
    """Put a stored puzzle of this kind and band, under the class's table, on the board (one the
    class has not had, when there is one), closing the class's open session first."""
    if kind not in drills.KINDS:
        raise ClassError("Choose the kind of puzzle.")
    if band not in drills.BANDS:
        raise ClassError("Difficulty goes from 1 (first steps) to 5 (hardest).")
    if classroom.archived:
        raise ClassError("This class is archived: bring it back before running a session.")
    if not Membership.objects.active().teachers().filter(classroom=classroom, user=teacher).exists():
        raise ClassError("Only a teacher of the class can put a puzzle on the board.")
    puzzle = _fresh_puzzle(classroom, kind, band)
    with transaction.atomic():
        # The class row is the lock: two starts at once (a double click) still leave one open session.
        Classroom.objects.select_for_update().get(pk=classroom.pk)
        open_sessions = ClassSession.objects.filter(classroom=classroom, closed_at__isnull=True)
        open_sessions.update(closed_at=timezone.now())
        return ClassSession.objects.create(classroom=classroom, puzzle=puzzle, started_by=teacher)


def _fresh_puzzle(classroom: Classroom, kind: str, band: int) -> Puzzle:
    table = class_table(classroom, kind)  # the class plays its own house rules and skill level
    pool = Puzzle.objects.filter(kind=kind, band=band, table=table)
    used = ClassSession.objects.filter(classroom=classroom).values("puzzle_id")
    puzzle = pool.exclude(pk__in=used).order_by("?").first()
    if puzzle is None:
        puzzle_batch_generate(
            kind=kind,
            band=band,
            count=made_in_a_request(kind, SESSION_BATCH),
            seed=secrets.randbits(62),
            table=table,
        )
        # A class that has had every puzzle of this kind and band sees one again.
        puzzle = pool.exclude(pk__in=used).order_by("?").first() or pool.order_by("?").first()
    if puzzle is None:  # pragma: no cover - the engine makes puzzles of every kind and band
        raise ClassError("No puzzle of that kind could be made just now; please try another.")
    return puzzle


def session_serve(*, session: ClassSession, student: User) -> str:
    """The token the board's puzzle goes to a student with: served in this session, to change the
    answer they have sent (if any), so that sending it again, or an older form, changes nothing."""
    current = answer_of(session, student)
    where = serving.session(session.pk, replaces=current.token if current is not None else None)
    return serving.serve(Learner(student, ""), serving.puzzle(session.puzzle_id), where)


def session_served(*, classroom: Classroom, token: str) -> ClassSession | None:
    """The session of this class a token was served in (whoever it was served to: answering
    checks that), or None when it was not served in one (no token, a drill's, another class's)."""
    try:
        _, served = serving.read(token)
    except serving.NotServedError:
        return None
    place = served.session
    if place is None:
        return None
    return (
        ClassSession.objects.filter(pk=place.session_id, classroom=classroom).select_related("puzzle").first()
    )


def session_open_to(session: ClassSession, student: User) -> None:
    """Raise ClassError, saying why, when this student's answer cannot be taken: the answer is
    revealed or the session ended, or they are not a student of the class."""
    if session.revealed_at is not None or session.closed_at is not None:
        raise ClassError(
            "The answers are closed: the teacher has shown the answer. Watch the board for the next puzzle."
        )
    if (
        not Membership.objects.active()
        .students()
        .filter(classroom_id=session.classroom_id, user=student)
        .exists()
    ):
        raise ClassError("Only the students of this class answer its puzzles.")


def session_answer(
    *,
    session: ClassSession,
    student: User,
    response: dict[str, str],
    token: uuid.UUID | None = None,
    replaces: uuid.UUID | None = None,
    marked: Marked | None = None,
) -> SessionAnswer:
    """Grade and keep a student's answer (or take it as `marked` by practice.answering); answering
    again before the reveal replaces it. With the `token` (one-time id) it was served with, and
    the answer that token was served to change (`replaces`), it counts once: when the student's
    answer is no longer the one it replaces (the same token again, or an older form), ClassError
    says so and nothing changes. A blank is no answer: it raises practice.answering.BlankAnswerError
    and keeps nothing (nor replaces an answer sent before)."""
    with transaction.atomic():
        # Locked, so that an answer cannot land after the reveal it raced with.
        current = ClassSession.objects.select_for_update().select_related("puzzle").get(pk=session.pk)
        session_open_to(current, student)
        kept = answer_of(current, student)
        if token is not None and kept is not None and kept.token != replaces:
            # Sent before, or a form served before the answer sent since: nothing changes.
            raise ClassError("That answer was sent before: the answer you sent stands.")
        puzzle = current.puzzle
        mark = marked or answer_mark(
            kind=puzzle.kind, question=puzzle.question, answer=puzzle.answer, response=response
        )
        answer, _ = SessionAnswer.objects.update_or_create(
            session=current,
            user=student,
            defaults={
                "token": token,
                "response": mark.response,
                "correct": mark.graded.correct,
                "score": mark.graded.score,
            },
        )
        return answer


def session_reveal(*, session: ClassSession) -> None:
    """Show the answer: from now on no answer is taken. Revealing twice changes nothing."""
    with transaction.atomic():
        current = ClassSession.objects.select_for_update().get(pk=session.pk)
        if current.closed_at is not None:
            raise ClassError("This session has ended: put a new puzzle on the board.")
        if current.revealed_at is None:
            current.revealed_at = timezone.now()
            current.save(update_fields=["revealed_at"])
    session.revealed_at = current.revealed_at


def session_close(*, session: ClassSession) -> None:
    """End the session (the answers are kept). Ending it twice changes nothing."""
    now = timezone.now()
    ClassSession.objects.filter(pk=session.pk, closed_at__isnull=True).update(closed_at=now)
    if session.closed_at is None:
        session.closed_at = now


def session_current(classroom: Classroom) -> ClassSession | None:
    """The class's open session, if a puzzle is on the board."""
    return (
        ClassSession.objects.filter(classroom=classroom, closed_at__isnull=True)
        .select_related("puzzle")
        .order_by("-started_at", "-pk")
        .first()
    )


def answer_of(session: ClassSession, user: User) -> SessionAnswer | None:
    return SessionAnswer.objects.filter(session=session, user=user).first()


def session_tally(session: ClassSession) -> Tally:
    """How many answered, how many are right, and how many gave each choice; never who."""
    answers = list(SessionAnswer.objects.filter(session=session).values_list("response", "correct"))
    students = Membership.objects.active().students().filter(classroom_id=session.classroom_id).count()
    puzzle = session.puzzle
    groups = tuple(
        _group(
            title,
            choices.choices(field, puzzle.question),
            choices.right_values(field, puzzle.answer),
            [choices.picked(field, response) for response, _ in answers],
        )
        for field, title in choices.choice_fields(puzzle.kind)
    )
    right = sum(1 for _, correct in answers if correct)
    if not groups:  # an answer written, not chosen (a number, tiles): the split is right or not
        rows = (
            ChoiceCount("right", "Right", right, False),
            ChoiceCount("wrong", "Not right", len(answers) - right, False),
        )
        groups = (ChoiceGroup("Right or not", rows),)
    return Tally(answered=len(answers), students=students, right=right, groups=groups)


def _group(
    title: str, offered: list[tuple[str, str]], right: set[str], picked: list[list[str]]
) -> ChoiceGroup:
    counts: dict[str, int] = {}
    for values in picked:
        for value in values:
            counts[value] = counts.get(value, 0) + 1
    whole = len(offered) <= FULL_LIST
    rows = tuple(
        ChoiceCount(value, label, counts.get(value, 0), value in right)
        for value, label in offered
        if whole or counts.get(value)
    )
    return ChoiceGroup(title, rows)


def session_options(session: ClassSession) -> tuple[ChoiceGroup, ...]:
    """The choices the students pick from, for the board to show beside the puzzle before the
    reveal (the answer form has them on each phone): a short list only, and not a bare yes or
    no (a list longer than FULL_LIST is the card's names or the hand's tiles, on the board already)."""
    puzzle = session.puzzle
    groups = []
    for field, title in choices.choice_fields(puzzle.kind):
        offered = choices.choices(field, puzzle.question)
        if 2 < len(offered) <= FULL_LIST:
            groups.append(ChoiceGroup(title, tuple(ChoiceCount(v, label, 0, False) for v, label in offered)))
    return tuple(groups)


def session_reveal_of(session: ClassSession) -> choices.Solution:
    """The answer as the board shows it: the engine's wording of the right answer, its reasons,
    and the rules it turns on."""
    puzzle = session.puzzle
    return choices.solution(puzzle.kind, puzzle.question, puzzle.answer)
