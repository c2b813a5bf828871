"""Who sits at a table: opening one, joining it by its code, leaving, the host's powers (start,
seat a bot, remove a person, hand the host's role on, reopen a seat) and closing tables nobody
has touched for a day. Each raises TableError with a message the person can act on; a refused
change leaves the table as it was. Dealing and playing its hands is table_hands.py."""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from cfmj.accounts.models import User
from cfmj.engine import RuleSet
from cfmj.engine.game import SEATS
from cfmj.play.announce import table_changed
from cfmj.play.models import Seat, Table
from cfmj.play.services import PlayError, table_rules_checked

# Join codes: 8 characters from 31 that cannot be mistaken for each other (no 0/O, 1/I/L), about
# 40 bits; looking codes up is rate-limited, so guessing one is out of reach.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
CALL_SECONDS = range(3, 31)  # a call window from 3 to 30 seconds
TURN_SECONDS = range(15, 301)  # a turn clock from 15 seconds to 5 minutes, or none
IDLE = datetime.timedelta(days=1)  # a table nobody has touched for this long is closed
OPEN_TABLES_MAX = 10  # tables one person may host at once


# Table talk: set phrases only (no free text: nothing to moderate, nothing unkind to say).
TALK = {
    "hello": "Hello!",
    "nice": "Nice hand!",
    "moment": "One moment, please.",
    "thinking": "Thinking…",
    "thanks": "Thank you!",
    "oops": "Oops!",
}
TALK_KEPT = 6  # the latest phrases shown
TALK_GAP = datetime.timedelta(seconds=3)  # one phrase a seat at most this often


class TableError(PlayError):
    """A change to a table that cannot be made, and why, in words for the person."""


def code_make() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def code_clean(text: str) -> str:
    """A typed code as stored: upper case, spaces and dashes dropped, at most CODE_LENGTH long
    (anything longer is no code)."""
    cleaned = "".join(ch for ch in text.upper() if ch not in " -")
    return cleaned if len(cleaned) <= CODE_LENGTH else ""


def table_settings_checked(*, kind: str, call_seconds: int, turn_seconds: int | None) -> None:
    """A table's kind and pace as the forms offer them; TableError says what to choose instead."""
    if kind not in Table.Kind.values:
        raise TableError("Choose a practice table (the coach helps) or a game table (no coach).")
    if call_seconds not in CALL_SECONDS:
        raise TableError("The time to call a discard is 3 to 30 seconds.")
    if turn_seconds is not None and turn_seconds not in TURN_SECONDS:
        raise TableError("The turn clock is 15 to 300 seconds, or none.")


def table_open(
    *,
    host: User,
    bot_level: str,
    house_rules: Iterable[int | str] = (),
    base: int | str | None = None,
    skill_level: int | str | None = None,
    kind: str = Table.Kind.PRACTICE,
    call_seconds: int = 8,
    turn_seconds: int | None = None,
) -> Table:
    """A new table with its host in the first seat and bots in the other three, open to join."""
    table_settings_checked(kind=kind, call_seconds=call_seconds, turn_seconds=turn_seconds)
    rules = table_rules_checked(
        bot_level=bot_level, house_rules=house_rules, base=base, skill_level=skill_level
    )
    if Table.objects.filter(host=host).exclude(status=Table.Status.CLOSED).count() >= OPEN_TABLES_MAX:
        raise TableError(f"You host {OPEN_TABLES_MAX} open tables already: close one before opening another.")
    return table_create(
        seated=[host, None, None, None],
        fields=table_fields(
            rules, bot_level=bot_level, kind=kind, call_seconds=call_seconds, turn_seconds=turn_seconds
        ),
    )


def table_fields(
    rules: RuleSet, *, bot_level: str, kind: str, call_seconds: int, turn_seconds: int | None
) -> dict[str, Any]:
    """A table's rules and pace as its row keeps them (all already checked)."""
    return {
        "house_rules": sorted(rules.house_rules),
        "base": rules.base,
        "skill_level": rules.skill_level,
        "bot_level": bot_level,
        "kind": kind,
        "call_seconds": call_seconds,
        "turn_seconds": turn_seconds,
    }


def table_create(*, seated: list[User | None], fields: dict[str, Any]) -> Table:
    """A table under a fresh code with these in its seats (None: a bot's), the first person its
    host, and its settings (`fields`, already checked)."""
    host = next(person for person in seated if person is not None)
    for _ in range(5):  # a new code until one is free (a clash is about one in a trillion)
        try:
            with transaction.atomic():
                table = Table.objects.create(code=code_make(), host=host, **fields)
                Seat.objects.bulk_create(Seat(table=table, number=n, user=seated[n]) for n in range(SEATS))
                return table
        except IntegrityError:
            continue
    raise TableError("No free table code just now: please try again.")  # pragma: no cover


def _locked(table: Table) -> Table:
    return Table.objects.select_for_update().get(pk=table.pk)


def _seat_of(table: Table, user: User) -> Seat | None:
    return Seat.objects.filter(table=table, user=user).first()


def _bump(table: Table) -> None:
    table.version += 1
    table.save()
    table_changed(table)


