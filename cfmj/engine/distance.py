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
    block_counts,
    block_positions,
    bytes_of,
    card_matrix,
    common_rows,
    enough_blocks,
    enough_joker_blocks,
    fixed_possible,
    flexible_blocks_of_size,
    jokers_needed,
    jokers_needed_in_blocks,
    max_fixed,
    most_jokers_needed,
    packed_start,
    places_by_arrangement,
    places_over,
    tile_row,
)
from .errors import InputError
from .exposures import exposure_block
from .joker_losses import need_after_losses
from .notation import Hand, read_hand
from .ruleset import RuleSet
from .tiles import JOKER, NEWS, WINDS, code

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
DEFAULT_RULES = RuleSet()
FEW = 8  # exposures leaving at most 1/FEW of the card: count its jokers arrangement by arrangement


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


def needs(hand: Hand, *, visible: Mapping[int, int] | None = None, rules: RuleSet | None = None) -> Array:
    """Tiles still missing for every arrangement of the card (IMPOSSIBLE where exposures rule
    it out, where a Pair or NEWS place needs a tile none of which is left to draw, or where the
    places only jokers can fill need more jokers than are left). `visible`: copies of each kind
    (jokers too) seen outside the hand; `rules`: the table's set (house rule 2: 4 flowers and 4
    jokers)."""
    rules = rules or DEFAULT_RULES
    count = len(card_matrix().entries)
    concealed = Counter(t for t in hand.concealed if t != JOKER)
    jokers = hand.concealed.count(JOKER)
    possible: npt.NDArray[np.bool_] | None = None
    exposed_places = 0
    taken: dict[int, int] = {}  # tile -> joker-legal places its exposures fill
    wild_sizes: Counter[int] = Counter()
    exposed_blocks: Counter[tuple[int, int]] = Counter()
    stand_ins: Counter[int] = Counter()  # tile -> jokers its exposures hold
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
            stand_ins[block.tile] += group.count(JOKER)
    rules_out = [enough_blocks(tile, size, times) for (tile, size), times in exposed_blocks.items()]
    for size, times in wild_sizes.items():
        named = sum(n for (_, s), n in exposed_blocks.items() if s == size)
        rules_out.append(enough_joker_blocks(size, times + named))
    # A Pair or NEWS place (no joker may fill it) needs a real copy of its tile still to draw.
    # Every copy the hand holds, concealed or exposed, is seen, with the tables' `visible` ones:
    # four Souths exposed as a Kong leave none for a Pair of South or a NEWS.
    exposed_naturals = Counter(t for group in hand.exposures for t in group if t != JOKER)
    seen = visible or {}
    most_fixed = max_fixed()
    for tile in (set(seen) | set(concealed) | set(exposed_naturals)) - {JOKER}:
        limit = rules.copies_in_set(tile)
        held = concealed.get(tile, 0)
        left = max(limit - seen.get(tile, 0) - held - exposed_naturals.get(tile, 0), 0)
        if most_fixed[tile] > held + left:  # some arrangement wants more than are left
            rules_out.append(fixed_possible(tile, held + left))
    exposed_jokers = sum(group.count(JOKER) for group in hand.exposures)
    jokers_left = rules.max_jokers - seen.get(JOKER, 0) - exposed_jokers  # concealed or to draw
    for row in rules_out:
        possible = row.copy() if possible is None else np.logical_and(possible, row, out=possible)
    short = _short_of_jokers(
        possible, jokers_left, WINNING_SIZE - exposed_places, seen, stand_ins, wild_sizes, rules
    )
    if short is not None:
        if possible is None:
            possible = np.ones(count, dtype=np.bool_)
        possible[short] = False
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


