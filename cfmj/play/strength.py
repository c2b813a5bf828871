"""The bots' measured strength: `python -m cfmj.play.strength --hands 2000 --seed 1 --workers 2`.

The three bot levels (`bots.py`) and the engine's loneliest-tile heuristic
(`cfmj/engine/game/lonely_player.py`, a simple human's play) meet at four tables:
- a four-way table, one seat each;
- three pairwise tables of the levels next to each other in strength, two seats each, opposite
  (beginner v heuristic, heuristic v steady, steady v strong), so the order is shown head to head.

Every table plays `--hands` hands. Each seeded deal is played once in every rotation of the seats
(four at the four-way table, two at a pairwise one), so every policy sits in every seat equally
often and meets the same walls. Per policy: the win rate (hands won per seat played) with a
Wilson 95% interval, the share of its wins that were self-drawn, the points per seat and hand
(the hand's payments) with a normal 95% interval (mean ± 1.96·sd/√n), and the share of its seats
that ended the hand dead; per table the share of wall games.

Django-free: it needs only the engine and `bots.py`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from cfmj.engine.errors import InputError
from cfmj.engine.game import Action, Game, hand_result
from cfmj.engine.game.lonely_player import LonelyPlayer
from cfmj.engine.game.runner import MAX_STEPS
from cfmj.engine.scoring import counts_as_self_drawn
from cfmj.engine.studies.intervals import mean_interval, wilson
from cfmj.engine.studies.report import emit
from cfmj.play.bots import BEGINNER, STEADY, STRONG, bot_choose

HEURISTIC = "heuristic"
ORDER = (BEGINNER, HEURISTIC, STEADY, STRONG)  # weakest first, by design
TABLES: dict[str, tuple[str, str, str, str]] = {
    "four-way": (BEGINNER, HEURISTIC, STEADY, STRONG),
    "beginner v heuristic": (BEGINNER, HEURISTIC, BEGINNER, HEURISTIC),
    "heuristic v steady": (HEURISTIC, STEADY, HEURISTIC, STEADY),
    "steady v strong": (STEADY, STRONG, STEADY, STRONG),
}
CHUNK = 20  # hands per job: small, so two workers finish together
MAX_HANDS = 100_000


@dataclass(frozen=True)
class Hand:
    """One finished hand: who sat where, and what each seat got."""

    policies: tuple[str, ...]
    winner: int | None
    self_drawn: bool
    payments: tuple[int, ...]
    dead: tuple[int, ...]
    turns: int


def rotations(seats: Sequence[str]) -> int:
    """How many distinct rotations the seating has (4 for four policies, 2 for A B A B)."""
    return next(k for k in range(1, len(seats) + 1) if tuple(seats[k:]) + tuple(seats[:k]) == tuple(seats))


def seating(seats: Sequence[str], index: int, seed: int) -> tuple[int, tuple[str, ...]]:
    """Hand `index` of a table: its deal's seed, and the policy in each seat (seat 0 is East)."""
    period = rotations(seats)
    shift = index % period
    return seed + index // period, tuple(seats[shift:]) + tuple(seats[:shift])


def _choose(policy: str, game: Game, seat: int, deal: int) -> Action:
    legal = game.legal_actions(seat)
    if policy == HEURISTIC:
        return LonelyPlayer().choose(game.view(seat), legal)
    return bot_choose(policy, game.view(seat), legal, seed=deal, step=len(game.actions))


def play_one(seats: Sequence[str], index: int, seed: int) -> Hand:
    deal, policies = seating(seats, index, seed)
    game = Game(deal)
    for _ in range(MAX_STEPS):
        if game.over:
            break
        seat = game.waiting_for()[0]
        game.apply(_choose(policies[seat], game, seat, deal))
    result = hand_result(game)
    return Hand(
        policies=policies,
        winner=result.winner,
        self_drawn=result.won_by is not None and counts_as_self_drawn(result.won_by),
        payments=result.payments,
        dead=result.dead,
        turns=result.turns,
    )


def _job(args: tuple[str, int, int, int]) -> tuple[str, list[Hand]]:
    table, start, stop, seed = args
    return table, [play_one(TABLES[table], i, seed) for i in range(start, stop)]


