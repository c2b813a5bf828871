"""Playing a hand, and a match of hands with the dealer passing to the right."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from ..ruleset import RuleSet
from .core import Game
from .events import Event, HandWon
from .players import Player
from .tileset import SEATS

MAX_STEPS = 100_000  # far beyond any real hand: a guard against a player that never ends its turn


@dataclass(frozen=True)
class HandResult:
    seed: int
    dealer: int
    winner: int | None
    won_by: str | None  # scoring.BY_WALL, BY_DISCARD or BY_JOKER_EXCHANGE; None: wall game
    discarder: int | None
    value: int
    payments: tuple[int, ...]  # net points per seat
    turns: int
    category: str | None
    pattern: str | None
    hand: str | None  # the winning hand in RULES §1 notation
    dead: tuple[int, ...]  # seats whose hands were dead at the end
    events: tuple[Event, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "dealer": self.dealer,
            "winner": self.winner,
            "won_by": self.won_by,
            "discarder": self.discarder,
            "value": self.value,
            "payments": list(self.payments),
            "turns": self.turns,
            "category": self.category,
            "pattern": self.pattern,
            "hand": self.hand,
            "dead": list(self.dead),
            "events": [e.to_dict() for e in self.events],
        }


def hand_result(game: Game) -> HandResult:
    """The result of a finished hand."""
    if not game.over:
        raise ValueError("The hand is not over yet.")
    won = game.outcome if isinstance(game.outcome, HandWon) else None
    dead = tuple(s for s in range(SEATS) if game.dead[s])
    if won is None:
        return HandResult(
            game.seed,
            game.dealer,
            None,
            None,
            None,
            0,
            (0,) * SEATS,
            game.turns,
            None,
            None,
            None,
            dead,
            game.events,
        )
    return HandResult(
        game.seed,
        game.dealer,
        won.winner,
        won.won_by,
        won.discarder,
        won.value,
        won.payments,
        game.turns,
        won.category,
        won.pattern,
        won.hand,
        dead,
        game.events,
    )


def play_hand(game: Game, players: Sequence[Player]) -> HandResult:
    """Ask each seat that owes a choice (lowest seat first) until the hand is over."""
    if len(players) != SEATS:
        raise ValueError("A hand needs four players.")
    for _ in range(MAX_STEPS):
        if game.over:
            return hand_result(game)
        seat = game.waiting_for()[0]
        game.apply(players[seat].choose(game.view(seat), game.legal_actions(seat)))
    raise RuntimeError(f"The hand did not end within {MAX_STEPS} actions.")


@dataclass(frozen=True)
class MatchResult:
    hands: tuple[HandResult, ...]
    scores: tuple[int, ...]  # running total per seat after the last hand
    dealers: tuple[int, ...]  # the dealer (East) of each hand

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": [h.to_dict() for h in self.hands],
            "scores": list(self.scores),
            "dealers": list(self.dealers),
        }


def hand_seeds(seed: int, hands: int) -> list[int]:
    """The seed of each hand of a match, derived from the match seed."""
    rng = Random(seed)
    return [rng.getrandbits(32) for _ in range(hands)]


def play_match(
    seed: int, players: Sequence[Player], hands: int = 4, rules: RuleSet | None = None, dealer: int = 0
) -> MatchResult:
    """Several hands; after each (won or wall game) East passes to the right (dealer + 1)."""
    results: list[HandResult] = []
    scores = [0] * SEATS
    dealers: list[int] = []
    for hand_seed in hand_seeds(seed, hands):
        dealers.append(dealer)
        result = play_hand(Game(hand_seed, rules, dealer), players)
        results.append(result)
        scores = [a + b for a, b in zip(scores, result.payments, strict=True)]
        dealer = (dealer + 1) % SEATS
    return MatchResult(tuple(results), tuple(scores), tuple(dealers))
