"""Scoring and payouts (RULES §3).

Value = (base + bonuses) x 2 if self-drawn x 2 if the hand has no jokers. The special dragon
hands have a fixed value and (by default) no doubling. The discarder of the winning tile pays
twice the value; otherwise each loser pays the value.
"""

from __future__ import annotations

from functools import lru_cache

from .blocks import PAIR, QUINT, Block
from .categories import LIKE_NUMBERS, NUMBER_CATEGORIES
from .tiles import DRAGON_SUIT, FLOWER, NEWS, is_dragon, is_number, is_wind, suit_of

BONUS_KEYS = ("pairs", "quints", "set", "suit", "concealed")
PAIRS_BONUS = 5
SEVEN_PAIRS_BONUS = 10
QUINT_BONUS = 5
SET_BONUS = 5
SUIT_BONUS = 5
CONCEALED_BONUS = 10
PAIRS_FOR_BONUS = range(3, 6)
SEVEN_PAIRS = 7
DISCARDER_PAYS_TIMES = 2


def bonuses_of_shape(
    category: str, tiles: tuple[int, ...], sizes: tuple[int, ...], *, concealed: bool
) -> dict[str, int]:
    """The bonuses of blocks of these tiles and sizes, in order (a copy: the caller may keep it)."""
    return dict(_bonuses(category, tiles, sizes, concealed))


@lru_cache(maxsize=4096)
def _bonuses(
    category: str, tiles: tuple[int, ...], sizes: tuple[int, ...], concealed: bool
) -> dict[str, int]:
    """The bonuses depend on the blocks' tiles and sizes alone (not their jokers): worked out once
    for the readings that share them (bonuses_of_shape() hands out a copy)."""
    return {
        "pairs": _pairs_bonus(sizes),
        "quints": QUINT_BONUS * sizes.count(QUINT),
        "set": SET_BONUS if _set_bonus(tiles) else 0,
        "suit": SUIT_BONUS if _suit_bonus(category, tiles) else 0,
        "concealed": CONCEALED_BONUS if concealed else 0,
    }


def _pairs_bonus(sizes: tuple[int, ...]) -> int:
    pairs = sizes.count(PAIR)
    if pairs == SEVEN_PAIRS:
        return SEVEN_PAIRS_BONUS
    return PAIRS_BONUS if pairs in PAIRS_FOR_BONUS else 0


def earns_set_bonus(blocks: tuple[Block, ...]) -> bool:
    """Only number tiles, or only wind tiles: no dragons, no flowers (jokers stand for the set)."""
    return _set_bonus(tuple(b.tile for b in blocks))


def _set_bonus(tiles: tuple[int, ...]) -> bool:
    return all(is_number(t) for t in tiles) or all(is_wind(t) or t == NEWS for t in tiles)


def _suit_bonus(category: str, tiles: tuple[int, ...]) -> bool:
    """A number hand in one suit: no flowers, no winds, any dragon of the matching colour."""
    if category not in NUMBER_CATEGORIES or category == LIKE_NUMBERS:
        return False
    suits = {suit_of(t) for t in tiles if is_number(t)}
    if len(suits) != 1:
        return False
    suit = suits.pop()
    for tile in tiles:
        if tile in (FLOWER, NEWS) or is_wind(tile):
            return False
        if is_dragon(tile) and DRAGON_SUIT[tile] != suit:
            return False
    return True


def hand_value(points: int, *, self_drawn: bool, jokerless: bool) -> int:
    return points * (2 if self_drawn else 1) * (2 if jokerless else 1)


def loser_pays(value: int, *, discarded_it: bool) -> int:
    """The payment rule: each loser pays the winner the hand's value, except that whoever
    discarded the winning tile pays twice the value. Every payment is worked out here."""
    return DISCARDER_PAYS_TIMES * value if discarded_it else value


def payout(value: int, *, self_drawn: bool) -> dict[str, int]:
    """Who pays what, as check() answers it: `each` loser after a self-drawn win, else the
    `discarder` and each `other` loser."""
    if self_drawn:
        return {"each": loser_pays(value, discarded_it=False)}
    return {"discarder": loser_pays(value, discarded_it=True), "other": loser_pays(value, discarded_it=False)}


def winner_receives(value: int, *, self_drawn: bool, seats: int = 4) -> int:
    """What the winner collects in all (from the three losers, by the payment rule)."""
    return payments(seats=seats, winner=0, value=value, discarder=None if self_drawn else 1)[0]


# How Mah Jongg was made. A win by joker exchange counts as self-drawn [D].
BY_DISCARD = "discard"
BY_WALL = "wall"
BY_JOKER_EXCHANGE = "joker_exchange"
WAYS_TO_WIN = (BY_DISCARD, BY_WALL, BY_JOKER_EXCHANGE)


def counts_as_self_drawn(won_by: str) -> bool:
    if won_by not in WAYS_TO_WIN:
        raise ValueError(f"unknown way to win: {won_by}")
    return won_by != BY_DISCARD


def payments(*, seats: int = 4, winner: int | None, value: int, discarder: int | None) -> list[int]:
    """Net points per seat for one hand: the losers pay the winner (the discarder double);
    a wall game (no winner) pays nothing."""
    if winner is None:
        return [0] * seats
    owed = [0] * seats
    for seat in range(seats):
        if seat != winner:
            owed[seat] = -loser_pays(value, discarded_it=seat == discarder)
    owed[winner] = -sum(owed)
    return owed
