"""`Game`: one hand of American Mah Jongg, driven by actions and recorded as events.

    game = Game(seed=7)
    while not game.over:
        seat = game.waiting_for()[0]
        game.apply(choose(game.view(seat), game.legal_actions(seat)))

The model is deterministic: the seed fixes the shuffled wall, and the same actions then give
the same events. `Game.replay` rebuilds a game from its events alone: the first event holds the
wall, and every event that records a choice (`Event.to_action()`) is applied again.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, deque
from collections.abc import Sequence

from ..card import exposures_possible
from ..errors import InputError
from ..ruleset import RuleSet
from ..tiles import JOKER, KINDS, codes
from . import charleston, play
from .actions import ACTION_TYPES, Action, CourtesyAsk, CourtesyPass, PassTiles, StopVote
from .errors import IllegalAction, ReplayError
from .events import Dealt, Event, HandDead, HandStarted, PositionSet
from .state import BY_DRAW, CALLS, OVER, TURN, Exposure, Table
from .tileset import EAST_HAND, HAND, SEATS, full_set, shuffled_wall
from .view import PlayerView, view_of

CHARLESTON_ACTIONS = (PassTiles, StopVote, CourtesyAsk, CourtesyPass)


class Game:
    def __init__(
        self,
        seed: int = 0,
        rules: RuleSet | None = None,
        dealer: int = 0,
        *,
        wall: Sequence[int] | None = None,
    ) -> None:
        """Shuffle (or take `wall`, in dealing order), then deal: East 14, the others 13."""
        self.seed = seed
        self.rules = rules or RuleSet()
        _check_seat(dealer)
        order = tuple(wall) if wall is not None else shuffled_wall(seed, self.rules)
        _check_set(order, self.rules)
        self._table = Table(self.rules, dealer, deque(order))
        self._events: list[Event] = [HandStarted(seed, dealer, tuple(sorted(self.rules.house_rules)), order)]
        self._actions: list[Action] = []
        for k in range(SEATS):
            seat = (dealer + k) % SEATS
            tiles = tuple(self._table.wall.popleft() for _ in range(EAST_HAND if k == 0 else HAND))
            self._table.hands[seat] = list(tiles)
            self._events.append(Dealt(seat, tiles))

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Sequence[int]],
        wall: Sequence[int],
        *,
        exposures: Sequence[Sequence[Sequence[int]]] | None = None,
        rules: RuleSet | None = None,
        dealer: int = 0,
        turn: int | None = None,
        seed: int = 0,
    ) -> Game:
        """Start play from a given position (drills, tests): `turn` (default East) holds 14 tiles
        and acts first, as if it had just drawn; `wall` is in drawing order. Hands, exposures
        and wall together must be exactly the tile set."""
        game = cls.__new__(cls)
        game.seed, game.rules = seed, rules or RuleSet()
        _check_seat(dealer)
        turn = dealer if turn is None else turn
        _check_seat(turn)
        shown = [[tuple(sorted(e)) for e in seat] for seat in (exposures or [[] for _ in range(SEATS)])]
        if len(hands) != SEATS or len(shown) != SEATS:
            raise InputError("A position has four hands and four lists of exposures.")
        table = Table(game.rules, dealer, deque(wall))
        table.hands = [list(h) for h in hands]
        for exposure in (e for seat in shown for e in seat):
            if not 3 <= len(exposure) <= 5 or len({t for t in exposure if t != JOKER}) > 1:
                raise InputError(
                    f"[{codes(exposure)}] is not an exposure: a Pung, Kong or Quint of one "
                    "tile, jokers allowed."
                )
        table.exposures = [[Exposure.of(e) for e in seat] for seat in shown]
        for seat in range(SEATS):
            wanted = EAST_HAND if seat == turn else HAND
            if table.hand_size(seat) != wanted:
                raise InputError(f"Seat {seat} holds {table.hand_size(seat)} tiles; it should hold {wanted}.")
        _check_set(tuple(table.census().elements()), game.rules)
        table.phase, table.stage, table.turn, table.waiting = TURN, None, turn, [turn]
        table.began, table.turns = BY_DRAW, 1
        game._table, game._actions = table, []
        game._events = [
            PositionSet(
                dealer,
                turn,
                tuple(tuple(h) for h in hands),
                tuple(tuple(seat) for seat in shown),
                tuple(wall),
            )
        ]
        for seat in range(SEATS):
            if table.exposures[seat] and not exposures_possible([e.block for e in table.exposures[seat]]):
                table.dead[seat] = True
                game._events.append(HandDead(seat, "impossible_exposures"))
        return game

    @classmethod
    def replay(cls, seed: int, rules: RuleSet | None, dealer: int, events: Sequence[Event]) -> Game:
        """Rebuild a game from its events: the first event gives the wall (or position), and
        each choice event is applied again. Raises ReplayError unless the result is the same list."""
        if not events:
            raise ReplayError("There are no events to replay.")
        first = events[0]
        if isinstance(first, HandStarted):
            game = cls(seed, rules, dealer, wall=first.wall)
        elif isinstance(first, PositionSet):
            game = cls.from_position(
                first.hands,
                first.wall,
                exposures=first.exposures,
                rules=rules,
                dealer=first.dealer,
                turn=first.turn,
                seed=seed,
            )
        else:
            raise ReplayError(f"A recorded hand starts with hand_started or position_set, not {first.kind}.")
        for event in events[1:]:
            action = event.to_action()
            if action is not None:
                try:
                    game.apply(action)
                except IllegalAction as error:
                    raise ReplayError(f"Recorded action {event.to_dict()} is refused: {error}") from error
        mine = game.events
        if list(mine) != list(events):
            index = next(
                (i for i, (a, b) in enumerate(zip(mine, events, strict=False)) if a != b),
                min(len(mine), len(events)),
            )
            raise ReplayError(f"The replay differs from the record at event {index}.")
        return game

    # --- acting -------------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        """What `seat` may do now (empty if nothing). Charleston passes are listed once per
        distinct choice of tiles; every listed action is accepted by `apply`."""
        if self._table.phase == OVER or not 0 <= seat < SEATS:
            return []
        if self._table.phase in (TURN, CALLS):
            return play.legal(self._table, seat)
        return charleston.legal(self._table, seat)

    def why_illegal(self, action: Action) -> str | None:
        """The rule `action` breaks now, or None if it is legal."""
        try:
            self._validate(_normalise(action))
        except IllegalAction as error:
            return str(error)
        return None

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; raise IllegalAction (the table unchanged) if the rules forbid it."""
        action = _normalise(action)
        self._validate(action)
        if isinstance(action, CHARLESTON_ACTIONS):
            events = charleston.perform(self._table, action)
        else:
            events = play.perform(self._table, action)
        self._actions.append(action)
        self._events += events
        return events

    def _validate(self, action: Action) -> None:
        table = self._table
        if not isinstance(action.seat, int) or not 0 <= action.seat < SEATS:
            raise IllegalAction(f"There is no seat {action.seat}: seats are 0 to 3.")
        if table.phase == OVER:
            raise IllegalAction("The hand is over.")
        if isinstance(action, CHARLESTON_ACTIONS):
            charleston.validate(table, action)
        else:
            play.validate(table, action)

    # --- reading ------------------------------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        _check_seat(seat)
        return view_of(self._table, seat, len(self._actions))

    def waiting_for(self) -> tuple[int, ...]:
        """The seats that owe a choice now, in seat order."""
        return tuple(sorted(self._table.waiting))

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    @property
    def dealer(self) -> int:
        return self._table.dealer

    @property
    def phase(self) -> str:
        return self._table.phase

    @property
    def stage(self) -> str | None:
        return self._table.stage

    @property
    def turn(self) -> int | None:
        return self._table.turn

    @property
    def over(self) -> bool:
        return self._table.phase == OVER

    @property
    def outcome(self) -> Event | None:
        """HandWon or WallGame once the hand is over."""
        return self._table.outcome

    @property
    def turns(self) -> int:
        return self._table.turns

    @property
    def dead(self) -> tuple[bool, ...]:
        return tuple(self._table.dead)

    @property
    def wall(self) -> tuple[int, ...]:
        """The tiles left, in drawing order (what no player may see)."""
        return tuple(self._table.wall)

    @property
    def discards(self) -> tuple[tuple[int, int], ...]:
        return tuple(self._table.discards)

    def concealed(self, seat: int) -> tuple[int, ...]:
        return tuple(sorted(self._table.hands[seat]))

    def exposures(self, seat: int) -> tuple[Exposure, ...]:
        return tuple(self._table.exposures[seat])

    def in_transit(self) -> dict[int, tuple[int, ...]]:
        """Charleston or courtesy tiles chosen by each seat and not yet delivered."""
        return dict(self._table.transit)

    def hand_size(self, seat: int) -> int:
        """Tiles held, exposures included, plus any the seat has put in transit."""
        return self._table.hand_size(seat) + len(self._table.transit.get(seat, ()))

    def census(self) -> Counter[int]:
        """Every tile wherever it is; always equal to the full set."""
        return self._table.census()


