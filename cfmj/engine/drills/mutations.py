"""One rule-breaking change to a winning hand, for the "winning hand?" drill.

Each mutation takes a card entry and the way it is held (its blocks) and returns a changed hand,
or None when it does not apply. The drill keeps a change only if check() refuses the result:
check, not the mutation, says what is wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from random import Random

from ..card import CardEntry
from ..categories import LIKE_NUMBERS, NUMBER_CATEGORIES, WINDS
from ..notation import Hand
from ..patterns import identify
from ..tiles import (
    FLOWER,
    JOKER,
    NATURAL_KINDS,
    NEWS,
    is_dragon,
    number_of,
    number_tile,
    suit_of,
)
from ..tiles import WINDS as WIND_TILES
from ..weaving import is_woven
from .hands import Blk, build, fits

Mutation = Callable[[CardEntry, list[Blk], Random], Hand | None]


def swap_tile(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """Any one concealed tile becomes another tile."""
    hand = build(blocks)
    spots = [i for i, t in enumerate(hand.concealed) if t != JOKER]
    if not spots:
        return None
    concealed = list(hand.concealed)
    index = rng.choice(spots)
    concealed[index] = rng.choice([t for t in range(NATURAL_KINDS) if t != concealed[index]])
    return _checked(Hand(tuple(sorted(concealed)), hand.exposures))


def wrong_number(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """A block of the set moves to a number outside the set (same suit)."""
    if entry.category not in NUMBER_CATEGORIES:
        return None
    index = rng.randrange(entry.set_blocks)
    numbers = {number_of(b.tile) for b in blocks[: entry.set_blocks]}
    new = rng.choice([n for n in range(1, 10) if n not in numbers])
    return _retile(blocks, index, number_tile(new, suit_of(blocks[index].tile)))


def repeat_number(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """A block of the set takes another member's number (in any suit)."""
    if entry.category not in NUMBER_CATEGORIES or entry.category == LIKE_NUMBERS:
        return None
    index, other = rng.sample(range(entry.set_blocks), 2)
    return _retile(blocks, index, number_tile(number_of(blocks[other].tile), rng.randrange(3)))


