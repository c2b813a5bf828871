"""Reading classes: whose classes they are, and how far each student is with each assignment
(each kind of homework reads it its own way: cfmj.classes.progress)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, Q, QuerySet

from cfmj.accounts.models import User
from cfmj.classes.models import (
    Assignment,
    Classroom,
    CoteacherInvite,
    ManagedAccount,
    Membership,
    active_member,
)
from cfmj.classes.progress import Status as Status  # noqa: PLC0414 - re-exported: Status was read from here
from cfmj.core.prepared import Prepared, flat
from cfmj.engine.drills import BANDS, TABLE_KINDS
from practice.models import Puzzle
from practice.pools import Pool
from practice.tables import STANDARD, puzzle_table, table_key


def class_table(classroom: Classroom, kind: str) -> str:
    """The table key of the puzzles this class gets of a drill kind: its house rules and skill level
    for the kinds whose answer depends on them, "" (standard) for the others."""
    return puzzle_table(kind, table_key(classroom.house_rules, classroom.skill_level))


def live_puzzle_pools() -> list[Pool]:
    """The pools of puzzles the classes use, for the refill to keep full like the standard ones
    (practice.pools): every kind and band that uses a table, under each live class's own table;
    and the pool of each live class's drill homework kept on a table of older rules. An archived
    class uses none."""
    live = Classroom.objects.filter(archived_at__isnull=True)
    tables = {table_key(rules, level) for rules, level in live.values_list("house_rules", "skill_level")}
    pools = [
        Pool(kind, band, key) for key in sorted(tables - {STANDARD}) for kind in TABLE_KINDS for band in BANDS
    ]
    homework = (
        Assignment.objects.filter(classroom__archived_at__isnull=True, kind=Assignment.Kind.DRILLS)
        .exclude(table=STANDARD)
        .values_list("drill_kind", "band", "table")
        .distinct()
    )
    return pools + [Pool(kind, band, table) for kind, band, table in homework]


def classes_of(user: User, role: str) -> QuerySet[Classroom]:
    return Classroom.objects.filter(active_member(role), memberships__user=user).distinct()


def students_of(classroom: Classroom) -> list[User]:
    return [
        m.user
        for m in Membership.objects.active()
        .students()
        .filter(classroom=classroom)
        .select_related("user")
        .order_by("user__username")
    ]


def teachers_of(classroom: Classroom) -> list[User]:
    return [
        m.user
        for m in Membership.objects.active()
        .teachers()
        .filter(classroom=classroom)
        .select_related("user")
        .order_by("joined_at")
    ]


def removed_students_of(classroom: Classroom) -> list[User]:
    """Students a teacher took out of the class (they come back only if a teacher adds them)."""
    return [
        m.user
        for m in Membership.objects.removed()
        .filter(classroom=classroom)
        .select_related("user")
        .order_by("user__username")
    ]


def managed_ids(classroom: Classroom) -> set[int]:
    """The accounts this class made (its teachers may set their passwords, export or delete them)."""
    return set(ManagedAccount.objects.filter(classroom=classroom).values_list("user_id", flat=True))


def invites_pending_of(classroom: Classroom) -> list[CoteacherInvite]:
    return list(
        CoteacherInvite.objects.filter(
            classroom=classroom, status=CoteacherInvite.Status.PENDING
        ).select_related("invitee")
    )


def invites_for(user: User) -> list[CoteacherInvite]:
    """Invitations to teach that wait for this user's answer."""
    return list(
        CoteacherInvite.objects.filter(invitee=user, status=CoteacherInvite.Status.PENDING).select_related(
            "classroom", "invited_by"
        )
    )


def set_for(assignment: Assignment, students: Iterable[User]) -> list[User]:
    """Those of `students` the homework is set for: all of them, unless it names some."""
    chosen = {u.pk for u in assignment.students.all()}  # prefetch_related("students") reads it once
    return [u for u in students if not chosen or u.pk in chosen]


def for_student(user: User | int) -> Q:
    """Homework set for the whole class, or for this student by name (use with .distinct())."""
    return Q(students__isnull=True) | Q(students=user)


def is_set_for(assignment: Assignment, user: User) -> bool:
    return not assignment.students.exists() or assignment.students.filter(pk=user.pk).exists()


def statuses(assignment: Assignment, users: Iterable[User]) -> dict[int, Status]:
    """Each student's progress on the homework, by user id, read as its kind reads it."""
    from cfmj.classes.homework_kinds import kind_of  # noqa: PLC0415 - the kinds' definitions read this module

    people = list(users)
    found = kind_of(assignment).statuses(assignment, [u.pk for u in people])
    zones = {u.pk: u.time_zone for u in people}
    return {pk: dataclasses.replace(status, zone=zones.get(pk, "")) for pk, status in found.items()}


