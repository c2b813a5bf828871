"""The virtual card: every winning arrangement, enumerated once from the rules and cached.

An entry is an arrangement without jokers or exposures: category, set, pattern and blocks
(tile, size). Jokers and exposures are ways of holding an entry, judged by `check`. Later
drills and distances draw from here.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
from random import Random

from .blocks import PUNG
from .categories import LIKE_NUMBERS, NUMBER_SETS, WIND_SETS, WINDS
from .dragon_hands import TEMPLATES
from .fillers import FILLER_SIZES, FILLER_TILES
from .notation import Hand
from .patterns import PATTERNS
from .tiles import CRAK, FLOWER, JOKER, MAX_COPIES, NEWS, code, number_tile
from .tiles import WINDS as WINDS_TILES
from .weaving import unwoven_suit_sequences

# A target hand: category, set and pattern (None: a dragon hand); its arrangements differ only in
# suits, fillers and the order of blocks.
Target = tuple[str, tuple[str, ...], str | None]


@dataclass(frozen=True, slots=True)
class CardEntry:
    category: str
    members: tuple[str, ...]
    pattern: str | None  # None for the special dragon hands
    blocks: tuple[tuple[int, int], ...]  # (tile, size): set members in set order, then fillers
    set_blocks: int  # how many of `blocks` are set members

    @property
    def target(self) -> Target:
        """The target hand this arrangement is one way of holding."""
        return (self.category, self.members, self.pattern)

    def tiles(self) -> tuple[int, ...]:
        """The hand written out (NEWS as its four winds), in table order."""
        out: list[int] = []
        for tile, size in self.blocks:
            out += list(WINDS_TILES) if tile == NEWS else [tile] * size
        return tuple(sorted(out))

    def describe(self) -> str:
        return " ".join("NEWS" if t == NEWS else " ".join([code(t)] * s) for t, s in self.blocks)


@dataclass(frozen=True)
class VirtualCard:
    entries: tuple[CardEntry, ...]

    def __len__(self) -> int:
        return len(self.entries)

    def counts(self) -> dict[str, dict[str, int]]:
        """Number of arrangements per category and pattern (dragon hands under 'special')."""
        out: dict[str, dict[str, int]] = {}
        for entry in self.entries:
            pattern = entry.pattern or "special"
            out.setdefault(entry.category, {}).setdefault(pattern, 0)
            out[entry.category][pattern] += 1
        return out


@cache
def virtual_card() -> VirtualCard:
    card = VirtualCard(tuple(_entries()))
    # The card is a million long-lived objects; without this every full garbage collection
    # walks them all again (measured: ~10 ms pauses in the middle of a check).
    gc.freeze()
    return card


def _entries() -> Iterator[CardEntry]:
    for category, numbers in NUMBER_SETS:
        for suits in unwoven_suit_sequences(len(numbers)):
            members = tuple(number_tile(n, s) for n, s in zip(numbers, suits, strict=True))
            yield from _with_pattern(category, tuple(str(n) for n in numbers), members)
    for number in range(1, 10):
        members = tuple(number_tile(number, s) for s in range(CRAK, CRAK + 3))
        yield from _with_pattern(LIKE_NUMBERS, (str(number),), members)
    for winds in WIND_SETS:
        yield from _with_pattern(WINDS, tuple(code(w) for w in winds), winds)
    for hand_id, slots in TEMPLATES:
        yield CardEntry(hand_id, (), None, tuple((tile, size) for tile, size, _ in slots), len(slots))


def _with_pattern(category: str, labels: tuple[str, ...], members: tuple[int, ...]) -> Iterator[CardEntry]:
    for pattern, sizes in PATTERNS.items():
        if len(members) > len(sizes):
            continue
        for member_sizes, rest in _splits(sizes, len(members)):
            for fillers in _filler_choices(rest):
                blocks = tuple(zip(members, member_sizes, strict=True)) + fillers
                yield CardEntry(category, labels, pattern, blocks, len(members))


@cache
def _splits(sizes: tuple[int, ...], k: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Sizes for k ordered set members, and the sorted sizes left for fillers."""
    found = set()
    for perm in set(permutations(sizes)):
        found.add((perm[:k], tuple(sorted(perm[k:]))))
    return tuple(sorted(found))


