"""Table time: the class at the tables. The teacher (owner or co-teacher) picks who is present; the
site seats them at tables of four with the class's rules (as few tables as hold everyone, the people
spread evenly and bots in the seats left over: nine make 3, 3, 3, never 4, 4, 1); the teacher may
move people from table to table, then starts play. During play the teacher pauses and resumes every
table at once, seats latecomers in a bot's seat, sends a word to one seat, and ends table time.

Each table is a play Table (play/table_run.py opens, pauses, closes it and gives its seats); this
module decides only who sits where and who may do what, and raises ClassError with a message the
teacher or student can act on."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from random import Random, SystemRandom

from django.db import IntegrityError, transaction
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.classes import table_live
from cfmj.classes.models import Classroom, ClassTable, Membership, TableTime
from cfmj.classes.services import ClassError
from cfmj.engine import coach
from cfmj.engine.game import SEATS
from cfmj.play import table_hands, table_run
from cfmj.play.models import Table
from cfmj.play.seating import CALL_SECONDS, TURN_SECONDS, TableError

NOTICE = "A class table: your teacher can watch over your shoulder (every rack, and the coach's advice)."
# Where the people sit at a table of 1 to 4 (two people across from each other, so each passes to
# the other on the Charleston's across).
PLACES: dict[int, tuple[int, ...]] = {1: (0,), 2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
# A word to one seat: a set phrase, or a short note of the teacher's own.
PHRASES: dict[str, str] = {
    "exposures": "Look at the other players' exposures.",
    "safe": "Think about which tiles are safe to discard.",
    "aim": "Which hand are you aiming at? Check it again.",
    "jokers": "Keep your jokers: never pass or discard one.",
    "pass": "Pass the tiles your hand needs least.",
    "time": "Take your time: think before you choose.",
    "well": "Well played!",
}
NOTE_MAX = 120


def table_sizes(count: int) -> list[int]:
    """How many people sit at each table: as few tables as seat everyone four to a table, with the
    people spread as evenly as they go (the larger tables first)."""
    if count <= 0:
        return []
    tables = -(-count // SEATS)
    return [count // tables + (1 if n < count % tables else 0) for n in range(tables)]


def plan_make(people: Sequence[int], *, rng: Random | None = None) -> list[list[int | None]]:
    """The tables for these people (user ids) in a random order: each a list of four seats, None
    for a bot's."""
    shuffled = list(people)
    (rng or SystemRandom()).shuffle(shuffled)
    plan: list[list[int | None]] = []
    for size in table_sizes(len(shuffled)):
        seats: list[int | None] = [None] * SEATS
        for place in PLACES[size]:
            seats[place] = shuffled.pop(0)
        plan.append(seats)
    return plan


def _check_pace(*, kind: str, bot_level: str, call_seconds: int, turn_seconds: int | None) -> None:
    if kind not in Table.Kind.values:
        raise ClassError("Choose practice tables (the coach helps) or game tables (no coach).")
    if bot_level not in coach.LEVELS:
        raise ClassError("Choose how the bots play.")
    if call_seconds not in CALL_SECONDS:
        raise ClassError("The time to call a discard is 3 to 30 seconds.")
    if turn_seconds is not None and turn_seconds not in TURN_SECONDS:
        raise ClassError("The turn clock is 15 to 300 seconds, or none.")


def table_time_arrange(
    *,
    classroom: Classroom,
    teacher: User,
    people: Sequence[User],
    kind: str = Table.Kind.PRACTICE,
    bot_level: str = coach.DEFAULT_LEVEL,
    call_seconds: int = 8,
    turn_seconds: int | None = None,
    rng: Random | None = None,
) -> TableTime:
    """The tables made for the people present (the class's students, and a teacher who plays too),
    to arrange before play starts."""
    if classroom.archived:
        raise ClassError("This class is archived: bring it back to play at tables.")
    _check_pace(kind=kind, bot_level=bot_level, call_seconds=call_seconds, turn_seconds=turn_seconds)
    ids = sorted({person.pk for person in people})
    members = set(
        Membership.objects.active()
        .filter(classroom=classroom, user_id__in=ids)
        .values_list("user_id", flat=True)
    )
    if not ids:
        raise ClassError("Tick the students who are here.")
    if set(ids) - members:
        raise ClassError("Only the class's students and teachers can sit at its tables.")
    try:
        with transaction.atomic():
            table_time = TableTime.objects.create(
                classroom=classroom,
                started_by=teacher,
                kind=kind,
                bot_level=bot_level,
                call_seconds=call_seconds,
                turn_seconds=turn_seconds,
                plan=plan_make(ids, rng=rng),
            )
            table_live.changed(table_time)
    except IntegrityError:
        raise ClassError("Table time has started already: here it is.") from None
    return table_time


