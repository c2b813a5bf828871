"""The ten patterns (RULES §2.2): block sizes only, order free."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from . import reasons as R
from .blocks import block_name
from .reasons import Reason, reason
from .words import join_words

PATTERNS: dict[str, tuple[int, ...]] = {
    "two_pungs_two_kongs": (3, 3, 4, 4),
    "pair_three_kongs": (2, 4, 4, 4),
    "pair_four_pungs": (2, 3, 3, 3, 3),
    "three_pungs_quint": (3, 3, 3, 5),
    "kong_two_quints": (4, 5, 5),
    "two_pairs_two_quints": (2, 2, 5, 5),
    "three_pairs_two_kongs": (2, 2, 2, 4, 4),
    "four_pairs_two_pungs": (2, 2, 2, 2, 3, 3),
    "five_pairs_kong": (2, 2, 2, 2, 2, 4),
    "seven_pairs": (2, 2, 2, 2, 2, 2, 2),
}
PATTERN_NAMES = {
    "two_pungs_two_kongs": "Two Pungs and Two Kongs",
    "pair_three_kongs": "One Pair and Three Kongs",
    "pair_four_pungs": "One Pair and Four Pungs",
    "three_pungs_quint": "Three Pungs and One Quint",
    "kong_two_quints": "One Kong and Two Quints",
    "two_pairs_two_quints": "Two Pairs and Two Quints",
    "three_pairs_two_kongs": "Three Pairs and Two Kongs",
    "four_pairs_two_pungs": "Four Pairs and Two Pungs",
    "five_pairs_kong": "Five Pairs and One Kong",
    "seven_pairs": "Seven Pairs",
}
_BY_SIZES = {sizes: pattern for pattern, sizes in PATTERNS.items()}


def identify(sizes: list[int] | tuple[int, ...]) -> str | None:
    return _BY_SIZES.get(tuple(sorted(sizes)))


@lru_cache(maxsize=1024)
def pattern_of(sizes: tuple[int, ...]) -> tuple[str | None, tuple[Reason, ...]]:
    """The pattern of blocks of these sizes, or why there is none (worked out once per sizes)."""
    pattern = identify(sizes)
    if pattern is not None:
        return pattern, ()
    if any(s < 2 for s in sizes):
        return None, ()  # the lone tile is the problem to fix first
    counted = Counter(sorted(sizes))
    described = join_words([f"{n} {block_name(s)}{'s' if n > 1 else ''}" for s, n in counted.items()])
    return None, (
        reason(
            R.NO_PATTERN,
            f"The blocks ({described}) make none of the ten patterns. "
            "A pattern uses two sizes of block, or seven Pairs: for example two Pungs "
            "and two Kongs, or one Pair and four Pungs.",
        ),
    )