@cache
def _filler_choices(sizes: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Distinct filler blocks taking exactly these sizes: at most one of each filler tile."""
    found = set()
    for tiles in combinations(FILLER_TILES, len(sizes)):
        for perm in set(permutations(sizes)):
            if all(size in FILLER_SIZES[tile] for tile, size in zip(tiles, perm, strict=True)):
                found.add(tuple(zip(tiles, perm, strict=True)))
    return tuple(sorted(found))


def joker_bounds(
    entry: CardEntry, *, max_natural_flowers: int = 8, all_joker_blocks: bool = True
) -> list[tuple[int, int]]:
    """For each block, the fewest and most jokers it can hold: none in a Pair or NEWS; in a
    bigger block at least what the tile set cannot supply (a Quint needs one)."""
    news = any(tile == NEWS for tile, _ in entry.blocks)
    bounds = []
    for tile, size in entry.blocks:
        if size <= 2 or tile == NEWS:
            bounds.append((0, 0))
            continue
        if tile == FLOWER:
            supply = max_natural_flowers // sum(1 for t, _ in entry.blocks if t == FLOWER)
        else:
            supply = MAX_COPIES - (1 if news and tile in WINDS_TILES else 0)
        bounds.append((max(0, size - supply), size if all_joker_blocks else size - 1))
    return bounds


def hold(entry: CardEntry, *, jokers: list[int], exposed: list[bool]) -> Hand:
    """The hand that holds `entry` with `jokers[i]` jokers in block i, exposing the blocks
    marked in `exposed` (only Pungs, Kongs and Quints can be exposed before Mah Jongg)."""
    bounds = joker_bounds(entry)
    concealed: list[int] = []
    exposures: list[tuple[int, ...]] = []
    for (tile, size), count, expose, (low, high) in zip(entry.blocks, jokers, exposed, bounds, strict=True):
        if not low <= count <= high:
            raise ValueError(f"block {code(tile)} x{size} cannot hold {count} jokers")
        tiles = list(WINDS_TILES) if tile == NEWS else [tile] * (size - count) + [JOKER] * count
        if expose:
            if size < PUNG or tile == NEWS:
                raise ValueError("only Pungs, Kongs and Quints are exposed before Mah Jongg")
            exposures.append(tuple(sorted(tiles)))
        else:
            concealed += tiles
    return Hand(tuple(sorted(concealed)), tuple(sorted(exposures)))


def random_hold(
    entry: CardEntry,
    rng: Random,
    *,
    joker_chance: float = 0.3,
    expose_chance: float = 0.2,
    max_jokers: int = 8,
) -> Hand:
    """A random legal way to hold `entry` (for drills, benchmarks and tests)."""
    jokers = []
    for low, high in joker_bounds(entry):
        count = low
        while count < high and rng.random() < joker_chance:
            count += 1
        jokers.append(count)
    while sum(jokers) > max_jokers:
        shrinkable = [i for i, (low, _) in enumerate(joker_bounds(entry)) if jokers[i] > low]
        if not shrinkable:
            break
        jokers[rng.choice(shrinkable)] -= 1
    exposed = [size >= PUNG and tile != NEWS and rng.random() < expose_chance for tile, size in entry.blocks]
    return hold(entry, jokers=jokers, exposed=exposed)


def exposures_possible(blocks: list[tuple[int | None, int]]) -> bool:
    """Can some winning hand contain all these exposed blocks, each as one of its blocks?
    A block is (tile, size); tile None is a block of jokers only, which may be any tile.
    (A hand whose exposures fail this is dead: RULES §6.) Worked out over the whole card with
    NumPy (card_blocks.py), loaded on first use so that `check` stays light."""
    from .card_blocks import exposures_possible as over_the_card  # noqa: PLC0415 - NumPy on first use

    return over_the_card(blocks)
