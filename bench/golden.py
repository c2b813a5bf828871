"""Record the engine's answers, so that a faster engine can be held to answering exactly as before.

The requests: `make bench`'s mix of 2,000 hands for `check`, 10,000 random hands for `check`
(5,000 deals from a shuffled wall, 5,000 of bench/worst.py's joker-heavy starts, every table
option), and random hands for `distance`, `charleston` and `discard` with table options. Each
answer is kept as a digest of the command line's JSON answer (`cfmj.engine.cli.answer_<verb>`):
tests/engine/test_golden.py asks again and compares.

    python bench/golden.py          # compare, print the first differences
    python bench/golden.py --redigest  # record the same requests' answers afresh (an answer
                                       # meant to change)
    python bench/golden.py --write  # draw the requests afresh and record them
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from random import Random
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.engine import SEED, mixed_hands  # noqa: E402
from bench.worst import is_legal, random_case  # noqa: E402
from cfmj.engine.card import random_hold, virtual_card  # noqa: E402
from cfmj.engine.cli import answer_charleston, answer_check, answer_discard, answer_distance  # noqa: E402
from cfmj.engine.errors import InputError  # noqa: E402
from cfmj.engine.notation import Hand, format_hand  # noqa: E402
from cfmj.engine.shapes import card_shapes  # noqa: E402
from cfmj.engine.studies.charleston_strength import wall  # noqa: E402
from cfmj.engine.winning import support_index  # noqa: E402

GOLDEN = ROOT / "tests" / "engine" / "golden" / "answers.jsonl.gz"
ANSWER: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "check": answer_check,
    "distance": answer_distance,
    "charleston": answer_charleston,
    "discard": answer_discard,
}


def _options(rng: Random) -> dict[str, Any]:
    return {
        "house_rules": sorted(rng.sample((1, 2, 3), rng.randrange(4))),
        "base": rng.choice((25, 20)),
        "skill_level": rng.randrange(6),
    }


def _dealt(rng: Random, size: int) -> Hand:
    return Hand(tuple(sorted(wall(rng)[:size])), ())


def _held_short(rng: Random, size: int) -> Hand:
    """A card arrangement held with jokers and exposures, less random concealed tiles."""
    card = virtual_card()
    while True:
        hand = random_hold(card.entries[rng.randrange(len(card))], rng)
        concealed = list(hand.concealed)
        while len(concealed) + sum(len(g) for g in hand.exposures) > size and concealed:
            concealed.pop(rng.randrange(len(concealed)))
        if len(concealed) + sum(len(g) for g in hand.exposures) == size:
            return Hand(tuple(sorted(concealed)), hand.exposures)


def requests() -> Iterator[tuple[str, dict[str, Any]]]:
    for hand, self_drawn in mixed_hands(2000, SEED):
        yield "check", {"hand": format_hand(hand), "self_drawn": self_drawn}
    rng = Random(SEED + 1)
    for number in range(10_000):
        if number % 2:
            case = random_case(rng)
            while not is_legal(case):
                case = random_case(rng)
            yield "check", case.as_dict()
        else:
            hand = _dealt(rng, 14)
            yield "check", {"hand": format_hand(hand), "self_drawn": rng.random() < 0.3, **_options(rng)}
    rng = Random(SEED + 2)
    for number in range(1500):
        hand = _dealt(rng, 13) if number % 2 else _held_short(rng, rng.choice((13, 14)))
        yield "distance", {"hand": format_hand(hand), **_options(rng)}
    rng = Random(SEED + 3)
    for number in range(150):
        hand = _dealt(rng, 13)
        direction = ("right", "across", "left")[number % 3]
        yield "charleston", {"hand": format_hand(hand), "direction": direction, "blind": number % 2 == 0}
    rng = Random(SEED + 4)
    for number in range(300):
        hand = _dealt(rng, 14) if number % 2 else _held_short(rng, 14)
        yield "discard", {"hand": format_hand(hand), **_options(rng)}


def digest(verb: str, request: dict[str, Any]) -> str:
    try:
        answer = ANSWER[verb](request)
    except InputError as error:
        answer = {"error": str(error)}
    return hashlib.sha256(json.dumps(answer, sort_keys=True).encode()).hexdigest()[:16]


def read_golden() -> list[dict[str, Any]]:
    with gzip.open(GOLDEN, "rt") as stream:
        return [json.loads(line) for line in stream]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="draw the requests afresh and record them")
    parser.add_argument(
        "--redigest", action="store_true", help="keep the recorded requests, record their answers afresh"
    )
    args = parser.parse_args()
    if args.write or args.redigest:
        asked = [(c["verb"], c["request"]) for c in read_golden()] if args.redigest else list(requests())
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        with gzip.GzipFile(GOLDEN, "wb", mtime=0) as raw:
            for verb, request in asked:
                line = {"verb": verb, "request": request, "digest": digest(verb, request)}
                raw.write((json.dumps(line, sort_keys=True) + "\n").encode())
        print(f"wrote {GOLDEN.relative_to(ROOT)}")
        return
    differ = 0
    cases = read_golden()
    card_shapes()  # as a server answers: readings looked up on the card (shapes.py, winning.py)
    support_index()
    for case in cases:
        if digest(case["verb"], case["request"]) != case["digest"]:
            differ += 1
            if differ <= 10:
                print("differs:", case["verb"], json.dumps(case["request"]))
    print(f"{differ} of {len(cases)} answers differ")


if __name__ == "__main__":
    main()