@dataclass(frozen=True)
class DueItem:
    assignment: Assignment
    status: Status


def due_for(user: User) -> list[DueItem]:
    """The student's homework not yet done, soonest due first (classes they are in and not
    archived)."""
    assignments = list(
        Assignment.objects.filter(
            for_student(user),
            active_member(Membership.Role.STUDENT, through="classroom__memberships"),
            classroom__memberships__user=user,
            classroom__archived_at__isnull=True,
        )
        .select_related("classroom", "lesson")
        .order_by("due", "pk")
        .distinct()
    )
    items = [DueItem(a, statuses(a, [user])[user.pk]) for a in assignments]
    return [item for item in items if not item.status.done]


def play_homework_of(user: User, pk: int | None) -> DueItem | None:
    """The student's own homework of hands to play with this id (None for anyone else's, another
    kind, an archived class or no id: core.http.sent_number reads it)."""
    if pk is None:
        return None
    work = (
        Assignment.objects.filter(
            for_student(user),
            active_member(Membership.Role.STUDENT, through="classroom__memberships"),
            pk=pk,
            kind=Assignment.Kind.PLAY,
            classroom__memberships__user=user,
            classroom__archived_at__isnull=True,
        )
        .select_related("classroom")
        .distinct()
        .first()
    )
    return None if work is None else DueItem(work, statuses(work, [user])[user.pk])


def homework_open_to(user: User, classroom_id: int, assignment_id: int) -> bool:
    """Whether an answer served for this homework may still count for it: the student is still in
    the class (neither left nor removed) and the homework is set for them. Asked by
    practice.homework_open, for a token served before they left."""
    return Assignment.objects.filter(
        for_student(user),
        active_member(Membership.Role.STUDENT, through="classroom__memberships"),
        pk=assignment_id,
        classroom_id=classroom_id,
        classroom__memberships__user=user,
    ).exists()


def assigned_lesson_ids(user: User | None) -> set[int]:
    """Lessons a teacher set this student: they open whatever the student has done before (none
    for a visitor). Every lesson page and marked answer asks (prepared: cfmj.core.prepared)."""
    if user is None:
        return set()
    return set(flat(_ASSIGNED_LESSONS.rows(user.pk)))


def _assigned_lessons(user_id: int) -> QuerySet[Assignment, int]:
    return Assignment.objects.filter(
        for_student(user_id),
        active_member(Membership.Role.STUDENT, through="classroom__memberships"),
        kind=Assignment.Kind.LESSON,
        classroom__memberships__user=user_id,
    ).values_list("lesson_id", flat=True)


_ASSIGNED_LESSONS = Prepared(_assigned_lessons, -1)


def next_assignment_puzzle(assignment: Assignment, user: User) -> Puzzle | None:
    """The next puzzle of a drill or fixed-set assignment the student has not answered for it."""
    from cfmj.classes.homework_kinds import kind_of  # noqa: PLC0415 - the kinds' definitions read this module

    pick = kind_of(assignment).next_puzzle
    return None if pick is None else pick(assignment, user)


def classes_owned(user: User) -> list[tuple[Classroom, bool]]:
    """The classes `user` owns, each with whether a co-teacher is there to take it over (else the
    class is archived when the account goes)."""
    coteacher = Membership.objects.active().teachers().filter(classroom=OuterRef("pk")).exclude(user=user)
    return [
        (classroom, classroom.has_coteacher)
        for classroom in Classroom.objects.filter(owner=user).annotate(has_coteacher=Exists(coteacher))
    ]


def class_accounts_left(user: User) -> list[tuple[Classroom, int]]:
    """The classes that made accounts for students (managed accounts) and would have no teacher
    if `user`'s account went (they own or teach it, and nobody else teaches it now), each with how
    many accounts: nobody would be left to set those accounts' passwords."""
    taught = Membership.objects.active().teachers().filter(user=user).values("classroom_id")
    other = Membership.objects.active().teachers().filter(classroom=OuterRef("pk")).exclude(user=user)
    classes = (
        Classroom.objects.filter(Q(owner=user) | Q(pk__in=taught))
        .exclude(Exists(other))
        .annotate(accounts=Count("managed_accounts"))
        .filter(accounts__gt=0)
        .order_by("name", "pk")
    )
    return [(classroom, classroom.accounts) for classroom in classes]
