"""Why a hand is still open to an opponent, or ruled out, in words (the "What is West collecting?"
drill, collecting.py): the hands of the card grouped as the drill asks about them (by category;
by category and set; or whole hands, category, set and pattern), and for each group either the
exposures that cannot be its blocks, or the tiles in view that leave it short, or (still open)
the discards that say it is less likely.

The grounds are reading.open_targets': a hand is open when each exposure is one of its blocks
and the tiles that could still reach the opponent fill its Pair and NEWS places (RULES 2.5, 2.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from ..advice_words import entry_name
from ..blocks import Block, block_name
from ..card import CardEntry
from ..card_rows import IMPOSSIBLE, card_matrix
from ..distance import needs
from ..exposures import exposure_block
from ..labels import category_label, pattern_label, set_label
from ..notation import Hand
from ..patterns import PATTERNS
from ..reading import Opponent, exposure_words
from ..tiles import JOKER, name
from ..words import join_words

# How a group of hands is asked about: by category (1), category and set (2), or whole hands (3).
Group = tuple[str, ...]  # its key: (category,), (category, set as "4-5-6"), (category, set, pattern)
CATEGORY, SET, HAND = 1, 2, 3

# How plain a distractor's reason is, from the plainest: an exposure of a tile the hand never
# uses, an exposure of a size its pattern lacks, any other exposure that is none of its blocks,
# two or more exposures that cannot be blocks of it together, tiles in view.
NO_TILE, NO_SIZE, NO_BLOCK, TOGETHER, IN_VIEW = range(5)


@dataclass(frozen=True)
class Verdict:
    """One group: still open, or why not (`plainness`: one of NO_TILE ... IN_VIEW, for a closed
    group; `against`: for an open one, the discards that make it less likely)."""

    group: Group
    name: str
    open: bool
    why: str
    plainness: int = -1
    against: tuple[int, ...] = ()


def group_of(entry: CardEntry, level: int) -> Group:
    key = (entry.category, set_label(entry.members), entry.pattern or "")
    return key[:level]


def group_name(entry: CardEntry, level: int) -> str:
    """'Consecutive Odds'; 'Consecutive Run 4-5-6'; 'Consecutive Run 4-5-6 in One Pair and Three
    Kongs' (a dragon hand is its name alone)."""
    if level == HAND or not entry.members:
        return entry_name(entry)
    if level == CATEGORY:
        return category_label(entry.category)
    return f"{category_label(entry.category)} {set_label(entry.members)}"


@cache
def groups(level: int) -> dict[Group, npt.NDArray[np.intp]]:
    """Every group of the card at this level, with its arrangements (columns), in card order."""
    entries = card_matrix().entries
    keys: dict[Group, list[int]] = {}
    for column, entry in enumerate(entries):
        keys.setdefault(group_of(entry, level), []).append(column)
    return {key: np.array(columns, dtype=np.intp) for key, columns in keys.items()}


@cache
def _first_entries(level: int) -> dict[Group, CardEntry]:
    entries = card_matrix().entries
    return {key: entries[int(columns[0])] for key, columns in groups(level).items()}


def _possible(exposures: Sequence[tuple[int, ...]]) -> npt.NDArray[np.bool_]:
    """The arrangements these exposures can each be one block of (no tile counted as seen)."""
    out: npt.NDArray[np.bool_] = needs(Hand((), tuple(exposures))) < IMPOSSIBLE
    return out


def verdicts(
    opponent: Opponent, is_open: npt.NDArray[np.bool_], available: npt.NDArray[np.int16], level: int
) -> list[Verdict]:
    """Every group of the card at `level`, open or closed to `opponent` (`is_open`: the open
    arrangements, reading.open_targets' columns; `available`: the copies that could reach them)."""
    exposures = opponent.exposures
    singles = [_possible([group]) for group in exposures]
    together = _possible(exposures)
    pairs = {
        (i, j): _possible([exposures[i], exposures[j]]) for i, j in combinations(range(len(exposures)), 2)
    }
    out = []
    for key, columns in groups(level).items():
        entry = _first_entries(level)[key]
        label = group_name(entry, level)
        if is_open[columns].any():
            against = _against(opponent, columns[is_open[columns]])
            out.append(Verdict(key, label, True, _open_words(opponent, label, against), against=against))
            continue
        plainness, why = _closed_words(
            opponent, label, entry, columns, singles, pairs, together, available, level
        )
        out.append(Verdict(key, label, False, why, plainness))
    return out


