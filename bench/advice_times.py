"""Charleston advice times (not part of the tests): the Charleston requests of the worst-case set
(bench/worst_charleston.json) and dealt 13-tile hands (a fixed seed), each the best of three
uncached runs through the command line's answer, in CPU and in wall time: max and median.

--root times another checkout's engine on the same requests, so that before and after can be
compared on a busy machine by interleaving runs (a worktree of main at /tmp, say) and comparing
ratios rather than milliseconds:

    python bench/advice_times.py [--root ../main-checkout] [--hands 100] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
WORST_SET = ROOT / "bench" / "worst_charleston.json"
SEED = 20261122
NAMED = {"hand": "1C 6C 3B 7B 8B 9B 1D 3D 6D N W S RD F", "direction": "across", "blind": True}


def best_of_three(
    answer: Callable[[dict[str, Any]], object], forget: Callable[[], None], request: dict[str, Any]
) -> tuple[float, float]:
    """(wall, CPU) seconds, each the least of three runs with the advice's caches emptied."""
    wall = cpu = float("inf")
    for _ in range(3):
        forget()
        started, started_cpu = time.perf_counter(), time.process_time()
        answer(request)
        wall = min(wall, time.perf_counter() - started)
        cpu = min(cpu, time.process_time() - started_cpu)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose engine is timed")
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(args.root.resolve()))
    from cfmj.engine.cli import answer_charleston  # noqa: PLC0415 - from --root
    from cfmj.engine.evaluation import hand_needs, keep_scorer  # noqa: PLC0415 - from --root
    from cfmj.engine.notation import Hand, format_hand  # noqa: PLC0415 - from --root
    from cfmj.engine.studies.charleston_strength import wall  # noqa: PLC0415 - from --root

    def forget() -> None:
        hand_needs.cache_clear()
        keep_scorer.cache_clear()

    answer_charleston(NAMED)  # the card's tables, built once
    worst = [
        {k: v for k, v in e.items() if k != "verb"}
        for e in json.loads(WORST_SET.read_text())
        if e["verb"] == "charleston"
    ]
    rng = Random(SEED)
    dealt = [{"hand": format_hand(Hand(tuple(sorted(wall(rng)[:13])), ()))} for _ in range(args.hands)]
    out: dict[str, Any] = {"root": str(args.root)}
    for name, requests in (("worst", worst), ("dealt", dealt), ("named", [NAMED])):
        times = [best_of_three(answer_charleston, forget, r) for r in requests]
        for clock, column in (("wall", 0), ("cpu", 1)):
            values = [t[column] * 1000 for t in times]
            out[f"{name}_{clock}"] = {
                "max_ms": round(max(values), 2),
                "median_ms": round(statistics.median(values), 2),
                "n": len(values),
            }
    if args.json:
        print(json.dumps(out))
        return
    print(f"Charleston advice, {args.root} (best of 3 uncached runs each):")
    for key, figures in out.items():
        if key != "root":
            max_ms, median_ms = figures["max_ms"], figures["median_ms"]
            print(f"  {key:12s} max {max_ms:7.2f} ms  median {median_ms:7.2f} ms  (n={figures['n']})")


if __name__ == "__main__":
    main()
