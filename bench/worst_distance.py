"""Search for the slowest inputs of `distance` (`make worst`; not part of the tests).

Random starts biased towards what makes `needs()` and the nearest targets work hardest: many
jokers, lone tiles, exposures holding jokers and all-joker ones (their displaced tiles take the
slow path), tiles the tables have shown (`visible`), every house rule, 13 and 14 tiles. Then
hill-climbing: change one tile, one exposure, the visible counts or the options, keep the change
when the hand is slower. Each hand is timed as the best of three runs, so that a busy machine does
not pass for a slow hand. The slowest found are written to bench/worst_distance.json, which
bench/analysis.py times as distance's worst-case set.

    python bench/worst_distance.py [--seconds 120] [--seed 1] [--keep 40] [--write]
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import climb  # noqa: E402
from cfmj.engine.distance import distance  # noqa: E402
from cfmj.engine.notation import Hand, format_hand  # noqa: E402
from cfmj.engine.ruleset import RuleSet  # noqa: E402
from cfmj.engine.tiles import FLOWER, JOKER, MAX_COPIES, MAX_FLOWERS, NATURAL_KINDS, WINDS, code  # noqa: E402

WORST_SET = ROOT / "bench" / "worst_distance.json"


@dataclass(frozen=True)
class Case:
    hand: Hand
    visible: tuple[tuple[int, int], ...] = ()  # (tile, copies the tables have shown)
    house_rules: tuple[int, ...] = ()

    def as_dict(self) -> dict[str, object]:
        return {
            "hand": format_hand(self.hand),
            "visible": {code(tile): seen for tile, seen in self.visible},
            "house_rules": list(self.house_rules),
        }


def run(case: Case) -> None:
    distance(case.hand, visible=dict(case.visible), rules=RuleSet.make(house_rules=case.house_rules))


def seconds_of(case: Case) -> float | None:
    """The best of three runs in CPU time, or None when distance refuses the input."""
    return climb.best_of(lambda: run(case))


random_tile = climb.random_tile


def random_exposure(rng: Random) -> tuple[int, ...]:
    """A Pung, Kong or Quint, often holding jokers, sometimes all jokers; rarely NEWS."""
    if rng.random() < 0.03:
        return tuple(sorted(WINDS))
    size = rng.choice((3, 3, 4, 4, 5))
    jokers = rng.choice((0, 1, rng.randrange(size), size, size))
    tile = rng.randrange(NATURAL_KINDS)
    return tuple(sorted([tile] * (size - jokers) + [JOKER] * jokers))


def random_visible(rng: Random) -> tuple[tuple[int, int], ...]:
    if rng.random() < 0.4:
        return ()
    tiles = rng.sample(range(NATURAL_KINDS), rng.randrange(1, 16))
    seen = {t: rng.randrange(1, (MAX_FLOWERS if t == FLOWER else MAX_COPIES) + 1) for t in tiles}
    return tuple(sorted(seen.items()))


def random_case(rng: Random) -> Case:
    size = rng.choice((13, 14))
    joker_weight = rng.choice((0.0, 0.1, 0.3, 0.5, 0.7))
    exposures = [random_exposure(rng) for _ in range(rng.choice((0, 0, 1, 1, 2, 3)))]
    left = size - sum(len(g) for g in exposures)
    while left < 1:
        exposures.pop()
        left = size - sum(len(g) for g in exposures)
    concealed = tuple(sorted(random_tile(rng, joker_weight) for _ in range(left)))
    return Case(
        Hand(concealed, tuple(exposures)),
        visible=random_visible(rng),
        house_rules=tuple(sorted(rng.sample((1, 2, 3), rng.randrange(4)))),
    )


def mutate(case: Case, rng: Random) -> Case:
    roll = rng.random()
    hand = case.hand
    if roll < 0.6 and hand.concealed:
        concealed = list(hand.concealed)
        concealed[rng.randrange(len(concealed))] = random_tile(rng, 0.3)
        return replace(case, hand=Hand(tuple(sorted(concealed)), hand.exposures))
    if roll < 0.75 and hand.exposures:  # swap one exposure for another of the same size
        exposures = list(hand.exposures)
        index = rng.randrange(len(exposures))
        for _ in range(20):
            other = random_exposure(rng)
            if len(other) == len(exposures[index]):
                exposures[index] = other
                break
        return replace(case, hand=Hand(hand.concealed, tuple(exposures)))
    if roll < 0.9:
        return replace(case, visible=random_visible(rng))
    if roll < 0.95:
        return replace(case, house_rules=tuple(sorted(rng.sample((1, 2, 3), rng.randrange(4)))))
    return random_case(rng)


def is_legal(case: Case) -> bool:
    return climb.within_the_set(case.hand.tiles)


def main() -> None:
    climb.main(__doc__ or "", WORST_SET, start=random_case, change=mutate, legal=is_legal, timed=seconds_of)


if __name__ == "__main__":
    main()
