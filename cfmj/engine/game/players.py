"""Players: anything that turns a view and the legal actions into one action."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from random import Random
from typing import Protocol

from ..notation import Hand
from ..scoring import counts_as_self_drawn
from ..tiles import JOKER, WINDS
from ..winning import winning_value
from .actions import (
    Action,
    CallExposure,
    CallMahJongg,
    DeclareMahJongg,
    Discard,
    ExchangeJoker,
    NoCall,
    PassTiles,
    StopVote,
)
from .view import PlayerView


class Player(Protocol):
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Pick one of `legal` (never empty) for the seat `view` belongs to."""
        ...


def might_win(hand: Hand) -> bool:
    """A quick necessary test before asking `check`: every concealed natural tile held once
    (winds aside, which may make NEWS) can only sit in a Pung or more with two jokers."""
    counts = Counter(hand.concealed)
    singles = sum(1 for tile, n in counts.items() if n == 1 and tile != JOKER and tile not in WINDS)
    return 2 * singles <= counts[JOKER]


def wins(view: PlayerView, extra: tuple[int, ...] = ()) -> bool:
    """Would this player's hand (plus `extra`) win now, by the validator?"""
    hand = view.hand(extra)
    if len(hand) != 14 or not might_win(hand):
        return False
    return winning_value(hand, self_drawn=counts_as_self_drawn(view.won_by()), rules=view.rules) is not None


class RandomPlayer:
    """A baseline: wins whenever it can, otherwise random legal choices, calling exposures
    only now and then."""

    def __init__(
        self,
        seed: int = 0,
        *,
        call_chance: float = 0.05,
        stop_chance: float = 0.25,
        blind_chance: float = 0.2,
        exchange_chance: float = 0.5,
    ) -> None:
        self.rng = Random(seed)
        self.call_chance = call_chance
        self.stop_chance = stop_chance
        self.blind_chance = blind_chance
        self.exchange_chance = exchange_chance

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        rng = self.rng
        by_kind: dict[type[Action], list[Action]] = {}
        for action in legal:
            by_kind.setdefault(type(action), []).append(action)
        if DeclareMahJongg in by_kind and wins(view):
            return by_kind[DeclareMahJongg][0]
        if CallMahJongg in by_kind and view.pending_discard and wins(view, (view.pending_discard[1],)):
            return by_kind[CallMahJongg][0]
        if CallExposure in by_kind and rng.random() < self.call_chance:
            return rng.choice(by_kind[CallExposure])
        if NoCall in by_kind:
            return by_kind[NoCall][0]
        if ExchangeJoker in by_kind and rng.random() < self.exchange_chance:
            return rng.choice(by_kind[ExchangeJoker])
        if Discard in by_kind:
            discards = [a for a in by_kind[Discard] if isinstance(a, Discard) and a.tile != JOKER]
            return rng.choice(discards or by_kind[Discard])
        if StopVote in by_kind:
            return StopVote(view.seat, rng.random() < self.stop_chance)
        if PassTiles in by_kind:
            passes = [a for a in by_kind[PassTiles] if isinstance(a, PassTiles)]
            blind = [a for a in passes if a.blind]
            if blind and rng.random() < self.blind_chance:
                return rng.choice(blind)
            return rng.choice([a for a in passes if not a.blind])
        return rng.choice(list(legal))
