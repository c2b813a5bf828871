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
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, fields
from typing import Any

from ..defence import DEFAULT, Thresholds
from ..game.advice_player import AdvicePlayer
from ..game.core import Game
from ..game.defensive_player import DefensivePlayer
from ..game.players import Player
from ..game.runner import play_hand
from ..scoring import BY_DISCARD, counts_as_self_drawn
from .intervals import mean_interval, wilson
from .report import emit

ADVICE, DEFENSIVE = "advice", "defensive"
SEATING = (ADVICE, DEFENSIVE, ADVICE, DEFENSIVE)
CHUNK = 20  # hands per job: small, so two workers finish together
MAX_HANDS = 100_000


@dataclass(frozen=True)
class Played:
    """One finished hand: who sat where, and what happened."""

    policies: tuple[str, ...]
    winner: int | None
    self_drawn: bool
    discarder: int | None  # who paid a Mah Jongg called on their discard
    payments: tuple[int, ...]
    turns: int


def seating(index: int, seed: int) -> tuple[int, tuple[str, ...]]:
    """Hand `index`: its deal's seed, and the policy in each seat (the deal played twice, rotated)."""
    shift = index % 2
    return seed + index // 2, SEATING[shift:] + SEATING[:shift]


def play_one(index: int, seed: int, thresholds: Thresholds) -> Played:
    deal, policies = seating(index, seed)
    players: list[Player] = [
        DefensivePlayer(thresholds) if policy == DEFENSIVE else AdvicePlayer() for policy in policies
    ]
    result = play_hand(Game(deal), players)
    by_discard = result.won_by == BY_DISCARD and result.discarder is not None
    return Played(
        policies,
        result.winner,
        result.won_by is not None and counts_as_self_drawn(result.won_by),
        result.discarder if by_discard else None,
        result.payments,
        result.turns,
    )


def _job(args: tuple[int, int, int, Thresholds]) -> list[Played]:
    start, stop, seed, thresholds = args
    return [play_one(i, seed, thresholds) for i in range(start, stop)]


def summarise(hands: Sequence[Played]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "hands": len(hands),
        "wall_game_rate": sum(1 for h in hands if h.winner is None) / len(hands),
        "average_turns": round(statistics.fmean(h.turns for h in hands), 1),
        "policies": {},
    }
    for policy in (ADVICE, DEFENSIVE):
        seats = [(h, s) for h in hands for s, p in enumerate(h.policies) if p == policy]
        won = [h for h, s in seats if h.winner == s]
        paid = sum(1 for h, s in seats if h.discarder == s)
        points = mean_interval([float(h.payments[s]) for h, s in seats])
        out["policies"][policy] = {
            "seats": len(seats),
            "paid_as_discarder": paid,
            "paid_rate": paid / len(seats),
            "paid_ci": list(wilson(paid, len(seats))),
            "wins": len(won),
            "win_rate": len(won) / len(seats),
            "win_rate_ci": list(wilson(len(won), len(seats))),
            "self_drawn_share": sum(1 for h in won if h.self_drawn) / len(won) if won else None,
            "points_per_hand": points[0],
            "points_ci": [points[1], points[2]],
        }
    return out


def _logged(log: str | None, seed: int, thresholds: Thresholds) -> dict[int, list[Played]]:
    """The chunks a log already holds for this seed and these thresholds, by first hand."""
    done: dict[int, list[Played]] = {}
    if log is None or not os.path.exists(log):
        return done
    with open(log, encoding="utf-8") as lines:
        for line in lines:
            entry = json.loads(line)
            if entry["seed"] == seed and entry["thresholds"] == asdict(thresholds):
                done[entry["start"]] = [_played(h) for h in entry["hands"]]
    return done


def _played(data: dict[str, Any]) -> Played:
    return Played(**{**data, "policies": tuple(data["policies"]), "payments": tuple(data["payments"])})


def run(
    hands: int, seed: int, *, workers: int = 1, thresholds: Thresholds = DEFAULT, log: str | None = None
) -> dict[str, Any]:
    """Play `hands` hands and summarise them; with `log`, each chunk of hands is appended to that
    file as it finishes (one JSON line) and chunks already there are not played again, so a run
    that is stopped can be resumed (or summarised so far: --hands the count done)."""
    if not 2 <= hands <= MAX_HANDS or hands % 2:
        raise ValueError(f"--hands is an even number from 2 to {MAX_HANDS:,} (each deal in both rotations).")
    started = time.perf_counter()
    done = _logged(log, seed, thresholds)
    chunks = {s: min(s + CHUNK, hands) for s in range(0, hands, CHUNK)}
    if any(len(done[s]) != stop - s for s, stop in chunks.items() if s in done):
        raise ValueError("The log's chunks do not match --hands: use another log.")
    jobs = [(s, stop, seed, thresholds) for s, stop in chunks.items() if s not in done]
    parts = dict(done)
    with ProcessPoolExecutor(max_workers=max(1, workers)) as pool:
        for job, part in zip(jobs, pool.map(_job, jobs), strict=True):
            parts[job[0]] = part
            if log is not None:
                with open(log, "a", encoding="utf-8") as out:
                    entry = {"seed": seed, "thresholds": asdict(thresholds), "start": job[0]}
                    out.write(json.dumps({**entry, "hands": [asdict(h) for h in part]}) + "\n")
    played = [h for s in sorted(chunks) for h in parts[s]]
    return {
        "hands": hands,
        "seed": seed,
        "deals": f"{seed}..{seed + hands // 2 - 1}",
        "thresholds": asdict(thresholds),
        **summarise(played),
        "seconds": round(time.perf_counter() - started, 1),
    }


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def markdown(report: dict[str, Any]) -> str:
    lines = [
        f"**defensive v advice** ({report['hands']:,} hands, deals {report['deals']}; wall games "
        f"{_pct(report['wall_game_rate'])}; {report['average_turns']} turns on average)",
        "",
        "| policy | seats | paid a Mah Jongg as discarder [95% CI] | win rate [95% CI] "
        "| self-drawn wins | points per hand [95% CI] |",
        "|---|---:|---|---|---:|---|",
    ]
    for policy, row in report["policies"].items():
        p_low, p_high = row["paid_ci"]
        w_low, w_high = row["win_rate_ci"]
        s_low, s_high = row["points_ci"]
        drawn = "–" if row["self_drawn_share"] is None else _pct(row["self_drawn_share"])
        lines.append(
            f"| {policy} | {row['seats']:,} | {_pct(row['paid_rate'])} [{_pct(p_low)}, {_pct(p_high)}] "
            f"| {_pct(row['win_rate'])} [{_pct(w_low)}, {_pct(w_high)}] | {drawn} "
            f"| {row['points_per_hand']:+.1f} [{s_low:+.1f}, {s_high:+.1f}] |"
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
    try:
        report = run(
            args.hands, args.seed, workers=args.workers, thresholds=Thresholds(**changed), log=args.log
        )
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    return emit(
        report,
        json_path=args.json,
        heading=(
            f"Defence strength: {args.hands:,} hands, seed {args.seed}, thresholds {report['thresholds']}; "
            f"{report['seconds']:.0f} s on {args.workers} worker(s)."
        ),
        table=markdown(report),
    )


if __name__ == "__main__":
    raise SystemExit(main())
