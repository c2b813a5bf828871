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
from django.db.models import Q
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.accounts.names import real_name_normalise, real_name_problem
from cfmj.accounts.selectors import username_taken
from cfmj.classes.models import (
    HOMEWORK_NAME_MAX,
    Assignment,
    Classroom,
    CoteacherInvite,
    ManagedAccount,
    Membership,
)
from cfmj.core.usernames import username_normalise, username_problem
from cfmj.engine.ruleset import HOUSE_RULES, SKILL_LEVELS
from lessons.models import Lesson

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I: read aloud in a hall
CODE_LENGTH = 6
CODE_TRIES = 10
MAX_PUZZLES = 50
MAX_HANDS = 20  # a hand takes a quarter of an hour or so: twenty is several evenings' play


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
                    owner=teacher,
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
    """Add or bring back a member in `role`: someone who left keeps their row and returns to it, in
    the role they come back in (a former co-teacher who rejoins by code is a student)."""
    membership, created = Membership.objects.get_or_create(
        classroom=classroom, user=user, defaults={"role": role}
    )
    if not created:
        membership.left_at = None
        membership.removed = False
        membership.role = role
        membership.save(update_fields=["left_at", "removed", "role"])
    return membership


def classroom_join_check(*, user: User, code: str) -> tuple[Classroom, bool]:
    """The class a code would let `user` into, and whether they are in it already; ClassError says
    why not (the class is archived, joining is closed, a teacher removed them, or they teach it).
    Changes nothing: the join page asks it before the student confirms."""
    classroom = Classroom.objects.filter(code=normalise_code(code)).first()
    if classroom is None:
        raise ClassError(NO_SUCH_CODE)
    existing = Membership.objects.filter(classroom=classroom, user=user).first()
    if existing is not None and existing.active:
        if existing.role == Membership.Role.TEACHER:
            raise ClassError(f"You teach {classroom.name}.")
        return classroom, True
    if classroom.archived:
        raise ClassError(f"{classroom.name} has been archived by its teacher, so it takes no new students.")
    if existing is not None and existing.removed:
        raise ClassError(
            f"A teacher took you out of {classroom.name}, so its code does not bring you back. "
            "Ask them to add you again."
        )
    if not classroom.joining_open:
        raise ClassError(
            f"{classroom.name} is not taking new students just now: ask its teacher to open joining."
        )
    return classroom, False


def classroom_join(*, user: User, code: str) -> Classroom:
    """Join by code (or a join link) as a student, when classroom_join_check allows it (someone
    already in the class changes nothing: a second click)."""
    classroom, already_in = classroom_join_check(user=user, code=code)
    if not already_in:
        with transaction.atomic():
            _add(classroom, user, Membership.Role.STUDENT)
    return classroom


NO_SUCH_CODE = (
    "No class has that code. Check it with your teacher: it is six letters and numbers, such as K7PQ3M. "
    "A teacher may have changed it, which stops the old code and old join links."
)


def classroom_code_renew(*, classroom: Classroom) -> str:
    """A new join code: the old one (and links made with it) stops working at once."""
    for _ in range(CODE_TRIES):
        code = _new_code()
        try:
            with transaction.atomic():
                Classroom.objects.filter(pk=classroom.pk).update(code=code)
        except IntegrityError:  # taken by another class: draw another
            continue
        classroom.code = code
        return code
    raise ClassError("No free class code could be found just now; please try again.")  # pragma: no cover


def classroom_joining_set(*, classroom: Classroom, open_: bool) -> None:
    Classroom.objects.filter(pk=classroom.pk).update(joining_open=open_)
    classroom.joining_open = open_


def student_create(
    *, classroom: Classroom, teacher: User, username: str, password: str, real_name: str = ""
) -> User:
    """An account a teacher makes for a student without e-mail; the student is in the class, and the
    account is recorded as managed by it (its teachers may set its password and name, export or
    delete it). `real_name`: the name its teachers see (optional)."""
    real_name = real_name_normalise(real_name)
    if (name_problem := real_name_problem(real_name)) is not None:
        raise ClassError(name_problem)
    username = username_normalise(username)
    problem = username_problem(username)
    if problem is not None:
        raise ClassError("Give the student a username." if not username else problem)
    if username_taken(username):
        raise ClassError(f"The username {username} is taken: try adding a number or an initial.")
    if classroom.archived:
        raise ClassError("This class is archived: bring it back before adding students.")
    user = User(username=username, role=User.Role.LEARNER, real_name=real_name)
    _check_password(password, user)
    with transaction.atomic():
        user.set_password(password)
        user.save()
        ManagedAccount.objects.create(user=user, classroom=classroom, made_by=teacher)
        _add(classroom, user, Membership.Role.STUDENT)
    return user


