"""Fingerprints of the drills: a hash of every puzzle the engine makes for every kind, band 1-5
and a few seeds, with no focus under six tables and with each focus under the standard rules, per
kind and over all. A refactor that should change no puzzle must print the same lines before and
after (tests/engine/drills/test_fingerprints.py holds them for 3 seeds).

    .venv/bin/python bench/puzzle_hashes.py [--seeds 20] [--workers 2]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cfmj.engine import drills
from cfmj.engine.ruleset import RuleSet

TABLES: dict[str, RuleSet | None] = {
    "standard": None,
    "minimum hand (h3)": RuleSet.make(house_rules=[3]),
    "144 tiles (h2)": RuleSet.make(house_rules=[2]),
    "level 3": RuleSet.make(skill_level=3),
    "h2 h3, level 5": RuleSet.make(house_rules=[2, 3], skill_level=5),
    "base 20": RuleSet.make(base=20),
}


def kind_digest(kind: str, seeds: int) -> tuple[str, int, str]:
    digest = hashlib.sha256()
    made = 0
    for focus in (None, *drills.FOCUSES[kind]):
        for band in drills.BANDS:
            # A focused puzzle states its own table (the engine refuses a class's with a focus).
            made_at: dict[int, drills.Puzzle] = {}  # a kind that ignores the table: made once a seed
            for name, table in TABLES.items() if focus is None else [("standard", None)]:
                for seed in range(seeds):
                    if seed in made_at:
                        puzzle = made_at[seed]
                    else:
                        puzzle = drills.generate(kind, seed=seed, band=band, focus=focus, table=table)
                        if kind in drills.IGNORES_TABLE:
                            made_at[seed] = puzzle
                    line = json.dumps(
                        [focus, band, name, seed, puzzle.question, puzzle.answer], sort_keys=True
                    )
                    digest.update(line.encode())
                    made += 1
    return kind, made, digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    overall = hashlib.sha256()
    total = 0
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(kind_digest, drills.KINDS, [args.seeds] * len(drills.KINDS)))
    for kind, made, digest in results:
        print(f"{kind:15} {made:6} puzzles  {digest}")
        overall.update(digest.encode())
        total += made
    print(f"{'all':15} {total:6} puzzles  {overall.hexdigest()}  ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