def summarise_table(hands: Sequence[Hand]) -> dict[str, Any]:
    """Per policy at one table: seats played, wins, win rate, self-drawn share, points, dead hands."""
    policies = [p for p in ORDER if any(p in h.policies for h in hands)]
    out: dict[str, Any] = {
        "hands": len(hands),
        "wall_games": sum(1 for h in hands if h.winner is None),
        "average_turns": round(statistics.fmean(h.turns for h in hands), 1),
        "policies": {},
    }
    out["wall_game_rate"] = out["wall_games"] / len(hands)
    for policy in policies:
        seats = [(h, s) for h in hands for s, p in enumerate(h.policies) if p == policy]
        won = [h for h, s in seats if h.winner == s]
        low, high = wilson(len(won), len(seats))
        points = mean_interval([float(h.payments[s]) for h, s in seats])
        out["policies"][policy] = {
            "seats": len(seats),
            "wins": len(won),
            "win_rate": len(won) / len(seats),
            "win_rate_ci": [low, high],
            "self_drawn_share": sum(1 for h in won if h.self_drawn) / len(won) if won else None,
            "points_per_hand": points[0],
            "points_ci": [points[1], points[2]],
            "dead_rate": sum(1 for h, s in seats if s in h.dead) / len(seats),
        }
    return out


def tournament(
    hands: int, seed: int, *, workers: int = 1, tables: Sequence[str] = tuple(TABLES)
) -> dict[str, Any]:
    """Play `hands` hands at each of `tables` and summarise them."""
    if not 4 <= hands <= MAX_HANDS or hands % 4:
        raise InputError(
            f"--hands is a multiple of 4 from 4 to {MAX_HANDS:,} (every seat rotation as often)."
        )
    unknown = [t for t in tables if t not in TABLES]
    if unknown:
        raise InputError(f"Unknown table {unknown[0]!r}: choose from {', '.join(TABLES)}.")
    started = time.perf_counter()
    jobs = [(t, s, min(s + CHUNK, hands), seed) for t in tables for s in range(0, hands, CHUNK)]
    played: dict[str, list[Hand]] = {t: [] for t in tables}
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for table, part in pool.map(_job, jobs):
                played[table] += part
    else:
        for job in jobs:
            table, part = _job(job)
            played[table] += part
    return {
        "hands_per_table": hands,
        "seed": seed,
        "deals": f"{seed}..{seed + hands // 4 - 1} (four-way), {seed}..{seed + hands // 2 - 1} (pairwise)",
        "tables": {t: summarise_table(played[t]) for t in tables},
        "seconds": round(time.perf_counter() - started, 1),
    }


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def markdown(report: dict[str, Any]) -> str:
    """The report as Markdown tables, one per table."""
    lines: list[str] = []
    for name, table in report["tables"].items():
        lines += [
            f"**{name}** ({table['hands']:,} hands; wall games {_pct(table['wall_game_rate'])}; "
            f"{table['average_turns']} turns on average)",
            "",
            "| policy | seats | win rate [95% CI] | self-drawn wins | points per hand [95% CI] "
            "| dead hands |",
            "|---|---:|---|---:|---|---:|",
        ]
        for policy, row in table["policies"].items():
            low, high = row["win_rate_ci"]
            p_low, p_high = row["points_ci"]
            drawn = "–" if row["self_drawn_share"] is None else _pct(row["self_drawn_share"])
            lines.append(
                f"| {policy} | {row['seats']:,} | {_pct(row['win_rate'])} [{_pct(low)}, {_pct(high)}] "
                f"| {drawn} | {row['points_per_hand']:+.1f} [{p_low:+.1f}, {p_high:+.1f}] "
                f"| {_pct(row['dead_rate'])} |"
            )
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per table (a multiple of 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tables", default=",".join(TABLES), help="comma-separated table names")
    parser.add_argument("--json", metavar="FILE", help="also write the report to FILE as JSON")
    args = parser.parse_args(argv)
    try:
        report = tournament(args.hands, args.seed, workers=args.workers, tables=args.tables.split(","))
    except InputError as error:
        print(error, file=sys.stderr)
        return 2
    return emit(
        report,
        json_path=args.json,
        heading=(
            f"Bot strength: {args.hands:,} hands per table, seed {args.seed}, deals {report['deals']}; "
            f"{report['seconds']:.0f} s on {args.workers} worker(s)."
        ),
        table=markdown(report),
    )


if __name__ == "__main__":
    raise SystemExit(main())
