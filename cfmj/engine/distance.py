"""How far a hand is from Mah Jongg: the fewest tiles still missing from any winning hand.

For each arrangement of the virtual card, the hand's natural tiles sit in their own places
(Pairs and NEWS first: only real tiles may fill them), its jokers in the joker-legal places
left (Pungs, Kongs, Quints), and exposures must each be exactly one block of the arrangement.
The tiles still missing are the empty places. The whole card is scored at once with NumPy:
the card becomes two tile-by-arrangement matrices, fixed places and joker-legal places.

A hand is scored as a few additions of cached rows, one per tile held (see `_packed_row`). A row
is one byte (or int16) per arrangement, 179 KB: the caches whose keys grow with the inputs are
LRU-bounded (about 120 MB of rows at most, besides `_block_counts`, one int16 row per block).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from .blocks import PAIR, PUNG, QUINT, Block
from .card import CardEntry, virtual_card
from .errors import InputError
from .exposures import exposure_block
from .notation import Hand, read_hand
from .ruleset import RuleSet
from .tiles import FLOWER, JOKER, MAX_COPIES, MAX_FLOWERS, NATURAL_KINDS, NEWS, WINDS, code

HAND_SIZES = (13, 14)
WINNING_SIZE = 14
NEAREST = 10
IMPOSSIBLE = 99
Array = npt.NDArray[np.int16]


@dataclass(frozen=True)
class CardMatrix:
    fixed: Array  # (tile kinds, entries): places only a real tile may fill
    flexible: Array  # (tile kinds, entries): places a joker may fill
    total: Array  # fixed + flexible
    flexible_total: Array  # (entries,)
    entries: tuple[CardEntry, ...]


@cache
def card_matrix() -> CardMatrix:
    entries = virtual_card().entries
    fixed = np.zeros((NATURAL_KINDS, len(entries)), dtype=np.int16)
    flexible = np.zeros((NATURAL_KINDS, len(entries)), dtype=np.int16)
    for column, entry in enumerate(entries):
        for tile, size in entry.blocks:
            if tile == NEWS:
                fixed[list(WINDS), column] += 1
            elif size == PAIR:
                fixed[tile, column] += size
            else:
                flexible[tile, column] += size
    return CardMatrix(fixed, flexible, fixed + flexible, flexible.sum(axis=0, dtype=np.int16), entries)


@cache
def _block_positions() -> dict[tuple[int, int], npt.NDArray[np.int32]]:
    """For each block (tile, size), the arrangements holding it (once per such block)."""
    positions: dict[tuple[int, int], list[int]] = {}
    for column, entry in enumerate(card_matrix().entries):
        for block in entry.blocks:
            positions.setdefault(block, []).append(column)
    return {block: np.array(columns, dtype=np.int32) for block, columns in positions.items()}


@cache
def _block_counts(tile: int, size: int) -> Array:
    """How many blocks (tile, size) each arrangement has."""
    columns = _block_positions().get((tile, size), np.zeros(0, dtype=np.int32))
    return np.bincount(columns, minlength=len(card_matrix().entries)).astype(np.int16)


@cache
def _flexible_blocks_of_size(size: int) -> Array:
    total = np.zeros(len(card_matrix().entries), dtype=np.int16)
    if size >= PUNG:
        for (tile, block_size), _ in _block_positions().items():
            if block_size == size and tile != NEWS:
                total += _block_counts(tile, block_size)
    return total


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


@cache
def _max_fixed() -> tuple[int, ...]:
    """Per tile, the most Pair and NEWS places any arrangement has for it."""
    return tuple(int(m) for m in card_matrix().fixed.max(axis=1))


@cache
def _packed_start() -> npt.NDArray[np.uint8]:
    """The packed tally before any tile is placed: no place filled, every joker place free."""
    return (card_matrix().flexible_total * 16).astype(np.uint8)


COMMON_HELD = 4  # rows for 1 to 4 copies of every tile, with no exposure of it, are built at once


@cache
def _common_rows() -> npt.NDArray[np.uint8]:
    """`_packed_row(tile, held, 0)` for every tile and 1 to COMMON_HELD copies, as one array
    indexed [held, tile] (31 MB): nearly every tile of every hand is one of these."""
    matrix = card_matrix()
    rows = np.zeros((COMMON_HELD + 1, NATURAL_KINDS, len(matrix.entries)), dtype=np.uint8)
    for held in range(1, COMMON_HELD + 1):
        copies = _int16s_of(held)  # an array, not a scalar: see _bytes_of
        filled = np.minimum(matrix.total, copies)
        to_jokers = filled - np.minimum(matrix.fixed, copies)
        rows[held] = filled - 16 * to_jokers  # kept modulo 256, as the byte additions are
    return rows


def _tile_row(tile: int, held: int, taken: int) -> npt.NDArray[np.uint8]:
    if held <= COMMON_HELD and not taken:
        row: npt.NDArray[np.uint8] = _common_rows()[held, tile]
        return row
    return _packed_row(tile, held, taken)


def warm_up() -> None:
    """Build the card matrices and the indexes distance uses, so that the first answers are not
    slower than the rest (a second or two, once per process): the per-block counts that
    exposures need (37 MB) would otherwise cost the first hand with an all-joker one 30 ms."""
    card_matrix()
    _block_positions()
    _common_rows()
    _target_ids()
    for size in range(PUNG, QUINT + 1):
        _flexible_blocks_of_size(size)


@lru_cache(maxsize=256)
def _packed_row(tile: int, held: int, taken: int) -> npt.NDArray[np.uint8]:
    """What `held` copies of `tile` add to the packed tally of every arrangement.

    The tally keeps two small counts in one byte, so that a whole hand is a few byte additions:
    the low four bits count the places real tiles fill (at most 14), the high four bits the
    joker-legal places still free (at most 14). Real tiles fill Pair and NEWS places first; a
    tile's joker-legal places already full of its `taken` exposed tiles are not free for it. The
    byte additions wrap around 256, which is harmless: the final sums are in range."""
    matrix = card_matrix()
    copies = _int16s_of(held)  # an array, not a scalar: see _bytes_of
    filled = np.minimum(matrix.total[tile] - taken, copies)
    to_jokers = filled - np.minimum(matrix.fixed[tile], copies)  # joker-legal places these tiles take
    row: npt.NDArray[np.uint8] = (filled - 16 * to_jokers).astype(np.uint8)  # modulo 256, as the tally
    return row


@cache
def _fixed_possible(tile: int, copies: int) -> npt.NDArray[np.bool_]:
    """The arrangements whose Pair and NEWS places of `tile` the hand's copies and the copies
    still to draw (`copies` in all) can fill."""
    return np.asarray(card_matrix().fixed[tile] <= copies)


@lru_cache(maxsize=64)
def _enough_blocks(tile: int, size: int, times: int) -> npt.NDArray[np.bool_]:
    """The arrangements with at least `times` blocks (tile, size)."""
    return np.asarray(_block_counts(tile, size) >= times)


@cache
def _enough_joker_blocks(size: int, times: int) -> npt.NDArray[np.bool_]:
    """The arrangements with at least `times` joker-legal blocks of `size`, any tile."""
    return np.asarray(_flexible_blocks_of_size(size) >= times)


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
    rules_out = [_enough_blocks(tile, size, times) for (tile, size), times in exposed_blocks.items()]
    for size, times in wild_sizes.items():
        named = sum(n for (_, s), n in exposed_blocks.items() if s == size)
        rules_out.append(_enough_joker_blocks(size, times + named))
    # A Pair or NEWS place (no joker may fill it) needs a real copy of its tile still to draw.
    # Every copy the hand holds, concealed or exposed, is seen, with the tables' `visible` ones:
    # four Souths exposed as a Kong leave none for a Pair of South or a NEWS.
    exposed_naturals = Counter(t for group in hand.exposures for t in group if t != JOKER)
    max_fixed = _max_fixed()
    for tile in set(visible or ()) | set(concealed) | set(exposed_naturals):
        limit = MAX_FLOWERS if tile == FLOWER else MAX_COPIES
        held = concealed.get(tile, 0)
        left = max(limit - (visible or {}).get(tile, 0) - held - exposed_naturals.get(tile, 0), 0)
        if max_fixed[tile] > held + left:  # some arrangement wants more than are left
            rules_out.append(_fixed_possible(tile, held + left))
    for row in rules_out:
        possible = row.copy() if possible is None else np.logical_and(possible, row, out=possible)
    tally = _packed_start().copy()
    for tile, held in concealed.items():
        np.add(tally, _tile_row(tile, held, taken.get(tile, 0)), out=tally)
    if wild_sizes:
        need = _need_after_losses(tally, concealed, jokers, exposed_places, taken, exposed_blocks, wild_sizes)
    else:
        need = _need(tally, jokers, exposed_places)
    if possible is not None:  # IMPOSSIBLE where ruled out, by arithmetic (a masked write is slower)
        need -= IMPOSSIBLE
        need *= possible
        need += IMPOSSIBLE
    return need


@cache
def _bytes_of(value: int) -> npt.NDArray[np.uint8]:
    """`value` in every arrangement: NumPy's minimum and maximum run several times faster
    against a whole array than against a scalar."""
    return np.full(len(card_matrix().entries), value, dtype=np.uint8)


@cache
def _int16s_of(value: int) -> Array:
    """`value` in every arrangement (see _bytes_of)."""
    return np.full(len(card_matrix().entries), value, dtype=np.int16)


def _need(tally: npt.NDArray[np.uint8], jokers: int, exposed_places: int) -> Array:
    """Tiles missing from the packed tally: the places neither real tiles, nor exposures, nor
    jokers (in the joker-legal places left) fill."""
    filled = tally & 15
    if jokers:
        free = tally >> 4  # joker-legal places no real tile took, exposures' included
        if exposed_places:
            np.maximum(free, _bytes_of(exposed_places), out=free)
            free -= _bytes_of(exposed_places)
        np.minimum(free, _bytes_of(jokers), out=free)
        filled += free
    need: Array = np.subtract(WINNING_SIZE - exposed_places, filled, dtype=np.int16)
    return need


def _need_after_losses(
    tally: npt.NDArray[np.uint8],
    concealed: Counter[int],
    jokers: int,
    exposed_places: int,
    taken: dict[int, int],
    exposed_blocks: Counter[tuple[int, int]],
    wild_sizes: Counter[int],
) -> Array:
    """As `_need`, when all-joker exposures displace real tiles from their places (rare)."""
    placed = (tally & 15).astype(np.int16)
    empty = (tally >> 4).astype(np.int16) - exposed_places
    for size, times in wild_sizes.items():
        loss = _wild_loss(size, times, concealed, taken, exposed_blocks)
        placed -= loss
        empty += loss
    np.maximum(empty, _int16s_of(0), out=empty)
    placed += exposed_places + np.minimum(empty, _int16s_of(jokers))
    need: Array = WINNING_SIZE - placed
    return need


def _wild_loss(
    size: int,
    times: int,
    concealed: Counter[int],
    taken: dict[int, int],
    exposed_blocks: Counter[tuple[int, int]],
) -> Array:
    """Places the hand's real tiles lose when `times` all-joker exposures of `size` become blocks
    of the arrangement: nothing while it has such blocks of tiles the hand does not hold, then
    the cheapest blocks of tiles it does hold (each block once), IMPOSSIBLE when too few.

    The `times` cheapest costs of each arrangement are kept sorted in as many registers (a
    minimum and a maximum per register and cost), starting at IMPOSSIBLE: summing the first
    `short` of them, capped at IMPOSSIBLE, is what sorting every cost gave."""
    involved = set(concealed) | {t for t, _ in exposed_blocks}
    free = _flexible_blocks_of_size(size).copy()
    for tile in involved:
        free -= _block_counts(tile, size)
        if tile not in concealed:  # a named exposure's tile: its other blocks are still free
            free += _blocks_left(tile, size, exposed_blocks.get((tile, size), 0))
    short = times - free  # blocks of held tiles the jokers must take
    if int(short.max()) <= 0:
        return np.zeros(len(short), dtype=np.int16)
    registers = [_bytes_of(IMPOSSIBLE)] * times
    for tile, held in concealed.items():
        exposed = exposed_blocks.get((tile, size), 0)
        for nth in range(1, times + 1):
            if _most_blocks(tile, size) < exposed + nth:
                break
            carry = _block_cost(tile, held, taken.get(tile, 0), size, exposed, nth)
            for index, register in enumerate(registers):
                registers[index] = np.minimum(register, carry)
                if index + 1 < times:
                    carry = np.maximum(register, carry)
    loss = np.zeros(len(short), dtype=np.int16)
    for index, register in enumerate(registers):
        loss += register * (short > index)
    if times > 1:
        np.minimum(loss, _int16s_of(IMPOSSIBLE), out=loss)
    return loss


@lru_cache(maxsize=64)
def _blocks_left(tile: int, size: int, exposed: int) -> Array:
    """Per arrangement, its blocks (tile, size) that `exposed` such exposures leave free."""
    return np.maximum(_block_counts(tile, size) - exposed, _int16s_of(0))


@cache
def _most_blocks(tile: int, size: int) -> int:
    return int(_block_counts(tile, size).max())


@lru_cache(maxsize=128)
def _block_cost(tile: int, held: int, taken: int, size: int, exposed: int, nth: int) -> npt.NDArray[np.uint8]:
    """Per arrangement, the places `held` copies of `tile` lose when its `nth` block (tile,
    size) past the `exposed` ones goes to an all-joker exposure; IMPOSSIBLE where it has no such
    block."""
    room = card_matrix().total[tile] - taken
    none, copies = _int16s_of(0), _int16s_of(held)  # arrays, not scalars: see _bytes_of
    before = np.minimum(np.maximum(room - (nth - 1) * size, none), copies)
    cost = before - np.minimum(np.maximum(room - nth * size, none), copies)
    there = _block_counts(tile, size) - exposed >= nth
    cost -= IMPOSSIBLE  # IMPOSSIBLE where there is no such block, by arithmetic (see needs)
    cost *= there
    cost += IMPOSSIBLE
    row: npt.NDArray[np.uint8] = cost.astype(np.uint8)
    return row


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
def _target_ids() -> npt.NDArray[np.int32]:
    """Each arrangement's target hand (category, set and pattern) as a number."""
    keys: dict[tuple[str, tuple[str, ...], str | None], int] = {}
    return np.array(
        [keys.setdefault((e.category, e.members, e.pattern), len(keys)) for e in card_matrix().entries],
        dtype=np.int32,
    )


def nearest_targets(hand: Hand, need: Array, *, limit: int = NEAREST) -> list[Target]:
    """The closest arrangements, one per category, set and pattern, closest first (the first
    arrangement of each target hand, in card order, at the nearest level it reaches)."""
    entries = card_matrix().entries
    best = int(need.min())
    ids = _target_ids()
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
            limit = MAX_FLOWERS if tile == FLOWER else MAX_COPIES
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
        limit = MAX_FLOWERS if tile == FLOWER else MAX_COPIES
        if not (0 <= tile < NATURAL_KINDS) or not 0 <= seen <= limit:
            raise InputError(
                f"A visible count must be 0 to 4 of a natural tile (8 of the flower), not {seen} of {tile}."
            )
        out[tile] = seen
    return out
