"""Skill-level handicaps (RULES §5). Level N carries the restrictions of levels 1 to N.

They bind the special dragon hands literally, like any hand [D]: an exposed dragon hand fails
level 3, and Dragon's Wings (it holds 1 Bam and earns no bonus) fails level 4.
"""

from __future__ import annotations

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
) -> list[Reason]:
    level = situation.rules.skill_level
    if level == 0 or (dragon_hand and not situation.rules.skill_levels_bind_dragon_hands):
        return []
    found: list[Reason] = []
    if category == WINDS and pattern != WINDS_PATTERN:
        found.append(_SKILL_1_REASON)
    if (
        level >= 2
        and category == CONSECUTIVE_RUN
        and any(b.tile in (FLOWER, NEWS) or is_dragon(b.tile) or is_wind(b.tile) for b in blocks)
    ):
        found.append(_SKILL_2_REASON)
    if level >= 3 and not situation.concealed and any(is_dragon(b.tile) for b in blocks):
        found.append(_SKILL_3_REASON)
    if level >= 4 and any(is_number(b.tile) for b in blocks) and not suit_bonus:
        found.append(_SKILL_4_REASON)
    if level >= 5 and not (situation.jokerless or situation.self_drawn or dragon_hand):
        found.append(_SKILL_5_REASON)
    return found
