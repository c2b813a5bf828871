"""Filler blocks (RULES §2.4): one flower Pair, one block of each dragon, one NEWS."""

from __future__ import annotations

from . import reasons as R
from .blocks import PAIR, Block, block_name
from .reasons import Reason, reason
from .tiles import DRAGONS, FLOWER, NEWS, name

FILLER_TILES = (FLOWER, *DRAGONS, NEWS)
FILLER_SIZES = {FLOWER: (2,), NEWS: (4,), **{d: (2, 3, 4, 5) for d in DRAGONS}}


def filler_reasons(blocks: tuple[Block, ...], *, max_news: int = 1) -> list[Reason]:
    seen: set[int] = set()
    for b in blocks:
        if b.tile in FILLER_TILES:
            if b.tile in seen or b.size not in FILLER_SIZES[b.tile] or (b.tile == NEWS and b.jokers):
                break
            seen.add(b.tile)
    else:
        return []  # at most one of each filler, each of a size it may take
    found: list[Reason] = []
    flowers = [b for b in blocks if b.tile == FLOWER]
    big = [b for b in flowers if b.size != PAIR]
    if big:
        found.append(
            reason(
                R.FLOWERS_PAIR_ONLY,
                f"Flowers make a Pair only, never a "
                f"{block_name(big[0].size)} ({big[0].describe()}) — outside the "
                "Dragon's Love hand.",
            )
        )
    if len(flowers) > 1:
        found.append(
            reason(
                R.ONE_FLOWER_BLOCK,
                f"There are {len(flowers)} flower blocks: a hand may have only one block of flowers.",
            )
        )
    for dragon in DRAGONS:
        same = [b for b in blocks if b.tile == dragon]
        if len(same) > 1:
            found.append(
                reason(
                    R.ONE_BLOCK_PER_DRAGON,
                    f"There are {len(same)} blocks of "
                    f"{name(dragon)}s: a hand may have several "
                    "dragon blocks, but only one of each colour.",
                )
            )
    if any(b.tile == NEWS and b.jokers for b in blocks):
        found.append(
            reason(
                R.NEWS_NO_JOKERS,
                "A NEWS block is one real North, East, West and "
                "South: a joker cannot stand in for a missing wind.",
            )
        )
    news = sum(1 for b in blocks if b.tile == NEWS)
    if news > max_news:
        found.append(reason(R.ONE_NEWS_BLOCK, f"There are {news} NEWS blocks: a hand may use only one."))
    return found