def _open_words(opponent: Opponent, label: str, against: tuple[int, ...]) -> str:
    """'Consecutive Run 4-5-6 is still open: the Kong of 5 Bam can be one of its blocks.'"""
    if len(opponent.exposures) == 1:
        fits = f"the {exposure_words(opponent.exposures)} can be one of its blocks"
    else:
        fits = f"{opponent.name}'s exposures can each be one of its blocks"
    if against:
        thrown = join_words([name(t) for t in against])
        return f"{label} is still open ({fits}), though {opponent.name} threw away {thrown}, which it uses."
    return f"{label} is still open: {fits}."


def _against(opponent: Opponent, columns: npt.NDArray[np.intp]) -> tuple[int, ...]:
    """The tiles the opponent discarded that every open arrangement of the group uses."""
    total = card_matrix().total
    thrown = sorted({t for t in opponent.discards if t != JOKER})
    return tuple(t for t in thrown if (total[t, columns] > 0).all())


def _closed_words(
    opponent: Opponent,
    label: str,
    entry: CardEntry,
    columns: npt.NDArray[np.intp],
    singles: list[npt.NDArray[np.bool_]],
    pairs: dict[tuple[int, int], npt.NDArray[np.bool_]],
    together: npt.NDArray[np.bool_],
    available: npt.NDArray[np.int16],
    level: int,
) -> tuple[int, str]:
    who = opponent.name
    exposures = opponent.exposures
    for index, possible in enumerate(singles):
        if possible[columns].any():
            continue
        block = exposure_block(index, exposures[index])
        shown = exposure_words([exposures[index]])
        if isinstance(block, Block) and block.tile != JOKER:
            if not (card_matrix().total[block.tile, columns] > 0).any():
                return (
                    NO_TILE,
                    f"{label} uses no {name(block.tile)}, so {who}'s {shown} cannot be one of its blocks.",
                )
            if level == HAND and entry.pattern and block.size not in PATTERNS[entry.pattern]:
                return NO_SIZE, (
                    f"{pattern_label(entry.pattern)} has no {block_name(block.size)}, so "
                    f"{who}'s {shown} cannot be a block of {label}."
                )
        return NO_BLOCK, f"{who}'s {shown} cannot be a block of {label}."
    for (i, j), possible in pairs.items():
        if not possible[columns].any():
            both = exposure_words([exposures[i], exposures[j]])
            return (
                TOGETHER,
                f"{who}'s {both} cannot both be blocks of {label}.",
            )
    if not together[columns].any():
        return TOGETHER, f"{who}'s {exposure_words(exposures)} cannot all be blocks of {label}."
    return IN_VIEW, _in_view_words(label, columns[together[columns]], available)


def _in_view_words(label: str, columns: npt.NDArray[np.intp], available: npt.NDArray[np.int16]) -> str:
    """The tile its Pairs or NEWS need more of than are still out of sight (no joker may stand
    in a Pair or NEWS)."""
    fixed = card_matrix().fixed[:, columns]
    short = (fixed > available[: fixed.shape[0], None]).sum(axis=1)
    if not short.any():  # pragma: no cover - a group closed with its exposures possible is short of a tile
        return f"{label} needs tiles that are all in view."
    tile = int(np.argmax(short))
    left = int(available[tile])
    still = "none is" if left == 0 else f"only {left} {'is' if left == 1 else 'are'}"
    return (
        f"{label} needs {name(tile)} in a Pair or NEWS, where no joker may stand, and {still} "
        "still out of sight."
    )
