"""The moves since the learner's last choice, in plain words ("South discards 5 Dot", "West calls a
Pung of 5 Dot and discards North").

Only what the table sees is said: discards, calls, exposures, joker exchanges, Mah Jongg, dead
hands and the Charleston's outcome; and what the learner was given or drew. Another seat's
Charleston tiles, draws and silent "let it go" answers are never named."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cfmj.engine.game import (
    STAGE_NAMES,
    CourtesyAgreed,
    CourtesyDelivered,
    Discarded,
    Drew,
    Event,
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


def who(seat: int, dealer: int) -> str:
    return "You" if seat == LEARNER_SEAT else wind_of(seat, dealer)


def whose(seat: int, dealer: int) -> str:
    return "your" if seat == LEARNER_SEAT else f"{wind_of(seat, dealer)}'s"


def names(tiles: Sequence[int]) -> str:
    return ", ".join(name(t) for t in tiles)


def since(
    events: Sequence[Event], start: int, dealer: int, whys: Mapping[str, str] | None = None
) -> list[str]:
    """What happened from event `start` on (the learner's last action and what followed), in order;
    a bot's move with why it chose it (`whys`: Game.bot_whys, by the index of the move's first
    event)."""
    lines: list[str] = []
    why = ""
    for index in range(start, len(events)):
        event = events[index]
        why = (whys or {}).get(str(index), why)
        line = describe(event, dealer)
        if line is None:
            continue
        if isinstance(event, Discarded) and lines and _called_by(lines, event.seat, dealer):
            lines[-1] += f" and {_verb('discard', event.seat)} {name(event.tile)}"
            why = ""
            continue
        lines.append(f"{line} ({why})" if why else line)
        why = ""
    return lines


def _called_by(lines: list[str], seat: int, dealer: int) -> bool:
    """Is the last line a call by `seat`, still waiting for its discard?"""
    return lines[-1].startswith(f"{who(seat, dealer)} call") and " and discard" not in lines[-1]


def describe(event: Event, dealer: int) -> str | None:
    if isinstance(event, PassDelivered) and event.receiver == LEARNER_SEAT:
        stage = STAGE_NAMES.get(event.stage, event.stage)
        return f"{stage} pass: {who(event.giver, dealer)} passed you {names(event.tiles)}"
    if isinstance(event, SecondCharlestonSkipped):
        voters = " and ".join(who(s, dealer) for s in event.voters)
        why = f"{voters} voted to stop" if event.reason == "stop_vote" else "the house rule says so"
        return f"No second Charleston: {why}"
    if isinstance(event, SecondCharlestonStarted):
        return "Nobody voted to stop: the second Charleston begins"
    if isinstance(event, CourtesyAgreed) and LEARNER_SEAT in event.seats:
        other = next((s for s in event.seats if s != LEARNER_SEAT), LEARNER_SEAT)
        return f"Courtesy pass with {who(other, dealer)}: {event.count} tile{'s' if event.count != 1 else ''}"
    if isinstance(event, CourtesyDelivered) and event.receiver == LEARNER_SEAT:
        return f"{who(event.giver, dealer)} gave you {names(event.tiles)}"
    if isinstance(event, PlayStarted):
        return f"The Charleston is over: {who(event.turn, dealer)} {_verb('begin', event.turn)} play"
    if isinstance(event, Drew) and event.seat == LEARNER_SEAT:
        return f"You drew {name(event.tile)}"
    if isinstance(event, Discarded):
        return f"{who(event.seat, dealer)} {_verb('discard', event.seat)} {name(event.tile)}"
    if isinstance(event, ExposureMade):
        block = block_label(code(event.tile), len(event.tiles))
        return f"{who(event.seat, dealer)} {_verb('call', event.seat)} a {block}"
    if isinstance(event, JokerExchanged):
        return (
            f"{who(event.seat, dealer)} {_verb('give', event.seat)} {name(event.tile)} for a joker "
            f"from {whose(event.owner, dealer)} exposure"
        )
    if isinstance(event, MahJonggCalled):
        return f"{who(event.seat, dealer)} {_verb('call', event.seat)} the discard for Mah Jongg"
    if isinstance(event, MahJonggDeclared):
        return f"{who(event.seat, dealer)} {_verb('declare', event.seat)} Mah Jongg"
    if isinstance(event, MahJonggRejected):
        return f"{who(event.seat, dealer)}: that hand does not win"
    if isinstance(event, HandDead):
        reason = DEAD_REASONS.get(event.reason, event.reason)
        return f"{whose(event.seat, dealer).capitalize()} hand is dead: {reason}"
    if isinstance(event, HandWon):
        return f"{who(event.winner, dealer)} {'win' if event.winner == LEARNER_SEAT else 'wins'} the hand"
    if isinstance(event, WallGame):
        return "The wall is empty: a wall game, nobody pays"
    return None


def _verb(verb: str, seat: int) -> str:
    return verb if seat == LEARNER_SEAT else f"{verb}s"
