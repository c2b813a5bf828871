"""Who may see a table: anyone with its code sees whether it takes players; only the people seated
at it see anything more. Everyone else gets a 404 (never learning what is behind a code)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F
from django.http import Http404, HttpRequest

from cfmj.accounts.models import User
from cfmj.play.models import Game, Seat, Table
from cfmj.play.seating import code_clean


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
