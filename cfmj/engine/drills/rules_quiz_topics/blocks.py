"""Quick rules on blocks and the jokers in them (RULES §2.1)."""

from __future__ import annotations

from random import Random

from ... import reasons as R
from ...blocks import Block, all_joker_reasons, block_name, block_reasons
from ...exposures import exposure_block
from ...notation import Hand
from ...reasons import Reason
from ...ruleset import RuleSet
from ...tiles import FLOWER, JOKER, MAX_COPIES, WINDS, codes, name, tiles_words
from ..common import plural
from ..hands import fits
from ..scope import current
from .quiz import Quiz, joker_block, lookalikes, number_choices

PAIRS_LINE = "2_1_jokers_never_in_pairs"  # where jokers are taught whole (a Quint's comes first)


def read_block(tiles: tuple[int, ...]) -> Block | Reason:
    """The engine's reading of a group of tiles as one block (as it reads an exposure), or why not."""
    block = exposure_block(0, tiles)
    if isinstance(block, Reason):
        return block
    found = block_reasons((block,)) + all_joker_reasons((block,), RuleSet().all_joker_blocks)
    return found[0] if found else block


def _fits(tiles: tuple[int, ...]) -> bool:
    """Could the tile set hold this group (at most four of a tile)?"""
    return fits(Hand(tiles, ()))


BLOCK_CHOICES = [(block_name(n).lower(), block_name(n)) for n in range(2, 6)] + [("none", "Not a block")]


def blocks(rng: Random, band: int) -> Quiz:
    while True:
        tile = rng.randrange(27 if band <= 1 else FLOWER)
        kind = rng.choice(("block", "block", "block", "mixed", *(("joker_pair",) if band >= 2 else ())))
        if kind == "block":
            size = rng.randint(2, 4 if band <= 1 else 5)
            most = 0 if band <= 1 or size == 2 else size if band >= 4 else size - 1
            group = joker_block(tile, size, rng.randint(0, most))
        elif kind == "mixed":
            others = [t for t in lookalikes(tile) if t not in (FLOWER, JOKER)]
            group = tuple(sorted([tile] * rng.randint(1, 3) + [rng.choice(others)]))
        else:
            group = (tile, JOKER)
        if _fits(group):
            break
    read = read_block(group)
    shown_group, said = codes(group), tiles_words(group)
    if isinstance(read, Block):
        jokers = f", with {plural(read.jokers, 'joker')} standing in" if 0 < read.jokers < read.size else ""
        why = f"{said[:1].upper()}{said[1:]} make a {block_name(read.size)}: {read.size} of one tile{jokers}."
        if read.jokers == read.size:
            why += (
                " Our reading: a block may be all jokers, standing for one tile; some tables do not allow it."
            )
        right = (block_name(read.size).lower(), block_name(read.size))
    else:
        why = (
            f"A joker never stands in a Pair, so {said} are not a block."
            if read.id == R.JOKER_IN_PAIR
            else f"A block is one tile repeated, and {said} are different tiles: not a block."
        )
        right = ("none", "Not a block")
    return Quiz("What kind of block is this?", right, BLOCK_CHOICES, why, ("2.1",), hand=shown_group, count=5)


def _jokers(tile: int, size: int, *, most: bool) -> int:
    """The most (or fewest) jokers a block of `size` of `tile` can hold, by the engine's reading."""
    fit = [
        j
        for j in range(size + 1)
        if _fits(joker_block(tile, size, j)) and isinstance(read_block(joker_block(tile, size, j)), Block)
    ]
    return max(fit) if most else min(fit)


def jokers_in_blocks(rng: Random, band: int) -> Quiz:
    tile = rng.randrange(27 if band <= 1 else FLOWER)
    form = rng.choice(("never", "most", "fewest"))
    scope = current()
    if scope is not None and not scope.knows(PAIRS_LINE):  # only "a Quint needs a joker" so far
        form = "fewest"
    if form == "never":
        groups = {block_name(n).lower(): joker_block(tile, n, 1) for n in range(2, 6)}
        labels = {key: block_name(n) for key, n in zip(groups, range(2, 6), strict=True)}
        if band >= 3 and rng.random() < 0.4:
            del groups["pair"]
            groups["news"], labels["news"] = (*WINDS[:3], JOKER), "NEWS (one of each wind)"
        never = [k for k, group in groups.items() if not isinstance(read_block(group), Block)]
        why = (
            "NEWS is four real winds, one of each: no joker may stand in it."
            if never[0] == "news"
            else "A joker may stand in a Pung, a Kong or a Quint, but never in a Pair: a Pair is two real "
            "tiles."
        )
        return Quiz(
            "Which of these can never hold a joker?",
            (never[0], labels[never[0]]),
            [(k, labels[k]) for k in groups],
            why,
            ("2.1", "2.4") if never[0] == "news" else ("2.1",),
        )
    size = rng.randint(2, 5) if form == "most" else rng.randint(3, 5)
    what = f"a {block_name(size)} of {name(tile)}"
    count = _jokers(tile, size, most=form == "most")
    if form == "most":
        if count == 0:
            why = "No joker may stand in a Pair: it is always two real tiles."
        else:
            why = f"Jokers may fill any place in {what}" + (
                ", even all of them. Our reading: a block of jokers alone stands for one tile; some tables "
                "want at least one real tile."
                if count == size
                else ", as long as one real tile is left."
            )
        return Quiz(
            f"What is the most jokers {what} can hold?",
            (f"n{count}", str(count)),
            number_choices(range(size + 1)),
            why,
            ("2.1",),
            count=min(4, size + 1),
        )
    why = (
        f"The set has only {MAX_COPIES} of each tile, so {what} needs at least {plural(count, 'joker')}."
        if count
        else f"{what[0].upper()}{what[1:]} can be all real tiles: the set has {MAX_COPIES} of each."
    )
    return Quiz(
        f"What is the fewest jokers {what} needs?",
        (f"n{count}", str(count)),
        number_choices(range(4)),
        why,
        ("2.1",),
    )
