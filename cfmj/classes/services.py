"""Running a class: creating it, joining, student accounts, co-teachers, archiving, homework.

Every function raises ClassError with a message a teacher or student can act on; none deletes
a learner's own progress (attempts and lesson progress live on the learner's account)."""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Iterable

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.classes.models import Assignment, AssignmentPuzzle, Classroom, Membership
from cfmj.classes.selectors import class_table
from cfmj.engine import drills
from cfmj.engine.ruleset import HOUSE_RULES, SKILL_LEVELS
from lessons.models import Lesson
from practice.models import Puzzle
from practice.services import puzzle_batch_generate
from practice.tables import STANDARD

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I: read aloud in a hall
CODE_LENGTH = 6
CODE_TRIES = 10
MAX_PUZZLES = 50
SPARE_PUZZLES = 5  # made beyond what a short pool needs, so the next request finds some


class ClassError(Exception):
    """Something a teacher or student asked for that cannot be done, and why."""


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """What a student typed ('abc 234', ' ABC-234 ') as a code."""
    return "".join(ch for ch in text.upper() if ch.isalnum())[: CODE_LENGTH + 2]


def _table(house_rules: Iterable[int], skill_level: int) -> tuple[list[int], int]:
    rules = sorted(set(house_rules))
    if any(rule not in HOUSE_RULES for rule in rules):
        raise ClassError(f"House rules are numbered {', '.join(str(r) for r in HOUSE_RULES)}.")
    if skill_level not in SKILL_LEVELS:
        raise ClassError(f"A skill level is a number from {min(SKILL_LEVELS)} to {max(SKILL_LEVELS)}.")
    return rules, skill_level


def classroom_create(
    *, teacher: User, name: str, description: str = "", house_rules: Iterable[int] = (), skill_level: int = 0
) -> Classroom:
    if not teacher.is_teacher:
        raise ClassError("Only a teacher account can make a class: change your role in your account first.")
    rules, level = _table(house_rules, skill_level)
    for _ in range(CODE_TRIES):
        try:
            with transaction.atomic():
                classroom = Classroom.objects.create(
                    name=name.strip(),
                    description=description.strip(),
                    code=_new_code(),
                    house_rules=rules,
                    skill_level=level,
                    created_by=teacher,
                )
                Membership.objects.create(classroom=classroom, user=teacher, role=Membership.Role.TEACHER)
                return classroom
        except IntegrityError:  # the code was taken: draw another
            continue
    raise ClassError("No free class code could be found just now; please try again.")  # pragma: no cover


def classroom_update(
    *, classroom: Classroom, name: str, description: str, house_rules: Iterable[int], skill_level: int
) -> None:
    rules, level = _table(house_rules, skill_level)
    Classroom.objects.filter(pk=classroom.pk).update(
        name=name.strip(), description=description.strip(), house_rules=rules, skill_level=level
    )


def classroom_archive(*, classroom: Classroom, archived: bool = True) -> None:
    """Archiving stops joining and new homework; everyone's progress stays where it is."""
    Classroom.objects.filter(pk=classroom.pk).update(archived_at=timezone.now() if archived else None)


def _add(classroom: Classroom, user: User, role: str) -> Membership:
    """Add or bring back a member (someone who left keeps their row, and returns to it)."""
    membership, created = Membership.objects.get_or_create(
        classroom=classroom, user=user, defaults={"role": role}
    )
    if not created:
        membership.left_at = None
        if role == Membership.Role.TEACHER:
            membership.role = role
        membership.save(update_fields=["left_at", "role"])
    return membership


def classroom_join(*, user: User, code: str) -> Classroom:
    classroom = Classroom.objects.filter(code=normalise_code(code)).first()
    if classroom is None:
        raise ClassError(
            "No class has that code. Check it with your teacher: it is six letters and "
            "numbers, such as K7PQ3M."
        )
    if classroom.archived:
        raise ClassError(f"{classroom.name} has been archived by its teacher, so it takes no new students.")
    existing = Membership.objects.filter(classroom=classroom, user=user).first()
    if existing is not None and existing.active and existing.role == Membership.Role.TEACHER:
        raise ClassError(f"You teach {classroom.name}.")
    with transaction.atomic():
        _add(classroom, user, Membership.Role.STUDENT)
    return classroom


def student_create(*, classroom: Classroom, username: str, password: str) -> User:
    """An account a teacher makes for a student without e-mail; the student is in the class."""
    username = username.strip()
    if not username:
        raise ClassError("Give the student a username.")
    if User.objects.filter(username__iexact=username).exists():
        raise ClassError(f"The username {username} is taken: try adding a number or an initial.")
    user = User(username=username, role=User.Role.LEARNER)
    _check_password(password, user)
    with transaction.atomic():
        user.set_password(password)
        user.save()
        _add(classroom, user, Membership.Role.STUDENT)
    return user


