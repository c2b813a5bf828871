"""The plain formulation of `needs()` from before it was made fast: every count an
int16 row over the whole card, the all-joker losses sorted and summed. Slow and easy to read, it
is the reference tests/engine/test_distance_reference.py holds the fast one to, answer for answer,
on inputs the golden answers do not cover (visible tiles, several all-joker exposures)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import numpy as np

from cfmj.engine.blocks import PAIR, Block
from cfmj.engine.card_rows import (
    IMPOSSIBLE,
    WINNING_SIZE,
    Array,
    block_counts,
    card_matrix,
    flexible_blocks_of_size,
)
from cfmj.engine.exposures import exposure_block
from cfmj.engine.notation import Hand
from cfmj.engine.ruleset import RuleSet
from cfmj.engine.tiles import FLOWER, JOKER, MAX_COPIES, NATURAL_KINDS, NEWS


def reference_needs(
    hand: Hand, *, visible: Mapping[int, int] | None = None, rules: RuleSet | None = None
) -> Array:
    rules = rules or RuleSet()
    matrix = card_matrix()
    count = len(matrix.entries)
    concealed = Counter(t for t in hand.concealed if t != JOKER)
    jokers = hand.concealed.count(JOKER)
    possible = np.ones(count, dtype=bool)
    placed = np.zeros(count, dtype=np.int16)
    in_fixed = np.zeros(count, dtype=np.int16)
    exposed_places = 0
    taken: dict[int, int] = {}
    wild_sizes: Counter[int] = Counter()
    exposed_blocks: Counter[tuple[int, int]] = Counter()
    for index, group in enumerate(hand.exposures):
        block = exposure_block(index, group)
        if not isinstance(block, Block) or block.size <= PAIR or block.tile == NEWS:
            return np.full(count, IMPOSSIBLE, dtype=np.int16)
        exposed_places += block.size
        if block.tile == JOKER:
            wild_sizes[block.size] += 1
        else:
            exposed_blocks[(block.tile, block.size)] += 1
            taken[block.tile] = taken.get(block.tile, 0) + block.size
    for (tile, size), times in exposed_blocks.items():
        possible &= block_counts(tile, size) >= times
    for size, times in wild_sizes.items():
        named = sum(n for (_, s), n in exposed_blocks.items() if s == size)
        possible &= flexible_blocks_of_size(size) >= times + named
    losses = [_wild_loss(size, times, concealed, taken, exposed_blocks) for size, times in wild_sizes.items()]
    for tile, held in concealed.items():
        fixed = matrix.fixed[tile]
        room = fixed + matrix.flexible[tile] - taken.get(tile, 0)
        placed += np.minimum(room, held)
        in_fixed += np.minimum(fixed, held)
    empty = matrix.flexible_total - exposed_places - (placed - in_fixed)
    for loss in losses:
        placed -= loss
        empty += loss
    placed += exposed_places + np.minimum(np.maximum(empty, 0), jokers)
    exposed_naturals = Counter(t for group in hand.exposures for t in group if t != JOKER)
    for tile in (set(visible or ()) | set(concealed) | set(exposed_naturals)) - {JOKER}:
        limit = rules.max_flowers if tile == FLOWER else MAX_COPIES
        held = concealed.get(tile, 0)
        left = limit - (visible or {}).get(tile, 0) - held - exposed_naturals.get(tile, 0)
        missing_fixed = matrix.fixed[tile] - np.minimum(matrix.fixed[tile], held)
        possible &= missing_fixed <= max(left, 0)
    jokers_left = (
        rules.max_jokers - (visible or {}).get(JOKER, 0) - sum(g.count(JOKER) for g in hand.exposures)
    )
    possible &= _jokers_wanted(hand, visible or {}, wild_sizes, rules) <= jokers_left
    need = (WINNING_SIZE - placed).astype(np.int16)
    need[~possible] = IMPOSSIBLE
    return need


def _jokers_wanted(hand: Hand, visible: Mapping[int, int], wild_sizes: Counter[int], rules: RuleSet) -> Array:
    """Per arrangement, the concealed places only a joker can fill: each tile's places beyond the
    copies not seen elsewhere, less those its exposures' jokers fill; an all-joker exposure takes
    as many as the tiles with a block of its size have (at most its size)."""
    matrix = card_matrix()
    stand_ins: Counter[int] = Counter()
    for index, group in enumerate(hand.exposures):
        block = exposure_block(index, group)
        if isinstance(block, Block) and block.tile != JOKER:
            stand_ins[block.tile] += group.count(JOKER)
    wanted = np.zeros(len(matrix.entries), dtype=np.int16)
    in_blocks = {size: np.zeros(len(matrix.entries), dtype=np.int16) for size in wild_sizes}
    for tile in range(NATURAL_KINDS):
        limit = rules.max_flowers if tile == FLOWER else MAX_COPIES
        beyond = np.maximum(matrix.fixed[tile] + matrix.flexible[tile] - (limit - visible.get(tile, 0)), 0)
        beyond = np.maximum(beyond - stand_ins[tile], 0)
        wanted += beyond
        for size in wild_sizes:
            in_blocks[size] += np.where(block_counts(tile, size) > 0, beyond, 0).astype(np.int16)
    for size, times in wild_sizes.items():
        wanted -= np.minimum(in_blocks[size], times * size)
    return wanted


def _wild_loss(
    size: int,
    times: int,
    concealed: Counter[int],
    taken: dict[int, int],
    exposed_blocks: Counter[tuple[int, int]],
) -> Array:
    matrix = card_matrix()
    count = len(matrix.entries)
    involved = set(concealed) | {t for t, _ in exposed_blocks}
    free = flexible_blocks_of_size(size).copy()
    for tile in involved:
        blocks = block_counts(tile, size)
        free -= blocks
        if tile not in concealed:
            free += np.maximum(blocks - exposed_blocks.get((tile, size), 0), 0)
    short = np.maximum(times - free, 0)
    if not short.any():
        return np.zeros(count, dtype=np.int16)
    rows = []
    for tile, held in concealed.items():
        spare = block_counts(tile, size) - exposed_blocks.get((tile, size), 0)
        room = matrix.fixed[tile] + matrix.flexible[tile] - taken.get(tile, 0)
        for nth in range(1, min(times, int(spare.max())) + 1):
            before = np.minimum(np.maximum(room - (nth - 1) * size, 0), held)
            after = np.minimum(np.maximum(room - nth * size, 0), held)
            rows.append(np.where(spare >= nth, before - after, IMPOSSIBLE))
    if not rows:
        return np.where(short > 0, IMPOSSIBLE, 0).astype(np.int16)
    costs = np.cumsum(np.sort(np.stack(rows), axis=0), axis=0)
    costs = np.vstack([np.zeros((1, count), dtype=costs.dtype), costs])
    picked = np.take_along_axis(costs, np.minimum(short, len(rows))[None, :], axis=0)[0]
    picked = np.where(short > len(rows), IMPOSSIBLE, picked)
    return np.minimum(picked, IMPOSSIBLE).astype(np.int16)
