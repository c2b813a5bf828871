"""The virtual card as NumPy rows over its 179,444 arrangements, for `needs()` (distance.py).

Two tile-by-arrangement matrices, Pair and NEWS places (only real tiles fill them) and
joker-legal places; per-block counts for exposures; and the packed rows a hand is scored with:
each arrangement's tally keeps two small counts in one byte (see `packed_row`), so a hand is a few
byte additions. A row is one byte (or int16) per arrangement, 179 KB: the caches whose keys grow
with the inputs are LRU-bounded (about 120 MB of rows at most, besides `block_counts`, one int16
row per block of the card, 37 MB for the joker-legal ones).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from .blocks import PAIR, PUNG
from .card import CardEntry, virtual_card
from .tiles import FLOWER, MAX_COPIES, NATURAL_KINDS, NEWS, WINDS

WINNING_SIZE = 14
IMPOSSIBLE = 99
Array = npt.NDArray[np.int16]
Rows = TypeVar("Rows", bound=np.ndarray[Any, Any])


def frozen(rows: Rows) -> Rows:
    """A cached row is shared by every later call: make writing into it an error, not a wrong
    answer for the next hand."""
    rows.flags.writeable = False
    return rows


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
def block_positions() -> dict[tuple[int, int], npt.NDArray[np.int32]]:
    """For each block (tile, size), the arrangements holding it (once per such block)."""
    positions: dict[tuple[int, int], list[int]] = {}
    for column, entry in enumerate(card_matrix().entries):
        for block in entry.blocks:
            positions.setdefault(block, []).append(column)
    return {block: np.array(columns, dtype=np.int32) for block, columns in positions.items()}


@cache
def block_counts(tile: int, size: int) -> Array:
    """How many blocks (tile, size) each arrangement has."""
    columns = block_positions().get((tile, size), np.zeros(0, dtype=np.int32))
    return np.bincount(columns, minlength=len(card_matrix().entries)).astype(np.int16)


@cache
def flexible_blocks_of_size(size: int) -> Array:
    total = np.zeros(len(card_matrix().entries), dtype=np.int16)
    if size >= PUNG:
        for (tile, block_size), _ in block_positions().items():
            if block_size == size and tile != NEWS:
                total += block_counts(tile, block_size)
    return total


@cache
def bytes_of(value: int) -> npt.NDArray[np.uint8]:
    """`value` in every arrangement: NumPy's minimum and maximum run several times faster
    against a whole array than against a scalar."""
    return frozen(np.full(len(card_matrix().entries), value, dtype=np.uint8))


@cache
def int16s_of(value: int) -> Array:
    """`value` in every arrangement (see bytes_of)."""
    return frozen(np.full(len(card_matrix().entries), value, dtype=np.int16))


@cache
def max_fixed() -> tuple[int, ...]:
    """Per tile, the most Pair and NEWS places any arrangement has for it."""
    return tuple(int(m) for m in card_matrix().fixed.max(axis=1))


@cache
def packed_start() -> npt.NDArray[np.uint8]:
    """The packed tally before any tile is placed: no place filled, every joker place free."""
    return frozen((card_matrix().flexible_total * 16).astype(np.uint8))


COMMON_HELD = 4  # rows for 1 to 4 copies of every tile, with no exposure of it, are built at once


@cache
def common_rows() -> npt.NDArray[np.uint8]:
    """`packed_row(tile, held, 0)` for every tile and 1 to COMMON_HELD copies, as one array
    indexed [held, tile] (31 MB): nearly every tile of every hand is one of these."""
    matrix = card_matrix()
    rows = np.zeros((COMMON_HELD + 1, NATURAL_KINDS, len(matrix.entries)), dtype=np.uint8)
    for held in range(1, COMMON_HELD + 1):
        copies = int16s_of(held)  # an array, not a scalar: see bytes_of
        filled = np.minimum(matrix.total, copies)
        to_jokers = filled - np.minimum(matrix.fixed, copies)
        rows[held] = filled - 16 * to_jokers  # kept modulo 256, as the byte additions are
    return frozen(rows)


def tile_row(tile: int, held: int, taken: int) -> npt.NDArray[np.uint8]:
    if held <= COMMON_HELD and not taken:
        row: npt.NDArray[np.uint8] = common_rows()[held, tile]
        return row
    return packed_row(tile, held, taken)


@lru_cache(maxsize=256)
def packed_row(tile: int, held: int, taken: int) -> npt.NDArray[np.uint8]:
    """What `held` copies of `tile` add to the packed tally of every arrangement.

    The tally keeps two small counts in one byte, so that a whole hand is a few byte additions:
    the low four bits count the places real tiles fill (at most 14), the high four bits the
    joker-legal places still free (at most 14). Real tiles fill Pair and NEWS places first; a
    tile's joker-legal places already full of its `taken` exposed tiles are not free for it. The
    byte additions wrap around 256, which is harmless: the final sums are in range."""
    matrix = card_matrix()
    copies = int16s_of(held)  # an array, not a scalar: see bytes_of
    filled = np.minimum(matrix.total[tile] - taken, copies)
    to_jokers = filled - np.minimum(matrix.fixed[tile], copies)  # joker-legal places these tiles take
    row: npt.NDArray[np.uint8] = (filled - 16 * to_jokers).astype(np.uint8)  # modulo 256, as the tally
    return frozen(row)


@cache
def fixed_possible(tile: int, copies: int) -> npt.NDArray[np.bool_]:
    """The arrangements whose Pair and NEWS places of `tile` the hand's copies and the copies
    still to draw (`copies` in all) can fill."""
    return frozen(np.asarray(card_matrix().fixed[tile] <= copies))


@lru_cache(maxsize=64)
def enough_blocks(tile: int, size: int, times: int) -> npt.NDArray[np.bool_]:
    """The arrangements with at least `times` blocks (tile, size)."""
    return frozen(np.asarray(block_counts(tile, size) >= times))


@cache
def enough_joker_blocks(size: int, times: int) -> npt.NDArray[np.bool_]:
    """The arrangements with at least `times` joker-legal blocks of `size`, any tile."""
    return frozen(np.asarray(flexible_blocks_of_size(size) >= times))


@cache
def places_by_arrangement() -> npt.NDArray[np.uint8]:
    """card_matrix().total turned round, one row of tile counts per arrangement (6 MB): the few
    arrangements a hand's exposures leave are gathered many times faster from it."""
    return frozen(np.ascontiguousarray(card_matrix().total.T, dtype=np.uint8))