def student_password_set(*, classroom: Classroom, student: User, password: str) -> None:
    if not Membership.objects.filter(
        classroom=classroom, user=student, role=Membership.Role.STUDENT
    ).exists():
        raise ClassError("You can set passwords only for students of your class.")
    _check_password(password, student)
    student.set_password(password)
    student.save(update_fields=["password"])


def _check_password(password: str, user: User) -> None:
    try:
        validate_password(password, user)
    except ValidationError as error:
        raise ClassError(" ".join(error.messages)) from None


def coteacher_add(*, classroom: Classroom, username: str) -> User:
    user = User.objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise ClassError(
            f"There is no account called {username.strip() or '(nothing)'}: ask them to "
            "sign up as a teacher first."
        )
    if not user.is_teacher:
        raise ClassError(f"{user.username} has a learner account: a co-teacher needs a teacher account.")
    with transaction.atomic():
        _add(classroom, user, Membership.Role.TEACHER)
    return user


def membership_end(*, classroom: Classroom, user: User) -> None:
    """A student leaves, or is removed, or a co-teacher steps down. The membership is kept (with
    the date), and so is everything the student did."""
    with transaction.atomic():
        membership = (
            Membership.objects.select_for_update()
            .filter(classroom=classroom, user=user, left_at__isnull=True)
            .first()
        )
        if membership is None:
            return  # already gone: a second click changes nothing
        if membership.role == Membership.Role.TEACHER:
            teachers = Membership.objects.filter(
                classroom=classroom, role=Membership.Role.TEACHER, left_at__isnull=True
            ).count()
            if teachers == 1:
                raise ClassError(
                    "A class needs a teacher: add a co-teacher before you step down, or archive the class."
                )
        membership.left_at = timezone.now()
        membership.save(update_fields=["left_at"])


def assignment_create(
    *,
    classroom: Classroom,
    teacher: User,
    kind: str,
    due: datetime.date,
    lesson: Lesson | None = None,
    drill_kind: str = "",
    count: int = 0,
    band: int = 2,
) -> Assignment:
    if classroom.archived:
        raise ClassError("This class is archived: bring it back before setting homework.")
    if kind == Assignment.Kind.LESSON:
        if lesson is None or not lesson.active:
            raise ClassError("Choose the lesson to assign.")
        return Assignment.objects.create(
            classroom=classroom, kind=kind, lesson=lesson, due=due, created_by=teacher
        )
    if kind not in (Assignment.Kind.DRILLS, Assignment.Kind.FIXED):
        raise ClassError("Assign a lesson, drill puzzles, or a fixed set of puzzles.")
    if drill_kind not in drills.KINDS:
        raise ClassError("Choose the kind of drill.")
    if not 1 <= count <= MAX_PUZZLES:
        raise ClassError(f"Ask for between 1 and {MAX_PUZZLES} puzzles.")
    if band not in drills.BANDS:
        raise ClassError("Difficulty goes from 1 (first steps) to 5 (hardest).")
    with transaction.atomic():
        table = class_table(classroom, drill_kind)
        assignment = Assignment.objects.create(
            classroom=classroom,
            kind=kind,
            drill_kind=drill_kind,
            count=count,
            band=band,
            table=table,
            due=due,
            created_by=teacher,
        )
        if kind == Assignment.Kind.FIXED:
            AssignmentPuzzle.objects.bulk_create(
                [
                    AssignmentPuzzle(assignment=assignment, puzzle=puzzle, position=position)
                    for position, puzzle in enumerate(_fixed_set(drill_kind, band, count, table), 1)
                ]
            )
        elif table != STANDARD:
            # Few puzzles exist for a class's own table: make enough for the homework now (the
            # standard pool is kept full by the refill task).
            _fixed_set(drill_kind, band, count, table)
    return assignment


def _fixed_set(kind: str, band: int, count: int, table: str = STANDARD) -> list[Puzzle]:
    """`count` stored puzzles of this kind, band and table, made now if the pool is short."""
    pool = Puzzle.objects.filter(kind=kind, band=band, table=table)
    puzzles = list(pool.order_by("?")[:count])
    if len(puzzles) < count:
        puzzle_batch_generate(kind=kind, band=band, count=count - len(puzzles) + SPARE_PUZZLES,
                              seed=secrets.randbits(62), table=table)
        puzzles = list(pool.order_by("?")[:count])
    return puzzles