def table_join(*, table: Table, user: User) -> Seat:
    """Take the lowest free seat (a bot's) while the table is open to join. Joining again is the
    seat one already has (a double click, a second device)."""
    with transaction.atomic():
        locked = _locked(table)
        seat = _seat_of(locked, user)
        if seat is not None:
            return seat
        if locked.status == Table.Status.CLOSED:
            raise TableError("This table is closed.")
        if not locked.joining_open:
            raise TableError("This table is not taking players now: ask its host to open a seat.")
        free = (
            Seat.objects.select_for_update()
            .filter(table=locked, user__isnull=True)
            .order_by("number")
            .first()
        )
        if free is None:
            raise TableError("This table is full: four people sit at it already.")
        free.user, free.away, free.former = user, False, False
        free.joined_at = timezone.now()  # their seat from now: the hands before were someone else's
        free.save()
        if not Seat.objects.filter(table=locked, user__isnull=True).exists():
            locked.joining_open = False  # full: nobody else can take a seat
        _bump(locked)
    return free


def table_leave(*, table: Table, user: User) -> None:
    """Leave the table: a bot takes the seat. A host who leaves hands the role to the next person
    in seat order; a table left by everyone is closed."""
    with transaction.atomic():
        locked = _locked(table)
        seat = _seat_of(locked, user)
        if seat is None:
            return  # left already
        seat.user, seat.away = None, False
        seat.save()
        _host_moves_on(locked, leaving=user)
        _bump(locked)


def _host_moves_on(table: Table, *, leaving: User) -> None:
    if table.host_id not in (None, leaving.pk):
        return
    nxt = (
        Seat.objects.filter(table=table, user__isnull=False).exclude(user=leaving).order_by("number").first()
    )
    table.host = nxt.user if nxt is not None else None
    if nxt is None:
        table.status = Table.Status.CLOSED


def _host_check(table: Table, by: User) -> None:
    if table.host_id != by.pk:
        raise TableError("Only the table's host can do that.")
    if table.seats_managed:
        raise TableError("At a class's table, your teacher seats people.")


def table_seat_to_bot(*, table: Table, by: User, number: int) -> None:
    """The host gives a person's seat to a bot (someone who wandered off, or a stranger)."""
    with transaction.atomic():
        locked = _locked(table)
        _host_check(locked, by)
        seat = Seat.objects.filter(table=locked, number=number, user__isnull=False).first()
        if seat is None:
            raise TableError("A bot plays that seat already.")
        if seat.user_id == by.pk:
            raise TableError("To give up your own seat, leave the table.")
        seat.user, seat.away = None, False
        seat.save()
        _bump(locked)


def table_host_pass(*, table: Table, by: User, to: int) -> None:
    """The host hands the role to the person in seat `to`."""
    with transaction.atomic():
        locked = _locked(table)
        _host_check(locked, by)
        seat = Seat.objects.filter(table=locked, number=to, user__isnull=False).select_related("user").first()
        if seat is None or seat.user is None or seat.user_id == by.pk:
            raise TableError("Hand the host's role to another person at the table.")
        locked.host = seat.user
        _bump(locked)


def table_joining_set(*, table: Table, by: User, open_: bool) -> None:
    """The host opens the table's free seats to new people (by the code) or closes them."""
    with transaction.atomic():
        locked = _locked(table)
        _host_check(locked, by)
        if open_ and not Seat.objects.filter(table=locked, user__isnull=True).exists():
            raise TableError("Every seat has a person: give one to a bot first.")
        locked.joining_open = open_
        _bump(locked)


def table_back(*, table: Table, user: User) -> None:
    """A person marked away takes their seat back from the bot."""
    with transaction.atomic():
        locked = _locked(table)
        if Seat.objects.filter(table=locked, user=user, away=True).update(away=False):
            _bump(locked)


def table_say(*, table: Table, user: User, phrase: str, now: datetime.datetime | None = None) -> None:
    """A seated person says one of the set phrases to the table."""
    if phrase not in TALK:
        raise TableError("Choose one of the phrases.")
    now = now or timezone.now()
    with transaction.atomic():
        locked = _locked(table)
        seat = _seat_of(locked, user)
        if seat is None:
            raise TableError("You have no seat at this table.")
        said = [line for line in locked.talk if line["seat"] == seat.number]
        if said and now - datetime.datetime.fromisoformat(said[-1]["at"]) < TALK_GAP:
            raise TableError("One moment: you have just said something.")
        locked.talk = [*locked.talk, {"seat": seat.number, "say": phrase, "at": now.isoformat()}][-TALK_KEPT:]
        _bump(locked)


def tables_close_idle(*, now: datetime.datetime | None = None) -> int:
    """Close the tables nobody has touched for IDLE. Returns how many were closed."""
    cutoff = (now or timezone.now()) - IDLE
    stale = Table.objects.filter(~Q(status=Table.Status.CLOSED), updated_at__lt=cutoff)
    return stale.update(status=Table.Status.CLOSED, joining_open=False)


def seats_forget(*, user: User) -> None:
    """Before an account is deleted: its seats become "a former player" (the hands the others
    played stay whole); a table it hosted passes to the next person."""
    with transaction.atomic():
        for seat in Seat.objects.select_for_update().filter(user=user).select_related("table"):
            table = _locked(seat.table)
            seat.user, seat.former, seat.away = None, True, False
            seat.save()
            _host_moves_on(table, leaving=user)
            _bump(table)
