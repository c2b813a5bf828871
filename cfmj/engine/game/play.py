"""Play (RULES §6): draw, joker exchanges, Mah Jongg, discards, and calls on a discard."""

from __future__ import annotations

from ..card import exposures_possible
from ..check import check
from ..scoring import BY_DISCARD, BY_JOKER_EXCHANGE, BY_WALL, counts_as_self_drawn, payments
from ..tiles import JOKER, WINDS, name
from .actions import Action, CallExposure, CallMahJongg, DeclareMahJongg, Discard, ExchangeJoker, NoCall
from .errors import (
    BLOCK_SIZE,
    DEAD_HAND,
    DEAD_JOKER,
    EXCHANGE_TILE,
    EXCHANGE_TURN,
    KEEP_ONE,
    NEWS_CALL,
    NO_JOKER_THERE,
    NOT_HELD,
    OWN_DISCARD,
    PAIR_CALL,
    SAME_TILE,
    IllegalAction,
)
from .events import (
    CallDeclined,
    Discarded,
    Drew,
    Event,
    ExposureCalled,
    ExposureMade,
    HandDead,
    HandWon,
    JokerExchanged,
    MahJonggCalled,
    MahJonggDeclared,
    MahJonggRejected,
    WallGame,
)
from .state import BY_CALL, BY_DRAW, CALLS, OVER, TURN, Exposure, Table
from .tileset import SEATS, contains, remove

MIN_EXPOSURE, MAX_EXPOSURE = 3, 5
TURN_ACTIONS = (Discard, DeclareMahJongg, ExchangeJoker)


# --- legal choices ----------------------------------------------------------------------------


def legal(table: Table, seat: int) -> list[Action]:
    if seat not in table.waiting:
        return []
    if table.phase == TURN:
        hand = table.hands[seat]
        out: list[Action] = [Discard(seat, t) for t in sorted(set(hand))]
        if not table.dead[seat]:
            out.append(DeclareMahJongg(seat))
            for owner in range(SEATS):
                for index, exposure in enumerate(table.exposures[owner]):
                    if exposure.jokers and exposure.tile is not None and exposure.tile in hand:
                        out.append(ExchangeJoker(seat, owner, index, exposure.tile))
        return out
    if table.phase == CALLS:
        assert table.pending is not None
        return [NoCall(seat), CallMahJongg(seat), *exposure_calls(table, seat, table.pending[1])]
    return []


def exposure_calls(table: Table, seat: int, tile: int) -> list[Action]:
    """Every distinct Pung, Kong or Quint `seat` could make with this discard."""
    hand = table.hands[seat]
    naturals, jokers = hand.count(tile), hand.count(JOKER)
    out: list[Action] = []
    for size in range(MIN_EXPOSURE, MAX_EXPOSURE + 1):
        used = size - 1
        if used >= len(hand):
            break  # at least one tile must stay concealed to discard
        for k in range(min(naturals, used), -1, -1):
            if used - k <= jokers:
                out.append(CallExposure(seat, (tile,) * k + (JOKER,) * (used - k)))
    return out


# --- validation -------------------------------------------------------------------------------


def validate(table: Table, action: Action) -> None:
    if isinstance(action, TURN_ACTIONS):
        _validate_turn(table, action)
    else:
        _validate_call(table, action)


def _validate_turn(table: Table, action: Action) -> None:
    seat = action.seat
    mine = table.phase == TURN and table.turn == seat
    if isinstance(action, ExchangeJoker) and not mine:
        raise IllegalAction(f"{EXCHANGE_TURN} Now {table.describe_now()}.")
    if not mine:
        raise IllegalAction(
            f"{table.name(seat)} cannot act now: {table.describe_now()} "
            "(RULES §6: turn order goes to the right)."
        )
    hand = table.hands[seat]
    if isinstance(action, Discard):
        if action.tile not in hand:
            raise IllegalAction(f"You do not hold a {name(action.tile)} to discard. {NOT_HELD}")
        return
    if table.dead[seat]:
        raise IllegalAction(DEAD_HAND)
    if isinstance(action, ExchangeJoker):
        if not 0 <= action.owner < SEATS or not 0 <= action.exposure < len(table.exposures[action.owner]):
            raise IllegalAction("There is no such exposure on the table.")
        exposure = table.exposures[action.owner][action.exposure]
        if not exposure.jokers:
            raise IllegalAction(NO_JOKER_THERE)
        if exposure.tile is None or action.tile != exposure.tile:
            stands = "no named tile" if exposure.tile is None else f"the {name(exposure.tile)}"
            raise IllegalAction(
                f"That joker stands for {stands}, not the {name(action.tile)}. {EXCHANGE_TILE}"
            )
        if action.tile not in hand:
            raise IllegalAction(f"You do not hold a {name(action.tile)}. {NOT_HELD}")


