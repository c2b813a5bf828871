"""Who may see a table: anyone with its code sees whether it takes players; only the people seated
at it see anything more. Everyone else gets a 404 (never learning what is behind a code).

A seat's stream (/live/tables/<code>/, served by the ASGI process) is the exception to "ask the
database": the seat's page, drawn by gunicorn once it has found the seat, carries the stream's
address with a token signed for that table and that person (`stream_url`), and the stream checks
only the signature (`stream_pass`). No session, no query: a burst of reconnections (the ASGI
process restarted under load) costs PostgreSQL nothing."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F
from django.http import Http404, HttpRequest
from django.urls import reverse

from cfmj.accounts.models import User
from cfmj.core import live
from cfmj.play.models import Game, Seat, Table
from cfmj.play.seating import code_clean

STREAM_SALT = "cfmj.play.table_access.stream"
STREAM_TOKEN_AGE = live.STREAM_TOKEN_AGE  # the tokens' lifetime (cfmj.core.live)


def table_or_404(code: str) -> Table:
    cleaned = code_clean(code)
    table = Table.objects.filter(code=cleaned).select_related("host").first() if cleaned else None
    if table is None:
        raise Http404("No such table")
    return table


@dataclass(frozen=True)
class Seated:
    """A table, its seats by number (their people read with them) and the asking person's seat."""

    table: Table
    seats: list[Seat]
    seat: Seat


def seated_at(request: HttpRequest, code: str) -> Seated:
    """The table, its seats and the asking person's seat at it, read in one query."""
    cleaned, user = code_clean(code), request.user
    found = Seat.objects.filter(table__code=cleaned).select_related("table", "user").order_by("number")
    seats = list(found) if cleaned and isinstance(user, User) else []
    mine = next((seat for seat in seats if seat.user_id == user.pk), None)
    if mine is None:
        raise Http404("No such table")
    for seat in seats:  # one table for all
        seat.table = mine.table
    return Seated(mine.table, seats, mine)


def seated_or_404(request: HttpRequest, code: str) -> tuple[Table, Seat]:
    """The table and the asking person's seat at it."""
    here = seated_at(request, code)
    return here.table, here.seat


def hand_seated(request: HttpRequest, code: str) -> tuple[Game, int] | None:
    """The table's current hand (only its number and table: the service that acts on it locks and
    reads it) and the asking person's seat number, in one query; None without a seat or a hand."""
    cleaned, user = code_clean(code), request.user
    if not cleaned or not isinstance(user, User):
        return None
    found = (
        Game.objects.filter(table__code=cleaned, table__seats__user=user)
        .annotate(seat_number=F("table__seats__number"))
        .only("pk", "table")
        .order_by("-hand_number")
        .first()
    )
    return (found, found.seat_number) if found is not None else None


@dataclass(frozen=True)
class StreamPass:
    """What a stream's token grants: the table (its id names its topic), the person it was given to,
    and the table's version when the page was drawn."""

    table_id: int
    code: str
    user_id: int
    seat: int  # its number: the stream is of that seat's topic
    version: int


def stream_url(*, table: Table, user: User, seat: int) -> str:
    """The address of the seat's stream, for the page of a person found seated at `table`.

    The token holds the version the page is drawn at, and the stream says it first: the stream
    cannot read the table's version (no database), and nothing more is needed. live.js fetches the
    part on a stream's first event whatever its number, so a version that moved on since the page
    was drawn (or during a reconnection) costs one fetch, as a change between a view's read and its
    subscription always did. Keeping each table's version in Redis as well would cost a second
    write per change, and ordering them, for no fewer fetches."""
    grant = {"t": table.pk, "c": table.code, "u": user.pk, "s": seat, "v": table.version}
    return live.stream_address(reverse("live:table", args=[table.code]), grant, salt=STREAM_SALT)


def stream_pass(token: str, *, code: str) -> StreamPass | None:
    """What `token` grants on the stream of the table `code`; None when it is forged, expired or
    for another table. Reads no database."""
    granted = live.stream_grant(token, salt=STREAM_SALT)
    if granted is None or granted.get("c") != code:
        return None
    return StreamPass(
        int(granted["t"]), str(granted["c"]), int(granted["u"]), int(granted["s"]), int(granted["v"])
    )