def is_managed_by(classroom: Classroom, user: User) -> bool:
    return ManagedAccount.objects.filter(user=user, classroom=classroom).exists()


def student_password_set(*, classroom: Classroom, student: User, password: str) -> None:
    """Only for an account this class made: a student who signed up themselves keeps their password
    to themselves (they can change it, or set a new one by a reset e-mail or their recovery code)."""
    if not is_managed_by(classroom, student):
        raise ClassError(
            f"{student.username} made their own account, so only they can change its password "
            "(in their account, or, if they forgot it, by a reset e-mail or their recovery code)."
        )
    _check_password(password, student)
    student.set_password(password)
    student.save(update_fields=["password"])


def _check_password(password: str, user: User) -> None:
    try:
        validate_password(password, user)
    except ValidationError as error:
        raise ClassError(" ".join(error.messages)) from None


def student_remove(*, classroom: Classroom, student: User) -> None:
    """A teacher takes a student out: the join code no longer brings them back (a teacher can add them
    again). Everything the student did stays on their account."""
    with transaction.atomic():
        ended = (
            Membership.objects.select_for_update()
            .active()
            .students()
            .filter(classroom=classroom, user=student)
            .update(left_at=timezone.now(), removed=True)
        )
    if not ended and not Membership.objects.filter(classroom=classroom, user=student, removed=True).exists():
        raise ClassError(f"{student.username} is not a student of {classroom.name}.")


def student_readd(*, classroom: Classroom, student: User) -> None:
    """Bring back a student a teacher removed (only a teacher can)."""
    if classroom.archived:
        raise ClassError("This class is archived: bring it back before adding students.")
    with transaction.atomic():
        membership = (
            Membership.objects.select_for_update()
            .filter(classroom=classroom, user=student, role=Membership.Role.STUDENT)
            .first()
        )
        if membership is None or not (membership.removed or membership.active):
            raise ClassError(f"{student.username} was not taken out of {classroom.name} by a teacher.")
        if not membership.active:
            _add(classroom, student, Membership.Role.STUDENT)


def coteacher_invite(*, classroom: Classroom, owner: User, username: str) -> CoteacherInvite:
    """Ask another teacher to teach the class; they become a co-teacher only when they accept."""
    typed = username_normalise(username)
    try:  # the name as log-in reads it: any case or width
        user = User.objects.get_by_natural_key(typed)
    except User.DoesNotExist:
        raise ClassError(
            f"There is no account called {typed or '(nothing)'}: ask them to sign up as a teacher first."
        ) from None
    if user.pk == owner.pk:
        raise ClassError("You already teach this class.")
    if not user.is_teacher:
        raise ClassError(f"{user.username} has a learner account: a co-teacher needs a teacher account.")
    if Membership.objects.active().teachers().filter(classroom=classroom, user=user).exists():
        raise ClassError(f"{user.username} already teaches {classroom.name}.")
    pending = CoteacherInvite.objects.filter(
        classroom=classroom, invitee=user, status=CoteacherInvite.Status.PENDING
    ).first()
    if pending is not None:
        return pending  # asked already (a second click): one invitation is enough
    try:
        with transaction.atomic():
            return CoteacherInvite.objects.create(classroom=classroom, invitee=user, invited_by=owner)
    except IntegrityError:  # the same invitation sent at the same moment
        return CoteacherInvite.objects.get(
            classroom=classroom, invitee=user, status=CoteacherInvite.Status.PENDING
        )


def coteacher_invite_answer(*, invite: CoteacherInvite, invitee: User, accept: bool) -> None:
    """The invitee accepts (and teaches the class from now on) or declines."""
    with transaction.atomic():
        locked = CoteacherInvite.objects.select_for_update().get(pk=invite.pk)
        if locked.invitee_id != invitee.pk:
            raise ClassError("That invitation is for someone else.")
        if locked.status != CoteacherInvite.Status.PENDING:
            if locked.status == (
                CoteacherInvite.Status.ACCEPTED if accept else CoteacherInvite.Status.DECLINED
            ):
                return  # answered the same way already (a second click)
            raise ClassError("That invitation has already been answered or withdrawn.")
        if accept and not invitee.is_teacher:
            raise ClassError("Teaching a class needs a teacher account.")
        locked.status = CoteacherInvite.Status.ACCEPTED if accept else CoteacherInvite.Status.DECLINED
        locked.answered_at = timezone.now()
        locked.save(update_fields=["status", "answered_at"])
        if accept:
            _add(locked.classroom, invitee, Membership.Role.TEACHER)


