"""A table seen from outside it, for whoever runs it (cfmj.classes decides who may look):

- `glance`: what a room can see on a projector: the hand's number, whose choice it is, the last
  discard, who is away, who won; never a concealed tile;
- `over_the_shoulder`: every seat's rack, the coach's advice for each person who owes a choice,
  and the mark of every choice made so far in the hand (Decision rows). This shows every hand at
  the table: it is never drawn for anyone sitting at it."""

from __future__ import annotations

from dataclasses import dataclass, field

from cfmj.engine import Hand, coach
from cfmj.engine.game import (
    CALLS,
    CHARLESTON,
    COURTESY_ASK,
    COURTESY_PASS,
    STAGE_NAMES,
    STOP_VOTE,
    TURN,
    Discarded,
    wind_of,
)
from cfmj.engine.game import Game as EngineGame
from cfmj.engine.tiles import code, name
from cfmj.play.models import Decision, Game, Seat, Table
from cfmj.play.selectors import rebuild


@dataclass(frozen=True)
class SeatGlance:
    number: int
    name: str  # the person's username, or "Bot"
    wind: str  # "" before the first hand
    person: bool
    away: bool
    owes: bool  # owes the choice the table waits for


@dataclass(frozen=True)
class Glance:
    """A table at a glance: nothing a seat keeps to itself."""

    table: Table
    hand: Game | None
    seats: tuple[SeatGlance, ...]
    waiting: str  # whose choice, in words ("sam (East) to discard")
    last_discard: str  # a tile code, or ""
    last_discard_words: str  # "5 Dot, by sam (East)"
    result: str  # "sam (East) won" / "A wall game: nobody won" / ""
    finished: tuple[Game, ...] = ()  # the table's finished hands, latest first

    @property
    def by_wind(self) -> list[SeatGlance]:
        """The seats from East (the dealer) round the table, once dealt."""
        dealer = self.hand.dealer if self.hand is not None else 0
        return [self.seats[(dealer + k) % len(self.seats)] for k in range(len(self.seats))]

    @property
    def away(self) -> list[str]:
        return [seat.name for seat in self.seats if seat.away]

    @property
    def paused(self) -> bool:
        return bool(self.table.paused_note)


def _name(seat: Seat) -> str:
    return seat.user.username if seat.user is not None else "Bot"


def _who(seat: SeatGlance) -> str:
    return f"{seat.name} ({seat.wind})" if seat.wind else seat.name


def _and(words: list[str]) -> str:
    return " and ".join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else "".join(words)


def _waiting(engine: EngineGame, seats: tuple[SeatGlance, ...]) -> str:
    """Whose choice the table waits for, by name (the seats list their winds)."""
    owing = [seats[n].name for n in engine.waiting_for()]
    if engine.over or not owing:
        return ""
    who = _and(owing)
    phase = engine.phase
    if phase == CHARLESTON and engine.stage is not None:
        return f"Charleston, {STAGE_NAMES[engine.stage]}: {who} to pass"
    if phase == STOP_VOTE:
        return f"Stop vote: {who} to vote"
    if phase in (COURTESY_ASK, COURTESY_PASS):
        return f"Courtesy pass: {who} to choose"
    if phase == CALLS:
        return f"{who} to call the discard or let it go"
    if phase == TURN:
        return f"{who} to discard"
    return f"Waiting for {who}"


def _last_discard(engine: EngineGame, seats: tuple[SeatGlance, ...]) -> tuple[str, str]:
    for event in reversed(engine.events):
        if isinstance(event, Discarded):
            return code(event.tile), f"{name(event.tile)}, by {_who(seats[event.seat])}"
    return "", ""


def _result(hand: Game, seats: tuple[SeatGlance, ...]) -> str:
    result = hand.result or {}
    winner = result.get("winner")
    if winner is None:
        return "A wall game: nobody won"
    return f"{_who(seats[int(winner)])} won"


def current_hand(table: Table) -> Game | None:
    return table.hands.order_by("-hand_number").first()


def glance(table: Table, *, engine: EngineGame | None = None, hand: Game | None = None) -> Glance:
    """The table at a glance (one replay of its hand in play)."""
    hand = hand or current_hand(table)
    rows = list(table.seats.select_related("user").order_by("number"))
    if hand is None:
        seats = tuple(SeatGlance(s.number, _name(s), "", s.user_id is not None, s.away, False) for s in rows)
        return Glance(table, None, seats, "", "", "", "")
    engine = engine or rebuild(hand)
    owing = set(engine.waiting_for())
    seats = tuple(
        SeatGlance(
            s.number,
            _name(s),
            wind_of(s.number, engine.dealer),
            s.user_id is not None,
            s.away,
            s.number in owing,
        )
        for s in rows
    )
    last, last_words = _last_discard(engine, seats)
    finished = tuple(
        table.hands.filter(status=Game.Status.OVER)
        .order_by("-hand_number")
        .only("pk", "hand_number", "result")
    )
    return Glance(
        table,
        hand,
        seats,
        _waiting(engine, seats),
        last,
        last_words,
        _result(hand, seats) if hand.status == Game.Status.OVER else "",
        finished,
    )


@dataclass(frozen=True)
class SeatWatch:
    """One seat as the person watching over every shoulder sees it."""

    seat: SeatGlance
    rack: Hand  # concealed tiles and exposures
    discards: tuple[str, ...]
    dead: bool
    hint: coach.Hint | None  # the coach's advice, for a person who owes a choice
    decisions: tuple[Decision, ...] = field(default=())

    @property
    def marks(self) -> dict[str, int]:
        counts = {mark: 0 for mark in Decision.Mark.values}
        for decision in self.decisions:
            counts[decision.mark] = counts.get(decision.mark, 0) + 1
        return counts


def over_the_shoulder(table: Table) -> tuple[Glance, tuple[SeatWatch, ...]]:
    """Every seat's rack (from East round the table), the coach's advice for each person who owes a
    choice, and their marks."""
    hand = current_hand(table)
    if hand is None:
        return glance(table), ()
    engine = rebuild(hand)
    seen = glance(table, engine=engine, hand=hand)
    decided: dict[int, list[Decision]] = {}
    for decision in hand.decisions.order_by("index"):
        decided.setdefault(decision.seat, []).append(decision)
    playing = hand.status == Game.Status.PLAYING
    watched = []
    for seat in seen.by_wind:
        view = engine.view(seat.number)
        advised = playing and seat.person and not seat.away and seat.owes
        watched.append(
            SeatWatch(
                seat,
                view.hand(),
                tuple(code(tile) for owner, tile in view.discards if owner == seat.number),
                view.dead[seat.number],
                coach.hint(engine, seat.number) if advised else None,
                tuple(decided.get(seat.number, ())),
            )
        )
    return seen, tuple(watched)
