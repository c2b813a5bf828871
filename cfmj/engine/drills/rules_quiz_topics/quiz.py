"""A Quick rules question (Quiz) and the choices every topic builds its answers from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from ...game.tileset import ACROSS, LEFT, RIGHT, SEATS, to_the, wind_of
from ...tiles import (
    DRAGONS,
    FLOWER,
    JOKER,
    WINDS,
    code,
    is_dragon,
    is_number,
    is_wind,
    name,
    number_of,
    number_tile,
    suit_of,
)

Choice = tuple[str, str]  # (value, label)
DEALER = 0  # every table here has East in seat 0, so a seat's wind names it
MAX_TRIES = 60
DIRECTION = {RIGHT: "right", ACROSS: "across", LEFT: "left"}  # the game's seat offsets, in words


@dataclass(frozen=True)
class Quiz:
    """One question: the right choice, wrong ones to pick from, and why (RULES sections apart)."""

    prompt: str
    right: Choice
    others: list[Choice]
    why: str
    sections: tuple[str, ...]
    tile: str | None = None
    hand: str | None = None
    count: int = 4


def wind(seat: int, dealer: int = DEALER) -> str:
    return wind_of(seat, dealer)


def seat_choice(seat: int) -> Choice:
    return (wind(seat).lower(), wind(seat))


def seats_but(*seats: int) -> list[Choice]:
    return [seat_choice(s) for s in range(SEATS) if s not in seats]


def number_choices(numbers: Sequence[int]) -> list[Choice]:
    return [(f"n{n}", str(n)) for n in numbers]


def tile_choice(tile: int) -> Choice:
    return code(tile).lower(), name(tile)


def lookalikes(tile: int) -> list[int]:
    """Tiles a beginner could take this one for."""
    if is_number(tile):
        number, suit = number_of(tile), suit_of(tile)
        return [number_tile(number, s) for s in range(3) if s != suit] + [
            number_tile(n, suit) for n in (number - 1, number + 1) if 1 <= n <= 9
        ]
    blank = (FLOWER, JOKER, DRAGONS[-1])
    group = WINDS if is_wind(tile) else (*DRAGONS, FLOWER) if is_dragon(tile) else (*blank, *DRAGONS[:1])
    return [t for t in group if t != tile]


def said(tile: int) -> str:
    """A tile as a prompt names it: '5 Dot', 'the East wind', 'a Flower'."""
    return f"the {name(tile)} wind" if is_wind(tile) else f"a {name(tile)}" if tile >= FLOWER else name(tile)


def direction(giver: int, receiver: int) -> int:
    return next(offset for offset in DIRECTION if to_the(giver, offset) == receiver)


WAYS = [("right", "To the right"), ("across", "Across"), ("left", "To the left")]


def way_choice(way: str) -> Choice:
    return next(c for c in WAYS if c[0] == way)


def some_number(rng: Random) -> int:
    return number_tile(rng.randint(1, 9), rng.randrange(3))


def joker_block(tile: int, size: int, jokers: int) -> tuple[int, ...]:
    """A block of `size` of `tile`, `jokers` of them jokers (sorted, as an exposure is written)."""
    return tuple(sorted([tile] * (size - jokers) + [JOKER] * jokers))
