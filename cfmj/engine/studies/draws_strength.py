"""What weighing the tiles still to come buys: the advice player (its discards weigh how many of
the tiles its seat has not seen would bring the hand a tile nearer) against the same player with
the shape alone (tiles needed, then hands in view: the keep scorer before it counted them), two
seats each, opposite, each seeded deal played in both rotations of the seats.

    python -m cfmj.engine.studies.draws_strength --hands 2000 --seed 1 --workers 2

Per policy: the win rate (Wilson's 95% interval), the share of its wins that were self-drawn and
the points per seat-hand (mean ± 1.96·sd/√n).
"""

from __future__ import annotations

import argparse
from typing import Any

from ..game.advice_player import AdvicePlayer
from ..game.players import Player
from .report import conclude
from .tournament import Table, head_to_head, heading, points, self_drawn, share

ADVICE, SHAPE = "advice", "shape only"
TABLE = Table((ADVICE, SHAPE, ADVICE, SHAPE))


class ShapeOnlyPlayer(AdvicePlayer):
    """The advice player, but its discard leaves the tiles still to come out of the weighing."""

    weighs_draws = False


def player(policy: str, deal: int, seat: int) -> Player:
    return ShapeOnlyPlayer() if policy == SHAPE else AdvicePlayer()


def run(hands: int, seed: int, *, workers: int = 1) -> dict[str, Any]:
    return head_to_head(TABLE, hands, seed, player, workers=workers)


def markdown(report: dict[str, Any]) -> str:
    lines = [
        heading("advice v shape only", report, report["deals"]),
        "",
        "| policy | seats | win rate [95% CI] | self-drawn wins | points per hand [95% CI] |",
        "|---|---:|---|---:|---|",
    ]
    for policy, row in report["policies"].items():
        lines.append(
            f"| {policy} | {row['seats']:,} | {share(row, 'win_rate')} | {self_drawn(row)} | {points(row)} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands (even: each deal in both rotations)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", metavar="FILE", help="also write the report to FILE as JSON")
    args = parser.parse_args(argv)
    return conclude(
        lambda: run(args.hands, args.seed, workers=args.workers),
        json_path=args.json,
        heading=lambda report: (
            f"The tiles still to come: {args.hands:,} hands, seed {args.seed}; "
            f"{report['seconds']:.0f} s on {args.workers} worker(s)."
        ),
        table=markdown,
    )


if __name__ == "__main__":
    raise SystemExit(main())
