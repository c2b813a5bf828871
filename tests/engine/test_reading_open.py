"""The hands still open to an opponent (cfmj.engine.reading.open_targets): hand-made positions
whose answer is certain, and agreement with the reading's own count."""

import numpy as np
import numpy.typing as npt

from cfmj.engine.notation import parse_hand
from cfmj.engine.reading import Opponent, open_targets, read, unseen_counts
from cfmj.engine.tiles import parse_tile


def _opponent(exposures: str, name: str = "West") -> Opponent:
    return Opponent(name, parse_hand(exposures).exposures)


def _available(opponent: Opponent, seen: str = "") -> npt.NDArray[np.int16]:
    exposed = [t for group in opponent.exposures for t in group]
    return unseen_counts((), [*exposed, *(parse_tile(t) for t in seen.split())])


def test_it_leaves_only_dragons_wings_after_three_dragon_kongs():
    west = _opponent("[RD RD RD RD] [GD GD GD GD] [WD WD WD WD]")
    assert open_targets(west, available=_available(west)) == {("dragons_wings", (), None)}


def test_it_closes_dragons_wings_when_every_1_bam_is_in_view():
    west = _opponent("[RD RD RD RD] [GD GD GD GD] [WD WD WD WD]")
    assert open_targets(west, available=_available(west, "1B 1B 1B")) == frozenset()


def test_it_keeps_every_hand_that_holds_the_exposure_as_a_block():
    west = _opponent("[5B 5B 5B 5B]")
    targets = open_targets(west, available=_available(west))
    categories = {category for category, _, _ in targets}
    assert "winds" not in categories and "consecutive_evens" not in categories
    assert "multiples_of_three" not in categories and "dragons_wings" not in categories
    assert ("consecutive_run", ("4", "5", "6"), "pair_three_kongs") in targets
    assert ("consecutive_run", ("4", "5", "6"), "pair_four_pungs") not in targets  # it has no Kong
    assert all("5" in members or category == "like_numbers" for category, members, _ in targets)


def test_it_counts_as_many_hands_as_the_reading():
    for exposures in ("[5B 5B 5B 5B]", "[N N N] [RD RD RD RD]", "[3C 3C 3C] [6D 6D 6D J]"):
        west = _opponent(exposures)
        available = _available(west)
        assert len(open_targets(west, available=available)) == read(west, unseen=available).open_hands


def test_it_leaves_nothing_open_to_a_dead_hand():
    west = Opponent("West", parse_hand("[5B 5B 5B 5B]").exposures, dead=True)
    assert open_targets(west, available=_available(west)) == frozenset()
