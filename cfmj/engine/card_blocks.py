"""Which exposures some winning hand can hold, over the whole virtual card at once (NumPy).

Every block of every card entry is laid out flat, ordered by block, so that the entries holding a
block are one slice; card.exposures_possible loads this module on first use.
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from itertools import chain

import numpy as np
import numpy.typing as npt

from .blocks import PUNG
from .card import virtual_card
from .tiles import NEWS


@cache
def _block_table() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Every block of every entry, flat: (entry number, block code), ordered by block code.
    Built with iterators rather than a dict of sets (0.1 s, not 0.65 s), on first use."""
    entries = virtual_card().entries
    sizes = np.fromiter((len(e.blocks) for e in entries), dtype=np.int32, count=len(entries))
    flat = np.fromiter(
        chain.from_iterable(chain.from_iterable(e.blocks for e in entries)),
        dtype=np.int32,
        count=2 * int(sizes.sum()),
    ).reshape(-1, 2)
    codes = flat[:, 0] * _SIZE_CODES + flat[:, 1]
    numbers = np.repeat(np.arange(len(entries), dtype=np.int32), sizes)
    order = np.argsort(codes, kind="stable")
    return numbers[order], codes[order]


_SIZE_CODES = 16  # block sizes are below this: (tile, size) is coded tile * 16 + size


@lru_cache(maxsize=256)
def _block_counts(tile: int, size: int) -> npt.NDArray[np.int16]:
    """How many blocks (tile, size) each entry has."""
    numbers, codes = _block_table()
    code = tile * _SIZE_CODES + size
    low, high = np.searchsorted(codes, np.array([code, code + 1], dtype=codes.dtype))  # no int64 copy
    counts = np.bincount(numbers[low:high], minlength=len(virtual_card())).astype(np.int16)
    counts.setflags(write=False)
    return counts


@lru_cache(maxsize=8)
def _joker_blocks_of_size(size: int) -> npt.NDArray[np.int16]:
    """How many blocks of `size` each entry has that a block of jokers alone could stand for:
    Pungs, Kongs and Quints, NEWS aside."""
    numbers, codes = _block_table()
    tiles, sizes = np.divmod(codes, _SIZE_CODES)
    chosen = (sizes == size) & (tiles != NEWS) if size >= PUNG else np.zeros(len(codes), dtype=bool)
    counts = np.bincount(numbers[chosen], minlength=len(virtual_card())).astype(np.int16)
    counts.setflags(write=False)
    return counts


def exposures_possible(blocks: list[tuple[int | None, int]]) -> bool:
    """Can some winning hand contain all these exposed blocks, each as one of its blocks?
    A block is (tile, size); tile None is a block of jokers only, which may be any tile.
    (A hand whose exposures fail this is dead: RULES §6.)

    Over the whole card at once: an entry qualifies when it has each named block as often as
    it is exposed, and, of its Pungs, Kongs and Quints (NEWS aside) not taken by named blocks,
    enough of each size for the blocks of jokers."""
    if any(s < PUNG for t, s in blocks if t is None):
        return False  # a block of jokers alone stands only for a Pung, Kong or Quint
    wanted = Counter((t, s) for t, s in blocks if t is not None)
    possible = np.ones(len(virtual_card()), dtype=bool)
    for (tile, size), times in wanted.items():
        possible &= _block_counts(tile, size) >= times
        if not possible.any():
            return False
    for size, times in Counter(s for t, s in blocks if t is None).items():
        named = sum(n for (t, s), n in wanted.items() if s == size and t != NEWS)
        possible &= _joker_blocks_of_size(size) - named >= times
    return bool(possible.any())
