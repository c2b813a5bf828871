"""All-joker exposures in `needs()` (distance.py): a block of jokers exposed as, say, a Kong
becomes one Kong of the arrangement, and when every such Kong is of a tile the hand holds, those
real tiles lose their places (RULES §2.5: an exposure is exactly one block of the arrangement)."""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt

from .card_rows import (
    IMPOSSIBLE,
    WINNING_SIZE,
    Array,
    block_counts,
    bytes_of,
    card_matrix,
    flexible_blocks_of_size,
    frozen,
    int16s_of,
)


def need_after_losses(
    tally: npt.NDArray[np.uint8],
    concealed: Counter[int],
    jokers: int,
    exposed_places: int,
    taken: dict[int, int],
    exposed_blocks: Counter[tuple[int, int]],
    wild_sizes: Counter[int],
) -> Array:
    """As distance._need, when all-joker exposures displace real tiles from their places (rare)."""
    placed = (tally & 15).astype(np.int16)
    empty = (tally >> 4).astype(np.int16) - exposed_places
    for size, times in wild_sizes.items():
        loss = wild_loss(size, times, concealed, taken, exposed_blocks)
        placed -= loss
        empty += loss
    np.maximum(empty, int16s_of(0), out=empty)
    placed += exposed_places + np.minimum(empty, int16s_of(jokers))
    need: Array = WINNING_SIZE - placed
    return need


def wild_loss(
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
    free = flexible_blocks_of_size(size).copy()
    for tile in involved:
        free -= block_counts(tile, size)
        if tile not in concealed:  # a named exposure's tile: its other blocks are still free
            free += _blocks_left(tile, size, exposed_blocks.get((tile, size), 0))
    short = times - free  # blocks of held tiles the jokers must take
    if int(short.max()) <= 0:
        return np.zeros(len(short), dtype=np.int16)
    registers = [bytes_of(IMPOSSIBLE)] * times
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
        np.minimum(loss, int16s_of(IMPOSSIBLE), out=loss)
    return loss


@lru_cache(maxsize=64)
def _blocks_left(tile: int, size: int, exposed: int) -> Array:
    """Per arrangement, its blocks (tile, size) that `exposed` such exposures leave free."""
    return frozen(np.maximum(block_counts(tile, size) - exposed, int16s_of(0)))


@cache
def _most_blocks(tile: int, size: int) -> int:
    return int(block_counts(tile, size).max())


@lru_cache(maxsize=128)
def _block_cost(tile: int, held: int, taken: int, size: int, exposed: int, nth: int) -> npt.NDArray[np.uint8]:
    """Per arrangement, the places `held` copies of `tile` lose when its `nth` block (tile,
    size) past the `exposed` ones goes to an all-joker exposure; IMPOSSIBLE where it has no such
    block."""
    room = card_matrix().total[tile] - taken
    none, copies = int16s_of(0), int16s_of(held)  # arrays, not scalars: see bytes_of
    before = np.minimum(np.maximum(room - (nth - 1) * size, none), copies)
    cost = before - np.minimum(np.maximum(room - nth * size, none), copies)
    there = block_counts(tile, size) - exposed >= nth
    cost -= IMPOSSIBLE  # IMPOSSIBLE where there is no such block, by arithmetic (see needs)
    cost *= there
    cost += IMPOSSIBLE
    row: npt.NDArray[np.uint8] = cost.astype(np.uint8)
    return frozen(row)
