"""How far a hand is from Mah Jongg: the fewest tiles still missing from any winning hand.

For each arrangement of the virtual card, the hand's natural tiles sit in their own places
(Pairs and NEWS first: only real tiles may fill them), its jokers in the joker-legal places
left (Pungs, Kongs, Quints), and exposures must each be exactly one block of the arrangement.
The tiles still missing are the empty places. The whole card is scored at once with NumPy:
the card becomes two tile-by-arrangement matrices, fixed places and joker-legal places
(card_rows.py), and a hand is a few additions of cached rows, one per tile held.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from .blocks import PAIR, PUNG, QUINT, Block
from .card import CardEntry
from .card_rows import (
    IMPOSSIBLE,
    WINNING_SIZE,
    Array,
    CardMatrix,
    block_positions,
    bytes_of,
    card_matrix,
    common_rows,
    enough_blocks,
    enough_joker_blocks,
    fixed_possible,
    flexible_blocks_of_size,
    max_fixed,
    packed_start,
    tile_row,
)
from .errors import InputError
from .exposures import exposure_block
from .joker_losses import need_after_losses
from .notation import Hand, read_hand
from .ruleset import RuleSet
from .tiles import JOKER, NATURAL_KINDS, NEWS, WINDS, code, copies_in_set

__all__ = [  # card_rows' names that callers import from here, with this module's own
    "HAND_SIZES",
    "IMPOSSIBLE",
    "NEAREST",
    "WINNING_SIZE",
    "Array",
    "CardMatrix",
    "DistanceResult",
    "Target",
    "card_matrix",
    "distance",
    "missing_tiles",
    "nearest_targets",
    "needs",
    "warm_up",
]

HAND_SIZES = (13, 14)
NEAREST = 10


@dataclass(frozen=True)
class Target:
    entry: CardEntry
    tiles_needed: int
    missing: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "category": self.entry.category,
            "set": list(self.entry.members),
            "pattern": self.entry.pattern,
            "tiles_needed": self.tiles_needed,
            "missing": [code(t) for t in self.missing],
        }


@dataclass(frozen=True)
class DistanceResult:
    hand: Hand
    tiles_needed: int | None
    nearest: tuple[Target, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "tiles_needed": self.tiles_needed,
            "nearest": [t.as_dict() for t in self.nearest],
            "hand": str(self.hand),
        }


def warm_up() -> None:
    """Build the card matrices and the indexes distance uses, so that the first answers are not
    slower than the rest (a second or two, once per process): the per-block counts that
    exposures need (37 MB) would otherwise cost the first hand with an all-joker one 30 ms."""
    card_matrix()
    block_positions()
    common_rows()
    target_ids()
    for size in range(PUNG, QUINT + 1):
        flexible_blocks_of_size(size)


def needs(hand: Hand, *, visible: Mapping[int, int] | None = None) -> Array:
    """Tiles still missing for every arrangement of the card (IMPOSSIBLE where exposures rule
    it out, or where a Pair or NEWS place needs a tile none of which is left to draw)."""
    count = len(card_matrix().entries)
    concealed = Counter(t for t in hand.concealed if t != JOKER)
    jokers = hand.concealed.count(JOKER)
    possible: npt.NDArray[np.bool_] | None = None
    exposed_places = 0
    taken: dict[int, int] = {}  # tile -> joker-legal places its exposures fill
    wild_sizes: Counter[int] = Counter()
    exposed_blocks: Counter[tuple[int, int]] = Counter()
    for index, group in enumerate(hand.exposures):
        block = exposure_block(index, group)
        if not isinstance(block, Block) or block.size <= PAIR or block.tile == NEWS:
            return np.full(count, IMPOSSIBLE, dtype=np.int16)  # not a legal exposure: dead hand
        exposed_places += block.size
        if block.tile == JOKER:
            wild_sizes[block.size] += 1
        else:
            exposed_blocks[(block.tile, block.size)] += 1
            taken[block.tile] = taken.get(block.tile, 0) + block.size
    rules_out = [enough_blocks(tile, size, times) for (tile, size), times in exposed_blocks.items()]
    for size, times in wild_sizes.items():
        named = sum(n for (_, s), n in exposed_blocks.items() if s == size)
        rules_out.append(enough_joker_blocks(size, times + named))
    # A Pair or NEWS place (no joker may fill it) needs a real copy of its tile still to draw.
    # Every copy the hand holds, concealed or exposed, is seen, with the tables' `visible` ones:
    # four Souths exposed as a Kong leave none for a Pair of South or a NEWS.
    exposed_naturals = Counter(t for group in hand.exposures for t in group if t != JOKER)
    most_fixed = max_fixed()
    for tile in set(visible or ()) | set(concealed) | set(exposed_naturals):
        limit = copies_in_set(tile)
        held = concealed.get(tile, 0)
        left = max(limit - (visible or {}).get(tile, 0) - held - exposed_naturals.get(tile, 0), 0)
        if most_fixed[tile] > held + left:  # some arrangement wants more than are left
            rules_out.append(fixed_possible(tile, held + left))
    for row in rules_out:
        possible = row.copy() if possible is None else np.logical_and(possible, row, out=possible)
    tally = packed_start().copy()
    for tile, held in concealed.items():
        np.add(tally, tile_row(tile, held, taken.get(tile, 0)), out=tally)
    if wild_sizes:
        need = need_after_losses(tally, concealed, jokers, exposed_places, taken, exposed_blocks, wild_sizes)
    else:
        need = _need(tally, jokers, exposed_places)
    if possible is not None:  # IMPOSSIBLE where ruled out, by arithmetic (a masked write is slower)
        need -= IMPOSSIBLE
        need *= possible
        need += IMPOSSIBLE
    return need


def _need(tally: npt.NDArray[np.uint8], jokers: int, exposed_places: int) -> Array:
    """Tiles missing from the packed tally: the places neither real tiles, nor exposures, nor
    jokers (in the joker-legal places left) fill."""
    filled = tally & 15
    if jokers:
        free = tally >> 4  # joker-legal places no real tile took, exposures' included
        if exposed_places:
            np.maximum(free, bytes_of(exposed_places), out=free)
            free -= bytes_of(exposed_places)
        np.minimum(free, bytes_of(jokers), out=free)
        filled += free
    need: Array = np.subtract(WINNING_SIZE - exposed_places, filled, dtype=np.int16)
    return need


def distance(
    hand: str | Hand,
    *,
    visible: Mapping[int, int] | None = None,
    rules: RuleSet | None = None,
    nearest: int = NEAREST,
) -> DistanceResult:
    """How many tiles a 13- or 14-tile hand still needs, and its nearest winning hands."""
    rules = rules or RuleSet()
    hand = read_hand(hand, sizes=HAND_SIZES, rules=rules, question="distance")
    need = needs(hand, visible=_checked_visible(visible))
    best = int(need.min())
    if best >= IMPOSSIBLE:
        return DistanceResult(hand, None, ())
    return DistanceResult(hand, best, tuple(nearest_targets(hand, need, limit=nearest)))


@cache
def target_ids() -> npt.NDArray[np.int32]:
    """Each arrangement's target hand (category, set and pattern, suits and fillers aside) as a
    number, in card order (distance's nearest targets and the keep scorer share it)."""
    keys: dict[tuple[str, tuple[str, ...], str | None], int] = {}
    ids = np.array(
        [keys.setdefault(e.target, len(keys)) for e in card_matrix().entries],
        dtype=np.int32,
    )
    ids.setflags(write=False)  # shared by every caller
    return ids


def nearest_targets(hand: Hand, need: Array, *, limit: int = NEAREST) -> list[Target]:
    """The closest arrangements, one per category, set and pattern, closest first (the first
    arrangement of each target hand, in card order, at the nearest level it reaches)."""
    entries = card_matrix().entries
    best = int(need.min())
    ids = target_ids()
    tiles = _HandTiles.of(hand)
    shown: list[Target] = []
    seen: set[int] = set()
    for level in range(best, min(best + 4, IMPOSSIBLE)):  # level by level: most stop at the first two
        columns = np.flatnonzero(need == level)
        targets = ids[columns]
        _, first = np.unique(targets, return_index=True)
        for index in np.sort(first):
            target = int(targets[index])
            if target in seen:
                continue
            seen.add(target)
            entry = entries[int(columns[index])]
            shown.append(Target(entry, level, tiles.missing(entry)))
            if len(shown) >= limit:
                return shown
    return shown


def missing_tiles(hand: Hand, entry: CardEntry) -> tuple[int, ...]:
    """The tiles to draw for `entry`: its places that neither the hand's tiles nor its jokers
    fill (jokers go to the biggest blocks first); J where only a joker can fill the place."""
    return _HandTiles.of(hand).missing(entry)


@dataclass(frozen=True)
class _HandTiles:
    """A hand's tiles counted once, for the missing tiles of many arrangements."""

    held: dict[int, int]  # concealed real tiles
    jokers: int  # concealed jokers
    named: tuple[tuple[int, int], ...]  # the block each exposure with a real tile is
    wild: tuple[int, ...]  # the size of each all-joker exposure
    copies: dict[int, int]  # every real tile of the hand, concealed or exposed

    @classmethod
    def of(cls, hand: Hand) -> _HandTiles:
        held: dict[int, int] = {}
        for tile in hand.concealed:
            if tile != JOKER:
                held[tile] = held.get(tile, 0) + 1
        named = []
        wild = []
        for group in hand.exposures:
            naturals = [t for t in group if t != JOKER]
            if naturals:
                named.append((naturals[0], len(group)))
            else:
                wild.append(len(group))
        copies: dict[int, int] = {}
        for tile in hand.tiles:
            if tile != JOKER:
                copies[tile] = copies.get(tile, 0) + 1
        return cls(held, hand.concealed.count(JOKER), tuple(named), tuple(wild), copies)

    def missing(self, entry: CardEntry) -> tuple[int, ...]:
        held = dict(self.held)
        blocks = list(entry.blocks)
        for block in self.named:
            if block in blocks:
                blocks.remove(block)
        for size in self.wild:  # a block of jokers takes the block whose tile the hand holds least of
            options = [b for b in blocks if b[1] == size and b[0] != NEWS]
            if options:
                blocks.remove(min(options, key=lambda b: held.get(b[0], 0)))
        missing: list[int] = []
        for tile, size in blocks:  # Pair and NEWS places first: only real tiles fill them
            if tile == NEWS:
                for wind in WINDS:
                    if held.get(wind, 0):
                        held[wind] -= 1
                    else:
                        missing.append(wind)
            elif size <= PAIR:
                have = min(held.get(tile, 0), size)
                if have:
                    held[tile] -= have
                missing += [tile] * (size - have)
        open_places: list[tuple[int, int]] = []  # (block size, tile) per empty joker-legal place
        for tile, size in blocks:
            if size > PAIR and tile != NEWS:
                have = min(held.get(tile, 0), size)
                if have:
                    held[tile] -= have
                open_places += [(size, tile)] * (size - have)
        if len(open_places) <= self.jokers:
            return tuple(sorted(missing))
        open_places.sort(reverse=True)
        # A place whose tile is all in the hand already (the fifth place of a Quint) needs a joker.
        copies = dict(self.copies)
        for tile in missing:
            copies[tile] = copies.get(tile, 0) + 1
        for _, tile in open_places[self.jokers :]:
            limit = copies_in_set(tile)
            if copies.get(tile, 0) < limit:
                copies[tile] = copies.get(tile, 0) + 1
                missing.append(tile)
            else:
                missing.append(JOKER)
        return tuple(sorted(missing))


def _checked_visible(visible: Mapping[int, int] | None) -> dict[int, int] | None:
    if not visible:
        return None
    out = {}
    for tile, seen in visible.items():
        limit = copies_in_set(tile)
        if not (0 <= tile < NATURAL_KINDS) or not 0 <= seen <= limit:
            raise InputError(
                f"A visible count must be 0 to 4 of a natural tile (8 of the flower), not {seen} of {tile}."
            )
        out[tile] = seen
    return out
