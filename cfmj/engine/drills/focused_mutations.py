"""Rule-breaking changes aimed at one reason, for a "winning hand?" puzzle asked with a focus.

The random mix in mutations.py rarely (or never) leaves some reasons first: an exposure that is
not a block at all, a second NEWS, a hand of fillers only, Any Like Numbers short of a suit.
Each change here has the same shape as a mutation (entry, blocks, rng -> hand or None), and as
there, check() and not the change says what is wrong: the caller keeps a hand only when check()
names the wanted reason first.
"""

from __future__ import annotations

from dataclasses import replace
from random import Random

from ..blocks import KONG, PAIR, PUNG
from ..card import CardEntry
from ..categories import LIKE_NUMBERS, NUMBER_CATEGORIES, WINDS
from ..notation import Hand
from ..tiles import DRAGONS, FLOWER, MAX_COPIES, MAX_JOKERS, NEWS, is_dragon
from .hands import Blk, build, fits

# Hands of fillers only (no number or wind block), as block sizes per filler, in pattern order:
# "D" is a dragon (each colour once), "F" the flower Pair, "NEWS" the four winds.
FILLER_HANDS: tuple[tuple[tuple[str, int], ...], ...] = (
    (("D", 3), ("D", 3), ("D", 4), ("NEWS", 4)),  # two_pungs_two_kongs
    (("F", 2), ("D", 4), ("D", 4), ("D", 4)),  # pair_three_kongs
    (("F", 2), ("NEWS", 4), ("D", 4), ("D", 4)),  # pair_three_kongs
    (("D", 2), ("NEWS", 4), ("D", 4), ("D", 4)),  # pair_three_kongs
    (("NEWS", 4), ("D", 5), ("D", 5)),  # kong_two_quints
    (("D", 4), ("D", 5), ("D", 5)),  # kong_two_quints
    (("F", 2), ("D", 2), ("D", 5), ("D", 5)),  # two_pairs_two_quints
)


