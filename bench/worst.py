"""Search for the slowest inputs of `check` (`make worst`; not part of the tests).

Random starts biased towards what makes the hand-reading search work hardest (many jokers, lone
tiles, exposures holding jokers, every table option), then hill-climbing: change one tile, one
exposure or one option, keep the change when the hand is slower. Each hand is timed as the best of
three runs, so that a busy machine does not pass for a slow hand. The slowest hands found are
written to bench/worst_check.json, which `make bench` times as its worst-case set.

    python bench/worst.py [--seconds 120] [--seed 1] [--keep 40]
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import climb  # noqa: E402
from bench.engine import AIMS_US, HANDS, REFERENCE_FLOOR_US, SEED, floor, mixed_texts_plain  # noqa: E402
from cfmj.engine import check  # noqa: E402
from cfmj.engine.notation import Hand, format_hand, parse_hand  # noqa: E402
from cfmj.engine.shapes import card_shapes  # noqa: E402
from cfmj.engine.tiles import JOKER, NATURAL_KINDS  # noqa: E402
from cfmj.engine.winning import support_index  # noqa: E402

WORST_SET = ROOT / "bench" / "worst_check.json"
HAND_SIZE = 14


@dataclass(frozen=True)
class Case:
    hand: Hand
    house_rules: tuple[int, ...] = ()
    base: int = 25
    skill_level: int = 0
    self_drawn: bool = False

    def options(self) -> dict[str, object]:
        return {
            "house_rules": self.house_rules,
            "base": self.base,
            "skill_level": self.skill_level,
            "self_drawn": self.self_drawn,
        }

    def as_dict(self) -> dict[str, object]:
        return {"hand": format_hand(self.hand), **self.options(), "house_rules": list(self.house_rules)}


def seconds_of(case: Case) -> float | None:
    """The best of three runs in CPU time of the whole answer (a refused hand's reasons too, which
    `check` searches for when they are first read), or None when check refuses the input."""
    return climb.best_of(lambda: check(case.hand, **case.options()).reasons)  # type: ignore[arg-type]


random_tile = climb.random_tile


def random_case(rng: Random) -> Case:
    if rng.random() < 0.3:
        return _few_kinds(rng)
    joker_weight = rng.choice((0.0, 0.2, 0.4, 0.5, 0.6))
    exposures: list[tuple[int, ...]] = []
    for _ in range(rng.choice((0, 0, 0, 1, 2))):
        tile = rng.randrange(NATURAL_KINDS)
        size = rng.choice((3, 3, 4, 5))
        jokers = rng.randrange(0, size)
        exposures.append(tuple(sorted([tile] * (size - jokers) + [JOKER] * jokers)))
    left = HAND_SIZE - sum(len(g) for g in exposures)
    if left < 1:
        exposures, left = [], HAND_SIZE
    concealed = tuple(sorted(random_tile(rng, joker_weight) for _ in range(left)))
    return Case(
        Hand(concealed, tuple(exposures)),
        house_rules=tuple(sorted(rng.sample((1, 2, 3), rng.randrange(4)))),
        base=rng.choice((25, 20)),
        skill_level=rng.randrange(6),
        self_drawn=rng.random() < 0.3,
    )


def _few_kinds(rng: Random) -> Case:
    """Pairs and Pungs of two or three kinds and up to eight jokers: every joker block can be
    named many ways, so the strict search has hundreds of readings (7D 7D 7D 5C 5C 5C and eight
    jokers: 657)."""
    tiles: list[int] = []
    for kind in rng.sample(range(NATURAL_KINDS - 1), rng.choice((2, 3))):
        tiles += [kind] * rng.choice((2, 3))
    tiles += [JOKER] * min(8, HAND_SIZE - len(tiles))
    tiles += [rng.randrange(NATURAL_KINDS - 1) for _ in range(HAND_SIZE - len(tiles))]
    return Case(
        Hand(tuple(sorted(tiles)), ()),
        house_rules=tuple(sorted(rng.sample((1, 2, 3), rng.randrange(4)))),
        base=rng.choice((25, 20)),
        skill_level=rng.randrange(6),
        self_drawn=rng.random() < 0.3,
    )


def mutate(case: Case, rng: Random) -> Case:
    roll = rng.random()
    if roll < 0.75 and case.hand.concealed:
        concealed = list(case.hand.concealed)
        concealed[rng.randrange(len(concealed))] = random_tile(rng, 0.3)
        return replace(case, hand=Hand(tuple(sorted(concealed)), case.hand.exposures))
    if roll < 0.85:
        return replace(case, skill_level=rng.randrange(6), self_drawn=not case.self_drawn)
    if roll < 0.92:
        return replace(case, house_rules=tuple(sorted(rng.sample((1, 2, 3), rng.randrange(4)))))
    return random_case(rng) if rng.random() < 0.5 else replace(case, base=45 - case.base)


def is_legal(case: Case) -> bool:
    return climb.within_the_set(case.hand.tiles)


def main() -> None:
    card_shapes()  # as a server answers (cfmj/engine/game/warm.py)
    support_index()
    climb.main(__doc__ or "", WORST_SET, start=random_case, change=mutate, legal=is_legal, timed=seconds_of)
    print_slowest_known()


def print_slowest_known() -> None:
    """Time every hand of the kept set again (with --write, this search's finds are in it) and print
    the slowest beside the aim, scaled by this run's floor (bench/engine.py): the figure two runs
    can be compared by, whatever each search found."""
    cases = [
        Case(parse_hand(c["hand"]), tuple(c["house_rules"]), c["base"], c["skill_level"], c["self_drawn"])
        for c in json.loads(WORST_SET.read_text())
    ]
    took, case = max(((seconds_of(case) or 0.0, case) for case in cases), key=lambda timed: timed[0])
    floor_us = floor(mixed_texts_plain(HANDS, SEED))
    here = AIMS_US["worst"] * floor_us / REFERENCE_FLOOR_US
    verdict = "met" if took * 1e6 <= here else "NOT met"
    print(
        f"check: slowest of the {len(cases)} known: {took * 1000:.2f} ms CPU; aim <= "
        f"{AIMS_US['worst'] / 1000:g} ms on the reference machine = {here / 1000:.2f} ms here "
        f"(floor {floor_us:.2f} us): {verdict}"
    )
    print(f"    {json.dumps(case.as_dict())}")


if __name__ == "__main__":
    main()