def _validate_call(table: Table, action: Action) -> None:
    seat = action.seat
    if table.phase != CALLS:
        last = table.last_discard
        if last is not None and last[1] == JOKER and not isinstance(action, NoCall):
            raise IllegalAction(DEAD_JOKER)
        raise IllegalAction(f"There is no discard to answer now: {table.describe_now()}.")
    assert table.pending is not None
    discarder, tile = table.pending
    if seat == discarder:
        raise IllegalAction(OWN_DISCARD)
    if table.dead[seat]:
        raise IllegalAction(DEAD_HAND)
    if seat not in table.waiting:
        raise IllegalAction(f"{table.name(seat)} has already answered this discard.")
    if isinstance(action, CallExposure):
        _validate_exposure(table, seat, tile, action.tiles)


def _validate_exposure(table: Table, seat: int, tile: int, tiles: tuple[int, ...]) -> None:
    size = len(tiles) + 1
    if tile in WINDS and size == len(WINDS) and set(tiles) | {tile} == set(WINDS):
        raise IllegalAction(NEWS_CALL)
    if size == 2:
        raise IllegalAction(PAIR_CALL)
    if any(t not in (tile, JOKER) for t in tiles):
        raise IllegalAction(f"The discard is a {name(tile)}. {SAME_TILE}")
    if not MIN_EXPOSURE <= size <= MAX_EXPOSURE:
        raise IllegalAction(f"That would expose {size} tiles. {BLOCK_SIZE}")
    hand = table.hands[seat]
    if not contains(hand, tiles):
        raise IllegalAction(f"You do not hold those tiles. {NOT_HELD}")
    if len(tiles) >= len(hand):
        raise IllegalAction(KEEP_ONE)


# --- performing -------------------------------------------------------------------------------


def perform(table: Table, action: Action) -> list[Event]:
    if isinstance(action, Discard):
        return _discard(table, action)
    if isinstance(action, ExchangeJoker):
        return _exchange(table, action)
    if isinstance(action, DeclareMahJongg):
        return _declare(table, action.seat)
    return _answer(table, action)


def _discard(table: Table, action: Discard) -> list[Event]:
    seat, tile = action.seat, action.tile
    table.hands[seat].remove(tile)
    table.discards.append((seat, tile))
    table.last_discard = (seat, tile)
    events: list[Event] = [Discarded(seat, tile)]
    table.turn, table.exchanged, table.called_from = None, False, None
    eligible = [] if tile == JOKER else [s for s in table.in_order_from(seat) if not table.dead[s]]
    if not eligible:
        return events + _next_turn(table, (seat + 1) % SEATS)
    table.phase, table.pending = CALLS, (seat, tile)
    table.waiting, table.decided = eligible, {}
    return events


def _exchange(table: Table, action: ExchangeJoker) -> list[Event]:
    exposure = table.exposures[action.owner][action.exposure]
    tiles = list(exposure.tiles)
    tiles.remove(JOKER)
    tiles.append(action.tile)
    table.exposures[action.owner][action.exposure] = Exposure(exposure.tile, tuple(sorted(tiles)))
    table.hands[action.seat].remove(action.tile)
    table.hands[action.seat].append(JOKER)
    table.exchanged = True
    return [JokerExchanged(action.seat, action.owner, action.exposure, action.tile)]


def _declare(table: Table, seat: int) -> list[Event]:
    if table.exchanged:
        won_by, discarder = BY_JOKER_EXCHANGE, None
    elif table.began == BY_CALL:
        won_by, discarder = BY_DISCARD, table.called_from
    else:
        won_by, discarder = BY_WALL, None
    events: list[Event] = [MahJonggDeclared(seat)]
    return events + _judge(table, seat, (), won_by, discarder)


