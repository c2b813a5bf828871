"""Skill-level handicaps (RULES §5). Level N carries the restrictions of levels 1 to N.

They bind the special dragon hands literally, like any hand [D]: an exposed dragon hand fails
level 3, and Dragon's Wings (it holds 1 Bam and earns no bonus) fails level 4.
"""

from __future__ import annotations

from functools import lru_cache

from . import reasons as R
from .blocks import Block
from .categories import CONSECUTIVE_RUN, WINDS
from .reasons import Reason, reason
from .situation import Situation
from .tiles import FLOWER, NEWS, is_dragon, is_number, is_wind

WINDS_PATTERN = "two_pungs_two_kongs"


# The reasons are worded once: a hand read hundreds of ways (eight jokers) gives them often.
_SKILL_1_REASON = reason(
    R.SKILL_1,
    "At skill level 1 and up, a Winds hand must use the pattern Two Pungs and Two Kongs.",
)
_SKILL_2_REASON = reason(
    R.SKILL_2,
    "At skill level 2 and up, a Consecutive Run hand has no "
    "flowers, dragons or winds: its set must fill every block.",
)
_SKILL_3_REASON = reason(
    R.SKILL_3,
    "At skill level 3 and up, a hand with a dragon block must be concealed, and this one has an exposure.",
)
_SKILL_4_REASON = reason(
    R.SKILL_4,
    "At skill level 4 and up, a hand with number tiles must earn "
    "the suit bonus: one suit only, no flowers or winds, and any dragon the "
    "colour of that suit.",
)
_SKILL_5_REASON = reason(
    R.SKILL_5, "At skill level 5, a hand must be jokerless, self-drawn or a dragon hand."
)


def skill_reasons(
    category: str,
    pattern: str | None,
    blocks: tuple[Block, ...],
    suit_bonus: bool,
    situation: Situation,
    *,
    dragon_hand: bool,
    tiles: tuple[int, ...] | None = None,
) -> list[Reason]:
    """`tiles`: the blocks' tiles, when the caller has them already."""
    level = situation.rules.skill_level
    if level == 0 or (dragon_hand and not situation.rules.skill_levels_bind_dragon_hands):
        return []
    found: list[Reason] = []
    if category == WINDS and pattern != WINDS_PATTERN:
        found.append(_SKILL_1_REASON)
    if level < 2:
        return found
    fillers, dragons, numbers = kinds_of(tuple([b.tile for b in blocks]) if tiles is None else tiles)
    if category == CONSECUTIVE_RUN and fillers:
        found.append(_SKILL_2_REASON)
    if level >= 3 and not situation.concealed and dragons:
        found.append(_SKILL_3_REASON)
    if level >= 4 and numbers and not suit_bonus:
        found.append(_SKILL_4_REASON)
    if level >= 5 and not (situation.jokerless or situation.self_drawn or dragon_hand):
        found.append(_SKILL_5_REASON)
    return found


@lru_cache(maxsize=4096)
def kinds_of(tiles: tuple[int, ...]) -> tuple[bool, bool, bool]:
    """Whether blocks of these tiles hold a flower, dragon, wind or NEWS block; a dragon block;
    a number block (many readings of a hand share their tiles). `skill_reasons` asks the tiles
    nothing else: card hands alike in these are judged once (winning.py)."""
    return (
        any(t in (FLOWER, NEWS) or is_dragon(t) or is_wind(t) for t in tiles),
        any(is_dragon(t) for t in tiles),
        any(is_number(t) for t in tiles),
    )