@cache
def fixed_by_arrangement() -> npt.NDArray[np.uint8]:
    """card_matrix().fixed turned round in the same way (6 MB): the keep scorer gathers a hand's
    two thousand nearest arrangements from both."""
    return frozen(np.ascontiguousarray(card_matrix().fixed.T, dtype=np.uint8))


@lru_cache(maxsize=128)
def places_over(tile: int, copies: int) -> tuple[npt.NDArray[np.intp], Array]:
    """The arrangements with more than `copies` places of `tile`, and how many places each has:
    the only ones where `copies` rather than a set's full count makes a difference (for one copy
    less than four, a few thousand)."""
    total = card_matrix().total[tile]
    columns = np.flatnonzero(total > copies)
    return frozen(columns), frozen(total[columns])


def _beyond_copies(tile: int, flowers: int) -> Array:
    """Per arrangement, its places of `tile` beyond the copies a set holds: only jokers fill those."""
    copies = flowers if tile == FLOWER else MAX_COPIES
    beyond: Array = np.maximum(card_matrix().total[tile] - int16s_of(copies), int16s_of(0))
    return beyond


@cache
def jokers_needed(flowers: int) -> Array:
    """Per arrangement, the fewest jokers a set with `flowers` flowers makes it need: the places
    beyond the copies of each tile (the fifth place of a Quint, the fifth and sixth flowers of
    two flower Pungs under house rule 2), whoever holds the tiles."""
    need = np.zeros(len(card_matrix().entries), dtype=np.int16)
    for tile in range(NATURAL_KINDS):
        need += _beyond_copies(tile, flowers)
    return frozen(need)


@cache
def most_jokers_needed(flowers: int) -> int:
    return int(jokers_needed(flowers).max())


@cache
def jokers_needed_in_blocks(size: int, flowers: int) -> Array:
    """As jokers_needed, counting only the tiles an arrangement has a joker-legal block of
    `size` of: the most an all-joker exposure of that size can take on (it is one such block)."""
    need = np.zeros(len(card_matrix().entries), dtype=np.int16)
    for tile in range(NATURAL_KINDS):
        need += _beyond_copies(tile, flowers) * (block_counts(tile, size) > 0)
    return frozen(need)
