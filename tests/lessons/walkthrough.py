"""The one real hand that the lesson "A game in five minutes" walks through: recorded from the game
engine (a fixed seed, four players that follow the engine's advice), kept as its events next to
the lesson, and read back here by replaying it with the engine (Game.replay), so that what the
lesson shows can be held to what the engine produced.

Record it again (only if the lesson is rewritten around another hand):
    .venv/bin/python -m tests.lessons.walkthrough 11
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cfmj.engine.game import Game, event_from_dict, play_hand
from cfmj.engine.game import events as E
from cfmj.engine.game.advice_player import AdvicePlayer
from cfmj.engine.game.tileset import WIND_NAMES
from cfmj.engine.ruleset import RuleSet
from cfmj.engine.tiles import codes
from lessons.content import CONTENT_DIR

RECORD = CONTENT_DIR / "hands" / "a-game-in-five-minutes.json"
DEALER = 0  # East is seat 0


def record(seed: int, path: Path = RECORD) -> Game:
    """Play one hand from `seed` with four advice-following players and keep its events."""
    game = Game(seed, RuleSet(), DEALER)
    play_hand(game, [AdvicePlayer() for _ in range(4)])
    data = {"seed": seed, "dealer": DEALER, "events": [event.to_dict() for event in game.events]}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return game


def replayed(path: Path = RECORD) -> Game:
    """The recorded hand, rebuilt by the engine from its events (ReplayError if any differs)."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    events = [event_from_dict(event) for event in data["events"]]
    return Game.replay(data["seed"], RuleSet(), data["dealer"], events)


def wind(seat: int) -> str:
    return WIND_NAMES[(seat - DEALER) % 4]


def tiles(group: tuple[int, ...] | list[int]) -> str:
    """A group of tiles in the site's notation, in the order the engine sorts them."""
    return codes(sorted(group))


@dataclass(frozen=True)
class Moment:
    """One event of the hand, and the racks (concealed tiles and exposures) of every seat just
    after it."""

    event: E.Event
    concealed: tuple[tuple[int, ...], ...]
    exposed: tuple[tuple[tuple[int, ...], ...], ...]

    def rack(self, seat: int) -> str:
        """The seat's hand as a lesson's ```hand block writes it: concealed, then exposures."""
        shown = [tiles(self.concealed[seat])]
        shown += [f"[{codes(list(block))}]" for block in self.exposed[seat]]
        return " ".join(shown)


def moments(game: Game) -> list[Moment]:
    """Every event of a finished hand with the racks after it, by playing its choices again."""
    first = game.events[0]
    assert isinstance(first, E.HandStarted)
    again = Game(game.seed, game.rules, game.dealer, wall=first.wall)
    out: list[Moment] = []

    def snapshot(upto: int) -> None:
        for event in again.events[len(out) : upto]:
            out.append(
                Moment(
                    event,
                    tuple(again.concealed(s) for s in range(4)),
                    tuple(tuple(e.tiles for e in again.exposures(s)) for s in range(4)),
                )
            )

    snapshot(len(again.events))
    for action in game.actions:
        again.apply(action)
        snapshot(len(again.events))
    assert again.events == game.events
    return out


if __name__ == "__main__":
    played = record(int(sys.argv[1]) if len(sys.argv) > 1 else 11)
    for moment in moments(played):
        print(moment.event.to_dict() | {"north": moment.rack(3)})
