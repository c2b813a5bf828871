"""Every change to the table is an event: a small frozen dataclass with a `kind` and plain fields.

Events whose `to_action()` is not None record a player's choice; the rest follow from the
choices and the shuffled wall. `to_dict()` gives JSON-ready data and `event_from_dict` reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .actions import (
    Action,
    CallExposure,
    CallMahJongg,
    CourtesyAsk,
    CourtesyPass,
    DeclareMahJongg,
    Discard,
    ExchangeJoker,
    NoCall,
    PassTiles,
    StopVote,
)


class Event:
    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for field in fields(self):  # type: ignore[arg-type]
            out[field.name] = _plain(getattr(self, field.name))
        return out

    def to_action(self) -> Action | None:
        """The action this event records, if it is a player's choice."""
        return None


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


# --- the deal ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandStarted(Event):
    kind: ClassVar[str] = "hand_started"
    seed: int
    dealer: int
    house_rules: tuple[int, ...]
    wall: tuple[int, ...]  # the shuffled set, in dealing and drawing order


@dataclass(frozen=True)
class PositionSet(Event):
    """A hand started from a given position (tests, drills): play begins at once."""

    kind: ClassVar[str] = "position_set"
    dealer: int
    turn: int
    hands: tuple[tuple[int, ...], ...]
    exposures: tuple[tuple[tuple[int, ...], ...], ...]
    wall: tuple[int, ...]


@dataclass(frozen=True)
class Dealt(Event):
    kind: ClassVar[str] = "dealt"
    seat: int
    tiles: tuple[int, ...]


# --- the Charleston ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PassChosen(Event):
    kind: ClassVar[str] = "pass_chosen"
    seat: int
    stage: str
    tiles: tuple[int, ...]
    blind: tuple[int, ...]

    def to_action(self) -> Action:
        return PassTiles(self.seat, self.tiles, self.blind)


@dataclass(frozen=True)
class PassDelivered(Event):
    kind: ClassVar[str] = "pass_delivered"
    stage: str
    giver: int
    receiver: int
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class StopVoted(Event):
    kind: ClassVar[str] = "stop_voted"
    seat: int
    stop: bool

    def to_action(self) -> Action:
        return StopVote(self.seat, self.stop)


@dataclass(frozen=True)
class SecondCharlestonSkipped(Event):
    kind: ClassVar[str] = "second_charleston_skipped"
    reason: str  # "house_rule_1" or "stop_vote"
    voters: tuple[int, ...]  # the seats that voted to stop


@dataclass(frozen=True)
class SecondCharlestonStarted(Event):
    kind: ClassVar[str] = "second_charleston_started"


@dataclass(frozen=True)
class CourtesyAsked(Event):
    kind: ClassVar[str] = "courtesy_asked"
    seat: int
    count: int

    def to_action(self) -> Action:
        return CourtesyAsk(self.seat, self.count)


@dataclass(frozen=True)
class CourtesyAgreed(Event):
    kind: ClassVar[str] = "courtesy_agreed"
    seats: tuple[int, ...]
    asked: tuple[int, ...]
    count: int


@dataclass(frozen=True)
class CourtesyChosen(Event):
    kind: ClassVar[str] = "courtesy_chosen"
    seat: int
    tiles: tuple[int, ...]

    def to_action(self) -> Action:
        return CourtesyPass(self.seat, self.tiles)


@dataclass(frozen=True)
class CourtesyDelivered(Event):
    kind: ClassVar[str] = "courtesy_delivered"
    giver: int
    receiver: int
    tiles: tuple[int, ...]


# --- play -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayStarted(Event):
    kind: ClassVar[str] = "play_started"
    turn: int


@dataclass(frozen=True)
class Drew(Event):
    kind: ClassVar[str] = "drew"
    seat: int
    tile: int
    wall_left: int


@dataclass(frozen=True)
class Discarded(Event):
    kind: ClassVar[str] = "discarded"
    seat: int
    tile: int

    def to_action(self) -> Action:
        return Discard(self.seat, self.tile)


@dataclass(frozen=True)
class CallDeclined(Event):
    kind: ClassVar[str] = "call_declined"
    seat: int

    def to_action(self) -> Action:
        return NoCall(self.seat)


@dataclass(frozen=True)
class MahJonggCalled(Event):
    kind: ClassVar[str] = "mah_jongg_called"
    seat: int

    def to_action(self) -> Action:
        return CallMahJongg(self.seat)


@dataclass(frozen=True)
class ExposureCalled(Event):
    kind: ClassVar[str] = "exposure_called"
    seat: int
    tiles: tuple[int, ...]

    def to_action(self) -> Action:
        return CallExposure(self.seat, self.tiles)


@dataclass(frozen=True)
class ExposureMade(Event):
    """A called discard and tiles from the caller's hand, exposed at once."""

    kind: ClassVar[str] = "exposure_made"
    seat: int
    discarder: int
    tile: int  # the tile the block is made of (its jokers stand for it)
    tiles: tuple[int, ...]  # the exposure as laid out


@dataclass(frozen=True)
class JokerExchanged(Event):
    kind: ClassVar[str] = "joker_exchanged"
    seat: int
    owner: int
    exposure: int
    tile: int

    def to_action(self) -> Action:
        return ExchangeJoker(self.seat, self.owner, self.exposure, self.tile)


@dataclass(frozen=True)
class MahJonggDeclared(Event):
    kind: ClassVar[str] = "mah_jongg_declared"
    seat: int

    def to_action(self) -> Action:
        return DeclareMahJongg(self.seat)


@dataclass(frozen=True)
class MahJonggRejected(Event):
    kind: ClassVar[str] = "mah_jongg_rejected"
    seat: int
    hand: str
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class HandDead(Event):
    kind: ClassVar[str] = "hand_dead"
    seat: int
    reason: str  # "impossible_exposures" or "mistaken_mah_jongg"


@dataclass(frozen=True)
class HandWon(Event):
    kind: ClassVar[str] = "hand_won"
    winner: int
    won_by: str  # scoring.BY_WALL, BY_DISCARD or BY_JOKER_EXCHANGE
    discarder: int | None
    value: int
    payments: tuple[int, ...]
    category: str | None
    pattern: str | None
    hand: str


@dataclass(frozen=True)
class WallGame(Event):
    """The wall is empty when `seat` should draw: nobody pays."""

    kind: ClassVar[str] = "wall_game"
    seat: int


EVENT_TYPES: tuple[type[Event], ...] = (
    HandStarted,
    PositionSet,
    Dealt,
    PassChosen,
    PassDelivered,
    StopVoted,
    SecondCharlestonSkipped,
    SecondCharlestonStarted,
    CourtesyAsked,
    CourtesyAgreed,
    CourtesyChosen,
    CourtesyDelivered,
    PlayStarted,
    Drew,
    Discarded,
    CallDeclined,
    MahJonggCalled,
    ExposureCalled,
    ExposureMade,
    JokerExchanged,
    MahJonggDeclared,
    MahJonggRejected,
    HandDead,
    HandWon,
    WallGame,
)
_BY_KIND: dict[str, type[Event]] = {cls.kind: cls for cls in EVENT_TYPES}


def event_from_dict(data: dict[str, Any]) -> Event:
    cls = _BY_KIND[data["kind"]]
    return cls(**{key: _tuples(value) for key, value in data.items() if key != "kind"})
