"""Positions from real play, for the drills about reading the table ("What is West collecting?",
"Is this discard safe?"): a seeded hand between four advice bots, stopped when a player is about to
discard with an opponent who has exposed a block. The position keeps every seat's real tiles, so a
drill's answer can be checked against what the opponents actually held (tests do)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from random import Random
from typing import TypedDict

from ..game.actions import Discard
from ..game.advice_player import AdvicePlayer
from ..game.core import Game
from ..game.table_reading import opponents_of
from ..game.tileset import SEATS, to_the, wind_of
from ..game.view import PlayerView
from ..notation import Hand
from ..tiles import code, codes

MAX_TRIES = 20
FIRST_DISCARD = 4  # stop no earlier than this many discards into the hand
LAST_DISCARD = 60
SEEDS = 10**9


class SeatShown(TypedDict):
    """One opponent as a drill's question shows them: their wind, exposures and discards."""

    seat: str
    exposures: list[str]  # each exposure's tiles, "RD RD RD RD"
    discards: list[str]  # tile codes, oldest first


class TableShown(TypedDict):
    seat: str  # your wind
    hand: str  # your 14 tiles
    opponents: list[SeatShown]  # in turn order after you
    yours: SeatShown  # your own exposures (your hand's brackets too) and discards
    wall: int
    seen: str  # every discard still on the table, yours too


@dataclass(frozen=True)
class TablePosition:
    seed: int
    view: PlayerView  # the player about to discard, 14 tiles
    hands: tuple[Hand, ...]  # every seat's real hand at that moment, by seat

    def opponent_seat(self, offset: int) -> int:
        return to_the(self.view.seat, offset)

    def shown(self) -> TableShown:
        view = self.view
        return {
            "seat": wind_of(view.seat, view.dealer),
            "hand": str(view.hand()),
            "opponents": [
                {
                    "seat": o.name,
                    "exposures": [codes(group) for group in o.exposures],
                    "discards": [code(t) for t in o.discards],
                }
                for o in opponents_of(view)
            ],
            "yours": {
                "seat": wind_of(view.seat, view.dealer),
                "exposures": [codes(e.tiles) for e in view.exposures[view.seat]],
                "discards": [code(t) for s, t in view.discards if s == view.seat],
            },
            "wall": view.wall_count,
            "seen": " ".join(code(t) for _, t in view.discards),
        }


def has_exposed_opponent(view: PlayerView) -> bool:
    return any(view.exposures[to_the(view.seat, offset)] for offset in range(1, SEATS))


def hand_positions(seed: int) -> Iterator[TablePosition]:
    """Every position of the seeded hand between four advice bots where a player holding 14 tiles
    is about to discard, in order (a table drill's library scans a whole hand; study use)."""
    game = Game(seed)
    players = [AdvicePlayer() for _ in range(SEATS)]
    while not game.over:
        seat = game.waiting_for()[0]
        view = game.view(seat)
        legal = game.legal_actions(seat)
        if any(isinstance(a, Discard) for a in legal) and len(view.hand()) == 14:
            yield TablePosition(seed, view, tuple(game.view(s).hand() for s in range(SEATS)))
        game.apply(players[seat].choose(view, legal))


def table_position(
    rng: Random, *, wanted: Callable[[TablePosition], bool] = lambda p: has_exposed_opponent(p.view)
) -> TablePosition:
    """A position from a seeded bot hand: a player about to discard (at a random point of the
    hand) where `wanted` holds. Deterministic in the generator's state."""
    for _ in range(MAX_TRIES):
        seed = rng.randrange(SEEDS)
        stop_after = rng.randrange(FIRST_DISCARD, LAST_DISCARD)
        for number, position in enumerate(hand_positions(seed), start=1):
            if number >= stop_after and wanted(position):
                return position
    raise RuntimeError("no table position found")  # pragma: no cover - nearly every hand has one