def _short_of_jokers(
    possible: npt.NDArray[np.bool_] | None,
    jokers_left: int,
    concealed_places: int,
    seen: Mapping[int, int],
    stand_ins: Mapping[int, int],
    wild_sizes: Mapping[int, int],
    rules: RuleSet,
) -> npt.NDArray[np.intp] | None:
    """The arrangements, of those still `possible` (None: all), whose places beyond the copies
    of their tiles (only a joker can fill those) want more jokers than are left: the hand's
    concealed ones and those still to draw. None when there are none, the usual case, told
    without touching the card.

    A tile's places beyond its copies are its places less the copies not seen elsewhere, less the
    places its exposures' jokers already fill. An all-joker exposure is one block of the
    arrangement: of a tile some of whose places are beyond its copies, it fills them; counted
    as filling as many as the arrangement's tiles with a block of its size have (a bound: a
    hand is never called dead that is not)."""
    flowers = rules.max_flowers
    touched = (set(seen) | set(stand_ins)) - {JOKER}
    # Each seen copy adds one such place at most, and they are concealed places.
    most = min(most_jokers_needed(flowers) + sum(seen.get(t, 0) for t in touched), concealed_places)
    if most <= jokers_left:
        return None
    limits = {t: rules.copies_in_set(t) for t in touched}
    copies = {t: max(limits[t] - seen.get(t, 0) + stand_ins.get(t, 0), 0) for t in touched}
    tiles = sorted(t for t in touched if copies[t] != limits[t])
    few = None  # the arrangements left, when exposures leave few
    if possible is not None and np.count_nonzero(possible) <= len(possible) // FEW:
        few = np.flatnonzero(possible)
    if few is None:  # the whole card: a tile's change touches only the arrangements with more of it
        need = jokers_needed(flowers).copy()
        rooms = {size: jokers_needed_in_blocks(size, flowers).copy() for size in wild_sizes}
        for tile in tiles:
            columns, places = places_over(tile, min(copies[tile], limits[tile]))
            change = np.maximum(places - copies[tile], 0) - np.maximum(places - limits[tile], 0)
            need[columns] += change
            for size, room in rooms.items():
                room[columns] += change * (block_counts(tile, size)[columns] > 0)
    else:  # the few arrangements left: every tile at once, gathered by arrangement
        need = jokers_needed(flowers)[few]
        rooms = {size: jokers_needed_in_blocks(size, flowers)[few] for size in wild_sizes}
        if tiles:
            places = np.take(places_by_arrangement(), few, axis=0)[:, tiles].astype(np.int16)
            change = np.maximum(places - np.array([copies[t] for t in tiles], dtype=np.int16), 0)
            change -= np.maximum(places - np.array([limits[t] for t in tiles], dtype=np.int16), 0)
            need += change.sum(axis=1, dtype=np.int16)
            for size, room in rooms.items():
                blocks = np.array([block_counts(t, size)[few] > 0 for t in tiles]).T
                np.add(room, (change * blocks).sum(axis=1, dtype=np.int16), out=room)
    for size, room in rooms.items():
        need -= np.minimum(room, wild_sizes[size] * size)
    short = np.flatnonzero(need > jokers_left)
    if not len(short):
        return None
    return short if few is None else few[short]


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
    rules = rules or DEFAULT_RULES
    hand = read_hand(hand, sizes=HAND_SIZES, rules=rules, question="distance")
    need = needs(hand, visible=_checked_visible(visible, rules), rules=rules)
    best = int(need.min())
    if best >= IMPOSSIBLE:
        return DistanceResult(hand, None, ())
    return DistanceResult(hand, best, tuple(nearest_targets(hand, need, limit=nearest, rules=rules)))


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


def nearest_targets(
    hand: Hand, need: Array, *, limit: int = NEAREST, rules: RuleSet | None = None
) -> list[Target]:
    """The closest arrangements, one per category, set and pattern, closest first (the first
    arrangement of each target hand, in card order, at the nearest level it reaches)."""
    entries = card_matrix().entries
    best = int(need.min())
    ids = target_ids()
    tiles = _HandTiles.of(hand, rules or DEFAULT_RULES)
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


def missing_tiles(hand: Hand, entry: CardEntry, *, rules: RuleSet | None = None) -> tuple[int, ...]:
    """The tiles to draw for `entry`: its places that neither the hand's tiles nor its jokers
    fill (jokers go to the biggest blocks first, unless the set has too few jokers left for the
    places only a joker can fill); J where only a joker can fill the place."""
    return _HandTiles.of(hand, rules or DEFAULT_RULES).missing(entry)


@dataclass(frozen=True)
class _HandTiles:
    """A hand's tiles counted once, for the missing tiles of many arrangements."""

    held: dict[int, int]  # concealed real tiles
    jokers: int  # concealed jokers
    named: tuple[tuple[int, int], ...]  # the block each exposure with a real tile is
    wild: tuple[int, ...]  # the size of each all-joker exposure
    copies: dict[int, int]  # every real tile of the hand, concealed or exposed
    rules: RuleSet  # the set's copies of each kind
    jokers_left: int  # jokers the hand does not hold, concealed or exposed: the most it can draw

    @classmethod
    def of(cls, hand: Hand, rules: RuleSet) -> _HandTiles:
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
        jokers_left = rules.max_jokers - hand.tiles.count(JOKER)
        return cls(held, hand.concealed.count(JOKER), tuple(named), tuple(wild), copies, rules, jokers_left)

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
        limit = self.rules.copies_in_set
        for _, tile in open_places[self.jokers :]:
            if copies.get(tile, 0) < limit(tile):
                copies[tile] = copies.get(tile, 0) + 1
                missing.append(tile)
            else:
                missing.append(JOKER)
        # Too few jokers left to draw for those places: the hand's own jokers move to them from
        # the smallest blocks whose tile can still be drawn, which then name that tile instead.
        filled = open_places[: self.jokers]
        while missing.count(JOKER) > self.jokers_left:
            movable = [i for i, (_, tile) in enumerate(filled) if copies.get(tile, 0) < limit(tile)]
            if not movable:
                break
            _, tile = filled.pop(movable[-1])
            copies[tile] = copies.get(tile, 0) + 1
            missing[missing.index(JOKER)] = tile
        return tuple(sorted(missing))


def _checked_visible(visible: Mapping[int, int] | None, rules: RuleSet) -> dict[int, int] | None:
    if not visible:
        return None
    out = {}
    for tile, seen in visible.items():
        if not (0 <= tile <= JOKER) or not 0 <= seen <= rules.copies_in_set(tile):
            raise InputError(
                f"A visible count must be 0 to 4 of a natural tile ({rules.max_flowers} of the flower, "
                f"{rules.max_jokers} of the joker), not {seen} of {tile}."
            )
        out[tile] = seen
    return out
