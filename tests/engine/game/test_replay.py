"""Determinism: the same seed deals the same tiles, and a game replays from its events."""

from __future__ import annotations

import dataclasses
import json

import pytest

from cfmj.engine.errors import InputError
from cfmj.engine.game import (
    Game,
    RandomPlayer,
    ReplayError,
    action_from_dict,
    action_to_dict,
    event_from_dict,
    play_hand,
    shuffled_wall,
)
from cfmj.engine.game.events import Dealt, Discarded, PositionSet
from cfmj.engine.ruleset import RuleSet

from .helpers import position, tiles


def random_hand(seed: int, rules: RuleSet | None = None, dealer: int = 0) -> Game:
    game = Game(seed, rules, dealer)
    play_hand(game, [RandomPlayer(seed + seat, call_chance=0.3) for seat in range(4)])
    return game


def test_it_replays_a_hand_from_its_events() -> None:
    for seed, rules, dealer in ((1, None, 0), (2, RuleSet(house_rules=frozenset({1, 2})), 3)):
        game = random_hand(seed, rules, dealer)
        again = Game.replay(seed, rules, dealer, game.events)
        assert again.events == game.events and again.actions == game.actions
        assert again.outcome == game.outcome


def test_it_replays_from_json() -> None:
    game = random_hand(3)
    text = json.dumps([e.to_dict() for e in game.events])
    events = [event_from_dict(d) for d in json.loads(text)]
    assert events == list(game.events)
    assert Game.replay(3, None, 0, events).events == game.events
    for action in game.actions:
        assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action


def test_it_replays_a_position() -> None:
    game = position({0: "5C"}, exposures={1: ["RD RD J"]}, seed=5)
    play_hand(game, [RandomPlayer(seat) for seat in range(4)])
    assert Game.replay(0, None, 0, game.events).events == game.events


def test_it_refuses_a_record_it_does_not_reproduce() -> None:
    game = random_hand(4)
    events = list(game.events)
    index = next(i for i, e in enumerate(events) if isinstance(e, Discarded))
    discarded = events[index]
    assert isinstance(discarded, Discarded)
    events[index] = dataclasses.replace(discarded, tile=(discarded.tile + 1) % 34)
    with pytest.raises(ReplayError):
        Game.replay(4, None, 0, events)
    with pytest.raises(ReplayError):
        Game.replay(4, None, 0, [*game.events[:-1], game.events[1]])
    with pytest.raises(ReplayError):
        Game.replay(4, None, 0, [])


def test_it_deals_the_same_tiles_from_the_same_seed() -> None:
    deal = [e for e in Game(42).events if isinstance(e, Dealt)]
    assert deal == [e for e in Game(42).events if isinstance(e, Dealt)]
    assert shuffled_wall(42, RuleSet()) == shuffled_wall(42, RuleSet())
    assert random_hand(6).events == random_hand(6).events


def test_it_deals_different_tiles_from_different_seeds() -> None:
    walls = {shuffled_wall(seed, RuleSet()) for seed in range(20)}
    assert len(walls) == 20
    assert Game(1).concealed(0) != Game(2).concealed(0)


def test_it_refuses_a_position_that_is_not_one_full_set() -> None:
    good = position({0: "5C"}, exposures={1: ["RD RD J"]}, seed=5)
    start = good.events[0]
    assert isinstance(start, PositionSet)
    hands, wall = [list(h) for h in start.hands], list(start.wall)
    with pytest.raises(InputError, match="not one full set"):
        Game.from_position(hands, [*wall[1:], wall[1]], exposures=start.exposures)
    with pytest.raises(InputError, match="should hold 13"):
        Game.from_position(hands, wall, exposures=start.exposures, turn=2)
    mixed = [list(e) for e in start.exposures]
    mixed[1] = [(tiles("RD 5C J"))]
    with pytest.raises(InputError, match="not an exposure"):
        Game.from_position(hands, wall, exposures=mixed)
