"""The moves since the learner's last choice, in plain words ("South discards 5 Dot", "West calls a
Pung of 5 Dot and discards North").

Only what the table sees is said: discards, calls, exposures, joker exchanges, Mah Jongg, dead
hands and the Charleston's outcome; and what the learner was given or drew. Another seat's
Charleston tiles, draws and silent "let it go" answers are never named."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cfmj.engine.game import (
    CALL_ORDER_WORDS,
    STAGE_NAMES,
    CourtesyAgreed,
    CourtesyDelivered,
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
    PassDelivered,
    PlayStarted,
    SecondCharlestonSkipped,
    SecondCharlestonStarted,
    WallGame,
    wind_of,
)
from cfmj.engine.labels import block_label
from cfmj.engine.tiles import code, name
from cfmj.play.models import LEARNER_SEAT

DEAD_REASONS = {
    "impossible_exposures": "its exposures fit no winning hand",
    "mistaken_mah_jongg": "it declared a Mah Jongg that does not win",
}


@dataclass(frozen=True)
class Seating:
    """Whose words these are: `me` is "You", another person at the table goes by their name and
    wind ("Ann (South)"), a bot by its wind."""

    dealer: int
    me: int = LEARNER_SEAT
    names: Mapping[int, str] = field(default_factory=dict)

    def who(self, seat: int) -> str:
        if seat == self.me:
            return "You"
        wind = wind_of(seat, self.dealer)
        return f"{self.names[seat]} ({wind})" if seat in self.names else wind

    def whose(self, seat: int) -> str:
        return "your" if seat == self.me else f"{self.who(seat)}'s"

    def verb(self, verb: str, seat: int) -> str:
        return verb if seat == self.me else f"{verb}s"


def who(seat: int, dealer: int) -> str:
    """A seat as the one learner alone with the bots hears of it."""
    return Seating(dealer).who(seat)


def names(tiles: Sequence[int]) -> str:
    return ", ".join(name(t) for t in tiles)


def since(
    events: Sequence[Event],
    start: int,
    dealer: int,
    whys: Mapping[str, str] | None = None,
    *,
    seating: Seating | None = None,
) -> list[str]:
    """What happened from event `start` on (the learner's last action and what followed), in order;
    a bot's move with why it chose it (`whys`: Game.bot_whys, by the index of the move's first
    event)."""
    seating = seating or Seating(dealer)
    lines: list[str] = []
    why = ""
    callers: list[int] = []  # who called the discard being answered
    notes: dict[int, str] = {}  # said at the end of a line: why a call went to its caller
    for index in range(start, len(events)):
        event = events[index]
        why = (whys or {}).get(str(index), why)
        if isinstance(event, Discarded):
            callers = []
        elif isinstance(event, ExposureCalled):
            callers.append(event.seat)
        line = describe(event, seating)
        if line is None:
            continue
        if isinstance(event, ExposureMade) and (others := [s for s in callers if s != event.seat]):
            too = " and ".join(seating.who(s) for s in others)
            notes[len(lines)] = f" ({too} called it too: {CALL_ORDER_WORDS})"  # after the caller's discard
        if isinstance(event, Discarded) and lines and _called_by(lines, event.seat, seating):
            lines[-1] += f" and {seating.verb('discard', event.seat)} {name(event.tile)}"
            why = ""
            continue
        lines.append(f"{line} ({why})" if why else line)
        why = ""
    return [line + notes.get(k, "") for k, line in enumerate(lines)]


def _called_by(lines: list[str], seat: int, seating: Seating) -> bool:
    """Is the last line a call by `seat`, still waiting for its discard?"""
    return lines[-1].startswith(f"{seating.who(seat)} call") and " and discard" not in lines[-1]


def describe(event: Event, seating: Seating) -> str | None:
    me, who, whose, _verb = seating.me, seating.who, seating.whose, seating.verb
    if isinstance(event, PassDelivered) and event.receiver == me:
        stage = STAGE_NAMES.get(event.stage, event.stage)
        return f"{stage} pass: {who(event.giver)} passed you {names(event.tiles)}"
    if isinstance(event, SecondCharlestonSkipped):
        # "You" leads the sentence, "you" is lower case after another voter's name
        voters = " and ".join("you" if seat == me and k else who(seat) for k, seat in enumerate(event.voters))
        why = f"{voters} voted to stop" if event.reason == "stop_vote" else "the house rule says so"
        return f"No second Charleston: {why}"
    if isinstance(event, SecondCharlestonStarted):
        return "Nobody voted to stop: the second Charleston begins"
    if isinstance(event, CourtesyAgreed) and me in event.seats:
        other = next((s for s in event.seats if s != me), me)
        return f"Courtesy pass with {who(other)}: {event.count} tile{'s' if event.count != 1 else ''}"
    if isinstance(event, CourtesyDelivered) and event.receiver == me:
        return f"{who(event.giver)} gave you {names(event.tiles)}"
    if isinstance(event, PlayStarted):
        return f"The Charleston is over: {who(event.turn)} {_verb('begin', event.turn)} play"
    if isinstance(event, Drew) and event.seat == me:
        return f"You drew {name(event.tile)}"
    if isinstance(event, Discarded):
        return f"{who(event.seat)} {_verb('discard', event.seat)} {name(event.tile)}"
    if isinstance(event, ExposureMade):
        block = block_label(code(event.tile), len(event.tiles))
        return f"{who(event.seat)} {_verb('call', event.seat)} a {block}"
    if isinstance(event, JokerExchanged):
        return (
            f"{who(event.seat)} {_verb('give', event.seat)} {name(event.tile)} for a joker "
            f"from {whose(event.owner)} exposure"
        )
    if isinstance(event, MahJonggCalled):
        return f"{who(event.seat)} {_verb('call', event.seat)} the discard for Mah Jongg"
    if isinstance(event, MahJonggDeclared):
        return f"{who(event.seat)} {_verb('declare', event.seat)} Mah Jongg"
    if isinstance(event, MahJonggRejected):
        return f"{who(event.seat)}: that hand does not win"
    if isinstance(event, HandDead):
        reason = DEAD_REASONS.get(event.reason, event.reason)
        return f"{whose(event.seat).capitalize()} hand is dead: {reason}"
    if isinstance(event, HandWon):
        return f"{who(event.winner)} {'win' if event.winner == me else 'wins'} the hand"
    if isinstance(event, WallGame):
        return "The wall is empty: a wall game, nobody pays"
    return None