def _normalise(action: Action) -> Action:
    """Tile lists become tuples (as events record them); anything that is not a tile is refused."""
    if not isinstance(action, ACTION_TYPES):
        raise IllegalAction(f"{action!r} is not a game action.")
    if not _is_int(action.seat):
        raise IllegalAction(f"There is no seat {action.seat!r}: seats are 0 to 3.")
    changes: dict[str, object] = {}
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if field.name in ("tiles", "blind"):
            if isinstance(value, str) or not isinstance(value, Sequence):
                raise IllegalAction(f"{value!r} is not a list of tiles.")
            _check_tiles(value)
            changes[field.name] = tuple(value)
        elif field.name == "tile":
            _check_tiles([value])
    return dataclasses.replace(action, **changes) if changes else action  # type: ignore[arg-type]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_tiles(values: Sequence[object]) -> None:
    for value in values:
        if not (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < KINDS):
            raise IllegalAction(f"{value!r} is not a tile: tiles are numbered 0 to {KINDS - 1}.")


def _check_seat(seat: int) -> None:
    if not 0 <= seat < SEATS:
        raise InputError(f"There is no seat {seat}: seats are 0 (East) to 3.")


def _check_set(tiles: tuple[int, ...], rules: RuleSet) -> None:
    if Counter(tiles) != Counter(full_set(rules)):
        missing = Counter(full_set(rules)) - Counter(tiles)
        extra = Counter(tiles) - Counter(full_set(rules))
        raise InputError(
            f"The tiles are not one full set: missing [{codes(sorted(missing.elements()))}], "
            f"extra [{codes(sorted(extra.elements()))}]."
        )