def weave(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """One block of the set changes suit so that the suits are woven."""
    if entry.category not in NUMBER_CATEGORIES or entry.category == LIKE_NUMBERS:
        return None
    suits = [suit_of(b.tile) for b in blocks[: entry.set_blocks]]
    options = [
        (i, s)
        for i in range(len(suits))
        for s in range(3)
        if s != suits[i] and is_woven([*suits[:i], s, *suits[i + 1 :]])
    ]
    if not options:
        return None
    index, suit = rng.choice(options)
    return _retile(blocks, index, number_tile(number_of(blocks[index].tile), suit))


def outside_filler(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """A dragon or flower filler becomes a number or wind block outside the set."""
    fillers = [i for i in range(entry.set_blocks, len(blocks)) if blocks[i].tile != NEWS]
    if not fillers or entry.category not in (*NUMBER_CATEGORIES, WINDS):
        return None
    index = rng.choice(fillers)
    if entry.category == WINDS:
        new = rng.randrange(27)
    else:
        numbers = {number_of(b.tile) for b in blocks[: entry.set_blocks]}
        outside = [number_tile(n, s) for n in range(1, 10) for s in range(3) if n not in numbers]
        new = rng.choice([*outside, *WIND_TILES])
    return _retile(blocks, index, new)


def joker_in_pair(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """A joker stands in a Pair."""
    pairs = [i for i, b in enumerate(blocks) if b.size == 2 and b.tile != NEWS]
    if not pairs:
        return None
    index = rng.choice(pairs)
    changed = list(blocks)
    changed[index] = replace(blocks[index], jokers=1)
    return _checked(build(changed))


def expose_pair(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """A Pair or NEWS is exposed before Mah Jongg."""
    options = [i for i, b in enumerate(blocks) if (b.size == 2 or b.tile == NEWS) and not b.exposed]
    if not options:
        return None
    index = rng.choice(options)
    changed = list(blocks)
    changed[index] = replace(blocks[index], exposed=True)
    return _checked(build(changed))


def reshape(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """One tile moves from one block to another, so the sizes make no pattern."""
    options = [
        (a, b)
        for a, ba in enumerate(blocks)
        for b, bb in enumerate(blocks)
        if a != b
        and NEWS not in (ba.tile, bb.tile)
        and ba.size >= 3
        and bb.size <= 4
        and not ba.exposed
        and not bb.exposed
        and identify([*(x.size for k, x in enumerate(blocks) if k not in (a, b)), ba.size - 1, bb.size + 1])
        is None
    ]
    if not options:
        return None
    a, b = rng.choice(options)
    shrunk, grown = blocks[a], blocks[b]
    jokers = max(0, shrunk.jokers - 1)
    if shrunk.size - 1 == 2 and jokers:
        return None  # a joker left in a Pair would be a second problem
    changed = list(blocks)
    changed[a] = replace(shrunk, size=shrunk.size - 1, jokers=jokers)
    held = Counter(build(blocks).tiles)
    natural = grown.size + 1 <= 4 and held[grown.tile] < (8 if grown.tile == FLOWER else 4)
    changed[b] = replace(grown, size=grown.size + 1, jokers=grown.jokers + (0 if natural else 1))
    return _checked(build(changed))


def grow_exposure(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """A Kong or Quint is exposed short, its last tile kept in the rack."""
    options = [i for i, b in enumerate(blocks) if b.exposable and b.size >= 4 and b.size - b.jokers >= 2]
    if not options:
        return None
    index = rng.choice(options)
    block = blocks[index]
    changed = list(blocks)
    changed[index] = replace(block, size=block.size - 1, exposed=True)
    return _checked(build(changed, extra=(block.tile,)))


def news_joker(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """A joker stands in for one wind of NEWS."""
    options = [i for i, b in enumerate(blocks) if b.tile == NEWS]
    if not options:
        return None
    index = rng.choice(options)
    winds = list(WIND_TILES)
    winds.remove(rng.choice(winds))
    rest = [b for i, b in enumerate(blocks) if i != index]
    return _checked(build(rest, extra=(*winds, JOKER)))


def wind_set(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """A two-wind set that is not an opposite pair."""
    if entry.category != WINDS or entry.set_blocks != 2:
        return None
    index = rng.randrange(2)
    others = [w for w in WIND_TILES if w not in (blocks[0].tile, blocks[1].tile)]
    return _retile(blocks, index, rng.choice(others))


def like_suit(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """Any Like Numbers with two blocks in one suit."""
    if entry.category != LIKE_NUMBERS:
        return None
    index, other = rng.sample(range(entry.set_blocks), 2)
    return _retile(blocks, index, blocks[other].tile)


def second_dragon(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """Two blocks of one dragon colour (or two of flowers)."""
    fillers = [
        i
        for i in range(entry.set_blocks, len(blocks))
        if is_dragon(blocks[i].tile) or blocks[i].tile == FLOWER
    ]
    if len(fillers) < 2 or entry.category not in (*NUMBER_CATEGORIES, WINDS):
        return None
    index, other = rng.sample(fillers, 2)
    return _retile(blocks, index, blocks[other].tile)


def _retile(blocks: list[Blk], index: int, tile: int) -> Hand | None:
    block = blocks[index]
    if tile == block.tile:
        return None
    changed = list(blocks)
    changed[index] = replace(block, tile=tile)
    return _checked(build(changed))


def _checked(hand: Hand) -> Hand | None:
    return hand if fits(hand) else None


# (mutation, first band it is used in, weight). Changing any tile at random mostly leaves a lone
# tile, so it weighs least; later bands add the subtler rules.
MUTATIONS: tuple[tuple[Mutation, int, float], ...] = (
    (swap_tile, 1, 0.5),
    (wrong_number, 1, 1.0),
    (repeat_number, 1, 1.0),
    (outside_filler, 1, 1.0),
    (weave, 2, 1.5),
    (joker_in_pair, 2, 1.5),
    (expose_pair, 3, 1.5),
    (reshape, 3, 1.5),
    (news_joker, 3, 2.0),
    (wind_set, 3, 2.0),
    (like_suit, 3, 2.0),
    (second_dragon, 3, 1.5),
    (grow_exposure, 4, 2.0),
)


def mutations_for(band: int, rng: Random) -> list[Mutation]:
    """The band's mutations in a random order, drawn by weight."""
    pool = [(m, weight) for m, first, weight in MUTATIONS if first <= band]
    order: list[Mutation] = []
    while pool:
        picked = rng.choices(range(len(pool)), [w for _, w in pool])[0]
        order.append(pool.pop(picked)[0])
    return order
