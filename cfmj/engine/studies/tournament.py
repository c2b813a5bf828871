"""One harness for every tournament of players: the bots' strength (bot_strength), the defence's
(defence_strength) and the engine's bulk simulation (simulate) are each a table of it.

A table names a policy for each of the four seats. Hand `index` of a table plays a seeded deal:
- `every_rotation` (the studies): each deal is played once in every distinct rotation of the
  seats (four for four policies, two for A B A B), so every policy sits in every seat equally
  often and meets the same walls;
- otherwise (simulate): one hand per deal, the seats rotated by the deal's seed, so that no policy
  always sits East.

Hands are played in chunks, in parallel on `workers` processes; with a log, each finished chunk is
appended to it as one JSON line and a run that stopped is resumed without playing those again.
`summarise` gives each policy's results with 95% intervals (Wilson's for shares, mean ± 1.96·sd/√n
for points).
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from ..errors import InputError
from ..game.core import Game
from ..game.players import Player
from ..game.runner import play_hand
from ..ruleset import RuleSet
from ..scoring import BY_DISCARD, counts_as_self_drawn
from .intervals import mean_interval, wilson

CHUNK = 20  # hands per job: small, so two workers finish together
MAX_HANDS = 100_000
# A fresh player for one hand: (policy, the deal's seed, seat) -> the player.
PlayerMaker = Callable[[str, int, int], Player]


@dataclass(frozen=True)
class Table:
    seats: tuple[str, ...]  # the policy in each seat for the first rotation (seat 0 is East)
    every_rotation: bool = True

    @property
    def rotations(self) -> int:
        """How many distinct rotations the seating has (4 for four policies, 2 for A B A B)."""
        seats = self.seats
        return next(k for k in range(1, len(seats) + 1) if seats[k:] + seats[:k] == seats)

    def seating(self, index: int, seed: int) -> tuple[int, tuple[str, ...]]:
        """Hand `index`: its deal's seed, and the policy in each seat."""
        if self.every_rotation:
            deal, shift = seed + index // self.rotations, index % self.rotations
        else:
            deal = seed + index
            shift = deal % len(self.seats)
        return deal, self.seats[shift:] + self.seats[:shift]


@dataclass(frozen=True)
class Seated:
    """One finished hand: who sat where, and what happened."""

    policies: tuple[str, ...]
    deal: int
    winner: int | None
    won_by: str | None  # scoring.BY_WALL, BY_DISCARD or BY_JOKER_EXCHANGE; None: a wall game
    discarder: int | None  # who paid a Mah Jongg called on their discard
    value: int
    payments: tuple[int, ...]
    turns: int
    category: str | None
    pattern: str | None
    dead: tuple[int, ...]

    @property
    def self_drawn(self) -> bool:
        return self.won_by is not None and counts_as_self_drawn(self.won_by)


def play_one(table: Table, index: int, seed: int, make: PlayerMaker, rules: RuleSet | None = None) -> Seated:
    deal, policies = table.seating(index, seed)
    players = [make(policy, deal, seat) for seat, policy in enumerate(policies)]
    result = play_hand(Game(deal, rules), players)
    return Seated(
        policies,
        deal,
        result.winner,
        result.won_by,
        result.discarder if result.won_by == BY_DISCARD else None,
        result.value,
        result.payments,
        result.turns,
        result.category,
        result.pattern,
        result.dead,
    )


Job = tuple[Table, int, int, int, PlayerMaker, RuleSet | None]


def _job(job: Job) -> list[Seated]:
    table, start, stop, seed, make, rules = job
    return [play_one(table, i, seed, make, rules) for i in range(start, stop)]


def play(
    table: Table,
    hands: int,
    seed: int,
    make: PlayerMaker,
    *,
    rules: RuleSet | None = None,
    workers: int = 1,
    chunk: int = CHUNK,
    log: str | None = None,
    tag: dict[str, Any] | None = None,
) -> list[Seated]:
    """Play `hands` hands of `table`, in order. With `log`, chunks already there for this seed and
    `tag` (what else decides the hands: thresholds, say) are read instead of played."""
    played = play_tables(
        {"": table}, hands, seed, make, rules=rules, workers=workers, chunk=chunk, log=log, tag=tag
    )
    return played[""]


def play_tables(
    tables: dict[str, Table],
    hands: int,
    seed: int,
    make: PlayerMaker,
    *,
    rules: RuleSet | None = None,
    workers: int = 1,
    chunk: int = CHUNK,
    log: str | None = None,
    tag: dict[str, Any] | None = None,
) -> dict[str, list[Seated]]:
    """`play` for several tables at once (their chunks share the workers)."""
    if not 1 <= hands <= MAX_HANDS:
        raise InputError(f"Play from 1 to {MAX_HANDS:,} hands.")
    key = {"seed": seed, **(tag or {})}
    done = _logged(log, key)
    bounds = {start: min(start + chunk, hands) for start in range(0, hands, chunk)}
    parts: dict[tuple[str, int], list[Seated]] = {}
    jobs: list[tuple[str, Job]] = []
    for name, table in tables.items():
        for start, stop in bounds.items():
            logged = done.get((name, start))
            if logged is not None and len(logged) == stop - start:
                parts[name, start] = logged
            else:
                jobs.append((name, (table, start, stop, seed, make, rules)))
    results = _run([job for _, job in jobs], workers)
    for (name, job), part in zip(jobs, results, strict=True):
        parts[name, job[1]] = part
        if log is not None:
            with open(log, "a", encoding="utf-8") as out:
                entry = {**key, "table": name, "start": job[1], "hands": [asdict(h) for h in part]}
                out.write(json.dumps(entry) + "\n")
    return {name: [h for start in sorted(bounds) for h in parts[name, start]] for name in tables}


