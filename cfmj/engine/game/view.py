"""What one player may see: their own tiles and everything public, never another's concealed tiles."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..notation import Hand
from ..ruleset import RuleSet
from ..scoring import BY_DISCARD, BY_JOKER_EXCHANGE, BY_WALL
from .state import BLIND_STAGES, BY_CALL, CALLS, CHARLESTON, Exposure, Table
from .tileset import SEATS, wind_of


@dataclass(frozen=True)
class PlayerView:
    seat: int
    dealer: int
    phase: str  # state.CHARLESTON, STOP_VOTE, COURTESY_ASK, ..., TURN, CALLS, OVER
    stage: str | None  # the Charleston pass under way ("first_right" ...), else None
    turn: int | None  # whose turn it is in play
    concealed: tuple[int, ...]  # this player's concealed tiles, sorted
    exposures: tuple[tuple[Exposure, ...], ...]  # every seat's exposures
    discards: tuple[tuple[int, int], ...]  # (seat, tile) still in the discard pile, oldest first
    wall_count: int
    received: tuple[int, ...]  # the tiles this player last received (a pass, a draw, a call)
    pending_discard: tuple[int, int] | None  # (seat, tile) being answered, in the calls phase
    dead: tuple[bool, ...]
    hand_sizes: tuple[int, ...]  # tiles held per seat, exposures included
    courtesy_count: int | None  # the agreed courtesy count, in the courtesy pass
    blind_allowed: bool  # this pass may be blind (First Left, Last Right)
    exchanged: bool  # a joker exchange was made this turn
    began: str  # how the player in turn got 14 tiles: "deal", "draw" or "call"
    rules: RuleSet
    # How many actions the game has taken so far (its clock, the same for every seat): a bot that
    # draws at random seeds its draw with it, so a replay or an undo plays on the same way.
    step: int = 0

    @property
    def wind(self) -> str:
        return wind_of(self.seat, self.dealer)

    @property
    def my_exposures(self) -> tuple[Exposure, ...]:
        return self.exposures[self.seat]

    def hand(self, extra: tuple[int, ...] = ()) -> Hand:
        """This player's hand in RULES §1 notation (plus `extra`, e.g. a discard to call)."""
        return Hand(tuple(sorted(self.concealed + extra)), tuple(sorted(e.tiles for e in self.my_exposures)))

    def won_by(self) -> str:
        """How a Mah Jongg declared now would count (scoring.BY_WALL, BY_DISCARD or
        BY_JOKER_EXCHANGE); a call for Mah Jongg is always BY_DISCARD."""
        if self.phase == CALLS:
            return BY_DISCARD
        if self.exchanged:
            return BY_JOKER_EXCHANGE
        return BY_DISCARD if self.began == BY_CALL else BY_WALL

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "phase": self.phase,
            "stage": self.stage,
            "turn": self.turn,
            "concealed": list(self.concealed),
            "exposures": [
                [{"tile": e.tile, "tiles": list(e.tiles)} for e in seat] for seat in self.exposures
            ],
            "discards": [list(d) for d in self.discards],
            "wall_count": self.wall_count,
            "received": list(self.received),
            "pending_discard": list(self.pending_discard) if self.pending_discard else None,
            "dead": list(self.dead),
            "hand_sizes": list(self.hand_sizes),
            "courtesy_count": self.courtesy_count,
            "blind_allowed": self.blind_allowed,
            "exchanged": self.exchanged,
            "began": self.began,
            "house_rules": sorted(self.rules.house_rules),
        }


def view_of(table: Table, seat: int, step: int = 0) -> PlayerView:
    return PlayerView(
        seat=seat,
        dealer=table.dealer,
        phase=table.phase,
        stage=table.stage,
        turn=table.turn,
        concealed=tuple(sorted(table.hands[seat])),
        exposures=tuple(tuple(table.exposures[s]) for s in range(SEATS)),
        discards=tuple(table.discards),
        wall_count=len(table.wall),
        received=table.received[seat],
        pending_discard=table.pending,
        dead=tuple(table.dead),
        hand_sizes=tuple(table.hand_size(s) for s in range(SEATS)),
        courtesy_count=table.courtesy.get(seat) if table.courtesy else None,
        blind_allowed=table.phase == CHARLESTON and table.stage in BLIND_STAGES,
        exchanged=table.exchanged,
        began=table.began,
        rules=table.rules,
        step=step,
    )
