"""Reading table time: the class's table time under way, its tables, where a person sits, who has
no seat yet, and whether a teacher may read a table's hands (play asks through its registry)."""

from __future__ import annotations

from dataclasses import dataclass

from cfmj.accounts.models import User
from cfmj.classes.models import Classroom, ClassTable, Membership, TableTime, active_member
from cfmj.play.models import Game, Seat, Table


def table_time_of(classroom: Classroom) -> TableTime | None:
    """The class's table time being arranged or played, if any."""
    return classroom.table_times.exclude(status=TableTime.Status.ENDED).first()


def tables_of(table_time: TableTime) -> list[ClassTable]:
    return list(table_time.tables.select_related("table").order_by("number"))


def seat_of(table_time: TableTime, user: User) -> tuple[ClassTable, Seat] | None:
    """The class table and seat `user` has in this table time (at a table not closed)."""
    seat = (
        Seat.objects.filter(user=user, table__class_table__table_time=table_time)
        .exclude(table__status=Table.Status.CLOSED)
        .select_related("table__class_table__table")
        .first()
    )
    if seat is None:
        return None
    return seat.table.class_table, seat


def unseated_students(table_time: TableTime) -> list[User]:
    """The class's students with no seat at its open tables (latecomers, and those not ticked)."""
    seated = Seat.objects.filter(table__class_table__table_time=table_time, user__isnull=False).exclude(
        table__status=Table.Status.CLOSED
    )
    return [
        m.user
        for m in Membership.objects.active()
        .students()
        .filter(classroom=table_time.classroom)
        .exclude(user_id__in=seated.values("user_id"))
        .select_related("user")
        .order_by("user__username")
    ]


def teacher_seated(classroom: Classroom, user: User) -> ClassTable | None:
    """The class's open table `user` sits at, if any (the view over every shoulder is closed to a
    teacher while they play at one of the class's tables)."""
    seat = (
        Seat.objects.filter(user=user, table__class_table__table_time__classroom=classroom)
        .exclude(table__status=Table.Status.CLOSED)
        .select_related("table__class_table")
        .first()
    )
    return seat.table.class_table if seat is not None else None


def teaches_table_hand(user: User, game: Game) -> bool:
    """Is `game` a hand at one of the tables of a class `user` teaches now? (play.access asks: such
    a teacher reads every seat's review of it.)"""
    if game.table_id is None:
        return False
    return ClassTable.objects.filter(
        active_member(Membership.Role.TEACHER, through="table_time__classroom__memberships"),
        table_id=game.table_id,
        table_time__classroom__memberships__user=user,
    ).exists()


@dataclass(frozen=True)
class Ready:
    """A student's table time in one class: their table, or none yet."""

    table_time: TableTime
    placed: ClassTable | None
    seat: Seat | None


def ready_for(user: User, classroom: Classroom | None = None) -> list[Ready]:
    """The table times under way in `user`'s classes (or in this one), with their seat if they have one."""
    times = TableTime.objects.filter(
        active_member(through="classroom__memberships"),
        classroom__memberships__user=user,
        classroom__archived_at__isnull=True,
        status=TableTime.Status.PLAYING,
    ).select_related("classroom")
    if classroom is not None:
        times = times.filter(classroom=classroom)
    found = []
    for table_time in times:
        seated = seat_of(table_time, user)
        found.append(Ready(table_time, *(seated if seated is not None else (None, None))))
    return found


def finished_hands(placed: ClassTable) -> list[Game]:
    return list(placed.table.hands.filter(status=Game.Status.OVER).order_by("-hand_number"))
