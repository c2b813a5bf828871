"""The Charleston (RULES §6): three compulsory passes, a stop vote, three more, the courtesy pass.

Every pass is simultaneous: each player's choice goes into transit, and when all four have
chosen the tiles are delivered together.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from ..tiles import JOKER, name
from ..words import plural
from .actions import Action, CourtesyAsk, CourtesyPass, PassTiles, StopVote
from .errors import (
    BLIND_WHAT,
    BLIND_WHEN,
    COURTESY_COUNT,
    COURTESY_SMALLER,
    NO_JOKER_PASS,
    NOT_HELD,
    PASS_THREE,
    IllegalAction,
)
from .events import (
    CourtesyAgreed,
    CourtesyAsked,
    CourtesyChosen,
    CourtesyDelivered,
    Event,
    PassChosen,
    PassDelivered,
    PlayStarted,
    SecondCharlestonSkipped,
    SecondCharlestonStarted,
    StopVoted,
)
from .state import (
    BLIND_STAGES,
    BY_DEAL,
    CHARLESTON,
    COURTESY_ASK,
    COURTESY_PASS,
    FIRST_CHARLESTON,
    SECOND_CHARLESTON,
    STAGE_NAMES,
    STAGE_OFFSET,
    STOP_VOTE,
    TURN,
    Table,
)
from .tileset import ACROSS, SEATS, contains, remove, to_the

PASS_SIZE = 3
MAX_COURTESY = 3


def _choices(tiles: list[int] | tuple[int, ...], size: int) -> list[tuple[int, ...]]:
    """Every distinct way (by tile, not by position) to pick `size` non-joker tiles."""
    naturals = sorted(t for t in tiles if t != JOKER)
    return sorted(set(combinations(naturals, size)))


def _minus(tiles: list[int], taken: tuple[int, ...]) -> list[int]:
    return list((Counter(tiles) - Counter(taken)).elements())


# --- legal choices ----------------------------------------------------------------------------


def legal(table: Table, seat: int) -> list[Action]:
    if seat not in table.waiting:
        return []
    if table.phase == CHARLESTON:
        out: list[Action] = [PassTiles(seat, c) for c in _choices(table.hands[seat], PASS_SIZE)]
        if table.stage in BLIND_STAGES:
            received = table.received[seat]
            own = _minus(table.hands[seat], received)
            for k in range(1, PASS_SIZE + 1):
                for blind in _choices(received, k):
                    out += [PassTiles(seat, c, blind) for c in _choices(own, PASS_SIZE - k)]
        return out
    if table.phase == STOP_VOTE:
        return [StopVote(seat, False), StopVote(seat, True)]
    if table.phase == COURTESY_ASK:
        return [CourtesyAsk(seat, n) for n in range(MAX_COURTESY + 1)]
    if table.phase == COURTESY_PASS:
        return [CourtesyPass(seat, c) for c in _choices(table.hands[seat], table.courtesy[seat])]
    return []


# --- validation -------------------------------------------------------------------------------


def _not_now(table: Table, what: str) -> IllegalAction:
    return IllegalAction(f"{what} is not possible now: {table.describe_now()}.")


def _owes(table: Table, seat: int, phase: str, what: str) -> None:
    if table.phase != phase:
        raise _not_now(table, what)
    if seat not in table.waiting:
        raise IllegalAction(
            f"{table.name(seat)} has already made this choice; the others are still choosing."
        )


def validate(table: Table, action: Action) -> None:
    if isinstance(action, PassTiles):
        _validate_pass(table, action)
    elif isinstance(action, StopVote):
        _owes(table, action.seat, STOP_VOTE, "A vote to stop the Charleston")
    elif isinstance(action, CourtesyAsk):
        _owes(table, action.seat, COURTESY_ASK, "Asking for a courtesy pass")
        if not 0 <= action.count <= MAX_COURTESY:
            raise IllegalAction(f"You asked for {plural(action.count, 'tile')}. {COURTESY_COUNT}")
    elif isinstance(action, CourtesyPass):
        _validate_courtesy(table, action)


def _validate_pass(table: Table, action: PassTiles) -> None:
    if table.phase != CHARLESTON and any(t == JOKER for t in action.tiles + action.blind):
        raise IllegalAction(NO_JOKER_PASS)
    _owes(table, action.seat, CHARLESTON, "A Charleston pass")
    assert table.stage is not None
    if JOKER in action.tiles or JOKER in action.blind:
        raise IllegalAction(NO_JOKER_PASS)
    count = len(action.tiles) + len(action.blind)
    if count != PASS_SIZE:
        raise IllegalAction(f"You chose {plural(count, 'tile')}, so nothing was passed. {PASS_THREE}")
    hand = table.hands[action.seat]
    if action.blind:
        if table.stage not in BLIND_STAGES:
            raise IllegalAction(f"The {STAGE_NAMES[table.stage]} cannot be blind. {BLIND_WHEN}")
        received = table.received[action.seat]
        if not contains(received, action.blind):
            raise IllegalAction(
                f"{_names(action.blind)} is not among the tiles you just received "
                f"({_names(received)}). {BLIND_WHAT}"
            )
        if not contains(_minus(hand, received), action.tiles):
            raise IllegalAction(
                f"You do not hold {_names(action.tiles)} apart from the tiles just received. {BLIND_WHAT}"
            )
    elif not contains(hand, action.tiles):
        raise IllegalAction(f"You do not hold {_names(action.tiles)}. {NOT_HELD}")


def _validate_courtesy(table: Table, action: CourtesyPass) -> None:
    if JOKER in action.tiles:
        raise IllegalAction(NO_JOKER_PASS)
    if len(action.tiles) > MAX_COURTESY:
        raise IllegalAction(
            f"You chose {plural(len(action.tiles), 'tile')}, so nothing was given. {COURTESY_COUNT}"
        )
    _owes(table, action.seat, COURTESY_PASS, "A courtesy pass")
    agreed = table.courtesy[action.seat]
    if len(action.tiles) != agreed:
        agreed_words = plural(agreed, "tile")
        raise IllegalAction(
            f"The agreed courtesy pass is {agreed_words}, not {len(action.tiles)}. {COURTESY_SMALLER}"
        )
    if not contains(table.hands[action.seat], action.tiles):
        raise IllegalAction(f"You do not hold {_names(action.tiles)}. {NOT_HELD}")


def _names(tiles: tuple[int, ...]) -> str:
    return ", ".join(name(t) for t in tiles) if tiles else "no tiles"


# --- performing -------------------------------------------------------------------------------


def perform(table: Table, action: Action) -> list[Event]:
    table.waiting.remove(action.seat)
    table.decided[action.seat] = action
    events: list[Event]
    if isinstance(action, PassTiles):
        assert table.stage is not None
        remove(table.hands[action.seat], action.tiles + action.blind)
        table.transit[action.seat] = action.blind + action.tiles
        events = [PassChosen(action.seat, table.stage, action.tiles, action.blind)]
    elif isinstance(action, StopVote):
        events = [StopVoted(action.seat, action.stop)]
    elif isinstance(action, CourtesyAsk):
        events = [CourtesyAsked(action.seat, action.count)]
    else:
        assert isinstance(action, CourtesyPass)
        remove(table.hands[action.seat], action.tiles)
        table.transit[action.seat] = action.tiles
        events = [CourtesyChosen(action.seat, action.tiles)]
    if not table.waiting:
        events += _everyone_has_chosen(table)
    return events


def _everyone_has_chosen(table: Table) -> list[Event]:
    if table.phase == CHARLESTON:
        events = _deliver(table)
        return events + _after_pass(table)
    if table.phase == STOP_VOTE:
        voters = tuple(s for s in _seats(table) if _stopped(table.decided[s]))
        if voters:
            return [SecondCharlestonSkipped("stop_vote", voters), *_start_courtesy(table)]
        return [SecondCharlestonStarted(), *_start_stage(table, SECOND_CHARLESTON[0])]
    if table.phase == COURTESY_ASK:
        return _agree_courtesy(table)
    return _deliver(table) + _start_play(table)


def _stopped(action: Action) -> bool:
    return isinstance(action, StopVote) and action.stop


def _seats(table: Table) -> list[int]:
    return [(table.dealer + k) % SEATS for k in range(SEATS)]


def _deliver(table: Table) -> list[Event]:
    events: list[Event] = []
    offset = STAGE_OFFSET[table.stage] if table.phase == CHARLESTON and table.stage else ACROSS
    table.received = [() for _ in range(SEATS)]
    for giver in _seats(table):
        tiles = table.transit.pop(giver, None)
        if tiles is None:
            continue
        receiver = to_the(giver, offset)
        table.hands[receiver] += tiles
        table.received[receiver] = tiles
        if table.phase == CHARLESTON and table.stage:
            events.append(PassDelivered(table.stage, giver, receiver, tiles))
        else:
            events.append(CourtesyDelivered(giver, receiver, tiles))
    return events


def _after_pass(table: Table) -> list[Event]:
    stages = FIRST_CHARLESTON + SECOND_CHARLESTON
    assert table.stage is not None
    if table.stage == FIRST_CHARLESTON[-1]:
        if table.rules.skip_second_charleston:
            return [SecondCharlestonSkipped("house_rule_1", ()), *_start_courtesy(table)]
        _open(table, STOP_VOTE, None, list(range(SEATS)))
        return []
    if table.stage == SECOND_CHARLESTON[-1]:
        return _start_courtesy(table)
    return _start_stage(table, stages[stages.index(table.stage) + 1])


def _open(table: Table, phase: str, stage: str | None, waiting: list[int]) -> None:
    table.phase, table.stage = phase, stage
    table.waiting = waiting
    table.decided = {}


def _start_stage(table: Table, stage: str) -> list[Event]:
    _open(table, CHARLESTON, stage, list(range(SEATS)))
    return []


def _start_courtesy(table: Table) -> list[Event]:
    _open(table, COURTESY_ASK, None, list(range(SEATS)))
    return []


def _agree_courtesy(table: Table) -> list[Event]:
    events: list[Event] = []
    table.courtesy = {}
    for a in (table.dealer, to_the(table.dealer, 1)):
        b = to_the(a, ACROSS)
        asked = tuple(_asked(table.decided[s]) for s in (a, b))
        count = min(asked)
        table.courtesy[a] = table.courtesy[b] = count
        events.append(CourtesyAgreed((a, b), asked, count))
    waiting = [s for s in range(SEATS) if table.courtesy[s] > 0]
    if not waiting:
        return events + _start_play(table)
    _open(table, COURTESY_PASS, None, waiting)
    return events


def _asked(action: Action) -> int:
    assert isinstance(action, CourtesyAsk)
    return action.count


def _start_play(table: Table) -> list[Event]:
    _open(table, TURN, None, [table.dealer])
    table.turn = table.dealer
    table.began = BY_DEAL
    table.turns = 1
    return [PlayStarted(table.dealer)]
