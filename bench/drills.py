"""Drill benchmarks (not part of the tests): puzzles generated per second, and grading time, per kind.

    .venv/bin/python bench/drills.py [--count 200] [--band 3] [--json results.json]

In one process: the card (and, for the advice kinds, its matrices) is loaded first by one warm-up
puzzle per kind, outside the timing. Then generate_many(count) per kind, and each puzzle graded
once with the engine's own answer and once with a wrong one.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cfmj.engine.drills import KINDS, Puzzle, definition, generate, generate_many, grade  # noqa: E402

SEED = 20261122
TARGET = {"winning_hand": 500, "worth": 500}  # puzzles per second the site needs


def right_response(puzzle: Puzzle) -> dict[str, str]:
    return definition(puzzle.kind).right_response(puzzle.answer)


def wrong_response(puzzle: Puzzle) -> dict[str, str]:
    """A well-formed but (usually) worse answer: for the advice kinds, another choice from the hand."""
    hand = puzzle.question.get("hand", "")  # a quick rules question may show no hand
    tiles = [t for t in hand.split() if t != "J" and "[" not in t and "]" not in t]
    if puzzle.kind == "charleston":
        return {"pass": " ".join(tiles[-3:])}
    if puzzle.kind == "discard":
        return {"tile": tiles[0]}
    return dict.fromkeys(right_response(puzzle), "9")


def bench_kind(kind: str, count: int, band: int) -> dict[str, Any]:
    started = time.perf_counter()
    generate(kind, seed=0, band=band)
    warm_up = time.perf_counter() - started
    started = time.perf_counter()
    puzzles = generate_many(kind, count=count, band=band, seed=SEED)
    generating = time.perf_counter() - started
    grading = []
    for puzzle in puzzles:
        for response in (right_response(puzzle), wrong_response(puzzle)):
            t0 = time.perf_counter()
            grade(kind, puzzle.question, puzzle.answer, response)
            grading.append((time.perf_counter() - t0) * 1000)
    return {
        "kind": kind,
        "puzzles": len(puzzles),
        "warm_up_s": warm_up,
        "per_second": len(puzzles) / generating,
        "generate_ms": generating / len(puzzles) * 1000,
        "grade_median_ms": statistics.median(grading),
        "grade_max_ms": max(grading),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--band", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write the results here")
    options = parser.parse_args()
    print(
        f"Python {sys.version.split()[0]}, one process; generate_many({options.count}) per kind at "
        f"band {options.band}",
        flush=True,
    )
    print(
        f"  {'kind':<15} {'puzzles/s':>10} {'ms/puzzle':>10} {'grade ms (median, max)':>24} {'warm-up s':>10}"
    )
    results = []
    for kind in KINDS:
        row = bench_kind(kind, options.count, options.band)
        results.append(row)
        target = TARGET.get(kind)
        verdict = ""
        if target is not None:
            verdict = f"  (aim >= {target}: {'ok' if row['per_second'] >= target else 'SLOW'})"
        print(
            f"  {kind:<15} {row['per_second']:>10,.0f} {row['generate_ms']:>10.2f} "
            f"{row['grade_median_ms']:>12.2f} {row['grade_max_ms']:>10.2f}  {row['warm_up_s']:>10.2f}"
            f"{verdict}",
            flush=True,
        )
    if options.json:
        options.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
