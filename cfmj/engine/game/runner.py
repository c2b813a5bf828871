"""Playing a hand, and a match of hands with the dealer passing to the right; and playing the bots'
turns at a table where people sit too (`play_on`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from ..ruleset import RuleSet
from .actions import Action, CallExposure, NoCall
from .core import Game
from .events import Event, HandWon
from .players import Player, wins
from .tileset import SEATS
from .view import PlayerView

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
    if len(players) != SEATS or any(player is None for player in players):
        raise ValueError("A hand needs four players.")
    play_on(game, players)
    return hand_result(game)


@dataclass(frozen=True)
class Move:
    """A player's choice as `play_on` made it: the seat, what it saw, what it chose, and where the
    game stood (`step`: actions before it; `first_event`: the index of the first event it caused)."""

    seat: int
    view: PlayerView
    action: Action
    step: int
    first_event: int


def play_on(
    game: Game,
    players: Sequence[Player | None],
    *,
    on_move: Callable[[Move], None] | None = None,
    max_steps: int = MAX_STEPS,
    let_go: bool = True,
) -> None:
    """Ask each seat with a player that owes a choice (lowest seat first) until the hand is over or
    only people (None in `players`) owe one. With `let_go` (one person at the table), a person
    answering a discard they can neither call for an exposure nor win on lets it go without being
    asked (`nothing_to_call`); without it (several people), every person answers each discard, so
    how long the table waits never tells who could call. `on_move` hears of every player's choice
    once it is applied."""
    if len(players) != SEATS:
        raise ValueError("A table has four seats.")
    for _ in range(max_steps):
        if game.over:
            return
        waiting = game.waiting_for()
        bots = [seat for seat in waiting if players[seat] is not None]
        if bots:
            seat = bots[0]
            player = players[seat]
            assert player is not None
            view, step, first_event = game.view(seat), len(game.actions), len(game.events)
            action = player.choose(view, game.legal_actions(seat))
            game.apply(action)
            if on_move is not None:
                on_move(Move(seat, view, action, step, first_event))
            continue
        idle = [seat for seat in waiting if let_go and nothing_to_call(game, seat)]
        if not idle:
            return
        game.apply(NoCall(idle[0]))
    raise RuntimeError(f"The hand did not end within {max_steps} actions.")


def nothing_to_call(game: Game, seat: int) -> bool:
    """Is `seat` answering a discard it can neither expose with nor win on?"""
    view = game.view(seat)
    if view.pending_discard is None or seat not in game.waiting_for():
        return False
    if any(isinstance(a, CallExposure) for a in game.legal_actions(seat)):
        return False
    return not wins(view, (view.pending_discard[1],))


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
