"""Tables run by someone who need not sit at them (a teacher seating a class): opening a table for
a group of people, giving a latecomer a bot's seat, pausing and resuming play, a word to one seat,
and closing. Play knows no class: whoever runs the tables (cfmj.classes) decides who may do this.

A pause freezes the table: the hand's deadline (its call window or turn clock) is put away with the
seconds it had left, so neither its task nor a request applies it, and table_hands refuses every
action until the resume gives the seconds back."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence

from django.db import transaction
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.engine.game import SEATS
from cfmj.play.announce import deadline_set, table_changed
from cfmj.play.models import Game, Seat, Table
from cfmj.play.seating import TableError, table_create, table_fields, table_settings_checked
from cfmj.play.services import table_rules_checked

PAUSED = "Paused by your teacher"
RESUME_AT_LEAST = 3.0  # seconds: a choice resumed with less left gets this, so nobody is caught out
WORD_SHOWN = datetime.timedelta(minutes=10)  # a word is shown at its seat this long


def table_open_for(
    *,
    people: Sequence[User | None],
    bot_level: str,
    house_rules: Sequence[int] = (),
    base: int | None = None,
    skill_level: int | None = None,
    kind: str = Table.Kind.PRACTICE,
    call_seconds: int = 8,
    turn_seconds: int | None = None,
    notice: str = "",
) -> Table:
    """A table with these people in its seats (None, or a seat past the list: a bot), the first
    person its host (who deals the next hand, and has no other host's power: the seats are
    arranged by whoever made it), closed to joining by its code. Play starts with
    table_hands.table_start, by the host."""
    seated = list(people)[:SEATS]
    hosts = [person for person in seated if person is not None]
    if not hosts:
        raise TableError("A table needs at least one person.")
    table_settings_checked(kind=kind, call_seconds=call_seconds, turn_seconds=turn_seconds)
    rules = table_rules_checked(
        bot_level=bot_level, house_rules=house_rules, base=base, skill_level=skill_level
    )
    seated += [None] * (SEATS - len(seated))
    return table_create(
        seated=seated,
        fields={
            **table_fields(
                rules, bot_level=bot_level, kind=kind, call_seconds=call_seconds, turn_seconds=turn_seconds
            ),
            "joining_open": False,
            "seats_managed": True,
            "notice": notice[:200],
        },
    )


def _locked(table: Table) -> Table:
    return Table.objects.select_for_update().get(pk=table.pk)


def _bump(table: Table) -> None:
    table.version += 1
    table.save()
    table_changed(table)


def _current(table: Table) -> Game | None:
    return table.hands.select_for_update().order_by("-hand_number").first()


def free_seats(table: Table) -> int:
    """The seats a bot plays because nobody has them (not a person marked away)."""
    return table.seats.filter(user__isnull=True).count()


def seat_give(*, table: Table, user: User) -> Seat:
    """A latecomer takes a bot's seat (the lowest), at once, even mid-hand and with joining closed:
    from now on that seat is theirs (a review of the hand in play stays the bot's, as for anyone who
    sits down mid-hand). Already seated: their seat."""
    with transaction.atomic():
        locked = _locked(table)
        seat = locked.seats.filter(user=user).first()
        if seat is not None:
            return seat
        if locked.status == Table.Status.CLOSED:
            raise TableError("This table is closed.")
        free = locked.seats.select_for_update().filter(user__isnull=True).order_by("number").first()
        if free is None:
            raise TableError("This table is full: four people sit at it already.")
        free.user, free.away, free.former = user, False, False
        free.joined_at = timezone.now()
        free.save()
        _bump(locked)
    return free


def table_pause(*, table: Table, note: str = PAUSED, now: datetime.datetime | None = None) -> bool:
    """Freeze the table: the hand's deadline is put away with the seconds it had left. False when it
    was paused already (its note stays) or is closed."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = _locked(table)
        if locked.paused_note or locked.status == Table.Status.CLOSED:
            return False
        hand = _current(locked)
        locked.paused_left = None
        if hand is not None and hand.deadline is not None:
            locked.paused_left = max(0.0, (hand.deadline - now).total_seconds())
            hand.deadline = None
            hand.save(update_fields=["deadline", "updated_at"])
        locked.paused_note = note[:80] or PAUSED
        _bump(locked)
    return True


def table_resume(*, table: Table, now: datetime.datetime | None = None) -> bool:
    """Play on: the hand's choice gets back the seconds it had left (at least RESUME_AT_LEAST). False
    when it was not paused."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = _locked(table)
        if not locked.paused_note:
            return False
        hand = _current(locked)
        if hand is not None and locked.paused_left is not None and hand.status == Game.Status.PLAYING:
            hand.deadline = now + datetime.timedelta(seconds=max(locked.paused_left, RESUME_AT_LEAST))
            hand.save(update_fields=["deadline", "updated_at"])
            deadline_set(hand, hand.deadline)
        locked.paused_note, locked.paused_left = "", None
        _bump(locked)
    return True


def paused_refusal(table: Table) -> str | None:
    """Why nothing may be done at the table now, or None (table_hands asks under its lock)."""
    if not table.paused_note:
        return None
    return f"{table.paused_note}: play waits until it resumes."


def seat_word_send(
    *, table: Table, number: int, text: str, sender: str, now: datetime.datetime | None = None
) -> Seat:
    """A word to the person at seat `number` alone (checked and cut short by whoever sends it),
    shown at that seat only; a newer word replaces it."""
    with transaction.atomic():
        locked = _locked(table)
        seat = locked.seats.filter(number=number, user__isnull=False).first()
        if seat is None:
            raise TableError("Nobody sits in that seat: a bot plays it.")
        seat.word, seat.word_from, seat.word_at = text[:200], sender[:80], now or timezone.now()
        seat.save(update_fields=["word", "word_from", "word_at"])
        _bump(locked)
    return seat


def word_for(
    table: Table, number: int, *, seats: Iterable[Seat] | None = None, now: datetime.datetime | None = None
) -> Seat | None:
    """The seat, when it has a word still to show (sent within WORD_SHOWN); from `seats` when the
    caller read them already."""
    now = now or timezone.now()
    if seats is None:
        seats = Seat.objects.filter(table=table, number=number)
    seat = next((s for s in seats if s.number == number), None)
    shown = seat is not None and seat.word and seat.word_at is not None and seat.word_at > now - WORD_SHOWN
    return seat if shown else None


def table_close(*, table: Table) -> None:
    """Close the table: no new hand is dealt and nobody new sits down; a hand in play can still be
    finished by those at it (its pause lifted, its clock running again)."""
    table_resume(table=table)
    with transaction.atomic():
        locked = _locked(table)
        if locked.status == Table.Status.CLOSED:
            return
        locked.status, locked.joining_open = Table.Status.CLOSED, False
        _bump(locked)
