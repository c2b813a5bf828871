"""Bot games in bulk: `python -m cfmj simulate --games N --seed S`.

Each game is one hand of play from a seeded deal. Seats take the policies in turn (rotated every
game, so that no policy always sits East), and the result counts wins per policy, wall games,
turns, and which categories and patterns won.
"""

from __future__ import annotations

import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..errors import InputError
from ..ruleset import RuleSet
from .advice_player import AdvicePlayer
from .core import Game
from .players import Player, RandomPlayer
from .runner import play_hand

POLICIES = ("advice", "random")
DEFAULT_SEATS = ("advice", "random", "advice", "random")
MAX_GAMES = 100_000


def _player(policy: str, seed: int) -> Player:
    return AdvicePlayer() if policy == "advice" else RandomPlayer(seed)


def play_one(seed: int, seats: tuple[str, ...], rules: RuleSet) -> dict[str, Any]:
    shift = seed % 4
    policies = seats[shift:] + seats[:shift]
    players = [_player(policy, seed * 4 + i) for i, policy in enumerate(policies)]
    result = play_hand(Game(seed, rules=rules), players)
    return {
        "policies": policies,
        "winner": result.winner,
        "won_by": result.won_by,
        "turns": result.turns,
        "category": result.category,
        "pattern": result.pattern,
        "value": result.value,
        "dead": sorted(result.dead),
    }


def _batch(args: tuple[int, int, tuple[str, ...], RuleSet]) -> list[dict[str, Any]]:
    start, stop, seats, rules = args
    return [play_one(seed, seats, rules) for seed in range(start, stop)]


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
    size = max(1, -(-games // (workers * 8)))
    jobs = [(s, min(s + size, seed + games), seats, rules) for s in range(seed, seed + games, size)]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            games_played = [g for part in pool.map(_batch, jobs) for g in part]
    else:
        games_played = [g for job in jobs for g in _batch(job)]
    return summarise(games_played, seats, time.perf_counter() - started, seed)


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
