"""Categories and their sets (RULES §2.3), and naming the set a hand is built on.

The set is the numbers (or winds) the hand is built on. Each member fills exactly one block; any
other block is a filler (flowers, dragons, NEWS) — a number or wind outside the set is not.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from . import reasons as R
from .blocks import Block
from .reasons import Reason, reason
from .tiles import (
    EAST,
    NEWS,
    NORTH,
    SOUTH,
    SUIT_NAMES,
    WEST,
    code,
    is_number,
    is_wind,
    name,
    number_of,
    suit_of,
)
from .words import join_words

CONSECUTIVE_RUN = "consecutive_run"
CONSECUTIVE_ODDS = "consecutive_odds"
CONSECUTIVE_EVENS = "consecutive_evens"
MULTIPLES_OF_THREE = "multiples_of_three"
LIKE_NUMBERS = "like_numbers"
WINDS = "winds"
CATEGORY_NAMES = {
    CONSECUTIVE_RUN: "Consecutive Run",
    CONSECUTIVE_ODDS: "Consecutive Odds",
    CONSECUTIVE_EVENS: "Consecutive Evens",
    MULTIPLES_OF_THREE: "Multiples of Three",
    LIKE_NUMBERS: "Any Like Numbers",
    WINDS: "Winds",
}
NUMBER_CATEGORIES = (CONSECUTIVE_RUN, CONSECUTIVE_ODDS, CONSECUTIVE_EVENS, MULTIPLES_OF_THREE, LIKE_NUMBERS)
MIN_RUN = 3
WIND_SETS: tuple[tuple[int, ...], ...] = ((NORTH, EAST, WEST, SOUTH), (NORTH, SOUTH), (EAST, WEST))
LIKE_BLOCKS = 3


def _runs(numbers: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [numbers[i:j] for i in range(len(numbers)) for j in range(i + MIN_RUN, len(numbers) + 1)]


# Every set of distinct numbers, with its category (Any Like Numbers repeats one number instead).
NUMBER_SETS: tuple[tuple[str, tuple[int, ...]], ...] = tuple(
    [(CONSECUTIVE_RUN, s) for s in _runs(tuple(range(1, 10)))]
    + [(CONSECUTIVE_ODDS, s) for s in _runs((1, 3, 5, 7, 9))]
    + [(CONSECUTIVE_EVENS, s) for s in _runs((2, 4, 6, 8))]
    + [(MULTIPLES_OF_THREE, (3, 6, 9))]
)
_CATEGORY_OF_NUMBERS = {numbers: category for category, numbers in NUMBER_SETS}


@dataclass(frozen=True)
class Classification:
    category: str | None
    members: tuple[str, ...]  # the set as the CLI writes it: ("7", "8", "9") or ("N", "S")
    in_set: tuple[bool, ...]  # per block: a member of the set (True) or a filler
    reasons: tuple[Reason, ...] = ()


def set_label(members: tuple[str, ...]) -> str:
    return "-".join(members)


_IN_SET = tuple(is_number(t) or is_wind(t) for t in range(NEWS + 1))  # by tile, NEWS the last


def in_set_of(tiles: tuple[int, ...]) -> tuple[bool, ...]:
    """For blocks of these tiles: which are the set's (numbers and winds; the rest fill)."""
    return tuple([_IN_SET[t] for t in tiles])


@lru_cache(maxsize=4096)
def classify_tiles(tiles: tuple[int, ...]) -> Classification:
    """The classification depends only on the blocks' tiles, in order: many readings of a hand
    (other sizes, other jokers) share them, so each is worked out once."""
    numbers = [t for t in tiles if is_number(t)]
    winds = [t for t in tiles if is_wind(t)]
    in_set = in_set_of(tiles)
    if numbers and winds:
        return Classification(
            None,
            (),
            in_set,
            (
                reason(
                    R.NUMBERS_AND_WINDS,
                    f"{code(winds[0])} and {code(numbers[0])}: a hand is built on numbers or on "
                    "winds, never both. (A NEWS block is the one way to add winds to a number hand.)",
                ),
            ),
        )
    if numbers:
        return _classify_numbers(numbers, in_set)
    if winds:
        return _classify_winds(winds, in_set)
    return Classification(
        None,
        (),
        in_set,
        (
            reason(
                R.NO_SET,
                "There is no set: a hand is built on a set of numbers or of winds, and "
                "flowers, dragons and NEWS only fill the places the set leaves.",
            ),
        ),
    )


