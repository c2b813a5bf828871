"""How a hand is laid out to be drawn: as the blocks of its reading, or as a rack.

A hand shown for Mah Jongg is laid out as its blocks, each joker in the block it fills: the best
reading where the hand wins, otherwise the reading nearest to a win (as its claimant would lay it
out, so that a learner checking it sees the hand as it would be shown at the table). A hand in play
sits on a rack: its concealed tiles grouped by suit (craks, bams, dots, then winds, dragons,
flowers and jokers), each exposure a group of its own.

Each group carries its tiles in the order drawn and the words a screen reader says for it
("Pung of 5 Dot with a joker"). The site draws the groups; it never arranges tiles itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from .blocks import Block
from .check import check
from .exposures import exposure_block
from .labels import block_label, tile_name
from .notation import Hand
from .ruleset import RuleSet
from .tiles import DRAGONS, FLOWER, JOKER, NEWS, WINDS, code, is_number, suit_of
from .validate import Arrangement
from .winning import HAND_SIZE

NEWS_CODES = ("N", "E", "W", "S")
# Layouts kept per process: a page draws the same puzzle's hand again and again, and each layout
# is a search of the engine (a hand with many jokers takes milliseconds).
KEPT_LAYOUTS = 4096
# A rack's groups, in rack order: the three suits, then the honours, flowers and jokers.
RACK_GROUPS = ("Craks", "Bams", "Dots", "Winds", "Dragons", "Flowers", "Jokers")


@dataclass(frozen=True, slots=True)
class TileGroup:
    """Tiles drawn together. `tiles`: their codes, left to right. `name`: what a screen reader says
    for the group. `block`: the group is a block of a reading (else a rack's suit or exposure).
    `stands_for`: the tile the group's jokers stand for ("" where it has none or they stand for
    nothing yet). `exposed`: it was exposed (drawn with a dashed frame)."""

    tiles: tuple[str, ...]
    name: str
    block: bool = False
    exposed: bool = False
    stands_for: str = ""


def rack(hand: Hand) -> tuple[TileGroup, ...]:
    """The hand as it sits on a rack: concealed tiles by suit, then each exposure."""
    groups: dict[str, list[int]] = {name: [] for name in RACK_GROUPS}
    for tile in hand.concealed:
        groups[_rack_group(tile)].append(tile)
    out = [TileGroup(tuple(code(t) for t in tiles), name) for name, tiles in groups.items() if tiles]
    for index, tiles in enumerate(hand.exposures):
        read = exposure_block(index, tiles)
        if isinstance(read, Block) and read.tile != JOKER:
            out.append(_block_group(read))
        else:  # not a block (a learner's mistake to spot), or jokers alone: the tiles as written
            out.append(TileGroup(tuple(code(t) for t in tiles), "exposed tiles", exposed=True))
    return tuple(out)


@lru_cache(maxsize=KEPT_LAYOUTS)
def laid_out(hand: Hand, *, rules: RuleSet | None = None, self_drawn: bool = False) -> tuple[TileGroup, ...]:
    """A 14-tile hand shown for Mah Jongg, as its blocks: its best reading under `rules` where it
    wins, else the reading nearest to a win. A hand with no reading at all (an exposure that is
    not a block) keeps its exposures as written and its concealed tiles by suit."""
    verdict = check(hand, rules=rules, self_drawn=self_drawn)
    reading = verdict.best or (verdict.nearest[0] if verdict.nearest else None)
    return _reading_groups(reading) if reading is not None else rack(hand)


@lru_cache(maxsize=KEPT_LAYOUTS)
def shown(hand: Hand, *, rules: RuleSet | None = None, self_drawn: bool = False) -> tuple[TileGroup, ...]:
    """A hand of 14 tiles that wins, as its blocks; any other hand on a rack (a lesson's picture,
    a quiz question's hand: a layout that does not tell whether the hand wins where that is asked
    is the drill's to choose)."""
    best = check(hand, rules=rules, self_drawn=self_drawn).best if len(hand) == HAND_SIZE else None
    return _reading_groups(best) if best is not None else rack(hand)


def group_tiles(groups: Iterable[TileGroup]) -> list[str]:
    """Every tile of the groups, in the order drawn."""
    return [tile for group in groups for tile in group.tiles]


def _reading_groups(reading: Arrangement) -> tuple[TileGroup, ...]:
    return tuple(_block_group(block) for block, _ in reading.ordered_blocks())


def _rack_group(tile: int) -> str:
    if is_number(tile):
        return RACK_GROUPS[suit_of(tile)]
    if tile in WINDS:
        return "Winds"
    if tile in DRAGONS:
        return "Dragons"
    return "Flowers" if tile == FLOWER else "Jokers"


def _block_group(block: Block) -> TileGroup:
    if block.tile == NEWS:
        return TileGroup(NEWS_CODES, _exposed("NEWS", block), block=True, exposed=block.exposed)
    tile = code(block.tile)
    tiles = (tile,) * block.naturals + ("J",) * block.jokers
    name = block_label(tile, block.size) if block.size > 1 else f"{tile_name(tile)} alone"
    if block.jokers == block.size:
        name += ", all jokers"
    elif block.jokers:
        name += " with a joker" if block.jokers == 1 else f" with {block.jokers} jokers"
    return TileGroup(
        tiles,
        _exposed(name, block),
        block=True,
        exposed=block.exposed,
        stands_for=tile if block.jokers else "",
    )


def _exposed(name: str, block: Block) -> str:
    return f"exposed {name}" if block.exposed else name
