"""The special dragon hands (RULES §2.6): fixed tiles, fixed value, no bonuses."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, permutations

from . import reasons as R
from .blocks import Block
from .reasons import Reason, reason
from .tiles import BAM, DRAGONS, FLOWER, JOKER, NATURAL_KINDS, WINDS, number_tile

DRAGONS_LOVE = "dragons_love"
DRAGONS_WINGS = "dragons_wings"
DRAGONS_BREATH = "dragons_breath"
DRAGON_HAND_NAMES = {
    DRAGONS_LOVE: "Dragon's Love",
    DRAGONS_WINGS: "Dragon's Wings",
    DRAGONS_BREATH: "Dragon's Breath",
}
DRAGON_HAND_VALUES = {DRAGONS_LOVE: 50, DRAGONS_WINGS: 50, DRAGONS_BREATH: 100}

Slot = tuple[int, int, bool]  # tile, size, jokers allowed
ONE_BAM = number_tile(1, BAM)

TEMPLATES: tuple[tuple[str, tuple[Slot, ...]], ...] = tuple(
    [
        (DRAGONS_LOVE, ((a, 4, True), (b, 4, True), (FLOWER, 3, True), (FLOWER, 3, True)))
        for a, b in combinations(DRAGONS, 2)
    ]
    + [(DRAGONS_WINGS, (*tuple((d, 4, True) for d in DRAGONS), (ONE_BAM, 2, False)))]
    + [(DRAGONS_BREATH, tuple((t, 2, False) for t in (*DRAGONS, *WINDS)))]
)

_TEMPLATE_TILES = frozenset(tile for _, template in TEMPLATES for tile, _, _ in template)
_OTHER_TILES = tuple(t for t in range(NATURAL_KINDS) if t not in _TEMPLATE_TILES)
# The tiles no dragon hand holds, as bits of a mask of tile kinds (1 << tile): a hand holding any
# of them, concealed or exposed, fills no template (most hands: any number but 1 Bam).
NO_DRAGON_HAND = sum(1 << tile for tile in _OTHER_TILES)


def dragon_hand_matches(
    counts: list[int], jokers: int, exposed: list[Block], *, relaxed: bool
) -> Iterator[tuple[str, tuple[Block, ...]]]:
    """Every way the hand fills a dragon-hand template. Relaxed: jokers may sit in the Pairs too
    (so that the verdict can say that they may not)."""
    if any(map(counts.__getitem__, _OTHER_TILES)):
        return  # a tile no dragon hand holds (most hands: any number but 1 Bam)
    for hand_id, template in TEMPLATES:
        for placed, rest in _place_exposures(template, exposed):
            blocks = _fill(rest, counts, jokers, relaxed=relaxed)
            if blocks is not None:
                yield hand_id, tuple(placed) + blocks


def dragon_hand_reasons(hand_id: str, blocks: tuple[Block, ...]) -> list[Reason]:
    if any(b.jokers and b.size == 2 for b in blocks):
        where = "takes no jokers at all" if hand_id == DRAGONS_BREATH else "takes no joker in its Pair"
        return [
            reason(
                R.DRAGON_HAND_JOKERS,
                f"{DRAGON_HAND_NAMES[hand_id]} {where}: jokers fill places in its Pungs and Kongs only.",
            )
        ]
    return []


def _place_exposures(
    template: tuple[Slot, ...], exposed: list[Block]
) -> Iterator[tuple[list[Block], list[Slot]]]:
    if not exposed:
        yield [], list(template)
        return
    seen = set()
    for slots in permutations(range(len(template)), len(exposed)):
        placed = []
        for block, index in zip(exposed, slots, strict=True):
            tile, size, jokers_ok = template[index]
            if block.size != size or (block.tile not in (tile, JOKER)) or (block.jokers and not jokers_ok):
                break
            placed.append(Block(tile, size, block.jokers, block.exposure))
        else:
            key = tuple(sorted(template[i] for i in slots))
            if key not in seen:
                seen.add(key)
                yield placed, [s for i, s in enumerate(template) if i not in slots]


def _fill(slots: list[Slot], counts: list[int], jokers: int, *, relaxed: bool) -> tuple[Block, ...] | None:
    wanted = {tile for tile, _, _ in slots}
    if any(counts[t] for t in range(len(counts)) if t not in wanted):
        return None
    blocks: list[Block] = []
    left = {t: counts[t] for t in wanted}
    # Slots that take no jokers are filled first, so that jokers go where they are allowed.
    for tile, size, jokers_ok in sorted(slots, key=lambda s: s[2]):
        naturals = min(size, left[tile])
        if naturals < size and not jokers_ok and not relaxed:
            return None
        left[tile] -= naturals
        blocks.append(Block(tile, size, size - naturals))
    if any(left.values()) or sum(b.jokers for b in blocks) != jokers:
        return None
    return tuple(blocks)
