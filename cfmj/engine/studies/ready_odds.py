"""How often an opponent is one tile from Mah Jongg, measured: the figures behind the danger
model's READY_CHANCE (cfmj/engine/reading.py), and how well the danger itself is calibrated.

Seeded hands between four AdvicePlayers. At every discard, for each opponent of the discarder
whose hand is not dead (they hold 13 tiles then): their exposures (0-4), the wall stage
(reading.wall_stage: early 60+ tiles left, middle 30-59, late fewer) and whether they are ready
(some tile would complete their hand: waits.completing on their own view). Each cell gives the
count, the share ready and its Wilson 95% interval.

The danger's calibration, on the same hands: for every `--danger-every`th discard (reading the
opponents who exposed nothing is the whole card's work, ~0.1-0.3 s each), the danger the model
gives the tile actually discarded (danger_in_view(view, unexposed=True)), bucketed, against the
share of those discards that were called for Mah Jongg.

    python -m cfmj.engine.studies.ready_odds --hands 240 --seed 1 --workers 2 --danger-every 0
    python -m cfmj.engine.studies.ready_odds --hands 80 --seed 1 --workers 1 --danger-every 3

Measured 25 November 2026. The ready table (READY_CHANCE's figures, in its comment in
reading.py): 240 hands, seeds 1-240, danger not read, 246 s on 2 workers of the shared 2-core
machine (load average about 9: each worker got about a tenth of a core; a hand between four
advice players is about 0.45 s of CPU, so some 2 minutes on two free cores). Reading the danger
of a discard with every opponent read costs about 0.3 s of CPU more, hence its sample: the
calibration (40 hands, one discard in 4, 383 discards) took 1,423 s on 1 worker of the loaded
machine, about 2 minutes of CPU. Predicted danger against the share called for Mah Jongg:
0-1%: 1 of 288 (0.3%); 1-2%: 3 of 46 (6.5%); 2-5%: 0 of 36; 5-10%: 3 of 10 (30%); 10-20%: 1 of
3; none higher. Safe discards are safe; above 1% the model under-states the danger, but the
samples are small (docs/measurements.md, "defence").
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..game.actions import Discard
from ..game.advice_player import AdvicePlayer
from ..game.core import Game
from ..game.events import HandWon
from ..game.table_reading import danger_in_view
from ..game.tileset import SEATS, to_the
from ..game.waits import completing
from ..reading import READY_CHANCE, wall_stage
from ..scoring import BY_DISCARD
from .intervals import wilson
from .report import emit

STAGES = ("early", "middle", "late")
EXPOSURES = range(5)
BUCKETS = (0.0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.4)  # lower bounds of the danger buckets
MAX_STEPS = 100_000


@dataclass
class Tally:
    """Counts from some hands: ready[(exposures, stage)] = [opponents seen, of them ready];
    dangers: (predicted danger, called for Mah Jongg) per sampled discard."""

    ready: dict[tuple[int, str], list[int]] = field(default_factory=dict)
    dangers: list[tuple[float, bool]] = field(default_factory=list)
    hands: int = 0

    def add(self, other: Tally) -> None:
        for key, (seen, ready) in other.ready.items():
            mine = self.ready.setdefault(key, [0, 0])
            mine[0] += seen
            mine[1] += ready
        self.dangers += other.dangers
        self.hands += other.hands


def play_one(seed: int, danger_every: int, tally: Tally) -> None:
    """Play hand `seed` between four advice players, adding its discards to `tally`."""
    game = Game(seed)
    player = AdvicePlayer()
    pending: tuple[int, float] | None = None  # a sampled discard's seat and danger, until resolved
    discards = 0
    for _ in range(MAX_STEPS):
        if game.over:
            break
        seat = game.waiting_for()[0]
        view = game.view(seat)
        action = player.choose(view, game.legal_actions(seat))
        if isinstance(action, Discard):
            if pending is not None:  # the last sampled discard was not called for Mah Jongg
                tally.dangers.append((pending[1], False))
                pending = None
            stage = wall_stage(view.wall_count)
            for offset in range(1, SEATS):
                other = to_the(seat, offset)
                if view.dead[other]:
                    continue
                key = (min(len(view.exposures[other]), 4), stage)
                cell = tally.ready.setdefault(key, [0, 0])
                cell[0] += 1
                cell[1] += bool(completing(game.view(other)))
            if danger_every and discards % danger_every == seed % danger_every:
                pending = (seat, danger_in_view(view, unexposed=True).of(action.tile).danger)
            discards += 1
        game.apply(action)
    if pending is not None:
        won = game.outcome
        called = isinstance(won, HandWon) and won.won_by == BY_DISCARD and won.discarder == pending[0]
        tally.dangers.append((pending[1], called))
    tally.hands += 1


def _job(args: tuple[int, int, int]) -> Tally:
    start, stop, danger_every = args
    tally = Tally()
    for seed in range(start, stop):
        play_one(seed, danger_every, tally)
    return tally


def run(hands: int, seed: int, workers: int, danger_every: int) -> Tally:
    size = max(1, -(-hands // (workers * 8)))
    jobs = [(s, min(s + size, seed + hands), danger_every) for s in range(seed, seed + hands, size)]
    tally = Tally()
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for part in pool.map(_job, jobs):
                tally.add(part)
    else:
        for job in jobs:
            tally.add(_job(job))
    return tally


def ready_table(tally: Tally) -> list[dict[str, Any]]:
    rows = []
    for exposures in EXPOSURES:
        for stage in STAGES:
            seen, ready = tally.ready.get((exposures, stage), [0, 0])
            low, high = wilson(ready, seen) if seen else (0.0, 1.0)
            rows.append(
                {
                    "exposures": exposures,
                    "stage": stage,
                    "opponents": seen,
                    "ready": ready,
                    "share": ready / seen if seen else None,
                    "ci": [low, high],
                    "in_reading": READY_CHANCE[(exposures, stage)],
                }
            )
    return rows


def danger_table(tally: Tally) -> list[dict[str, Any]]:
    rows = []
    for index, low_bound in enumerate(BUCKETS):
        high_bound = BUCKETS[index + 1] if index + 1 < len(BUCKETS) else 1.0
        inside = [
            (p, c)
            for p, c in tally.dangers
            if low_bound <= p < high_bound or (high_bound == 1.0 and p == 1.0)
        ]
        called = sum(1 for _, c in inside if c)
        low, high = wilson(called, len(inside)) if inside else (0.0, 1.0)
        rows.append(
            {
                "bucket": [low_bound, high_bound],
                "discards": len(inside),
                "mean_danger": sum(p for p, _ in inside) / len(inside) if inside else None,
                "called": called,
                "share_called": called / len(inside) if inside else None,
                "ci": [low, high],
            }
        )
    return rows


def _cell(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def text(report: dict[str, Any]) -> str:
    lines = [
        "Opponents one tile from Mah Jongg, at the moment someone discards:",
        "| exposures | wall | opponents | ready | share [95% CI] | in reading.py |",
        "|---:|---|---:|---:|---|---:|",
    ]
    for row in report["ready"]:
        low, high = row["ci"]
        lines.append(
            f"| {row['exposures']} | {row['stage']} | {row['opponents']:,} | {row['ready']:,} "
            f"| {_cell(row['share'])} [{_cell(low)}, {_cell(high)}] | {row['in_reading']:.2f} |"
        )
    lines += [
        "",
        "The danger of the tile discarded (unexposed opponents read too) against the share called "
        "for Mah Jongg:",
        "| danger | discards | mean danger | called | share called [95% CI] |",
        "|---|---:|---:|---:|---|",
    ]
    for row in report["danger"]:
        low, high = row["ci"]
        lines.append(
            f"| {row['bucket'][0]:.2f}-{row['bucket'][1]:.2f} | {row['discards']:,} "
            f"| {_cell(row['mean_danger'])} | {row['called']:,} "
            f"| {_cell(row['share_called'])} [{_cell(low)}, {_cell(high)}] |"
        )
    lines.append("")
    lines.append("READY_CHANCE = {")
    for row in report["ready"]:
        share = row["share"] if row["share"] is not None else row["in_reading"]
        lines.append(f'    ({row["exposures"]}, "{row["stage"]}"): {share:.2f},')
    lines.append("}")
    return "\n".join(lines)


def _every(n: int) -> str:
    if not n:
        return "danger not read"
    return "danger read at every discard" if n == 1 else f"danger read at one discard in {n}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--danger-every", type=int, default=3, help="read the danger of every Nth discard (0: never)"
    )
    parser.add_argument("--json", metavar="FILE", help="also write the report to FILE as JSON")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.danger_every < 0:
        print("--hands is at least 1, --danger-every at least 0.", file=sys.stderr)
        return 2
    started = time.perf_counter()
    tally = run(args.hands, args.seed, args.workers, args.danger_every)
    report = {
        "hands": tally.hands,
        "seed": args.seed,
        "danger_every": args.danger_every,
        "ready": ready_table(tally),
        "danger": danger_table(tally),
        "seconds": round(time.perf_counter() - started, 1),
    }
    return emit(
        report,
        json_path=args.json,
        heading=(
            f"Ready odds: {tally.hands:,} hands between four advice players, seeds {args.seed}.."
            f"{args.seed + args.hands - 1}; {_every(args.danger_every)}; "
            f"{report['seconds']:.0f} s on {args.workers} worker(s)."
        ),
        table=text(report),
    )


if __name__ == "__main__":
    raise SystemExit(main())