def _locked(table_time: TableTime) -> TableTime:
    return TableTime.objects.select_for_update().select_related("classroom").get(pk=table_time.pk)


def table_time_move(*, table_time: TableTime, person_id: int, to: int) -> None:
    """Before play: move a person to table `to` (numbered from 1; one past the last: a new table).
    A table left empty is dropped."""
    with transaction.atomic():
        locked = _locked(table_time)
        if locked.status != TableTime.Status.ARRANGING:
            raise ClassError("Play has started: people can no longer be moved.")
        plan = [list(seats) for seats in locked.plan]
        here = next((n for n, seats in enumerate(plan) if person_id in seats), None)
        if here is None:
            raise ClassError("That person has no seat in these tables.")
        if not 1 <= to <= len(plan) + 1:
            raise ClassError("Choose one of the tables, or a new one.")
        if to - 1 == here:
            return
        if to > len(plan):
            plan.append([None] * SEATS)
        target = plan[to - 1]
        if None not in target:
            raise ClassError(f"Table {to} has four people already: move one of them first.")
        plan[here][plan[here].index(person_id)] = None
        target[target.index(None)] = person_id
        locked.plan = [seats for seats in plan if any(seat is not None for seat in seats)]
        locked.save(update_fields=["plan"])
        table_live.changed(locked)


def _open(locked: TableTime, people: list[User | None], number: int) -> ClassTable:
    classroom = locked.classroom
    try:
        table = table_run.table_open_for(
            people=people,
            bot_level=locked.bot_level,
            house_rules=classroom.house_rules,
            skill_level=classroom.skill_level,
            kind=locked.kind,
            call_seconds=locked.call_seconds,
            turn_seconds=locked.turn_seconds,
            notice=NOTICE,
        )
    except TableError as problem:
        raise ClassError(str(problem)) from problem
    placed = ClassTable.objects.create(table_time=locked, table=table, number=number)
    assert table.host is not None
    table_hands.table_start(table=table, by=table.host)
    if locked.paused_at is not None:
        table_run.table_pause(table=table)
    table.refresh_from_db()
    return placed


def table_time_start(*, table_time: TableTime) -> TableTime:
    """Play starts at every table: the tables are opened as arranged (someone who left the class
    since is a bot) and each deals its first hand. Started already: nothing changes."""
    with transaction.atomic():
        locked = _locked(table_time)
        if locked.status != TableTime.Status.ARRANGING:
            return locked
        members = set(
            Membership.objects.active().filter(classroom=locked.classroom).values_list("user_id", flat=True)
        )
        users = User.objects.in_bulk([uid for seats in locked.plan for uid in seats if uid in members])
        number = 0
        for seats in locked.plan:
            people = [users.get(uid) if uid is not None else None for uid in seats]
            if any(people):
                number += 1
                _open(locked, people, number)
        if not number:
            raise ClassError("Nobody is left to seat: tick the students who are here again.")
        locked.status, locked.started_at = TableTime.Status.PLAYING, timezone.now()
        locked.save(update_fields=["status", "started_at"])
        table_live.changed(locked)
    return locked


def _playing(table_time: TableTime) -> TableTime:
    locked = _locked(table_time)
    if locked.status != TableTime.Status.PLAYING:
        raise ClassError("Table time is not under way.")
    return locked


def _tables(table_time: TableTime) -> list[ClassTable]:
    return list(table_time.tables.select_related("table").order_by("number"))