def _judge(
    table: Table, seat: int, extra: tuple[int, ...], won_by: str, discarder: int | None
) -> list[Event]:
    """Verify a Mah Jongg with the validator: a win ends the hand, a mistake kills the hand."""
    hand = table.hand_of(seat, extra)
    result = check(hand, self_drawn=counts_as_self_drawn(won_by), rules=table.rules)
    best = result.best
    if best is None or best.value is None:
        table.dead[seat] = True
        reasons = tuple(r.message for r in result.reasons)
        return [MahJonggRejected(seat, str(hand), reasons), HandDead(seat, "mistaken_mah_jongg")]
    if extra:
        table.discards.pop()  # the called discard joins the winner's hand
        table.hands[seat] += list(extra)
    paid = payments(seats=SEATS, winner=seat, value=best.value, discarder=discarder)
    won = HandWon(seat, won_by, discarder, best.value, tuple(paid), best.category, best.pattern, str(hand))
    _finish(table, won)
    return [won]


def _finish(table: Table, outcome: Event) -> None:
    table.outcome = outcome
    table.phase, table.turn, table.pending = OVER, None, None
    table.waiting, table.decided = [], {}


def _answer(table: Table, action: Action) -> list[Event]:
    seat = action.seat
    table.waiting.remove(seat)
    table.decided[seat] = action
    event: Event
    if isinstance(action, CallMahJongg):
        event = MahJonggCalled(seat)
    elif isinstance(action, CallExposure):
        event = ExposureCalled(seat, action.tiles)
    else:
        event = CallDeclined(seat)
    if table.waiting:
        return [event]
    return [event, *_resolve(table)]


# Why a discard called by several players went to one of them, in a learner's words.
CALL_ORDER_WORDS = (
    "when two players call a discard for an exposure, the one next in turn after the discarder gets it"
)


def _resolve(table: Table) -> list[Event]:
    """Everyone has answered: Mah Jongg beats an exposure; otherwise the nearest caller wins
    (CALL_ORDER_WORDS)."""
    assert table.pending is not None
    discarder, tile = table.pending
    order = table.in_order_from(discarder)
    events: list[Event] = []
    for seat in order:
        if isinstance(table.decided.get(seat), CallMahJongg):
            events += _judge(table, seat, (tile,), BY_DISCARD, discarder)
            if table.phase == OVER:
                return events
    for seat in order:
        action = table.decided.get(seat)
        if isinstance(action, CallExposure) and not table.dead[seat]:
            return events + _expose(table, seat, discarder, tile, action.tiles)
    return events + _next_turn(table, (discarder + 1) % SEATS)


def _expose(table: Table, seat: int, discarder: int, tile: int, tiles: tuple[int, ...]) -> list[Event]:
    table.discards.pop()
    remove(table.hands[seat], tiles)
    exposure = Exposure(tile, tuple(sorted((tile, *tiles))))
    table.exposures[seat].append(exposure)
    events: list[Event] = [ExposureMade(seat, discarder, tile, exposure.tiles)]
    if not table.dead[seat] and not exposures_possible([e.block for e in table.exposures[seat]]):
        table.dead[seat] = True
        events.append(HandDead(seat, "impossible_exposures"))
    _start_turn(table, seat, BY_CALL)
    table.called_from = discarder
    table.received[seat] = (tile,)
    return events


def _start_turn(table: Table, seat: int, began: str) -> None:
    table.phase, table.turn, table.began = TURN, seat, began
    table.waiting, table.decided, table.pending = [seat], {}, None
    table.exchanged, table.called_from = False, None
    table.turns += 1


def _next_turn(table: Table, seat: int) -> list[Event]:
    if not table.wall:
        wall_game = WallGame(seat)
        _finish(table, wall_game)
        return [wall_game]
    tile = table.wall.popleft()
    table.hands[seat].append(tile)
    _start_turn(table, seat, BY_DRAW)
    table.received[seat] = (tile,)
    return [Drew(seat, tile, len(table.wall))]
