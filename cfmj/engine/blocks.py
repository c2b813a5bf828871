"""Blocks (RULES §2.1) and the rules about single blocks."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from . import reasons as R
from .reasons import Reason, reason
from .tiles import JOKER, NEWS, is_number, is_wind, tiles_words
from .tiles import name as tile_name
from .words import join_words

PAIR, PUNG, KONG, QUINT = 2, 3, 4, 5
BLOCK_NAMES = {1: "single", 2: "Pair", 3: "Pung", 4: "Kong", 5: "Quint"}
MAX_LISTED = 5


@dataclass(frozen=True, slots=True)
class Block:
    """`size` tiles of `tile`, `jokers` of them jokers. A NEWS block has tile NEWS, size 4.

    `exposure` is the index of the hand's exposure this block was exposed as, or -1.
    """

    tile: int
    size: int
    jokers: int = 0
    exposure: int = -1

    @property
    def exposed(self) -> bool:
        return self.exposure >= 0

    @property
    def naturals(self) -> int:
        return self.size - self.jokers

    def describe(self) -> str:
        """'three 5 Craks and a joker': the block's tiles in words."""
        if self.tile == NEWS:
            return "North, East, West and South"
        return tiles_words([self.tile] * self.naturals + [JOKER] * self.jokers)

    def label(self) -> str:
        name = BLOCK_NAMES.get(self.size, f"block of {self.size}")
        return "NEWS" if self.tile == NEWS else f"{name} of {tile_name(self.tile)}"


def block_name(size: int) -> str:
    return BLOCK_NAMES.get(size, f"block of {size}")


def block_reasons(
    blocks: tuple[Block, ...], *, tiles: tuple[int, ...] | None = None, sizes: tuple[int, ...] | None = None
) -> list[Reason]:
    """Jokers never in a Pair; every tile in a block; a number or wind fills one block.

    `tiles` and `sizes`, the blocks' own when the caller has them, answer the usual case (distinct
    tiles, none alone, no joker in a Pair) without the walk below."""
    if (
        tiles is not None
        and sizes is not None
        and 1 not in sizes
        and len(set(tiles)) == len(tiles)
        and not (PAIR in sizes and any(b.jokers and b.size == PAIR for b in blocks))
    ):
        return []
    lone: list[int] = []
    joker_alone = False
    joker_pair: Block | None = None
    blocks_of: dict[int, int] = {}  # tile -> its blocks, in the order the tiles first come
    exposed: set[int] = set()
    for b in blocks:
        if b.size == 1:
            if b.jokers:
                joker_alone = True
            else:
                lone.append(b.tile)
        elif b.size == PAIR and b.jokers and joker_pair is None:
            joker_pair = b
        blocks_of[b.tile] = blocks_of.get(b.tile, 0) + 1
        if b.exposure >= 0:
            exposed.add(b.tile)
    if not lone and not joker_alone and joker_pair is None and len(blocks_of) == len(blocks):
        return []  # the usual case, answered without building anything
    found: list[Reason] = []
    if lone:
        found.append(_lone_reason(tuple(lone)))
    if joker_alone:
        found.append(_JOKER_ALONE)
    if joker_pair is not None:
        found.append(_joker_pair_reason(joker_pair.tile, joker_pair.jokers))
    for tile, count in blocks_of.items():
        if count >= 2 and (is_number(tile) or is_wind(tile)) and tile not in exposed:
            # (an exposed one is reported by the exposure rules, which can say more)
            found.append(_split_reason(tile, count))
    return found


# Readings of one hand share these messages many times over: each is worded once.
_JOKER_ALONE = reason(
    R.LONE_TILE, "A joker stands alone: a joker must fill a place in a Pung, Kong or Quint."
)


@lru_cache(maxsize=4096)
def _lone_reason(tiles: tuple[int, ...]) -> Reason:
    lone = [tile_name(t) for t in tiles]
    verb = "stands" if len(lone) == 1 else "stand"
    if len(lone) > MAX_LISTED:
        lone = [*lone[:MAX_LISTED], f"{len(lone) - MAX_LISTED} more"]
    return reason(
        R.LONE_TILE,
        f"{join_words(lone)} {verb} alone: every tile must be part of "
        "a block of identical tiles, at least a Pair (jokers can fill out a "
        "Pung, but never a Pair).",
    )


@lru_cache(maxsize=512)
def _joker_pair_reason(tile: int, jokers: int) -> Reason:
    pair = Block(tile, PAIR, jokers)
    what = (
        "two jokers cannot make a Pair"
        if pair.naturals == 0
        else f"{pair.describe()} would be a Pair with a joker"
    )
    return reason(
        R.JOKER_IN_PAIR,
        f"A joker cannot stand in a Pair: {what}. Pairs are "
        "made of two real tiles; jokers fill Pungs, Kongs and Quints.",
    )


@lru_cache(maxsize=512)
def _split_reason(tile: int, count: int) -> Reason:
    return reason(
        R.TILE_IN_TWO_BLOCKS,
        f"{tile_name(tile)} makes {count} separate blocks: "
        f"each {'number' if is_number(tile) else 'wind'} of the set fills "
        "exactly one block.",
    )


def all_joker_reasons(blocks: tuple[Block, ...], allowed: bool) -> list[Reason]:
    if allowed:
        return []
    found = [b for b in blocks if b.tile != NEWS and b.jokers == b.size]
    if not found:
        return []
    return [
        reason(
            R.ALL_JOKER_BLOCK,
            f"A block made only of jokers ({found[0].describe()}) is not "
            "allowed at this table: each block needs at least one real tile.",
        )
    ]
