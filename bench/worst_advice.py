"""Search for the slowest inputs of Charleston and discard advice (not part of the tests).

Like bench/worst.py for `check`: random starts biased towards what makes the advice work hardest
(many different tiles, so many passes or discards to rank; East's 14 tiles; a blind pass allowed,
which ranks the two- and one-tile passes too; for a discard, jokers and exposures held), then
hill-climbing: change one tile or one option, keep the change when the answer is slower. Each
request is timed through the command line's answer (parsing and wording included), as the best
of three runs in CPU time (`time.process_time`: on a shared machine wall time mostly measures the
other processes) with the advice's caches emptied first, so that neither a busy machine nor a
cached hand passes for a slow or fast one. The slowest found are written to
bench/worst_charleston.json (both verbs, each entry naming its verb), which bench/analysis.py
times as the worst-case set.

Repeatable: the random starts and changes come from --seed (each verb its own stream: seed, then
seed + 1), so two runs draw the same requests in the same order; how far a run gets in --seconds,
and which changes a climb keeps, still depend on the machine's speed. So the figure to compare is
the last one printed: every request known (the stored set and this search's finds), timed again
the same way, and the slowest beside the aim (AIM_MS, set on the reference machine; on a slower
machine compare ratios, not milliseconds).

    python bench/worst_advice.py [--verb charleston|discard|both] [--seconds 120] [--seed 1] [--write]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import climb  # noqa: E402
from cfmj.engine.card import random_hold, virtual_card  # noqa: E402
from cfmj.engine.cli import answer_charleston, answer_discard  # noqa: E402
from cfmj.engine.errors import InputError  # noqa: E402
from cfmj.engine.evaluation import hand_needs, keep_scorer  # noqa: E402
from cfmj.engine.notation import Hand, format_hand, parse_hand  # noqa: E402
from cfmj.engine.tiles import NATURAL_KINDS  # noqa: E402

WORST_SET = ROOT / "bench" / "worst_charleston.json"
ANSWER: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "charleston": answer_charleston,
    "discard": answer_discard,
}
Request = dict[str, Any]
AIM_MS = {"charleston": 5.0}  # the worst Charleston advice, on the reference machine (issue on speed)


def forget() -> None:
    """Empty the advice's per-hand caches: each timing starts from nothing known."""
    hand_needs.cache_clear()
    keep_scorer.cache_clear()


def seconds_of(
    verb: str, request: Request, repeats: int = 3, clock: Callable[[], float] = time.perf_counter
) -> float | None:
    """The best of `repeats` uncached runs, or None when the advice refuses the input. The
    search ranks by CPU time (`time.process_time`): on a shared machine, wall time mostly
    measures the other processes."""
    best = float("inf")
    for _ in range(repeats):
        forget()
        start = clock()
        try:
            ANSWER[verb](request)
        except InputError:
            return None
        best = min(best, clock() - start)
    return best


def _distinct(rng: Random, size: int) -> list[int]:
    """Mostly different tiles: the most passes (or discards) to rank."""
    tiles = rng.sample(range(NATURAL_KINDS), size) if size <= NATURAL_KINDS else []
    for _ in range(rng.randrange(3)):
        tiles[rng.randrange(size)] = rng.randrange(NATURAL_KINDS)
    return tiles


def random_request(verb: str, rng: Random) -> Request:
    if verb == "charleston":
        size = rng.choice((13, 13, 14))
        tiles = (
            _distinct(rng, size) if rng.random() < 0.7 else [climb.random_tile(rng, 0.1) for _ in range(size)]
        )
        return {
            "hand": format_hand(Hand(tuple(sorted(tiles)), ())),
            "direction": rng.choice(("right", "across", "left")),
            "blind": rng.random() < 0.7,
        }
    if rng.random() < 0.5:
        hand = Hand(tuple(sorted(_distinct(rng, 14))), ())
    else:
        card = virtual_card()
        hand = random_hold(card.entries[rng.randrange(len(card))], rng, joker_chance=0.5)
        concealed = list(hand.concealed)
        for _ in range(rng.randrange(1, 5)):  # a few tiles off the hand: not yet a win
            if concealed:
                concealed[rng.randrange(len(concealed))] = climb.random_tile(rng, 0.2)
        hand = Hand(tuple(sorted(concealed)), hand.exposures)
    return {
        "hand": format_hand(hand),
        "house_rules": sorted(rng.sample((1, 2, 3), rng.randrange(4))),
        "skill_level": rng.randrange(6),
    }


