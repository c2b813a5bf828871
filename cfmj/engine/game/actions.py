"""A player's choices. Each is a small frozen dataclass naming the seat that makes it."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, ClassVar, TypeAlias


@dataclass(frozen=True)
class PassTiles:
    """A Charleston pass: three tiles. `blind` are tiles just received, passed on unseen
    (First Left and Last Right only); `tiles` are the player's own."""

    kind: ClassVar[str] = "pass_tiles"
    seat: int
    tiles: tuple[int, ...]
    blind: tuple[int, ...] = ()


@dataclass(frozen=True)
class StopVote:
    """After the first Charleston: vote to stop (skip the second Charleston) or go on."""

    kind: ClassVar[str] = "stop_vote"
    seat: int
    stop: bool


@dataclass(frozen=True)
class CourtesyAsk:
    """How many tiles (0-3) this player offers to trade with the player across."""

    kind: ClassVar[str] = "courtesy_ask"
    seat: int
    count: int


@dataclass(frozen=True)
class CourtesyPass:
    """The tiles given in the courtesy pass: exactly the agreed (smaller) number."""

    kind: ClassVar[str] = "courtesy_pass"
    seat: int
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class Discard:
    kind: ClassVar[str] = "discard"
    seat: int
    tile: int


@dataclass(frozen=True)
class ExchangeJoker:
    """Give `tile` to exposure number `exposure` of seat `owner` and take one of its jokers."""

    kind: ClassVar[str] = "exchange_joker"
    seat: int
    owner: int
    exposure: int
    tile: int


@dataclass(frozen=True)
class DeclareMahJongg:
    """On your own turn: the fourteen tiles you hold (exposures included) win."""

    kind: ClassVar[str] = "declare_mah_jongg"
    seat: int


@dataclass(frozen=True)
class CallMahJongg:
    """Call the discard for Mah Jongg (it may complete any block)."""

    kind: ClassVar[str] = "call_mah_jongg"
    seat: int


@dataclass(frozen=True)
class CallExposure:
    """Call the discard to complete a Pung, Kong or Quint exposed at once: the discard plus
    `tiles` from the concealed hand (the discard's tile and/or jokers)."""

    kind: ClassVar[str] = "call_exposure"
    seat: int
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class NoCall:
    """Let the discard go."""

    kind: ClassVar[str] = "no_call"
    seat: int


Action: TypeAlias = (
    PassTiles
    | StopVote
    | CourtesyAsk
    | CourtesyPass
    | Discard
    | ExchangeJoker
    | DeclareMahJongg
    | CallMahJongg
    | CallExposure
    | NoCall
)
ACTION_TYPES: tuple[type[Action], ...] = (
    PassTiles,
    StopVote,
    CourtesyAsk,
    CourtesyPass,
    Discard,
    ExchangeJoker,
    DeclareMahJongg,
    CallMahJongg,
    CallExposure,
    NoCall,
)
_BY_KIND: dict[str, type[Action]] = {cls.kind: cls for cls in ACTION_TYPES}


def action_to_dict(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": action.kind}
    out.update(
        {key: list(value) if isinstance(value, tuple) else value for key, value in asdict(action).items()}
    )
    return out


def action_from_dict(data: dict[str, Any]) -> Action:
    fields: dict[str, Any] = {
        key: tuple(value) if isinstance(value, list) else value
        for key, value in data.items()
        if key != "kind"
    }
    return _BY_KIND[data["kind"]](**fields)
