"""What a table's page shows one seat: the people and bots around the table, the lobby before
play (the code, the link, its QR code), and during play that seat's view of the hand drawn by the
same table partial as a hand alone (play/table.py), never another seat's concealed tiles."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from cfmj.accounts.learners import user_of
from cfmj.core import live
from cfmj.core.qr import qr_svg
from cfmj.engine import coach
from cfmj.engine.game import SEATS, wind_of
from cfmj.engine.game import Game as EngineGame
from cfmj.play import moves, replays, seating, selectors, table_hands, table_run, table_seen
from cfmj.play.models import Game, Seat, Table
from cfmj.play.posted import action_fields
from cfmj.play.services import WarnedError
from cfmj.play.table import table_context
from cfmj.play.table_access import stream_url


@dataclass(frozen=True)
class SeatRow:
    """A seat as everyone at the table sees it."""

    number: int
    name: str  # the person's name, "A bot", or "A former player"
    person: bool
    away: bool
    host: bool
    you: bool
    wind: str  # during play; "" in the lobby
    score: int | None  # the running score over the table's finished hands, during play


def _name(seat: Seat) -> str:
    if seat.user is not None:
        return seat.user.username  # never the real name a teacher sees: the table may hold strangers
    return "A former player (a bot plays)" if seat.former else "A bot"


def seat_rows(
    table: Table, seats: list[Seat], number: int, dealer: int | None, scores: list[int] | None = None
) -> list[SeatRow]:
    """`seats`: the table's, by number, their people read with them."""
    return [
        SeatRow(
            seat.number,
            _name(seat),
            seat.user_id is not None,
            seat.away,
            seat.user_id is not None and seat.user_id == table.host_id,
            seat.number == number,
            wind_of(seat.number, dealer) if dealer is not None else "",
            scores[seat.number] if scores is not None else None,
        )
        for seat in seats
    ]


def talk_lines(table: Table, seats: list[SeatRow]) -> list[str]:
    """The table talk, newest first: who said which set phrase."""
    names = {row.number: "You" if row.you else row.name for row in seats}
    return [
        f"{names.get(line['seat'], 'Someone')}: {seating.TALK.get(line['say'], '')}"
        for line in reversed(table.talk)
    ]


def current_hand(table: Table) -> Game | None:
    return table.hands.order_by("-hand_number").first()


@dataclass(frozen=True)
class AtTable:
    """A table as one request read it: its seats by number (their people read with them), its
    current hand (None in the lobby) and that hand replayed."""

    table: Table
    seats: list[Seat]
    hand: Game | None
    engine: EngineGame | None

    def seen(self, number: int) -> str:
        """The digest of what seat `number` sees (table_seen)."""
        return table_seen.seen_digest(
            self.table, self.seats, table_seen.hand_digest(self.hand, self.engine, number), number
        )


def table_read(table: Table, *, seats: list[Seat] | None = None, hand: Game | None = None) -> AtTable:
    """The table's seats (unless given), its current hand (unless given) and that hand replayed."""
    hand = hand or current_hand(table)
    seats = table_hands.seats_read(table) if seats is None else seats
    return AtTable(table, seats, hand, replays.replayed(hand) if hand is not None else None)


def _moves_from(engine: EngineGame, number: int) -> int:
    """The moves a seat is told of: from its own last choice on."""
    mine = [i for i, event in enumerate(engine.events) if getattr(event, "seat", None) == number]
    chosen = [i for i in mine if engine.events[i].to_action() is not None]
    return chosen[-1] if chosen else 0


def seat_context(
    request: HttpRequest, at: AtTable, number: int, *, warned: WarnedError | None = None, problem: str = ""
) -> dict[str, Any]:
    table, hand, engine = at.table, at.hand, at.engine
    here = reverse("play:table", args=[table.code])
    context: dict[str, Any] = {
        "table": table,
        "seat_number": number,
        "is_host": table.host_id == request.user.pk,
        "problem": problem,
        "table_url": here,
        "act_url": reverse("play:table_act", args=[table.code]),
        "now_url": reverse("play:table_now", args=[table.code]),
        "live_url": (
            stream_url(table=table, user=user_of(request), seat=number) if live.live_enabled() else ""
        ),
        "join_url": request.build_absolute_uri(here),
        "phrases": seating.TALK.items(),
        "seen": at.seen(number),
        "word": table_run.word_for(table, number, seats=at.seats),
    }
    if hand is None or engine is None:
        context["seats"] = seat_rows(table, at.seats, number, None)
        context["talk"] = talk_lines(table, context["seats"])
        context["qr"] = qr_svg(context["join_url"])
        context["people"] = sum(1 for row in context["seats"] if row.person)
        return context
    earlier = selectors.earlier_hands(hand)
    seats = seat_rows(table, at.seats, number, engine.dealer, _scores(hand, earlier))
    names = {row.number: row.name for row in seats if row.person and not row.you}
    playing = hand.status == Game.Status.PLAYING
    hinted = playing and hand.coached and request.GET.get("hint") == "1" and number in engine.waiting_for()
    hint = coach.hint(engine, number) if hinted else None
    hand.moves_from = _moves_from(engine, number)
    seated = moves.Seating(engine.dealer, number, names)
    context.update(table_context(hand, engine, hint, seating=seated))
    context.update(
        can_undo=table_hands.can_undo_at(hand, table, number, seats=at.seats),
        undo_url=reverse("play:table_undo", args=[table.code]),
        form_version=table_hands.moment_token(engine),
        seats=seats,
        talk=talk_lines(table, seats),
        problem=problem,
        match=selectors.match_of(hand, number, earlier=earlier),
        seconds_left=_seconds_left(hand),
        away=any(row.you and row.away for row in seats),
        latest_talk=_latest_talk(table, number, seats),
    )
    if context["away"] and playing:
        context["status_line"] = "A bot is playing your seat while you are away."
    if warned is not None:
        context.update(
            warning=warned.warning,
            warned_action=warned.action.kind,
            warned_fields=action_fields(warned.action),
        )
    return context


TALK_FRESH = 20  # seconds a phrase said is also shown under the status line


def _latest_talk(table: Table, number: int, seats: list[SeatRow]) -> str:
    """Another person's phrase said just now, to show beside the choice (where a phone looks)."""
    if not table.talk or table.talk[-1]["seat"] == number:
        return ""
    said = table.talk[-1]
    if (timezone.now() - datetime.datetime.fromisoformat(said["at"])).total_seconds() > TALK_FRESH:
        return ""
    name = next((row.name for row in seats if row.number == said["seat"]), "Someone")
    return f"{name} says: {seating.TALK.get(said['say'], '')}"


def _scores(hand: Game, earlier: list[Game]) -> list[int]:
    """Every seat's running score over the table's finished hands (`earlier`: the hands before)."""
    totals = [0] * SEATS
    for played in [hand, *earlier]:
        paid = (played.result or {}).get("payments") if played.status == Game.Status.OVER else None
        for seat, points in enumerate(paid or []):
            totals[seat] += int(points)
    return totals


def _seconds_left(hand: Game) -> int | None:
    if hand.deadline is None:
        return None
    return max(0, int((hand.deadline - timezone.now()).total_seconds()))
