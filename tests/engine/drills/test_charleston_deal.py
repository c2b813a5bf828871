"""Charleston racks are dealt as at the table, so they hold jokers as often as a real deal does.

Racks built from a card entry held 4 jokers or more in a quarter of band 5's puzzles; in a real
deal of 13 tiles from the 152 (8 jokers) it is 0.19%.
"""

from __future__ import annotations

from collections import Counter
from math import comb
from random import Random

from cfmj.engine import drills
from cfmj.engine.drills.charleston import dealt_rack
from cfmj.engine.notation import parse_hand
from cfmj.engine.tiles import JOKER

RACKS = 2_000


def _four_or_more_in_a_deal() -> float:
    """The chance that 13 tiles from the 152 hold 4 of the 8 jokers or more."""
    return sum(comb(8, k) * comb(144, 13 - k) for k in range(4, 9)) / comb(152, 13)


def test_the_real_deal_figure_is_what_the_docstring_says() -> None:
    assert round(_four_or_more_in_a_deal() * 100, 2) == 0.19


def test_dealt_racks_hold_jokers_as_often_as_a_real_deal() -> None:
    rng = Random(15)
    jokers = Counter(dealt_rack(rng).concealed.count(JOKER) for _ in range(RACKS))
    many = sum(n for count, n in jokers.items() if count >= 4)
    # Expected 3.8 of 2,000; 15 or more would happen by chance less than once in a million.
    assert many < 15
    mean = sum(count * n for count, n in jokers.items()) / RACKS
    assert abs(mean - 13 * 8 / 152) < 0.06  # 0.68 jokers a rack
    assert jokers[0] / RACKS > 0.4  # about half of all racks hold none (48%)


def test_dealt_racks_are_thirteen_tiles_of_one_set() -> None:
    rng = Random(3)
    for _ in range(200):
        rack = dealt_rack(rng)
        assert len(rack.concealed) == 13 and not rack.exposures
        assert max(Counter(rack.concealed).values()) <= 8  # at most the 8 jokers or flowers


def test_band_five_charleston_puzzles_are_real_deals() -> None:
    made = drills.generate_many("charleston", count=40, band=5, seed=2026)
    many = [p for p in made if parse_hand(p.question["hand"]).concealed.count(JOKER) >= 4]
    assert len(many) <= 1  # built from card entries, about 10 of 40 held 4 jokers or more
    assert all(len(p.question["tiles"]) == 13 for p in made)


def test_band_one_racks_are_dealt_without_jokers() -> None:
    rng = Random(7)
    racks = [dealt_rack(rng, jokers=False) for _ in range(200)]
    assert all(JOKER not in rack.concealed and len(rack.concealed) == 13 for rack in racks)