def _classify_numbers(tiles: list[int], in_set: tuple[bool, ...]) -> Classification:
    values = sorted(number_of(t) for t in tiles)
    distinct = tuple(sorted(set(values)))
    if len(distinct) < len(values):
        if len(distinct) == 1:
            suits = sorted({suit_of(t) for t in tiles})
            if len(tiles) == LIKE_BLOCKS and len(suits) == LIKE_BLOCKS:
                return Classification(LIKE_NUMBERS, (str(distinct[0]),), in_set)
            # a repeated tile (same suit) is reported by the block rules
            if len(suits) == len(tiles):
                have = join_words([SUIT_NAMES[s] for s in suits])
                return Classification(
                    None,
                    (),
                    in_set,
                    (
                        reason(
                            R.LIKE_NUMBERS_SUITS,
                            f"Any Like Numbers needs {distinct[0]} in three blocks, one in each suit "
                            f"(Crak, Bam and Dot); here it is in {have} only.",
                        ),
                    ),
                )
            return Classification(None, (), in_set, ())
        repeated = next(v for v in distinct if values.count(v) > 1)
        shown = join_words([name(t) for t in tiles if number_of(t) == repeated])
        return Classification(
            None,
            (),
            in_set,
            (
                reason(
                    R.NUMBER_REPEATED,
                    f"{repeated} fills more than one block ({shown}): each number of a set fills exactly "
                    "one block. Only Any Like Numbers repeats a number, in three blocks of three suits.",
                ),
            ),
        )
    category = _CATEGORY_OF_NUMBERS.get(distinct)
    if category is not None:
        return Classification(category, tuple(str(n) for n in distinct), in_set)
    return Classification(None, (), in_set, (_not_a_set(distinct),))


def hidden_reasons(blocks: tuple[Block, ...]) -> tuple[Reason, ...]:
    """What else is wrong with the set of a reading that classify refused for a repeated number:
    its numbers, each counted once, are no set either (2C 2D 5B: "2 fills more than one block",
    and 2-5 is no set). classify names only the first problem; a learner who names this one is
    right too."""
    numbers = [b for b in blocks if is_number(b.tile)]
    if not numbers or any(is_wind(b.tile) for b in blocks):
        return ()
    values = [number_of(b.tile) for b in numbers]
    distinct = tuple(sorted(set(values)))
    if len(distinct) in (1, len(values)) or distinct in _CATEGORY_OF_NUMBERS:
        return ()
    return (_not_a_set(distinct),)


@cache  # at most one per subset of 1-9; the search asks the same few many times
def _not_a_set(numbers: tuple[int, ...]) -> Reason:
    have = set(numbers)
    shown = "-".join(str(n) for n in numbers)

    def cost(entry: tuple[str, tuple[int, ...]]) -> tuple[int, int]:
        members = set(entry[1])
        return (len(have - members) + len(members - have), len(members - have))

    category, best = min(NUMBER_SETS, key=cost)
    extra = sorted(have - set(best))
    missing = sorted(set(best) - have)
    name = f"{CATEGORY_NAMES[category]} {'-'.join(str(n) for n in best)}"
    if len(numbers) < MIN_RUN and not extra:
        return reason(
            R.NOT_A_SET,
            f"{shown} is too short for a set: a set has at least three numbers, such as the {name}.",
        )
    if extra and not missing:
        outside = join_words([str(n) for n in extra])
        return reason(
            R.OUTSIDE_SET,
            f"{outside} {'is' if len(extra) == 1 else 'are'} outside the "
            f"set: {'-'.join(str(n) for n in best)} is a {CATEGORY_NAMES[category]}, and "
            "a number outside the set cannot fill a place (only flowers, dragons and "
            "NEWS can).",
        )
    hint = f" The nearest set is the {name}"
    if missing:
        hint += f", which would need {join_words([str(n) for n in missing])} instead"
        if extra:
            hint += f" of {join_words([str(n) for n in extra])}"
    return reason(
        R.NOT_A_SET,
        f"{shown} is not a set: a set is a Consecutive Run (like 4-5-6), "
        f"Consecutive Odds (1-3-5), Consecutive Evens (2-4-6), or 3-6-9.{hint}.",
    )


def _classify_winds(tiles: list[int], in_set: tuple[bool, ...]) -> Classification:
    have = tuple(sorted(set(tiles)))
    if len(have) < len(tiles):
        return Classification(None, (), in_set, ())  # a repeated wind: the block rules say so
    if have in WIND_SETS:
        return Classification(WINDS, tuple(code(t) for t in have), in_set)
    shown = join_words([name(t) for t in have])
    if len(have) == 1 or (len(have) == 2 and have not in WIND_SETS):
        hint = "an opposite pair (North and South, or East and West) or all four winds"
    else:
        hint = "all four winds or just an opposite pair (North and South, or East and West)"
    return Classification(
        None,
        (),
        in_set,
        (reason(R.WINDS_SET, f"{shown} {'is' if len(have) == 1 else 'are'} not a Winds set: use {hint}."),),
    )
