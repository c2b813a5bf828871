"""Analysis benchmarks (`make bench`; not part of the tests): distance of a 13-tile hand,
Charleston advice, discard advice, and a whole game of four advice bots, on one core."""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from random import Random
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.worst_advice import AIM_MS  # noqa: E402
from bench.worst_advice import WORST_SET as WORST_ADVICE  # noqa: E402
from bench.worst_advice import seconds_of as advice_seconds  # noqa: E402
from cfmj.engine.card import exposures_possible  # noqa: E402
from cfmj.engine.charleston import charleston  # noqa: E402
from cfmj.engine.distance import distance, warm_up  # noqa: E402
from cfmj.engine.game import Game, play_hand  # noqa: E402
from cfmj.engine.game.advice_player import AdvicePlayer  # noqa: E402
from cfmj.engine.notation import Hand  # noqa: E402
from cfmj.engine.play_advice import discard  # noqa: E402
from cfmj.engine.ruleset import RuleSet  # noqa: E402
from cfmj.engine.studies.charleston_strength import wall  # noqa: E402
from cfmj.engine.tiles import parse_tile  # noqa: E402

SEED = 20261122
HANDS = 300
GAMES = 30


Item = TypeVar("Item")


def timed(function: Callable[[Item], object], items: Iterable[Item]) -> dict[str, float]:
    times = []
    for item in items:
        started = time.perf_counter()
        function(item)
        times.append(time.perf_counter() - started)
    return {
        "median_ms": round(statistics.median(times) * 1000, 2),
        "p90_ms": round(sorted(times)[int(0.9 * len(times))] * 1000, 2),
        "max_ms": round(max(times) * 1000, 2),
        "n": len(times),
    }


def time_worst_distance(repeats: int = 5) -> dict[str, float]:
    """The slowest inputs bench/worst_distance.py has found (bench/worst_distance.json), each
    timed as the best of `repeats` runs: distance's stated bound."""
    cases = json.loads((ROOT / "bench" / "worst_distance.json").read_text())
    times = []
    for case in cases:
        visible = {parse_tile(tile): seen for tile, seen in case["visible"].items()}
        rules = RuleSet.make(house_rules=case["house_rules"])
        runs = []
        for _ in range(repeats):
            started = time.perf_counter()
            distance(case["hand"], visible=visible, rules=rules)
            runs.append(time.perf_counter() - started)
        times.append(min(runs))
    return {
        "median_ms": round(statistics.median(times) * 1000, 2),
        "max_ms": round(max(times) * 1000, 2),
        "n": len(times),
    }


def main() -> None:
    started = time.perf_counter()
    warm_up()
    exposures_possible([(0, 3)])
    warm = time.perf_counter() - started
    charleston("1C 2C 3C 3C 5D 5D 6D 8B N W RD F J")  # the advice's own tables, built on first use
    rng = Random(SEED)
    deals = []
    for _ in range(HANDS):
        tiles = wall(rng)
        deals.append(tiles[:14])
    thirteens = [Hand(tuple(sorted(d[:13])), ()) for d in deals]
    fourteens = [Hand(tuple(sorted(d)), ()) for d in deals]
    results = {
        "warm_up_s": round(warm, 2),
        "distance_13": timed(distance, thirteens),
        "distance_worst": time_worst_distance(),
        "charleston": timed(charleston, thirteens[:100]),
        "discard_14": timed(discard, fourteens[:100]),
        "game_4_advice_bots": timed(
            lambda s: play_hand(Game(s), [AdvicePlayer() for _ in range(4)]), range(SEED, SEED + GAMES)
        ),
    }
    print(f"\nAnalysis, one process (card matrices and indexes built once in {warm:.2f} s):")
    for name, label in (
        ("distance_13", "distance of a random 13-tile hand"),
        ("charleston", "Charleston advice (all passes ranked)"),
        ("discard_14", "discard advice from 14 tiles"),
        ("game_4_advice_bots", "a whole hand of play, four advice bots"),
    ):
        r = results[name]
        assert isinstance(r, dict)
        print(
            f"  {label:42s} median {r['median_ms']:8.2f} ms  p90 {r['p90_ms']:8.2f} ms  "
            f"max {r['max_ms']:8.2f} ms  (n={r['n']})"
        )
    worst = results["distance_worst"]
    assert isinstance(worst, dict)
    print(
        f"  distance, the {worst['n']} slowest inputs found (bench/worst_distance.py, best of 5 each): "
        f"median {worst['median_ms']:.2f} ms, max {worst['max_ms']:.2f} ms"
    )
    results["worst_advice"] = worst_advice()
    out = ROOT / "bench" / "results"
    out.mkdir(exist_ok=True)
    (out / "analysis.json").write_text(json.dumps(results, indent=2) + "\n")


def worst_advice() -> dict[str, dict[str, float]]:
    """Time bench/worst_charleston.json (bench/worst_advice.py's slowest Charleston and discard
    requests), each the best of three uncached runs, and print the slowest per verb, in wall
    and in CPU time: the worst case found by search."""
    if not WORST_ADVICE.exists():
        return {}
    by_verb: dict[str, list[tuple[float, float]]] = {}
    for entry in json.loads(WORST_ADVICE.read_text()):
        request = {k: v for k, v in entry.items() if k != "verb"}
        wall = advice_seconds(entry["verb"], request)
        cpu = advice_seconds(entry["verb"], request, clock=time.process_time)
        if wall is not None and cpu is not None:
            by_verb.setdefault(entry["verb"], []).append((wall, cpu))
    print(f"  worst cases found by search ({WORST_ADVICE.name}, best of 3 uncached runs each):")
    out = {}
    for verb, times in by_verb.items():
        wall, cpu = max(w for w, _ in times), max(c for _, c in times)
        median = statistics.median(w for w, _ in times)
        out[verb] = {
            "max_ms": round(wall * 1000, 2),
            "max_cpu_ms": round(cpu * 1000, 2),
            "median_ms": round(median * 1000, 2),
            "n": len(times),
        }
        aim = f"; aim <= {AIM_MS[verb]:g} ms on the reference machine" if verb in AIM_MS else ""
        print(
            f"    {verb:12s} max {wall * 1000:8.2f} ms  (CPU {cpu * 1000:.2f} ms, n={len(times)}), "
            f"median {median * 1000:.2f} ms{aim}"
        )
    return out


if __name__ == "__main__":
    main()