def break_exposure(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """An exposed Pung, Kong or Quint takes one tile of another block, and gives it one of its
    own: the bracket no longer holds one tile."""
    exposable = [i for i, b in enumerate(blocks) if b.exposable and b.size - b.jokers >= 1]
    if not exposable:
        return None
    index = rng.choice(exposable)
    shown = blocks[index]
    others = [
        b
        for i, b in enumerate(blocks)
        if i != index and not b.exposed and b.tile not in (NEWS, shown.tile) and b.size - b.jokers >= 1
    ]
    if not others:
        return None
    other = rng.choice(others).tile
    changed = list(blocks)
    changed[index] = replace(shown, exposed=True)
    hand = build(changed)
    exposures = list(hand.exposures)
    group = list(shown.tiles())
    exposures.remove(tuple(sorted(group)))
    group[group.index(shown.tile)] = other
    concealed = list(hand.concealed)
    concealed[concealed.index(other)] = shown.tile
    return Hand(tuple(sorted(concealed)), tuple(sorted([*exposures, tuple(sorted(group))])))


def second_news(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """A dragon Kong filler becomes a second NEWS block."""
    return _dragon_filler_to(entry, blocks, rng, Blk(NEWS, KONG))


def flowers_grown(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """The flower Pair trades sizes with a bigger block: flowers as a Pung or Kong, that block
    a Pair (the pattern's sizes stay the same)."""
    flowers = [i for i, b in enumerate(blocks) if b.tile == FLOWER and b.size == PAIR]
    bigger = [i for i, b in enumerate(blocks) if b.tile not in (FLOWER, NEWS) and PUNG <= b.size <= KONG]
    if not flowers or not bigger:
        return None
    index, other = flowers[0], rng.choice(bigger)
    changed = list(blocks)
    changed[index] = replace(blocks[index], size=blocks[other].size)
    changed[other] = Blk(blocks[other].tile, PAIR)
    return _fitting(build(changed))


def second_flower_pair(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """A dragon Pair filler becomes a second flower Pair."""
    return _dragon_filler_to(entry, blocks, rng, Blk(FLOWER, PAIR))


def _dragon_filler_to(entry: CardEntry, blocks: list[Blk], rng: Random, second: Blk) -> Hand | None:
    """In a hand that already has a block of `second`'s filler, a dragon filler of its size
    becomes `second`."""
    if not any(b.tile == second.tile for b in blocks):
        return None
    spots = [
        i
        for i in range(entry.set_blocks, len(blocks))
        if is_dragon(blocks[i].tile) and blocks[i].size == second.size
    ]
    if not spots:
        return None
    changed = list(blocks)
    changed[rng.choice(spots)] = second
    return _fitting(build(changed))


def like_numbers_short(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """Any Like Numbers loses one of its three suits to a filler (a dragon not yet used, or the
    flower Pair): the number is left in two suits."""
    if entry.category != LIKE_NUMBERS:
        return None
    index = rng.randrange(entry.set_blocks)
    block = blocks[index]
    used = {b.tile for b in blocks}
    options = [d for d in DRAGONS if d not in used]
    if block.size == PAIR and FLOWER not in used:
        options.append(FLOWER)
    if not options:
        return None
    changed = list(blocks)
    changed[index] = replace(block, tile=rng.choice(options), exposed=False)
    return _fitting(build(changed))


def same_tile_twice(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """A block of the set takes another member's very tile (number and suit, or wind): one tile
    in two blocks. The tile set allows it only where Pairs and jokers keep the count to four."""
    if entry.category not in (*NUMBER_CATEGORIES, WINDS) or entry.set_blocks < 2:
        return None
    index, other = rng.sample(range(entry.set_blocks), 2)
    if blocks[index].tile == blocks[other].tile:
        return None
    changed = list(blocks)
    changed[index] = replace(blocks[index], tile=blocks[other].tile)
    return _fitting(build(changed))


def jokers_only(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """One Pung, Kong or Quint made of jokers alone (for a table that does not allow it)."""
    options = [
        i
        for i, b in enumerate(blocks)
        if b.exposable
        and b.tile != FLOWER
        and b.jokers < b.size
        and sum(x.jokers for x in blocks) - b.jokers + b.size <= MAX_JOKERS
    ]
    if not options:
        return None
    index = rng.choice(options)
    changed = list(blocks)
    changed[index] = replace(blocks[index], jokers=blocks[index].size)
    return _fitting(build(changed))


def fillers_only(rng: Random, joker_chance: float) -> Hand | None:
    """A hand of dragons, flowers and NEWS alone, in block sizes that make a pattern: it has no
    set. Jokers fill Pungs, Kongs and Quints as the band allows (a dragon Quint needs one)."""
    shape = rng.choice(FILLER_HANDS)
    dragons = list(DRAGONS)
    rng.shuffle(dragons)
    blocks = []
    for kind, size in shape:
        tile = NEWS if kind == "NEWS" else FLOWER if kind == "F" else dragons.pop()
        jokers = max(0, size - MAX_COPIES)
        while tile != NEWS and size >= PUNG and jokers < size - 1 and rng.random() < joker_chance:
            jokers += 1
        blocks.append(Blk(tile, size, jokers))
    return _fitting(build(blocks))


def expose_one(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """No rule broken: one more Pung, Kong or Quint exposed (for a skill level that wants a
    concealed hand)."""
    options = [i for i, b in enumerate(blocks) if b.exposable and not b.exposed and b.jokers < b.size]
    if not options:
        return None
    index = rng.choice(options)
    changed = list(blocks)
    changed[index] = replace(blocks[index], exposed=True)
    return build(changed)


def as_held(entry: CardEntry, blocks: list[Blk], rng: Random) -> Hand | None:
    """No change: the card entry as held (it wins by the standard rules; a table option may
    still refuse it)."""
    return build(blocks)


def _fitting(hand: Hand) -> Hand | None:
    return hand if fits(hand) else None
