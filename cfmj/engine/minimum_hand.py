"""House rule 3 (RULES §4): a hand must earn something beyond the base to win."""

from __future__ import annotations

from . import reasons as R
from .reasons import Reason, reason
from .situation import Situation


def minimum_hand_reasons(bonus_total: int, situation: Situation, *, dragon_hand: bool) -> list[Reason]:
    if not situation.rules.minimum_hand:
        return []
    if bonus_total > 0 or situation.jokerless or situation.self_drawn or dragon_hand:
        return []
    return [
        reason(
            R.MINIMUM_HAND,
            "House rule 3 (minimum hand) is on: this hand has no bonus, "
            "uses jokers and was won on a discard. It would win with a bonus, with no "
            "jokers, or self-drawn.",
        )
    ]
