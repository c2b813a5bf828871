"""How much the defence helps: the defensive player (cfmj/engine/game/defensive_player.py: the
advice player but for its discards, which weigh its distance against the danger) against the
advice player, two seats each, opposite, each seeded deal played in both rotations of the seats
so that both policies sit in every seat and meet the same walls.

    python -m cfmj.engine.studies.defence_strength --hands 2000 --seed 1 --workers 2

Per policy: the share of its seat-hands in which it paid a Mah Jongg as the discarder (its
discard was called to win), the win rate, and the points per seat-hand, each with a 95%
interval (Wilson's for the shares, mean ± 1.96·sd/√n for the points). The defence's thresholds
can be varied (--give-up-ready and the rest) to tune them.
"""

from __future__ import annotations

import argparse
from dataclasses import asdict, fields
from functools import partial
from typing import Any

from ..defence import DEFAULT, Thresholds
from ..game.advice_player import AdvicePlayer
from ..game.defensive_player import DefensivePlayer
from ..game.players import Player
from .report import conclude
from .tournament import Table, head_to_head, heading, points, self_drawn, share

ADVICE, DEFENSIVE = "advice", "defensive"
TABLE = Table((ADVICE, DEFENSIVE, ADVICE, DEFENSIVE))


def player(policy: str, deal: int, seat: int, *, thresholds: Thresholds = DEFAULT) -> Player:
    return DefensivePlayer(thresholds) if policy == DEFENSIVE else AdvicePlayer()


def run(
    hands: int, seed: int, *, workers: int = 1, thresholds: Thresholds = DEFAULT, log: str | None = None
) -> dict[str, Any]:
    """Play `hands` hands and summarise them; with `log`, each chunk of hands is appended to that
    file as it finishes (one JSON line) and chunks already there are not played again, so a run
    that is stopped can be resumed (or summarised so far: --hands the count done)."""
    return head_to_head(
        TABLE,
        hands,
        seed,
        partial(player, thresholds=thresholds),
        workers=workers,
        log=log,
        tag={"thresholds": asdict(thresholds)},
    )


def markdown(report: dict[str, Any]) -> str:
    lines = [
        heading("defensive v advice", report, report["deals"]),
        "",
        "| policy | seats | paid a Mah Jongg as discarder [95% CI] | win rate [95% CI] "
        "| self-drawn wins | points per hand [95% CI] |",
        "|---|---:|---|---|---:|---|",
    ]
    for policy, row in report["policies"].items():
        lines.append(
            f"| {policy} | {row['seats']:,} | {share(row, 'paid_rate')} | {share(row, 'win_rate')} "
            f"| {self_drawn(row)} | {points(row)} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands (even: each deal in both rotations)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", metavar="FILE", help="also write the report to FILE as JSON")
    parser.add_argument(
        "--log", metavar="FILE", help="keep each chunk of hands in FILE as it finishes (resumable)"
    )
    for item in fields(Thresholds):
        parser.add_argument(f"--{item.name.replace('_', '-')}", type=type(getattr(DEFAULT, item.name)))
    args = parser.parse_args(argv)
    changed = {f.name: getattr(args, f.name) for f in fields(Thresholds) if getattr(args, f.name) is not None}
    return conclude(
        lambda: run(
            args.hands, args.seed, workers=args.workers, thresholds=Thresholds(**changed), log=args.log
        ),
        json_path=args.json,
        heading=lambda report: (
            f"Defence strength: {args.hands:,} hands, seed {args.seed}, thresholds {report['thresholds']}; "
            f"{report['seconds']:.0f} s on {args.workers} worker(s)."
        ),
        table=markdown,
    )


if __name__ == "__main__":
    raise SystemExit(main())
