"""The discards that fed a hand's winner, read from the event record alone: the discard the winner
called for Mah Jongg (its discarder pays double), and the discards the winner called for an
exposure on the way there. Only what the record proves: no guess at what else could have won.
The play app's review marks the learner's; pure engine."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..scoring import BY_DISCARD
from .events import Discarded, Event, ExposureMade, HandWon


@dataclass(frozen=True)
class Fed:
    """One discard the winner called."""

    event: int  # the index of its Discarded event in the record
    discarder: int
    winner: int
    tile: int
    exposure: tuple[int, ...]  # the exposure the winner made with it; () for a call for Mah Jongg
    mah_jongg: bool  # the tile that completed the winner's hand


def fed(events: Sequence[Event]) -> tuple[Fed, ...]:
    """Every discard the hand's winner called, in the order they were made; () for a hand not won
    (or not over). A discard called for an exposure that the winner then declared Mah Jongg with,
    at once, is one: it completed the hand (the engine names its discarder the payer)."""
    won = next((e for e in reversed(events) if isinstance(e, HandWon)), None)
    if won is None:
        return ()
    out: list[Fed] = []
    last: tuple[int, Discarded] | None = None
    for index, event in enumerate(events):
        if isinstance(event, Discarded):
            last = (index, event)
        elif isinstance(event, ExposureMade) and event.seat == won.winner and last is not None:
            where, discard = last
            out.append(Fed(where, discard.seat, won.winner, discard.tile, event.tiles, mah_jongg=False))
    if won.won_by != BY_DISCARD or won.discarder is None or last is None:
        return tuple(out)
    where, discard = last  # a Mah Jongg by discard is made with the last discard of the hand
    if out and out[-1].event == where:
        out[-1] = Fed(where, discard.seat, won.winner, discard.tile, out[-1].exposure, mah_jongg=True)
    else:
        out.append(Fed(where, discard.seat, won.winner, discard.tile, (), mah_jongg=True))
    return tuple(out)