def table_time_pause(*, table_time: TableTime, paused: bool, now: datetime.datetime | None = None) -> None:
    """Pause every table at once (every call window and turn clock frozen with the time it had
    left), or resume them all."""
    with transaction.atomic():
        locked = _playing(table_time)
        if (locked.paused_at is not None) == paused:
            return
        for placed in _tables(locked):
            if paused:
                table_run.table_pause(table=placed.table, now=now)
            else:
                table_run.table_resume(table=placed.table, now=now)
                table_hands.hand_resume(table=placed.table)  # a seat given to a bot meanwhile
        locked.paused_at = (now or timezone.now()) if paused else None
        locked.save(update_fields=["paused_at"])
        table_live.changed(locked)


def _seated(table_time: TableTime, user: User) -> ClassTable | None:
    return (
        table_time.tables.filter(table__seats__user=user)
        .exclude(table__status=Table.Status.CLOSED)
        .select_related("table")
        .first()
    )


def latecomer_seat(*, table_time: TableTime, person: User) -> ClassTable:
    """A person of the class who came late takes a bot's seat at once, at the table with the most
    bots (the lowest number of those); with no bot's seat left, a new table with bots. Seated
    already: their table."""
    with transaction.atomic():
        locked = _playing(table_time)
        if not Membership.objects.active().filter(classroom=locked.classroom, user=person).exists():
            raise ClassError("Only the class's students and teachers can sit at its tables.")
        found = _seated(locked, person)
        if found is not None:
            return found
        tables = [placed for placed in _tables(locked) if placed.table.status != Table.Status.CLOSED]
        free = {placed.pk: table_run.free_seats(placed.table) for placed in tables}
        spare = sorted(
            (placed for placed in tables if free[placed.pk]), key=lambda p: (-free[p.pk], p.number)
        )
        if spare:
            placed = spare[0]
            try:
                table_run.seat_give(table=placed.table, user=person)
            except TableError as problem:
                raise ClassError(str(problem)) from problem
        else:
            last = max((placed.number for placed in _tables(locked)), default=0)
            placed = _open(locked, [person], last + 1)
        table_live.changed(locked)
    return placed


def latecomers_seat(*, table_time: TableTime, people: Sequence[User]) -> list[ClassTable]:
    return [latecomer_seat(table_time=table_time, person=person) for person in people]


def table_time_end(*, table_time: TableTime) -> None:
    """End table time: every table closes (a hand in play may still be finished; no next hand is
    dealt) and the class's pages stop showing the tables. Before play: the arrangement is dropped."""
    with transaction.atomic():
        locked = _locked(table_time)
        if locked.status == TableTime.Status.ENDED:
            return
        for placed in _tables(locked):
            table_run.table_close(table=placed.table)
        locked.status, locked.ended_at, locked.paused_at = TableTime.Status.ENDED, timezone.now(), None
        locked.save(update_fields=["status", "ended_at", "paused_at"])
        table_live.changed(locked)


def word_text(*, phrase: str = "", note: str = "") -> str:
    """The words to send: a set phrase, or a short note in plain text."""
    note = " ".join(note.split())
    if phrase and note:
        raise ClassError("Send a phrase or a note, not both.")
    if phrase:
        if phrase not in PHRASES:
            raise ClassError("Choose one of the phrases.")
        return PHRASES[phrase]
    if not note:
        raise ClassError("Choose a phrase or write a short note.")
    if len(note) > NOTE_MAX:
        raise ClassError(f"A note is {NOTE_MAX} characters at most (this one has {len(note)}).")
    if not note.isprintable():
        raise ClassError("A note is plain text: letters, numbers and punctuation.")
    return note


def table_word_send(
    *, class_table: ClassTable, number: int, teacher: User, phrase: str = "", note: str = ""
) -> str:
    """A word to the person in seat `number` of the class's table, seen at that seat alone."""
    text = word_text(phrase=phrase, note=note)
    if class_table.table.status == Table.Status.CLOSED:
        raise ClassError("This table is closed.")
    try:
        table_run.seat_word_send(
            table=class_table.table, number=number, text=text, sender=f"your teacher ({teacher.username})"
        )
    except TableError as problem:
        raise ClassError(str(problem)) from problem
    return text
