"""The card's shapes: which blocks (tile and size each) make a legal hand, as one look-up.

A reading's shape is its blocks' tiles and sizes, jokers aside. Whether a shape makes a hand
(a set, a pattern, unwoven suits, fillers each once and of a size they may take) depends on the
shape alone, and the virtual card (card.py) lists every shape that does, with its set and
pattern. So `check` asks here before judging a reading: a shape not on the card breaks a rule of
the game whatever else is true of it, and what rule is worked out only if someone asks why the
hand does not win (validate.py). The rules that depend on more than the shape (jokers, exposures,
skill levels, house rules) are judged for each reading as before.

A shape is written as one integer, `size << 3 * tile` summed over its blocks: different for any
two shapes whose blocks name different tiles, which is every shape on the card and every strict
reading the look-up is asked about (a tile named twice is never on the card: `known` refuses it
before adding up).

The index is built from the card in about a third of a second and holds 179,444 integers.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .card import virtual_card

BITS = 3  # a block's size (1-5) in three bits


class Shape(NamedTuple):
    """What the card says of a shape: its category, the set as the command line writes it, and
    its pattern."""

    category: str
    members: tuple[str, ...]
    pattern: str


def shape_key(tiles: tuple[int, ...], sizes: tuple[int, ...]) -> int:
    """The integer naming blocks of these tiles and sizes (tiles distinct), in any order."""
    return sum([size << BITS * tile for tile, size in zip(tiles, sizes, strict=True)])


@cache
def card_shapes() -> dict[int, Shape]:
    """Every shape on the card but the dragon hands' (judged by their own rules), with what it is."""
    shapes: dict[int, Shape] = {}
    made: dict[Shape, Shape] = {}  # one object per category, set and pattern: the card repeats them
    for entry in virtual_card().entries:
        if entry.pattern is None:
            continue
        tiles = tuple(tile for tile, _ in entry.blocks)
        sizes = tuple(size for _, size in entry.blocks)
        shape = Shape(entry.category, entry.members, entry.pattern)
        shapes[shape_key(tiles, sizes)] = made.setdefault(shape, shape)
    return shapes


def built_shapes() -> dict[int, Shape] | None:
    """The shapes, when this process has built them (a server does before it serves:
    game/warm.py; so do the benchmarks), else None: `check` then judges every reading. It never builds
    them itself: a one-off check on the command line would pay a second for what saves it 50 µs,
    and a check inside a time budget would spend it there."""
    return card_shapes() if card_shapes.cache_info().currsize else None


def known(tiles: tuple[int, ...], sizes: tuple[int, ...], shapes: dict[int, Shape]) -> Shape | None:
    """The card's shape of these blocks, or None when they make no hand on the card."""
    if len(set(tiles)) != len(tiles):
        return None  # a tile in two blocks: never on the card
    return shapes.get(shape_key(tiles, sizes))
