"""Blocks (RULES §2.1) and the rules about single blocks."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from . import reasons as R
from .reasons import Reason, reason
from .tiles import NEWS, code, is_number, is_wind
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
        """'5C 5C 5C J' — the block written out as its tiles."""
        if self.tile == NEWS:
            return "N E W S"
        return " ".join([code(self.tile)] * self.naturals + ["J"] * self.jokers)

    def label(self) -> str:
        name = BLOCK_NAMES.get(self.size, f"block of {self.size}")
        return "NEWS" if self.tile == NEWS else f"{name} of {code(self.tile)}"


def block_name(size: int) -> str:
    return BLOCK_NAMES.get(size, f"block of {size}")


def block_reasons(blocks: tuple[Block, ...]) -> list[Reason]:
    """Jokers never in a Pair; every tile in a block; a number or wind fills one block."""
    if len({b.tile for b in blocks}) == len(blocks) and all(
        b.size > PAIR or (b.size == PAIR and not b.jokers) for b in blocks
    ):
        return []  # the usual case, answered without building anything
    found: list[Reason] = []
    lone = [code(b.tile) for b in blocks if b.size == 1 and b.jokers == 0]
    if lone:
        verb = "stands" if len(lone) == 1 else "stand"
        if len(lone) > MAX_LISTED:
            lone = [*lone[:MAX_LISTED], f"{len(lone) - MAX_LISTED} more"]
        found.append(
            reason(
                R.LONE_TILE,
                f"{join_words(lone)} {verb} alone: every tile must be part of "
                "a block of identical tiles, at least a Pair (jokers can fill out a "
                "Pung, but never a Pair).",
            )
        )
    if any(b.jokers and b.size == 1 for b in blocks):
        found.append(
            reason(R.LONE_TILE, "A joker stands alone: a joker must fill a place in a Pung, Kong or Quint.")
        )
    joker_pairs = [b for b in blocks if b.size == PAIR and b.jokers]
    if joker_pairs:
        pair = joker_pairs[0]
        what = (
            "two jokers cannot make a Pair"
            if pair.naturals == 0
            else f"{pair.describe()} would be a Pair with a joker"
        )
        found.append(
            reason(
                R.JOKER_IN_PAIR,
                f"A joker cannot stand in a Pair: {what}. Pairs are "
                "made of two real tiles; jokers fill Pungs, Kongs and Quints.",
            )
        )
    by_tile: dict[int, list[Block]] = defaultdict(list)
    for b in blocks:
        by_tile[b.tile].append(b)
    for tile, same in by_tile.items():
        if len(same) < 2 or not (is_number(tile) or is_wind(tile)):
            continue
        if any(b.exposed for b in same):
            continue  # reported by the exposure rules, which can say more
        found.append(
            reason(
                R.TILE_IN_TWO_BLOCKS,
                f"{code(tile)} makes {len(same)} separate blocks: "
                f"each {'number' if is_number(tile) else 'wind'} of the set fills "
                "exactly one block.",
            )
        )
    return found


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
