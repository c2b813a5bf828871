"""The no-weaving rule (RULES §2.3): number blocks of one suit sit together in number order."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import product

from . import reasons as R
from .categories import LIKE_NUMBERS
from .reasons import Reason, reason
from .tiles import is_number, name, number_of, suit_of
from .words import join_words


def is_woven(suits: tuple[int, ...] | list[int]) -> bool:
    seen: set[int] = set()
    previous = None
    for suit in suits:
        if suit != previous and suit in seen:
            return True
        seen.add(suit)
        previous = suit
    return False


@cache
def unwoven_suit_sequences(length: int) -> tuple[tuple[int, ...], ...]:
    """Every suit sequence for `length` number blocks in number order that is not woven."""
    return tuple(s for s in product(range(3), repeat=length) if not is_woven(s))


def weaving_of_tiles(tiles: tuple[int, ...], category: str | None) -> tuple[Reason, ...]:
    """Why blocks of these tiles, in order, are woven (nothing if they are not)."""
    if category is None or category == LIKE_NUMBERS:
        # No set, no number order to judge; and one number in three suits is in any order.
        return ()
    return _weaving_of(tuple([t for t in tiles if is_number(t)]))


@lru_cache(maxsize=4096)
def _weaving_of(tiles: tuple[int, ...]) -> tuple[Reason, ...]:
    """Whether number tiles (in block order) are woven: it depends on the tiles alone, which
    many readings of one hand share."""
    numbers = sorted(tiles, key=number_of)
    first_of: dict[int, int] = {}
    previous = None
    for index, tile in enumerate(numbers):
        suit = suit_of(tile)
        if suit != previous and suit in first_of:
            earlier = numbers[first_of[suit]]
            between = [name(t) for t in numbers[first_of[suit] + 1 : index] if suit_of(t) != suit]
            return (
                reason(
                    R.WOVEN,
                    f"Woven suits: {name(earlier)} and "
                    f"{name(tile)} are split by {join_words(between)}. In number order, "
                    "the blocks of each suit must sit together.",
                ),
            )
        first_of.setdefault(suit, index)
        previous = suit
    return ()