def coteacher_invite_withdraw(*, invite: CoteacherInvite) -> None:
    CoteacherInvite.objects.filter(pk=invite.pk, status=CoteacherInvite.Status.PENDING).update(
        status=CoteacherInvite.Status.WITHDRAWN, answered_at=timezone.now()
    )


def coteacher_remove(*, classroom: Classroom, teacher: User) -> None:
    """The owner takes a co-teacher off the class (the owner cannot be removed: hand the class over
    first)."""
    if classroom.owner_id == teacher.pk:
        raise ClassError("The owner cannot be removed: hand the class to someone else first.")
    Membership.objects.active().teachers().filter(classroom=classroom, user=teacher).update(
        left_at=timezone.now()
    )


def classroom_hand_over(*, classroom: Classroom, owner: User, new_owner: User) -> None:
    """The owner makes one of the class's co-teachers its owner; they stay on as a co-teacher."""
    if new_owner.pk == owner.pk:
        raise ClassError("You own this class already.")
    if not Membership.objects.active().teachers().filter(classroom=classroom, user=new_owner).exists():
        raise ClassError(f"{new_owner.username} does not teach {classroom.name}: invite them first.")
    updated = Classroom.objects.filter(pk=classroom.pk, owner=owner).update(owner=new_owner)
    if not updated:
        raise ClassError("Only the class's owner can hand it over.")
    classroom.owner = new_owner


OWNER_STAYS = "You own this class: hand it to a co-teacher before you step down, or archive the class."


def membership_end(*, classroom: Classroom, user: User) -> None:
    """A student leaves, or a co-teacher steps down. The membership is kept (with the date), and so is
    everything the student did. The owner cannot step down: they hand the class over or archive it."""
    if classroom.owner_id == user.pk:
        raise ClassError(OWNER_STAYS)
    Membership.objects.active().filter(classroom=classroom, user=user).update(left_at=timezone.now())


def teacher_classes_release(*, user: User) -> None:
    """Before `user`'s account is deleted: each class they own passes to its longest-serving
    co-teacher, or is archived when it has none (its students keep everything); their own
    memberships end and open invitations to or from them are withdrawn."""
    now = timezone.now()
    with transaction.atomic():
        for classroom in Classroom.objects.select_for_update().filter(owner=user):
            heir = (
                Membership.objects.active()
                .teachers()
                .filter(classroom=classroom)
                .exclude(user=user)
                .order_by("joined_at", "pk")
                .first()
            )
            if heir is not None:
                Classroom.objects.filter(pk=classroom.pk).update(owner=heir.user_id)
            else:
                Classroom.objects.filter(pk=classroom.pk).update(
                    owner=None, archived_at=classroom.archived_at or now
                )
        Membership.objects.active().filter(user=user).update(left_at=now)
        CoteacherInvite.objects.filter(status=CoteacherInvite.Status.PENDING).filter(
            Q(invitee=user) | Q(invited_by=user)
        ).update(status=CoteacherInvite.Status.WITHDRAWN, answered_at=now)


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
    play_mode: str = "",
    name: str = "",
    bot_level: str = "",
) -> Assignment:
    """New homework of a kind: its definition (cfmj.classes.homework_kinds) checks what the teacher
    chose and stores it; with a `name`, shown instead of the title made from what it is."""
    from cfmj.classes import homework_kinds  # noqa: PLC0415 - the kinds' definitions read this module

    if classroom.archived:
        raise ClassError("This class is archived: bring it back before setting homework.")
    name = homework_name(name)
    definition = homework_kinds.find(kind)
    if definition is None:
        raise ClassError(f"Assign {homework_kinds.all_labels()}.")
    setting = homework_kinds.Setting(
        classroom=classroom,
        teacher=teacher,
        due=due,
        lesson=lesson,
        drill_kind=drill_kind,
        count=count,
        band=band,
        play_mode=play_mode,
        bot_level=bot_level,
    )
    work = definition.create(setting)
    if name:  # the kinds make their homework (a fixed set's puzzles outside a transaction); then its name
        Assignment.objects.filter(pk=work.pk).update(name=name)
        work.name = name
    return work


def homework_name(name: str) -> str:
    """A teacher's name for homework, its spaces tidied ("" for none); ClassError says why one
    cannot be kept (too long, hidden characters)."""
    name = real_name_normalise(name)
    if len(name) > HOMEWORK_NAME_MAX:
        raise ClassError(f"A name for homework has at most {HOMEWORK_NAME_MAX} characters.")
    if real_name_problem(name) is not None:
        raise ClassError(
            "A name for homework has letters, digits and punctuation only (no hidden characters)."
        )
    return name
