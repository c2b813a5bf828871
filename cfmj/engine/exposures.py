"""Exposures (RULES §2.5): each is exactly one block of the arrangement, made by calling."""

from __future__ import annotations

from . import reasons as R
from .blocks import PAIR, QUINT, Block, block_name
from .reasons import Reason, reason
from .situation import Situation
from .tiles import JOKER, NEWS, WINDS, codes, name, tiles_words


def exposure_block(index: int, tiles: tuple[int, ...]) -> Block | Reason:
    """Read one bracketed group as a block. An all-joker group gets the placeholder tile JOKER."""
    naturals = [t for t in tiles if t != JOKER]
    jokers = len(tiles) - len(naturals)
    if sorted(naturals) == sorted(WINDS):
        if jokers:
            return reason(
                R.EXPOSURE_NOT_BLOCK,
                f"[{codes(tiles)}] is not a block: a NEWS block is the four winds, one of each, "
                "with no jokers.",
            )
        return Block(NEWS, 4, 0, index)
    if len(tiles) == 1:
        return reason(
            R.EXPOSURE_NOT_BLOCK,
            f"[{codes(tiles)}] is a single tile: an exposure is a whole block, a Pung, Kong or Quint.",
        )
    if len(set(naturals)) > 1:
        return reason(
            R.EXPOSURE_NOT_BLOCK,
            f"[{codes(tiles)}] is not a block: every tile in a block is the "
            "same tile (jokers may stand in for some of them).",
        )
    if len(tiles) > QUINT:
        return reason(
            R.EXPOSURE_NOT_BLOCK,
            f"[{codes(tiles)}] has {len(tiles)} tiles: the biggest block is a Quint of five.",
        )
    return Block(naturals[0] if naturals else JOKER, len(tiles), jokers, index)


def exposure_reasons(
    blocks: tuple[Block, ...], situation: Situation, *, same_tile_blocks: bool = False
) -> list[Reason]:
    """`same_tile_blocks`: the hand legitimately has two blocks of one tile (Dragon's Love)."""
    if not situation.exposure_sizes:
        return []  # a concealed hand
    found: list[Reason] = []
    for block in blocks:
        if not block.exposed:
            continue
        shown = f"the {block.label()}"
        if block.size != situation.exposure_sizes[block.exposure]:
            found.append(
                reason(
                    R.EXPOSURE_GROWN,
                    f"{name(block.tile)} is exposed as "
                    f"{_as_exposed(block, situation)} and also held in the rack: an "
                    "exposed block is final, it cannot grow later.",
                )
            )
        elif block.size == PAIR or block.tile == NEWS:
            what = "A NEWS block" if block.tile == NEWS else "A Pair"
            found.append(
                reason(
                    R.EXPOSURE_ILLEGAL,
                    f"{shown} is exposed, but {what.lower()} is only shown by the call "
                    "that wins: write it among the concealed tiles.",
                )
            )
        others = [b for b in blocks if b is not block and b.tile == block.tile and b.tile != NEWS]
        if others and not same_tile_blocks and block.size == situation.exposure_sizes[block.exposure]:
            found.append(
                reason(
                    R.EXPOSURE_GROWN,
                    f"{name(block.tile)} is exposed as {shown} and "
                    "also held in the rack: an exposed block is final, so those tiles "
                    "can neither join it nor make a second block of the same tile.",
                )
            )
    return found


def _as_exposed(block: Block, situation: Situation) -> str:
    """The exposure as it lies on the table: a block grown from the rack keeps the exposure's own
    jokers (grouping adds only natural tiles to it), so its tiles are the rest of its size."""
    size = situation.exposure_sizes[block.exposure]
    jokers = min(block.jokers, size)
    tiles = [block.tile] * (size - jokers) + [JOKER] * jokers
    return f"a {block_name(size)} ({tiles_words(tiles)})"
