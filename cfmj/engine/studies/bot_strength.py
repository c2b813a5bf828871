"""The bots' measured strength:

    python -m cfmj.engine.studies.bot_strength --hands 2000 --seed 1 --workers 2


The three bot levels (cfmj.engine.coach: beginner, steady, strong) and the engine's loneliest-tile
heuristic (cfmj/engine/game/lonely_player.py, a simple human's play) meet at four tables of the
tournament harness (tournament.py):
- a four-way table, one seat each;
- three pairwise tables of the levels next to each other in strength, two seats each, opposite
  (beginner v heuristic, heuristic v steady, steady v strong), so the order is shown head to head.

Every table plays `--hands` hands, each seeded deal once in every rotation of the seats. Per
policy: the win rate with a Wilson 95% interval, the share of its wins that were self-drawn, the
points per seat and hand with a normal 95% interval, and the share of its seats that ended the hand
dead; per table the share of wall games.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

from ..coach import BEGINNER, STEADY, STRONG, level_player
from ..errors import InputError
from ..game.lonely_player import LonelyPlayer
from ..game.players import Player
from .report import conclude
from .tournament import MAX_HANDS, Table, heading, percent, play_tables, points, self_drawn, share, summarise

HEURISTIC = "heuristic"
ORDER = (BEGINNER, HEURISTIC, STEADY, STRONG)  # weakest first, by design
TABLES: dict[str, Table] = {
    "four-way": Table((BEGINNER, HEURISTIC, STEADY, STRONG)),
    "beginner v heuristic": Table((BEGINNER, HEURISTIC, BEGINNER, HEURISTIC)),
    "heuristic v steady": Table((HEURISTIC, STEADY, HEURISTIC, STEADY)),
    "steady v strong": Table((STEADY, STRONG, STEADY, STRONG)),
}


def player(policy: str, deal: int, seat: int) -> Player:
    """A fresh player for one hand: a bot level seeded by the deal, or the heuristic."""
    return LonelyPlayer() if policy == HEURISTIC else level_player(policy, deal)


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
    played = play_tables({t: TABLES[t] for t in tables}, hands, seed, player, workers=workers)
    return {
        "hands_per_table": hands,
        "seed": seed,
        "deals": f"{seed}..{seed + hands // 4 - 1} (four-way), {seed}..{seed + hands // 2 - 1} (pairwise)",
        "tables": {t: summarise(played[t], ORDER) for t in tables},
        "seconds": round(time.perf_counter() - started, 1),
    }


def markdown(report: dict[str, Any]) -> str:
    """The report as Markdown tables, one per table."""
    lines: list[str] = []
    for name, table in report["tables"].items():
        lines += [
            heading(name, table),
            "",
            "| policy | seats | win rate [95% CI] | self-drawn wins | points per hand [95% CI] "
            "| dead hands |",
            "|---|---:|---|---:|---|---:|",
        ]
        for policy, row in table["policies"].items():
            lines.append(
                f"| {policy} | {row['seats']:,} | {share(row, 'win_rate')} | {self_drawn(row)} "
                f"| {points(row)} | {percent(row['dead_rate'])} |"
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
    return conclude(
        lambda: tournament(args.hands, args.seed, workers=args.workers, tables=args.tables.split(",")),
        json_path=args.json,
        heading=lambda report: (
            f"Bot strength: {args.hands:,} hands per table, seed {args.seed}, deals {report['deals']}; "
            f"{report['seconds']:.0f} s on {args.workers} worker(s)."
        ),
        table=markdown,
    )


if __name__ == "__main__":
    raise SystemExit(main())