def _run(jobs: list[Job], workers: int) -> list[list[Seated]]:
    if workers > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            return list(pool.map(_job, jobs))
    return [_job(job) for job in jobs]


def _logged(log: str | None, key: dict[str, Any]) -> dict[tuple[str, int], list[Seated]]:
    """The chunks a log already holds for this key, by table and first hand."""
    done: dict[tuple[str, int], list[Seated]] = {}
    if log is None or not os.path.exists(log):
        return done
    with open(log, encoding="utf-8") as lines:
        for line in lines:
            entry = json.loads(line)
            if {k: entry.get(k) for k in key} == key:
                done[entry.get("table", ""), entry["start"]] = [_seated(h) for h in entry["hands"]]
    return done


def _seated(data: dict[str, Any]) -> Seated:
    return Seated(
        **{
            **data,
            "policies": tuple(data["policies"]),
            "payments": tuple(data["payments"]),
            "dead": tuple(data["dead"]),
        }
    )


def head_to_head(
    table: Table,
    hands: int,
    seed: int,
    make: PlayerMaker,
    *,
    workers: int = 1,
    log: str | None = None,
    tag: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Two policies, two seats each, opposite (`table`), each deal in both rotations: `hands` hands
    played (`log`: resumable, see play) and summarised per policy, the first seat's first; the
    report's `tag` entries (a study's settings) follow its hands, seed and deals."""
    if not 2 <= hands <= MAX_HANDS or hands % 2:
        raise InputError(f"--hands is an even number from 2 to {MAX_HANDS:,} (each deal in both rotations).")
    started = time.perf_counter()
    played = play(table, hands, seed, make, workers=max(1, workers), log=log, tag=tag)
    return {
        "hands": hands,
        "seed": seed,
        "deals": f"{seed}..{seed + hands // 2 - 1}",
        **(tag or {}),
        **summarise(played, tuple(dict.fromkeys(table.seats))),
        "seconds": round(time.perf_counter() - started, 1),
    }


def summarise(hands: Sequence[Seated], order: Sequence[str]) -> dict[str, Any]:
    """Per policy (in `order`, those that played): seats played, wins and the win rate, the share
    of its wins that were self-drawn, how often it paid a Mah Jongg as the discarder, points per
    seat and hand, and the share of its seats that ended the hand dead; per table the wall games
    and the average length of a hand."""
    out: dict[str, Any] = {
        "hands": len(hands),
        "wall_games": sum(1 for h in hands if h.winner is None),
        "average_turns": round(statistics.fmean(h.turns for h in hands), 1),
        "policies": {},
    }
    out["wall_game_rate"] = out["wall_games"] / len(hands)
    for policy in order:
        seats = [(h, s) for h in hands for s, p in enumerate(h.policies) if p == policy]
        if not seats:
            continue
        won = [h for h, s in seats if h.winner == s]
        paid = sum(1 for h, s in seats if h.discarder == s)
        points = mean_interval([float(h.payments[s]) for h, s in seats])
        out["policies"][policy] = {
            "seats": len(seats),
            "wins": len(won),
            "win_rate": len(won) / len(seats),
            "win_rate_ci": list(wilson(len(won), len(seats))),
            "self_drawn_share": sum(1 for h in won if h.self_drawn) / len(won) if won else None,
            "paid_as_discarder": paid,
            "paid_rate": paid / len(seats),
            "paid_rate_ci": list(wilson(paid, len(seats))),
            "points_per_hand": points[0],
            "points_ci": [points[1], points[2]],
            "dead_rate": sum(1 for h, s in seats if s in h.dead) / len(seats),
        }
    return out


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def share(row: dict[str, Any], key: str) -> str:
    """A policy's share (`key`: "win_rate", "paid_rate") with its interval: '16.4% [14.8%, 18.1%]'."""
    low, high = row[f"{key}_ci"]
    return f"{percent(row[key])} [{percent(low)}, {percent(high)}]"


def points(row: dict[str, Any]) -> str:
    """A policy's points per hand with its interval: '+1.2 [-2.0, +4.4]'."""
    low, high = row["points_ci"]
    return f"{row['points_per_hand']:+.1f} [{low:+.1f}, {high:+.1f}]"


def self_drawn(row: dict[str, Any]) -> str:
    return "–" if row["self_drawn_share"] is None else percent(row["self_drawn_share"])


def heading(name: str, table: dict[str, Any], deals: str = "") -> str:
    """A table's line above its rows: its name, hands, deals, wall games and turns."""
    dealt = f", deals {deals}" if deals else ""
    return (
        f"**{name}** ({table['hands']:,} hands{dealt}; wall games {percent(table['wall_game_rate'])}; "
        f"{table['average_turns']} turns on average)"
    )