def mutate(verb: str, request: Request, rng: Random) -> Request:
    hand = parse_hand(request["hand"])
    roll = rng.random()
    if roll < 0.8 and hand.concealed:
        concealed = list(hand.concealed)
        concealed[rng.randrange(len(concealed))] = climb.random_tile(rng, 0.15)
        return {**request, "hand": format_hand(Hand(tuple(sorted(concealed)), hand.exposures))}
    if verb == "charleston" and roll < 0.9:
        return {**request, "blind": not request["blind"]}
    return random_request(verb, rng)


def is_legal(request: Request) -> bool:
    try:
        tiles = parse_hand(request["hand"]).tiles
    except InputError:
        return False
    return climb.within_the_set(tiles)


def search(verb: str, seconds: float, seed: int, keep: int) -> list[tuple[float, Request]]:
    rng = Random(seed)
    found: dict[str, tuple[float, Request]] = {}
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        request = random_request(verb, rng)
        took = seconds_of(verb, request, clock=time.process_time) if is_legal(request) else None
        if took is None:
            continue
        found[json.dumps(request, sort_keys=True)] = (took, request)
        for _ in range(20):  # climb from this start
            if time.monotonic() >= end:
                break
            step = mutate(verb, request, rng)
            slower = seconds_of(verb, step, clock=time.process_time) if is_legal(step) else None
            if slower is None:
                continue
            found[json.dumps(step, sort_keys=True)] = (slower, step)
            if slower > took:
                request, took = step, slower
    return sorted(found.values(), key=lambda item: -item[0])[:keep]


def print_slowest_known(verb: str, entries: list[dict[str, Any]]) -> None:
    """Time every known request of `verb` again (CPU, best of three uncached runs) and print the
    slowest beside the aim: a figure two runs can be compared by, whatever each search found."""
    timed = []
    for entry in entries:
        if entry["verb"] == verb:
            request = {k: v for k, v in entry.items() if k != "verb"}
            took = seconds_of(verb, request, clock=time.process_time)
            if took is not None:
                timed.append((took, request))
    if not timed:
        return
    took, request = max(timed, key=lambda item: item[0])
    aim = f"; aim <= {AIM_MS[verb]:g} ms on the reference machine" if verb in AIM_MS else ""
    print(f"{verb}: slowest of the {len(timed)} known: {took * 1000:.2f} ms CPU{aim}")
    print(f"    {json.dumps(request)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verb", choices=("charleston", "discard", "both"), default="both")
    parser.add_argument("--seconds", type=float, default=120, help="per verb")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=int, default=20)
    parser.add_argument("--write", action="store_true", help=f"merge the slowest into {WORST_SET.name}")
    args = parser.parse_args()
    answer_discard({"hand": "1C 2C 3C 4C 5C 6C 7C 8C 9C 1D 2D 3D 4D 5D"})  # build the card first
    kept = json.loads(WORST_SET.read_text()) if WORST_SET.exists() else []
    known = {json.dumps(entry, sort_keys=True) for entry in kept}
    verbs = ("charleston", "discard") if args.verb == "both" else (args.verb,)
    for offset, verb in enumerate(verbs):
        slowest = search(verb, args.seconds, args.seed + offset, args.keep)
        print(f"{verb}: slowest of the search (CPU, best of 3 uncached runs)")
        for took, request in slowest[:5]:
            print(f"{took * 1000:8.2f} ms  {json.dumps(request)}")
        for _, request in slowest:
            entry = {"verb": verb, **request}
            if json.dumps(entry, sort_keys=True) not in known:
                known.add(json.dumps(entry, sort_keys=True))
                kept.append(entry)
        print_slowest_known(verb, kept)
    if args.write:
        WORST_SET.write_text(json.dumps(kept, indent=1) + "\n")
        print(f"{len(kept)} requests in {WORST_SET.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
