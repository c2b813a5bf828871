"""Who may see a table: anyone with its code sees whether it takes players; only the people seated
at it see anything more. Everyone else gets a 404 (never learning what is behind a code)."""

from __future__ import annotations

from django.http import Http404, HttpRequest

from cfmj.accounts.models import User
from cfmj.play.models import Seat, Table
from cfmj.play.seating import code_clean


def table_or_404(code: str) -> Table:
    cleaned = code_clean(code)
    table = Table.objects.filter(code=cleaned).select_related("host").first() if cleaned else None
    if table is None:
        raise Http404("No such table")
    return table


def seated_or_404(request: HttpRequest, code: str) -> tuple[Table, Seat]:
    """The table and the asking person's seat at it."""
    table = table_or_404(code)
    user = request.user
    seat = table.seats.filter(user=user).first() if isinstance(user, User) else None
    if seat is None:
        raise Http404("No such table")
    return table, seat
