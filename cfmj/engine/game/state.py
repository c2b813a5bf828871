"""The table: everything the game model knows about one hand, mutated only by the phase modules."""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field

from ..notation import Hand
from ..ruleset import RuleSet
from ..tiles import JOKER
from .actions import Action
from .events import Event
from .tileset import SEATS, seat_name

# Phases of a hand.
CHARLESTON = "charleston"  # a pass (see `stage`): all four choose, then all exchange
STOP_VOTE = "stop_vote"  # after the first Charleston: anyone may stop
COURTESY_ASK = "courtesy_ask"  # each player says how many tiles (0-3) to trade across
COURTESY_PASS = "courtesy_pass"  # players with an agreed count > 0 choose their tiles
TURN = "turn"  # `turn` holds 14 tiles: exchange jokers, declare or discard
CALLS = "calls"  # the other players answer the discard
OVER = "over"

FIRST_CHARLESTON = ("first_right", "first_across", "first_left")
SECOND_CHARLESTON = ("second_left", "second_across", "second_right")
STAGE_OFFSET = {
    "first_right": 1,
    "first_across": 2,
    "first_left": 3,
    "second_left": 3,
    "second_across": 2,
    "second_right": 1,
}
STAGE_NAMES = {
    "first_right": "First Right",
    "first_across": "First Across",
    "first_left": "First Left",
    "second_left": "Second Left",
    "second_across": "Second Across",
    "second_right": "Last Right",
}
# The passes that may be blind, and the pass whose tiles they may pass on.
BLIND_STAGES = {"first_left": "first_across", "second_right": "second_across"}

# How the player whose turn it is came to hold 14 tiles.
BY_DEAL, BY_DRAW, BY_CALL = "deal", "draw", "call"


@dataclass(frozen=True)
class Exposure:
    """An exposed block: `tile` is what its jokers stand for (None: jokers only)."""

    tile: int | None
    tiles: tuple[int, ...]

    @property
    def jokers(self) -> int:
        return self.tiles.count(JOKER)

    @property
    def block(self) -> tuple[int | None, int]:
        return (self.tile, len(self.tiles))

    @classmethod
    def of(cls, tiles: tuple[int, ...]) -> Exposure:
        naturals = {t for t in tiles if t != JOKER}
        tile = naturals.pop() if len(naturals) == 1 else None
        return cls(tile, tuple(sorted(tiles)))


@dataclass
class Table:
    rules: RuleSet
    dealer: int
    wall: deque[int]
    hands: list[list[int]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    exposures: list[list[Exposure]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    discards: list[tuple[int, int]] = field(default_factory=list)  # (seat, tile), oldest first
    transit: dict[int, tuple[int, ...]] = field(default_factory=dict)  # chosen, not yet delivered
    received: list[tuple[int, ...]] = field(default_factory=lambda: [() for _ in range(SEATS)])
    dead: list[bool] = field(default_factory=lambda: [False] * SEATS)
    phase: str = CHARLESTON
    stage: str | None = FIRST_CHARLESTON[0]
    waiting: list[int] = field(default_factory=lambda: list(range(SEATS)))  # seats owing a choice
    decided: dict[int, Action] = field(default_factory=dict)  # choices made in this stage
    courtesy: dict[int, int] = field(default_factory=dict)  # agreed courtesy count per seat
    turn: int | None = None
    began: str = BY_DEAL
    called_from: int | None = None  # whose discard the player in turn called
    exchanged: bool = False  # a joker exchange made this turn
    pending: tuple[int, int] | None = None  # the discard being answered (seat, tile)
    last_discard: tuple[int, int] | None = None
    turns: int = 0
    outcome: Event | None = None

    # --- reading the table --------------------------------------------------------------------

    def in_order_from(self, seat: int) -> list[int]:
        """The other seats in turn order after `seat` (nearest first)."""
        return [(seat + k) % SEATS for k in range(1, SEATS)]

    def hand_of(self, seat: int, extra: tuple[int, ...] = ()) -> Hand:
        """The seat's tiles in RULES §1 notation: concealed tiles (plus `extra`), exposures bracketed."""
        return Hand(
            tuple(sorted(self.hands[seat] + list(extra))),
            tuple(sorted(e.tiles for e in self.exposures[seat])),
        )

    def hand_size(self, seat: int) -> int:
        return len(self.hands[seat]) + sum(len(e.tiles) for e in self.exposures[seat])

    def census(self) -> Counter[int]:
        """Every tile wherever it is: wall, hands, exposures, discards and passes in transit."""
        count: Counter[int] = Counter(self.wall)
        for seat in range(SEATS):
            count.update(self.hands[seat])
            for exposure in self.exposures[seat]:
                count.update(exposure.tiles)
        count.update(tile for _, tile in self.discards)
        for tiles in self.transit.values():
            count.update(tiles)
        return count

    def name(self, seat: int) -> str:
        return seat_name(seat, self.dealer)

    def describe_now(self) -> str:
        if self.phase == CHARLESTON and self.stage is not None:
            return f"the Charleston's {STAGE_NAMES[self.stage]} pass is under way"
        if self.phase == STOP_VOTE:
            return "the players are voting whether to stop the Charleston"
        if self.phase == COURTESY_ASK:
            return "the players are asking for a courtesy pass"
        if self.phase == COURTESY_PASS:
            return "the courtesy pass is under way"
        if self.phase == TURN and self.turn is not None:
            return f"it is {self.name(self.turn)}'s turn"
        if self.phase == CALLS and self.pending is not None:
            return f"the players are answering {self.name(self.pending[0])}'s discard"
        return "the hand is over"
