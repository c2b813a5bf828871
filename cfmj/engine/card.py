"""The virtual card: every winning arrangement, enumerated once from the rules and cached.

An entry is an arrangement without jokers or exposures: category, set, pattern and blocks
(tile, size). Jokers and exposures are ways of holding an entry, judged by `check`. Later
drills and distances draw from here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations

from .categories import LIKE_NUMBERS, NUMBER_SETS, WIND_SETS, WINDS
from .dragon_hands import TEMPLATES
from .fillers import FILLER_SIZES, FILLER_TILES
from .patterns import PATTERNS
from .tiles import CRAK, NEWS, code, number_tile
from .weaving import unwoven_suit_sequences


@dataclass(frozen=True, slots=True)
class CardEntry:
    category: str
    members: tuple[str, ...]
    pattern: str | None                 # None for the special dragon hands
    blocks: tuple[tuple[int, int], ...]  # (tile, size): set members in set order, then fillers
    set_blocks: int                     # how many of `blocks` are set members

    def tiles(self) -> tuple[int, ...]:
        """The hand written out (NEWS as its four winds), in table order."""
        out: list[int] = []
        for tile, size in self.blocks:
            out += [27, 28, 29, 30] if tile == NEWS else [tile] * size
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
    return VirtualCard(tuple(_entries()))


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


def category_counts() -> Counter[str]:
    return Counter(entry.category for entry in virtual_card().entries)
