"""The tile set, the shuffled wall and the seats around the table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from random import Random

from ..ruleset import RuleSet
from ..tiles import FLOWER, JOKER, MAX_COPIES

SEATS = 4
EAST_HAND = 14
HAND = 13
RIGHT, ACROSS, LEFT = 1, 2, 3  # seat offsets: turn order goes to the right (seat + 1)
WIND_NAMES = ("East", "South", "West", "North")


def full_set(rules: RuleSet) -> tuple[int, ...]:
    """Every tile of the set, sorted: 152 tiles, or 144 under house rule 2."""
    tiles: list[int] = []
    for tile in range(FLOWER):
        tiles += [tile] * MAX_COPIES
    tiles += [FLOWER] * rules.max_flowers + [JOKER] * rules.max_jokers
    return tuple(tiles)


def shuffled_wall(seed: int, rules: RuleSet) -> tuple[int, ...]:
    tiles = list(full_set(rules))
    Random(seed).shuffle(tiles)
    return tuple(tiles)


def to_the(seat: int, offset: int) -> int:
    return (seat + offset) % SEATS


def wind_of(seat: int, dealer: int) -> str:
    """East is the dealer; South, West and North follow in turn order."""
    return WIND_NAMES[(seat - dealer) % SEATS]


def seat_name(seat: int, dealer: int) -> str:
    return f"{wind_of(seat, dealer)} (seat {seat})"


def contains(hand: Iterable[int], tiles: Iterable[int]) -> bool:
    """Does the multiset `hand` hold every tile of `tiles` (with repeats)?"""
    return not Counter(tiles) - Counter(hand)


def remove(hand: list[int], tiles: Iterable[int]) -> None:
    for tile in tiles:
        hand.remove(tile)
