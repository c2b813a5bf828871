"""Engine benchmarks (`make bench`; not part of the tests).

A fixed, seeded mix of hands: half are card arrangements held with random jokers and
exposures (valid), half are those with one tile changed at random and still refused (invalid).
Prints per-check latency, checks per second in one process, the batch command line's
throughput, and the virtual card's build time.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cfmj.engine import RuleSet, check, virtual_card  # noqa: E402
from cfmj.engine.card import VirtualCard, _entries, random_hold  # noqa: E402
from cfmj.engine.notation import Hand  # noqa: E402
from cfmj.engine.tiles import JOKER, MAX_COPIES, NATURAL_KINDS  # noqa: E402

SEED = 20261122
HANDS = 2000
CARD_BUILDS = 3


def mixed_hands(count: int, seed: int) -> list[tuple[Hand, bool]]:
    rng = Random(seed)
    card = virtual_card()
    hands: list[tuple[Hand, bool]] = []
    while len(hands) < count:
        entry = card.entries[rng.randrange(len(card))]
        hand = random_hold(entry, rng)
        self_drawn = rng.random() < 0.3
        if len(hands) % 2 == 0:
            hands.append((hand, self_drawn))
            continue
        mutated = _change_one_tile(hand, rng)
        if mutated is not None and not check(mutated).valid:
            hands.append((mutated, self_drawn))
    return hands


def _change_one_tile(hand: Hand, rng: Random) -> Hand | None:
    naturals = [i for i, t in enumerate(hand.concealed) if t != JOKER]
    if not naturals:
        return None
    concealed = list(hand.concealed)
    concealed[rng.choice(naturals)] = rng.randrange(NATURAL_KINDS)
    if any(
        concealed.count(t) + sum(g.count(t) for g in hand.exposures) > MAX_COPIES
        for t in set(concealed)
        if t < NATURAL_KINDS - 1
    ):
        return None
    return Hand(tuple(sorted(concealed)), hand.exposures)


def time_checks(hands: list[tuple[Hand, bool]]) -> dict[str, float]:
    rules = RuleSet()
    for hand, self_drawn in hands[:200]:  # warm up
        check(hand, self_drawn=self_drawn, rules=rules)
    valid_times: list[float] = []
    invalid_times: list[float] = []
    started = time.perf_counter()
    for hand, self_drawn in hands:
        t0 = time.perf_counter_ns()
        result = check(hand, self_drawn=self_drawn, rules=rules)
        elapsed = (time.perf_counter_ns() - t0) / 1000
        (valid_times if result.valid else invalid_times).append(elapsed)
    total = time.perf_counter() - started
    every = sorted(valid_times + invalid_times)
    return {
        "hands": len(hands),
        "checks_per_second": len(hands) / total,
        "mean_us": statistics.mean(every),
        "median_us": statistics.median(every),
        "p90_us": every[int(0.9 * len(every))],
        "p99_us": every[int(0.99 * len(every))],
        "max_us": every[-1],
        "valid_median_us": statistics.median(valid_times),
        "invalid_median_us": statistics.median(invalid_times),
        "valid_mean_us": statistics.mean(valid_times),
        "invalid_mean_us": statistics.mean(invalid_times),
    }


def time_worst() -> dict[str, float]:
    """The slowest hands bench/worst.py has found (bench/worst_check.json), each the best of 5."""
    cases = json.loads((ROOT / "bench" / "worst_check.json").read_text())
    times = []
    for case in cases:
        options = {key: value for key, value in case.items() if key != "hand"}
        runs = []
        for _ in range(5):
            t0 = time.perf_counter_ns()
            check(case["hand"], **options)
            runs.append((time.perf_counter_ns() - t0) / 1000)
        times.append(min(runs))
    median = statistics.median(times)
    return {"worst_hands": len(cases), "worst_median_us": median, "worst_max_us": max(times)}


def time_batch(hands: list[tuple[Hand, bool]]) -> dict[str, float]:
    lines = "".join(json.dumps({"hand": str(h), "self_drawn": s}) + "\n" for h, s in hands)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "cfmj", "check", "--batch"],
        input=lines,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    total = time.perf_counter() - started
    answers = done.stdout.count("\n")
    assert answers == len(hands), f"{answers} answers for {len(hands)} requests"
    return {"batch_hands_per_second": len(hands) / total, "batch_seconds": total}


def time_card_build() -> dict[str, float]:
    times = []
    for _ in range(CARD_BUILDS):
        started = time.perf_counter()
        card = VirtualCard(tuple(_entries()))
        times.append(time.perf_counter() - started)
    return {
        "card_arrangements": len(card),
        "card_build_seconds": min(times),
        "card_build_seconds_median": statistics.median(times),
    }


def main() -> None:
    print(f"Building the mix: {HANDS} hands, seed {SEED} ...", flush=True)
    hands = mixed_hands(HANDS, SEED)
    results = {**time_card_build(), **time_checks(hands), **time_worst(), **time_batch(hands)}
    print(f"\nPython {sys.version.split()[0]}, one process")
    print(
        f"  virtual card: {results['card_arrangements']:,} arrangements, built in "
        f"{results['card_build_seconds']:.2f} s (best of {CARD_BUILDS}; median "
        f"{results['card_build_seconds_median']:.2f} s)"
    )
    print(f"  check, {results['hands']} hands (half valid, half invalid):")
    print(
        f"    mean {results['mean_us']:.0f} us  median {results['median_us']:.0f} us  "
        f"p90 {results['p90_us']:.0f} us  "
        f"p99 {results['p99_us']:.0f} us  max {results['max_us']:.0f} us"
    )
    print(
        f"    valid: mean {results['valid_mean_us']:.0f} us, median {results['valid_median_us']:.0f} us; "
        f"invalid: mean {results['invalid_mean_us']:.0f} us, median {results['invalid_median_us']:.0f} us"
    )
    print(f"    {results['checks_per_second']:,.0f} checks per second")
    print(
        f"  check, the {results['worst_hands']} slowest hands found (bench/worst.py, best of 5 each): "
        f"median {results['worst_median_us']:.0f} us, max {results['worst_max_us']:.0f} us"
    )
    print(
        f"  python -m cfmj check --batch: {results['batch_hands_per_second']:,.0f} hands per "
        f"second ({results['batch_seconds']:.2f} s, start-up included)"
    )
    out = ROOT / "bench" / "results"
    out.mkdir(exist_ok=True)
    (out / "engine.json").write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
