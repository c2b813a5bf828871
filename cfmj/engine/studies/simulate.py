"""Bot games in bulk: `python -m cfmj simulate --games N --seed S`.

Each game is one hand of play from a seeded deal. Seats take the policies in turn (rotated every
game, so that no policy always sits East), and the result counts wins per policy, wall games,
turns, and which categories and patterns won.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from ..errors import InputError
from ..game.advice_player import AdvicePlayer
from ..game.players import Player, RandomPlayer
from ..ruleset import RuleSet
from .tournament import Seated, Table, play

POLICIES = ("advice", "random")
DEFAULT_SEATS = ("advice", "random", "advice", "random")
MAX_GAMES = 100_000


def player(policy: str, deal: int, seat: int) -> Player:
    return AdvicePlayer() if policy == "advice" else RandomPlayer(deal * 4 + seat)


def play_one(seed: int, seats: tuple[str, ...], rules: RuleSet) -> dict[str, Any]:
    """The game of deal `seed`, its seats rotated by the seed."""
    return _game(play(Table(seats, every_rotation=False), 1, seed, player, rules=rules)[0])


def _game(hand: Seated) -> dict[str, Any]:
    return {
        "policies": hand.policies,
        "winner": hand.winner,
        "won_by": hand.won_by,
        "turns": hand.turns,
        "category": hand.category,
        "pattern": hand.pattern,
        "value": hand.value,
        "dead": sorted(hand.dead),
    }


def simulate(
    games: int,
    seed: int,
    *,
    seats: tuple[str, ...] = DEFAULT_SEATS,
    rules: RuleSet | None = None,
    workers: int = 1,
) -> dict[str, Any]:
    rules = rules or RuleSet()
    if not 1 <= games <= MAX_GAMES:
        raise InputError(f"--games runs from 1 to {MAX_GAMES:,}.")
    if len(seats) != 4 or any(p not in POLICIES for p in seats):
        raise InputError(
            "--policies names four seats, each advice or random, such as advice,random,advice,random."
        )
    started = time.perf_counter()
    chunk = max(1, -(-games // (workers * 8)))
    hands = play(
        Table(tuple(seats), every_rotation=False),
        games,
        seed,
        player,
        rules=rules,
        workers=workers,
        chunk=chunk,
    )
    return summarise([_game(h) for h in hands], seats, time.perf_counter() - started, seed)


def summarise(
    played: list[dict[str, Any]], seats: tuple[str, ...], seconds: float, seed: int
) -> dict[str, Any]:
    count = len(played)
    wins: Counter[str] = Counter()
    seat_games: Counter[str] = Counter(p for g in played for p in g["policies"])
    for game in played:
        if game["winner"] is not None:
            wins[game["policies"][game["winner"]]] += 1
    won = [g for g in played if g["winner"] is not None]
    return {
        "games": count,
        "seed": seed,
        "seats": list(seats),
        "win_rate": {p: round(wins[p] / count, 4) for p in sorted(set(seats))},
        "win_rate_per_seat": {p: round(wins[p] / seat_games[p], 4) for p in sorted(set(seats))},
        "wall_game_rate": round(sum(1 for g in played if g["winner"] is None) / count, 4),
        "average_turns": round(sum(g["turns"] for g in played) / count, 1),
        "won_by": dict(Counter(g["won_by"] for g in won)),
        "categories": dict(Counter(g["category"] for g in won).most_common()),
        "patterns": dict(Counter(g["pattern"] or "special" for g in won).most_common()),
        "average_value": round(sum(g["value"] or 0 for g in won) / len(won), 1) if won else None,
        "dead_hand_rate": round(sum(len(g["dead"]) for g in played) / (4 * count), 4),
        "seconds": round(seconds, 1),
    }
