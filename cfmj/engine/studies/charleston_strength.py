"""How much the Charleston advice helps: over many seeded deals, all four players pass the full
Charleston (Right, Across, Left; Left, Across, Right) by one policy, and we measure how far each
hand then is from Mah Jongg.

Policies: `advice` (the engine's quick pass), `lonely` (a simple heuristic: pass the tiles with
the fewest copies and neighbours) and `random`. Each policy plays the same deals.

    python -m cfmj.engine.studies.charleston_strength --deals 10000 --seed 1
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from random import Random

from ..charleston import quick_pass
from ..distance import distance
from ..notation import Hand
from ..tiles import FLOWER, JOKER, NATURAL_KINDS, is_number, number_of

PASSES = (1, 2, 3, 3, 2, 1)  # right, across, left; left, across, right (seats to the right)
Policy = Callable[[list[int], Random], list[int]]


def wall(rng: Random) -> list[int]:
    tiles = [t for t in range(NATURAL_KINDS) if t != FLOWER for _ in range(4)] + [FLOWER] * 8 + [JOKER] * 8
    rng.shuffle(tiles)
    return tiles


def advice_pass(hand: list[int], rng: Random) -> list[int]:
    return list(quick_pass(Hand(tuple(sorted(hand)), ())).given)


def lonely_pass(hand: list[int], rng: Random) -> list[int]:
    """Pass the three loneliest tiles: fewest copies, then fewest numbers within two."""

    def company(tile: int) -> tuple[int, int, float]:
        copies = hand.count(tile)
        near = 0
        if is_number(tile):
            near = sum(
                1 for t in hand if t != tile and is_number(t) and abs(number_of(t) - number_of(tile)) <= 2
            )
        return (copies, near, rng.random())

    return sorted((t for t in hand if t != JOKER), key=company)[:3]


def random_pass(hand: list[int], rng: Random) -> list[int]:
    return rng.sample([t for t in hand if t != JOKER], 3)


POLICIES: dict[str, Policy] = {"advice": advice_pass, "lonely": lonely_pass, "random": random_pass}


def play_deal(policy: str, seed: int) -> list[int]:
    """Tiles needed by each of the four hands after the full Charleston."""
    tiles = wall(Random(seed))
    hands = [tiles[:14], tiles[14:27], tiles[27:40], tiles[40:53]]
    choose = POLICIES[policy]
    rng = Random(seed * 7919 + 1)
    for step in PASSES:
        given = [choose(hand, rng) for hand in hands]
        for seat, tiles_out in enumerate(given):
            for tile in tiles_out:
                hands[seat].remove(tile)
        for seat, tiles_out in enumerate(given):
            hands[(seat + step) % 4].extend(tiles_out)
    return [distance(Hand(tuple(sorted(h)), ())).tiles_needed or 0 for h in hands]


def _chunk(args: tuple[str, int, int]) -> list[int]:
    policy, start, stop = args
    return [n for seed in range(start, stop) for n in play_deal(policy, seed)]


def run(deals: int, seed: int, workers: int) -> dict[str, float]:
    results = {}
    chunks = max(1, workers * 4)
    size = -(-deals // chunks)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for policy in POLICIES:
            jobs = [(policy, seed + i, min(seed + i + size, seed + deals)) for i in range(0, deals, size)]
            needs = [n for part in pool.map(_chunk, jobs) for n in part]
            results[policy] = statistics.fmean(needs)
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    results = run(args.deals, args.seed, args.workers)
    print(
        f"Charleston strength: {args.deals:,} deals (seeds {args.seed}..{args.seed + args.deals - 1}), "
        "four players passing the full Charleston by one policy;"
    )
    print("average tiles still needed per hand afterwards (lower is better):")
    for policy, mean in results.items():
        print(f"  {policy:7s} {mean:.3f}")
    print(f"({time.perf_counter() - started:.0f} s)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
