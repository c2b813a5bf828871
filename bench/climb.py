"""The search the worst-case scripts share (bench/worst.py, bench/worst_distance.py): random
starts, each climbed by one change at a time while it gets slower, for a fixed time; and merging
the slowest found into a kept set that `make bench` times."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from random import Random
from typing import Protocol, TypeVar

from cfmj.engine.errors import InputError
from cfmj.engine.tiles import FLOWER, JOKER, MAX_COPIES, MAX_FLOWERS, NATURAL_KINDS


class Kept(Hashable, Protocol):
    def as_dict(self) -> dict[str, object]: ...


Case = TypeVar("Case", bound=Kept)
CLIMB = 40  # changes tried from each start


def best_of(run: Callable[[], object], repeats: int = 3) -> float | None:
    """The best of `repeats` runs in CPU time (a busy machine does not pass for a slow input), or
    None when the engine refuses the input."""
    best = float("inf")
    for _ in range(repeats):
        start = time.thread_time()
        try:
            run()
        except InputError:
            return None
        best = min(best, time.thread_time() - start)
    return best


def random_tile(rng: Random, joker_weight: float) -> int:
    if rng.random() < joker_weight:
        return JOKER
    return rng.randrange(NATURAL_KINDS)


def within_the_set(tiles: tuple[int, ...]) -> bool:
    """No tile more often than the set has it (eight flowers, eight jokers, four of the rest)."""
    return all(tiles.count(t) <= (MAX_FLOWERS if t in (FLOWER, JOKER) else MAX_COPIES) for t in set(tiles))


def slowest(
    *,
    seconds: float,
    seed: int,
    keep: int,
    start: Callable[[Random], Case],
    change: Callable[[Case, Random], Case],
    legal: Callable[[Case], bool],
    timed: Callable[[Case], float | None],
) -> list[tuple[float, Case]]:
    """The `keep` slowest cases found in `seconds`; `timed` answers None for a refused input."""
    rng = Random(seed)
    found: dict[Case, float] = {}
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        case = start(rng)
        took = timed(case) if legal(case) else None
        if took is None:
            continue
        found[case] = took
        for _ in range(CLIMB):
            step = change(case, rng)
            if not legal(step):
                continue
            slower = timed(step)
            if slower is None:
                continue
            found[step] = slower
            if slower > took:
                case, took = step, slower
    ranked = sorted(found.items(), key=lambda item: -item[1])
    return [(took, case) for case, took in ranked[:keep]]


def main(
    doc: str,
    kept_in: Path,
    *,
    start: Callable[[Random], Case],
    change: Callable[[Case, Random], Case],
    legal: Callable[[Case], bool],
    timed: Callable[[Case], float | None],
) -> None:
    """A worst-case script's command line: --seconds, --seed, --keep and --write."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=int, default=40)
    parser.add_argument("--write", action="store_true", help=f"merge the slowest into {kept_in.name}")
    args = parser.parse_args()
    found = slowest(
        seconds=args.seconds,
        seed=args.seed,
        keep=args.keep,
        start=start,
        change=change,
        legal=legal,
        timed=timed,
    )
    report(found, kept_in, write=args.write)


def report(found: list[tuple[float, Case]], kept_in: Path, *, write: bool) -> None:
    """Print the ten slowest; with `write`, add the new ones to the set kept in `kept_in`."""
    for took, case in found[:10]:
        print(f"{took * 1000:8.2f} ms  {json.dumps(case.as_dict())}")
    if write:
        kept = json.loads(kept_in.read_text()) if kept_in.exists() else []
        known = {json.dumps(entry, sort_keys=True) for entry in kept}
        kept += [c.as_dict() for _, c in found if json.dumps(c.as_dict(), sort_keys=True) not in known]
        kept_in.write_text(json.dumps(kept, indent=1) + "\n")
        print(f"{len(kept)} cases in {kept_in.name}")
